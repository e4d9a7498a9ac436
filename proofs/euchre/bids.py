"""Euchre's obligations about making trump: the bidding ends, and who leads first.

* ``euchre.bid.ends`` — for every dealer and up-card, every course of legal
  bids ends within two rounds of four bids, with trump made (by the seat
  whose turn it was, clockwise from the dealer's left) or, only when all
  eight bids were passes, the hand thrown in; under stick-the-dealer trump
  is always made [euchre.bid.first-round, euchre.bid.second-round,
  euchre.ruling.all-pass].  Both rules are checked, whatever the
  configuration: the variant's flag is the rule it names.
* ``euchre.trick.first-lead`` — for every dealer, maker and lone players
  (a lone maker under the printed rules, and a lone defender under the
  variant lone-defender), the first lead is the seat on the dealer's left,
  or the next clockwise that takes part [euchre.trick.first-lead,
  euchre.ruling.lone-lead].

The claims count bids and seats from the spec's constants (two rounds, four
players, partners opposite); the encoding (:mod:`proofs.euchre.encoding_bids`)
is the engine's way, which the mutants change.  Each witness is played
through the engine.

>>> from cardlaw.proofs.core import check
>>> from cardlaw.proofs.euchre.support import REAL
>>> [(r.status, r.ok, r.witness.replayed) for r in map(check, obligations(REAL))]
[('proved', True, True), ('proved', True, True)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import z3

from cardlaw.engine.api import AnyGame
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.support import Params, true, value
from cardlaw.spec.cards import Card, Suit
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.actions import DEFEND_ALONE, ORDER_UP, PASS, ChooseDealer, Shuffle
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.state import EuchreState, Stage

__all__ = ["dealt_with_up", "obligations", "up_shuffle"]

MOST_BIDS: Final = K.BID_ROUNDS * K.PLAYERS
"""Bids in the longest bidding, as the rules count them: two rounds of four (eight)."""

_RULES: Final = (("throw-in", False), ("stick-the-dealer", True))
"""The two rules of an all-pass bidding [euchre.ruling.all-pass], by name, and the flag."""


def _seat(term: z3.BitVecRef) -> z3.BitVecRef:
    return z3.URem(term, K.PLAYERS)


def _course(
    p: Params, stick: bool, dealer: z3.BitVecRef, up: z3.BitVecRef, name: str
) -> tuple[list[z3.BitVecRef], list[E.BidState], list[z3.BoolRef], list[z3.BitVecRef]]:
    """One more bid than the longest bidding, each legal while the bidding is open."""
    q = {**p, "stick_the_dealer": stick}
    choices = [E.nat(f"{name}.bid{k}") for k in range(MOST_BIDS + 1)]
    states = [E.bid_start(dealer, q)]
    premise = []
    for choice in choices:
        legal, after = E.bid_step(states[-1], choice, dealer, up, q)
        premise.append(z3.Implies(z3.Not(states[-1].over), legal))
        states.append(after)
    options = [E.bid_options(st.round, st.actor, dealer, up, q) for st in states]
    return choices, states, premise, options


def _claims(
    choices: list[z3.BitVecRef], states: list[E.BidState], dealer: z3.BitVecRef
) -> list[z3.BoolRef]:
    """The bidding as the rules word it: over within eight bids, one outcome, by the right seat."""
    end = states[MOST_BIDS]
    passes = [c == E.PASS_BID for c in choices]
    claims = [
        end.over,  # within two rounds of four bids
        z3.Not(z3.And(end.made, end.thrown)),
        z3.Implies(end.thrown, z3.And(*passes[:MOST_BIDS])),  # only after eight passes
    ]
    for j in range(MOST_BIDS):  # the j-th bid makes trump: its bidder, clockwise from the left
        first = z3.And(*passes[:j], z3.Not(passes[j])) if j else z3.Not(passes[0])
        claims.append(z3.Implies(first, end.maker == _seat(dealer + 1 + j)))
    return claims


def _ends(p: Params) -> Problem:
    dealer, up = E.nat("dealer"), z3.BitVec("up", 2)
    premise: list[z3.BoolRef] = [z3.ULT(dealer, K.PLAYERS)]
    claims: list[z3.BoolRef] = []
    reached: list[z3.BoolRef] = []
    courses = {}
    for name, stick in _RULES:
        choices, states, legal, options = _course(p, stick, dealer, up, name)
        courses[name] = (choices, states, options)
        premise += legal
        ruled = _claims(choices, states, dealer)
        if stick:
            ruled.append(z3.Not(states[MOST_BIDS].thrown))  # trump is always made
        claims.append(z3.And(*ruled))  # one query for each rule
        longest = states[MOST_BIDS].thrown if not stick else states[MOST_BIDS].made
        reached.append(z3.And(z3.Not(states[MOST_BIDS - 1].over), longest))

    def decode(m: z3.ModelRef) -> Witness:
        d, u = value(m, dealer), value(m, up)
        parts: list[str] = []
        data: dict[str, object] = {"dealer": d, "up": u}
        for name, _ in _RULES:
            choices, states, options = courses[name]
            bids, offered = [], []
            for k, choice in enumerate(choices):
                if true(m, states[k].over):
                    break
                bids.append(value(m, choice))
                offered.append(value(m, options[k]))
            end = states[len(bids)]
            outcome = (
                "the hand is thrown in"
                if true(m, end.thrown)
                else f"seat {value(m, end.maker)} makes {Suit(value(m, end.trump)).symbol} trump"
                if true(m, end.made)
                else "the bidding is still open"
            )
            shown = ", ".join(E.bid_action(b).text if b < E.BID_BITS else str(b) for b in bids)
            parts.append(f"under {name}: {len(bids)} bids ({shown}); {outcome}")
            data[name] = {
                "bids": tuple(bids),
                "offered": tuple(offered),
                "thrown": true(m, end.thrown),
                "maker": value(m, end.maker) if true(m, end.made) else -1,
            }
        return Witness(
            f"seat {d} deals, a {Suit(u).symbol} turned up; " + "; ".join(parts), data=data
        )

    return Problem(premise=premise, claim=claims, attained=z3.And(*reached), decode=decode)


def dealt_with_up(
    config: EuchreConfig, dealer: int, up_suit: int, game: AnyGame | None = None
) -> EuchreState:
    """A hand dealt by ``dealer`` whose up-card is of ``up_suit``, through the engine.

    ``game`` plays it, by default :data:`EUCHRE` as read when called.

    >>> state = dealt_with_up(EuchreConfig(), 2, 1)
    >>> state.dealer, Card(state.upcard).suit.letter, state.actor
    (2, 'D', 3)
    """
    play = EUCHRE if game is None else game
    state = play.apply(play.new_game(config), ChooseDealer(dealer))
    return play.apply(state, up_shuffle(config, up_suit))


def up_shuffle(config: EuchreConfig, up_suit: int) -> Shuffle:
    """The shuffle :func:`dealt_with_up` deals: the deck in order, a card of ``up_suit`` up.

    >>> up_shuffle(EuchreConfig(), 3).order[20]
    Card('9S')
    """
    cards = sorted(Card(c) for c in range(52) if K.EUCHRE_DECK >> c & 1)
    up = next(c for c in cards if c.suit == up_suit)
    rest = [c for c in cards if c != up]
    dealt = K.PLAYERS * config.rules.cards_each
    return Shuffle((*rest[:dealt], up, *rest[dealt:]))


def _replay_ends(witness: Witness) -> Witness:
    """Bid each course through the engine: at each bid the same bids listed, and the same end."""
    d = witness.data
    said, agrees = [], True
    for name, stick in _RULES:
        course = d[name]
        state = dealt_with_up(EuchreConfig(stick_the_dealer=stick), d["dealer"], d["up"])
        for k, (index, offered) in enumerate(zip(course["bids"], course["offered"], strict=True)):
            action = E.bid_action(index)
            listed = EUCHRE.legal_actions(state)
            mask = sum(1 << k for k, bid in enumerate(E.BIDS) if bid in listed)
            if mask != offered:
                agrees = False
                shown = ", ".join(bid.text for bid in listed)
                said.append(f"under {name} at bid {k + 1} the engine lists {shown}")
                break
            state = EUCHRE.apply(state, action)
        bidding = state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP)
        thrown = state.stage == Stage.DEAL and state.results[-1:] == ((-1, 0),)
        same = not bidding and thrown == course["thrown"] and state.maker == course["maker"]
        agrees = agrees and same
        end = "throws the hand in" if thrown else f"has seat {state.maker} make trump"
        said.append(f"under {name} the engine {'is still bidding' if bidding else end}")
    return witness.replayed_as("; " + "; ".join(said), agrees)


def _seats_out(
    alone: z3.BoolRef, maker: z3.BitVecRef, defends: z3.BoolRef, defender: z3.BitVecRef
) -> Callable[[z3.BitVecRef], z3.BoolRef]:
    """Whether a seat sits the hand out, as the rules say: a lone player's partner."""
    partner = [z3.BitVecVal(s, E.COUNT_BITS) for s in K.PARTNER]

    def sits(seat: z3.BitVecRef) -> z3.BoolRef:
        return z3.Or(
            z3.And(alone, seat == E.pick(partner, maker)),
            z3.And(defends, seat == E.pick(partner, defender)),
        )

    return sits


def _first_lead(p: Params) -> Problem:
    dealer, maker, defender = E.nat("dealer"), E.nat("maker"), E.nat("defender")
    alone, defends = z3.Bool("alone"), z3.Bool("defends")
    premise = [
        z3.ULT(dealer, K.PLAYERS),
        z3.ULT(maker, K.PLAYERS),
        z3.ULT(defender, K.PLAYERS),
        z3.Or(*(z3.And(maker == m, defender == f)
                for m in range(K.PLAYERS) for f in range(K.PLAYERS)
                if K.TEAM_OF[m] != K.TEAM_OF[f])),
    ]  # fmt: skip
    leader = E.first_leader(dealer, maker, alone, defender, defends, p)
    sits = _seats_out(alone, maker, defends, defender)
    left = [_seat(dealer + k) for k in range(1, K.PLAYERS)]
    claims = [
        z3.Implies(z3.And(z3.Not(alone), z3.Not(defends)), leader == left[0]),
        z3.Not(sits(leader)),
        z3.Or(*(leader == seat for seat in left)),
        *(
            z3.Implies(leader == left[k], z3.And(*(sits(left[j]) for j in range(k))))
            for k in range(1, len(left))
        ),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        d, mk, f = value(m, dealer), value(m, maker), value(m, defender)
        a, lone = true(m, alone), true(m, defends)
        against = f", seat {f} defends alone (variant lone-defender)" if lone else ""
        return Witness(
            f"seat {d} deals, seat {mk} makes trump{' alone' if a else ''}{against}: "
            f"seat {value(m, leader)} leads",
            data={"dealer": d, "maker": mk, "alone": a, "defender": f if lone else -1,
                  "leader": value(m, leader)},
        )  # fmt: skip

    return Problem(premise, claims, attained=leader == left[-1], decode=decode)


def _replay_lead(witness: Witness) -> Witness:
    """A real hand with the witness's dealer, maker and lone players: the engine's first lead."""
    d = witness.data
    defender = int(d["defender"])
    config = EuchreConfig(lone_defender=defender >= 0)
    state = dealt_with_up(config, int(d["dealer"]), 0)
    while state.actor != d["maker"]:
        state = EUCHRE.apply(state, PASS)
    state = EUCHRE.apply(state, ORDER_UP[bool(d["alone"])])
    if state.stage == Stage.DISCARD:
        state = EUCHRE.apply(state, EUCHRE.legal_actions(state)[0])
    while state.stage == Stage.DEFEND:
        state = EUCHRE.apply(state, DEFEND_ALONE if state.actor == defender else PASS)
    agrees = state.stage == Stage.TRICKS and state.actor == state.leader == d["leader"]
    return witness.replayed_as(f"; the engine has seat {state.leader} lead", agrees)


def obligations(real: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    ``real`` are the encoding's parameters of the rules (the configuration's);
    the bidding is checked under both all-pass rules whatever its flag.
    """
    return (
        claim(
            "euchre.bid.ends",
            f"For every dealer and up-card, every course of legal bids ends within "
            f"{K.BID_ROUNDS} rounds of {K.PLAYERS} bids ({MOST_BIDS}): with trump made by the "
            "seat whose turn it was, clockwise from the dealer's left in each round, or, only "
            f"when all {MOST_BIDS} bids were passes, the hand thrown in; under "
            "stick-the-dealer trump is always made. Both biddings of the longest length exist.",
            (
                "euchre.bid.first-round",
                "euchre.bid.second-round",
                "euchre.ruling.all-pass",
                "euchre.bid.makers",
                "euchre.ruling.thrown-in-hand",
            ),
            _ends,
            real,
            Mutant(
                "euchre.mutant.three-bid-rounds",
                "a third round of bidding before the hand is thrown in",
                {"bid_rounds": K.BID_ROUNDS + 1},
            ),
            Mutant(
                "euchre.mutant.stuck-dealer-passes",
                "under stick-the-dealer the dealer may still pass in the second round",
                {"stuck_dealer_names": False},
            ),
            replay=_replay_ends,
            engine=("engine.euchre.bidding.legal_bids", "engine.euchre.bidding.apply_bid"),
        ),
        claim(
            "euchre.trick.first-lead",
            "For every dealer, maker and lone players (a maker alone, and under the variant "
            "lone-defender a defender alone too), the first trick is led by the seat on the "
            "dealer's left, or when it sits out by the next seat clockwise that takes part: "
            "never a seat that sits out, and with nobody alone always the dealer's left. A lead "
            "that skips two seats exists.",
            (
                "euchre.trick.first-lead",
                "euchre.ruling.lone-lead",
                "euchre.bid.alone",
                "euchre.ruling.defender-alone",
            ),
            _first_lead,
            real,
            Mutant(
                "euchre.mutant.lead-from-left-always",
                "the dealer's left leads even when sitting out",
                {"lead_skips_out": False},
            ),
            Mutant(
                "euchre.mutant.lead-skips-one-seat",
                "the first lead skips at most one seat that sits out",
                {"lead_skips_once": True},
            ),
            replay=_replay_lead,
            engine=(
                "engine.euchre.bidding.first_leader",
                "engine.euchre.bidding.apply_defence",
                "engine.euchre.bidding.first_defender",
            ),
        ),
    )
