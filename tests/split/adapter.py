"""How the generic contract tests exercise Split."""

from __future__ import annotations

import random
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import spec.split as split_spec
import spec.split.config as split_config
from spec.split import (
    Action,
    Aid,
    Bury,
    ChooseDealer,
    Move,
    Play,
    Reset,
    Reshuffle,
    Shuffle,
    SplitState,
)
from spec.split.cards import NumberCard, NumberSet
from spec.split.constants import DECK_SIZE
from tests.universe import orders

if TYPE_CHECKING:
    from tests.generic.observe import RevealTable

CONFIGS: list[dict[str, Any]] = [
    {"players": 4, "max_turns": 150},
    {"players": 2, "max_turns": 150},
    {"players": 6, "max_turns": 80},
    {"players": 3, "max_turns": 150, "put_under_wild": True},
    {"mode": "cooperative", "players": 3},
    {"mode": "cooperative", "players": 5, "aids": [0]},
]
"""Configurations every contract test runs (competitive games capped to stay quick)."""

REPR_NAMES: dict[str, Any] = {
    **vars(split_spec),
    "NumberCard": NumberCard,
    "NumberSet": NumberSet,
}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({"players": 4}, 1, "PLAY", 4),
    ({"players": 2}, 2, "MOVE", 5),
    ({"players": 6}, 3, "PLAY", 4),
    ({"mode": "cooperative", "players": 3}, 4, "PLAY", 5),
    ({"mode": "cooperative", "players": 5, "aids": []}, 5, "MOVE", 5),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "split",
    "--players",
    "3",
    "--seed",
    "2026",
    "--bots",
    "greedy,random,greedy",
]
"""The golden playthrough's command line."""

UNSPELLED: tuple[type, ...] = (ChooseDealer, Shuffle, Reshuffle, Aid)
"""Action types whose universe holds values no record could spell (chance's orders and
seats, an aid of a number other than 0 and 100)."""

_DECISIONS: Final[tuple[Action, ...]] = (
    *(Play(n) for n in range(DECK_SIZE)),
    *(Bury(n) for n in range(DECK_SIZE)),
    Move("left"),
    Move("right"),
    Reset(),
    *(Aid(n) for n in range(DECK_SIZE)),
)
"""Every decision of every number: 306 of them (the text form spells only two of the aids)."""


def _numbers(mask: int) -> tuple[int, ...]:
    return tuple(n for n in range(DECK_SIZE) if mask >> n & 1)


def action_universe(state: SplitState, rng: random.Random) -> list[Action]:
    """A superset of the actions open at ``state``, from the spec's action types.

    The same at every stage, everything being cheap: ``play``, ``under`` and
    ``aid`` of each of the 101 numbers, both moves, ``reset``, ``dealer`` of
    seats -1 to n+1; a shuffle of the deck (less the aids set aside) and
    orders that are not one (:func:`tests.universe.bad_orders`, the aids set
    aside as foreign cards); a reshuffle of the discard pile and orders that
    are not one (foreign cards: two numbers outside it).
    """
    n = state.config.players
    deck = _numbers((1 << DECK_SIZE) - 1 & ~state.aside)
    shuffles = orders(deck, rng, foreign=_numbers(state.aside))
    pile = _numbers(state.discard)
    elsewhere = rng.sample([x for x in range(DECK_SIZE) if x not in pile], 2)
    reshuffles = orders(pile, rng, foreign=elsewhere) if pile else []
    reshuffles.append(tuple(elsewhere))
    return [
        *_DECISIONS,
        *(ChooseDealer(seat) for seat in range(-1, n + 2)),
        *(Shuffle(order) for order in shuffles),
        *(Reshuffle(order) for order in reshuffles),
    ]


# The data of the generic engine tests.

WAITS_FOR: dict[str, str] = {
    "FIRST_DEALER": "chance must choose the dealer",
    "DEAL": "chance must shuffle and deal",
    "BURY": "put a card under the draw pile",
    "RESHUFFLE": "chance must shuffle the discard pile under the draw pile",
    "MOVE": "move the middle card onto a pile (or reset)",
    "PLAY": "play a card between the piles (or reset)",
}
"""Each stage (but the end) and what it waits for, in the words of its refusal
(``tests/engine/test_out_of_turn.py``)."""

SPEC: ModuleType = split_config
"""The spec's configuration module, its ``VARIANTS`` and ``PLAYER_COUNTS``
(``tests/spec/test_variants.py``)."""

REVEALED_CLAUSES: tuple[str, ...] = (
    "split.info.hidden",
    "split.coop.aids-aside",
    "split.coop.aid-use",
    "split.turn.order",
    "split.ruling.one-decision",
    "split.wild.reverse",
    "split.ruling.turn-limit",
    "split.ruling.first-dealer",
    "split.reset.fresh-start",
    "split.reset.draw-three",
)
"""The clauses of :func:`reveals`' table, written out (``tests/engine/test_generic_observe_complete.py``)."""


def reveals() -> RevealTable | None:
    """What the rules reveal to whom, and when (``tests/split/reveals.py``)."""
    from tests.split.reveals import TABLE

    return TABLE


REFEREE_CLAUSES: tuple[str, ...] = (
    "split.ruling.first-dealer",
    "split.ruling.deal-order",
    "split.deal.dealer-extra",
    "split.open.piles",
    "split.ruling.pile-sides",
    "split.open.first-player",
    "split.open.put-under",
    "split.ruling.put-under-exhausted",
    "split.turn.move-middle",
    "split.turn.must-reset",
    "split.turn.order",
    "split.wild.reverse",
    "split.wild.two-players",
    "split.reset.discard",
    "split.reset.draw-three",
    "split.reset.reopen",
    "split.reset.fresh-start",
    "split.ruling.after-reset",
    "split.ruling.empty-draw-pile",
    "split.ruling.short-draw",
    "split.ruling.turn-limit",
    "split.end.first-empty",
    "split.coop.aid-use",
    "split.coop.lose-on-reset",
    "split.coop.win",
    "split.ruling.coop-empty-hand",
    "split.ruling.coop-reverse",
)
"""The clauses :func:`referee` checks the events of (``tests/engine/test_generic_events_independent.py``)."""


def referee() -> ModuleType | None:
    """The independent check of the game's events: its ``check_game``, ``CONFIGS`` and ``CHOOSERS``
    (``tests/split/test_events_independent.py``)."""
    from tests.split import test_events_independent

    return test_events_independent
