"""Divide as data: constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``divide.txt``: 4 or 5 players, a
cut-and-choose exchange (the Great Divide), a Trump Rank drawn from secret
offerings, and eight tricks scored with a limited supply of tokens.
"""

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
from spec.divide.config import DivideConfig
from spec.divide.invariants import INVARIANTS, STEP_INVARIANTS
from spec.divide.rules import RULEBOOK
from spec.divide.state import DivideObservation, DivideResult, DivideState, Stage, initial_state

__all__ = [
    "INVARIANTS",
    "RULEBOOK",
    "STEP_INVARIANTS",
    "Action",
    "ChooseDealer",
    "DivideConfig",
    "DivideObservation",
    "DivideResult",
    "DivideState",
    "Keep",
    "Offer",
    "Play",
    "Reveal",
    "Secure",
    "Shuffle",
    "Split",
    "Stage",
    "initial_state",
    "parse_action",
]
