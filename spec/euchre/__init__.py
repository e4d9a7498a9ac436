"""Euchre as data: constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``euchre.txt`` and the rules of the issue
that asked for the game: four players in two partnerships, a 24-card deck,
two rounds of bidding for trump around a turned-up card, the bowers, going
alone, five tricks a hand and a game to ten points.
"""

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
from spec.euchre.config import EuchreConfig
from spec.euchre.invariants import INVARIANTS, STEP_INVARIANTS
from spec.euchre.rules import RULEBOOK
from spec.euchre.state import (
    EuchreObservation,
    EuchreResult,
    EuchreState,
    Stage,
    initial_state,
)

__all__ = [
    "INVARIANTS",
    "RULEBOOK",
    "STEP_INVARIANTS",
    "Action",
    "ChooseDealer",
    "Discard",
    "EuchreConfig",
    "EuchreObservation",
    "EuchreResult",
    "EuchreState",
    "NameTrump",
    "OrderUp",
    "Pass",
    "Play",
    "Shuffle",
    "Stage",
    "initial_state",
    "parse_action",
]
