"""Traceability without dead ends: every ``@enforces`` function is reached from a public API.

A function tagged as enforcing a clause (:data:`spec.trace.ENFORCEMENT`)
that nothing calls would make the rulebook's traceability page point at dead
code.  So random whole games of every game and configuration are driven,
under :func:`sys.setprofile`, through

* the Game API: ``config``, ``new_game``, ``to_move``, ``legal_actions``,
  ``chance_outcomes``, ``apply`` (legal actions, and at some states a few
  actions of the adapter's action universe that are not legal), ``observe``
  (every seat), ``result`` and ``events``;
* the position and explanation API ``cardlaw ask GAME legal`` uses, where a
  game has it: ``position_from_json`` (of ``position_to_json`` of the states
  met, where the game writes positions of them) and ``explain``;
* the public entry points besides those that some enforcing code belongs to,
  each named with the command that uses it: :data:`OTHER_APIS`, every game's, and
  each game's own (its test adapter's ``OTHER_APIS``, driven by it).

Every enforcing function (the module doctest's ``demo.*`` aside) must have been
called.  The drive runs in a fresh interpreter with the profile on from the
first import of the games, so the tables a game builds from its rules when it
is loaded or first used (Divided Ranks' hand strengths, built afresh with an
empty table cache; Euchre's suits) count as reached,
and nothing imported for another purpose (bots, samplers) can reach a rule
for it.  A game that is rare in some stage (Split's put-under step) is walked
again, with the profile off, until a game reaching that stage is found; that
game is then driven too.
"""

from __future__ import annotations

import contextlib
import json
import os
import pkgutil
import random
import subprocess
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

OTHER_APIS: dict[str, str] = {
    "judge_record": "cardlaw replay: a record's form, its replay and its seed [record.*]",
}
"""Every game's public entry points besides the Game API and positions, and who uses them (a
game's own are its test adapter's ``OTHER_APIS``)."""

EXTRAS = 3
"""States of each stage per game (and then every tenth) where illegal actions, explanations
and positions are tried too."""

SEARCH = 300
"""Random games walked (profile off) per game, at most, to meet a stage not yet driven."""

POSITIONS: dict[str, int] = {}
"""Game -> positions read back and explained during the drive (each game must have some)."""


def _drive_game(name: str, adapter: Any, seed: int, walk: int, drive: bool) -> set[Any]:
    """Play the random game ``seed`` of ``name``'s configuration ``walk % len(CONFIGS)``
    (of ``adapter``, the game's test adapter).

    With ``drive``, through every API the module docstring lists; else only
    far enough to learn which stages it meets (the same game: the extra calls
    draw from a random stream of their own).  Returns those stages.
    """
    from cardlaw.engine.api import CHANCE
    from cardlaw.engine.registry import get_game
    from cardlaw.spec.errors import CardlawError, IllegalAction

    game = get_game(name)
    rng, extra = random.Random(seed), random.Random(~seed)
    config = game.config(**adapter.CONFIGS[walk % len(adapter.CONFIGS)])
    state = game.new_game(config)
    stages: dict[Any, int] = {}
    actions = []
    positions = hasattr(game, "position_from_json") and hasattr(game, "explain")
    for step in range(3000):
        stages[state.stage] = stages.get(state.stage, 0) + 1
        mover = game.to_move(state)
        if drive:
            game.result(state)
            for seat in range(config.players):
                game.observe(state, seat)
        if mover is None:
            break
        legal = game.legal_actions(state)
        if mover == CHANCE:
            space = game.chance_outcomes(state)
            assert space is not None
            action = space.outcome(rng.randrange(space.size))
        else:
            action = rng.choice(legal)
        if drive and (stages[state.stage] <= EXTRAS or step % 10 == 0):
            others = [a for a in adapter.action_universe(state, extra) if a not in legal]
            tried = [action, *extra.sample(others, min(3, len(others)))]
            for other in tried[1:]:
                with contextlib.suppress(IllegalAction):
                    game.apply(state, other)
            if positions:
                for candidate in tried:
                    game.explain(state, candidate)
                try:
                    data = game.position_to_json(state)
                except CardlawError:
                    data = None  # not a moment the game writes positions of
                if data is not None:
                    game.explain(game.position_from_json(data), action)
                    POSITIONS[name] = POSITIONS.get(name, 0) + 1
        after = game.apply(state, action)
        if drive:
            game.events(state, action, after)
        actions.append(action)
        state = after
    if drive:
        _other_apis(game, adapter, config, state, actions, extra)
    return set(stages)


def _other_apis(
    game: Any, adapter: Any, config: Any, final: Any, actions: list[Any], rng: Any
) -> None:
    """:data:`OTHER_APIS` on one game (its record judged), then the game's own (its test
    adapter's ``OTHER_APIS``: Divided Ranks' holdings arranged, Euchre's OpenSpiel logs)."""
    from cardlaw.engine.record import build_record, dump_record, load_record
    from cardlaw.judge import judge_record

    record = build_record(game, config, actions, seed=rng.randrange(2**32))
    judge_record(load_record(dump_record(record)))
    own = adapter.OTHER_APIS
    if own is not None:
        own.drive(game, config, final, actions)


def drive() -> dict[str, Any]:
    """Drive every game (see the module docstring): which enforcing functions were called."""
    called: set[tuple[str, str]] = set()

    def note(frame: Any, event: str, arg: object) -> None:
        if event == "call":
            code = frame.f_code
            called.add((code.co_filename, code.co_qualname))

    sys.setprofile(note)
    try:
        from cardlaw.engine.registry import GAMES, all_games, get_game

        all_games()  # each game's module loads under the profile: the tables it builds count
        sys.setprofile(None)  # tests.games loads bots, the sampler, the CLI: not rules' users
        from tests.games import ADAPTERS

        sys.setprofile(note)
        for name in GAMES:
            rng = random.Random(name)
            met: set[Any] = set()
            adapter = ADAPTERS[name]
            configs = len(adapter.CONFIGS)
            for walk in range(configs):
                met |= _drive_game(name, adapter, rng.randrange(2**32), walk, drive=True)
            stages: Any = type(next(iter(met)))  # the game's enum of stages
            every: set[Any] = set(stages)
            for walk in range(configs, configs + SEARCH):
                if every <= met:
                    break
                sys.setprofile(None)
                seed = rng.randrange(2**32)
                found = _drive_game(name, adapter, seed, walk, drive=False)
                sys.setprofile(note)
                if found - met:
                    met |= _drive_game(name, adapter, seed, walk, drive=True)
    finally:
        sys.setprofile(None)
    for package in (
        "cardlaw.spec",
        "cardlaw.engine",
        "cardlaw.proofs",
        "cardlaw",
    ):  # every tag, wherever it is
        root = import_module(package)
        for info in pkgutil.walk_packages(root.__path__, f"{package}."):
            if not info.name.endswith("__main__"):
                import_module(info.name)
    from cardlaw.spec.trace import ENFORCEMENT

    names = sorted(
        {n for cid, ns in ENFORCEMENT.items() if not cid.startswith("demo.") for n in ns}
    )
    reached = {}
    for name in names:
        module, qualname = _split(name)
        reached[name] = (sys.modules[module].__file__, qualname) in called
    clauses = {n: _clauses(ENFORCEMENT, n) for n in names}
    explained = [name for name in GAMES if hasattr(get_game(name), "position_from_json")]
    return {"reached": reached, "clauses": clauses, "positions": POSITIONS, "explained": explained}


def _split(name: str) -> tuple[str, str]:
    """A qualified name as (its module, the rest): the longest prefix that is a module."""
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module = ".".join(parts[:cut])
        module = f"cardlaw.{module}" if parts[0] in ("spec", "engine", "proofs") else module
        if module in sys.modules:
            return module, ".".join(parts[cut:])
    raise LookupError(f"no module of {name} is loaded")


def _clauses(enforcement: dict[str, list[str]], name: str) -> list[str]:
    return sorted(cid for cid, names in enforcement.items() if name in names)


def test_every_enforcing_function_is_reached(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        # An empty table cache: tables built from the rules are built, not read from disk.
        "CARDLAW_CACHE": str(tmp_path),
    }
    run = subprocess.run(
        [sys.executable, "-m", "tests.spec.test_reachable"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout)
    assert len(report["reached"]) > 50, "the drive saw too few enforcing functions"
    for name in report["explained"]:
        assert report["positions"].get(name), f"no position of {name} was read back"
    unreached = [
        f"{name} ({', '.join(report['clauses'][name])})"
        for name, ok in report["reached"].items()
        if not ok
    ]
    assert not unreached, "enforcing functions nothing reaches: " + "; ".join(unreached)


if __name__ == "__main__":
    print(json.dumps(drive()))
