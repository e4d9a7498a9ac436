"""``split.link.turn``: the encoding's turn (legal actions, can play, reset, turns) is the engine's.

Turns are drawn from a fixed seed, as the conformance tests draw them with
Hypothesis: either game (every cooperative set of usable aids), moving the
middle card or playing, piles anywhere (adjacent, at the ends of the deck,
either one the lower), hands of one card (a lone wild card, a card between
the piles or not), a wild card and one more, or random hands.  The engine's
side is the Game API's ``legal_actions`` and the turn functions of
:mod:`engine.split.turn`, called through their module.

>>> from cardlaw.proofs.core import check
>>> report = check(turn_link())
>>> report.status, report.cases > 3000, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Final

import z3

from cardlaw.engine.split import turn
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.linking import AID_SETS, MASKS, SEED, EngineTable, cached, engine_table
from cardlaw.proofs.split.witnesses import AID_MASK, cards_text, play_command
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.split.actions import AIDS, Action, Aid, Move, Play, Reset
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import COMPETITIVE_PLAYERS, COOPERATIVE_PLAYERS, Mode
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import End, SplitState, Stage, initial_state

__all__ = ["TURN_LIMITS", "TURN_SAMPLE", "legal_of", "turn_link", "turn_row", "turn_states"]

TURN_SAMPLE: Final = 1500
"""Seeded random turns (besides the boundary turns)."""

ACCEPT_SAMPLE: Final = 400
"""Turns whose every action (each card held, one not, the aids, a reset, the moves) is applied."""

TURN_LIMITS: Final = 40
"""Every turn count below every turn limit up to this many is counted."""

_WILDS: Final = [c for c in range(101) if WILD_MASK >> c & 1]


def _piles(rng: random.Random) -> tuple[int, int]:
    kind = rng.randrange(4)
    if kind == 0:  # adjacent numbers: nothing between
        low = rng.randrange(100)
        pair = (low, low + 1)
    elif kind == 1:  # the ends of the deck
        pair = (rng.choice((0, 1, 2)), rng.choice((98, 99, 100)))
    else:
        pair = (rng.randrange(101), rng.randrange(101))
        while pair[0] == pair[1]:
            pair = (pair[0], rng.randrange(101))
    return pair if rng.random() < 0.5 else (pair[1], pair[0])


def _hand(rng: random.Random, free: list[int], left: int, right: int) -> int:
    low, high = min(left, right), max(left, right)
    between = [c for c in free if low < c < high and STANDARD_MASK >> c & 1]
    kind = rng.randrange(6)
    if kind == 0:
        return 1 << rng.choice([c for c in free if c in _WILDS] or free)
    if kind == 1 and between:
        return 1 << rng.choice(between)
    if kind == 2:
        return 1 << rng.choice(free)
    if kind == 3:
        wild = rng.choice([c for c in free if c in _WILDS] or free)
        return 1 << wild | 1 << rng.choice([c for c in free if c != wild])
    return sum(1 << c for c in rng.sample(free, rng.randint(1, 12)))


def _turn_state(rng: random.Random) -> SplitState:
    cooperative = rng.random() < 0.5
    players = rng.choice(COOPERATIVE_PLAYERS if cooperative else COMPETITIVE_PLAYERS)
    aids = rng.choice(AID_SETS) if cooperative else ()
    mode: Mode = "cooperative" if cooperative else "competitive"
    left, right = _piles(rng)
    used = rng.choice((0, 1, 1 << 100, AID_MASK)) if cooperative else 0
    aside = AID_MASK & ~used if cooperative else 0
    taken = 1 << left | 1 << right | aside | (AID_MASK if cooperative else 0)
    hand = _hand(rng, [c for c in range(101) if not taken >> c & 1], left, right)
    middle = -1
    if rng.random() < 0.5:
        free = [c for c in range(101) if not (taken | hand) >> c & 1]
        middle = rng.choice(free)
    others = next(c for c in range(3, 99) if not (taken | hand) >> c & 1 and c != middle)
    config = SplitConfig(mode=mode, players=players, aids=aids)
    return initial_state(config)._replace(
        stage=Stage.MOVE if middle >= 0 else Stage.PLAY,
        dealer=0,
        actor=0,
        opener=0,
        hands=(hand,) + (1 << others,) * (players - 1),
        table=1 << left | 1 << right | (1 << middle if middle >= 0 else 0),
        left=left,
        right=right,
        middle=middle,
        aside=aside,
    )


def turn_states() -> list[SplitState]:
    """The turns of the link: the seeded sample, every kind of hand drawn many times over."""
    rng = random.Random(SEED)
    return [_turn_state(rng) for _ in range(TURN_SAMPLE)]


def turn_row(state: SplitState) -> tuple[int, ...]:
    """A turn's case: the game, moving or not, the hand, the piles, the usable aids, the middle."""
    moving = state.stage == Stage.MOVE
    return (
        int(state.config.cooperative),
        int(moving),
        state.hands[state.actor],
        1 << state.left,
        1 << state.right,
        turn.usable_aids(state),
        1 << state.middle if moving else 0,
    )


def legal_of(state: SplitState) -> tuple[int, int, int, int, int]:
    """The Game API's legal actions: moves, plays, aids, reset; and the engine's reset_allowed."""
    actions = SPLIT.legal_actions(state)
    return (
        int(any(isinstance(a, Move) for a in actions)),
        sum(1 << a.card for a in actions if isinstance(a, Play)),
        sum(1 << a.card for a in actions if isinstance(a, Aid)),
        int(any(isinstance(a, Reset) for a in actions)),
        int(turn.reset_allowed(state)),
    )


def _turn_cases() -> dict[str, EngineTable]:
    states = turn_states()
    rows = [turn_row(state) for state in states]
    counted: list[tuple[int, int]] = []
    counts: list[tuple[int, int]] = []
    for limit in range(1, TURN_LIMITS + 1):
        start = initial_state(SplitConfig(max_turns=limit))._replace(stage=Stage.PLAY)
        for done in range(limit):
            after = turn.end_turn(start._replace(turn=done))
            counted.append((done, limit))
            counts.append((after.turn, int(after.end == End.TURN_LIMIT)))
    tried, accepted = _tried(states[:ACCEPT_SAMPLE])
    return {
        "accepted": engine_table(tried, accepted, 1),
        "legal": engine_table(rows, [legal_of(state) for state in states], 5),
        "can-play": engine_table(rows, [(int(turn.can_play(state)),) for state in states], 1),
        "count": engine_table(counted, counts, 2),
    }


_KINDS: Final = ("play", "aid", "reset", "move left", "move right")


def _answer(state: SplitState, action: Action) -> int:
    """The Game API's answer: 0 when ``apply`` takes the action, else the clause it names.

    As an index of :data:`~proofs.split.encoding.REFUSALS` (its length for any other clause).
    """
    try:
        SPLIT.apply(state, action)
    except IllegalAction as refused:
        clause = refused.clause or ""
        return E.REFUSALS.index(clause) if clause in E.REFUSALS[1:] else len(E.REFUSALS)
    return 0


def _tried(states: list[SplitState]) -> tuple[list[tuple[int, ...]], list[tuple[int]]]:
    """Every card of the hand, a card not held, both aids, a reset and both moves, applied."""
    rows: list[tuple[int, ...]] = []
    values: list[tuple[int]] = []
    for state in states:
        hand = state.hands[state.actor]
        row = turn_row(state)
        outsider = next(c for c in range(101) if not (hand | state.aside) >> c & 1)
        tries: list[tuple[int, int, Action]] = [
            *((0, c, Play(c)) for c in range(101) if hand >> c & 1),
            (0, outsider, Play(outsider)),
            *((1, a, Aid(a)) for a in AIDS),
            (2, 0, Reset()),
            (3, 0, Move("left")),
            (4, 0, Move("right")),
        ]
        for kind, c, action in tries:
            rows.append((*row, kind, 1 << c if kind < 2 else 0))
            values.append((_answer(state, action),))
    return rows, values


def _answer_text(code: int) -> str:
    if code == 0:
        return "legal"
    return f"refused [{E.REFUSALS[code]}]" if code < len(E.REFUSALS) else "refused (another clause)"


def _show_action(case: tuple[int, ...]) -> Witness:
    kind, c = case[7], case[8]
    shown = _show_turn(case[:7])
    what = _KINDS[kind] + (f" {c.bit_length() - 1}" if kind < 2 else "")
    return Witness(f"{shown.text}: {what}", data=shown.data)


def _show_turn(case: tuple[int, ...]) -> Witness:
    cooperative, moving, hand, left, right, aids, middle = case
    command = play_command(
        hand,
        left.bit_length() - 1,
        right.bit_length() - 1,
        middle=middle.bit_length() - 1 if moving else -1,
        cooperative=bool(cooperative),
        aids=aids,
    )
    mode = "cooperative" if cooperative else "competitive"
    return Witness(
        f"{mode}, the hand {cards_text(hand)}, the aids {cards_text(aids)} (`{command}`)",
        data={"command": command},
    )


def _show_count(case: tuple[int, ...]) -> Witness:
    return Witness(f"turn {case[0] + 1} of a game limited to {case[1]} turns ends")


def _turn_tables(cases: Mapping[str, EngineTable], p: Params) -> list[Table]:
    cooperative, moving = z3.Bool("cooperative"), z3.Bool("moving")
    hand, left, right, aids, middle = (
        z3.BitVec(n, E.WIDTH) for n in ("hand", "left", "right", "aids", "middle")
    )
    inputs = (cooperative, moving, hand, left, right, aids, middle)
    actions = E.legal_turn(cooperative, moving, hand, left, right, aids, p)
    played = E.playable_mask(hand, left, right, p)
    reset = E.reset_allowed(cooperative, moving, played, aids, p)
    done, limit = z3.BitVec("turn", E.TURN_BITS), z3.BitVec("limit", E.TURN_BITS)

    def key(case: tuple[int, ...]) -> tuple[int, ...]:
        return (case[2].bit_count(), *case)

    kind, action_card = z3.BitVec("kind", 3), z3.BitVec("action", E.WIDTH)
    answer = E.refusal(actions, cooperative, moving, hand, kind, action_card, p)
    return [
        Table(
            "proofs.split.encoding.legal_turn",
            (*inputs, kind, action_card),
            (answer,),
            ("the answer to the action",),
            *cases["accepted"],
            _show_action,
            key,
            {"the answer to the action": _answer_text},
        ),
        Table(
            "proofs.split.encoding.legal_turn",
            inputs,
            (actions.moves, actions.plays, actions.aids, actions.reset, reset),
            (
                "the moves",
                "the cards that may be played",
                "the aids that may be used",
                "the reset",
                "reset allowed",
            ),
            *cases["legal"],
            _show_turn,
            key,
            MASKS,
        ),
        Table(
            "proofs.split.encoding.can_play",
            inputs,
            (E.can_play(hand, left, right, middle, moving, aids, p),),
            ("whether the player can play",),
            *cases["can-play"],
            _show_turn,
            key,
        ),
        Table(
            "proofs.split.encoding.turn_counted",
            (done, limit),
            E.turn_counted(done, limit),
            ("the turns completed", "whether the game is drawn"),
            *cases["count"],
            _show_count,
        ),
    ]


def turn_link(rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.link.turn``: the encoding's legal actions of a turn are the Game API's."""
    cases = cached(_turn_cases)
    return link(
        "split.link.turn",
        f"For {TURN_SAMPLE} seeded turns of either game (every set of usable aids, moving the "
        "middle card or playing, adjacent piles and piles at the ends of the deck, a lone wild "
        "card, a card between the piles or not, a wild card and one more, random hands), the "
        "encoding's moves, playable cards, usable aids and reset are the Game API's legal "
        f"actions, and whether the player can play is the engine's; in {ACCEPT_SAMPLE} of them "
        "the Game API's apply takes exactly the actions the encoding allows (each card held, "
        "one not held, both aids, a reset, both moves) and refuses each other naming the clause "
        "the encoding names; and for every turn limit up "
        f"to {TURN_LIMITS} and every turn before it, the count of turns and the draw at the "
        "limit are the engine's.",
        (
            "split.turn.move-middle",
            "split.turn.play-between",
            "split.turn.must-reset",
            "split.reset.choose",
            "split.ruling.reset-timing",
            "split.coop.aid-use",
            "split.coop.lose-on-reset",
            "split.ruling.coop-no-chosen-reset",
            "split.ruling.turn-limit",
        ),
        lambda p: _turn_tables(cases(), p),
        E.spec_params(rules),
        Mutant(
            "split.mutant.link.reset-only-before-moving",
            "the encoding allows a reset only instead of moving the middle card",
            {"reset_after_move": False},
        ),
        Mutant(
            "split.mutant.link.cooperative-no-reset",
            "the encoding gives a blocked cooperative player no reset",
            {"cooperative_blocked_reset": False},
        ),
        engine=(
            "engine.split.turn.legal_turn_actions",
            "engine.split.turn.can_play",
            "engine.split.turn.reset_allowed",
            "engine.split.turn.usable_aids",
            "engine.split.turn.end_turn",
            "engine.split.turn.apply_play",
            "engine.split.turn.apply_aid",
            "engine.split.turn.apply_move",
            "engine.split.opening.apply_reset",
            "engine.split.game._phases",
        ),
    )
