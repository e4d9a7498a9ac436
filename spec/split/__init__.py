"""Split as data: cards, constants, rulebook, configuration, actions, state, invariants.

The source is the rule document ``split.txt``: 101 numbered cards, two piles
opened with a hand's lowest and highest standard cards, one card played
strictly between them each turn (or a Wild/Reverse card anywhere), resets,
and a cooperative game with the 0 and the 100 set aside as aids.
"""

from cardlaw.spec.split import actions, state
from cardlaw.spec.split.actions import *  # noqa: F403  (the actions: every name in actions.__all__)
from cardlaw.spec.split.cards import NumberCard, NumberSet
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.invariants import INVARIANTS, STEP_INVARIANTS
from cardlaw.spec.split.rules import RULEBOOK
from cardlaw.spec.split.state import *  # noqa: F403  (the state types: every name in state.__all__)

__all__ = ["INVARIANTS", "RULEBOOK", "STEP_INVARIANTS", "NumberCard", "NumberSet", "SplitConfig"]
__all__ += actions.__all__ + state.__all__
