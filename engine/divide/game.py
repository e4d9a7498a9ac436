"""Divide on the Game API: dispatch from states and actions to the rule modules.

>>> from engine.divide.game import DIVIDE
>>> from spec.divide import ChooseDealer
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
spec.errors.IllegalAction: seat 0 must make a Trump Offering now, not 'dealer 1' [...]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar, Final

from engine.api import Event
from engine.base import SpecGame, checked_inline
from engine.chance import ChanceSpace
from engine.divide import codec, deal, events, exchange, explain, observe, play, position
from engine.divide.explain import Explanation
from spec.cards import CardSet
from spec.clauses import Rulebook
from spec.divide.actions import (
    Action,
    ChooseDealer,
    Keep,
    Offer,
    Play,
    Reveal,
    Secure,
    Shuffle,
    Split,
    parse_action,
)
from spec.divide.config import VARIANTS, DivideConfig
from spec.divide.invariants import INVARIANTS, STEP_INVARIANTS
from spec.divide.rules import RULEBOOK
from spec.divide.state import (
    DivideObservation,
    DivideResult,
    DivideState,
    Stage,
    initial_state,
)
from spec.invariants import Invariant, StepInvariant
from spec.trace import enforces

__all__ = ["DIVIDE", "DivideGame"]

_EXPECTED: Final[dict[Stage, tuple[type, str]]] = {
    Stage.FIRST_DEALER: (ChooseDealer, "chance must choose the first dealer"),
    Stage.DEAL: (Shuffle, "chance must shuffle and deal"),
    Stage.OFFERING: (Offer, "make a Trump Offering"),
    Stage.SECURE: (Secure, "secure two cards"),
    Stage.SPLIT: (Split, "split the six remaining cards into two offers"),
    Stage.CHOOSE: (Keep, "keep two cards of an offer"),
    Stage.REVEAL: (Reveal, "chance must reveal the Trump Rank"),
    Stage.TRICKS: (Play, "play a card"),
}


def _no_actions(state: DivideState) -> tuple[Action, ...]:
    return ()


class _NoAction:
    """The type no action has: a finished game accepts nothing."""


def _game_over(state: DivideState, action: Action) -> DivideState:
    raise AssertionError("unreachable: no action type matches a finished game")


_LEGAL: Final[tuple[Callable[[DivideState], tuple[Action, ...]], ...]] = (
    _no_actions,  # FIRST_DEALER (chance)
    _no_actions,  # DEAL (chance)
    exchange.legal_offers,
    exchange.legal_secures,
    exchange.legal_splits,
    exchange.legal_keeps,
    _no_actions,  # REVEAL (chance)
    play.legal_play_actions,
    _no_actions,  # OVER
)

_APPLY: Final[tuple[tuple[type, Callable[[DivideState, Any], DivideState]], ...]] = (
    (ChooseDealer, deal.apply_first_dealer),
    (Shuffle, deal.apply_shuffle),
    (Offer, exchange.apply_offer),
    (Secure, exchange.apply_secure),
    (Split, exchange.apply_split),
    (Keep, exchange.apply_keep),
    (Reveal, deal.apply_reveal),
    (Play, play.apply_play),
    (_NoAction, _game_over),
)


class DivideGame(SpecGame[DivideConfig, DivideState, Action, DivideResult]):
    """Divide: 4–5 players, the Great Divide, a random Trump Rank, eight tricks."""

    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    INVARIANTS: ClassVar[tuple[Invariant[Any], ...]] = INVARIANTS
    STEP_INVARIANTS: ClassVar[tuple[StepInvariant[Any], ...]] = STEP_INVARIANTS
    CODEC: ClassVar[ModuleType] = codec
    PARSE_ACTION: ClassVar[Callable[[str], Any]] = staticmethod(parse_action)
    OVER: ClassVar[int] = Stage.OVER
    EXPECTED: ClassVar[Mapping[Any, str]] = {stage: what for stage, (_, what) in _EXPECTED.items()}
    OVER_CLAUSE: ClassVar[str] = "divide.end.four-rounds"

    name: Final = "divide"
    title: Final = "Divide"
    turn_clause: Final = "divide.round.phases"
    bench_unit: Final = "rounds"
    """What ``cardlaw bench`` counts: a round of Divide is one deal played out."""
    variants: Final[Mapping[str, Mapping[str, Any]]] = {v.name: v.options for v in VARIANTS}
    """The options each variant sets, by name (from :data:`spec.divide.config.VARIANTS`)."""

    def new_game(self, config: DivideConfig) -> DivideState:
        """The state before the first dealer is chosen."""
        return initial_state(config)

    @checked_inline
    def legal_actions(self, state: DivideState) -> tuple[Action, ...]:
        """The actions open to the seat to move (empty for chance and at the end)."""
        if type(state) is not DivideState:
            raise self.bad_state("legal_actions", state)
        return _LEGAL[state.stage](state)

    @checked_inline
    def chance_outcomes(self, state: DivideState) -> ChanceSpace[Action] | None:
        """The exact distribution of chance's outcome at a chance node."""
        if type(state) is not DivideState:
            raise self.bad_state("chance_outcomes", state)
        stage = state.stage
        if stage == Stage.DEAL:
            return deal.SHUFFLES
        if stage == Stage.REVEAL:
            return deal.reveal_outcomes(state)
        if stage == Stage.FIRST_DEALER:
            return deal.first_dealer_outcomes(state)
        return None

    @checked_inline
    @enforces("divide.round.phases")
    def apply(self, state: DivideState, action: Action) -> DivideState:
        """The state after ``action``; ``state`` itself never changes."""
        if type(state) is not DivideState:
            raise self.bad_state("apply", state)
        kind, handler = _APPLY[state.stage]
        if type(action) is not kind:
            raise self.out_of_turn(state, action)
        return handler(state, action)

    def observe(self, state: DivideState, seat: int) -> DivideObservation:
        """What ``seat`` may know."""
        return observe.observe(state, seat)

    def result(self, state: DivideState) -> DivideResult | None:
        """Totals and winner once the game is over."""
        return events.result(state)

    def events(self, state: DivideState, action: Action, after: DivideState) -> list[Event]:
        """What a reader wants to know about one step."""
        return events.events(state, action, after)

    def result_to_json(self, result: DivideResult) -> dict[str, Any]:
        """A result as JSON."""
        return events.result_to_json(result)

    def position_from_json(self, data: Mapping[str, Any]) -> DivideState:
        """The state a judge's position file describes (see :mod:`engine.divide.position`)."""
        return position.position_from_json(data)

    def position_to_json(self, state: DivideState) -> dict[str, Any]:
        """A state during the tricks as a position file."""
        return position.position_to_json(state)

    def explain(self, state: DivideState, action: Action) -> tuple[bool, Explanation]:
        """Whether ``action`` is legal here, with the reasoning step by step."""
        return explain.explain_action(state, action)

    def units_played(self, state: DivideState) -> int:
        """How many rounds a (finished) game has played."""
        return len(state.scores)

    def describe(self, state: DivideState) -> str:
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


DIVIDE: Final = DivideGame()
"""The Divide game."""

GAME: Final = DIVIDE
"""The object the registry looks for."""
