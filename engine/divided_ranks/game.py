"""Divided Ranks on the Game API: dispatch from states and actions to the rule modules.

>>> from engine.divided_ranks.game import GAME
>>> from spec.divided_ranks import FirstSplitter, Keep
>>> state = GAME.new_game(GAME.config())
>>> GAME.to_move(state), GAME.legal_actions(state), GAME.chance_outcomes(state).size
('chance', (), 2)
>>> state = GAME.apply(state, FirstSplitter(1))
>>> state = GAME.apply(state, GAME.chance_outcomes(state).outcome(0))
>>> GAME.to_move(state), len(GAME.legal_actions(state))
(1, 6)
>>> GAME.apply(state, Keep())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spec.errors.IllegalAction: seat 1 must split the top four cards of the stock now, not 'keep' [...]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar, Final

from engine.api import Event
from engine.base import SpecGame, checked_inline
from engine.chance import ChanceSpace
from engine.divided_ranks import (
    build,
    codec,
    deal,
    draft,
    events,
    explain,
    observe,
    position,
    reserve,
    scoring,
)
from engine.divided_ranks.evaluate import KEY, hand_key
from spec.cards import CardSet
from spec.clauses import Rulebook
from spec.divided_ranks.actions import (
    Action,
    Build,
    FirstSplitter,
    Keep,
    ReserveFirst,
    Shuffle,
    Split,
    Swap,
    Take,
    parse_action,
)
from spec.divided_ranks.config import VARIANTS, DividedRanksConfig
from spec.divided_ranks.invariants import INVARIANTS, STEP_INVARIANTS
from spec.divided_ranks.rules import RULEBOOK
from spec.divided_ranks.state import (
    DividedRanksObservation,
    DividedRanksResult,
    DividedRanksState,
    Stage,
    initial_state,
)
from spec.invariants import Invariant, StepInvariant
from spec.trace import enforces

__all__ = ["DIVIDED_RANKS", "GAME", "DividedRanksGame"]

_EXPECTED: Final[dict[Stage, str]] = {
    Stage.FIRST_SPLITTER: "chance must decide who splits first",
    Stage.DEAL: "chance must shuffle the pack",
    Stage.SPLIT: "split the top four cards of the stock",
    Stage.CHOOSE: "take the face-up or the face-down pair",
    Stage.RESERVE_ORDER: "chance must decide who goes first at the reserve",
    Stage.RESERVE: "keep the hand or swap a card for the reserve",
    Stage.BUILD: "build two hands of five",
}


def _no_actions(state: DividedRanksState) -> tuple[Action, ...]:
    return ()


def _game_over(state: DividedRanksState, action: Action) -> DividedRanksState:
    raise AssertionError("unreachable: no action type matches a finished game")


_LEGAL: Final[tuple[Callable[[DividedRanksState], tuple[Any, ...]], ...]] = (
    _no_actions,  # FIRST_SPLITTER (chance)
    _no_actions,  # DEAL (chance)
    draft.legal_splits,
    draft.legal_takes,
    _no_actions,  # RESERVE_ORDER (chance)
    reserve.legal_reserve_actions,
    build.legal_builds,
    _no_actions,  # OVER
)

_APPLY: Final[tuple[tuple[tuple[type, ...], Callable[[DividedRanksState, Any], Any]], ...]] = (
    ((FirstSplitter,), deal.apply_first_splitter),
    ((Shuffle,), deal.apply_shuffle),
    ((Split,), draft.apply_split),
    ((Take,), draft.apply_take),
    ((ReserveFirst,), deal.apply_reserve_first),
    ((Swap, Keep), reserve.apply_reserve),
    ((Build,), build.apply_build),
    ((), _game_over),  # OVER: nothing matches
)


class DividedRanksGame(SpecGame[DividedRanksConfig, DividedRanksState, Action, DividedRanksResult]):
    """Divided Ranks: two players, a split-and-choose draft, a blind reserve, two poker hands."""

    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    INVARIANTS: ClassVar[tuple[Invariant[Any], ...]] = INVARIANTS
    STEP_INVARIANTS: ClassVar[tuple[StepInvariant[Any], ...]] = STEP_INVARIANTS
    CODEC: ClassVar[ModuleType] = codec
    PARSE_ACTION: ClassVar[Callable[[str], Any]] = staticmethod(parse_action)
    OVER: ClassVar[int] = Stage.OVER
    EXPECTED: ClassVar[Mapping[Any, str]] = _EXPECTED
    OVER_CLAUSE: ClassVar[str] = "divided-ranks.end.reveal"

    name: Final = "divided-ranks"
    title: Final = "Divided Ranks"
    turn_clause: Final = "divided-ranks.play.phases"
    bench_unit: Final = "games"
    """What ``cardlaw bench`` counts: whole games."""
    variants: Final[Mapping[str, Mapping[str, Any]]] = {v.name: v.options for v in VARIANTS}
    """The options each variant sets, by name (from :data:`spec.divided_ranks.config.VARIANTS`)."""

    def new_game(self, config: DividedRanksConfig) -> DividedRanksState:
        """The state before chance decides who splits first."""
        return initial_state(config)

    @checked_inline
    def legal_actions(self, state: DividedRanksState) -> tuple[Action, ...]:
        """The actions open to the seat to move (empty for chance and at the end)."""
        if type(state) is not DividedRanksState:
            raise self.bad_state("legal_actions", state)
        return _LEGAL[state.stage](state)

    @checked_inline
    def chance_outcomes(self, state: DividedRanksState) -> ChanceSpace[Action] | None:
        """The exact distribution of chance's outcome at a chance node."""
        if type(state) is not DividedRanksState:
            raise self.bad_state("chance_outcomes", state)
        stage = state.stage
        if stage == Stage.DEAL:
            return deal.SHUFFLES
        if stage == Stage.FIRST_SPLITTER:
            return deal.first_splitter_outcomes(state)
        if stage == Stage.RESERVE_ORDER:
            return deal.reserve_first_outcomes(state)
        return None

    @checked_inline
    @enforces("divided-ranks.play.phases")
    def apply(self, state: DividedRanksState, action: Action) -> DividedRanksState:
        """The state after ``action``; ``state`` itself never changes."""
        if type(state) is not DividedRanksState:
            raise self.bad_state("apply", state)
        kinds, handler = _APPLY[state.stage]
        if type(action) not in kinds:
            raise self.out_of_turn(state, action)
        result: DividedRanksState = handler(state, action)
        return result

    def observe(self, state: DividedRanksState, seat: int) -> DividedRanksObservation:
        """What ``seat`` may know."""
        return observe.observe(state, seat)

    def result(self, state: DividedRanksState) -> DividedRanksResult | None:
        """The winner (or a draw) and the deciding step once the game is over."""
        return scoring.result(state)

    def events(
        self, state: DividedRanksState, action: Action, after: DividedRanksState
    ) -> list[Event]:
        """What a reader wants to know about one step."""
        return events.events(state, action, after)

    def result_to_json(self, result: DividedRanksResult) -> dict[str, Any]:
        """A result as JSON."""
        return events.result_to_json(result)

    def position_from_json(self, data: Mapping[str, Any]) -> DividedRanksState:
        """The state a judge's position file describes (:mod:`engine.divided_ranks.position`).

        >>> from engine.divided_ranks.position import EXAMPLE
        >>> DIVIDED_RANKS.position_from_json(EXAMPLE).stage.name
        'RESERVE'
        """
        return position.position_from_json(data)

    def position_to_json(self, state: DividedRanksState) -> dict[str, Any]:
        """A state during the draft or the reserve turns as a position file.

        >>> from engine.divided_ranks.position import EXAMPLE
        >>> data = DIVIDED_RANKS.position_to_json(DIVIDED_RANKS.position_from_json(EXAMPLE))
        >>> data["to_move"], data["swaps"]
        (0, [{'seat': 1, 'gave': '10C', 'took': 'JD'}])
        """
        return position.position_to_json(state)

    def explain(self, state: DividedRanksState, action: Action) -> tuple[bool, explain.Explanation]:
        """Whether ``action`` is legal here, with the reasoning step by step.

        >>> from engine.divided_ranks.position import EXAMPLE
        >>> state = DIVIDED_RANKS.position_from_json(EXAMPLE)
        >>> legal, why = DIVIDED_RANKS.explain(state, DIVIDED_RANKS.parse_action("swap AS"))
        >>> legal, why.verdict
        (False, 'illegal: seat 0 can only give up one of its own cards, not A♠')
        """
        return explain.explain_action(state, action)

    def units_played(self, state: DividedRanksState) -> int:
        """A finished game is one bench unit."""
        return 1

    def describe(self, state: DividedRanksState) -> str:
        """A one-line summary of a state, for messages."""
        parts = [state.stage.name.lower()]
        if state.stage in (Stage.SPLIT, Stage.CHOOSE):
            parts.insert(0, f"round {len(state.rounds) + 1}")
        if state.stage == Stage.CHOOSE:
            parts.append(f"face-up pair {CardSet(state.offer[0]).pretty}")
        if state.actor >= 0:
            parts.append(f"seat {state.actor} holds {CardSet(state.hands[state.actor]).pretty}")
        return "; ".join(parts)

    def extra_benchmarks(self, config: DividedRanksConfig) -> dict[str, float]:
        """Extra ``cardlaw bench`` figures: five-card hand evaluations per second.

        Evaluates 200,000 hands (all 20,349, visited in a fixed scattered
        order, about ten times over) with
        :func:`~engine.divided_ranks.evaluate.hand_key`.

        >>> DIVIDED_RANKS.extra_benchmarks(DIVIDED_RANKS.config())["evaluations_per_second"] > 0
        True
        """
        masks = list(KEY)
        sample = [masks[i * 7919 % len(masks)] for i in range(200_000)]
        start = time.perf_counter()
        for mask in sample:
            hand_key(mask)
        seconds = time.perf_counter() - start
        return {"evaluations_per_second": round(len(sample) / seconds, 1)}


DIVIDED_RANKS: Final = DividedRanksGame()
"""The Divided Ranks game."""

GAME: Final = DIVIDED_RANKS
"""The object the registry looks for."""
