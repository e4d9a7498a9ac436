"""Split on the Game API: dispatch from states and actions to the rule modules.

>>> from engine.split.game import SPLIT
>>> from spec.split import ChooseDealer, Play
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
spec.errors.IllegalAction: 50 is not in seat 0's hand [split.turn.play-between]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar, Final

from engine.api import Event
from engine.base import SpecGame, checked_inline
from engine.chance import ChanceSpace
from engine.split import codec, deal, events, explain, observe, opening, spot, turn
from engine.split.explain import Explanation
from spec.clauses import Rulebook
from spec.invariants import Invariant, StepInvariant
from spec.split.actions import (
    Action,
    Aid,
    Bury,
    ChooseDealer,
    Move,
    Play,
    Reset,
    Reshuffle,
    Shuffle,
    parse_action,
)
from spec.split.cards import NumberSet
from spec.split.config import VARIANTS, SplitConfig
from spec.split.invariants import INVARIANTS, STEP_INVARIANTS
from spec.split.rules import RULEBOOK
from spec.split.state import (
    SplitObservation,
    SplitResult,
    SplitState,
    Stage,
    initial_state,
)
from spec.trace import enforces

__all__ = ["GAME", "SPLIT", "SplitGame"]

_EXPECTED: Final[dict[Stage, str]] = {
    Stage.FIRST_DEALER: "chance must choose the dealer",
    Stage.DEAL: "chance must shuffle and deal",
    Stage.BURY: "put a wild card under the draw pile",
    Stage.RESHUFFLE: "chance must shuffle the discard pile under the draw pile",
    Stage.MOVE: "move the middle card onto a pile (or reset)",
    Stage.PLAY: "play a card between the piles (or reset)",
}

_CLAUSE_OF_STAGE: Final[dict[Stage, str]] = {
    Stage.FIRST_DEALER: "split.setup.first-dealer",
    Stage.DEAL: "split.deal.shuffle",
    Stage.BURY: "split.open.put-under",
    Stage.RESHUFFLE: "split.ruling.empty-draw-pile",
    Stage.MOVE: "split.turn.move-middle",
    Stage.PLAY: "split.turn.play-between",
}


def _no_actions(state: SplitState) -> tuple[Action, ...]:
    return ()


_LEGAL: Final[tuple[Callable[[SplitState], tuple[Action, ...]], ...]] = (
    _no_actions,  # FIRST_DEALER (chance)
    _no_actions,  # DEAL (chance)
    opening.legal_buries,
    _no_actions,  # RESHUFFLE (chance)
    turn.legal_turn_actions,  # MOVE
    turn.legal_turn_actions,  # PLAY
    _no_actions,  # OVER
)

_APPLY: Final[dict[tuple[Stage, type], Callable[[SplitState, Any], SplitState]]] = {
    (Stage.FIRST_DEALER, ChooseDealer): deal.apply_dealer,
    (Stage.DEAL, Shuffle): deal.apply_shuffle,
    (Stage.BURY, Bury): opening.apply_bury,
    (Stage.RESHUFFLE, Reshuffle): opening.apply_reshuffle,
    (Stage.MOVE, Move): turn.apply_move,
    (Stage.MOVE, Reset): opening.apply_reset,
    (Stage.PLAY, Play): turn.apply_play,
    (Stage.PLAY, Aid): turn.apply_aid,
    (Stage.PLAY, Reset): opening.apply_reset,
}


class SplitGame(SpecGame[SplitConfig, SplitState, Action, SplitResult]):
    """Split: numbered cards played between two piles; competitive or cooperative."""

    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    INVARIANTS: ClassVar[tuple[Invariant[Any], ...]] = INVARIANTS
    STEP_INVARIANTS: ClassVar[tuple[StepInvariant[Any], ...]] = STEP_INVARIANTS
    CODEC: ClassVar[ModuleType] = codec
    PARSE_ACTION: ClassVar[Callable[[str], Any]] = staticmethod(parse_action)
    OVER: ClassVar[int] = Stage.OVER
    EXPECTED: ClassVar[Mapping[Any, str]] = _EXPECTED
    OVER_CLAUSE: ClassVar[str] = "split.turn.order"

    name: Final = "split"
    title: Final = "Split"
    turn_clause: Final = "split.turn.order"
    bench_unit: Final = "games"
    """What ``cardlaw bench`` counts: whole games."""
    variants: Final[Mapping[str, Mapping[str, Any]]] = {v.name: v.options for v in VARIANTS}
    """The options each variant sets, by name (from :data:`spec.split.config.VARIANTS`)."""

    def new_game(self, config: SplitConfig) -> SplitState:
        """The state before the dealer is chosen."""
        return initial_state(config)

    @checked_inline
    def legal_actions(self, state: SplitState) -> tuple[Action, ...]:
        """The actions open to the seat to move (empty for chance and at the end)."""
        if type(state) is not SplitState:
            raise self.bad_state("legal_actions", state)
        return _LEGAL[state.stage](state)

    @checked_inline
    def chance_outcomes(self, state: SplitState) -> ChanceSpace[Action] | None:
        """The exact distribution of chance's outcome at a chance node."""
        if type(state) is not SplitState:
            raise self.bad_state("chance_outcomes", state)
        stage = state.stage
        if stage == Stage.DEAL:
            return deal.shuffle_outcomes(state)
        if stage == Stage.RESHUFFLE:
            return deal.reshuffle_outcomes(state)
        if stage == Stage.FIRST_DEALER:
            return deal.dealer_outcomes(state)
        return None

    @checked_inline
    @enforces("split.turn.order", "split.ruling.one-decision")
    def apply(self, state: SplitState, action: Action) -> SplitState:
        """The state after ``action``; ``state`` itself never changes."""
        if type(state) is not SplitState:
            raise self.bad_state("apply", state)
        handler = _APPLY.get((state.stage, type(action)))
        if handler is None:
            raise self.out_of_turn(state, action)
        return handler(state, action)

    def out_of_turn_clause(self, state: SplitState, action: object) -> str:
        """An aid or a reset at the wrong moment breaks its own clause."""
        if isinstance(action, Aid):
            return "split.coop.aid-use"
        if isinstance(action, Reset):
            return "split.ruling.reset-timing"
        return _CLAUSE_OF_STAGE[state.stage]

    def observe(self, state: SplitState, seat: int) -> SplitObservation:
        """What ``seat`` may know."""
        return observe.observe(state, seat)

    def result(self, state: SplitState) -> SplitResult | None:
        """The outcome once the game is over."""
        return events.result(state)

    def events(self, state: SplitState, action: Action, after: SplitState) -> list[Event]:
        """What a reader wants to know about one step."""
        return events.events(state, action, after)

    def result_to_json(self, result: SplitResult) -> dict[str, Any]:
        """A result as JSON."""
        return events.result_to_json(result)

    def position_from_json(self, data: Mapping[str, Any]) -> SplitState:
        """The state a judge's position file describes (see :mod:`engine.split.spot`).

        >>> from engine.split.spot import EXAMPLE
        >>> SPLIT.position_from_json(EXAMPLE).middle
        52
        """
        return spot.position_from_json(data)

    def position_to_json(self, state: SplitState) -> dict[str, Any]:
        """A state during a turn as a judge's position file.

        >>> from engine.split.spot import EXAMPLE
        >>> SPLIT.position_to_json(SPLIT.position_from_json(EXAMPLE))["piles"]
        [33, 71]
        """
        return spot.position_to_json(state)

    def explain(self, state: SplitState, action: Action) -> tuple[bool, Explanation]:
        """Whether ``action`` is legal in ``state``, and why, citing the clauses.

        >>> from engine.split.spot import EXAMPLE
        >>> legal, why = SPLIT.explain(SPLIT.position_from_json(EXAMPLE), Move("left"))
        >>> legal, why.verdict
        (True, 'legal: seat 1 may move left')
        """
        return explain.explain_action(state, action)

    def units_played(self, state: SplitState) -> int:
        """A finished game is one bench unit."""
        return 1

    def describe(self, state: SplitState) -> str:
        """A one-line summary of a state, for messages."""
        parts = [f"turn {state.turn + 1}", state.stage.name.lower()]
        if state.left >= 0:
            piles = f"piles {state.left} | {state.right}"
            if state.middle >= 0:
                piles += f", {state.middle} in the middle"
            parts.append(piles)
        if state.actor >= 0:
            parts.append(f"seat {state.actor} holds {NumberSet(state.hands[state.actor]).pretty}")
        return "; ".join(parts)


SPLIT: Final = SplitGame()
"""The Split game."""

GAME: Final = SPLIT
"""The object the registry looks for."""
