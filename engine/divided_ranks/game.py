"""Divided Ranks, declared once: its manifest, from which the shared base runs the Game API.

>>> from cardlaw.spec.divided_ranks import FirstSplitter, Keep
>>> state = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config())
>>> outcomes = DIVIDED_RANKS.chance_outcomes(state)
>>> DIVIDED_RANKS.to_move(state), DIVIDED_RANKS.legal_actions(state), outcomes.size
('chance', (), 2)
>>> state = DIVIDED_RANKS.apply(state, FirstSplitter(1))
>>> state = DIVIDED_RANKS.apply(state, DIVIDED_RANKS.chance_outcomes(state).outcome(0))
>>> DIVIDED_RANKS.to_move(state), len(DIVIDED_RANKS.legal_actions(state))
(1, 6)
>>> DIVIDED_RANKS.apply(state, Keep())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.IllegalAction: seat 1 must split the top four cards of the stock now, not \
'keep' [...]

A judge's position file, read and written back, and an action explained:

>>> from cardlaw.engine.divided_ranks.position import EXAMPLE
>>> state = DIVIDED_RANKS.position_from_json(EXAMPLE)
>>> state.stage.name, DIVIDED_RANKS.position_to_json(state)["swaps"]
('RESERVE', [{'seat': 1, 'gave': '10C', 'took': 'JD'}])
>>> legal, why = DIVIDED_RANKS.explain(state, DIVIDED_RANKS.parse_action("swap AS"))
>>> legal, why.verdict
(False, 'illegal: seat 0 can only give up one of its own cards, not A♠')
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.chance import ChanceSpace
from cardlaw.engine.divided_ranks import (
    build,
    codec,
    deal,
    draft,
    events,
    explain,
    forms,
    observe,
    position,
    reserve,
    scoring,
)
from cardlaw.engine.game import RulesGame
from cardlaw.engine.manifest import Judging, Manifest, Phase
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks import actions
from cardlaw.spec.divided_ranks.config import PLAYER_COUNTS, VARIANTS, DividedRanksConfig
from cardlaw.spec.divided_ranks.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.divided_ranks.rules import RULEBOOK
from cardlaw.spec.divided_ranks.state import (
    FORM,
    DividedRanksObservation,
    DividedRanksResult,
    DividedRanksState,
    Stage,
    initial_state,
)
from cardlaw.spec.trace import enforces

__all__ = ["DIVIDED_RANKS", "MANIFEST"]


def _shuffles(state: DividedRanksState) -> ChanceSpace[actions.Action]:
    return deal.SHUFFLES


@enforces("divided-ranks.play.phases")
def _phases() -> tuple[Phase[DividedRanksState, actions.Action], ...]:
    """The stages of a game, in order: the draft, the reserve turns, the builds."""
    return (
        Phase(
            stage=Stage.FIRST_SPLITTER,
            expected="chance must decide who splits first",
            moves={actions.FirstSplitter: deal.apply_first_splitter},
            chance=deal.first_splitter_outcomes,
        ),
        Phase(
            stage=Stage.DEAL,
            expected="chance must shuffle the pack",
            moves={actions.Shuffle: deal.apply_shuffle},
            chance=_shuffles,
        ),
        Phase(
            stage=Stage.SPLIT,
            expected="split the top four cards of the stock",
            moves={actions.Split: draft.apply_split},
            legal=draft.legal_splits,
        ),
        Phase(
            stage=Stage.CHOOSE,
            expected="take the face-up or the face-down pair",
            moves={actions.Take: draft.apply_take},
            legal=draft.legal_takes,
        ),
        Phase(
            stage=Stage.RESERVE_ORDER,
            expected="chance must decide who goes first at the reserve",
            moves={actions.ReserveFirst: deal.apply_reserve_first},
            chance=deal.reserve_first_outcomes,
        ),
        Phase(
            stage=Stage.RESERVE,
            expected="keep the hand or swap a card for the reserve",
            moves={actions.Swap: reserve.apply_reserve, actions.Keep: reserve.apply_reserve},
            legal=reserve.legal_reserve_actions,
        ),
        Phase(
            stage=Stage.BUILD,
            expected="build two hands of five",
            moves={actions.Build: build.apply_build},
            legal=build.legal_builds,
        ),
        Phase(stage=Stage.OVER),
    )


def _describe(state: DividedRanksState) -> str:
    """A one-line summary of a state, for messages."""
    parts = [state.stage.name.lower()]
    if state.stage in (Stage.SPLIT, Stage.CHOOSE):
        parts.insert(0, f"round {len(state.rounds) + 1}")
    if state.stage == Stage.CHOOSE:
        parts.append(f"face-up pair {CardSet(state.offer[0]).pretty}")
    if state.actor >= 0:
        parts.append(f"seat {state.actor} holds {CardSet(state.hands[state.actor]).pretty}")
    return "; ".join(parts)


def _games_played(state: DividedRanksState) -> int:
    """How many bench units a (finished) game holds: a game is one."""
    return 1


MANIFEST: Final[
    Manifest[
        DividedRanksConfig,
        DividedRanksState,
        actions.Action,
        DividedRanksObservation,
        DividedRanksResult,
    ]
] = Manifest(
    rulebook=RULEBOOK,
    config=DividedRanksConfig,
    state=DividedRanksState,
    form=FORM,
    result=DividedRanksResult,
    codec=codec.CODEC,
    parse_action=actions.parse_action,
    new_game=initial_state,
    phases=_phases(),
    over=Stage.OVER,
    over_clause="divided-ranks.end.reveal",
    turn_clause="divided-ranks.play.phases",
    observe=observe.observe,
    outcome=scoring.result,
    outcome_to_json=events.result_to_json,
    events=events.events,
    invariants=INVARIANTS,
    step_invariants=STEP_INVARIANTS,
    variants=VARIANTS,
    player_counts=PLAYER_COUNTS,
    bench_unit="games",  # whole games: a game of Divided Ranks is one deal
    units_played=_games_played,
    describe=_describe,
    forms=forms.FORMS,
    judging=Judging(
        example=position.EXAMPLE,
        read=position.position_from_json,
        write=position.position_to_json,
        explain=explain.explain_action,
    ),
)
"""Divided Ranks: two players, a split-and-choose draft, a blind reserve, two poker hands."""

DIVIDED_RANKS: Final = RulesGame(MANIFEST)
"""Divided Ranks on the Game API."""
