"""Divide, declared once: its manifest, from which the shared base runs the Game API.

>>> from cardlaw.spec.divide import ChooseDealer
>>> state = DIVIDE.new_game(DIVIDE.config(players=4))
>>> DIVIDE.to_move(state), DIVIDE.legal_actions(state)
('chance', ())
>>> state = DIVIDE.apply(state, ChooseDealer(3))
>>> state = DIVIDE.apply(state, DIVIDE.chance_outcomes(state).outcome(0))
>>> DIVIDE.to_move(state), len(DIVIDE.legal_actions(state))
(0, 9)
>>> DIVIDE.apply(state, ChooseDealer(1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.IllegalAction: seat 0 must make a Trump Offering now, not 'dealer 1' [...]
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.chance import ChanceSpace
from cardlaw.engine.divide import (
    codec,
    deal,
    events,
    exchange,
    explain,
    forms,
    observe,
    play,
    position,
)
from cardlaw.engine.game import RulesGame
from cardlaw.engine.manifest import Judging, Manifest, Phase
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divide import actions
from cardlaw.spec.divide.config import PLAYER_COUNTS, VARIANTS, DivideConfig
from cardlaw.spec.divide.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.divide.rules import RULEBOOK
from cardlaw.spec.divide.state import (
    FORM,
    DivideObservation,
    DivideResult,
    DivideState,
    Stage,
    initial_state,
)
from cardlaw.spec.trace import enforces

__all__ = ["DIVIDE", "MANIFEST"]


def _shuffles(state: DivideState) -> ChanceSpace[actions.Action]:
    return deal.SHUFFLES


@enforces("divide.round.phases")
def _phases() -> tuple[Phase[DivideState, actions.Action], ...]:
    """The stages of a round, in order: the Great Divide, the reveal, the tricks."""
    return (
        Phase(
            stage=Stage.FIRST_DEALER,
            expected="chance must choose the first dealer",
            moves={actions.ChooseDealer: deal.apply_first_dealer},
            chance=deal.first_dealer_outcomes,
        ),
        Phase(
            stage=Stage.DEAL,
            expected="chance must shuffle and deal",
            moves={actions.Shuffle: deal.apply_shuffle},
            chance=_shuffles,
        ),
        Phase(
            stage=Stage.OFFERING,
            expected="make a Trump Offering",
            moves={actions.Offer: exchange.apply_offer},
            legal=exchange.legal_offers,
            pick=exchange.pick_offer,
        ),
        Phase(
            stage=Stage.SECURE,
            expected="secure two cards",
            moves={actions.Secure: exchange.apply_secure},
            legal=exchange.legal_secures,
            pick=exchange.pick_secure,
        ),
        Phase(
            stage=Stage.SPLIT,
            expected="split the six remaining cards into two offers",
            moves={actions.Split: exchange.apply_split},
            legal=exchange.legal_splits,
            pick=exchange.pick_split,
        ),
        Phase(
            stage=Stage.CHOOSE,
            expected="keep two cards of an offer",
            moves={actions.Keep: exchange.apply_keep},
            legal=exchange.legal_keeps,
            pick=exchange.pick_keep,
        ),
        Phase(
            stage=Stage.REVEAL,
            expected="chance must reveal the Trump Rank",
            moves={actions.Reveal: deal.apply_reveal},
            chance=deal.reveal_outcomes,
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


def _describe(state: DivideState) -> str:
    """A one-line summary of a state, for messages."""
    parts = [f"round {state.round + 1}", state.stage.name.lower()]
    if state.stage == Stage.TRICKS:
        parts.append(f"trump rank {CardSet(1 << state.trump).pretty[:-1]}")
        parts.append(f"trick {len(state.tricks) + 1}")
        if state.trick:
            parts.append("played " + " ".join(CardSet(1 << c).pretty for c in state.trick))
    if state.actor >= 0:
        parts.append(f"seat {state.actor} holds {CardSet(state.hands[state.actor]).pretty}")
    return "; ".join(parts)


def _rounds_played(state: DivideState) -> int:
    """How many rounds a (finished) game has played."""
    return len(state.scores)


MANIFEST: Final[
    Manifest[DivideConfig, DivideState, actions.Action, DivideObservation, DivideResult]
] = Manifest(
    rulebook=RULEBOOK,
    config=DivideConfig,
    state=DivideState,
    form=FORM,
    result=DivideResult,
    codec=codec.CODEC,
    parse_action=actions.parse_action,
    new_game=initial_state,
    phases=_phases(),
    over=Stage.OVER,
    over_clause="divide.end.four-rounds",
    turn_clause="divide.round.phases",
    observe=observe.observe,
    outcome=events.result,
    outcome_to_json=events.result_to_json,
    events=events.events,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    variants=VARIANTS,
    player_counts=PLAYER_COUNTS,
    bench_unit="rounds",  # a round of Divide is one deal played out
    units_played=_rounds_played,
    describe=_describe,
    forms=forms.FORMS,
    judging=Judging(
        example=position.EXAMPLE,
        read=position.position_from_json,
        write=position.position_to_json,
        explain=explain.explain_action,
    ),
)
"""Divide: 4–5 players, the Great Divide, a random Trump Rank, eight tricks."""

DIVIDE: Final = RulesGame(MANIFEST)
"""Divide on the Game API."""
