"""Split, declared once: its manifest, from which the shared base runs the Game API.

>>> from cardlaw.spec.split import ChooseDealer, Move, Play
>>> state = SPLIT.new_game(SPLIT.config(players=3))
>>> SPLIT.to_move(state), SPLIT.legal_actions(state)
('chance', ())
>>> state = SPLIT.apply(state, ChooseDealer(2))
>>> state = SPLIT.apply(state, SPLIT.chance_outcomes(state).outcome(0))
>>> SPLIT.to_move(state), (state.left, state.right)
(0, (2, 22))
>>> [a.text for a in SPLIT.legal_actions(state)]
['play 0', 'play 3', 'play 6', 'play 9', 'play 12', 'play 15', 'play 18', 'reset']
>>> SPLIT.apply(state, Play(50))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.IllegalAction: 50 is not in seat 0's hand [split.turn.play-between]
>>> SPLIT.apply(state, ChooseDealer(1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.IllegalAction: seat 0 must play a card between the piles (or reset) now, \
not 'dealer 1' [split.turn.play-between]...

A judge's position file (:mod:`engine.split.spot`) and an explanation:

>>> from cardlaw.engine.split.spot import EXAMPLE
>>> SPLIT.position_from_json(EXAMPLE).middle
52
>>> SPLIT.position_to_json(SPLIT.position_from_json(EXAMPLE))["piles"]
[33, 71]
>>> legal, why = SPLIT.explain(SPLIT.position_from_json(EXAMPLE), Move("left"))
>>> legal, why.verdict
(True, 'legal: seat 1 may move left')
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.game import RulesGame
from cardlaw.engine.manifest import Judging, Manifest, Phase
from cardlaw.engine.split import codec, deal, events, explain, forms, observe, opening, spot, turn
from cardlaw.spec.split import actions
from cardlaw.spec.split.cards import NumberSet
from cardlaw.spec.split.config import PLAYER_COUNTS, VARIANTS, SplitConfig
from cardlaw.spec.split.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.split.rules import RULEBOOK
from cardlaw.spec.split.state import (
    FORM,
    SplitObservation,
    SplitResult,
    SplitState,
    Stage,
    initial_state,
)
from cardlaw.spec.trace import enforces

__all__ = ["MANIFEST", "SPLIT", "describe", "units_played"]


@enforces("split.turn.order", "split.ruling.one-decision")
def _phases() -> tuple[Phase[SplitState, actions.Action], ...]:
    """The stages of a game, in order: the dealer, the deal and opening, then the turns.

    Each stage takes only its own actions, one decision at a time: a turn is
    the middle card moved (or a reset), then a card or an aid played (or a
    reset); anything else out of turn breaks the stage's clause.
    """
    return (
        Phase(
            stage=Stage.FIRST_DEALER,
            expected="chance must choose the dealer",
            moves={actions.ChooseDealer: deal.apply_dealer},
            chance=deal.dealer_outcomes,
            clause="split.setup.first-dealer",
        ),
        Phase(
            stage=Stage.DEAL,
            expected="chance must shuffle and deal",
            moves={actions.Shuffle: deal.apply_shuffle},
            chance=deal.shuffle_outcomes,
            clause="split.deal.shuffle",
        ),
        Phase(
            stage=Stage.BURY,
            expected="put a card under the draw pile",
            moves={actions.Bury: opening.apply_bury},
            legal=opening.legal_buries,
            clause="split.open.put-under",
        ),
        Phase(
            stage=Stage.RESHUFFLE,
            expected="chance must shuffle the discard pile under the draw pile",
            moves={actions.Reshuffle: opening.apply_reshuffle},
            chance=deal.reshuffle_outcomes,
            clause="split.ruling.empty-draw-pile",
        ),
        Phase(
            stage=Stage.MOVE,
            expected="move the middle card onto a pile (or reset)",
            moves={actions.Move: turn.apply_move, actions.Reset: opening.apply_reset},
            legal=turn.legal_turn_actions,
            clause="split.turn.move-middle",
        ),
        Phase(
            stage=Stage.PLAY,
            expected="play a card between the piles (or reset)",
            moves={
                actions.Play: turn.apply_play,
                actions.Aid: turn.apply_aid,
                actions.Reset: opening.apply_reset,
            },
            legal=turn.legal_turn_actions,
            clause="split.turn.play-between",
        ),
        Phase(stage=Stage.OVER),
    )


def describe(state: SplitState) -> str:
    """A one-line summary of a state, for messages.

    >>> describe(SPLIT.new_game(SPLIT.config(players=3)))
    'turn 1; first_dealer'
    """
    parts = [f"turn {state.turn + 1}", state.stage.name.lower()]
    if state.left >= 0:
        piles = f"piles {state.left} | {state.right}"
        if state.middle >= 0:
            piles += f", {state.middle} in the middle"
        parts.append(piles)
    if state.actor >= 0:
        parts.append(f"seat {state.actor} holds {NumberSet(state.hands[state.actor]).pretty}")
    return "; ".join(parts)


def units_played(state: SplitState) -> int:
    """How many bench units a finished game holds: one, the game itself."""
    return 1


MANIFEST: Final[
    Manifest[SplitConfig, SplitState, actions.Action, SplitObservation, SplitResult]
] = Manifest(
    rulebook=RULEBOOK,
    config=SplitConfig,
    state=SplitState,
    form=FORM,
    result=SplitResult,
    codec=codec.CODEC,
    parse_action=actions.parse_action,
    new_game=initial_state,
    phases=_phases(),
    over=Stage.OVER,
    over_clause="split.turn.order",
    turn_clause="split.turn.order",
    action_clauses={actions.Aid: "split.coop.aid-use", actions.Reset: "split.ruling.reset-timing"},
    observe=observe.observe,
    outcome=events.result,
    outcome_to_json=events.result_to_json,
    events=events.events,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    variants=VARIANTS,
    player_counts=PLAYER_COUNTS,
    bench_unit="games",  # a game of Split is played to its end
    units_played=units_played,
    describe=describe,
    forms=forms.FORMS,
    judging=Judging(
        example=spot.EXAMPLE,
        read=spot.position_from_json,
        write=spot.position_to_json,
        explain=explain.explain_action,
    ),
)
"""Split: numbered cards played between two piles; competitive (2–6) or cooperative (3–5)."""

SPLIT: Final = RulesGame(MANIFEST)
"""Split on the Game API."""
