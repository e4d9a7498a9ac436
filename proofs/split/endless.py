"""Split's two expected failures: a competitive game need not end [split.ruling.turn-limit].

Both obligations claim that no round of a two-player game comes back to the
position it began in, the draw pile's order abstracted to a set; both are
refuted, even when every reset is forced.  The loops found over abstract
rounds are realised as real games by :mod:`proofs.split.scenarios` and
replayed through the engine as records.

>>> from cardlaw.proofs.split.support import REAL
>>> [m.id for ob in obligations(REAL) for m in ob.mutants]
['split.mutant.no-reshuffle', 'split.mutant.no-reshuffle']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

import z3

from cardlaw.engine.record import build_record, replay_record
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.forced import any_forced_loop
from cardlaw.proofs.split.scenarios import Loop, only_forced_resets, resetting_loop
from cardlaw.proofs.split.support import Params, card, cards, disjoint, mask_var, true, union
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.parameters import spelled
from cardlaw.spec.split.cards import DECK_MASK
from cardlaw.spec.split.constants import DEALER_EXTRA, RESET_DRAW
from cardlaw.spec.split.parameters import SplitRules

__all__ = ["obligations"]


# --- two players' positions and steps ----------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class _Table:
    """A two-player position: hands, piles, table, and the supply of cards to draw.

    The draw pile and the discard pile are one *supply* (every card that can
    still be drawn, :func:`~proofs.split.encoding.supply_draw`); ``dead``
    holds the discarded cards that can never be drawn again (none under the
    real rules, where the discard pile is always shuffled back).
    """

    hands: tuple[z3.BitVecRef, z3.BitVecRef]
    supply: z3.BitVecRef
    dead: z3.BitVecRef
    table: z3.BitVecRef
    left: z3.BitVecRef
    right: z3.BitVecRef
    middle: z3.BitVecRef

    @classmethod
    def fresh(cls, prefix: str) -> _Table:
        """A position of fresh variables, their names starting with ``prefix``."""
        hands = (mask_var(f"{prefix}hand0"), mask_var(f"{prefix}hand1"))
        supply, dead, table = (mask_var(f"{prefix}{n}") for n in ("supply", "dead", "table"))
        left, right, middle = (mask_var(f"{prefix}{n}") for n in ("left", "right", "middle"))
        return cls(hands, supply, dead, table, left, right, middle)

    def premise(self) -> list[z3.BoolRef]:
        """Every card in one place, both hands held, the piles (and middle) on the table."""
        places = (*self.hands, self.supply, self.dead, self.table)
        return [
            *disjoint(*places),
            union(*places) == E.mask(DECK_MASK),
            *(h != 0 for h in self.hands),
            E.is_card(self.left),
            E.is_card(self.right),
            self.left != self.right,
            (self.left | self.right | self.middle) & ~self.table == 0,
        ]

    def same(self, other: _Table) -> z3.BoolRef:
        """The two positions hold the same cards in every place."""
        return z3.And(
            *(a == b for a, b in zip(self.hands, other.hands, strict=True)),
            self.supply == other.supply,
            self.dead == other.dead,
            self.table == other.table,
            self.left == other.left,
            self.right == other.right,
            self.middle == other.middle,
        )


def _no_dead(t: _Table, p: Params) -> list[z3.BoolRef]:
    """Under the real rules no card is ever out of play for good."""
    return [t.dead == 0] if p["reshuffle"] else []


def _reset(
    seat: int, t: _Table, name: str, p: Params
) -> tuple[_Table, list[z3.BoolRef], z3.BitVecRef]:
    """Seat ``seat`` resets: the table goes, a draw, new piles (no card put under)."""
    step = E.supply_draw(t.supply, t.dead, t.table, f"{name}_drawn", p)
    hand = t.hands[seat] | step.drawn
    ok, low, high = E.opening_cards(hand, p)
    out = _Table.fresh(f"{name}_")
    premise = [
        *step.premise,
        ok,
        out.hands[seat] == hand & ~(low | high),
        out.hands[1 - seat] == t.hands[1 - seat],
        out.supply == step.supply,
        out.dead == step.dead,
        out.table == low | high,
        out.left == low,
        out.right == high,
        out.middle == 0,
    ]
    return out, premise, step.drawn


def _play(
    seat: int, t: _Table, c: z3.BitVecRef, to_left: z3.BoolRef | None, name: str, p: Params
) -> tuple[_Table, list[z3.BoolRef]]:
    """Seat ``seat`` moves the middle card (if ``to_left`` is given) and plays ``c``."""
    left, right = t.left, t.right
    if to_left is not None:
        left, right = E.place(left, right, to_left, t.middle)
    hand = t.hands[seat]
    out = _Table.fresh(f"{name}_")
    premise = [
        E.is_card(c),
        c & E.playable_mask(hand, left, right, p) != 0,
        out.hands[seat] == hand & ~c,
        out.hands[1 - seat] == t.hands[1 - seat],
        out.supply == t.supply,
        out.dead == t.dead,
        out.table == t.table | c,
        out.left == left,
        out.right == right,
        out.middle == c,
    ]
    return out, premise


# --- both players reset on every turn ------------------------------------------------------------


def _ends_resetting(p: Params) -> Problem:
    """Claim: two players who reset on every turn never come back to a position."""
    start = _Table.fresh("start_")
    after_a, reset_a, drawn_a = _reset(0, start, "a", p)
    after_b, reset_b, drawn_b = _reset(1, after_a, "b", p)
    premise = [*start.premise(), start.middle == 0, *_no_dead(start, p), *reset_a, *reset_b]

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {card(m, start.left)} | {card(m, start.right)}, seat 0 to play with "
            f"{len(cards(m, start.hands[0]).split())} cards, seat 1 with "
            f"{len(cards(m, start.hands[1]).split())}, nothing left in the draw and discard "
            f"piles ({cards(m, start.supply)}). Seat 0 resets: it draws "
            f"{cards(m, drawn_a)} and opens {card(m, after_a.left)} | "
            f"{card(m, after_a.right)}; seat 1 resets: it draws {cards(m, drawn_b)} and opens "
            f"{card(m, after_b.left)} | {card(m, after_b.right)}: the position after two "
            "resets is the position at the start"
        )

    return Problem(premise=premise, claim=z3.Not(start.same(after_b)), decode=decode)


# --- every reset forced --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class _Round:
    """A round of forced resets: the positions and the cards drawn and played."""

    start: _Table
    after_q: _Table
    drawn_q: z3.BitVecRef
    after_p: _Table
    drawn_p: z3.BitVecRef
    plays: tuple[tuple[z3.BitVecRef, z3.BoolRef | None], ...]
    """Each play of the round, seat 0 first: the card and where the middle card went first."""
    end: _Table


def plays_each(p: Params) -> int:
    """The cards each player plays in a round: what one reset adds to a hand, ``RESET_DRAW - 2``.

    >>> from cardlaw.proofs.split.support import REAL
    >>> plays_each(REAL), plays_each({**REAL, "reset_draw": 5})
    (1, 3)
    """
    return int(p["reset_draw"]) - 2


def _forced_round(p: Params) -> tuple[_Round, list[z3.BoolRef]]:
    """Seat 0 and seat 1 each reset because they must, then each plays ``RESET_DRAW - 2`` cards.

    Each reset adds ``RESET_DRAW - 2`` cards to a hand (it draws ``RESET_DRAW``
    and opens two), so a round that comes back to its hands has each player
    play as many, in turn, seat 0 first; then seat 0 is to move again.  With
    resets that draw two there are no plays: seat 0 is to play on seat 1's
    fresh piles, with no middle card.
    """
    start = _Table.fresh("start_")
    no_aids = E.mask(0)
    plays = plays_each(p)
    premise = [*start.premise(), *_no_dead(start, p)]
    if plays:
        premise.append(E.is_card(start.middle))
        premise.append(
            z3.Not(
                E.can_play(
                    start.hands[0],
                    start.left,
                    start.right,
                    start.middle,
                    z3.BoolVal(True),
                    no_aids,
                    p,
                )
            )
        )
    else:
        premise.append(start.middle == 0)
        premise.append(E.playable_mask(start.hands[0], start.left, start.right, p) == 0)
    after_q, reset_q, drawn_q = _reset(0, start, "q", p)
    premise += reset_q
    premise.append(E.playable_mask(after_q.hands[1], after_q.left, after_q.right, p) == 0)
    after_p, reset_p, drawn_p = _reset(1, after_q, "p", p)
    premise += reset_p
    table, made = after_p, []
    names = [("q_card", "", "qplay"), ("p_card", "side", "pplay")]  # the printed round's
    names += [(f"card{n}", f"side{n}", f"play{n}") for n in range(2, 2 * plays)]
    for n in range(2 * plays):
        seat = n % 2
        c_name, side_name, step_name = names[n]
        c = mask_var(c_name)
        side = None if n == 0 else z3.Bool(side_name)
        table, step = _play(seat, table, c, side, step_name, p)
        premise += step
        made.append((c, side))
    return _Round(start, after_q, drawn_q, after_p, drawn_p, tuple(made), table), premise


def _plays_text(m: z3.ModelRef, r: _Round) -> str:
    """The round's plays as a witness reads them."""
    if not r.plays:
        return "nobody plays"
    said = []
    for n, (c, side) in enumerate(r.plays):
        seat = n % 2
        where = "" if side is None else "left" if true(m, side) else "right"
        move = f"moves it onto the {where} pile and " if where else ""
        said.append(f"seat {seat} {move}plays {card(m, c)}")
    return "; ".join(said)


def _forced_decoder(r: _Round) -> Callable[[z3.ModelRef], Witness]:
    """How a loop of forced resets reads."""

    def middle(m: z3.ModelRef) -> str:
        return f"with {card(m, r.start.middle)} in the middle" if r.plays else "(no middle card)"

    def decode(m: z3.ModelRef) -> Witness:
        start, after_q, after_p = r.start, r.after_q, r.after_p
        return Witness(
            f"seat 0 holds {cards(m, start.hands[0])} and seat 1 {cards(m, start.hands[1])}; "
            f"piles {card(m, start.left)} | {card(m, start.right)} "
            f"{middle(m)}. Seat 0 can play nothing and resets, "
            f"drawing {cards(m, r.drawn_q)} and opening {card(m, after_q.left)} | "
            f"{card(m, after_q.right)}; seat 1 can play nothing on them and resets, drawing "
            f"{cards(m, r.drawn_p)} and opening {card(m, after_p.left)} | "
            f"{card(m, after_p.right)}; {_plays_text(m, r)}: seat 0 is to "
            f"{'move' if r.plays else 'play'} again with the same cards everywhere (abstracting "
            "the order of the draw pile)"
        )

    return decode


def _ends_forced(p: Params) -> Problem:
    """Claim: no round of play in which every reset is forced comes back to where it began.

    A round: seat 0, to move the middle card, can play nothing whichever pile
    it chooses, and resets; seat 1 can play nothing on the new piles and
    resets; seat 0 plays; seat 1 moves that card and plays.
    """
    r, premise = _forced_round(p)
    return Problem(premise=premise, claim=z3.Not(r.start.same(r.end)), decode=_forced_decoder(r))


# --- the loops as real games ---------------------------------------------------------------------

_STORIES: Final = {
    "forced": "seat 1 deals; both players play their standard cards down to one wild card "
    "each (50 and 60); from then on each round both are forced to reset (a wild "
    "card may not be the last card) and each plays one card, and every reshuffle "
    "orders the discard pile so that this can go on. Every reset in the record is "
    "the only legal action of its player",
    "forced-any": "seat 1 deals; seat 0 keeps the wild 50 and seat 1 the wild 60 to the end, "
    "and a player whose only card is that wild card must reset (it may not be the last card "
    "played); every other card is played, seat 0's low cards from the lowest up and seat 1's "
    "high ones from the highest down, and every reset draws (as each reshuffle orders the "
    "discard pile) cards that open new piles around the other player's cards. Every reset in "
    "the record is the only legal action of its player",
    "resetting": "seat 1 deals; both players reset on every turn; once the draw and discard "
    "piles are spent each reset picks up the other's piles 2 | 98 and opens with "
    "them again",
}
"""How each loop is realised in a real two-player game."""


def _replay_loop(
    loop: Callable[..., Loop], what: str, rules: SplitRules
) -> Callable[[Witness], Witness]:
    """A witness replay that realises an abstract loop as the real game ``loop`` builds.

    The game is built under ``rules``; where none of its kind is found under
    them (:mod:`proofs.split.forced` says where) the witness says so, unreplayed.
    """
    story = what
    if what == "forced" and (rules.dealer_extra, rules.reset_draw) != (DEALER_EXTRA, RESET_DRAW):
        story = "forced-any"

    def replay(witness: Witness) -> Witness:
        try:
            found = loop(rules=rules)
        except (IllegalAction, RuntimeError, ValueError, AssertionError) as why:
            return Witness(
                f"abstract round: {witness.text}.\nNo real two-player game that shows it was "
                f"built under these rules: {why}"
            )
        record = build_record(SPLIT, found.config, found.actions)
        result = replay_record(record)
        turns = result.final.turn - result.states[found.start].turn
        shown = bool(
            result.legal
            and result.final.stage.name in ("MOVE", "PLAY")
            and result.states[found.start]._replace(turn=0) == result.final._replace(turn=0)
            and (what != "forced" or only_forced_resets(found.config, found.actions))
        )
        text = (
            f"abstract round: {witness.text}.\nRealised in a real two-player game: "
            f"{_STORIES[story]}. The position after action {found.start} comes back after action "
            f"{len(found.actions)} ({len(found.actions) - found.start} actions, {turns} turns "
            "later), so the game can go round this stretch for ever; see the record."
        )
        return Witness(text, record, shown)

    return replay


_NO_RESHUFFLE: Final = Mutant(
    "split.mutant.no-reshuffle",
    "a discard pile that is never shuffled back (a reset draws only what is left in the draw pile)",
    {"reshuffle": False},
)
"""The mutant that makes both games end: the discard pile is never drawn again."""


# --- the obligations -----------------------------------------------------------------------------


def _round_shape(rules: SplitRules) -> str:
    """The round the forced-resets claim is checked over, as its statement says it.

    >>> _round_shape(SplitRules())
    'one forced reset and one play each'
    >>> _round_shape(SplitRules(reset_draw=5)), _round_shape(SplitRules(reset_draw=2))
    ('one forced reset and three plays each', 'one forced reset each and no play')
    """
    plays = rules.reset_draw - 2
    if not plays:
        return "one forced reset each and no play"
    return f"one forced reset and {spelled(plays)} play{'s' if plays > 1 else ''} each"


def _round_caveat(rules: SplitRules) -> str:
    """What a proof of the forced-resets claim means when resets draw other than three cards.

    >>> _round_caveat(SplitRules()), _round_caveat(SplitRules(reset_draw=5))[:37]
    ('', ' With resets drawing five cards, each')
    """
    if rules.reset_draw == RESET_DRAW:
        return ""
    return (
        f" With resets drawing {spelled(rules.reset_draw)} cards, each reset adds "
        f"{spelled(rules.reset_draw - 2)} to a hand, so the round checked has as many plays "
        "by each player. A refutation shows a loop; a proof would cover rounds of that shape "
        "only, not every game."
    )


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``split.game.ends.competitive``: expected to fail, two players may reset for ever.
    * ``split.game.ends.forced-resets``: expected to fail, even forced resets may go on.
    """
    return (
        claim(
            "split.game.ends.competitive",
            "Claim: every competitive game ends (without the turn limit). Were it so, "
            "no game could come back to a position it has been in, since the same choices (and "
            "shuffles) would bring it back again and again. Checked over two players who both "
            "reset, the draw pile's order abstracted to a set. Expected to fail: this is a "
            "finding about the rules.",
            (
                "split.ruling.turn-limit",
                "split.reset.choose",
                "split.reset.draw-three",
                "split.ruling.short-draw",
                "split.ruling.empty-draw-pile",
            ),
            _ends_resetting,
            real,
            _NO_RESHUFFLE,
            expected="fails",
            replay=_replay_loop(resetting_loop, "resetting", real["rules"]),
        ),
        claim(
            "split.game.ends.forced-resets",
            "Claim: a competitive game in which nobody ever resets by choice (every "
            "reset is made by a player who can play nothing, whichever pile the middle card "
            "goes onto) ends. Were it so, no such game could come back to a position it has "
            f"been in. Checked over a round of two players ({_round_shape(real['rules'])}), "
            "the draw pile's order abstracted to a set. Expected to fail: even forced "
            "resets alone can go on for ever." + _round_caveat(real["rules"]),
            (
                "split.ruling.turn-limit",
                "split.turn.must-reset",
                "split.end.no-wild-finish",
                "split.ruling.empty-draw-pile",
                "split.reset.fresh-start",
            ),
            _ends_forced,
            real,
            _NO_RESHUFFLE,
            expected="fails",
            replay=_replay_loop(any_forced_loop, "forced", real["rules"]),
        ),
    )
