"""How the generic contract tests exercise Divided Ranks."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, cast

import cardlaw.spec.divided_ranks as divided_ranks_spec
import cardlaw.spec.divided_ranks.config as divided_ranks_config
from cardlaw.engine.divided_ranks.position import EXAMPLE
from cardlaw.spec.cards import ALL_CARDS, Card, CardSet
from cardlaw.spec.divided_ranks import (
    Action,
    Build,
    DividedRanksState,
    FirstSplitter,
    Keep,
    ReserveFirst,
    Shuffle,
    Split,
    Stage,
    Swap,
    Take,
)
from cardlaw.spec.divided_ranks.constants import PACK, SPLIT_SIZE
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
    taps,
)
from tests.universe import by_stage, halves, held, orders, subsets

if TYPE_CHECKING:
    from tests.generic.observe import RevealTable

CONFIGS: list[dict[str, Any]] = [
    {},
    {"swap": "face-up"},
    {"reserve_order": "coin"},
]
"""Configurations every contract test runs."""

REPR_NAMES: dict[str, Any] = {**vars(divided_ranks_spec), "Card": Card, "CardSet": CardSet}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({}, 1, "SPLIT", 4),
    ({"swap": "face-up"}, 2, "CHOOSE", 5),
    ({}, 3, "RESERVE", 3),
    ({"reserve_order": "coin"}, 4, "BUILD", 2),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "divided-ranks",
    "--seed",
    "2026",
    "--bots",
    "expert,skilled",
]
"""The golden playthrough's command line."""

UNSPELLED: tuple[type, ...] = (FirstSplitter, Shuffle, ReserveFirst)
"""Action types whose universe holds values no record could spell (chance's orders and seats)."""

_OUTSIDE = (Card("2S"), Card("9H"))
"""Cards of the 53 that are not in the Divided Ranks pack."""


def _splits(stock: tuple[int, ...], rng: random.Random, *, full: bool) -> list[Split]:
    """Splits: with ``full``, every ordered pair of disjoint pairs of the top four
    cards of the stock and three other cards of the pack (210), and a hundred
    drawn uniformly from the pack; else three drawn uniformly."""
    drawn = halves(Split, PACK, 4, 100 if full else 3, rng)
    if not full:
        return drawn
    top = [Card(c) for c in stock[:SPLIT_SIZE]]
    near = top + rng.sample([c for c in PACK if c not in top], 3)
    pairs = [CardSet.of(pair) for pair in subsets(near, 2)]
    out = [Split(a, b) for a in pairs for b in pairs if not a.mask & b.mask]
    return out + drawn


def _builds(hand: int, rng: random.Random, *, full: bool) -> list[Build]:
    """Builds: with ``full``, all 126 of the ten cards held, thirty of them with
    one card swapped for a card of the pack not held, and forty drawn uniformly
    from the pack; else three drawn uniformly."""
    drawn = halves(Build, PACK, 10, 40 if full else 3, rng)
    if not full:
        return drawn
    own, outside = held(PACK, hand)
    out = []
    for five in subsets(own, 5):
        if own[0] in five:  # each build once: the hand with the lowest card first
            out.append(Build(CardSet.of(five), CardSet.of(c for c in own if c not in five)))
    for build in rng.sample(out, 30):
        first: list[int] = list(build.first)
        first[rng.randrange(5)] = rng.choice(outside)
        out.append(Build(CardSet.of(first), build.second))
    return out + drawn


def action_universe(state: DividedRanksState, rng: random.Random) -> list[Action]:
    """A superset of the actions open at ``state``, from the spec's action types.

    The stage's own kind in full: ``first-splitter`` and ``reserve-first`` of
    seats -1 to 3; a shuffle of the pack and orders that are not one
    (:func:`tests.universe.bad_orders`, foreign cards from outside the pack);
    both takes; ``keep`` and ``swap`` of each of the 21 cards of the pack;
    splits and builds as in :func:`_splits` and :func:`_builds`.  Every other
    kind: a few drawn at random (the wrong moment for them).
    """
    stage = state.stage
    hand = state.hands[state.actor] if state.actor >= 0 else 0

    kinds: dict[Stage, Callable[[], list[Any]]] = {
        Stage.FIRST_SPLITTER: lambda: [FirstSplitter(seat) for seat in range(-1, 4)],
        Stage.DEAL: lambda: [Shuffle(order) for order in orders(PACK, rng, foreign=_OUTSIDE)],
        Stage.SPLIT: lambda: _splits(state.stock, rng, full=stage == Stage.SPLIT),
        Stage.CHOOSE: lambda: [Take(True), Take(False)],
        Stage.RESERVE_ORDER: lambda: [ReserveFirst(seat) for seat in range(-1, 4)],
        Stage.RESERVE: lambda: [Keep(), *(Swap(card) for card in PACK)],
        Stage.BUILD: lambda: _builds(hand, rng, full=stage == Stage.BUILD),
    }
    return by_stage(kinds, stage, rng)


# The data of the generic engine tests.

WAITS_FOR: dict[str, str] = {
    "FIRST_SPLITTER": "chance must decide who splits first",
    "DEAL": "chance must shuffle the pack",
    "SPLIT": "split the top four cards of the stock",
    "CHOOSE": "take the face-up or the face-down pair",
    "RESERVE_ORDER": "chance must decide who goes first at the reserve",
    "RESERVE": "keep the hand or swap a card for the reserve",
    "BUILD": "build two hands of five",
}
"""Each stage (but the end) and what it waits for, in the words of its refusal
(``tests/engine/test_out_of_turn.py``)."""

SPEC: ModuleType = divided_ranks_config
"""The spec's configuration module, its ``VARIANTS`` and ``PLAYER_COUNTS``
(``tests/spec/test_variants.py``)."""

REVEALED_CLAUSES: tuple[str, ...] = (
    "divided-ranks.info.hidden",
    "divided-ranks.play.phases",
    "divided-ranks.ruling.first-splitter",
    "divided-ranks.draft.rounds",
    "divided-ranks.setup.reserve",
    "divided-ranks.reserve.order",
    "divided-ranks.build.two-hands",
    "divided-ranks.info.ledger",
    "divided-ranks.draft.split",
    "divided-ranks.draft.choose",
    "divided-ranks.info.candidates",
    "divided-ranks.reserve.turns",
    "divided-ranks.ruling.blind-swap-view",
    "divided-ranks.variant.face-up-swap",
    "divided-ranks.build.secret",
    "divided-ranks.end.reveal",
    "divided-ranks.ruling.swap-odds",
)
"""The clauses of :func:`reveals`' table, written out (``tests/engine/test_generic_observe_complete.py``)."""


def reveals() -> RevealTable | None:
    """What the rules reveal to whom, and when (``tests/divided_ranks/reveals.py``)."""
    from tests.divided_ranks.reveals import TABLE

    return TABLE


REFEREE_CLAUSES: tuple[str, ...] = (
    "divided-ranks.ruling.first-splitter",
    "divided-ranks.draft.rounds",
    "divided-ranks.draft.choose",
    "divided-ranks.reserve.turns",
    "divided-ranks.reserve.order",
    "divided-ranks.reserve.blind",
    "divided-ranks.variant.coin-flip-reserve",
    "divided-ranks.ruling.build-order",
    "divided-ranks.build.weaker-stronger",
    "divided-ranks.hands.categories",
    "divided-ranks.hands.no-high-card",
    "divided-ranks.hands.joker-wild",
    "divided-ranks.hands.joker-low",
    "divided-ranks.hands.joker-tiebreak",
    "divided-ranks.ruling.card-for-card",
    "divided-ranks.score.order",
    "divided-ranks.score.loser",
    "divided-ranks.score.draw",
    "divided-ranks.end.reveal",
)
"""The clauses :func:`referee` checks the events of (``tests/engine/test_generic_events_independent.py``)."""


def referee() -> ModuleType | None:
    """The independent check of the game's events: its ``check_game``, ``CONFIGS`` and ``CHOOSERS``
    (``tests/divided_ranks/test_events_independent.py``)."""
    from tests.divided_ranks import test_events_independent

    return test_events_independent


# The data of the dispute tests.

DISPUTES: Disputes | None = Disputes(
    example=EXAMPLE,
    toml=(
        [
            'game = "divided-ranks"',
            "first_splitter = 0",
            *[
                f"[[rounds]]\nface_up = {json.dumps(r['face_up'])}\n"
                f"face_down = {json.dumps(r['face_down'])}\ntook = {json.dumps(r['took'])}"
                for r in cast("list[dict[str, Any]]", EXAMPLE["rounds"])
            ],
        ],
        "seat 1 may: keep",
    ),
    judged=[
        (lambda d: d["rounds"][1].__setitem__("face_up", "AH KS"), "given twice"),
        (lambda d: d["rounds"][1].__setitem__("face_up", "AH"), "has 1 cards, not 2"),
        (lambda d: d["rounds"][2].__setitem__("splitter", 1), "split by seat 1, but seat 0"),
        (lambda d: d.__setitem__("swaps", [{"gave": "KS"}]), "only give up one of its own"),
        (lambda d: d.__setitem__("swaps", ["keep", "keep", "keep"]), "3 reserve turns"),
        (lambda d: d.__setitem__("swaps", [{"seat": 0, "gave": "10C"}]), "seat 1's"),
        (lambda d: d.__setitem__("swaps", [{"gave": "10C", "took": "AS"}]), "not A♠"),
        (lambda d: d.__setitem__("reserve", "AS"), "the reserve is 10♣, not A♠"),
        (lambda d: d.__setitem__("to_move", 1), "seat 0 to act, not 1"),
        (lambda d: d["hands"].__setitem__(0, "AS"), "seat 0 holds"),
        (lambda d: d["rounds"].pop(), "round 5 is in progress"),
        (lambda d: d.__setitem__("split", {"drawn": "AS"}), "no split is in progress"),
        (lambda d: d.__setitem__("reserve_first", 0), "not seat 0"),
        (lambda d: d["rounds"][0].__setitem__("face_up", "9S QH"), "not a card of the"),
        (
            lambda d: d["rounds"][0].__setitem__("took", "left"),
            'rounds[0].took: expected "up" or "down"',
        ),
        (lambda d: d.__setitem__("variants", ["open"]), "unknown variant"),
        (lambda d: d.pop("first_splitter"), "position.first_splitter: missing"),
        (lambda d: d.__setitem__("colour", "red"), "unknown field"),
        (lambda d: d.__setitem__("game", "divide"), "not Divided Ranks"),
    ],
    fuzzed=[(EXAMPLE, frozenset())],
    json_words=("AS", "10H", "JK", "9S", "AS KH", "up", "down", "keep"),
    bad_queries=[
        "exists hand: category == flush",
        "exists hand: value == 1",
        "exists hand: value[5] == 1",
        "exists draft (coin=2): 1 == 1",
        "exists draft (players=4): 1 == 1",
        "maximize build: weaker.joker",
    ],
    doubled=first_card_twice,
)
"""The data of the dispute tests every game makes the same way (:class:`tests.game_data.Disputes`)."""


# The data of the command line's generic tests (tests/engine/test_generic_cli.py).

SAME_SEED: tuple[str, ...] = ("--seed", "4", "--bots", "expert,random")
"""``cardlaw play`` options whose record, written twice, must be the same bytes."""

BAD_LINES: tuple[str, ...] = (
    "simulate divided-ranks --games 0",
    "simulate divided-ranks --workers 0",
    "simulate divided-ranks --bots genius",
    "simulate divided-ranks --bots expert,expert,expert",
    "simulate divided-ranks --variant no-such-variant",
    "simulate divided-ranks --games many",
    "simulate chess",
    "play divided-ranks --players 3",
    "ask divided-ranks census --frobnicate",
)
"""Command lines about the game that cardlaw refuses with one line and exit code 2 (beyond
those about every game)."""

MALFORMED_RECORDS: tuple[str, ...] = ()
"""Record files ``cardlaw replay`` refuses as malformed."""

TAMPERED: Tampered | None = Tampered(
    play=("--seed", "5"),
    event="game-end",
    edit=lambda event: event.__setitem__("winner", 1 - event["winner"]),
)
"""The record the tampering tests edit, and the edit of one of its events."""


# The data of the docs' tests (tests/docs).

STORIES: frozenset[str] = frozenset({"draft", "reserve", "build", "showdown"})
"""The worked examples the docs tell (``tests/docs/test_stories.py``)."""

ASK_PANEL: tuple[PanelCase, ...] = tuple(
    [
        (
            taps("10S", "JD", "QH", "KH", "AD", "10C", "JK", "QS", "KD", "AH"),
            ["divided-ranks", "compare", "10S JD QH KH AD", "10C JK QS KD AH"],
        ),
        (
            taps("AS", "AH", "AD", "KS", "KH", "QS", "QH", "QD", "JS", "JH"),
            ["divided-ranks", "compare", "AS AH AD KS KH", "QS QH QD JS JH"],
        ),
        (
            [("question", "arrange")]
            + taps("10S", "10H", "JS", "JH", "QS", "QH", "KC", "KD", "AC", "AD"),
            ["divided-ranks", "arrange", "10S", "10H", "JS", "JH", "QS", "QH", "KC", "KD"]
            + ["AC", "AD"],
        ),
        (  # bad input: nine cards to split
            [("question", "arrange")]
            + taps("10S", "10H", "JS", "JH", "QS", "QH", "KC", "KD", "AC"),
            ["divided-ranks", "arrange", "10S", "10H", "JS", "JH", "QS", "QH", "KC", "KD", "AC"],
        ),
        (  # is this split legal: the four cards drawn, face up, face down (each field in turn)
            [("question", "split"), *taps("AS", "AH", "10C", "JK", "AS", "AH", "10C", "JK")],
            ["divided-ranks", "split", "--drawn", "AS AH 10C JK", "--up", "AS AH"]
            + ["--down", "10C JK"],
        ),
        (  # three face up, one face down, with the splitter's hand so far
            [("question", "split"), *taps("AS", "AH", "10C", "JK", "AS", "AH")]
            + [("target", "up"), *taps("10C"), ("target", "down"), *taps("JK")]
            + [("target", "hand"), *taps("KS", "KH")],
            ["divided-ranks", "split", "--drawn", "AS AH 10C JK", "--up", "AS AH 10C"]
            + ["--down", "JK", "--hand", "KS KH"],
        ),
        (  # bad input: a card drawn that the hand already holds
            [("question", "split"), *taps("AS", "AH", "10C", "JK", "AS", "AH", "10C", "JK")]
            + taps("JK", "KH"),
            ["divided-ranks", "split", "--drawn", "AS AH 10C JK", "--up", "AS AH"]
            + ["--down", "10C JK", "--hand", "JK KH"],
        ),
    ]
)
"""The taps of questions to the rulebook's "Ask the judge" panel, and the ``cardlaw ask``
arguments of the same questions (``tests/docs/test_ask_panel.py``)."""


# The data of the game-AI adapters' tests (tests/ecosystem).


def _secrecy() -> tuple[Hidden, Swapped]:
    """Divided Ranks' cards hidden from a seat (the pack's cards it does not know), and its swap
    (``tests/divided_ranks/test_observe.py``)."""
    from cardlaw.spec.divided_ranks.constants import PACK
    from tests.divided_ranks.test_observe import known_cards, swap_cards

    def hidden_from(state: Any, seat: int) -> list[int]:
        return [c for c in PACK if not known_cards(state, seat) >> c & 1]

    return hidden_from, swap_cards


ECOSYSTEM: Ecosystem | None = Ecosystem(
    setups=({}, {"variant": "face-up-swap+coin-flip-reserve"}),
    wider=[
        {"variant": "face-up-swap"},
        {"variant": "coin-flip-reserve"},
        {"pair_size": 1, "rounds": 10},
        {"reserve_turns": 5},
    ],
    secrecy=_secrecy,
    blocks=(
        ("split", 0, 5),
        ("take", 6, 7),
        ("keep", 8, 8),
        ("swap", 9, 29),
        ("build", 30, 155),
    ),
    returns=lambda config, result: (
        [0.0, 0.0]
        if result.winner is None
        else [1.0 if seat == result.winner else -1.0 for seat in (0, 1)]
    ),
)
"""The setups the game-AI adapters' tests run, and the game's secrecy helpers."""


def _arrange_holdings(game: Any, config: Any, final: Any, actions: list[Any]) -> None:
    """Every ten-card holding of the end arranged, as ``cardlaw ask divided-ranks arrange``."""
    from cardlaw.engine.divided_ranks.explain import explain_arrange

    for hand in final.hands:
        if hand.bit_count() == 10:
            explain_arrange(hand)
    for first, second in final.builds:
        explain_arrange(first | second)


OTHER_APIS: OtherApis | None = OtherApis(
    named={
        "explain_arrange": "cardlaw ask divided-ranks arrange: auto-arrange "
        "[divided-ranks.ruling.best-build]",
    },
    drive=_arrange_holdings,
)
"""Divided Ranks' own entry point: its holdings arranged."""

CHANGES_PLAY: tuple[str, ...] = (
    "divided-ranks.ruling.first-splitter",
    "divided-ranks.ruling.card-for-card",
)
"""Rulings that change play, which its guide for players must retell (``tests/spec/test_guides.py``)."""


# More data of the generic engine tests.

OPENING: Opening = (
    "first_splitter",
    [
        (1, "deal"),
        (0, "round 1; split; seat 1 holds "),  # nothing in hand yet
        ("split 10H 10D / 10S JC", "round 1; choose; face-up pair 10♥ 10♦; seat 0 holds "),
    ],
)
"""The description at the start, then after each first step (the default configuration):
``tests/engine/test_describe.py``."""

ORDER_REFUSALS: dict[str, str] = {
    "Shuffle": "a shuffle must order the 21 cards of the pack [divided-ranks.setup.shuffle]",
}
"""What ``apply`` says to an order that is no outcome, by chance action type
(``tests/engine/test_chance_outcomes.py``)."""

PLAY_HELPERS: PlayHelpers | None = None
"""None: no trick phase with helpers stated twice (as actions and as a mask)."""


EQUALLY_LEGAL: Mapping[str, EquallyLegal] = {}
"""No tampered record is ever an equally legal game (``tests/engine/test_tamper.py``)."""


# The data of the command line's fuzz and ``simulate`` tests (tests/cli).

ASKED: Mapping[str, Asked] = {
    "compare": Asked(arguments=("AS KS QS JS 10S", "2H 2D 2C 3H 3D"), cards="hands"),
    "arrange": Asked(
        arguments=("AS", "KS", "QS", "JS", "10S", "2H", "2D", "2C", "3H"), cards="each"
    ),
    "showdown": Asked(arguments=("AS KS QS JS 10S", "2H 2D 2C 3H 3D"), cards="hands"),
    "census": Asked(),
    "split": Asked(options=("--drawn", "AS AH 10C JK", "--up", "AS AH", "--down", "JK")),
    "legal": Asked(options=("--example",), files=("--position",)),
}
"""Each of the game's ``cardlaw ask`` questions, asked cheaply and validly (the fuzz tests put
one defect in it: ``tests/cli/test_fuzz.py``)."""

ASK_BAD_VALUES: Mapping[str, tuple[str, ...]] = {}
"""Values of the right shape that the options of the game's own questions refuse, by option."""

SIMULATED: Simulated | None = Simulated(
    lineups=(
        (),
        ("--variant", "face-up-swap", "--variant", "coin-flip-reserve", "--bots", "skilled"),
    ),
    claims=True,
    default_bot="exact",
)
"""What ``cardlaw simulate`` runs the game with and must report (``tests/cli/test_simulate.py``)."""

CARD_WORDS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""The words of an action's text that name a card (``tests/engine/test_tamper.py``)."""

PANEL_MISSES: tuple[tuple[Mapping[str, Any], tuple[str, ...]], ...] = (
    ({"question": "compare", "args": {"first": "AS"}}, ("compare", "AS")),
    ({"question": "arrange", "args": {"cards": ""}}, ("arrange",)),
    (
        {"question": "split", "args": {"up": "AS AH", "down": "JK"}},
        ("split", "--up", "AS AH", "--down", "JK"),
    ),
)
"""Questions the "Ask the judge" panel sends with a part left out (no card, no trump tapped),
and the same ``cardlaw ask GAME`` arguments: both refused with the same message
(``tests/cli/test_answers.py``)."""
