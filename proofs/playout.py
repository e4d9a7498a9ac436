"""Random legal play through the engine, for the witnesses a proof realises in a real game.

>>> import random
>>> from cardlaw.engine.divide.game import DIVIDE
>>> from cardlaw.spec.divide.config import DivideConfig
>>> state = DIVIDE.new_game(DivideConfig(players=4))
>>> after, action = random_step(DIVIDE, state, random.Random(0))
>>> DIVIDE.to_move(state), action in DIVIDE.chance_outcomes(state), after != state
('chance', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TypeVar

from cardlaw.engine.api import CHANCE, Game
from cardlaw.proofs.core import Witness
from cardlaw.spec.cards import Card

__all__ = ["random_step", "trick_replay"]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")
R = TypeVar("R")


def random_step(game: Game[C, S, A, V, R], state: S, rng: random.Random) -> tuple[S, A]:
    """One step of random play: the next state, and the action that led to it.

    A chance outcome is drawn with its exact probability, a player's action
    uniformly among the legal ones.
    """
    if game.to_move(state) == CHANCE:
        space = game.chance_outcomes(state)
        assert space is not None
        action = space.outcome(rng.randrange(space.size))
    else:
        action = rng.choice(game.legal_actions(state))
    return game.apply(state, action), action


def trick_replay(
    winner: Callable[[tuple[int, ...], int], int], trump: str
) -> Callable[[Witness], Witness]:
    """A replay that asks the engine's ``winner(trick, trump)`` who wins the decoded trick.

    The witness's data holds the ``trick`` (its cards from the leader) and,
    under the key ``trump``, the trump the engine's function takes.

    >>> replay = trick_replay(lambda trick, trump: trick.index(trump), "trump")
    >>> replay(Witness("a trick", data={"trick": (5, 9), "trump": 9})).text
    'a trick; the engine names 4♦'
    """

    def replay(witness: Witness) -> Witness:
        d = witness.data
        card = Card(d["trick"][winner(d["trick"], d[trump])]).pretty
        return witness.replayed_as(f"; the engine names {card}", True)

    return replay
