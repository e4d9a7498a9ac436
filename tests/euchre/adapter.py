"""How the generic contract tests exercise Euchre."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

import cardlaw.spec.euchre as euchre_spec
import cardlaw.spec.euchre.config as euchre_config
from cardlaw.engine.euchre import play as euchre_play
from cardlaw.engine.euchre.masks import actions_of
from cardlaw.engine.euchre.position import EXAMPLE
from cardlaw.spec.cards import ALL_CARDS, JOKER, Card, CardSet, Suit
from cardlaw.spec.euchre import (
    Action,
    ChooseDealer,
    DefendAlone,
    Discard,
    EuchreState,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    Shuffle,
)
from cardlaw.spec.euchre.constants import EUCHRE_DECK
from cardlaw.spec.euchre.state import Stage as EuchreStage
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
    toml_tricks,
)
from tests.universe import orders

if TYPE_CHECKING:
    from tests.generic.observe import RevealTable

CONFIGS: list[dict[str, Any]] = [
    {"players": 4},
    {"players": 4, "stick_the_dealer": True},
    {
        "players": 4,
        "stick_the_dealer": True,
        "keep_up_card": True,
        "sitting_dealer_discards": True,
        "lone_defender": True,
    },
]
"""Configurations every contract test runs (the last is the variants openspiel and
lone-defender: OpenSpiel's euchre with ``allow_lone_defender``, every flag set)."""

REPR_NAMES: dict[str, Any] = {**vars(euchre_spec), "Card": Card, "CardSet": CardSet, "Suit": Suit}
"""The names an action's repr may use."""

PERFT_CASES: list[tuple[dict[str, Any], int, str, int]] = [
    ({"players": 4}, 1, "ORDER_UP", 7),
    ({"players": 4, "stick_the_dealer": True}, 2, "NAME_TRUMP", 5),
    ({"players": 4}, 3, "DISCARD", 5),
    ({"players": 4}, 4, "TRICKS", 6),
    ({"players": 4}, 5, "TRICKS", 6),
]
"""Golden perft counts: (config, seed, stage where counting starts, depth)."""

PLAYTHROUGH: list[str] = [
    "play",
    "euchre",
    "--seed",
    "2026",
    "--bots",
    "simple,random,simple,random",
]
"""The golden playthrough's command line."""

UNSPELLED: tuple[type, ...] = (ChooseDealer, Shuffle)
"""Action types whose universe holds values no record could spell (chance's orders and seats)."""

_DECK: Final = tuple(card for card in ALL_CARDS if EUCHRE_DECK >> card & 1)
_DECISIONS: Final[tuple[Action, ...]] = (
    Pass(),
    OrderUp(False),
    OrderUp(True),
    *(NameTrump(suit, alone) for suit in Suit for alone in (False, True)),
    DefendAlone(),
    *(Discard(card) for card in _DECK),
    *(Play(card) for card in _DECK),
)
"""Every decision the text form can spell: 60 of them."""


def action_universe(state: EuchreState, rng: random.Random) -> list[Action]:
    """A superset of the actions open at ``state``, from the spec's action types.

    The same at every stage, everything being cheap: every bid (``pass``,
    ``order`` with and without ``alone``, ``name`` each suit with and without),
    ``discard`` and ``play`` of each of the 24 cards, ``dealer`` of seats -1 to
    4, a shuffle of the deck and orders that are not one
    (:func:`tests.universe.bad_orders`, foreign cards the 8 of Spades and the
    Joker).
    """
    shuffles = orders(_DECK, rng, foreign=(Card("8S"), JOKER))
    return [
        *_DECISIONS,
        *(ChooseDealer(seat) for seat in range(-1, 5)),
        *(Shuffle(order) for order in shuffles),
    ]


# The data of the generic engine tests.

WAITS_FOR: dict[str, str] = {
    "FIRST_DEALER": "chance must choose the first dealer",
    "DEAL": "chance must shuffle and deal",
    "ORDER_UP": "bid (pass or order up)",
    "NAME_TRUMP": "bid (pass or name a suit)",
    "DISCARD": "discard one card",
    "DEFEND": "defend alone or pass",
    "TRICKS": "play a card",
}
"""Each stage (but the end) and what it waits for, in the words of its refusal
(``tests/engine/test_out_of_turn.py``)."""

SPEC: ModuleType = euchre_config
"""The spec's configuration module, its ``VARIANTS`` and ``PLAYER_COUNTS``
(``tests/spec/test_variants.py``)."""

REVEALED_CLAUSES: tuple[str, ...] = (
    "euchre.info.hidden",
    "euchre.deal.five",
    "euchre.hand.phases",
    "euchre.hand.dealer-rotation",
    "euchre.ruling.thrown-in-hand",
    "euchre.trick.winner-leads",
    "euchre.trick.winner",
    "euchre.score.one-team",
    "euchre.deal.up-card",
    "euchre.deal.shuffle",
    "euchre.bid.makers",
    "euchre.bid.alone",
    "euchre.bid.pick-up",
    "euchre.ruling.defender-alone",
)
"""The clauses of :func:`reveals`' table, written out (``tests/engine/test_generic_observe_complete.py``)."""


def reveals() -> RevealTable | None:
    """What the rules reveal to whom, and when (``tests/euchre/reveals.py``)."""
    from tests.euchre.reveals import TABLE

    return TABLE


REFEREE_CLAUSES: tuple[str, ...] = (
    "euchre.setup.first-dealer",
    "euchre.setup.partners",
    "euchre.hand.dealer-rotation",
    "euchre.ruling.thrown-in-hand",
    "euchre.ruling.deal-packets",
    "euchre.deal.up-card",
    "euchre.bid.first-round",
    "euchre.bid.second-round",
    "euchre.bid.makers",
    "euchre.bid.alone",
    "euchre.ruling.all-pass",
    "euchre.ruling.lone-lead",
    "euchre.cards.left-bower",
    "euchre.cards.trump-order",
    "euchre.cards.plain-order",
    "euchre.trick.first-lead",
    "euchre.trick.clockwise",
    "euchre.trick.winner",
    "euchre.trick.winner-leads",
    "euchre.score.makers",
    "euchre.score.march",
    "euchre.score.alone-march",
    "euchre.score.euchred",
    "euchre.end.ten",
    "euchre.ruling.end-at-once",
)
"""The clauses :func:`referee` checks the events of (``tests/engine/test_generic_events_independent.py``)."""


def referee() -> ModuleType | None:
    """The independent check of the game's events: its ``check_game``, ``CONFIGS`` and ``CHOOSERS``
    (``tests/euchre/test_events_independent.py``)."""
    from tests.euchre import test_events_independent

    return test_events_independent


# The data of the dispute tests.


def _revoked(spot: Any) -> None:
    """Seat 2 played J♣ to the Club lead while it held 9♣: it revoked (J♣ is a Spade)."""
    spot["tricks"][1]["cards"] = ["AC", "KC", "QC", "JC"]
    spot["hands"][2] = "9C JD KD"


DISPUTES: Disputes | None = Disputes(
    example=EXAMPLE,
    toml=(
        [
            'game = "euchre"',
            "dealer = 3",
            'upcard = "10S"',
            'trump = "S"',
            "maker = 0",
            "alone = false",
            f"hands = {json.dumps(EXAMPLE['hands'])}",
            "scores = [0, 0]",
            *toml_tricks(EXAMPLE, leader=3),
        ],
        "play JC",
    ),
    judged=[
        (lambda d: d["hands"].__setitem__(2, "JC JD AD"), "given twice"),
        (lambda d: d["hands"].__setitem__(1, "AS"), "holds 1 cards but must hold 2"),
        (lambda d: d["hands"].__setitem__(0, "KH 8D"), "not a card of the Euchre deck"),
        (lambda d: d["tricks"][1].__setitem__("leader", 1), "led by seat 1, but seat 3 won"),
        (lambda d: d.__setitem__("upcard", "AS"), "took the up-card A♠, but it is in hand 1"),
        (lambda d: d.__setitem__("upcard", "KH"), "turned down"),
        (lambda d: d.__setitem__("scores", [10, 3]), "the game is over"),
        (lambda d: d.__setitem__("results", [[0, 1]]), "add up to [1, 0]"),
        (lambda d: d.__setitem__("sitting_out", 2), "sitting_out is 2, but nobody sits out"),
        (lambda d: d.__setitem__("discard", "AS"), "given twice"),
        (lambda d: d.__setitem__("discard", "10S"), "still has the up-card"),
        (lambda d: d.__setitem__("trump", "X"), "position.trump: expected a suit"),
        (
            lambda d: d.__setitem__("trick", {"leader": 3, "cards": ["KS", "10D", "JS", "JC"]}),
            "already has 4 cards",
        ),
        (lambda d: d.pop("hands"), "position.hands: missing"),
        (lambda d: d.__setitem__("colour", "red"), "unknown field"),
        (lambda d: d.__setitem__("variants", ["stick"]), "unknown variant"),
        (lambda d: d.__setitem__("game", "divide"), "not Euchre"),
    ],
    fuzzed=[(EXAMPLE, frozenset({"results", "discard", "sitting_out"}))],
    json_words=("9S", "10H", "AS", "8C", "JK", "S", "JC JD", "KH AD"),
    bad_queries=[
        "",
        "exists trick",
        "exists trick left.wins",
        "exists deal: 1 == 1",
        "exists trick: nope",
        "exists trick: card == 1",
        "exists trick: card[4] == 1",
        "maximize trick: left.wins",
        "exists game (stick=2): ended",
        "exists trick (players=3): 1 == 1",
        "exists score: __import__('os')",
    ],
    doubled=first_card_twice,
    revoked=_revoked,
)
"""The data of the dispute tests every game makes the same way (:class:`tests.game_data.Disputes`)."""


# The data of the command line's generic tests (tests/engine/test_generic_cli.py).

SAME_SEED: tuple[str, ...] = ("--seed", "77", "--bots", "simple")
"""``cardlaw play`` options whose record, written twice, must be the same bytes."""

BAD_LINES: tuple[str, ...] = ()
"""Command lines about the game that cardlaw refuses with one line and exit code 2 (beyond
those about every game)."""

MALFORMED_RECORDS: tuple[str, ...] = ()
"""Record files ``cardlaw replay`` refuses as malformed."""

TAMPERED: Tampered | None = Tampered(
    play=("--seed", "5"),
    event="hand-end",
    edit=lambda event: event.__setitem__("points", event["points"] + 1),
)
"""The record the tampering tests edit, and the edit of one of its events."""


# The data of the docs' tests (tests/docs).

STORIES: frozenset[str] = frozenset({"document", "alone", "euchre"})
"""The worked examples the docs tell (``tests/docs/test_stories.py``)."""

ASK_PANEL: tuple[PanelCase, ...] = tuple(
    [
        (
            [*taps("KS", "10D", "JS", "JC"), ("choice", "trump", "S"), ("choice", "leader", "3")],
            ["euchre", "trick", "--trump", "S", "--leader", "3", "KS", "10D", "JS", "JC"],
        ),
        (
            [*taps("9H", "AH", "KH", "QH"), ("choice", "trump", "C")],
            ["euchre", "trick", "--trump", "C", "9H", "AH", "KH", "QH"],
        ),
        (
            [*taps("JD", "AC", "KS"), ("choice", "trump", "H"), ("choice", "alone_seat", "0")],
            ["euchre", "trick", "--trump", "H", "--alone-seat", "0", "JD", "AC", "KS"],
        ),
        (  # bad input: no trump set
            taps("KS", "10D", "JS", "JC"),
            ["euchre", "trick", "KS", "10D", "JS", "JC"],
        ),
        (  # is this play legal here: the left bower on a lead of its printed suit
            [("question", "play"), *taps("JC", "9C", "KH"), ("target", "trick"), *taps("AC")]
            + [("target", "card"), *taps("JC"), ("choice", "trump", "S")],
            ["euchre", "play", "--hand", "JC 9C KH", "--trick", "AC", "--trump", "S", "JC"],
        ),
        (  # bad input: a trick too long when a maker went alone
            [("question", "play"), *taps("9H"), ("target", "trick"), *taps("AH", "KH", "QH")]
            + [("target", "card"), *taps("9H"), ("choice", "trump", "C")]
            + [("choice", "alone", "1")],
            ["euchre", "play", "--hand", "9H", "--trick", "AH KH QH", "--trump", "C"]
            + ["--alone", "9H"],
        ),
    ]
)
"""The taps of questions to the rulebook's "Ask the judge" panel, and the ``cardlaw ask``
arguments of the same questions (``tests/docs/test_ask_panel.py``)."""


# The data of the game-AI adapters' tests (tests/ecosystem).


def _secrecy() -> tuple[Hidden, Swapped]:
    """Euchre's cards hidden from a seat, and its swap (``tests/euchre/test_observe.py``)."""
    from tests.euchre.test_observe import hidden_from, swap

    return hidden_from, swap


ECOSYSTEM: Ecosystem | None = Ecosystem(
    setups=({}, {"variant": "lone-defender+stick-the-dealer"}),
    wider=[
        {"variant": "openspiel"},
        {"variant": "lone-defender"},
        {"cards_each": 4},
        {"variant": "keep-up-card"},
    ],
    secrecy=_secrecy,
    blocks=(
        ("bid", 0, 10),
        ("defend", 11, 11),
        ("discard", 12, 35),
        ("play", 36, 59),
    ),
    returns=lambda config, result: [
        1.0 if seat in result.winners else -1.0 for seat in range(config.players)
    ],
    shorter={"target": 3},
)
"""The setups the game-AI adapters' tests run, and the game's secrecy helpers."""


def _openspiel_logs(game: Any, config: Any, final: Any, actions: list[Any]) -> None:
    """The game's hands written as OpenSpiel logs, and each log judged."""
    import contextlib

    from cardlaw.engine.euchre.openspiel import judge_log
    from cardlaw.engine.euchre.openspiel_export import hand_logs
    from cardlaw.spec.errors import MalformedInput

    states = [game.new_game(config)]
    for action in actions:
        states.append(game.apply(states[-1], action))
    with contextlib.suppress(MalformedInput):  # rules OpenSpiel cannot play: refused
        for hand in hand_logs(config, states, actions):
            judge_log(hand.log)


OTHER_APIS: OtherApis | None = OtherApis(
    named={
        "hand_logs": "cardlaw export --format openspiel: a Euchre game's hands "
        "[euchre.ruling.openspiel]",
        "judge_log": "cardlaw replay --format openspiel: an OpenSpiel log "
        "[euchre.ruling.openspiel]",
    },
    drive=_openspiel_logs,
)
"""Euchre's own entry points: its games as OpenSpiel logs, and such logs judged."""

CHANGES_PLAY: tuple[str, ...] = (
    "euchre.ruling.discard-up-card",
    "euchre.ruling.dealer-sits-out",
    "euchre.ruling.alone-timing",
)
"""Rulings that change play, which its guide for players must retell (``tests/spec/test_guides.py``)."""


# More data of the generic engine tests.

OPENING: Opening = (
    "hand 0; first dealer; score 0-0",
    [
        (3, "hand 0; deal; score 0-0"),
        (0, "hand 1; order up; up-card A♣; seat 0 holds 9♥ Q♦ 9♦ Q♣ 9♣; score 0-0"),
        # the dealer picks up the A♣
        ("order", "hand 1; discard; trump ♣; seat 3 holds K♠ J♠ K♥ J♥ J♦ A♣; score 0-0"),
    ],
)
"""The description at the start, then after each first step (the default configuration):
``tests/engine/test_describe.py``."""

ORDER_REFUSALS: dict[str, str] = {
    "Shuffle": "a shuffle must order the 24 cards from 9 to A, each once [euchre.deal.shuffle]",
}
"""What ``apply`` says to an order that is no outcome, by chance action type
(``tests/engine/test_chance_outcomes.py``)."""

PLAY_HELPERS: PlayHelpers | None = PlayHelpers(
    actions=euchre_play.legal_play_actions,
    mask_actions=lambda state: actions_of(
        euchre_play.legal_play_mask(state), euchre_play.PLAY_TABLE
    ),
    in_tricks=lambda state: state.stage == EuchreStage.TRICKS,
    seeds=3,
    sizes=frozenset({0, 1, 2}),
    clauses=("euchre.trick.follow-suit",),
)
"""The trick phase's helpers (``engine/euchre/play.py``), as actions and as a mask."""


EQUALLY_LEGAL: Mapping[str, EquallyLegal] = {}
"""No tampered record is ever an equally legal game (``tests/engine/test_tamper.py``)."""


# The data of the command line's fuzz and ``simulate`` tests (tests/cli).

ASKED: Mapping[str, Asked] = {
    "trick": Asked(options=("--trump", "S"), arguments=("KS", "10D", "JS", "JC"), cards="each"),
    "score": Asked(options=("--makers-tricks", "3")),
    "play": Asked(
        options=("--hand", "JC 9C KH", "--trump", "S", "--trick", "AC"),
        arguments=("JC",),
        cards="each",
    ),
    "legal": Asked(options=("--example",), files=("--position",)),
}
"""Each of the game's ``cardlaw ask`` questions, asked cheaply and validly (the fuzz tests put
one defect in it: ``tests/cli/test_fuzz.py``)."""

ASK_BAD_VALUES: Mapping[str, tuple[str, ...]] = {
    "--trump": ("", "X", "1", "11", "Z"),
    "--leader": ("-1", "99"),
    "--makers-tricks": ("-1", "6", "99"),
    "--makers": ("-1", "2"),
    "--alone-seat": ("-1", "4"),
}
"""Values of the right shape that the options of the game's own questions refuse, by option."""

SIMULATED: Simulated | None = Simulated(
    lineups=((), ("--variant", "stick-the-dealer")),
    claims=False,
    default_bot="simple",
)
"""What ``cardlaw simulate`` runs the game with and must report (``tests/cli/test_simulate.py``)."""

CARD_WORDS: tuple[str, ...] = tuple(str(card) for card in ALL_CARDS)
"""The words of an action's text that name a card (``tests/engine/test_tamper.py``)."""

PANEL_MISSES: tuple[tuple[Mapping[str, Any], tuple[str, ...]], ...] = (
    ({"question": "trick", "args": {"cards": ["KS"], "trump": ""}}, ("trick", "KS")),
    (
        {"question": "play", "args": {"card": "JC", "hand": "JC", "trump": ""}},
        ("play", "--hand", "JC", "JC"),
    ),
)
"""Questions the "Ask the judge" panel sends with a part left out (no card, no trump tapped),
and the same ``cardlaw ask GAME`` arguments: both refused with the same message
(``tests/cli/test_answers.py``)."""
