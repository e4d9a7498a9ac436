"""One game's table of what its rules reveal, as the observation-completeness tests use it.

Each game's ``tests/<game>/reveals.py`` states its :class:`RevealTable` (its
replay, its rows, and how its fixed games are played);
``tests/engine/test_generic_observe_complete.py`` checks random whole games
against every game's table, and every table the same way: no row is dead,
and the test's ``clauses`` mark names the table's clauses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from tests.games import CONFIGS, load
from tests.observation import Check, Policy, Replay, Reveal, check_game, clauses_of, uncovered

GAMES = max(10, settings().max_examples // 2)
"""Whole games per run: 30 at the default Hypothesis profile."""


@dataclass(frozen=True)
class RevealTable:
    """What a game's clauses reveal, to whom and when, and the replay that follows the game."""

    game: str
    """The game's name."""
    replay: Callable[[Any], Replay]
    """A fresh replay for a configuration."""
    reveals: tuple[Reveal, ...]
    """The facts revealed, clause by clause."""
    readers: dict[str, Callable[..., object]] | None = None
    """How a fact is read from an observation, where it is not the attribute of its name."""
    checks: tuple[Check, ...] = ()
    """Conditions every observation must meet."""
    needed: tuple[str, ...] = ()
    """Events the fixed games must meet."""
    limit: int = 3000
    """Actions per game, at most."""
    policies: tuple[Policy | None, ...] = (None,)
    """How the players of the fixed games choose (None: at random)."""

    def games(self) -> st.SearchStrategy[dict[str, Any]]:
        """One random game, as the keywords of :meth:`check`: ``options``, ``seed`` and how the
        players choose (``policy``, one of :attr:`policies`)."""
        return st.fixed_dictionaries(
            {
                "options": st.sampled_from(CONFIGS[self.game]),
                "seed": st.integers(0, 2**32 - 1),
                "policy": st.sampled_from(self.policies),
            }
        )

    def check(self, options: dict[str, Any], seed: int, policy: Policy | None = None) -> None:
        """Check every seat's observation in the random game ``seed`` under ``options``."""
        game, config = load(self.game, options)
        check_game(
            game,
            config,
            seed,
            self.replay(config),
            self.reveals,
            self.readers,
            self.checks,
            limit=self.limit,
            policy=policy,
        )

    def uncovered(self) -> set[str]:
        """The rows never checked and the needed events never met in a few fixed games."""
        return uncovered(
            self.game,
            CONFIGS[self.game],
            self.replay,
            self.reveals,
            self.readers,
            self.checks,
            needed=self.needed,
            limit=self.limit,
            policies=self.policies,
        )

    def clauses(self) -> set[str]:
        """The clauses the table cites."""
        return clauses_of(self.reveals + self.checks)
