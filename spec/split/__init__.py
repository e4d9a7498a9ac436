"""Split as data: cards, constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``split.txt``: 101 numbered cards, two piles
opened with a hand's lowest and highest standard cards, one card played
strictly between them each turn (or a Wild/Reverse card anywhere), resets,
and a cooperative game with the 0 and the 100 set aside as aids.
"""

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
from spec.split.cards import NumberCard, NumberSet
from spec.split.config import SplitConfig
from spec.split.invariants import INVARIANTS, STEP_INVARIANTS
from spec.split.rules import RULEBOOK
from spec.split.state import (
    End,
    SplitObservation,
    SplitResult,
    SplitState,
    Stage,
    initial_state,
)

__all__ = [
    "INVARIANTS",
    "RULEBOOK",
    "STEP_INVARIANTS",
    "Action",
    "Aid",
    "Bury",
    "ChooseDealer",
    "End",
    "Move",
    "NumberCard",
    "NumberSet",
    "Play",
    "Reset",
    "Reshuffle",
    "Shuffle",
    "SplitConfig",
    "SplitObservation",
    "SplitResult",
    "SplitState",
    "Stage",
    "initial_state",
    "parse_action",
]
