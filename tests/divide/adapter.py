"""How the generic contract tests exercise Divide."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import cardlaw.spec.divide as divide_spec
import cardlaw.spec.divide.config as divide_config
from cardlaw.engine.divide import play as divide_play
from cardlaw.engine.divide.position import EXAMPLE
from cardlaw.spec.cards import ALL_CARDS, JOKER, Card, CardSet
from cardlaw.spec.divide import (
    Action,
    ChooseDealer,
    DivideState,
    Keep,
    Offer,
    Play,
    Reveal,
    Secure,
    Shuffle,
    Split,
    Stage,
)
from cardlaw.spec.divide.actions import PLAYS
from cardlaw.spec.divide.constants import DECK_SIZE
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
    Simulated,
    Swapped,
    Tampered,
    first_card_twice,
    record_head,
    taps,
    toml_tricks,
)
from tests.universe import by_stage, halves, held, orders, subsets

if TYPE_CHECKING:
    from tests.generic.observe import RevealTable

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 5},
    {"players": 4, "trump_suit": "own"},
]
"""Configurations every contract test runs."""

REPR_NAMES: dict[str, Any] = {**vars(divide_spec), "Card": Card, "CardSet": CardSet}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({"players": 4}, 1, "OFFERING", 4),
    ({"players": 5}, 2, "OFFERING", 3),
    ({"players": 4}, 3, "CHOOSE", 4),
    ({"players": 4}, 4, "TRICKS", 8),
    ({"players": 5}, 5, "TRICKS", 6),
    ({"players": 4, "trump_suit": "own"}, 4, "TRICKS", 8),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "divide",
    "--seed",
    "2026",
    "--bots",
    "greedy,random,greedy,random",
]
"""The golden playthrough's command line."""

UNSPELLED: tuple[type, ...] = (ChooseDealer, Shuffle, Reveal)
"""Action types whose universe holds values no record could spell (chance's orders and seats)."""

_DECK: Final = ALL_CARDS[:DECK_SIZE]
_PAIRS: Final = tuple(CardSet.of(pair) for pair in subsets(ALL_CARDS, 2))
"""Every pair of cards (the Joker included: the text form accepts it)."""


def _splits(hand: int, rng: random.Random, *, full: bool) -> list[Split]:
    """Splits: with ``full``, every pair of triples of the hand (overlapping ones
    too), each partition with one card swapped for an outside card, and sixty
    drawn uniformly from the 53 cards; else three drawn uniformly."""
    drawn = halves(Split, ALL_CARDS, 6, 60 if full else 3, rng)
    if not full:
        return drawn
    own, outside = held(ALL_CARDS, hand)
    triples = [CardSet.of(t) for t in subsets(own, 3)]
    out = [Split(a, b) for a in triples for b in triples]
    for left in triples:
        right = [c for c in own if c not in left]
        right[rng.randrange(len(right))] = rng.choice(outside)
        out += [Split(left, CardSet.of(right)), Split(CardSet.of(right), left)]
    return out + drawn


def action_universe(state: DivideState, rng: random.Random) -> list[Action]:
    """A superset of the actions open at ``state``, from the spec's action types.

    The stage's own kind in full: ``dealer`` of seats -1 to n+1; a shuffle of
    the deck and orders that are not one (:func:`tests.universe.bad_orders`);
    ``reveal``, ``offer`` and ``play`` of each of the 53 cards; ``secure`` and
    ``keep`` of each of the 1,378 pairs; ``split`` as in :func:`_splits`.
    Every other kind: a few drawn at random (the wrong moment for them).
    """
    n = state.config.players
    stage = state.stage
    hand = state.hands[state.actor] if state.actor >= 0 else 0

    kinds: dict[Stage, Callable[[], list[Any]]] = {
        Stage.FIRST_DEALER: lambda: [ChooseDealer(seat) for seat in range(-1, n + 2)],
        Stage.DEAL: lambda: [Shuffle(order) for order in orders(_DECK, rng, foreign=(JOKER,))],
        Stage.OFFERING: lambda: [Offer(card) for card in ALL_CARDS],
        Stage.SECURE: lambda: [Secure(pair) for pair in _PAIRS],
        Stage.SPLIT: lambda: _splits(hand, rng, full=stage == Stage.SPLIT),
        Stage.CHOOSE: lambda: [Keep(pair) for pair in _PAIRS],
        Stage.REVEAL: lambda: [Reveal(card) for card in ALL_CARDS],
        Stage.TRICKS: lambda: [Play(card) for card in ALL_CARDS],
    }
    return by_stage(kinds, stage, rng)


# The data of the generic engine tests.

WAITS_FOR: dict[str, str] = {
    "FIRST_DEALER": "chance must choose the first dealer",
    "DEAL": "chance must shuffle and deal",
    "OFFERING": "make a Trump Offering",
    "SECURE": "secure two cards",
    "SPLIT": "split the six remaining cards into two offers",
    "CHOOSE": "keep two cards of an offer",
    "REVEAL": "chance must reveal the Trump Rank",
    "TRICKS": "play a card",
}
"""Each stage (but the end) and what it waits for, in the words of its refusal
(``tests/engine/test_out_of_turn.py``)."""

SPEC: ModuleType = divide_config
"""The spec's configuration module, its ``VARIANTS`` and ``PLAYER_COUNTS``
(``tests/spec/test_variants.py``)."""

REVEALED_CLAUSES: tuple[str, ...] = (
    "divide.info.hidden",
    "divide.ruling.secret-turns",
    "divide.round.phases",
    "divide.round.dealer-rotation",
    "divide.end.four-rounds",
    "divide.trick.winner-leads",
    "divide.score.suit-token",
    "divide.score.bonus-token",
    "divide.cleanup.record",
    "divide.cleanup.reset",
    "divide.divide.choose",
    "divide.ruling.offer-order",
    "divide.divide.final-hand",
    "divide.trump.reveal",
)
"""The clauses of :func:`reveals`' table, written out (``tests/engine/test_generic_observe_complete.py``)."""


def reveals() -> RevealTable | None:
    """What the rules reveal to whom, and when (``tests/divide/reveals.py``)."""
    from tests.divide.reveals import TABLE

    return TABLE


REFEREE_CLAUSES: tuple[str, ...] = (
    "divide.setup.first-dealer",
    "divide.round.dealer-rotation",
    "divide.trump.rank",
    "divide.trick.first-lead",
    "divide.trick.winner-leads",
    "divide.trick.winner-trump",
    "divide.trick.winner-led-suit",
    "divide.trick.off-suit",
    "divide.cards.suit-order",
    "divide.score.winning-suit",
    "divide.score.suit-token",
    "divide.score.bonus-token",
    "divide.score.round",
    "divide.cleanup.record",
    "divide.cleanup.reset",
    "divide.end.four-rounds",
    "divide.end.highest-total",
    "divide.tiebreak.bonus",
    "divide.tiebreak.eighth-trick",
    "divide.ruling.tiebreak-group",
    "divide.ruling.eighth-trick-comparison",
)
"""The clauses :func:`referee` checks the events of (``tests/engine/test_generic_events_independent.py``)."""


def referee() -> ModuleType | None:
    """The independent check of the game's events: its ``check_game``, ``CONFIGS`` and ``CHOOSERS``
    (``tests/divide/test_events_independent.py``)."""
    from tests.divide import test_events_independent

    return test_events_independent


# The data of the dispute tests.


def _revoked(spot: Any) -> None:
    """Seat 3 played 9♦ to a Club lead while it still holds 10♣: it revoked."""
    spot["tricks"][0]["cards"] = ["JC", "7C", "KC", "9D"]
    spot["tricks"][4]["cards"] = ["6D", "3C", "8D", "9C"]


DISPUTES: Disputes | None = Disputes(
    example=EXAMPLE,
    toml=(
        [
            'game = "divide"',
            "players = 4",
            "dealer = 3",
            'trump = "8C"',
            f"hands = {json.dumps(EXAMPLE['hands'])}",
            *toml_tricks(EXAMPLE),
        ],
        "play 3H",
    ),
    judged=[
        (lambda d: d["hands"].__setitem__(1, "10H AS"), "given twice"),
        (lambda d: d["hands"].__setitem__(1, "10H"), "holds 1 cards but must hold 2"),
        (lambda d: d.__setitem__("trick", {"leader": 2, "cards": ["9S", "6S"]}), "must hold 3"),
        (lambda d: d["tricks"][1].__setitem__("leader", 3), "trick 2 is led by seat 3, but seat 2"),
        (lambda d: d["tricks"][1].__setitem__("cards", ["3D", "AH", "KD", "2D"]), "given twice"),
        (lambda d: d.__setitem__("players", 3), "4 or 5 players"),
        (lambda d: d.__setitem__("trump", "7X"), "unknown suit"),
        (lambda d: d.pop("hands"), "position.hands: missing"),
        (lambda d: d.__setitem__("colour", "red"), "unknown field"),
    ],
    fuzzed=[(EXAMPLE, frozenset())],
    json_words=("7S", "10H", "AS", "JK", "2C 3C"),
    bad_queries=[
        "",
        "exists",
        "exists trick",
        "exists trick winner.rank == 2",
        "exists dice: 1 == 1",
        "exists trick: nope == 1",
        "exists trick: card == 1",
        "exists trick: card[9] == 1",
        "exists trick: 1 +",
        "maximize trick: winner.rank == 2",
        "exists trick (players=3): 1 == 1",
        "exists trick (seats=4): 1 == 1",
        "exists trick: __import__('os')",
    ],
    doubled=first_card_twice,
    revoked=_revoked,
)
"""The data of the dispute tests every game makes the same way (:class:`tests.game_data.Disputes`)."""


# The data of the command line's generic tests (tests/engine/test_generic_cli.py).

SAME_SEED: tuple[str, ...] = ("--seed", "77", "--players", "5", "--bots", "greedy")
"""``cardlaw play`` options whose record, written twice, must be the same bytes."""

BAD_LINES: tuple[str, ...] = ()
"""Command lines about the game that cardlaw refuses with one line and exit code 2 (beyond
those about every game)."""

MALFORMED_RECORDS: tuple[str, ...] = (
    "",
    "not json",
    "[]",
    '{"format": "cardlaw-record", "version": 9}',
    record_head("divide")
    + '{"players": 4}, "actions": [{"actor": "chance", "action": "dealer x"}]}',
    record_head("divide")
    + '{"players": 4}, "actions": [{"actor": "chance", "action": "shuffle 2C"}]}',
    record_head("divide") + '{"players": 4, "colour": "red"}, "actions": []}',
    record_head("divide") + '{"players": 4}, "actions": [{"action": "dealer 1"}]}',
    record_head("divide") + '{"players": 4}, "actions": 7}',
)
"""Record files ``cardlaw replay`` refuses as malformed."""

TAMPERED: Tampered | None = Tampered(
    play=("--seed", "5"),
    event="round-end",
    edit=lambda event: event["scores"].__setitem__(0, event["scores"][0] + 2),
)
"""The record the tampering tests edit, and the edit of one of its events."""


# The data of the docs' tests (tests/docs).

STORIES: frozenset[str] = frozenset({"great-divide", "trick", "tokens", "tie"})
"""The worked examples the docs tell (``tests/docs/test_stories.py``)."""

ASK_PANEL: tuple[PanelCase, ...] = tuple(
    [
        (
            [*taps("KH", "7S", "2H", "AH"), ("choice", "trump", "7")],
            ["divide", "trick", "--trump", "7", "--leader", "0", "KH", "7S", "2H", "AH"],
        ),
        (
            [*taps("2C", "3C", "4C", "5C", "AD"), ("choice", "trump", "A")]
            + [("choice", "leader", "2")],
            ["divide", "trick", "--trump", "A", "--leader", "2", "2C", "3C", "4C", "5C", "AD"],
        ),
        ([("question", "token"), *taps("AH")], ["divide", "token", "AH"]),
        (  # bad input: a card twice
            [*taps("KH", "KH", "2H", "AH"), ("choice", "trump", "7")],
            ["divide", "trick", "--trump", "7", "KH", "KH", "2H", "AH"],
        ),
        (  # typed rather than tapped
            [("type", "cards", "QS 10S 2S 9C"), ("choice", "trump", "9")],
            ["divide", "trick", "--trump", "9", "QS", "10S", "2S", "9C"],
        ),
        (  # is this play legal here: the hand, the trick so far, the card in dispute
            [("question", "play"), *taps("KH", "7S", "2D"), ("target", "trick"), *taps("2H")]
            + [("target", "card"), *taps("7S"), ("choice", "trump", "7")],
            ["divide", "play", "--hand", "KH 7S 2D", "--trick", "2H", "--trump", "7", "7S"],
        ),
        (  # the same under the house rule: Trump Rank cards a suit of their own
            [("question", "play"), *taps("KH", "7S", "2D"), ("target", "trick"), *taps("7H")]
            + [("target", "card"), *taps("7S"), ("choice", "trump", "7")]
            + [("choice", "own_suit", "1")],
            ["divide", "play", "--hand", "KH 7S 2D", "--trick", "7H", "--trump", "7"]
            + ["--variant", "trump-rank-own-suit", "7S"],
        ),
        (  # bad input: a card both in the hand and in the trick
            [("question", "play"), *taps("KH", "7S"), ("target", "trick"), *taps("7S")]
            + [("target", "card"), *taps("KH"), ("choice", "trump", "7")],
            ["divide", "play", "--hand", "KH 7S", "--trick", "7S", "--trump", "7", "KH"],
        ),
    ]
)
"""The taps of questions to the rulebook's "Ask the judge" panel, and the ``cardlaw ask``
arguments of the same questions (``tests/docs/test_ask_panel.py``)."""


# The data of the game-AI adapters' tests (tests/ecosystem).


def _secrecy() -> tuple[Hidden, Swapped]:
    """Divide's cards hidden from a seat, and its swap (``tests/divide/test_observe.py``)."""
    from tests.divide.test_observe import hidden_from, swap

    return hidden_from, swap


ECOSYSTEM: Ecosystem | None = Ecosystem(
    setups=({}, {"players": 5, "variant": "trump-rank-own-suit"}),
    wider=[
        {"players": 5},
        {"bonus_tokens": 4, "rounds": 2},
        {"cards_dealt": 11, "secure_size": 4},
    ],
    secrecy=_secrecy,
    blocks=(
        ("offer", 0, 51),
        ("secure", 52, 79),
        ("split", 80, 99),
        ("keep", 100, 102),
        ("play", 103, 154),
    ),
    returns=lambda config, result: [
        1.0 if seat in result.winners else -1 / (config.players - 1)
        for seat in range(config.players)
    ],
    shorter={"rounds": 1},
)
"""The setups the game-AI adapters' tests run, and the game's secrecy helpers."""

OTHER_APIS: OtherApis | None = None
"""No entry point of Divide's own besides the Game API and positions."""

CHANGES_PLAY: tuple[str, ...] = ("divide.ruling.trump-rank-suit", "divide.ruling.offer-order")
"""Rulings that change play, which its guide for players must retell (``tests/spec/test_guides.py``)."""


# More data of the generic engine tests.

OPENING: Opening = (
    "round 1; first_dealer",
    [
        (3, "round 1; deal"),
        # the dealer's left makes the first Trump Offering
        (0, "round 1; offering; seat 0 holds 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣"),
    ],
)
"""The description at the start, then after each first step (the default configuration):
``tests/engine/test_describe.py``."""

ORDER_REFUSALS: dict[str, str] = {
    "Shuffle": "a shuffle must order all 52 cards [divide.deal.shuffle]",
}
"""What ``apply`` says to an order that is no outcome, by chance action type
(``tests/engine/test_chance_outcomes.py``)."""

PLAY_HELPERS: PlayHelpers | None = PlayHelpers(
    actions=divide_play.legal_play_actions,
    mask_actions=lambda state: tuple(
        PLAYS[c] for c in range(52) if divide_play.legal_play_mask(state) >> c & 1
    ),
    in_tricks=lambda state: state.stage == Stage.TRICKS and state.actor >= 0,
    seeds=2,
    sizes=frozenset({0, 1, 2, 3}),
    clauses=("divide.trick.follow-suit", "divide.trick.lead-restriction"),
)
"""The trick phase's helpers (``engine/divide/play.py``), as actions and as a mask."""


EQUALLY_LEGAL: Mapping[str, EquallyLegal] = {}
"""No tampered record is ever an equally legal game (``tests/engine/test_tamper.py``)."""


# The data of the command line's fuzz and ``simulate`` tests (tests/cli).

ASKED: Mapping[str, Asked] = {
    "trick": Asked(options=("--trump", "7"), arguments=("KH", "7S", "2H", "AH"), cards="each"),
    "token": Asked(arguments=("7S",), cards="each"),
    "play": Asked(
        options=("--hand", "KH 7S 2D", "--trump", "7", "--trick", "2H"),
        arguments=("7S",),
        cards="each",
    ),
    "legal": Asked(options=("--example",), files=("--position",)),
}
"""Each of the game's ``cardlaw ask`` questions, asked cheaply and validly (the fuzz tests put
one defect in it: ``tests/cli/test_fuzz.py``)."""

ASK_BAD_VALUES: Mapping[str, tuple[str, ...]] = {
    "--trump": ("", "X", "1", "11", "Z"),
    "--leader": ("-1", "99"),
}
"""Values of the right shape that the options of the game's own questions refuse, by option."""

SIMULATED: Simulated | None = Simulated(
    lineups=(("--players", "4"), ("--players", "5"), ("--variant", "trump-rank-own-suit")),
    claims=False,
    default_bot="greedy",
)
"""What ``cardlaw simulate`` runs the game with and must report (``tests/cli/test_simulate.py``)."""

CARD_WORDS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""The words of an action's text that name a card (``tests/engine/test_tamper.py``)."""

PANEL_MISSES: tuple[tuple[Mapping[str, Any], tuple[str, ...]], ...] = (
    ({"question": "trick", "args": {"cards": ["KH"]}}, ("trick", "KH")),
    ({"question": "trick", "args": {"trump": "7"}}, ("trick", "--trump", "7")),
    ({"question": "token", "args": {"card": ""}}, ("token",)),
    (
        {"question": "play", "args": {"hand": "KH 7S", "trump": "7"}},
        ("play", "--hand", "KH 7S", "--trump", "7"),
    ),
    ({"question": "play", "args": {"card": "7S", "trump": "7"}}, ("play", "--trump", "7", "7S")),
    ({"question": "play", "args": {"card": "7S", "hand": "7S"}}, ("play", "--hand", "7S", "7S")),
)
"""Questions the "Ask the judge" panel sends with a part left out (no card, no trump tapped),
and the same ``cardlaw ask GAME`` arguments: both refused with the same message
(``tests/cli/test_answers.py``)."""
