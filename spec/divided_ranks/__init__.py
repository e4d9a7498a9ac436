"""Divided Ranks as data: constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``divided-ranks.txt``: two players draft
ten cards each from a 21-card pack by splitting and choosing pairs, may
swap one card blind with a face-down reserve, then divide their ten cards
into two poker hands; the weakest hand at the table loses.
"""

from cardlaw.spec.divided_ranks import actions, state
from cardlaw.spec.divided_ranks.actions import *  # noqa: F403  (the actions: every name in actions.__all__)
from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.constants import Category
from cardlaw.spec.divided_ranks.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.divided_ranks.rules import RULEBOOK
from cardlaw.spec.divided_ranks.state import *  # noqa: F403  (the state types: every name in state.__all__)

__all__ = ["INVARIANTS", "RULEBOOK", "STEP_INVARIANTS", "Category", "DividedRanksConfig"]
__all__ += actions.__all__ + state.__all__
