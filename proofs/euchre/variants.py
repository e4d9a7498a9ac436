"""Euchre's obligations about the variants that match OpenSpiel's euchre (issue 16).

``euchre.variant.sitting-dealer-discards``: under the variant
sitting-dealer-discards [euchre.ruling.dealer-sits-out] a dealer who sits out
(the partner ordered up alone) still exchanges: the up-card ends in the
dealer's hand, out of play with it (or is laid down), the hand holds five
cards and no card is in two places.  The mutant is the default rule (no exchange: the up-card
stays on the table).  Its witness is replayed through the engine too.

``euchre.variant.keep-up-card``: under the variant keep-up-card
[euchre.ruling.discard-up-card] the dealer who takes the up-card keeps it:
over every dealer's hand of five positions in the deck and every up-card,
whatever card the dealer may lay down, the hand after the exchange holds the
up-card and five cards.  The variant's flag is read from the spec
(``spec/euchre/config.py`` VARIANTS); the mutant is the default rule, under
which the up-card may be laid down.  The witness (one exchange the rules
allow) is replayed through the engine, which must also refuse laying the
up-card down, naming the ruling.

>>> from cardlaw.proofs.core import check
>>> [(r.status, r.ok, r.witness.replayed, r.mutants[0].status)
...  for r in map(check, obligations())]
[('proved', True, True, 'refuted'), ('proved', True, True, 'refuted')]
"""

from __future__ import annotations

import z3

from cardlaw.engine.euchre.deal import deal_order
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.euchre.support import Params, value
from cardlaw.proofs.terms import popcount64
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.actions import ChooseDealer, Discard, OrderUp, Pass
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.state import EuchreState, sitting_out

__all__ = ["obligations"]

_WIDTH = K.DECK_SIZE
_CARDS = tuple(CardSet(K.EUCHRE_DECK).sorted())
"""The Euchre deck, lowest first: position ``j`` of a mask is ``_CARDS[j]``."""
_DEALER = 3


def _cards(m: z3.ModelRef, term: z3.BitVecRef) -> list[Card]:
    """The cards a mask over the deck's positions holds in a model, lowest first."""
    found = value(m, term)
    return [_CARDS[j] for j in range(_WIDTH) if found >> j & 1]


def _spec_params() -> Params:
    """The variants' rules as the spec states them."""
    keep = EuchreConfig(**dict(EUCHRE.variants["keep-up-card"]))  # type: ignore[arg-type]  # a variant's options
    sits = EuchreConfig(**dict(EUCHRE.variants["sitting-dealer-discards"]))  # type: ignore[arg-type]  # a variant's options
    return {
        "keep_up_card": keep.keep_up_card,
        "sitting_dealer_discards": sits.sitting_dealer_discards,
    }


def _keep(p: Params) -> Problem:
    hand, up, discard = (z3.BitVec(name, _WIDTH) for name in ("hand", "up", "discard"))
    allowed = hand if p["keep_up_card"] else hand | up
    premise = [
        popcount64(hand) == K.CARDS_EACH,
        popcount64(up) == 1,
        hand & up == 0,
        popcount64(discard) == 1,
        discard & ~allowed == 0,
    ]
    after = (hand | up) & ~discard
    claims = [after & up == up, popcount64(after) == K.CARDS_EACH]

    def decode(m: z3.ModelRef) -> Witness:
        held, upcard, laid = _cards(m, hand), _cards(m, up)[0], _cards(m, discard)[0]
        return Witness(
            f"the dealer holds {' '.join(c.pretty for c in held)}, takes {upcard.pretty} "
            f"and lays down {laid.pretty}",
            data={"hand": held, "up": upcard, "discard": laid},
        )

    return Problem(premise=premise, claim=claims, attained=discard != 0, decode=decode)


def _sitting(p: Params) -> Problem:
    """A sitting-out dealer's exchange, over positions in the deck."""
    hand, up, rest, discard = (
        z3.BitVec(name, _WIDTH) for name in ("hand", "up", "rest", "discard")
    )
    exchange = p["sitting_dealer_discards"]
    everything = z3.BitVecVal((1 << _WIDTH) - 1, _WIDTH)
    premise = [
        popcount64(hand) == K.CARDS_EACH,
        popcount64(up) == 1,
        hand & up == 0,
        rest == everything & ~(hand | up),
        z3.If(
            z3.BoolVal(exchange),
            z3.And(popcount64(discard) == 1, discard & ~(hand | up) == 0),
            discard == 0,
        ),
    ]
    after = (hand | up) & ~discard if exchange else hand
    table = z3.BitVecVal(0, _WIDTH) if exchange else up
    claims = [
        (after | discard) & up == up,
        popcount64(after) == K.CARDS_EACH,
        after & (discard | rest | table) == 0,
        after | discard | rest | table == everything,
    ]

    def decode(m: z3.ModelRef) -> Witness:
        held, upcard, laid = _cards(m, hand), _cards(m, up)[0], _cards(m, discard)[0]
        return Witness(
            f"the dealer sits out holding {' '.join(c.pretty for c in held)}, takes "
            f"{upcard.pretty} and lays down {laid.pretty}",
            data={"hand": held, "up": upcard, "discard": laid},
        )

    return Problem(premise=premise, claim=claims, attained=discard != 0, decode=decode)


def _dealt(variant: str, hand: list[Card], up: Card) -> EuchreState:
    """The dealer (seat 3) dealt ``hand`` with ``up`` turned, under ``variant``."""
    rest = [c for c in _CARDS if c not in hand and c != up]
    hands = {_DEALER: " ".join(map(str, hand))}
    for seat in range(3):
        hands[seat] = " ".join(map(str, rest[seat * 5 : seat * 5 + 5]))
    kitty = " ".join(map(str, rest[15:]))
    config = EUCHRE.config(**EUCHRE.variants[variant])
    state = EUCHRE.apply(EUCHRE.new_game(config), ChooseDealer(_DEALER))
    return EUCHRE.apply(state, deal_order(_DEALER, hands, str(up), kitty))


def _replay_sitting(witness: Witness) -> Witness:
    """Seat 0 passes, seat 1 (the dealer's partner) orders up alone, the dealer exchanges."""
    d = witness.data
    up: Card = d["up"]
    state = _dealt("sitting-dealer-discards", d["hand"], up)
    state = EUCHRE.apply(EUCHRE.apply(state, Pass()), OrderUp(True))
    after = EUCHRE.apply(state, Discard(d["discard"]))
    keeps = CardSet(after.hands[_DEALER]).mask >> int(up) & 1 or after.discard == int(up)
    agrees = bool(keeps) and sitting_out(after) == _DEALER and not EUCHRE.violations(after)
    return witness.replayed_as(
        f"; the engine takes {up.pretty} into the sitting dealer's hand, every invariant kept",
        agrees,
    )


def _replay_keep(witness: Witness) -> Witness:
    """Deal the witness's hand to the dealer; seat 0 orders up; the engine judges both discards."""
    d = witness.data
    up: Card = d["up"]
    state = EUCHRE.apply(_dealt("keep-up-card", d["hand"], up), OrderUp(False))
    try:
        EUCHRE.apply(state, Discard(up))
        refused = ""
    except IllegalAction as error:
        refused = error.clause
    after = EUCHRE.apply(state, Discard(d["discard"]))
    keeps = CardSet(after.hands[_DEALER]).mask >> int(up) & 1
    agrees = bool(keeps) and refused == "euchre.ruling.discard-up-card"
    return witness.replayed_as(
        f"; the engine keeps {up.pretty} in the dealer's hand and refuses laying it down "
        f"[{refused or 'not refused'}]",
        agrees,
    )


def obligations() -> Obligations:
    """The obligations of the OpenSpiel-matching variants, in the order they are listed."""
    return (
        claim(
            "euchre.variant.keep-up-card",
            "Under keep-up-card the dealer keeps the up-card: for every hand of five and every "
            "up-card, whichever card the rules let the dealer lay down, the hand after the "
            "exchange holds the up-card and five cards.",
            ("euchre.ruling.discard-up-card", "euchre.bid.pick-up", "euchre.ruling.openspiel"),
            _keep,
            _spec_params(),
            Mutant(
                "euchre.mutant.up-card-discarded",
                "the default rule: the dealer may lay down the up-card",
                {"keep_up_card": False},
            ),
            variant="keep-up-card",
            replay=_replay_keep,
            engine=("engine.euchre.bidding.apply_discard", "engine.euchre.bidding.discard_mask"),
        ),
        claim(
            "euchre.variant.sitting-dealer-discards",
            "Under sitting-dealer-discards a dealer who sits out still exchanges: for every "
            "hand of five and every up-card, the up-card ends in the dealer's hand (out of "
            "play with it) or is the card laid down, the hand holds five cards, and every card "
            "is in exactly one place.",
            ("euchre.ruling.dealer-sits-out", "euchre.bid.pick-up", "euchre.ruling.openspiel"),
            _sitting,
            _spec_params(),
            Mutant(
                "euchre.mutant.sitting-dealer-keeps-hand",
                "the default rule: the sitting dealer takes nothing, the up-card stays out",
                {"sitting_dealer_discards": False},
            ),
            variant="sitting-dealer-discards",
            replay=_replay_sitting,
            engine=("engine.euchre.bidding.apply_bid", "engine.euchre.bidding.apply_discard"),
        ),
    )
