"""``cardlaw play``'s work: one game between bots, its record checked, its summary and its log.

>>> played = play("divide", seed=3, bots="greedy")
>>> played.names, played.summary()["result"] == played.record["result"]
(['greedy', 'greedy', 'greedy', 'greedy'], True)
>>> played.header().startswith("[bold]Divide[/bold] · 4 players · seed 3 · bots: greedy")
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardlaw.engine.api import JSON, AnyGame
from cardlaw.engine.manifest import Seated
from cardlaw.engine.record import Replay
from cardlaw.options import game_config, seat_bots

__all__ = ["Played", "play"]


@dataclass(frozen=True, slots=True)
class Played:
    """A game played between bots, and its record replayed by the engine.

    Attributes:
        game: the game played.
        config: its configuration.
        names: the bots, by seat.
        seed: the seed that drew the deal and the bots' choices.
        record: the game record (JSON).
        replay: the engine's replay of the record.
    """

    game: AnyGame
    config: Seated
    names: list[str]
    seed: int
    record: dict[str, JSON]
    replay: Replay

    def summary(self) -> dict[str, object]:
        """What ``--json`` prints: game, config, seed, bots, result, record."""
        return {
            "game": self.game.name,
            "config": self.game.config_to_json(self.config),
            "seed": self.seed,
            "bots": self.names,
            "result": self.record.get("result"),
            "record": self.record,
        }

    def header(self) -> str:
        """The log's first line (rich markup): the game, its seats, seed, bots and rule changes."""
        changed = self.game.config_to_json(self.config).get("rules")
        rules = ""
        if isinstance(changed, dict) and changed:
            rules = " · rules changed: " + ", ".join(f"{k}={v}" for k, v in changed.items())
        return (
            f"[bold]{self.game.rulebook.title}[/bold] · {self.config.players} players · "
            f"seed {self.seed} · bots: {', '.join(self.names)}{rules}"
        )

    def log_lines(self) -> Iterator[str]:
        """The game's readable log (rich markup), by the game's renderer."""
        from cardlaw.render import renderer  # noqa: PLC0415  (deferred for start-up)

        events = [entry.get("events", []) for entry in self.record["actions"]]
        replay = self.replay
        return renderer(self.game.name)(replay.states, replay.actions, events, self.names)


def play(
    game_name: str,
    *,
    players: int | None = None,
    variants: Sequence[str] = (),
    sets: Sequence[str] | None = None,
    bots: str | None = None,
    seed: int | None = None,
    record: Path | None = None,
) -> Played:
    """Play ``game_name`` between ``bots`` (comma-separated, by seat) from ``seed``.

    A ``record`` path is checked before the game and the record written
    there after it; the record is replayed by the engine first.  ``seed``
    ``None`` draws a seed from the system.
    """
    # Deferred for start-up: the bots, the sampler and the records load only to play.
    from cardlaw.bots import make_bots  # noqa: PLC0415
    from cardlaw.engine.files import check_target, write_file  # noqa: PLC0415
    from cardlaw.engine.record import build_record, dump_record, replay_record  # noqa: PLC0415
    from cardlaw.sampling import play_game  # noqa: PLC0415

    game, config = game_config(game_name, players, variants, sets)
    names = seat_bots(bots, config.players)
    if record is not None:  # a target cardlaw may not write is refused before the game
        check_target(record, what="--record")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    playout = play_game(game, config, make_bots(game, names), seed=seed)
    data = build_record(game, config, playout.actions, seed=seed, players=names)
    replay = replay_record(data)
    if not replay.legal:  # the engine disagrees with itself: a bug, never the user's input
        raise RuntimeError(f"the game just played does not replay: {replay.error}")
    if record is not None:
        write_file(record, dump_record(data), what="--record")
    return Played(game, config, names, seed, data, replay)
