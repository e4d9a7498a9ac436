"""Euchre's obligations about the variants that match OpenSpiel's euchre (issue 16).

``euchre.variant.keep-up-card``: under the variant keep-up-card
[euchre.ruling.discard-up-card] the dealer who takes the up-card keeps it:
over every dealer's hand of five positions in the deck and every up-card,
whatever card the dealer may lay down, the hand after the exchange holds the
up-card and five cards.  The variant's flag is read from the spec
(``spec/euchre/config.py`` VARIANTS); the mutant is the default rule, under
which the up-card may be laid down.  The witness (one exchange the rules
allow) is replayed through the engine, which must also refuse laying the
up-card down, naming the ruling.

>>> from proofs.core import check
>>> report = check(obligations()[0])
>>> report.status, report.ok, report.witness.replayed, report.mutants[0].status
('proved', True, True, 'refuted')
"""

from __future__ import annotations

import z3

from engine.euchre.deal import deal_order
from engine.euchre.game import EUCHRE
from proofs.core import Mutant, Obligations, Problem, Witness, claim
from proofs.euchre.support import Params, value
from proofs.terms import popcount64
from spec.cards import Card, CardSet
from spec.errors import IllegalAction
from spec.euchre import constants as K
from spec.euchre.actions import ChooseDealer, Discard, OrderUp
from spec.euchre.config import EuchreConfig

__all__ = ["obligations"]

_WIDTH = K.DECK_SIZE
_CARDS = tuple(CardSet(K.EUCHRE_DECK).sorted())
"""The Euchre deck, lowest first: position ``j`` of a mask is ``_CARDS[j]``."""
_DEALER = 3


def _spec_params() -> Params:
    """The variant's rule as the spec states it."""
    options = dict(EUCHRE.variants["keep-up-card"])
    return {"keep_up_card": EuchreConfig(**options).keep_up_card}  # type: ignore[arg-type]


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
        def cards(term: z3.BitVecRef) -> list[Card]:
            found = value(m, term)
            return [_CARDS[j] for j in range(_WIDTH) if found >> j & 1]

        held, upcard, laid = cards(hand), cards(up)[0], cards(discard)[0]
        return Witness(
            f"the dealer holds {' '.join(c.pretty for c in held)}, takes {upcard.pretty} "
            f"and lays down {laid.pretty}",
            data={"hand": held, "up": upcard, "discard": laid},
        )

    return Problem(premise=premise, claim=claims, attained=discard != 0, decode=decode)


def _replay_keep(witness: Witness) -> Witness:
    """Deal the witness's hand to the dealer; seat 0 orders up; the engine judges both discards."""
    d = witness.data
    hand: list[Card] = d["hand"]
    up: Card = d["up"]
    rest = [c for c in _CARDS if c not in hand and c != up]
    hands = {_DEALER: " ".join(map(str, hand))}
    for seat in range(3):
        hands[seat] = " ".join(map(str, rest[seat * 5 : seat * 5 + 5]))
    kitty = " ".join(map(str, rest[15:]))
    config = EUCHRE.config(**EUCHRE.variants["keep-up-card"])
    state = EUCHRE.apply(EUCHRE.new_game(config), ChooseDealer(_DEALER))
    state = EUCHRE.apply(state, deal_order(_DEALER, hands, str(up), kitty))
    state = EUCHRE.apply(state, OrderUp(False))
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
        ),
    )
