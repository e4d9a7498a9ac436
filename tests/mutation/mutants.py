"""The mutants mutmut wrote into ``mutants/``: their names, diffs, stable identities and samples.

mutmut names a mutant by its function and a running number
(``engine.divide.tricks.x_trick_winner__mutmut_12``), and the number changes
whenever a mutation is added above it in the function.  The identity this
package uses instead is the function's qualified name and a hash of the lines
the mutation changes, with their indentation stripped::

    engine.divide.tricks.trick_winner:5d41402abc

It stays the same when code moves (other functions, lines above it, blank
lines) and changes when the mutated line itself or the mutation changes.  Two
mutations of one function that change the same text to the same text get
``#2``, ``#3`` ... in the order mutmut lists them.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardlaw.engine import registry

__all__ = [
    "GAMES",
    "Mutant",
    "function_name",
    "identity",
    "rank",
    "read_mutants",
    "sample",
]

GAMES: tuple[str, ...] = tuple(sorted(registry.GAMES))
"""cardlaw's games (the engine's registry, which lists its own at import), in report order (by
name); a mutant belongs to the game of its ``engine/<package>/``."""

SEPARATOR = "ǁ"
"""How mutmut joins a class and a method in a generated name."""


@dataclass(frozen=True, slots=True)
class Mutant:
    """One mutant: mutmut's name for it, where it is, what it changes."""

    name: str
    """mutmut's name (``engine.divide.tricks.x_trick_winner__mutmut_12``)."""
    path: str
    """The source file, relative to the project (``engine/divide/tricks.py``)."""
    game: str
    function: str
    """The qualified name of the mutated function (``engine.divide.game.DivideGame.apply``)."""
    diff: str
    """A unified diff of the function, before and after."""
    identity: str
    """The stable identity (see the module's documentation)."""


def function_name(name: str) -> str:
    """The qualified function of a mutmut mutant name.

    >>> function_name("engine.divide.tricks.x_trick_winner__mutmut_12")
    'engine.divide.tricks.trick_winner'
    >>> function_name("engine.divide.game.xǁDivideGameǁapply__mutmut_3")
    'engine.divide.game.DivideGame.apply'
    """
    module, _, generated = name.rpartition(".")
    mangled = generated.partition("__mutmut_")[0]
    if mangled.startswith("x" + SEPARATOR):
        _, cls, method = mangled.split(SEPARATOR)
        return f"{module}.{cls}.{method}"
    if not mangled.startswith("x_"):
        raise ValueError(f"not a mutmut mutant name: {name!r}")
    return f"{module}.{mangled[2:]}"


def changed_lines(diff: str) -> list[str]:
    """The removed and added lines of a unified diff, indentation stripped.

    >>> changed_lines("--- a\\n+++ b\\n@@ -1 +1 @@\\n def f():\\n-    return 1\\n+    return 2\\n")
    ['-return 1', '+return 2']
    """
    return [
        line[0] + line[1:].strip()
        for line in diff.splitlines()
        if line[:1] in "+-" and not line.startswith(("---", "+++"))
    ]


def identity(function: str, diff: str) -> str:
    """The stable identity of a mutation of ``function`` (before any ``#n`` suffix).

    >>> diff = "@@ -1 +1 @@\\n-    return a < b\\n+    return a <= b\\n"
    >>> identity("engine.demo.less", diff)
    'engine.demo.less:a1bdbd3033'
    >>> identity("engine.demo.less", diff.replace("    ", "        ")) == identity(
    ...     "engine.demo.less", diff)
    True
    """
    digest = hashlib.sha256("\n".join(changed_lines(diff)).encode()).hexdigest()[:10]
    return f"{function}:{digest}"


def _generated(name: str) -> str:
    return name.rpartition(".")[2]


def _original_def(source: str, generated: str, original: str) -> str:
    return re.sub(rf"\bdef {re.escape(generated)}\(", f"def {original}(", source, count=1)


def _diff(before: str, after: str, label: str) -> str:
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=f"{label} (original)",
        tofile=f"{label} (mutant)",
        n=2,
    )
    return "".join(lines)


def _read_spans(root: Path, path: str) -> Mapping[str, tuple[int, int]]:
    data = json.loads((root / "mutants" / f"{path}.spans").read_text())
    return {name: (start, end) for name, (start, end) in data["spans"].items()}


def read_mutants(root: Path, paths: Iterable[str]) -> list[Mutant]:
    """Every mutant mutmut wrote for ``paths`` (source files relative to ``root``)."""
    mutants: list[Mutant] = []
    for path in paths:
        meta = json.loads((root / "mutants" / f"{path}.meta").read_text())
        spans = _read_spans(root, path)
        lines = (root / "mutants" / path).read_text().splitlines(keepends=True)
        package = Path(path).parts[1]
        game = package.replace("_", "-")
        seen: dict[str, int] = {}
        for name in meta["exit_code_by_key"]:
            generated = _generated(name)
            orig = generated.partition("__mutmut_")[0] + "__mutmut_orig"
            function = function_name(name)
            short = function.rpartition(".")[2]
            (a, b), (c, d) = spans[orig], spans[generated]
            before = _original_def("".join(lines[a - 1 : b]), orig, short)
            after = _original_def("".join(lines[c - 1 : d]), generated, short)
            diff = _diff(before, after, function)
            key = identity(function, diff)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                key = f"{key}#{seen[key]}"
            mutants.append(Mutant(name, path, game, function, diff, key))
    return mutants


def quotas(total: int, sizes: Mapping[str, int]) -> dict[str, int]:
    """Split ``total`` between the games as evenly as their numbers of mutants allow.

    >>> quotas(200, {"divide": 1110, "divided-ranks": 1451, "euchre": 1157, "split": 913})
    {'divide': 50, 'divided-ranks': 50, 'euchre': 50, 'split': 50}
    >>> quotas(10, {"a": 2, "b": 100, "c": 100})
    {'a': 2, 'b': 4, 'c': 4}
    """
    share = dict.fromkeys(sizes, 0)
    left = min(total, sum(sizes.values()))
    while left:
        for game in sorted(sizes):
            if left and share[game] < sizes[game]:
                share[game] += 1
                left -= 1
    return share


def rank(identity: str, seed: int) -> str:
    """Where a mutant falls in the draw with ``seed``: a hash of the seed and its identity.

    >>> rank("engine.demo.less:a1bdbd3033", 1) == rank("engine.demo.less:a1bdbd3033", 1)
    True
    >>> rank("engine.demo.less:a1bdbd3033", 1) != rank("engine.demo.less:a1bdbd3033", 2)
    True
    """
    return hashlib.sha256(f"{seed}:{identity}".encode()).hexdigest()


def sample(mutants: Sequence[Mutant], size: int, seed: int) -> list[Mutant]:
    """A sample of ``size`` mutants drawn with ``seed``, stratified by game.

    Each game gets an equal share (a game with fewer mutants than its share
    gives the rest to the others): the mutants of that game that rank first
    by :func:`rank`.  Each mutant's rank depends only on its identity and the
    seed, so the sample depends on nothing else, and it is stable: when code
    changes, a mutant that still exists stays in the sample unless a new one
    ranks before it, and a removed mutant's place goes to the next in rank.
    """
    by_game: dict[str, list[Mutant]] = {}
    for mutant in mutants:
        by_game.setdefault(mutant.game, []).append(mutant)
    share = quotas(size, {game: len(pool) for game, pool in by_game.items()})
    chosen: list[Mutant] = []
    for game in sorted(by_game):
        ranked = sorted(by_game[game], key=lambda m: rank(m.identity, seed))
        chosen.extend(ranked[: share[game]])
    return chosen
