"""Verdicts on mutants, the judged-equivalent file, the score and the report.

A mutant is **killed** when a test fails with it, **survived** when every test
that reaches it passes, **not covered** when no test reaches it (at run time:
see :mod:`tests.mutation.plugin`), a **timeout** when its tests ran past the
CPU-time limit, and **equivalent** when it survived (or is not covered) and
``tests/mutation/equivalent.toml`` lists it with the reason it cannot change
any observable behaviour of the rules.

The score is ``killed / (mutants - equivalent)``.  A timeout is not counted
as killed (it may be a loop the tests would catch, or a survivor that is only
slow), so timeouts lower the score.  The run passes when the score is at
least :data:`THRESHOLD` and nothing is left to explain: no survivor or
uncovered mutant that the file does not list, no listed mutant that a test
killed (the judgement was wrong), no listed mutant that no longer exists, and
no mutant without a result.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.mutation.mutants import GAMES, Mutant

__all__ = [
    "COLUMNS",
    "THRESHOLD",
    "EquivalentsError",
    "Outcome",
    "judge",
    "load_equivalents",
    "problems",
    "report",
    "score",
    "status",
]

THRESHOLD = 0.95
"""The least score that passes."""

COLUMNS = ("killed", "survived", "equivalent", "timeout", "not covered", "error")
"""The verdicts, in report order."""

_STATUS: Mapping[int, str] = {
    1: "killed",
    3: "killed",  # pytest's internal error: the mutant broke the test run
    0: "survived",
    5: "not covered",  # pytest collected no test
    33: "not covered",  # mutmut found no test that reaches the function
    -24: "timeout",  # SIGXCPU: the CPU-time limit
    24: "timeout",
    152: "timeout",
    -9: "timeout",  # SIGKILL, one CPU second past the soft limit
    36: "timeout",  # mutmut's own timeout code
}

_IDENTITY = re.compile(r"^engine\.[a-z_]+\.[a-z_]+\.[A-Za-z_][\w.]*:[0-9a-f]{10}(#[0-9]+)?$")


class EquivalentsError(ValueError):
    """The judged-equivalent file is malformed."""


def status(exit_code: int | None) -> str:
    """The verdict of one mutmut exit code, before the equivalent file is read.

    >>> status(1), status(0), status(33), status(-24), status(None), status(-11)
    ('killed', 'survived', 'not covered', 'timeout', 'error', 'error')
    """
    return "error" if exit_code is None else _STATUS.get(exit_code, "error")


def load_equivalents(path: Path) -> dict[str, str]:
    """The file's judged-equivalent mutants: identity -> one-line reason.

    The file holds ``[[equivalent]]`` tables, each with ``mutant`` (the
    identity) and ``reason``, and optionally ``mutation`` (the changed lines,
    for the reader).
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise EquivalentsError(f"cannot read {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise EquivalentsError(f"{path}: {error}") from None
    unknown = set(data) - {"equivalent"}
    if unknown:
        raise EquivalentsError(f"{path}: unknown key {sorted(unknown)[0]!r} (only [[equivalent]])")
    entries = data.get("equivalent", [])
    if not isinstance(entries, list):
        raise EquivalentsError(f"{path}: 'equivalent' must be an array of tables")
    reasons: dict[str, str] = {}
    for i, entry in enumerate(entries):
        where = f"{path}: equivalent[{i}]"
        if not isinstance(entry, dict):
            raise EquivalentsError(f"{where} must be a table")
        extra = set(entry) - {"mutant", "reason", "mutation"}
        if extra:
            raise EquivalentsError(f"{where}: unknown key {sorted(extra)[0]!r}")
        mutant, reason = entry.get("mutant"), entry.get("reason")
        if not isinstance(mutant, str) or not _IDENTITY.match(mutant):
            raise EquivalentsError(
                f"{where}: 'mutant' must be an identity like "
                f"'engine.divide.tricks.trick_winner:0123456789', got {mutant!r}"
            )
        if not isinstance(reason, str) or not reason.strip() or "\n" in reason.strip():
            raise EquivalentsError(f"{where}: 'reason' must be one line of text")
        if mutant in reasons:
            raise EquivalentsError(f"{where}: {mutant} is listed twice")
        reasons[mutant] = reason.strip()
    return reasons


@dataclass(frozen=True, slots=True)
class Outcome:
    """A mutant and its verdict."""

    mutant: Mutant
    verdict: str
    """One of :data:`COLUMNS`."""
    listed: bool
    """Whether the equivalent file lists it."""


def judge(
    mutants: Sequence[Mutant], exit_codes: Mapping[str, int | None], equivalents: Mapping[str, str]
) -> list[Outcome]:
    """The verdict on each mutant from mutmut's exit codes and the equivalent file."""
    outcomes = []
    for mutant in mutants:
        verdict = status(exit_codes.get(mutant.name))
        listed = mutant.identity in equivalents
        if listed and verdict in ("survived", "not covered"):
            verdict = "equivalent"
        outcomes.append(Outcome(mutant, verdict, listed))
    return outcomes


def score(outcomes: Iterable[Outcome]) -> float:
    """``killed / (mutants - equivalent)`` (1.0 when every mutant is equivalent).

    >>> from tests.mutation.mutants import Mutant
    >>> m = Mutant("n", "p", "divide", "f", "", "i")
    >>> score([Outcome(m, "killed", False)] * 19 + [Outcome(m, "timeout", False)])
    0.95
    """
    counts = Counter(outcome.verdict for outcome in outcomes)
    judged = sum(counts.values()) - counts["equivalent"]
    return 1.0 if judged == 0 else counts["killed"] / judged


def problems(
    outcomes: Sequence[Outcome], equivalents: Mapping[str, str], identities: Iterable[str]
) -> list[str]:
    """Why the run fails, one line each (empty when it passes).

    ``identities`` are those of every mutant that exists now, sampled or not,
    so that a listed mutant that no longer exists is found in any run.
    """
    found: list[str] = []
    survivors = [o for o in outcomes if o.verdict in ("survived", "not covered")]
    if survivors:
        found.append(f"{len(survivors)} surviving mutants are not judged equivalent")
    for outcome in outcomes:
        if outcome.listed and outcome.verdict in ("killed", "timeout"):
            found.append(
                f"{outcome.mutant.identity} is listed as equivalent but was {outcome.verdict}: "
                "remove it from the file"
            )
    errors = [o for o in outcomes if o.verdict == "error"]
    if errors:
        found.append(f"{len(errors)} mutants have no verdict (see mutants/mutmut.log)")
    stale = sorted(set(equivalents) - set(identities))
    found.extend(f"{identity} is listed as equivalent but no longer exists" for identity in stale)
    value = score(outcomes)
    if value < THRESHOLD:
        found.append(f"score {value:.1%} is below {THRESHOLD:.0%}")
    return found


def _table(outcomes: Sequence[Outcome]) -> list[str]:
    header = ("game", "mutants", *COLUMNS, "score")
    rows: list[tuple[str, ...]] = [header]
    present = {o.mutant.game for o in outcomes}
    for game in (*(g for g in GAMES if g in present), "all"):
        mine = [o for o in outcomes if game in ("all", o.mutant.game)]
        counts = Counter(o.verdict for o in mine)
        shown = f"{score(mine):.1%}" if mine else "-"
        rows.append((game, str(len(mine)), *(str(counts[c]) for c in COLUMNS), shown))
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    return [
        "  ".join(
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in rows
    ]


def report(
    outcomes: Sequence[Outcome], equivalents: Mapping[str, str], found: Sequence[str], title: str
) -> str:
    """The readable report: the table, the score, what fails, and each unexplained mutant's diff."""
    lines = [title, "", *_table(outcomes), ""]
    lines.append(
        f"score {score(outcomes):.1%} = killed / (mutants - equivalent); "
        f"at least {THRESHOLD:.0%} passes"
    )
    lines.extend(["", "FAILED:" if found else "PASSED", *(f"  {line}" for line in found)])
    for heading, verdicts in (
        ("survivors (not judged equivalent)", ("survived", "not covered")),
        ("timeouts (not counted as killed)", ("timeout",)),
        ("without a verdict", ("error",)),
    ):
        shown = [o for o in outcomes if o.verdict in verdicts]
        if not shown:
            continue
        lines.extend(["", f"{heading}: {len(shown)}"])
        for outcome in sorted(shown, key=lambda o: o.mutant.identity):
            mutant = outcome.mutant
            lines.extend(["", f"{outcome.verdict}: {mutant.identity}  ({mutant.name})"])
            lines.append(mutant.diff.rstrip("\n"))
    listed = sorted(
        (o for o in outcomes if o.verdict == "equivalent"), key=lambda o: o.mutant.identity
    )
    if listed:
        lines.extend(["", f"judged equivalent: {len(listed)}"])
        lines.extend(f"  {o.mutant.identity}: {equivalents[o.mutant.identity]}" for o in listed)
    return "\n".join(lines) + "\n"
