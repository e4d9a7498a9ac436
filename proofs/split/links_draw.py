"""``split.link.draw-step``: a reset's draw is one the encoding's draw relation allows.

Resets from positions with every size of draw pile around the draw (none,
one, fewer than a reset draws, exactly, more) and of discard pile, through
the Game API and the reshuffles chance makes: the cards drawn, the draw and
discard piles after, as the encoding's draw relation
(:func:`~proofs.split.encoding.draw_step`) and its abstraction to one supply
(:func:`~proofs.split.encoding.supply_draw`) say.

>>> from cardlaw.proofs.core import check
>>> report = check(draw_step_link())
>>> report.status, report.cases > 100, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.linking import SEED, EngineTable, cached, draw_mask, engine_table
from cardlaw.proofs.split.witnesses import cards_text, legal_command, numbers, position
from cardlaw.spec.split.actions import Reset
from cardlaw.spec.split.cards import WILD_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState, Stage, initial_state

__all__ = ["draw_step_link", "draw_tables"]


def _reset_positions(rules: SplitRules) -> list[SplitState]:
    """Reset positions with every size of draw pile around the draw, and of discard pile.

    The table holds the two piles, a card under them and, moving, a wild card
    in the middle; every other card is in the other hands.
    """
    rng = random.Random(SEED)
    k = rules.reset_draw
    states = []
    for n in (2, 3, 4):
        for draw_size in sorted({0, 1, k - 1, k, k + 1, k + 7}):
            for discard_size in (0, 1, 2, 6):
                for moving in (False, True):
                    deck = list(range(101))
                    rng.shuffle(deck)
                    middle = next(c for c in deck if WILD_MASK >> c & 1) if moving else -1
                    deck = [c for c in deck if c != middle]
                    hand, rest = deck[: rng.randint(1, 5)], deck[5:]
                    table, rest = rest[:3], rest[3:]
                    draw, rest = rest[:draw_size], rest[draw_size:]
                    discard, rest = rest[:discard_size], rest[discard_size:]
                    rest += deck[len(hand) : 5]
                    hands = [sum(1 << c for c in rest[s :: n - 1]) for s in range(n - 1)]
                    seat = rng.randrange(n)
                    hands.insert(seat, sum(1 << c for c in hand))
                    config = SplitConfig(players=n, rules=rules)
                    states.append(
                        initial_state(config)._replace(
                            stage=Stage.MOVE if moving else Stage.PLAY,
                            dealer=0,
                            actor=seat,
                            opener=0,
                            hands=tuple(hands),
                            draw=tuple(draw),
                            discard=sum(1 << c for c in discard),
                            table=sum(1 << c for c in table) | (1 << middle if moving else 0),
                            left=table[0],
                            right=table[1],
                            middle=middle,
                        )
                    )
    return states + _short_positions(rules, rng)


def _position(
    config: SplitConfig,
    seat: int,
    hand: list[int],
    table: list[int],
    draw: list[int],
    discard: list[int],
) -> SplitState:
    """A reset position: ``seat`` holds ``hand``; every card named nowhere is in the other hands."""
    n = config.players
    named = set(hand) | set(table) | set(draw) | set(discard)
    rest = [c for c in range(101) if c not in named]
    hands = [sum(1 << c for c in rest[s :: n - 1]) for s in range(n - 1)]
    hands.insert(seat, sum(1 << c for c in hand))
    return initial_state(config)._replace(
        stage=Stage.PLAY,
        dealer=0,
        actor=seat,
        opener=0,
        hands=tuple(hands),
        draw=tuple(draw),
        discard=sum(1 << c for c in discard),
        table=sum(1 << c for c in table),
        left=table[0],
        right=table[1],
    )


def _short_positions(rules: SplitRules, rng: random.Random) -> list[SplitState]:
    """Resetters holding only a wild card, drawing too few standard cards to open.

    The draw pile wild only or not, the table and the discard pile with
    standard cards or not: a card put under, a reshuffle first, or a draw.
    """
    k = rules.reset_draw
    states = []
    for n in (2, 3):
        for wild_draw in (True, False):
            for standard_discard in (True, False):
                for wild_table in (True, False):
                    wilds = [c for c in range(101) if WILD_MASK >> c & 1]
                    standards = [c for c in range(101) if not WILD_MASK >> c & 1]
                    rng.shuffle(wilds)
                    rng.shuffle(standards)
                    hand, table = wilds[:1], wilds[1:4] if wild_table else standards[:3]
                    spare = wilds[4:]
                    draw = spare[: k + 1] if wild_draw else [*spare[: k - 1], *standards[3 : 3 + k]]
                    left = [c for c in spare if c not in draw]
                    discard = standards[-3:] if standard_discard else left[:1]
                    config = SplitConfig(players=n, rules=rules)
                    states.append(_position(config, rng.randrange(n), hand, table, draw, discard))
    return states


def _drawn(state: SplitState, rng: random.Random) -> SplitState:
    """The state once a reset's draw is done: after it, and after any reshuffle chance makes."""
    after = SPLIT.apply(state, Reset())
    while after.owed and after.stage == Stage.RESHUFFLE:
        space = SPLIT.chance_outcomes(after)
        assert space is not None
        after = SPLIT.apply(after, space.outcome(rng.randrange(space.size)))
    return after


def _draw_cases(rules: SplitRules) -> tuple[EngineTable, list[SplitState]]:
    rng = random.Random(SEED)
    states = _reset_positions(rules)
    rows, values = [], []
    for number, state in enumerate(states):
        after = _drawn(state, rng)
        p = state.actor
        drawn = (after.hands[p] | after.table) & ~state.hands[p]
        rows.append((draw_mask(state), state.discard, state.table, drawn, state.hands[p], number))
        stage = _NEXT.get(after.stage, len(_NEXT))
        done = draw_mask(after)
        values.append((1, done, after.discard, 1, done | after.discard, stage))
    return engine_table(rows, values, 6), states


_NEXT: Final = {Stage.PLAY: 0, Stage.BURY: 1, Stage.RESHUFFLE: 2, Stage.OVER: 3}
"""What follows a reset's draw, by :func:`~proofs.split.encoding.opening_next`'s code."""


def _draw_tables(cases: EngineTable, states: Sequence[SplitState], p: Params) -> list[Table]:
    draw, discard, table, hand = (
        z3.BitVec(n, E.WIDTH) for n in ("draw", "discard", "table", "hand")
    )
    where = z3.Int("position")
    step = E.draw_step(draw, discard, table, "drawn", p)
    supply = E.supply_draw(draw | discard, E.mask(0), table, "drawn", p)

    def show(case: tuple[int, ...]) -> Witness:
        state = states[case[-1]]
        spot = position(
            state.players,
            state.actor,
            1,
            state.hands,
            (state.left, state.right),
            table=state.table,
            middle=state.middle,
        ) | {"draw": list(state.draw), "discard": numbers(state.discard)}
        command = legal_command(spot, "reset")
        return Witness(
            f"seat {state.actor} resets with the draw pile "
            f"{' '.join(map(str, state.draw)) or 'empty'} (top first), the discard pile "
            f"{cards_text(state.discard)} and the table "
            f"{cards_text(state.table)}, and draws {cards_text(case[3])} (`{command}`)",
            data={"command": command, "position": spot},
        )

    return [
        Table(
            "proofs.split.encoding.draw_step + supply_draw",
            (draw, discard, table, step.drawn, hand, where),
            (
                z3.And(*step.premise),
                step.draw,
                step.discard,
                z3.And(*supply.premise),
                supply.supply,
                E.opening_next(hand | step.drawn, step.draw, step.discard, p),
            ),
            (
                "the draw allowed",
                "the draw pile after",
                "the discard pile after",
                "the draw allowed from the supply",
                "the supply after",
                "what follows",
            ),
            *cases,
            show,
            labels={
                "the draw pile after": cards_text,
                "the discard pile after": cards_text,
                "the supply after": cards_text,
                "what follows": lambda v: (
                    ("new piles", "a card put under", "a reshuffle", "a draw")[v]
                    if v < 4
                    else "something else"
                ),
            },
        )
    ]


def draw_tables(rules: SplitRules = PRINTED_RULES) -> list[Table]:
    """The link's tables under ``rules``, the engine's side computed afresh (for tests)."""
    return _draw_tables(*_draw_cases(rules), E.spec_params(rules))


def draw_step_link(rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.link.draw-step``: a reset's draw is one the encoding's draw relation allows."""
    cases = cached(lambda: _draw_cases(rules))
    return link(
        "split.link.draw-step",
        "For resets by a seat of 2 to 4 players from positions with no card in the draw pile, "
        "one, one fewer than a reset draws, exactly as many, one more and more, with no card in "
        "the discard pile, one, two or six, and two or three cards on the table, through the "
        "Game API and the reshuffles chance makes: the cards drawn satisfy the encoding's draw "
        "relation (and its abstraction to one supply of cards), which gives the engine's draw "
        "and discard piles after.",
        (
            "split.reset.discard",
            "split.reset.draw-three",
            "split.ruling.empty-draw-pile",
            "split.ruling.short-draw",
        ),
        lambda p: _draw_tables(*cases(), p),
        E.spec_params(rules),
        Mutant(
            "split.mutant.link.reset-draws-fewer",
            "the encoding's reset draws one card fewer",
            {"reset_draw": rules.reset_draw - 1},
        ),
        Mutant(
            "split.mutant.link.no-reshuffle",
            "the encoding never shuffles the discard pile back",
            {"reshuffle": False},
        ),
        engine=(
            "engine.split.opening.apply_reset",
            "engine.split.opening.continue_opening",
            "engine.split.opening.apply_reshuffle",
            "engine.split.deal.reshuffle_outcomes",
        ),
    )
