"""Euchre as data: constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``euchre.txt`` and the rules of the issue
that asked for the game: four players in two partnerships, a 24-card deck,
two rounds of bidding for trump around a turned-up card, the bowers, going
alone, five tricks a hand and a game to ten points.
"""

from cardlaw.spec.euchre import actions, state
from cardlaw.spec.euchre.actions import *  # noqa: F403  (the actions: every name in actions.__all__)
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.euchre.rules import RULEBOOK
from cardlaw.spec.euchre.state import *  # noqa: F403  (the state types: every name in state.__all__)

__all__ = ["INVARIANTS", "RULEBOOK", "STEP_INVARIANTS", "EuchreConfig"]
__all__ += actions.__all__ + state.__all__
