"""Whole Euchre games that realise a proof's witness, built through the engine.

Z3 finds a witness over abstract deals (how many passes, how many tricks the
makers took); these functions show it happens in a real game: they drive the
engine, so every action is checked by the rules the engine runs, and return
the actions, which :func:`engine.record.build_record` turns into a record
that ``cardlaw replay`` accepts.

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> state = EUCHRE.new_game(EUCHRE.config())
>>> for action in looping_deals(2):
...     state = EUCHRE.apply(state, action)
>>> state.deal, state.dealer, state.scores, state.results[-1]
(5, 2, (0, 0), (-1, 0))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from cardlaw.engine.euchre.deal import EUCHRE_CARDS, SHUFFLES, deal_order
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.euchre.tricks import effective_suit, winning_value
from cardlaw.proofs.core import Witness
from cardlaw.proofs.playout import random_step
from cardlaw.spec.cards import Card, CardSet, Suit
from cardlaw.spec.errors import CardlawError
from cardlaw.spec.euchre.actions import DEALERS, NAMES, PASS, Action, Play
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import PLAYERS
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage

__all__ = [
    "KINDS",
    "LOOP_SHUFFLES",
    "Unrealised",
    "alternating_scores",
    "hand_kind",
    "lone_march_game",
    "longest_game",
    "looping_deals",
    "not_realised",
    "played_scores",
    "shortest_game",
]

KINDS: Final = ("maker", "march", "alone", "euchre")
"""The kinds of scored hand, in the order a scenario prefers them when several score the
points it needs: makers who make it, a march, a lone march, a euchre."""

CLAUSES: Final = {
    "maker": "euchre.score.makers",
    "march": "euchre.score.march",
    "alone": "euchre.score.alone-march",
    "euchre": "euchre.score.euchred",
}
"""The clause that scores each kind of hand."""


class Unrealised(CardlawError):
    """The engine would not play out a scenario: the hand it needs never scores as it must.

    A proof's witness is realised in a real game through the engine; when the
    engine scores otherwise (a broken rule), the scenario cannot be built and
    the replay reports this error, naming the clause of the hand it needed.

    >>> print(Unrealised("no hand scores (0, 1)", clause="euchre.score.makers"))
    no hand scores (0, 1) [euchre.score.makers]
    """

    def __init__(self, message: str, *, clause: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause


_TOP_TRUMPS: Final = ("JS", "JC", "AS", "KS", "QS")
"""The highest Spades when Spades are trump, highest first."""


def hand_kind(points: int, rules: EuchreRules) -> str:
    """The first kind of hand (:data:`KINDS`) that scores ``points`` under ``rules``.

    >>> hand_kind(1, PRINTED_RULES), hand_kind(4, PRINTED_RULES), hand_kind(2, PRINTED_RULES)
    ('maker', 'alone', 'march')
    """
    table = {
        "maker": rules.maker_points if rules.makers_can_make_it else -1,
        "march": rules.march_points,
        "alone": rules.alone_march_points,
        "euchre": rules.euchre_points,
    }
    return next(kind for kind in KINDS if table[kind] == points)


LOOP_SHUFFLES: Final = (0, 1, 2, 3)
"""The shuffles (outcome indices) of the four thrown-in deals of :func:`looping_deals`."""


def looping_deals(first_dealer: int, shuffles: Sequence[int] = LOOP_SHUFFLES) -> list[Action]:
    """Four deals that everybody passes twice, then the first shuffle dealt again.

    Each deal is thrown in and the deal passes on [euchre.ruling.all-pass],
    so after four of them the same dealer deals the same cards at the same
    score: the position after the fifth shuffle equals the one after the
    first in everything but the count of hands, and the game can go round
    this loop for ever.
    """
    actions: list[Action] = [DEALERS[first_dealer]]
    for index in shuffles:
        actions.append(SHUFFLES.outcome(index))
        actions += [PASS] * (2 * PLAYERS)
    actions.append(SHUFFLES.outcome(shuffles[0]))
    return actions


def _play_hand(state: EuchreState, rng: random.Random) -> tuple[EuchreState, list[Action]]:
    """Deal and play one hand at random (uniform shuffle, uniform legal actions)."""
    actions: list[Action] = []
    done = len(state.results)
    while len(state.results) == done and EUCHRE.to_move(state) is not None:
        state, action = random_step(EUCHRE, state, rng)
        actions.append(action)
    return state, actions


def not_realised(witness: Witness, game: str, error: Unrealised) -> Witness:
    """The witness, not replayed: the engine would not play ``game`` out (a broken rule).

    >>> print(not_realised(Witness("19 hands"), "the longest game",
    ...                    Unrealised("hand 1 scored (0, 2)", clause="euchre.score.makers")).text)
    19 hands; the engine could not realise the longest game: hand 1 scored (0, 2) \
[euchre.score.makers]
    """
    return witness.replayed_as(f"; the engine could not realise {game}: {error}", False)


def _searched_hand(
    state: EuchreState, result: tuple[int, int], label: str, tries: int
) -> tuple[EuchreState, list[Action]]:
    """A hand with ``result`` among seeded random hands played through the engine.

    :class:`Unrealised` when none of the ``tries`` does (the engine never scores a hand
    of makers who make it so): the witness that needs it is not replayed.

    >>> state = EUCHRE.apply(EUCHRE.new_game(EuchreConfig()), DEALERS[0])
    >>> _searched_hand(state, (0, 3), "demo", 2)
    Traceback (most recent call last):
    ...
    cardlaw.proofs.euchre.scenarios.Unrealised: none of 2 seeded hands played through the engine \
scores 3 points for team 0 [euchre.score.makers]
    """
    for attempt in range(tries):
        rng = random.Random(f"{label}:{attempt}")
        after, played = _play_hand(state, rng)
        if after.results[-1] == result:
            return after, played
    team, points = result
    raise Unrealised(
        f"none of {tries} seeded hands played through the engine scores {points} points for "
        f"team {team}",
        clause=CLAUSES["maker"],
    )


def longest_game(
    *, seed: int = 0, tries: int = 200, rules: EuchreRules = PRINTED_RULES
) -> list[Action]:
    """A stick-the-dealer game that lasts the longest possible, 19 hands.

    The teams take turns scoring exactly one point (the makers take three
    or four tricks) until both have nine; the nineteenth hand ends the game.
    Each hand is found among seeded random hands played through the engine.
    Under other ``rules`` the teams take turns scoring the smallest score a
    hand can make, a hand of the first :data:`KINDS` that scores it: makers
    who make it are found the same way, the other kinds are dealt
    (:func:`_made_hand`).

    >>> from cardlaw.engine.euchre.game import EUCHRE
    >>> state = EUCHRE.new_game(EuchreConfig(stick_the_dealer=True))
    >>> for action in longest_game():
    ...     state = EUCHRE.apply(state, action)
    >>> len(state.results), state.scores
    (19, (10, 9))
    """
    state = EUCHRE.new_game(EuchreConfig(stick_the_dealer=True, rules=rules))
    actions: list[Action] = [DEALERS[0]]
    state = EUCHRE.apply(state, actions[0])
    points = min(rules.reachable_points)
    kind = hand_kind(points, rules)
    hand = 0
    while EUCHRE.to_move(state) is not None:
        _within(hand, 2 * rules.target, "the longest game")
        team = hand % 2
        if kind == "maker":
            label = f"longest:{seed}:{hand}"
            state, played = _searched_hand(state, (team, points), label, tries)
        else:
            state, played = _made_hand(state, team, kind)
        _scored(state, hand, (team, points), kind, "the longest game")
        actions += played
        hand += 1
    return actions


def _scored(state: EuchreState, hand: int, result: tuple[int, int], kind: str, game: str) -> None:
    """:class:`Unrealised` unless the hand just played scored ``result`` (a hand of ``kind``)."""
    if state.results[-1] != result:  # the deal decides it, unless a rule is broken
        raise Unrealised(
            f"hand {hand + 1} of {game} scored {state.results[-1]} in the engine, not {result}",
            clause=CLAUSES[kind],
        )


def _within(hand: int, most: int, game: str) -> None:
    """:class:`Unrealised` once ``game`` has more than ``most`` hands: it should have ended.

    >>> _within(20, 20, "the longest game")
    Traceback (most recent call last):
    ...
    cardlaw.proofs.euchre.scenarios.Unrealised: the longest game is not over after 20 hands, every \
one scored [euchre.end.ten]
    """
    if hand >= most:
        raise Unrealised(
            f"{game} is not over after {hand} hands, every one scored", clause="euchre.end.ten"
        )


def _lone_march_deal(dealer: int, maker: int, rules: EuchreRules = PRINTED_RULES) -> Action:
    """A shuffle giving ``maker`` a hand of the highest Spades, with a Heart turned up."""
    each = rules.cards_each
    trumps = CardSet(" ".join(_TOP_TRUMPS[:each]))
    rest = [c for c in EUCHRE_CARDS if c not in trumps and c != Card("9H")]
    hands: dict[int, str] = {maker: str(trumps)}
    for seat in range(PLAYERS):
        if seat != maker:
            hands[seat] = " ".join(str(c) for c in rest[:each])
            rest = rest[each:]
    return deal_order(dealer, hands, "9H", " ".join(str(c) for c in rest), rules)


def _made_hand(state: EuchreState, team: int, kind: str) -> tuple[EuchreState, list[Action]]:
    """Deal and play one hand that team ``team`` wins as ``kind`` (not ``maker``).

    The seat ``team`` holds the highest Spades and a Heart is turned up;
    everybody passes it, and in the second round Spades are named: by that
    seat (alone for a lone march) or, for a euchre, by the seat on its left.
    Holding only the highest trumps, that seat wins every trick with its
    highest legal card.
    """
    holder = team
    maker = holder if kind in ("march", "alone") else (holder + 1) % PLAYERS
    alone = kind == "alone"
    dealer = (state.dealer + 1) % PLAYERS if state.deal else state.dealer
    step: list[Action] = [_lone_march_deal(dealer, holder, state.config.rules)]
    state = EUCHRE.apply(state, step[0])
    while state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP):
        named = state.stage == Stage.NAME_TRUMP and state.actor == maker
        bid = NAMES[Suit.SPADES][alone] if named else PASS
        state = EUCHRE.apply(state, bid)
        step.append(bid)
    while state.stage == Stage.TRICKS:
        legal = EUCHRE.legal_actions(state)
        led = effective_suit(state.trick[0], Suit.SPADES) if state.trick else Suit.SPADES
        if state.actor == holder:  # the highest legal card
            choice = max(
                legal,
                key=lambda a: (
                    winning_value(a.card, Suit.SPADES, led) if isinstance(a, Play) else -1
                ),
            )
        else:
            choice = legal[0]
        state = EUCHRE.apply(state, choice)
        step.append(choice)
    return state, step


def shortest_game(rules: EuchreRules = PRINTED_RULES, *, tries: int = 200) -> list[Action]:
    """The shortest game under ``rules``: team 0 scores the most a hand can, hand after hand.

    Under the printed rules that is :func:`lone_march_game`.  A hand of the
    first :data:`KINDS` that scores it is dealt (:func:`_made_hand`), or, for
    makers who make it, found among seeded random hands.

    >>> state = EUCHRE.new_game(EuchreConfig(rules=EuchreRules(euchre_points=5, cards_each=3)))
    >>> for action in shortest_game(state.config.rules):
    ...     state = EUCHRE.apply(state, action)
    >>> state.results, state.scores
    (((0, 5), (0, 5)), (10, 0))
    """
    state = EUCHRE.new_game(EuchreConfig(rules=rules))
    actions: list[Action] = [DEALERS[PLAYERS - 1]]
    state = EUCHRE.apply(state, actions[0])
    points = max(rules.reachable_points)
    kind = hand_kind(points, rules)
    hand = 0
    while EUCHRE.to_move(state) is not None:
        _within(hand, rules.target, "the shortest game")
        if kind == "maker":
            state, step = _searched_hand(state, (0, points), f"shortest:{hand}", tries)
        else:
            state, step = _made_hand(state, 0, kind)
        _scored(state, hand, (0, points), kind, "the shortest game")
        actions += step
        hand += 1
    return actions


def lone_march_game() -> list[Action]:
    """The shortest game: seat 0 marches alone three times, 4 + 4 + 4 points.

    Seat 0 holds both bowers and the A K Q of Spades; everybody passes the
    turned-up Heart, and in the second round seat 0 names Spades alone.  With
    the five highest trumps it wins every trick.

    >>> state = EUCHRE.new_game(EuchreConfig())
    >>> for action in lone_march_game():
    ...     state = EUCHRE.apply(state, action)
    >>> state.results, state.scores
    (((0, 4), (0, 4), (0, 4)), (12, 0))
    """
    return shortest_game(PRINTED_RULES)


def alternating_scores(points: int, hands: int) -> list[tuple[int, int]]:
    """The scores after each of ``hands`` hands when the teams take turns scoring ``points``.

    Team 0 scores first, as in :func:`longest_game`: the longest stick-the-dealer game.

    >>> alternating_scores(1, 19)[:3], alternating_scores(1, 19)[-2:]
    ([(1, 0), (1, 1), (2, 1)], [(9, 9), (10, 9)])
    """
    return [((k + 1) // 2 * points, k // 2 * points) for k in range(1, hands + 1)]


def played_scores(final: EuchreState) -> str:
    """The scores after each hand of a game, as the witnesses write them (``1-0, 1-1``)."""
    totals, played = [0, 0], []
    for team, points in final.results:
        if team >= 0:
            totals[team] += points
        played.append(f"{totals[0]}-{totals[1]}")
    return ", ".join(played)
