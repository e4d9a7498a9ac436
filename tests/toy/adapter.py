"""How the generic contract tests exercise High Card (the toy game)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import tests.toy.spec as toy_spec
from cardlaw.spec.cards import ALL_CARDS, JOKER, Card
from tests.game_data import (
    Asked,
    Disputes,
    Ecosystem,
    EquallyLegal,
    Opening,
    OtherApis,
    PanelCase,
    PlayHelpers,
    Simulated,
    Tampered,
)
from tests.toy.spec import DECK, Action, Deal, FirstLeader, Play, Stage, ToyState
from tests.universe import by_stage, orders

if TYPE_CHECKING:
    from tests.generic.observe import RevealTable

CONFIGS: list[dict[str, Any]] = [{}, {"low_wins": True}]
"""Configurations every contract test runs: the default game and its variant."""

REPR_NAMES: dict[str, Any] = {"FirstLeader": FirstLeader, "Deal": Deal, "Play": Play, "Card": Card}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({}, 1, "TRICKS", 6),
    ({"low_wins": True}, 2, "TRICKS", 6),
]
"""Perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = ["play", "toy", "--seed", "2026"]
"""The golden playthrough's command line."""

UNSPELLED: tuple[type, ...] = ()
"""Action types whose universe holds values no record could spell: none, every one is text."""

_FOREIGN: Final = (Card("AH"), JOKER)
"""Cards that are no Spade, for orders that are not a deal of the deck."""


def action_universe(state: ToyState, rng: random.Random) -> list[Action]:
    """A superset of the actions open at ``state``, from the action types.

    The stage's own kind in full: the toss for seats -1 to 3; one shuffle of
    the deck and orders that are not one (:func:`tests.universe.bad_orders`);
    a play of each of the 53 cards.  Every other kind: a few drawn at random
    (the wrong moment for them).
    """

    kinds: dict[Stage, Callable[[], list[Any]]] = {
        Stage.FIRST_LEADER: lambda: [FirstLeader(seat) for seat in range(-1, 4)],
        Stage.DEAL: lambda: [Deal(order) for order in orders(DECK, rng, foreign=_FOREIGN)],
        Stage.TRICKS: lambda: [Play(card) for card in ALL_CARDS],
    }
    return by_stage(kinds, state.stage, rng)


# The data of the generic engine tests.

WAITS_FOR: dict[str, str] = {
    "FIRST_LEADER": "chance must toss for the first lead",
    "DEAL": "chance must shuffle and deal",
    "TRICKS": "play a card",
}
"""Each stage (but the end) and what it waits for, in the words of its refusal
(``tests/engine/test_out_of_turn.py``)."""

SPEC: ModuleType = toy_spec
"""The spec's module with ``VARIANTS`` and ``PLAYER_COUNTS`` (``tests/spec/test_variants.py``)."""

REVEALED_CLAUSES: tuple[str, ...] = ()
"""No table of what the rules reveal (:func:`reveals`)."""


def reveals() -> RevealTable | None:
    """None: the toy game has no table of what its rules reveal (its hands are all hidden
    until played, which ``tests/engine/test_contract.py`` checks)."""
    return None


REFEREE_CLAUSES: tuple[str, ...] = ()
"""No independent referee (:func:`referee`)."""


def referee() -> ModuleType | None:
    """None: the toy game has no independent check of its events (it has none but the trick's)."""
    return None


DISPUTES: Disputes | None = None
"""None: the toy game has no position files (its manifest has no ``judging``) and no queries."""


# The data of the command line's generic tests (tests/engine/test_generic_cli.py).

SAME_SEED: tuple[str, ...] = ("--seed", "77")
"""``cardlaw play`` options whose record, written twice, must be the same bytes."""

BAD_LINES: tuple[str, ...] = ()
"""Command lines about the game that cardlaw refuses with one line and exit code 2 (beyond
those about every game)."""

MALFORMED_RECORDS: tuple[str, ...] = ()
"""Record files ``cardlaw replay`` refuses as malformed."""

TAMPERED: Tampered | None = None
"""None: the toy deals in one action, no shuffle, so no card can be dealt twice."""


# The data of the docs' tests (tests/docs).

STORIES: frozenset[str] = frozenset()
"""None: the docs show no game of the tests' own."""

ASK_PANEL: tuple[PanelCase, ...] = ()
"""None: the docs show no game of the tests' own."""

ECOSYSTEM: Ecosystem | None = None

OTHER_APIS: OtherApis | None = None
"""No entry point of the toy's own besides the Game API."""
"""None: the toy game has no binding to OpenSpiel or PettingZoo (``cardlaw/ecosystem/games``)."""

CHANGES_PLAY: tuple[str, ...] = ()
"""None: the toy game has no guide for players (``spec.guides``)."""


# More data of the generic engine tests.

OPENING: Opening = ("first_leader", [(1, "deal"), (24, "tricks; trick 1; seat 1 holds 7♠ 6♠ 5♠")])
"""The description at the start, then after each first step (the default configuration):
``tests/engine/test_describe.py``."""

ORDER_REFUSALS: dict[str, str] = {
    "Deal": "a deal is an order of the thirteen Spades [toy.deal.shuffle]",
}
"""What ``apply`` says to an order that is no outcome, by chance action type
(``tests/engine/test_chance_outcomes.py``)."""

PLAY_HELPERS: PlayHelpers | None = None
"""None: no trick phase with helpers stated twice (as actions and as a mask)."""


EQUALLY_LEGAL: Mapping[str, EquallyLegal] = {}
"""No tampered record is ever an equally legal game (``tests/engine/test_tamper.py``)."""


# The data of the command line's fuzz and ``simulate`` tests (tests/cli).

ASKED: Mapping[str, Asked] = {}
"""Each of the game's ``cardlaw ask`` questions, asked cheaply and validly (the fuzz tests put
one defect in it: ``tests/cli/test_fuzz.py``)."""

ASK_BAD_VALUES: Mapping[str, tuple[str, ...]] = {}
"""Values of the right shape that the options of the game's own questions refuse, by option."""

SIMULATED: Simulated | None = None
"""What ``cardlaw simulate`` runs the game with and must report (``tests/cli/test_simulate.py``)."""

CARD_WORDS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""The words of an action's text that name a card (``tests/engine/test_tamper.py``)."""

PANEL_MISSES: tuple[tuple[Mapping[str, Any], tuple[str, ...]], ...] = ()
"""Questions the "Ask the judge" panel sends with a part left out (no card, no trump tapped),
and the same ``cardlaw ask GAME`` arguments: both refused with the same message
(``tests/cli/test_answers.py``)."""
