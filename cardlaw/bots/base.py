"""What the games' own bots share: one rule for each kind of decision.

A :class:`RuleBot` looks at the first legal action (every legal action at a
decision is of one kind: all plays, all bids...), finds the first rule in
its :meth:`~RuleBot.rules` for that kind, and lets the rule pick among the
legal actions; a decision no rule covers takes the first legal action.

>>> class Lowest(RuleBot[object, int]):
...     name = "lowest"
...     def rules(self, rng: random.Random) -> Rules[object, int]:
...         return ((int, lambda observation, legal: min(legal)),)
>>> Lowest().choose(None, [3, 1, 2], random.Random(0)), Lowest().choose(None, ["b", "a"], None)
(1, 'b')
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

__all__ = ["AnyBot", "Bot", "BotFactory", "Rule", "RuleBot", "Rules"]

Obs = TypeVar("Obs")
A = TypeVar("A")
Obs_contra = TypeVar("Obs_contra", contravariant=True)


class Bot(Protocol[Obs_contra, A]):
    """A player: picks one of the legal actions from what its seat may know."""

    @property
    def name(self) -> str:
        """The bot's name on the command line."""
        ...

    def choose(self, observation: Obs_contra, legal: Sequence[A], rng: random.Random) -> A:
        """One of ``legal``."""
        ...


AnyBot: TypeAlias = Bot[Any, Any]
"""A bot of a game of any type (a registry's: :data:`~engine.api.AnyGame`)."""

BotFactory = Callable[[], AnyBot]
"""What a bots table holds: a bot's class (or anything that makes a fresh bot)."""

Rule: TypeAlias = Callable[[Obs, Sequence[A]], A]
"""A rule: from the seat's observation and the legal actions, the one to take."""
Rules: TypeAlias = Sequence[tuple[type | tuple[type, ...], Rule[Obs, A]]]
"""Rules by the kind of action they decide (a class, or a union of classes)."""


class RuleBot(ABC, Generic[Obs, A]):
    """A bot that answers each kind of decision by its own rule."""

    name: ClassVar[str]
    """The bot's name on the command line."""

    _asked: tuple[random.Random, Rules[Obs, A]] | None = None
    """The last stream :meth:`rules` was asked for, and its answer (asked once per stream)."""

    @abstractmethod
    def rules(self, rng: random.Random) -> Rules[Obs, A]:
        """The rule for each kind of decision, in the order they are tried.

        Asked once for each random stream a game gives the bot (the rules must
        depend on nothing else): :meth:`choose` keeps the answer.
        """

    def choose(self, observation: Obs, legal: Sequence[A], rng: random.Random) -> A:
        """Pick an action by the rule for the kind of the first legal action."""
        first = legal[0]
        asked = self._asked
        if asked is None or asked[0] is not rng:
            asked = self._asked = (rng, self.rules(rng))
        for kind, rule in asked[1]:
            if isinstance(first, kind):
                return rule(observation, legal)
        return first
