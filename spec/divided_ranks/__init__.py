"""Divided Ranks as data: constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``divided-ranks.txt``: two players draft
ten cards each from a 21-card pack by splitting and choosing pairs, may
swap one card blind with a face-down reserve, then divide their ten cards
into two poker hands; the weakest hand at the table loses.
"""

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
from spec.divided_ranks.config import DividedRanksConfig
from spec.divided_ranks.constants import Category
from spec.divided_ranks.invariants import INVARIANTS, STEP_INVARIANTS
from spec.divided_ranks.rules import RULEBOOK
from spec.divided_ranks.state import (
    DividedRanksObservation,
    DividedRanksResult,
    DividedRanksState,
    RoundView,
    Stage,
    SwapView,
    initial_state,
)

__all__ = [
    "INVARIANTS",
    "RULEBOOK",
    "STEP_INVARIANTS",
    "Action",
    "Build",
    "Category",
    "DividedRanksConfig",
    "DividedRanksObservation",
    "DividedRanksResult",
    "DividedRanksState",
    "FirstSplitter",
    "Keep",
    "ReserveFirst",
    "RoundView",
    "Shuffle",
    "Split",
    "Stage",
    "Swap",
    "SwapView",
    "Take",
    "initial_state",
    "parse_action",
]
