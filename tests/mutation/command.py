"""``python -m tests.mutation``: mutation testing of the games' rules, with a verdict.

::

    python -m tests.mutation                      # 100 mutants, 25 a game, seed 1 (CI)
    python -m tests.mutation --sample 400 --seed 7
    python -m tests.mutation --full               # every mutant (over an hour)
    python -m tests.mutation --recheck-equivalents  # rerun judged-equivalent import-time ones
    python -m tests.mutation --full --game euchre # every mutant of one game
    python -m tests.mutation --report report.txt  # the report in a file as well

Steps: empty ``mutants/``; let mutmut (with :mod:`tests.mutation.shim`) write
every mutant of the modules ``[tool.mutmut]`` names; draw the sample; run
mutmut over it (one test run to map tests to functions, then each mutant
against the tests that reach its function); judge the results against
``tests/mutation/equivalent.toml`` (:mod:`tests.mutation.verdicts`); print
the report.  mutmut's own output goes to ``mutants/mutmut.log``.

Exit status: 0 when the run passes, 1 when it fails (a survivor not judged
equivalent, a wrong or stale judgement, or a score below 95%), 2 when it
could not be made (bad options, a malformed equivalent file, mutmut missing
or not the pinned release, the unmutated tests failing).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from tests.mutation import fresh, shim, verify_only
from tests.mutation.mutants import GAMES, Mutant, read_mutants, sample
from tests.mutation.verdicts import EquivalentsError, judge, load_equivalents, problems, report

__all__ = ["DEFAULT_SAMPLE", "DEFAULT_SEED", "ROOT", "main"]

ROOT = Path(__file__).resolve().parents[2]
"""The project's root (mutmut works in ``ROOT/mutants``)."""

DEFAULT_SAMPLE = 100
"""Mutants in the default sample: 25 from each game (CI's run; ``--sample 200`` or ``--full``
for a closer estimate)."""

DEFAULT_SEED = 1
"""The default sample's seed."""

EQUIVALENTS = ROOT / "tests" / "mutation" / "equivalent.toml"
"""The tracked file of mutants judged equivalent."""

RUNNER = ROOT / "tests" / "mutation" / "run_mutmut.py"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"python -m tests.mutation: {message}\n")


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _Parser(
        prog="python -m tests.mutation",
        description="Mutation testing of the games' rules (mutmut over cardlaw/engine/<game>/).",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--sample",
        type=int,
        default=DEFAULT_SAMPLE,
        metavar="N",
        help=f"run N mutants, shared evenly between the games (default {DEFAULT_SAMPLE})",
    )
    mode.add_argument("--full", action="store_true", help="run every mutant")
    parser.add_argument(
        "--seed", type=int, default=DEFAULT_SEED, help=f"the sample's seed (default {DEFAULT_SEED})"
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        action="append",
        help="only this game's mutants (repeat for several; default: all four)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="mutants run at once (default: cores)"
    )
    parser.add_argument("--report", type=Path, metavar="FILE", help="also write the report to FILE")
    parser.add_argument(
        "--equivalents",
        type=Path,
        default=EQUIVALENTS,
        metavar="FILE",
        help="the judged-equivalent mutants (default tests/mutation/equivalent.toml)",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="show mutmut's output instead of logging it"
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="IDENTITY",
        help="of the sample, run only this mutant (its identity, as a report's 'survived:' "
        "line names it; repeat for several): re-check the survivors after a change",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="the only test command is `cardlaw verify GAME` (no pytest): would it alone catch "
        "each mutant? (tests/mutation/verify_only.py)",
    )
    parser.add_argument(
        "--recheck-equivalents",
        dest="recheck",
        action="store_true",
        help="also rerun the judged-equivalent mutants of import-time functions in fresh "
        "processes (each runs every selected test), so that a wrong judgement shows as killed",
    )
    arguments = parser.parse_args(argv)
    if arguments.sample < 1:
        parser.error("--sample must be at least 1")
    if arguments.jobs < 1:
        parser.error("--jobs must be at least 1")
    return arguments


def _fail(message: str) -> int:
    print(f"python -m tests.mutation: {message}", file=sys.stderr)
    return 2


def _tail(log: Path, count: int = 25) -> str:
    text = log.read_text(errors="replace") if log.exists() else ""
    lines = [line.rstrip() for line in text.replace("\r", "\n").splitlines()]
    spinner = set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏ ")
    lines = [line for line in lines if line and not set(line[:1]) <= spinner]
    return "\n".join(lines[-count:])


def _mutmut(arguments: Sequence[str], log: Path, verbose: bool) -> int:
    environment = dict(os.environ, PYTHONHASHSEED="0")
    command = [sys.executable, str(RUNNER), *arguments]
    if verbose:
        return subprocess.run(command, cwd=ROOT, env=environment, check=False).returncode
    with log.open("a") as out:
        return subprocess.run(
            command, cwd=ROOT, env=environment, stdout=out, stderr=subprocess.STDOUT, check=False
        ).returncode


def _mutated_paths() -> list[str]:
    base = ROOT / "mutants"
    return sorted(
        str(meta.relative_to(base))[: -len(".meta")]
        for meta in base.glob("cardlaw/engine/*/*.py.meta")
    )


def _exit_codes(paths: Sequence[str]) -> dict[str, int | None]:
    codes: dict[str, int | None] = {}
    for path in paths:
        meta = json.loads((ROOT / "mutants" / f"{path}.meta").read_text())
        codes.update(meta["exit_code_by_key"])
    return codes


def main(argv: Sequence[str] | None = None) -> int:
    """Run the mutation tests; the exit status (0 pass, 1 fail, 2 not run)."""
    arguments = _arguments(argv)
    try:
        equivalents = load_equivalents(arguments.equivalents)
        shim.check_version()
    except (EquivalentsError, shim.ShimError) as error:
        return _fail(str(error))

    work = ROOT / "mutants"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    log = work / "mutmut.log"
    jobs = str(arguments.jobs)

    started = time.monotonic()
    if _mutmut(["generate", jobs], log, arguments.verbose) != 0:
        return _fail(f"mutmut could not write the mutants:\n{_tail(log)}")
    paths = _mutated_paths()
    everything = read_mutants(ROOT, paths)
    generated = time.monotonic()
    print(
        f"{len(everything)} mutants in {len(paths)} modules ({generated - started:.0f}s)",
        flush=True,
    )

    games = arguments.game or list(GAMES)
    pool = [mutant for mutant in everything if mutant.game in games]
    scope = "" if arguments.game is None else f" of {', '.join(games)}"
    chosen: list[Mutant]
    if arguments.full:
        chosen, title = pool, f"full run: {len(pool)} mutants{scope}"
        names = [] if arguments.game is None else [mutant.name for mutant in pool]
    else:
        chosen = sample(pool, arguments.sample, arguments.seed)
        names = [mutant.name for mutant in chosen]
        title = (
            f"sample of {len(chosen)} of {len(pool)} mutants{scope}, "
            f"stratified by game (seed {arguments.seed})"
        )
    if arguments.only:
        unknown = sorted(set(arguments.only) - {m.identity for m in chosen})
        if unknown:
            return _fail(f"not in the sample: {', '.join(unknown)}")
        chosen = [m for m in chosen if m.identity in arguments.only]
        names = [m.name for m in chosen]
        title += f", only the {len(chosen)} named"
    if arguments.verify:
        codes = verify_only.run(ROOT, chosen, arguments.jobs, log)
        print(
            f"cardlaw verify ran under {len(chosen)} mutants ({time.monotonic() - generated:.0f}s)",
            flush=True,
        )
        text = f"cardlaw verify alone, {title}\n\n" + verify_only.summary(
            chosen, codes, set(equivalents)
        )
        survivors = [m for m in chosen if codes.get(m.name) == 0 and m.identity not in equivalents]
        text += "".join(f"\nsurvived: {m.identity}\n{m.diff}" for m in survivors)
        print(text, end="")
        if arguments.report is not None:
            arguments.report.write_text(text)
        return 0
    selected = work / "selected.txt"
    selected.write_text("".join(f"{name}\n" for name in names))
    run = ["run", jobs, str(selected)] if names else ["run", jobs]
    if _mutmut(run, log, arguments.verbose) != 0:
        return _fail(f"mutmut stopped before judging the mutants:\n{_tail(log)}")
    finished = time.monotonic()
    print(f"mutmut ran {len(chosen)} mutants ({finished - generated:.0f}s)", flush=True)

    exit_codes = _exit_codes(paths)
    again = fresh.candidates(ROOT, chosen, exit_codes)
    if not arguments.recheck:
        # A judged-equivalent mutant survives every test, so its fresh run is the whole
        # selection (minutes) only to confirm the judgement: --recheck-equivalents makes it.
        again = [mutant for mutant in again if mutant.identity not in equivalents]
    if again:
        print(
            f"running {len(again)} mutants of import-time functions in fresh processes", flush=True
        )
        rerun = fresh.rerun(ROOT, again, arguments.jobs, log, equivalents)
        exit_codes.update(rerun)
        killed = sum(code == 1 for code in rerun.values())
        print(f"{killed} of {len(again)} killed ({time.monotonic() - finished:.0f}s)", flush=True)
        title += f"; {len(again)} import-time mutants rerun in fresh processes, {killed} killed"

    outcomes = judge(chosen, exit_codes, equivalents)
    found = problems(outcomes, equivalents, (mutant.identity for mutant in everything))
    text = report(outcomes, equivalents, found, f"mutation testing, {title}")
    print(text, end="")
    if arguments.report is not None:
        arguments.report.write_text(text)
    return 1 if found else 0
