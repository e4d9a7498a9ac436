"""A native PettingZoo AEC environment for each cardlaw game (needs the ``pettingzoo`` extra).

:class:`CardlawEnv` plays one cardlaw game through its Game API and its
adapter binding (:mod:`cardlaw.ecosystem`):

* agents ``player_0``, ``player_1``, ... are the seats; ``agent_selection``
  is the seat to move (chance is played inside ``reset`` and ``step``);
* an observation is ``{"observation": Box, "action_mask": Box int8}``, as in
  PettingZoo's classic card games: the tensor of cardlaw's ``observe`` for
  the agent's seat, and a 1 at each legal action's id (all 0 for a seat not
  to move); it is made only when asked for (``observe``, ``last()``), never
  by ``step``;
* each agent's info holds the same mask (``infos[agent]["action_mask"]``, as
  PettingZoo's Hanabi has it): a player that needs only the legal actions
  reads it after ``last(observe=False)``, and no tensor is made;
* actions are ``Discrete(n)``, the ids of :mod:`cardlaw.ecosystem.ids`, the
  same as OpenSpiel's; an illegal one is refused with cardlaw's
  :class:`~spec.errors.IllegalAction` (a ``ValueError`` naming the clause);
* ``reset(seed=s)`` deals with cardlaw's own sampler: the same seed deals the
  same cards as ``cardlaw play --seed s``, whoever plays.  Without a seed the
  next seed is drawn from the last one given (or at random if none was);
* rewards are 0 until the end, then the binding's returns; the game ends by
  its rules (terminations), never by truncation;
* ``render_mode="ansi"``: ``render()`` returns the game's log so far, written
  by cardlaw's renderer (rich markup as ANSI text); ``"human"`` prints it;
* :meth:`CardlawEnv.to_record` writes the game as a cardlaw record with its
  seed, which ``cardlaw replay`` judges.
"""

from __future__ import annotations

import io
import random
from itertools import pairwise
from typing import ClassVar, TypedDict

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from cardlaw.ecosystem.layout import Writer
from cardlaw.ecosystem.params import config_of
from cardlaw.ecosystem.spot import Spot
from cardlaw.engine.api import CHANCE
from cardlaw.engine.jsonio import JSON
from cardlaw.engine.record import build_record
from cardlaw.engine.registry import get_game
from cardlaw.sampling import sample_chance, streams

__all__ = ["CardlawEnv", "Metadata", "Observed"]


class Metadata(TypedDict):
    """PettingZoo's metadata of an environment."""

    render_modes: list[str]
    name: str
    is_parallelizable: bool


class Observed(TypedDict):
    """An agent's observation: its tensor and its action mask."""

    observation: npt.NDArray[np.float32]
    action_mask: npt.NDArray[np.int8]


class CardlawEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped (Any base)
    """One cardlaw game as a PettingZoo AEC environment."""

    metadata: ClassVar[Metadata] = {
        "render_modes": ["human", "ansi"],
        "name": "cardlaw_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: str, render_mode: str | None = None, **config: object) -> None:
        super().__init__()
        self.game = get_game(game)
        self.config = config_of(self.game, config)
        name = f"cardlaw_{self.game.name.replace('-', '_')}_v0"
        object.__setattr__(self, "metadata", {**self.metadata, "name": name})  # this game's
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self._start = Spot.start(self.game, self.config)
        table = self._start.table
        self.binding, self.codec = table.binding, table.codec
        self.layout = self.binding.layout(self.config)
        self.possible_agents = [f"player_{seat}" for seat in range(self.config.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        highs = np.array(self.layout.highs(), dtype=np.float32)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, highs, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.codec.size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.codec.size) for agent in self.possible_agents
        }
        self._seeds = random.Random()
        self.game_seed: int | None = None
        self._chance = random.Random()
        self._spot = self._start
        self._none = np.zeros(self.codec.size, dtype=np.int8)
        self._none.flags.writeable = False
        """The mask of a seat not to move (shared by the infos, so never written)."""

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space (the same object every time)."""
        return self.action_spaces[agent]

    @property
    def spot(self) -> Spot[object]:
        """The position: cardlaw's state and the way to it."""
        return self._spot

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        """Start a new game, dealt from ``seed`` as ``cardlaw play --seed`` deals it."""
        if seed is not None:
            self._seeds.seed(f"cardlaw:{seed}:next")
        else:
            seed = self._seeds.randrange(2**31)
        self.game_seed = seed
        self._chance = streams(seed, 0)[0]
        self._spot = self._advance(self._start)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, npt.NDArray[np.int8]]] = {
            agent: {"action_mask": self._none} for agent in self.agents
        }
        self._select()

    def _advance(self, spot: Spot[object]) -> Spot[object]:
        """Play chance's turns until a seat's or the end (cardlaw's sampler, the seed's stream)."""
        while spot.mover() == CHANCE:
            spot = spot.after(sample_chance(spot.space(), self._chance))
        return spot

    def _select(self) -> None:
        """The agent to move, and the mask in its info (the last mover's is emptied)."""
        spot = self._spot
        mover = spot.mover()
        if isinstance(mover, int):
            last = getattr(self, "agent_selection", None)
            if last in self.infos:
                self.infos[last]["action_mask"] = self._none
            agent = self.agent_selection = self.possible_agents[mover]
            self.infos[agent]["action_mask"] = _mask(self.codec.size, spot.legal_ids())
        else:
            for info in self.infos.values():
                info["action_mask"] = self._none
            if not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
                self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observed:
        """The agent's observation: its tensor and its action mask (made now, when asked)."""
        seat = self._seat[agent]
        spot = self._spot
        out = Writer(self.layout, self.binding.deck)
        self.binding.encode(self.config, spot.observation(seat), out)
        tensor = np.zeros(self.layout.size, dtype=np.float32)
        if out.index:
            tensor[out.index] = out.value
        if spot.mover() == seat:
            mask = _mask(self.codec.size, spot.legal_ids())
        else:
            mask = self._none.copy()
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: object) -> None:
        """The agent to move takes the action of id ``action`` (an illegal one raises).

        Rewards are 0 until the end (cardlaw's games pay only then), so they
        are written only when the game ends.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        spot = self._spot = self._advance(self._spot.after_legal_id(action))
        if spot.mover() is None:
            self._clear_rewards()
            result = self.game.result(spot.state)
            assert result is not None
            for seat, value in enumerate(self.binding.returns(self.config, result)):
                self.rewards[self.possible_agents[seat]] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game's log so far (``ansi``), or print it (``human``)."""
        if self.render_mode is None:
            return None
        text = self.log()
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def log(self) -> str:
        """The game so far as cardlaw's renderer writes it, rich markup as ANSI text."""
        from rich.console import Console  # noqa: PLC0415  (only to render)

        from cardlaw.render import renderer  # noqa: PLC0415

        path = [spot for spot in self._spot.path()]
        states = [spot.state for spot in path]
        actions = [spot.action for spot in path[1:]]
        events = [
            self.game.events(before.state, step.action, step.state)
            for before, step in pairwise(path)
        ]
        console = Console(
            file=io.StringIO(),
            force_terminal=True,
            color_system="standard",
            width=100,
            highlight=False,
            soft_wrap=True,
        )
        for line in renderer(self.game.name)(states, actions, events, None):
            console.print(line)
        out: io.StringIO = console.file  # type: ignore[assignment]  # the StringIO given above
        return out.getvalue()

    def close(self) -> None:
        """Nothing to release."""

    def to_record(self, *, players: list[str] | None = None) -> dict[str, JSON]:
        """The game so far as a cardlaw record, with the seed that dealt it."""
        return build_record(
            self.game, self.config, self._spot.actions(), seed=self.game_seed, players=players
        )


def _mask(size: int, ids: tuple[int, ...]) -> npt.NDArray[np.int8]:
    """An int8 array of ``size`` zeros with a 1 at each of ``ids`` (a new array each time)."""
    cells = bytearray(size)
    for at in ids:
        cells[at] = 1
    return np.frombuffer(cells, dtype=np.int8)
