"""How the generic contract tests exercise Split."""

from __future__ import annotations

import random
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import cardlaw.spec.split as split_spec
import cardlaw.spec.split.config as split_config
from cardlaw.engine.split.spot import EXAMPLE
from cardlaw.spec.split import (
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
from cardlaw.spec.split.cards import NumberCard, NumberSet
from cardlaw.spec.split.constants import DECK_SIZE
from tests.game_data import (
    Asked,
    Disputes,
    Ecosystem,
    EquallyLegal,
    Hidden,
    Opening,
    OtherApis,
    PanelCase,
    PlayHelpers,
    Record,
    Simulated,
    Swapped,
    Tampered,
    record_head,
    taps,
)
from tests.split.positions import COOPERATIVE
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


# The data of the dispute tests.


def _under_twice(spot: Any) -> None:
    """The cards under the piles take seat 0's first card too (a card given twice)."""
    spot["under"] = [*spot["under"], spot["hands"][0][0]]


DISPUTES: Disputes | None = Disputes(
    example=EXAMPLE,
    toml=(
        [
            'mode = "competitive"',
            "piles = [33, 71]",
            "middle = 52",
            "under = [25, 80]",
            'hands = [[12, 48, 99], "5 47 66 90", [34, 70, 88]]',
            "to_move = 1",
            "draw = 60",
        ],
        "move left, move right, reset",
    ),
    judged=[
        (lambda d: d["hands"].__setitem__(0, [12, 48, 52]), "52 is given twice"),
        (lambda d: d["hands"].__setitem__(0, [12, 101]), "a Split card is a number from 0 to 100"),
        (lambda d: d["hands"].__setitem__(2, []), "seat 2 holds no cards"),
        (lambda d: d.__setitem__("middle", 33), "33 is given twice"),
        (lambda d: d.__setitem__("middle", 75), "not between the piles 33 and 71"),
        (lambda d: d.__setitem__("draw", 90), "cannot hold 90 cards"),
        (lambda d: d.__setitem__("draw", -1), "position.draw: expected a whole number 0 or more"),
        (lambda d: d.__setitem__("discard", [1, 2]), "cards are named nowhere"),
        (lambda d: d.__setitem__("players", 7), "2 to 6 players"),
        (lambda d: d.__setitem__("players", 4), "position.hands: expected a list of 4 hands"),
        (lambda d: d.__setitem__("to_move", 3), "position.to_move: expected a seat 0–2, got 3"),
        (lambda d: d.__setitem__("direction", "up"), "position.direction: expected"),
        (lambda d: d.__setitem__("aids", [0]), "aids belong to the cooperative game"),
        (lambda d: d.__setitem__("colour", "red"), "position.colour: unknown field"),
        (lambda d: d.pop("piles"), "position.piles: missing"),
        (lambda d: d.__setitem__("piles", [33]), "position.piles: expected [left, right]"),
        (lambda d: d.__setitem__("game", "divide"), "not Split"),
    ],
    fuzzed=[
        (EXAMPLE, frozenset({"discard", "aids", "players"})),
        (COOPERATIVE, frozenset({"draw", "under", "middle"})),
    ],
    json_words=("45", "12 99", "101", "-1", "clockwise", "cooperative", "7S"),
    bad_queries=[
        "",
        "exists turn",
        "exists turn size == 2",
        "exists game: 1 == 1",
        "exists turn: nope == 1",
        "exists turn: size +",
        "maximize turn: must_reset",
        "exists turn: size and gap",
        "exists opening (deal=2): 1 == 1",
        "exists turn (players=3): 1 == 1",
    ],
    json_top=120,
    doubled=_under_twice,
)
"""The data of the dispute tests every game makes the same way (:class:`tests.game_data.Disputes`)."""


# The data of the command line's generic tests (tests/engine/test_generic_cli.py).

SAME_SEED: tuple[str, ...] = ("--seed", "77", "--bots", "greedy")
"""``cardlaw play`` options whose record, written twice, must be the same bytes."""

BAD_LINES: tuple[str, ...] = (
    "play split --players 7",
    "play split --players 1",
    "play split --variant cooperative --players 2",
    "play split --variant cooperative --players 6",
    "play split --variant solitaire",
    "play split --bots genius",
    "bench split --players 9",
)
"""Command lines about the game that cardlaw refuses with one line and exit code 2 (beyond
those about every game)."""

MALFORMED_RECORDS: tuple[str, ...] = (
    record_head("split") + '{"players": 4, "aids": [0]}, "actions": []}',
    record_head("split") + '{"players": 4, "max_turns": 0}, "actions": []}',
    record_head("split") + '{"mode": "solo"}, "actions": []}',
    record_head("split")
    + '{"players": 4}, "actions": [{"actor": "chance", "action": "shuffle 1 2"}]}',
    record_head("split")
    + '{"players": 4}, "actions": [{"actor": "chance", "action": "play 101"}]}',
)
"""Record files ``cardlaw replay`` refuses as malformed."""

TAMPERED: Tampered | None = Tampered(
    play=("--seed", "5"),
    event="open",
    edit=lambda event: event.__setitem__("left", event["left"] + 1),
)
"""The record the tampering tests edit, and the edit of one of its events."""


# The data of the docs' tests (tests/docs).

STORIES: frozenset[str] = frozenset({"wild", "reset", "cooperative"})
"""The worked examples the docs tell (``tests/docs/test_stories.py``)."""

ASK_PANEL: tuple[PanelCase, ...] = tuple(
    [
        (
            taps("30", "60", "45", "12", "99"),
            ["split", "play", "--piles", "30", "60"] + ["--hand", "45 12 99"],
        ),
        (
            [*taps("33", "71", "5", "47", "66", "90"), ("target", "middle"), ("card", "52")],
            ["split", "play", "--piles", "33", "71", "--middle", "52", "--hand", "5 47 66 90"],
        ),
        (
            [*taps("30", "60", "12", "88"), ("choice", "cooperative", "1")],
            ["split", "play", "--cooperative", "--piles", "30", "60", "--hand", "12 88"],
        ),
        (  # bad input: a card on a pile and in the hand
            taps("30", "60", "45", "30"),
            ["split", "play", "--piles", "30", "60", "--hand", "45 30"],
        ),
    ]
)
"""The taps of questions to the rulebook's "Ask the judge" panel, and the ``cardlaw ask``
arguments of the same questions (``tests/docs/test_ask_panel.py``)."""


# The data of the game-AI adapters' tests (tests/ecosystem).


def _secrecy() -> tuple[Hidden, Swapped]:
    """Split's cards hidden from a seat, and its swap (``tests/split/test_observe.py``)."""
    from tests.split.test_observe import hidden_from, swap

    return hidden_from, swap


def _returns(config: Any, result: Any) -> list[float]:
    """Competitive: the winner 1, the others -1/(n-1), all 0 if nobody won; cooperative: all
    1 for a win, -1 for a loss, 0 otherwise."""
    n = config.players
    if config.cooperative:
        return [{"win": 1.0, "loss": -1.0}.get(result.outcome, 0.0)] * n
    if result.outcome != "win":
        return [0.0] * n
    return [1.0 if seat in result.winners else -1 / (n - 1) for seat in range(n)]


ECOSYSTEM: Ecosystem | None = Ecosystem(
    setups=({}, {"variant": "cooperative", "players": 3}),
    wider=[
        {"players": 2},
        {"players": 6},
        {"variant": "cooperative-no-aids"},
        {"cards_dealt": 5, "reset_draw": 5},
    ],
    secrecy=_secrecy,
    blocks=(
        ("play", 0, 100),
        ("under", 101, 201),
        ("aid", 202, 203),
        ("move", 204, 205),
        ("reset", 206, 206),
    ),
    returns=_returns,
)
"""The setups the game-AI adapters' tests run, and the game's secrecy helpers."""

OTHER_APIS: OtherApis | None = None
"""No entry point of Split's own besides the Game API and positions."""

CHANGES_PLAY: tuple[str, ...] = ("split.ruling.reset-timing", "split.ruling.coop-empty-hand")
"""Rulings that change play, which its guide for players must retell (``tests/spec/test_guides.py``)."""


# More data of the generic engine tests.

OPENING: Opening = ("turn 1; first_dealer", [])
"""The description at the start, then after each first step (the default configuration):
``tests/engine/test_describe.py``."""

ORDER_REFUSALS: dict[str, str] = {
    "Shuffle": "a shuffle must order all 101 cards of the deck [split.deal.shuffle]",
    "Reshuffle": "a reshuffle must order exactly the cards of the discard pile"
    " [split.ruling.empty-draw-pile]",
}
"""What ``apply`` says to an order that is no outcome, by chance action type
(``tests/engine/test_chance_outcomes.py``)."""

PLAY_HELPERS: PlayHelpers | None = None
"""None: no trick phase with helpers stated twice (as actions and as a mask)."""


def _verb(entry: dict[str, Any]) -> str:
    return str(entry["action"]).split()[0]


def _split_choice(original: Record, index: int, other: int | None) -> bool:
    # The cards on the piles go to the discard pile at the next reset, and neither the
    # events nor the result name them; a different legal card or move that the same seat never
    # needs later leaves every later action legal, with the same events and result.
    entries = original["actions"]
    touched = [index] if other is None else [index, other]
    return all(_verb(entries[i]) in ("play", "move") for i in touched) and any(
        _verb(e) == "reset" for e in entries[min(touched) :]
    )


def _split_move_then_reset(original: Record, index: int, _: int | None) -> bool:
    # Moving the middle card and then resetting ends where resetting at once does (a
    # reset is open at the move too, and gathers the table), so the move can be left out.
    entries = original["actions"]
    return (
        _verb(entries[index]) == "move"
        and index + 1 < len(entries)
        and entries[index + 1]["actor"] == entries[index]["actor"]
        and entries[index + 1]["action"] == "reset"
    )


EQUALLY_LEGAL: Mapping[str, EquallyLegal] = {
    "card": _split_choice,
    "swap": _split_choice,
    "drop": _split_move_then_reset,
}
"""Tamper kind -> when a record tampered that way may still be a legal game
(``tests/engine/test_tamper.py``)."""


# The data of the command line's fuzz and ``simulate`` tests (tests/cli).

ASKED: Mapping[str, Asked] = {
    "solve": Asked(
        options=("--hand", "5 17", "--hand", "12 62", "--hand", "8 44"), files=("", "--record")
    ),
    "play": Asked(options=("--piles", "20", "80", "--hand", "45 30")),
    "legal": Asked(options=("--example",), files=("--position",)),
}
"""Each of the game's ``cardlaw ask`` questions, asked cheaply and validly (the fuzz tests put
one defect in it: ``tests/cli/test_fuzz.py``)."""

ASK_BAD_VALUES: Mapping[str, tuple[str, ...]] = {
    "--direction": ("sideways", ""),
    "--aids": ("5", "0,0,100", "abc"),
    "--max-states": ("0", "-3"),
}
"""Values of the right shape that the options of the game's own questions refuse, by option."""

SIMULATED: Simulated | None = Simulated(
    lineups=(
        ("--players", "2"),
        ("--players", "6"),
        ("--variant", "cooperative", "--players", "3"),
        ("--variant", "cooperative-no-aids", "--players", "5"),
    ),
    claims=False,
    default_bot="greedy",
)
"""What ``cardlaw simulate`` runs the game with and must report (``tests/cli/test_simulate.py``)."""

CARD_WORDS: tuple[str, ...] = tuple(str(number) for number in range(DECK_SIZE))
"""The words of an action's text that name a card (``tests/engine/test_tamper.py``)."""

PANEL_MISSES: tuple[tuple[Mapping[str, Any], tuple[str, ...]], ...] = (
    ({"question": "play", "args": {"left": "3", "hand": "4"}}, ("play", "--hand", "4")),
    ({"question": "play", "args": {"left": "3", "right": "5"}}, ("play", "--piles", "3", "5")),
)
"""Questions the "Ask the judge" panel sends with a part left out (no card, no trump tapped),
and the same ``cardlaw ask GAME`` arguments: both refused with the same message
(``tests/cli/test_answers.py``)."""
