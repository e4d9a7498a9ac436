"""Euchre's seating and scoring as the tests state them from the rule text (never the engine's).

Shared by the tests' own replays of a game (``tests/euchre/reveals.py`` and
the referee of ``tests/euchre/test_events_independent.py``).
"""

from __future__ import annotations

from cardlaw.spec.euchre import constants as rule


def team(seat: int) -> int:
    """Partners sit opposite: seats 0 and 2, and 1 and 3 [euchre.setup.partners]."""
    return seat % 2


def partner(seat: int) -> int:
    """The seat opposite."""
    return (seat + 2) % rule.PLAYERS


def hand_score(maker_tricks: int, alone: bool, lone_defender: bool = False) -> tuple[bool, int]:
    """(whether the makers score, the points) [euchre.score.*].

    A lone defender who euchres the makers scores a lone march's points
    [euchre.ruling.lone-defender-score].

    >>> hand_score(5, True), hand_score(5, False), hand_score(3, True), hand_score(2, False)
    ((True, 4), (True, 2), (True, 1), (False, 2))
    >>> hand_score(2, False, lone_defender=True), hand_score(3, False, lone_defender=True)
    ((False, 4), (True, 1))
    """
    if maker_tricks == rule.TRICKS_PER_HAND:
        return True, rule.ALONE_MARCH_POINTS if alone else rule.MARCH_POINTS
    if maker_tricks >= rule.MAJORITY:
        return True, rule.MAKER_POINTS
    return False, rule.ALONE_MARCH_POINTS if lone_defender else rule.EUCHRE_POINTS


def first_asked(dealer: int, maker: int) -> int:
    """The defender first asked to go alone: the first from the dealer's left that is one
    [euchre.ruling.defender-alone].

    >>> first_asked(3, 1), first_asked(3, 2)
    (0, 1)
    """
    seat = (dealer + 1) % rule.PLAYERS
    return seat if team(seat) != team(maker) else (seat + 1) % rule.PLAYERS
