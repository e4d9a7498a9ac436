"""High Card, declared once: its phases table and manifest, run by the shared base.

Everything the Game API needs is in :data:`MANIFEST`; :class:`~engine.game.RulesGame`
does the rest (dispatch, guards, the out-of-turn errors, JSON, invariants).

>>> state = TOY.new_game(TOY.config())
>>> TOY.to_move(state), TOY.chance_outcomes(state).size
('chance', 2)
>>> state = TOY.apply(state, TOY.parse_action("leader 0"))
>>> TOY.chance_outcomes(state).size == 6227020800  # 13!
True
>>> TOY.apply(state, TOY.parse_action("play 9S"))
Traceback (most recent call last):
...
cardlaw.spec.errors.IllegalAction: chance must shuffle and deal now, not 'play 9S' [toy.play.turns]
>>> TOY.legal_actions("a state")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: legal_actions: state must be a High Card state, not 'a state'
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.game import RulesGame
from cardlaw.engine.manifest import Manifest, Phase
from cardlaw.spec.cards import CardSet
from tests.toy import codec, rules
from tests.toy.spec import (
    FORM,
    INVARIANTS,
    PLAYER_COUNTS,
    RULEBOOK,
    STEP_INVARIANTS,
    VARIANTS,
    Action,
    Deal,
    FirstLeader,
    Play,
    Stage,
    ToyConfig,
    ToyObservation,
    ToyResult,
    ToyState,
    initial_state,
    parse_action,
)

__all__ = ["MANIFEST", "PHASES", "TOY"]

PHASES: Final[tuple[Phase[ToyState, Action], ...]] = (
    Phase(
        stage=Stage.FIRST_LEADER,
        expected="chance must toss for the first lead",
        moves={FirstLeader: rules.apply_first_leader},
        chance=rules.first_leader_outcomes,
    ),
    Phase(
        stage=Stage.DEAL,
        expected="chance must shuffle and deal",
        moves={Deal: rules.apply_deal},
        chance=rules.deal_outcomes,
    ),
    Phase(
        stage=Stage.TRICKS,
        expected="play a card",
        moves={Play: rules.apply_play},
        legal=rules.legal_plays,
    ),
    Phase(stage=Stage.OVER),
)
"""One phase per stage, in stage order: what it waits for and where each action goes."""


def _describe(state: ToyState) -> str:
    """A one-line summary of a state, for messages."""
    parts = [state.stage.name.lower()]
    if state.stage == Stage.TRICKS:
        parts.append(f"trick {len(state.tricks) + 1}")
        if state.trick:
            parts.append(f"{CardSet(1 << state.trick[0]).pretty} led")
        parts.append(f"seat {state.actor} holds {CardSet(state.hands[state.actor]).pretty}")
    return "; ".join(parts)


def _games_played(state: ToyState) -> int:
    """How many games a state holds once it is over: one."""
    return int(state.stage == Stage.OVER)


MANIFEST: Final[Manifest[ToyConfig, ToyState, Action, ToyObservation, ToyResult]] = Manifest(
    rulebook=RULEBOOK,
    config=ToyConfig,
    state=ToyState,
    form=FORM,
    result=ToyResult,
    codec=codec.CODEC,
    parse_action=parse_action,
    new_game=initial_state,
    phases=PHASES,
    over=Stage.OVER,
    over_clause="toy.end.three-tricks",
    turn_clause="toy.play.turns",
    observe=rules.observe,
    outcome=rules.outcome,
    outcome_to_json=rules.outcome_to_json,
    events=rules.events,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    variants=VARIANTS,
    player_counts=PLAYER_COUNTS,
    bench_unit="games",
    units_played=_games_played,
    describe=_describe,
)
"""High Card: two players, a coin toss, thirteen Spades, three tricks."""

TOY: Final = RulesGame(MANIFEST)
"""High Card on the Game API (not registered: see :mod:`tests.toy`)."""
