"""OpenSpiel's search as a cardlaw bot: ``--bots mcts`` (needs the ``openspiel`` extra).

:class:`SearchBot` plays any of the four games with OpenSpiel's Python
information-set Monte Carlo tree search (``ISMCTSBot``), seeing only its
seat's observation, as every cardlaw bot does:

* each simulation starts from a *sampled world*: a whole state that shows the
  seat exactly its observation, the cards it cannot place dealt at random
  (the binding's ``determinize``); OpenSpiel's search asks for one through
  its resampler, and its tree is keyed by the observation strings;
* a new leaf is valued by :class:`Rollouts`: random games played to the end
  through cardlaw's own Game API (whole shuffles, as ``cardlaw play``), their
  returns the adapter's; OpenSpiel's own random rollouts would deal every
  card one chance node at a time;
* every draw comes from the seat's random stream, so a game is the same for
  the same seed.

The search plays through the OpenSpiel adapter, so every action it takes has
passed through :mod:`cardlaw.openspiel.games`; its games are cardlaw's games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt
from open_spiel.python.algorithms import ismcts, mcts

from cardlaw.ecosystem import binding
from cardlaw.ecosystem.base import Config
from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.openspiel.games import CardlawState, game_of, state_at
from cardlaw.openspiel.pyspiel_types import Search
from cardlaw.sampling import sample_chance

__all__ = ["PER_ACTION", "SIMULATIONS", "Rollouts", "SearchBot", "playout"]

SIMULATIONS: Final = 100
"""Simulations a decision by default (at least :data:`PER_ACTION` for each legal action)."""

PER_ACTION: Final = 4
"""The fewest simulations a decision gives each of its legal actions (so that a choice among
126 builds is searched, not guessed)."""

UCT_C: Final = 2.0
"""The exploration constant (returns lie between -1 and 1)."""


class Rollouts(mcts.Evaluator):  # type: ignore[misc]  # OpenSpiel is untyped (Any base)
    """Values a state by random games played to the end through cardlaw's Game API."""

    def __init__(self, rollouts: int, rng: random.Random) -> None:
        self.rollouts = rollouts
        self.rng = rng

    def evaluate(self, state: CardlawState) -> npt.NDArray[np.float64]:
        """The mean returns of :attr:`rollouts` random games from ``state``."""
        spot = state.spot
        game, table = spot.game, spot.table
        total = np.zeros(spot.config.players)
        for _ in range(self.rollouts):
            current = spot
            while current.dealt:  # finish a shuffle being dealt, card by card, at random
                current = current.after_id(self.rng.choice(current.left or ()))
            end = playout(game, current.state, self.rng)
            result = game.result(end)
            if result is not None:
                total += table.binding.returns(spot.config, result)
        return total / self.rollouts

    def prior(self, state: CardlawState) -> list[tuple[int, float]]:
        """Every legal action (or chance outcome) alike."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def playout(game: AnyGame, state: object, rng: random.Random) -> object:
    """A random game from ``state`` to its end, through cardlaw's Game API."""
    to_move, apply = game.to_move, game.apply
    while (mover := to_move(state)) is not None:
        if mover == CHANCE:
            space = game.chance_outcomes(state)
            assert space is not None
            action = sample_chance(space, rng)
        else:
            action = game.sample_legal_action(state, rng)
        state = apply(state, action)
    return state


class SearchBot:
    """``mcts``: OpenSpiel's ISMCTS over sampled worlds, valued by random rollouts."""

    name = "mcts"

    def __init__(
        self, simulations: int = SIMULATIONS, rollouts: int = 1, per_action: int = PER_ACTION
    ) -> None:
        self.simulations = simulations
        self.per_action = per_action
        self.rollouts = rollouts
        self.game: AnyGame | None = None
        self.config: Config | None = None
        self.seat = -1

    def sit(self, game: AnyGame, config: Config, seat: int) -> None:
        """Take seat ``seat`` at a game of ``game`` under ``config`` (before it starts)."""
        self.game, self.config, self.seat = game, config, seat

    def choose(self, observation: object, legal: Sequence[object], rng: random.Random) -> object:
        """The action the search finds best from ``observation`` (one of ``legal``)."""
        if len(legal) == 1:
            return legal[0]
        game = self.game
        if game is None:
            raise RuntimeError("the mcts bot was not seated (play_game seats it)")
        table = game_of(game.name, self.config)
        determinize = binding(game.name).determinize

        def world(seat_view: object) -> CardlawState:
            return state_at(table, determinize(self.config, seat_view, rng))

        root = world(observation)
        search: Search[CardlawState] = ismcts.ISMCTSBot(
            game=table,
            evaluator=Rollouts(self.rollouts, rng),
            uct_c=UCT_C,
            max_simulations=max(self.simulations, self.per_action * len(legal)),
            random_state=np.random.RandomState(rng.getrandbits(32)),
            use_observation_string=True,
        )
        search.set_resampler(lambda state, player: world(state.spot.observation(player)))
        action_id = int(search.step(root))
        chosen = root.spot.table.codec.decode(root.spot.state, action_id)
        if chosen not in legal:
            raise RuntimeError(f"the search chose {chosen!r}, which is not legal here")
        return chosen
