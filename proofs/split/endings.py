"""Split's obligations about how a game ends: never on a wild card; cooperatively, always.

The last card of a hand is never wild; and every cooperative game ends
within :data:`COOPERATIVE_LONGEST` turns (a ranking argument over the cards
in hand and the usable aids), a bound that a real five-player game attains.
The usable aids are the configuration's (both unless a harder cooperative
variant leaves one or both beside the table, [split.ruling.coop-harder]):
``split.coop.ends`` is stated, and its longest game played, with them.

>>> cooperative_turns(3), cooperative_turns(5, aids=0)
(23, 35)
>>> COOPERATIVE_LONGEST
37
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

import z3

from cardlaw.engine.record import build_record, replay_record
from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.scenarios import longest_cooperative
from cardlaw.proofs.split.support import (
    AIDS,
    STANDARD,
    Params,
    card,
    cards,
    disjoint,
    mask_vars,
    piles,
    playable_card,
    value,
)
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS, COOPERATIVE_PLAYERS
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules

__all__ = ["COOPERATIVE_LONGEST", "cooperative_turns", "obligations"]


def cooperative_turns(
    players: int, aids: int = len(AID_CARDS), rules: SplitRules = PRINTED_RULES
) -> int:
    """The most turns a cooperative game lasts: the cards dealt but the opening two, and the aids.

    >>> cooperative_turns(3), cooperative_turns(5, aids=0)
    (23, 35)
    >>> cooperative_turns(5, rules=SplitRules(cards_dealt=8))
    42
    """
    return rules.cooperative_turns(players, aids)


COOPERATIVE_LONGEST: Final = cooperative_turns(max(COOPERATIVE_PLAYERS))
"""The most turns any cooperative game lasts (five players, both aids): 37."""


# --- no wild finish ------------------------------------------------------------------------------


def _no_wild_finish(p: Params) -> Problem:
    """Every play that empties a hand, against every pair of piles: a standard card."""
    hand, c, left, right, premise = playable_card(p)
    premise.append(hand & ~c == 0)  # the play empties the hand: the game ends

    def decode(m: z3.ModelRef) -> Witness:
        return Witness(
            f"piles {card(m, left)} | {card(m, right)}: the last card {card(m, c)} is played"
        )

    return Problem(premise=premise, claim=c & STANDARD != 0, decode=decode)


# --- every cooperative game ends -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Turn:
    """A cooperative turn: the cards in play and the action taken."""

    moving: z3.BoolRef
    kind: z3.BitVecRef
    """The action: 0 a play, 1 an aid, 2 a move of the middle card, 3 a reset."""
    hand: z3.BitVecRef
    others: z3.BitVecRef
    aids: z3.BitVecRef
    card: z3.BitVecRef
    aid: z3.BitVecRef
    middle: z3.BitVecRef
    left: z3.BitVecRef
    right: z3.BitVecRef


def _turn(p: Params) -> tuple[_Turn, list[z3.BoolRef]]:
    """Fresh variables for any cooperative turn, and where its cards may be (``p``'s aids)."""
    moving = z3.Bool("moving")
    kind = z3.BitVec("kind", 2)
    hand, others, aids, c, aid, middle = mask_vars(
        "hand", "others", "aids", "card", "aid", "middle"
    )
    left, right, premise = piles()
    premise += [
        hand != 0,
        *disjoint(hand, others, aids, left | right | middle),
        (hand | others) & AIDS == 0,
        aids & ~E.mask(sum(1 << aid for aid in p["aid_cards"])) == 0,
    ]
    return _Turn(moving, kind, hand, others, aids, c, aid, middle, left, right), premise


def _action(t: _Turn, p: Params) -> list[z3.BoolRef]:
    """The action taken is one the rules allow."""
    turn = E.legal_turn(z3.BoolVal(True), t.moving, t.hand, t.left, t.right, t.aids, p)
    return [
        z3.Implies(t.kind == 0, z3.And(E.is_card(t.card), t.card & turn.plays != 0)),
        z3.Implies(t.kind == 1, z3.And(E.is_card(t.aid), t.aid & turn.aids != 0)),
        z3.Implies(t.kind == 2, t.moving),
        z3.Implies(t.kind == 3, turn.reset),
    ]


def _supply_after(t: _Turn, p: Params) -> dict[int, z3.BitVecRef]:
    """The supply (every card in a hand and every usable aid) after a play, an aid, a move."""
    before = t.hand | t.others | t.aids
    return {
        0: (t.hand & ~t.card) | t.others | t.aids,
        1: t.hand | t.others | (t.aids & ~t.aid if p["aids_spent"] else t.aids),
        2: before,
    }


def _ranking(
    t: _Turn, before: z3.BitVecRef, after: Mapping[int, z3.BitVecRef], p: Params
) -> list[z3.BoolRef]:
    """Every turn spends one card or aid of the supply, or moves, or ends the game."""
    longest = cooperative_turns(max(COOPERATIVE_PLAYERS), len(p["aid_cards"]), p["rules"])

    def one_less(a: z3.BitVecRef) -> z3.BoolRef:
        return z3.And(a & ~before == 0, E.is_card(before & ~a))

    return [
        z3.Implies(t.kind == 0, one_less(after[0])),
        z3.Implies(t.kind == 1, one_less(after[1])),
        z3.Implies(t.kind == 2, after[2] == before),
        # The only other action ends the game: a reset loses [split.coop.lose-on-reset].
        z3.Implies(t.kind == 3, z3.Not(t.moving)),
        # After the opening the supply is 7 cards per player and at most the usable aids.
        z3.BoolVal(
            all(
                n * p["cards_dealt"] + p["dealer_extra"] - 2 + len(p["aid_cards"]) <= longest
                for n in p["cooperative_players"]
            )
        ),
    ]


def _ends_decoder(
    t: _Turn, before: z3.BitVecRef, after: Mapping[int, z3.BitVecRef]
) -> Callable[[z3.ModelRef], Witness]:
    """How a model reads: the last card played, or a turn that spends nothing."""

    def decode(m: z3.ModelRef) -> Witness:
        k = value(m, t.kind)
        if k == 0 and value(m, after[0]) == 0:
            return Witness(
                f"piles {card(m, t.left)} | {card(m, t.right)}: the last card in any hand, "
                f"{card(m, t.card)}, is played and nothing is left to spend"
            )
        what = ("plays", "uses an aid", "moves", "resets")[k]
        spent = cards(m, after[k]) if k < 3 else "-"
        return Witness(
            f"hand {cards(m, t.hand)}, aids {cards(m, t.aids)}: the player {what}, and the "
            f"cards and aids left go from {cards(m, before)} to {spent}"
        )

    return decode


def _cooperative_ends(p: Params) -> Problem:
    """A ranking argument: cards in hand plus usable aids fall by one with every turn."""
    t, premise = _turn(p)
    premise += _action(t, p)
    before = t.hand | t.others | t.aids
    after = _supply_after(t, p)
    # Attained: the supply can run out, the last card in hand played (the table wins).
    attained = z3.And(t.kind == 0, after[0] == 0)
    return Problem(
        premise=premise,
        claim=_ranking(t, before, after, p),
        attained=attained,
        decode=_ends_decoder(t, before, after),
    )


def _opening_aids(aids: tuple[int, ...]) -> str:
    """How the longest game begins with ``aids`` usable.

    >>> _opening_aids(AID_CARDS)
    'the first player uses the 0 and the dealer the 100, leaving piles 0 | 100'
    >>> _opening_aids(()), _opening_aids((100,))[:38]
    ('no aid is used, leaving piles 2 | 98', 'the first player uses the 100, leaving')
    """
    if not aids:
        return "no aid is used, leaving piles 2 | 98"
    if len(aids) == 1:
        piles = "0 | 98" if aids[0] == 0 else "2 | 100"
        return f"the first player uses the {aids[0]}, leaving piles {piles}"
    return "the first player uses the 0 and the dealer the 100, leaving piles 0 | 100"


def _replay_longest(
    rules: SplitRules, aids: tuple[int, ...] = AID_CARDS
) -> Callable[[Witness], Witness]:
    """Realise the bound as a real five-player game of the longest length, as a record."""
    players = max(COOPERATIVE_PLAYERS)
    longest = cooperative_turns(players, len(aids), rules)

    def replay(witness: Witness) -> Witness:
        config = SplitConfig(mode="cooperative", players=players, aids=aids, rules=rules)
        try:
            actions = longest_cooperative(players, rules, aids)
        except ValueError as why:
            return Witness(f"{witness.text}.\nNot realised in a real game: {why}")
        record = build_record(SPLIT, config, actions)
        result = replay_record(record)
        final = result.final
        shown = bool(
            result.legal
            and final.turn == longest
            and SPLIT.result(final) is not None
            and final.end.name == "GROUP_WIN"
        )
        return Witness(
            f"{witness.text}.\nRealised in a real five-player game that lasts the longest "
            f"possible, {final.turn} turns: {_opening_aids(aids)}, and then every player in "
            "turn plays the lowest or the highest card still held until all "
            f"{longest - len(aids)} are played and the table wins; see the record.",
            record,
            shown,
        )

    return replay


_AIDS_WORDS: Final = {0: "no aid", 1: "one aid", 2: "at most two aids"}
"""How the statement counts the usable aids."""


def _ends_statement(rules: SplitRules, aids: tuple[int, ...] = AID_CARDS) -> str:
    """The claim of ``split.coop.ends``, with the numbers of ``rules`` and the usable ``aids``."""
    dealt, extra = rules.cards_dealt, rules.dealer_extra
    longest = [cooperative_turns(n, len(aids), rules) for n in COOPERATIVE_PLAYERS]
    dealer = "" if extra == 2 else f" ({dealt + extra - 2} for the dealer)"
    constant = extra - 2 + len(aids)
    formula = f"{dealt}n"
    if constant:
        formula += f" + {constant}" if constant > 0 else f" - {-constant}"
    named = " and ".join(map(str, aids)) or "none"
    usable = "" if len(aids) == 2 else f" (usable: {named})"
    return (
        f"Every cooperative game ends, within {longest[-1]} turns: every turn plays a card from "
        "hand or uses an aid (each used once), which lowers the cards in hand and usable aids "
        "by exactly one; moving the middle card changes neither, and the only other action, a "
        f"reset, ends the game. After the opening there are {dealt} cards per player{dealer} "
        f"and {_AIDS_WORDS[len(aids)]}{usable}, so a game of n players lasts at most {formula} "
        "turns: "
        f"{longest[0]}, {longest[1]} and {longest[2]} for 3, 4 and 5 players; and a five-player "
        f"game of {longest[2]} turns exists."
    )


def obligations(real: Params, aids: tuple[int, ...] = AID_CARDS) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``split.end.no-wild-finish``: no game ends on a wild card.
    * ``split.coop.ends``: every cooperative game ends, within the longest game's turns,
      with ``aids`` usable (both unless told).
    """
    rules: SplitRules = real["rules"]
    coop = real if tuple(real["aid_cards"]) == tuple(aids) else {**real, "aid_cards": aids}
    return (
        claim(
            "split.end.no-wild-finish",
            "No game ends on a wild card: for every hand and every pair of piles, a "
            "card whose play empties the hand (which ends the competitive game, and is needed "
            "for the cooperative win) is a standard card; a player whose only card is wild "
            "cannot play it.",
            ("split.end.no-wild-finish", "split.end.first-empty", "split.coop.win"),
            _no_wild_finish,
            real,
            Mutant(
                "split.mutant.wild-finish",
                "the last card of a hand allowed to be wild",
                {"no_wild_finish": False},
            ),
        ),
        claim(
            "split.coop.ends",
            _ends_statement(rules, aids),
            (
                "split.coop.aid-use",
                "split.coop.lose-on-reset",
                "split.coop.win",
                "split.ruling.turn-limit",
                "split.ruling.coop-empty-hand",
            ),
            _cooperative_ends,
            coop,
            Mutant(
                "split.mutant.aids-return",
                "a cooperative game where the aids return after use",
                {"aids_spent": False},
            ),
            variant="cooperative",
            replay=_replay_longest(rules, aids),
        ),
    )
