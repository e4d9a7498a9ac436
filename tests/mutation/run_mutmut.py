"""mutmut with the shim, in a process of its own (``python -m tests.mutation`` starts it).

``python tests/mutation/run_mutmut.py generate JOBS`` writes the mutants into
``mutants/`` and stops; ``python tests/mutation/run_mutmut.py run JOBS [NAMES]``
runs them: every mutant, or those named one a line in the file ``NAMES``.

It is run as a script, not as ``tests.mutation.run_mutmut``, so that this
process never imports the checkout's ``tests`` package: the tests mutmut runs
are the copies in ``mutants/tests``, imported under the same names.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def _load_shim() -> ModuleType:
    here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != here]
    spec = importlib.util.spec_from_file_location("cardlaw_mutation_shim", here / "shim.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def generate(jobs: int) -> None:
    """Write every mutant into ``mutants/`` (the first steps of ``mutmut run``)."""
    from mutmut import __main__ as mutmut_main
    from mutmut.mutation.trampoline import set_mutant_under_test
    from mutmut.utils import file_utils

    set_mutant_under_test("mutant_generation")
    Path("mutants").mkdir(exist_ok=True)
    file_utils.copy_src_dir()
    file_utils.copy_also_copy_files()
    file_utils.setup_source_paths()
    stats = mutmut_main.create_mutants(jobs)
    print(f"{stats.mutated} files mutated, {stats.ignored} copied")


def run(jobs: int, names: list[str]) -> None:
    """``mutmut run`` over ``names`` (all mutants when empty)."""
    from mutmut import __main__ as mutmut_main

    mutmut_main._run(names, jobs)


def main(argv: list[str]) -> int:
    """Dispatch ``generate JOBS`` and ``run JOBS [NAMES]``."""
    _load_shim().install()
    command, jobs = argv[0], int(argv[1])
    if command == "generate":
        generate(jobs)
    else:
        names = Path(argv[2]).read_text().split() if len(argv) > 2 else []
        run(jobs, names)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
