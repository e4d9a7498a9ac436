"""Euchre, declared once: its manifest, from which the shared base runs the Game API.

>>> from cardlaw.spec.euchre import ChooseDealer, Pass
>>> state = EUCHRE.new_game(EUCHRE.config())
>>> EUCHRE.to_move(state), EUCHRE.legal_actions(state)
('chance', ())
>>> state = EUCHRE.apply(state, ChooseDealer(3))
>>> state = EUCHRE.apply(state, EUCHRE.chance_outcomes(state).outcome(0))
>>> EUCHRE.to_move(state), [a.text for a in EUCHRE.legal_actions(state)]
(0, ['order', 'order alone', 'pass'])
>>> EUCHRE.apply(state, ChooseDealer(1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.IllegalAction: seat 0 must bid (pass or order up) now, not 'dealer 1' [...]
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.chance import ChanceSpace
from cardlaw.engine.euchre import bidding, codec, deal, events, explain, forms, play, position
from cardlaw.engine.euchre.events import result as hand_result
from cardlaw.engine.euchre.observe import observe as observe_seat
from cardlaw.engine.game import RulesGame
from cardlaw.engine.manifest import Judging, Manifest, Phase
from cardlaw.spec.cards import Card, CardSet, Suit
from cardlaw.spec.euchre import actions
from cardlaw.spec.euchre.config import PLAYER_COUNTS, VARIANTS, EuchreConfig
from cardlaw.spec.euchre.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.euchre.rules import RULEBOOK
from cardlaw.spec.euchre.state import (
    FORM,
    EuchreObservation,
    EuchreResult,
    EuchreState,
    Stage,
    initial_state,
)
from cardlaw.spec.trace import enforces

__all__ = ["EUCHRE", "MANIFEST"]


def _first_dealers(state: EuchreState) -> ChanceSpace[actions.Action]:
    return deal.FIRST_DEALERS


def _shuffles(state: EuchreState) -> ChanceSpace[actions.Action]:
    return deal.SHUFFLES


@enforces("euchre.hand.phases")
def _phases() -> tuple[Phase[EuchreState, actions.Action], ...]:
    """The stages of a hand, in order: the deal, two rounds of bidding, the discard, the tricks.

    Under the variant lone-defender the defenders are asked between the
    discard and the tricks.

    Either round of bidding takes every kind of bid, so that a bid of the
    other round is refused by the bidding rules, naming their clause.
    """
    bids = {
        actions.Pass: bidding.apply_bid,
        actions.OrderUp: bidding.apply_bid,
        actions.NameTrump: bidding.apply_bid,
    }
    return (
        Phase(
            stage=Stage.FIRST_DEALER,
            expected="chance must choose the first dealer",
            moves={actions.ChooseDealer: deal.apply_first_dealer},
            chance=_first_dealers,
        ),
        Phase(
            stage=Stage.DEAL,
            expected="chance must shuffle and deal",
            moves={actions.Shuffle: deal.apply_shuffle},
            chance=_shuffles,
        ),
        Phase(
            stage=Stage.ORDER_UP,
            expected="bid (pass or order up)",
            moves=bids,
            legal=bidding.legal_bids,
        ),
        Phase(
            stage=Stage.NAME_TRUMP,
            expected="bid (pass or name a suit)",
            moves=bids,
            legal=bidding.legal_bids,
        ),
        Phase(
            stage=Stage.DISCARD,
            expected="discard one card",
            moves={actions.Discard: bidding.apply_discard},
            legal=bidding.legal_discards,
        ),
        Phase(
            stage=Stage.DEFEND,
            expected="defend alone or pass",
            moves={actions.DefendAlone: bidding.apply_defence, actions.Pass: bidding.apply_defence},
            legal=bidding.legal_defence,
        ),
        Phase(
            stage=Stage.TRICKS,
            expected="play a card",
            moves={actions.Play: play.apply_play},
            legal=play.legal_play_actions,
            pick=play.pick_play,
        ),
        Phase(stage=Stage.OVER),
    )


def _describe(state: EuchreState) -> str:
    """A one-line summary of a state, for messages."""
    parts = [f"hand {state.deal}", state.stage.name.lower().replace("_", " ")]
    if state.upcard >= 0 and state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP):
        parts.append(f"up-card {Card(state.upcard).pretty}")
    if state.trump >= 0:
        parts.append(f"trump {Suit(state.trump).symbol}")
    if state.stage == Stage.TRICKS:
        parts.append(f"trick {len(state.tricks) + 1}")
        if state.trick:
            parts.append("played " + " ".join(Card(c).pretty for c in state.trick))
    if state.actor >= 0:
        parts.append(f"seat {state.actor} holds {CardSet(state.hands[state.actor]).pretty}")
    parts.append(f"score {state.scores[0]}-{state.scores[1]}")
    return "; ".join(parts)


def _hands_played(state: EuchreState) -> int:
    """How many hands a (finished) game has dealt, thrown-in hands included."""
    return len(state.results)


MANIFEST: Final[
    Manifest[EuchreConfig, EuchreState, actions.Action, EuchreObservation, EuchreResult]
] = Manifest(
    rulebook=RULEBOOK,
    config=EuchreConfig,
    state=EuchreState,
    form=FORM,
    result=EuchreResult,
    codec=codec.CODEC,
    parse_action=actions.parse_action,
    new_game=initial_state,
    phases=_phases(),
    over=Stage.OVER,
    over_clause="euchre.end.ten",
    turn_clause="euchre.hand.phases",
    observe=observe_seat,
    outcome=hand_result,
    outcome_to_json=events.result_to_json,
    events=events.events,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    variants=VARIANTS,
    player_counts=PLAYER_COUNTS,
    # Hands dealt, thrown-in hands included [euchre.ruling.thrown-in-hand]: OpenSpiel's
    # euchre also counts a passed-out deal as a game of its own, so the two figures of
    # ``cardlaw bench`` count the same thing.
    bench_unit="hands",
    units_played=_hands_played,
    describe=_describe,
    forms=forms.FORMS,
    judging=Judging(
        example=position.EXAMPLE,
        read=position.position_from_json,
        write=position.position_to_json,
        explain=explain.explain_action,
    ),
)
"""Euchre: four players in two teams, bidding for trump, five tricks a hand, ten points."""

EUCHRE: Final = RulesGame(MANIFEST)
"""Euchre on the Game API."""
