"""``split.link.turn-order``: the encoding's direction and next seat are the engine's.

The direction after every card at every table of 2 to 6, the next seat of
every seat in either direction (and, in cooperative play, for every set of
seats that still hold cards), and every card (and aid) played from such a
seat through the Game API: the new direction and who plays next.

>>> from cardlaw.proofs.core import check
>>> report = check(turn_order_link())
>>> report.status, report.cases > 5000, [m.caught for m in report.mutants]
('proved', True, [True, True, True])
"""

from __future__ import annotations

from collections.abc import Mapping

import z3

from cardlaw.engine.split import piles
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.linking import MASKS, EngineTable, cached, engine_table
from cardlaw.proofs.split.witnesses import AID_MASK, legal_command, numbers, position
from cardlaw.spec.split.actions import Aid, Play
from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import COMPETITIVE_PLAYERS, COOPERATIVE_PLAYERS
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState, Stage, initial_state

__all__ = ["turn_order_link", "turn_order_tables"]


def _direction(clockwise: int) -> int:
    return 1 if clockwise else -1


def _seat_value(s: int) -> int:
    return s % (1 << E.SEAT_BITS)


def _hands_of(held: int, players: int, avoid: int = 0) -> tuple[int, ...]:
    """Hands for a mask of seats that hold cards: a distinct card for each, none of ``avoid``."""
    pool = iter(c for c in range(71, 99) if (STANDARD_MASK & ~avoid) >> c & 1)
    return tuple(1 << next(pool) if held >> s & 1 else 0 for s in range(players))


def _turn_order_cases() -> dict[str, EngineTable]:
    direction_rows = [
        (cw, 1 << c, n) for n in COMPETITIVE_PLAYERS for cw in (1, 0) for c in range(101)
    ]
    direction = engine_table(
        direction_rows,
        [
            (int(piles.reversed_direction(_direction(cw), c.bit_length() - 1, n) == 1),)
            for cw, c, n in direction_rows
        ],
        1,
    )
    plain = [(s, cw, n) for n in COMPETITIVE_PLAYERS for s in range(n) for cw in (1, 0)]
    competitive = engine_table(
        plain,
        [(_seat_value(piles.next_seat(s, _direction(cw), (1,) * n, False)),) for s, cw, n in plain],
        1,
    )
    skipping = [
        (s, cw, n, held)
        for n in COOPERATIVE_PLAYERS
        for s in range(n)
        for cw in (1, 0)
        for held in range(1 << n)
    ]
    cooperative = engine_table(
        skipping,
        [
            (_seat_value(piles.next_seat(s, _direction(cw), _hands_of(held, n), True)),)
            for s, cw, n, held in skipping
        ],
        1,
    )
    return {
        "direction": direction,
        "competitive": competitive,
        "cooperative": cooperative,
        **_played_cases(),
    }


def _played_state(
    n: int, s: int, cw: int, c: int, held: int, cooperative: bool, aid: bool
) -> SplitState:
    """Seat ``s`` of ``n`` about to play ``c`` (or use it as an aid), piles around it.

    ``held`` is the seats that hold cards after the play (seat ``s`` too, by a
    standard card kept).
    """
    low, high = (c - 1, c + 1) if STANDARD_MASK >> c & 1 else (44, 46)
    keep, under = [k for k in (32, 33, 34, 35, 36) if k not in (c, low, high)][:2]
    used = 1 << c | 1 << low | 1 << high | 1 << keep | 1 << under
    hands = list(_hands_of(held & ~(1 << s), n, used))
    hands[s] = (0 if aid else 1 << c) | (1 << keep if held >> s & 1 else 0)
    config = SplitConfig(mode="cooperative", players=n) if cooperative else SplitConfig(players=n)
    return initial_state(config)._replace(
        stage=Stage.PLAY,
        dealer=s,
        actor=s,
        opener=s,
        direction=_direction(cw),
        hands=tuple(hands),
        table=1 << low | 1 << high | 1 << under,
        left=low,
        right=high,
        aside=AID_MASK if cooperative else 0,
    )


def _after(state: SplitState, c: int, aid: bool) -> tuple[int, int]:
    after = SPLIT.apply(state, Aid(c) if aid else Play(c))
    return int(after.direction == 1), _seat_value(after.actor)


def _played_cases() -> dict[str, EngineTable]:
    """Every card played from every seat of every table, through the Game API."""
    rows: list[tuple[int, ...]] = []
    values: list[tuple[int, int]] = []
    for n in COMPETITIVE_PLAYERS:
        for s in range(n):
            for cw in (1, 0) if n > 2 else (1,):
                for c in range(101):
                    rows.append((s, cw, 1 << c, n, 0))
                    values.append(
                        _after(_played_state(n, s, cw, c, (1 << n) - 1, False, False), c, False)
                    )
    co_rows: list[tuple[int, ...]] = []
    co_values: list[tuple[int, int]] = []
    for n in COOPERATIVE_PLAYERS:
        for s in range(n):
            for cw in (1, 0):
                for held in range(1, 1 << n):
                    for c, aid in ((45, False), (50, False), (0, True), (100, True)):
                        if not held >> s & 1 and (aid or WILD_MASK >> c & 1):
                            continue  # a wild card is never a hand's last; an aid leaves it
                        co_rows.append((s, cw, 1 << c, n, held, aid))
                        state = _played_state(n, s, cw, c, held, True, aid)
                        co_values.append(_after(state, c, aid))
    return {
        "played": engine_table(rows, values, 2),
        "played-cooperative": engine_table(co_rows, co_values, 2),
    }


def _show_played(case: tuple[int, ...]) -> Witness:
    s, cw, c, n, held = case[:5]
    aid = bool(case[5]) if len(case) > 5 else False
    cooperative = len(case) > 5
    card = c.bit_length() - 1
    state = _played_state(n, s, cw, card, held if cooperative else (1 << n) - 1, cooperative, aid)
    spot = position(n, s, cw, state.hands, (state.left, state.right), cooperative=cooperative)
    action = f"{'aid' if aid else 'play'} {card}"
    command = legal_command(spot, action)
    mode = "cooperative " if cooperative else ""
    return Witness(
        f"seat {s} of a {mode}{n}-player table, play going "
        f"{'clockwise' if cw else 'counterclockwise'}, puts {card} in the middle (`{command}`)",
        data={"command": command, "position": spot, "action": action},
    )


def _show_seat(case: tuple[int, ...]) -> Witness:
    s, cw, n = case[:3]
    held = f", the seats holding cards {numbers(case[3])}" if len(case) > 3 else ""
    return Witness(f"seat {s} of {n}, play going {'clockwise' if cw else 'counterclockwise'}{held}")


def _show_direction(case: tuple[int, ...]) -> Witness:
    cw, c, n = case
    return Witness(
        f"{c.bit_length() - 1} played at a table of {n}, play going "
        f"{'clockwise' if cw else 'counterclockwise'}"
    )


def _turn_order_tables(cases: Mapping[str, EngineTable], p: Params) -> list[Table]:
    s, n = z3.BitVec("seat", E.SEAT_BITS), z3.BitVec("players", E.SEAT_BITS)
    cw, c = z3.Bool("clockwise"), z3.BitVec("card", E.WIDTH)
    held, aid = z3.BitVec("holding", E.HOLDING_BITS), z3.Bool("aid")
    turned = E.reversed_direction(cw, c, n, p)
    labels = MASKS
    played = ("the direction", "the next seat")
    return [
        Table(
            "proofs.split.encoding.reversed_direction + next_seat",
            (s, cw, c, n, held),
            (turned, E.next_seat(s, turned, n, None, p)),
            played,
            *cases["played"],
            _show_played,
            labels=labels,
        ),
        Table(
            "proofs.split.encoding.reversed_direction + next_seat",
            (s, cw, c, n, held, aid),
            (turned, E.next_seat(s, turned, n, held, p)),
            played,
            *cases["played-cooperative"],
            _show_played,
            labels=labels,
        ),
        Table(
            "proofs.split.encoding.reversed_direction",
            (cw, c, n),
            (turned,),
            ("the direction",),
            *cases["direction"],
            _show_direction,
            labels=labels,
        ),
        Table(
            "proofs.split.encoding.next_seat",
            (s, cw, n),
            (E.next_seat(s, cw, n, None, p),),
            ("the next seat",),
            *cases["competitive"],
            _show_seat,
            labels=labels,
        ),
        Table(
            "proofs.split.encoding.next_seat",
            (s, cw, n, held),
            (E.next_seat(s, cw, n, held, p),),
            ("the next seat",),
            *cases["cooperative"],
            _show_seat,
            labels=labels,
        ),
    ]


def turn_order_tables(rules: SplitRules = PRINTED_RULES) -> list[Table]:
    """The link's tables under ``rules``, the engine's side computed afresh (for tests)."""
    return _turn_order_tables(_turn_order_cases(), E.spec_params(rules))


def turn_order_link(rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.link.turn-order``: the encoding's direction and next seat are the engine's."""
    cases = cached(_turn_order_cases)
    return link(
        "split.link.turn-order",
        "For every card played (or aid used) from every seat of every table of 2 to 6 "
        "players, in either direction, and cooperatively for every set of seats still holding "
        "cards, the encoding's new direction and next player are those the Game API gives; so "
        "are its direction after every card at every table and its next seat for every seat, "
        "direction and set of seats holding cards.",
        (
            "split.turn.order",
            "split.setup.seating",
            "split.wild.reverse",
            "split.wild.two-players",
            "split.ruling.coop-reverse",
            "split.ruling.coop-empty-hand",
        ),
        lambda p: _turn_order_tables(cases(), p),
        E.spec_params(rules),
        Mutant(
            "split.mutant.link.wild-keeps-direction",
            "the encoding's wild card leaves the direction as it is",
            {"wild_reverses": False},
        ),
        Mutant(
            "split.mutant.link.two-players-reverse",
            "the encoding reverses the direction with two players too",
            {"two_players_keep": False},
        ),
        Mutant(
            "split.mutant.link.empty-seats-play",
            "the encoding's cooperative turns do not pass over empty hands",
            {"skip_empty": False},
        ),
        engine=(
            "engine.split.piles.reversed_direction",
            "engine.split.piles.next_seat",
            "engine.split.turn.apply_play",
            "engine.split.turn.apply_aid",
        ),
    )
