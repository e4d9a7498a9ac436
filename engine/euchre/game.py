"""Euchre on the Game API: dispatch from states and actions to the rule modules.

>>> from engine.euchre.game import EUCHRE
>>> from spec.euchre import ChooseDealer, Pass
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
spec.errors.IllegalAction: seat 0 must bid (pass or order up) now, not 'dealer 1' [...]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar, Final

from engine.api import Event
from engine.base import SpecGame, checked_inline
from engine.chance import ChanceSpace
from engine.euchre import bidding, codec, deal, events, explain, observe, play, position
from engine.euchre.explain import Explanation
from engine.euchre.fields import ACTOR, HANDS, STAGE, TRICK, TRUMP
from engine.euchre.tricks import legal_plays
from spec.cards import Card, CardSet, Suit
from spec.clauses import Rulebook
from spec.euchre.actions import (
    Action,
    ChooseDealer,
    Discard,
    NameTrump,
    OrderUp,
    Pass,
    Play,
    Shuffle,
    parse_action,
)
from spec.euchre.config import VARIANTS, EuchreConfig
from spec.euchre.invariants import INVARIANTS, STEP_INVARIANTS
from spec.euchre.rules import RULEBOOK
from spec.euchre.state import (
    EuchreObservation,
    EuchreResult,
    EuchreState,
    Mover,
    Stage,
    initial_state,
)
from spec.invariants import Invariant, StepInvariant
from spec.trace import enforces

__all__ = ["EUCHRE", "GAME", "EuchreGame"]

_EXPECTED: Final[dict[Stage, str]] = {
    Stage.FIRST_DEALER: "chance must choose the first dealer",
    Stage.DEAL: "chance must shuffle and deal",
    Stage.ORDER_UP: "bid (pass or order up)",
    Stage.NAME_TRUMP: "bid (pass or name a suit)",
    Stage.DISCARD: "discard one card",
    Stage.TRICKS: "play a card",
}


def _no_actions(state: EuchreState) -> tuple[Action, ...]:
    return ()


def _game_over(state: EuchreState, action: Action) -> EuchreState:
    raise AssertionError("unreachable: no action type matches a finished game")


_LEGAL: Final[tuple[Callable[[EuchreState], tuple[Action, ...]], ...]] = (
    _no_actions,  # FIRST_DEALER (chance)
    _no_actions,  # DEAL (chance)
    bidding.legal_bids,
    bidding.legal_bids,
    bidding.legal_discards,
    play.legal_play_actions,
    _no_actions,  # OVER
)

_BIDS: Final = (Pass, OrderUp, NameTrump)
_TRICKS: Final = Stage.TRICKS
_DEAL: Final = Stage.DEAL
_FIRST_DEALER: Final = Stage.FIRST_DEALER
_SHUFFLES: Final = deal.SHUFFLES
_PLAY_LOW, _PLAY_HIGH = play.PLAY_TABLE
_apply_play: Final = play.apply_play

_APPLY: Final[tuple[tuple[tuple[type, ...], Callable[[EuchreState, Any], EuchreState]], ...]] = (
    ((ChooseDealer,), deal.apply_first_dealer),
    ((Shuffle,), deal.apply_shuffle),
    (_BIDS, bidding.apply_bid),
    (_BIDS, bidding.apply_bid),
    ((Discard,), bidding.apply_discard),
    ((Play,), play.apply_play),
    ((), _game_over),
)


class EuchreGame(SpecGame[EuchreConfig, EuchreState, Action, EuchreResult]):
    """Euchre: four players in two teams, bidding for trump, five tricks a hand, ten points."""

    RULEBOOK: ClassVar[Rulebook] = RULEBOOK
    INVARIANTS: ClassVar[tuple[Invariant[Any], ...]] = INVARIANTS
    STEP_INVARIANTS: ClassVar[tuple[StepInvariant[Any], ...]] = STEP_INVARIANTS
    CODEC: ClassVar[ModuleType] = codec
    PARSE_ACTION: ClassVar[Callable[[str], Any]] = staticmethod(parse_action)
    OVER: ClassVar[int] = Stage.OVER
    EXPECTED: ClassVar[Mapping[Any, str]] = _EXPECTED
    OVER_CLAUSE: ClassVar[str] = "euchre.end.ten"

    name: Final = "euchre"
    title: Final = "Euchre"
    turn_clause: Final = "euchre.hand.phases"
    bench_unit: Final = "hands"
    """What ``cardlaw bench`` counts: hands dealt, thrown-in hands included
    [euchre.ruling.thrown-in-hand].  OpenSpiel's euchre also counts a passed-out
    deal as a game of its own, so the two figures count the same thing."""
    variants: Final[Mapping[str, Mapping[str, Any]]] = {v.name: v.options for v in VARIANTS}
    """The options each variant sets, by name (from :data:`spec.euchre.config.VARIANTS`)."""

    def new_game(self, config: EuchreConfig) -> EuchreState:
        """The state before the first dealer is chosen."""
        return initial_state(config)

    @checked_inline
    def to_move(self, state: EuchreState) -> Mover:
        """The seat to act, ``"chance"``, or ``None`` once the game is over."""
        if type(state) is not EuchreState:
            raise self.bad_state("to_move", state)
        actor = state[ACTOR]  # positional: faster than the named field on the hot path
        if actor >= 0:
            return actor
        return None if state.stage == Stage.OVER else "chance"

    @checked_inline
    def legal_actions(self, state: EuchreState) -> tuple[Action, ...]:
        """The actions open to the seat to move (empty for chance and at the end)."""
        if type(state) is not EuchreState:
            raise self.bad_state("legal_actions", state)
        stage = state[STAGE]
        if stage is _TRICKS:  # play.legal_play_actions, inlined: it runs for every card
            trick, hand = state[TRICK], state[HANDS][state[ACTOR]]
            mask = legal_plays(hand, trick[0] if trick else -1, state[TRUMP])
            return _PLAY_LOW[mask >> 28 & 0xFFF] + _PLAY_HIGH[mask >> 40 & 0xFFF]
        return _LEGAL[stage](state)

    @checked_inline
    def chance_outcomes(self, state: EuchreState) -> ChanceSpace[Action] | None:
        """The exact distribution of chance's outcome at a chance node."""
        if type(state) is not EuchreState:
            raise self.bad_state("chance_outcomes", state)
        stage = state[STAGE]
        if stage == _DEAL:
            return _SHUFFLES
        if stage == _FIRST_DEALER:
            return deal.FIRST_DEALERS
        return None

    @checked_inline
    @enforces("euchre.hand.phases")
    def apply(self, state: EuchreState, action: Action) -> EuchreState:
        """The state after ``action``; ``state`` itself never changes."""
        if type(state) is not EuchreState:
            raise self.bad_state("apply", state)
        stage = state[STAGE]
        if stage is _TRICKS and type(action) is Play:
            return _apply_play(state, action)
        kinds, handler = _APPLY[stage]
        if type(action) not in kinds:
            raise self.out_of_turn(state, action)
        return handler(state, action)

    def observe(self, state: EuchreState, seat: int) -> EuchreObservation:
        """What ``seat`` may know."""
        return observe.observe(state, seat)

    @enforces("euchre.ruling.endless-game")
    def result(self, state: EuchreState) -> EuchreResult | None:
        """Scores and winning team once the game is over.

        Only a team's reaching ten points ends a game: however many deals have
        been thrown in, there is no limit and no drawn result.
        """
        return events.result(state)

    def events(self, state: EuchreState, action: Action, after: EuchreState) -> list[Event]:
        """What a reader wants to know about one step."""
        return events.events(state, action, after)

    def result_to_json(self, result: EuchreResult) -> dict[str, Any]:
        """A result as JSON."""
        return events.result_to_json(result)

    def position_from_json(self, data: Mapping[str, Any]) -> EuchreState:
        """The state a judge's position file describes (see :mod:`engine.euchre.position`)."""
        return position.position_from_json(data)

    def position_to_json(self, state: EuchreState) -> dict[str, Any]:
        """A state during the tricks as a position file."""
        return position.position_to_json(state)

    def explain(self, state: EuchreState, action: Action) -> tuple[bool, Explanation]:
        """Whether ``action`` is legal here, with the reasoning step by step."""
        return explain.explain_action(state, action)

    def units_played(self, state: EuchreState) -> int:
        """How many hands a (finished) game has dealt, thrown-in hands included."""
        return len(state.results)

    def describe(self, state: EuchreState) -> str:
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


EUCHRE: Final = EuchreGame()
"""The Euchre game."""

GAME: Final = EUCHRE
"""The object the registry looks for."""
