"""The steps of Split's seeded games as cases of the encodings' tables (:mod:`proofs.split.trace`).

:func:`cases` reads what the engine did at every step (through the Game
API: the legal actions it lists, the state after each action) once per
obligation; :func:`tables` pairs them with the encodings' terms under the
parameters of a check (the link's, or a mutant's).  Every case ends with the
game and the step it was met at (:data:`proofs.trace.LOCATOR`), so a
disagreement is shown with the record of that game up to that step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Final

import z3

from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.link import Table
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.linking import MASKS, EngineTable, draw_mask, engine_table, one_hot
from cardlaw.proofs.split.links_turn import legal_of, turn_row
from cardlaw.proofs.split.witnesses import cards_text
from cardlaw.proofs.trace import LOCATOR, Step, Trace, located
from cardlaw.spec.split.actions import (
    Action,
    Aid,
    Bury,
    ChooseDealer,
    Move,
    Play,
    Reset,
    Reshuffle,
    Shuffle,
)
from cardlaw.spec.split.cards import DECK_MASK
from cardlaw.spec.split.constants import DECK_SIZE
from cardlaw.spec.split.state import End, SplitState, Stage

__all__ = ["Cases", "cases", "tables"]

Pair = tuple[tuple[int, ...], tuple[int, ...]]
Cases = dict[str, EngineTable]
"""The engine's side of a trace link: the columns of each table's cases and values, by name."""

_NAMES: Final = (
    "legal",
    "buriable",
    "outcome",
    "order",
    "order-cooperative",
    "moved",
    "opening",
    "under",
    "reset",
    "draw",
    "dealt",
    "deck",
    "counted",
    "bound",
    "dealers",
    "places",
)
_OPENINGS: Final = (Shuffle, Reset, Bury, Reshuffle)


def _seat(s: int) -> int:
    return s % (1 << E.SEAT_BITS)


def _holding(hands: Sequence[int]) -> int:
    return sum(1 << s for s, hand in enumerate(hands) if hand)


def _union(hands: Sequence[int], but: int = -1) -> int:
    out = 0
    for s, hand in enumerate(hands):
        if s != but:
            out |= hand
    return out


def _settled(trace: Trace[SplitState, Action], index: int) -> Step[SplitState, Action] | None:
    """The step at or after ``index`` once a reset's draw is done (reshuffles followed)."""
    for step in trace.steps[index:]:
        if not step.after.owed:
            return step
        if step.after.stage != Stage.RESHUFFLE:
            return None
    return None


def _card_step(
    out: dict[str, list[Pair]], step: Step[SplitState, Action], where: tuple[int, int]
) -> None:
    state, action, after = step.state, step.action, step.after
    assert isinstance(action, Play | Aid)  # the caller's test
    seat, n = state.actor, state.players
    cooperative = int(state.config.cooperative)
    hand, c = state.hands[seat], 1 << action.card
    won = int(after.end in (End.WIN, End.GROUP_WIN))
    out["outcome"].append(
        (
            (hand, _union(state.hands, seat), c, cooperative, seat, *where),
            (after.hands[seat], won, _seat(after.winner)),
        )
    )
    if after.stage == Stage.MOVE:
        case = (seat, int(state.direction == 1), c, n, _holding(after.hands), *where)
        value = (int(after.direction == 1), _seat(after.actor))
        out["order-cooperative" if cooperative else "order"].append((case, value))


def _opening_step(
    out: dict[str, list[Pair]], step: Step[SplitState, Action], where: tuple[int, int]
) -> None:
    state, after = step.state, step.after
    if after.owed or after.stage not in (Stage.PLAY, Stage.BURY):
        return
    opener = after.opener
    opened = after.stage == Stage.PLAY
    hand = after.hands[opener] | (after.table if opened else 0)
    value = (
        (1, 1 << after.left, 1 << after.right, after.actor, int(after.direction == 1))
        if opened
        else (0, 0, 0, after.actor, int(after.direction == 1))
    )
    case = (hand, opener, state.players, int(state.direction == 1), *where)
    out["opening"].append((case, value))


def _reset_step(
    out: dict[str, list[Pair]],
    trace: Trace[SplitState, Action],
    step: Step[SplitState, Action],
    number: int,
) -> None:
    state, after = step.state, step.after
    cooperative = state.config.cooperative
    out["reset"].append(
        ((int(cooperative), number, step.index), (int(after.end == End.GROUP_LOSS),))
    )
    if cooperative:
        return
    settled = _settled(trace, step.index)
    if settled is None:
        return
    p, done = state.actor, settled.after
    drawn = (done.hands[p] | done.table) & ~state.hands[p]
    case = (draw_mask(state), state.discard, state.table, drawn, number, settled.index)
    value = (1, draw_mask(done), done.discard, 1, draw_mask(done) | done.discard)
    out["draw"].append((case, value))


def _counted(state: SplitState, action: object, after: SplitState) -> bool:
    """Whether the rules count a turn at this step: a play, an aid, or a reset's new piles.

    The dealer's first opening is not a turn [split.ruling.turn-limit].
    """
    if isinstance(action, Play | Aid):
        return True
    reopened = after.stage == Stage.PLAY or after.end == End.TURN_LIMIT
    first = after.opener == after.dealer and not state.turn
    return isinstance(action, _OPENINGS) and not after.owed and reopened and not first


def _step(
    out: dict[str, list[Pair]],
    trace: Trace[SplitState, Action],
    step: Step[SplitState, Action],
    number: int,
) -> None:
    state, action, after = step.state, step.action, step.after
    where = (number, step.index)
    if state.stage == Stage.FIRST_DEALER:
        space = SPLIT.chance_outcomes(state)
        assert space is not None
        outcomes = [space.outcome(i) for i in range(space.size)]
        seats = sum(1 << o.seat for o in outcomes if isinstance(o, ChooseDealer))
        even = all(space.probability(o) == Fraction(1, space.size) for o in outcomes)
        out["dealers"].append(((state.players, *where), (seats, int(even))))
    if state.stage in (Stage.MOVE, Stage.PLAY):
        out["legal"].append(((*turn_row(state), *where), legal_of(state)))
    elif state.stage == Stage.BURY:
        legal = sum(1 << a.card for a in SPLIT.legal_actions(state) if isinstance(a, Bury))
        row = (state.hands[state.opener], state.buried, len(state.draw), *where)
        out["buriable"].append((row, (legal,)))
    if isinstance(action, Play | Aid):
        _card_step(out, step, where)
    elif isinstance(action, Move):
        piles = (1 << state.left, 1 << state.right, int(action.side == "left"), 1 << state.middle)
        out["moved"].append(((*piles, *where), (1 << after.left, 1 << after.right)))
    elif isinstance(action, Reset):
        _reset_step(out, trace, step, number)
    if isinstance(action, Bury):
        top = 1 << state.draw[0]
        buried = (state.hands[state.opener], 1 << action.card, top, *where)
        out["under"].append((buried, (after.hands[after.opener] | after.table,)))
    if isinstance(action, _OPENINGS):
        _opening_step(out, step, where)
    if isinstance(action, Shuffle):
        held = [
            after.hands[s] | (after.table if s == after.dealer else 0) for s in range(state.players)
        ]
        for s, hand in enumerate(held):
            out["dealt"].append(((int(s == after.dealer), *where), (hand.bit_count(),)))
        dealt = _union(held) | after.discard | draw_mask(after)
        out["deck"].append(((int(state.config.cooperative), *where), (DECK_MASK & ~dealt,)))
    if after.end not in (End.WIN, End.GROUP_WIN):
        counted = (int(_counted(state, action, after)), state.turn, state.config.max_turns)
        out["counted"].append(((*counted, *where), (after.turn, int(after.end == End.TURN_LIMIT))))
    if after.stage not in (Stage.FIRST_DEALER, Stage.DEAL) and not isinstance(action, Move):
        places = (*after.hands, draw_mask(after), after.discard, after.table, after.aside)
        found = sum(places) if len(after.draw) == len(set(after.draw)) else -1
        seen = 0
        for place in places:
            seen |= place
        out["places"].append((where, (seen, sum(place.bit_count() for place in places), found)))
    if state.config.cooperative and after.stage in (Stage.MOVE, Stage.PLAY, Stage.OVER):
        supply = _union(after.hands) | after.aside & state.config.aid_mask
        spend = (supply, state.players, len(state.config.aids or ()), *where)
        out["bound"].append((spend, (after.turn,)))


def cases(traces: Sequence[Trace[SplitState, Action]]) -> Cases:
    """Every step of every trace, as cases of the tables, with the engine's values."""
    out: dict[str, list[Pair]] = {name: [] for name in _NAMES}
    for number, trace in enumerate(traces):
        for step in trace.steps:
            _step(out, trace, step, number)
    return {
        name: engine_table(
            [c for c, _ in pairs], [v for _, v in pairs], len(pairs[0][1]) if pairs else 0
        )
        for name, pairs in out.items()
    }


def _describe(what: Callable[[tuple[int, ...]], str]) -> Callable[..., str]:
    def describe(
        trace: Trace[SplitState, Action], step: Step[SplitState, Action], case: tuple[int, ...]
    ) -> str:
        return what(case)

    return describe


def tables(traces: Sequence[Trace[SplitState, Action]], found: Cases, p: Params) -> list[Table]:
    """The encodings' tables over the cases ``found`` in ``traces``, under the parameters ``p``."""
    v = {n: z3.BitVec(n, E.WIDTH) for n in ("hand", "left", "right", "aids", "middle", "others")}
    buried, pile = z3.BitVec("buried", E.COUNT_BITS), z3.BitVec("pile", E.COUNT_BITS)
    v |= {n: z3.BitVec(n, E.WIDTH) for n in ("card", "under", "top", "draw", "discard", "table")}
    b = {
        n: z3.Bool(n)
        for n in ("cooperative", "moving", "clockwise", "to_left", "dealer", "counted")
    }
    s, n = z3.BitVec("seat", E.SEAT_BITS), z3.BitVec("players", E.SEAT_BITS)
    held, aids_count = z3.BitVec("holding", E.HOLDING_BITS), z3.BitVec("aids", E.SEAT_BITS)
    turn, limit = z3.BitVec("turn", E.TURN_BITS), z3.BitVec("limit", E.TURN_BITS)
    cw = b["clockwise"]
    actions = E.legal_turn(
        b["cooperative"], b["moving"], v["hand"], v["left"], v["right"], v["aids"], p
    )
    playable = E.playable_mask(v["hand"], v["left"], v["right"], p)
    reset = E.reset_allowed(b["cooperative"], b["moving"], playable, v["aids"], p)
    after, won = E.card_played(v["hand"], v["others"], v["card"], b["cooperative"], p)
    winner = z3.If(z3.And(won, z3.Not(b["cooperative"])), s, E.seat(-1))
    turned = E.reversed_direction(cw, v["card"], n, p)
    ok, low, high = E.opening_cards(v["hand"], p)
    reopened, nxt = E.after_opening(s, cw, n, p)
    nothing = E.mask(0)
    step = E.draw_step(v["draw"], v["discard"], v["table"], "drawn", p)
    supply = E.supply_draw(v["draw"] | v["discard"], nothing, v["table"], "drawn", p)
    count, over = E.turn_counted(turn, limit)
    labels = {
        **MASKS,
        "the hand after": cards_text,
        "the winner": lambda x: str(x if x != E.NO_SEAT else -1),
        "opened": lambda x: "yes" if x else "no",
        "the cards that may go under": cards_text,
        "the cards left out of the deal": cards_text,
        "the draw pile after": cards_text,
        "the discard pile after": cards_text,
        "the supply after": cards_text,
        "the cards in play": cards_text,
        "the cards, each once": lambda x: (
            cards_text(x) if x >= 0 else "a card twice in the draw pile"
        ),
    }
    specs: list[
        tuple[
            str,
            str,
            Sequence[object],
            Sequence[object],
            tuple[str, ...],
            Callable[[tuple[int, ...]], str],
        ]
    ] = [
        (
            "legal",
            "proofs.split.encoding.legal_turn",
            (
                b["cooperative"],
                b["moving"],
                v["hand"],
                v["left"],
                v["right"],
                v["aids"],
                v["middle"],
            ),
            (actions.moves, actions.plays, actions.aids, actions.reset, reset),
            (
                "the moves",
                "the cards that may be played",
                "the aids that may be used",
                "the reset",
                "reset allowed",
            ),
            lambda c: (
                f"the player to act holds {cards_text(c[2])} on the piles {one_hot(c[3])} | "
                f"{one_hot(c[4])}"
            ),
        ),
        (
            "buriable",
            "proofs.split.encoding.buriable",
            (v["hand"], buried, pile),
            (E.buriable(v["hand"], buried, pile, p),),
            ("the cards that may go under",),
            lambda c: (
                f"the opener holds {cards_text(c[0])}, has put {c[1]} cards under, and the draw "
                f"pile holds {c[2]}"
            ),
        ),
        (
            "outcome",
            "proofs.split.encoding.card_played",
            (v["hand"], v["others"], v["card"], b["cooperative"], s),
            (after, won, winner),
            ("the hand after", "won", "the winner"),
            lambda c: f"seat {c[4]} holding {cards_text(c[0])} puts {one_hot(c[2])} in the middle",
        ),
        (
            "order",
            "proofs.split.encoding.reversed_direction + next_seat",
            (s, cw, v["card"], n, held),
            (turned, E.next_seat(s, turned, n, None, p)),
            ("the direction", "the next seat"),
            lambda c: (
                f"seat {c[0]} puts {one_hot(c[2])} in the middle, play going "
                f"{'clockwise' if c[1] else 'counterclockwise'}"
            ),
        ),
        (
            "order-cooperative",
            "proofs.split.encoding.reversed_direction + next_seat",
            (s, cw, v["card"], n, held),
            (turned, E.next_seat(s, turned, n, held, p)),
            ("the direction", "the next seat"),
            lambda c: (
                f"seat {c[0]} puts {one_hot(c[2])} in the middle, play going "
                f"{'clockwise' if c[1] else 'counterclockwise'}, the seats holding cards "
                f"{[s for s in range(8) if c[4] >> s & 1]}"
            ),
        ),
        (
            "moved",
            "proofs.split.encoding.place",
            (v["left"], v["right"], b["to_left"], v["middle"]),
            E.place(v["left"], v["right"], b["to_left"], v["middle"]),
            ("the left pile", "the right pile"),
            lambda c: (
                f"the middle card {one_hot(c[3])} goes onto the {'left' if c[2] else 'right'} "
                f"pile of {one_hot(c[0])} | {one_hot(c[1])}"
            ),
        ),
        (
            "opening",
            "proofs.split.encoding.opening_cards + after_opening",
            (v["hand"], s, n, cw),
            (
                ok,
                z3.If(ok, low, nothing),
                z3.If(ok, high, nothing),
                z3.If(ok, nxt, s),
                z3.If(ok, reopened, cw),
            ),
            ("opened", "the lowest card", "the highest card", "the next seat", "the direction"),
            lambda c: f"seat {c[1]} opens holding {cards_text(c[0])}",
        ),
        (
            "under",
            "proofs.split.encoding.put_under",
            (v["hand"], v["under"], v["top"]),
            (E.put_under(v["hand"], v["under"], v["top"]),),
            ("the hand after",),
            lambda c: f"the opener holding {cards_text(c[0])} puts {one_hot(c[1])} under",
        ),
        (
            "reset",
            "proofs.split.encoding.reset_ends",
            (b["cooperative"],),
            (E.reset_ends(b["cooperative"]),),
            ("the game lost",),
            lambda c: "a reset",
        ),
        (
            "draw",
            "proofs.split.encoding.draw_step + supply_draw",
            (v["draw"], v["discard"], v["table"], step.drawn),
            (
                z3.And(*step.premise),
                step.draw,
                step.discard,
                z3.And(*supply.premise),
                supply.supply,
            ),
            (
                "the draw allowed",
                "the draw pile after",
                "the discard pile after",
                "the draw allowed from the supply",
                "the supply after",
            ),
            lambda c: (
                f"a reset that draws {cards_text(c[3])} with the draw pile {cards_text(c[0])}, the "
                f"discard pile {cards_text(c[1])} and the table {cards_text(c[2])}"
            ),
        ),
        (
            "dealt",
            "proofs.split.encoding.dealt",
            (b["dealer"],),
            (E.dealt(b["dealer"], p),),
            ("the cards the seat is dealt",),
            lambda c: "the deal" + (" to the dealer" if c[0] else ""),
        ),
        (
            "deck",
            "proofs.split.encoding.deck",
            (b["cooperative"],),
            (E.mask(DECK_MASK) & ~E.deck(b["cooperative"], p),),
            ("the cards left out of the deal",),
            lambda c: "the deal",
        ),
        (
            "counted",
            "proofs.split.encoding.turn_counted",
            (b["counted"], turn, limit),
            (z3.If(b["counted"], count, turn), z3.And(b["counted"], over)),
            ("the turns completed", "the game drawn"),
            lambda c: f"turn {c[1] + 1} of at most {c[2]}" + (" ends" if c[0] else " goes on"),
        ),
        (
            "bound",
            "proofs.split.encoding.turns_played",
            (v["hand"], n, aids_count),
            (E.turns_played(v["hand"], n, aids_count, p),),
            ("the turns played",),
            lambda c: f"the cards and aids still to spend are {cards_text(c[0])}",
        ),
        (
            "dealers",
            "proofs.split.encoding.dealers",
            (n,),
            (E.dealers(n), z3.BoolVal(True)),
            ("the seats that may deal", "each as likely"),
            lambda c: f"chance chooses the dealer of {c[0]} players",
        ),
        (
            "places",
            "proofs.split.conservation (every card in exactly one place)",
            (),
            (E.mask(DECK_MASK), z3.BitVecVal(DECK_SIZE, 8), E.mask(DECK_MASK)),
            ("the cards in play", "the places the cards are found in", "the cards, each once"),
            lambda c: "the cards in the hands, the draw and discard piles, on and beside the table",
        ),
    ]
    return [
        Table(
            encoding,
            (*inputs, *LOCATOR),
            tuple(outputs),
            names,
            *found[name],
            located(traces, _describe(what)),
            lambda case: case[-2:],
            labels,
        )
        for name, encoding, inputs, outputs, names, what in specs
    ]
