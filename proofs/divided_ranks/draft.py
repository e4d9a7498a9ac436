"""Divided Ranks' draft: who splits, three rounds against two, and who goes first at the reserve.

Proved with Z3 over every first splitter and coin, under the rules given
(:func:`~proofs.divided_ranks.encoding.spec_params`): with an even
``ROUNDS`` (``--set ROUNDS=10 --set PAIR_SIZE=1``) both players split as many
rounds, nobody split fewer, and ``divided-ranks.draft.three-and-two`` is
refuted with a draft played through the engine.

``divided-ranks.draft.three-and-two`` is stated under the configuration's
reserve order: under the coin-flip-reserve variant its last part (the
player who split fewer rounds goes first at the reserve) is not the rule,
and it is expected to fail, refuted by a coin-flip game played through the
engine; ``divided-ranks.draft.three-and-two.coin-flip-reserve`` states
what holds there.

>>> p = E.spec_params()
>>> alternating, coin = obligations(p)
>>> alternating.params["claim_coin"], alternating.expected, coin.variant
(False, 'holds', 'coin-flip-reserve')
>>> obligations(E.spec_params("coin"))[0].expected
'fails'
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.record import build_record, replay_record
from cardlaw.proofs.core import Mutant, Obligation, Obligations, Problem, Witness, claim
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.scenarios import config, draft, finish, play
from cardlaw.proofs.divided_ranks.support import Params
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules, count_word

__all__ = ["obligations"]


def _three_and_two(p: Params) -> Problem:
    first = z3.BitVec("first_splitter", 1)
    coin = z3.BitVec("coin", 1)
    seats = [E.splitter(first, i, p) for i in range(p["rounds"])]
    zero, one = E.split_counts(first, p)
    thrice, twice = p["splits"]
    by_first = z3.If(first == 0, zero, one)
    go_first = E.reserve_first(first, coin, p)
    claim = [
        *(seats[i] != seats[i + 1] for i in range(p["rounds"] - 1)),
        by_first == thrice,
        zero + one == p["rounds"],
        z3.Or(zero == twice, one == twice),
    ]
    if p["claim_coin"]:
        claim.append(go_first == coin)
        attained = go_first == first  # the seat that split three times may go first
    elif thrice > twice:
        claim.append(go_first != first)  # the seat that split twice goes first
        attained = None
    else:  # as many splits each: the first reserve player must still have split fewer
        claim.append(z3.If(go_first == 0, zero, one) < z3.If(go_first == 0, one, zero))
        attained = None

    def decode(m: z3.ModelRef) -> Witness:
        f = E.value(m.eval(first, model_completion=True))
        order = " ".join(str(E.value(m.eval(s, model_completion=True))) for s in seats)
        goes = E.value(m.eval(go_first, model_completion=True))
        text = f"seat {f} splits first; the splitters are {order}; seat {goes} takes the first "
        text += "reserve turn"
        if thrice == twice:
            rounds = "round" if thrice == 1 else "rounds"
            text += f", though both split {thrice} {rounds} [divided-ranks.ruling.equal-splits]"
        return Witness(text, data={"first": f, "reserve_first": goes})

    return Problem(premise=[z3.BoolVal(True)], claim=claim, attained=attained, decode=decode)


def _replayer(p: Params) -> Callable[[Witness], Witness]:
    """The replay of a witness under ``p``'s rules: a whole game through the engine."""
    rules = p["rules"]

    def replay(witness: Witness) -> Witness:
        first, goes = witness.data["first"], witness.data["reserve_first"]
        if p["reserve_order"] == "coin":
            return _replay_coin(witness, rules)
        actions = draft(first, (True,) * rules.rounds, rules=rules)
        state = play(actions, rules=rules)
        record = build_record(DIVIDED_RANKS, config(rules=rules), finish(state, actions))
        replay = replay_record(record)
        splits = [sum(1 for r in replay.final.rounds if r[0] == seat) for seat in (0, 1)]
        went = replay.final.reserve_first
        shown = replay.legal and went == goes and splits[went] >= splits[1 - went]
        return witness.replayed_as(
            f".\nPlayed through the engine: seat {first} splits {splits[first]} rounds and seat "
            f"{1 - first} {splits[1 - first]}; seat {went} takes the first reserve turn",
            shown,
            record,
        )

    return replay


def _replay_coin(witness: Witness, rules: DividedRanksRules = PRINTED_RULES) -> Witness:
    """Play a coin-flip-reserve game through the engine with the witness's splitter and coin."""
    first, goes = witness.data["first"], witness.data["reserve_first"]
    actions = draft(first, (True,) * rules.rounds, reserve_order="coin", rules=rules)
    state = play(actions, reserve_order="coin", rules=rules)
    record = build_record(
        DIVIDED_RANKS,
        config(reserve_order="coin", rules=rules),
        finish(state, actions, reserve_first=goes),
    )
    replay = replay_record(record)
    splits = [sum(1 for r in replay.final.rounds if r[0] == seat) for seat in (0, 1)]
    shown = replay.legal and replay.final.reserve_first == goes
    shown = shown and splits[first] == rules.splits[0]
    return witness.replayed_as(
        f".\nPlayed through the engine: seat {first} splits {splits[first]} rounds and seat "
        f"{1 - first} {splits[1 - first]}; the coin gives seat {goes} the first reserve turn",
        shown,
        record,
    )


def _fewer(fewer: str) -> str:
    """Who the reserve order names: the player who split twice, under the printed rules."""
    return "twice" if fewer == "two" else f"{fewer} rounds, fewer than the other,"


_UNDER_COIN = (
    " Stated under the coin-flip-reserve variant, where a coin decides the first reserve "
    "turn: expected to fail, since the coin may give it to the player who split more."
)
"""What ``divided-ranks.draft.three-and-two`` adds when stated under the coin-flip reserve."""


def _alternating(p: Params) -> Obligation:
    """``divided-ranks.draft.three-and-two`` under ``p``'s reserve order."""
    more, fewer = (count_word(n) for n in p["splits"])
    coin = p["reserve_order"] == "coin"
    mutants = (
        (
            Mutant(
                "divided-ranks.mutant.coin-ignored-at-reserve",
                "the coin ignored: the player who split fewer rounds goes first at the reserve",
                {"reserve_order": "fewer-splits"},
            ),
        )
        if coin
        else (
            Mutant(
                "divided-ranks.mutant.roles-swap-every-two-rounds",
                "a splitter order that does not alternate (roles swap every second round)",
                {"roles": "pairs"},
            ),
            Mutant(
                "divided-ranks.mutant.thrice-splitter-first",
                "the player who split three times goes first at the reserve",
                {"reserve_order": "more-splits"},
            ),
        )
    )
    return claim(
        "divided-ranks.draft.three-and-two",
        "Whoever splits first, the splitter changes every round, the first "
        f"splitter splits {more} rounds and the other player {fewer}, and the player who "
        f"split {_fewer(fewer)} takes the first reserve turn." + (_UNDER_COIN if coin else ""),
        (
            "divided-ranks.draft.rounds",
            "divided-ranks.reserve.order",
            "divided-ranks.ruling.first-splitter",
            *(("divided-ranks.variant.coin-flip-reserve",) if coin else ()),
        ),
        _three_and_two,
        {**p, "claim_coin": False},
        *mutants,
        expected="fails" if coin else "holds",
        replay=_replayer(p),
        engine=("engine.divided_ranks.draft.apply_take",),
    )


def obligations(p: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``divided-ranks.draft.three-and-two``: three splits against two, alternating, under
      ``p``'s reserve order (expected to fail under the coin).
    * ``divided-ranks.draft.three-and-two.coin-flip-reserve``: the coin alone decides.
    """
    more, fewer = (count_word(n) for n in p["splits"])
    return (
        _alternating(p),
        claim(
            "divided-ranks.draft.three-and-two.coin-flip-reserve",
            "In the coin-flip-reserve variant, whoever splits first and however "
            f"the coin falls, one player splits {more} rounds and the other {fewer}, and the "
            "coin alone decides who takes the first reserve turn: the player who split "
            f"{'three times' if more == 'three' else more + ' rounds'} can go first.",
            (
                "divided-ranks.variant.coin-flip-reserve",
                "divided-ranks.draft.rounds",
            ),
            _three_and_two,
            {**E.spec_params("coin", p["rules"]), "claim_coin": True},
            Mutant(
                "divided-ranks.mutant.coin-ignored",
                "a coin that is ignored: the split count decides the reserve order",
                {"reserve_order": "fewer-splits"},
            ),
            variant="coin-flip-reserve",
            replay=_replayer({**p, "reserve_order": "coin"}),
            engine=(
                "engine.divided_ranks.draft.apply_take",
                "engine.divided_ranks.deal.reserve_first_outcomes",
            ),
        ),
    )
