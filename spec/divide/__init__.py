"""Divide as data: constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``divide.txt``: 4 or 5 players, a
cut-and-choose exchange (the Great Divide), a Trump Rank drawn from secret
offerings, and eight tricks scored with a limited supply of tokens.
"""

from cardlaw.spec.divide import actions, state
from cardlaw.spec.divide.actions import *  # noqa: F403  (the actions: every name in actions.__all__)
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.divide.rules import RULEBOOK
from cardlaw.spec.divide.state import *  # noqa: F403  (the state types: every name in state.__all__)

__all__ = ["INVARIANTS", "RULEBOOK", "STEP_INVARIANTS", "DivideConfig"]
__all__ += actions.__all__ + state.__all__
