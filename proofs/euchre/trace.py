"""Euchre's trace links: every step of seeded whole games held to the encodings.

For each configuration (:data:`CONFIGURATIONS`) ``cardlaw verify`` plays
:data:`GAMES` seeded games of random players and :data:`PASSING_GAMES` of players who
mostly pass through the Game API and checks, step by step:

* every card played: the engine's legal plays (the cards of the ``play``
  actions it lists) are the encoding's ``legal_plays`` of the hand, the led
  card and trump;
* every finished trick: the team the engine gives it is the team of the
  encoding's ``trick_winner``;
* every finished hand: the team and points the engine scores are the
  encoding's ``hand_score`` of the makers' tricks, alone, a lone defender;
* every step: the game is over exactly when the encoding's ``game_over``
  says so of the scores, and its result names the ``winner``;
* every deal, bid, discard, first lead and finished hand: the encodings of
  the deal, the bidding, the exchange, the first leader and ``hand_step``
  (:mod:`proofs.euchre.trace_hand`).

>>> from cardlaw.proofs.core import check
>>> report = check(trace_link("default", games=2))
>>> report.status, report.cases > 100, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

import z3

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Mutant, Obligation
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.hands import passing_games
from cardlaw.proofs.euchre.scoring import clause_of
from cardlaw.proofs.euchre.trace_hand import ENGINE, hand_tables
from cardlaw.proofs.link import Pair, Table, link, pairs_table
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import LOCATOR, Step, Trace, cases, located, play
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.euchre.actions import Action, Play
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import TEAM_OF
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage, seats_out

__all__ = ["CONFIGURATIONS", "GAMES", "PASSING_GAMES", "obligations", "trace_link"]

GAMES: Final = 6
"""Seeded whole games per configuration: uniform random players."""

PASSING_GAMES: Final = 2
"""Seeded whole games per configuration of players who mostly pass
(:func:`~proofs.euchre.hands.passing_games`, numbered from :data:`PASSING_SEEDS`): thrown-in
hands, and a stuck dealer under stick-the-dealer, which uniform players almost never meet."""

PASSING_SEEDS: Final = 1000
"""The number of the first passing game (the uniform games are numbered from 0)."""

CONFIGURATIONS: Final[Mapping[str, Mapping[str, bool]]] = {
    "default": {},
    "stick-the-dealer": {"stick_the_dealer": True},
    "lone-defender": {"lone_defender": True},
    "keep-up-card": {"keep_up_card": True},
    "sitting-dealer-discards": {"sitting_dealer_discards": True},
    "openspiel": {k: bool(v) for k, v in EUCHRE.variants["openspiel"].items()},
}
"""The configurations traced, by name: the printed rules, each variant flag, and the variant
openspiel (three flags at once: its stuck dealer may have to take the up-card and sit out)."""

SUITS: Final = "CDHS"


def _trick_seats(state: EuchreState, leader: int, size: int) -> list[int]:
    """The seats that played a trick of ``size`` cards led by ``leader``, in play order."""
    out = set(seats_out(state)) - {-1}
    seats: list[int] = []
    seat = leader
    while len(seats) < size:
        if seat not in out:
            seats.append(seat)
        seat = (seat + 1) % 4
    return seats


def _tables(traces: Sequence[Trace[EuchreState, Action]], p: Params) -> list[Table]:
    hand, led = z3.BitVec("hand", E.MASK_BITS), z3.BitVec("led", E.CARD_BITS)
    trump = z3.BitVec("trump", 2)
    leading: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    following: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    tricks: dict[int, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {3: [], 4: []}
    scored: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    over: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for number, trace, step in cases(traces):
        game = trace.game
        state, after = step.state, step.after
        where = (number, step.index)
        if state.stage == Stage.TRICKS and state.actor >= 0:
            legal = sum(1 << a.card for a in game.legal_actions(state) if isinstance(a, Play))
            h = state.hands[state.actor]
            if state.trick:
                following.append(((h, state.trick[0], state.trump, *where), (legal,)))
            else:
                leading.append(((h, state.trump, *where), (legal,)))
        if len(after.tricks) > len(state.tricks):
            leader, cards = after.tricks[-1]
            gained = [after.won[t] - state.won[t] for t in (0, 1)]
            if sum(gained) == 1 and len(cards) in tricks:
                team = 0 if gained[0] else 1
                seats = _trick_seats(state, leader, len(cards))
                tricks[len(cards)].append(((*cards, state.trump, *seats, *where), (team,)))
        if len(after.results) > len(state.results) and after.results[-1][0] >= 0:
            makers = TEAM_OF[state.maker]
            defended = int(state.defender >= 0)
            scored.append(
                (
                    (makers, after.won[makers], int(state.alone), defended, *where),
                    after.results[-1],
                )
            )
        ended = game.result(after)
        winning = -1 if ended is None else ended.winner
        over.append(((*after.scores, *where), (int(game.to_move(after) is None), winning)))
    tables = _assemble(traces, p, hand, led, trump, leading, following, tricks, scored, over)
    return tables + hand_tables(traces, p)


def _assemble(
    traces: Sequence[Trace[EuchreState, Action]],
    p: Params,
    hand: z3.BitVecRef,
    led: z3.BitVecRef,
    trump: z3.BitVecRef,
    leading: list[Pair],
    following: list[Pair],
    tricks: dict[int, list[Pair]],
    scored: list[Pair],
    over: list[Pair],
) -> list[Table]:
    def where(case: tuple[int, ...]) -> tuple[int, int]:
        return case[-2], case[-1]

    def play_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        state = step.state
        led_text = f"after {Card(state.trick[0])} is led" if state.trick else "leading"
        return f"seat {state.actor} holds {CardSet(case[0])} {led_text}, trump {SUITS[state.trump]}"

    def trick_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        size = (len(case) - 1) // 2
        cards = " ".join(str(Card(c)) for c in case[:size])
        return f"the trick {cards} under trump {SUITS[case[size]]}, led by seat {case[size + 1]}"

    def score_text(
        trace: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        makers, won, alone, defended = case
        config = trace.config
        assert isinstance(config, EuchreConfig)
        clause = clause_of(config.rules, won, bool(alone), bool(defended))
        return (
            f"team {makers}{' alone' if alone else ''} made trump and took {won} tricks"
            + (" against a lone defender" if defended else "")
            + f" [{clause}]"
        )

    def over_text(
        _: Trace[EuchreState, Action], step: Step[EuchreState, Action], case: tuple[int, ...]
    ) -> str:
        return f"the scores are {case[0]}-{case[1]}"

    masks = {"the legal cards": lambda m: str(CardSet(m)) or "nothing"}
    tables = [
        pairs_table(
            "proofs.euchre.encoding.legal_plays",
            [hand, led, trump, *LOCATOR],
            [E.legal_plays(hand, led, trump, p)],
            ("the legal cards",),
            following,
            located(traces, play_text),
            where,
            masks,
        ),
        pairs_table(
            "proofs.euchre.encoding.legal_plays",
            [hand, trump, *LOCATOR],
            [E.legal_plays(hand, None, trump, p)],
            ("the legal cards",),
            leading,
            located(traces, play_text),
            where,
            masks,
        ),
    ]
    for size, rows in tricks.items():
        cards = [z3.BitVec(f"card{i}", E.CARD_BITS) for i in range(size)]
        seats = [z3.Int(f"seat{i}") for i in range(size)]
        position, _ = E.trick_winner(cards, trump, p)
        team: z3.ArithRef = z3.IntVal(-1)
        for i in reversed(range(size)):
            team_of = z3.IntVal(-1)
            for seat in reversed(range(4)):
                team_of = z3.If(seats[i] == seat, z3.IntVal(TEAM_OF[seat]), team_of)
            team = z3.If(position == i, team_of, team)
        tables.append(
            pairs_table(
                "proofs.euchre.encoding.trick_winner",
                [*cards, trump, *seats, *LOCATOR],
                [team],
                ("the team that takes the trick",),
                rows,
                located(traces, trick_text),
                where,
            )
        )
    tricks_won, alone, defended, makers = (
        E.nat("tricks"),
        z3.Bool("alone"),
        z3.Bool("defended"),
        E.nat("makers"),
    )
    makers_score, points = E.hand_score(tricks_won, alone, p, defended)
    a, b = E.nat("score0"), E.nat("score1")
    tables += [
        pairs_table(
            "proofs.euchre.encoding.hand_score",
            [makers, tricks_won, alone, defended, *LOCATOR],
            [z3.If(makers_score, makers, 1 - makers), points],
            ("the team that scores", "the points"),
            scored,
            located(traces, score_text),
            where,
        ),
        pairs_table(
            "proofs.euchre.encoding.game_over",
            [a, b, *LOCATOR],
            [E.game_over((a, b), p), E.winner((a, b), p)],
            ("whether the game is over", "the winning team"),
            over,
            located(traces, over_text),
            where,
        ),
    ]
    return tables


def trace_link(name: str, rules: EuchreRules = PRINTED_RULES, games: int = GAMES) -> Obligation:
    """``euchre.trace.<name>``: seeded games of the configuration ``name`` held to the encodings."""
    flags = CONFIGURATIONS[name]
    config = EuchreConfig(rules=rules, **flags)
    p = E.spec_params(
        rules=rules,
        stick_the_dealer=flags.get("stick_the_dealer", False),
        lone_defender=flags.get("lone_defender", False),
        keep_up_card=flags.get("keep_up_card", False),
        sitting_dealer_discards=flags.get("sitting_dealer_discards", False),
    )
    traced: list[Trace[EuchreState, Action]] = []

    def build(params: Params) -> list[Table]:
        if not traced:
            traced.extend(play(EUCHRE, config, games=games, seed=20261205))
            passing = passing_games(config, games=PASSING_GAMES, seed=20261205, game=EUCHRE)
            traced.extend(replace(t, seed=PASSING_SEEDS + t.seed) for t in passing)
        return _tables(traced, params)

    return link(
        f"euchre.trace.{name}",
        f"In {games} seeded whole games of random players and {PASSING_GAMES} of players who "
        "mostly pass"
        + ("" if name == "default" else f" under {name}")
        + ", at every step the engine's deal and passing of the deal, bids listed and their "
        "outcome, discards listed, exchange, first lead, legal plays, trick winners, hand "
        "scores and end of the game are the encodings'.",
        (
            "euchre.deal.five",
            "euchre.ruling.deal-packets",
            "euchre.hand.dealer-rotation",
            "euchre.bid.first-round",
            "euchre.bid.second-round",
            "euchre.ruling.all-pass",
            "euchre.bid.pick-up",
            "euchre.ruling.discard-up-card",
            "euchre.trick.first-lead",
            "euchre.ruling.lone-lead",
            "euchre.trick.follow-suit",
            "euchre.trick.void",
            "euchre.trick.winner",
            "euchre.score.makers",
            "euchre.score.march",
            "euchre.score.alone-march",
            "euchre.score.euchred",
            "euchre.end.ten",
            "euchre.ruling.endless-game",
        ),
        build,
        p,
        Mutant(
            f"euchre.mutant.trace.{name}.left-bower-plain",
            "the encoding's left bower keeps its printed suit",
            {"left_bower_is_trump": False},
        ),
        engine=(
            "engine.euchre.play.apply_play",
            "engine.euchre.play._finish_hand",
            "engine.euchre.scoring.add_points",
            "engine.euchre.game._phases",
            "engine.euchre.events.result",
            *ENGINE,
        ),
        method="trace",
        variant="" if name == "default" else name,
    )


def obligations(rules: EuchreRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """One trace link per configuration of :data:`CONFIGURATIONS`."""
    return tuple(trace_link(name, rules) for name in CONFIGURATIONS)
