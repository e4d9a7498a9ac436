"""cardlaw's Euchre games written as OpenSpiel euchre logs, one a hand [euchre.ruling.openspiel].

The inverse of :mod:`engine.euchre.openspiel` (whose docstring states the
mapping of action ids): each hand becomes the history OpenSpiel's euchre
plays — the dealer, the twenty cards dealt one at a time from the dealer
(each seat's cards lowest first), the up-card, the bids, the discard, the
maker's Alone or Partner, under the variant lone-defender the defenders'
answers (a ``pass`` is Partner, ``defend alone`` Alone), the plays.  Only a game played under rules
OpenSpiel can play exports: the dealer keeps the up-card (keep_up_card), a
sitting dealer still exchanges (sitting_dealer_discards) and the scoring
table and hand size are the printed ones.  The target does not matter: each
hand is a game of its own in OpenSpiel.

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> config = EUCHRE.config(**EUCHRE.variants["openspiel"])
>>> state = EUCHRE.new_game(config)
>>> hands = hand_logs(config, [state], [])
>>> hands
()
>>> hand_logs(EUCHRE.config(), [state], [])
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: OpenSpiel's euchre cannot play this record: the dealer may \
discard \
the up-card here, OpenSpiel forbids it (keep_up_card) [euchre.ruling.discard-up-card]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlaw.engine.euchre.openspiel import (
    ALONE,
    CARD_OFFSET,
    PARTNER_ACTION,
    PASS_ACTION,
    TRUMP_ACTIONS,
    OpenSpielLog,
)
from cardlaw.spec.cards import CardSet
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.euchre.actions import (
    Action,
    ChooseDealer,
    DefendAlone,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    Shuffle,
)
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import PLAYERS
from cardlaw.spec.euchre.parameters import PRINTED_RULES
from cardlaw.spec.euchre.state import EuchreState, Stage
from cardlaw.spec.trace import enforces

__all__ = ["HandLog", "check_exportable", "hand_logs"]


@dataclass(frozen=True, slots=True)
class HandLog:
    """One hand as an OpenSpiel log, and the returns OpenSpiel gives it (``None``: unfinished)."""

    log: OpenSpielLog
    returns: tuple[int, int, int, int] | None


@enforces("euchre.ruling.openspiel")
def check_exportable(config: EuchreConfig) -> None:
    """Raise :class:`MalformedInput` naming the first rule OpenSpiel's euchre cannot play.

    >>> check_exportable(EuchreConfig(keep_up_card=True))
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: OpenSpiel's euchre cannot play this record: a dealer who \
sits out \
does not exchange here, OpenSpiel's does (sitting_dealer_discards) [euchre.ruling.dealer-sits-out]
    """
    why = ""
    if not config.keep_up_card:
        why = (
            "the dealer may discard the up-card here, OpenSpiel forbids it (keep_up_card) "
            "[euchre.ruling.discard-up-card]"
        )
    elif not config.sitting_dealer_discards:
        why = (
            "a dealer who sits out does not exchange here, OpenSpiel's does "
            "(sitting_dealer_discards) [euchre.ruling.dealer-sits-out]"
        )
    else:
        for name in ("maker_points", "march_points", "alone_march_points", "euchre_points",
                     "cards_each"):  # fmt: skip
            if getattr(config.rules, name) != getattr(PRINTED_RULES, name):
                rule = name.upper()
                why = f"{rule}={getattr(config.rules, name)}, OpenSpiel's is the printed one"
                break
    if why:
        raise MalformedInput(f"OpenSpiel's euchre cannot play this record: {why}")


def _deal(state: EuchreState) -> list[int]:
    """The dealer and the deal of a state just dealt, as OpenSpiel's ids."""
    dealer = state.dealer
    cards = {seat: sorted(CardSet(state.hands[seat])) for seat in range(PLAYERS)}
    ids = [dealer]
    for k in range(4 * PRINTED_RULES.cards_each):
        ids.append(int(cards[(dealer + k) % PLAYERS].pop(0)) - CARD_OFFSET)
    ids.append(state.upcard - CARD_OFFSET)
    return ids


def _returns(result: tuple[int, int]) -> tuple[int, int, int, int]:
    team, points = result
    if team < 0:
        return (0, 0, 0, 0)
    signs = [points if seat % 2 == team else -points for seat in range(PLAYERS)]
    return (signs[0], signs[1], signs[2], signs[3])


def hand_logs(
    config: EuchreConfig, states: Sequence[EuchreState], actions: Sequence[Action]
) -> tuple[HandLog, ...]:
    """Each hand of a game (``states[i]`` is the state before ``actions[i]``) as an OpenSpiel log.

    A hand is written once it is dealt; an unfinished last hand is written too.
    """
    check_exportable(config)
    logs: list[HandLog] = []
    ids: list[int] = []
    alone = False

    def close(result: tuple[int, int] | None) -> None:
        log = OpenSpielLog(config.lone_defender, config.stick_the_dealer, tuple(ids))
        logs.append(HandLog(log, None if result is None else _returns(result)))
        ids.clear()

    for i, action in enumerate(actions):
        after = states[i + 1]
        if isinstance(action, ChooseDealer):
            continue
        if isinstance(action, Shuffle):
            ids.extend(_deal(after))
        elif isinstance(action, DefendAlone):
            ids.append(ALONE)
        elif isinstance(action, Pass):
            ids.append(PARTNER_ACTION if states[i].stage == Stage.DEFEND else PASS_ACTION)
        elif isinstance(action, OrderUp):
            ids.append(TRUMP_ACTIONS[0] + (states[i].upcard & 3))
            alone = action.alone
        elif isinstance(action, NameTrump):
            ids += [TRUMP_ACTIONS[0] + int(action.suit), ALONE if action.alone else PARTNER_ACTION]
        elif isinstance(action, Discard):
            ids += [int(action.card) - CARD_OFFSET, ALONE if alone else PARTNER_ACTION]
        elif isinstance(action, Play):
            ids.append(int(action.card) - CARD_OFFSET)
        if len(after.results) > len(states[i].results):
            close(after.results[-1])
    if ids:
        close(None)
    return tuple(logs)
