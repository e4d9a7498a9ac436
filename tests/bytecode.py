"""The package's bytecode, compiled once a run, before any test starts a ``cardlaw`` process.

With ``PYTHONDONTWRITEBYTECODE`` set, Python never writes the bytecode of a
module it imports, so in a fresh checkout every process compiles every module
of cardlaw it imports again: each of the suite's hundreds of ``cardlaw``
subprocesses, and each pytest-xdist worker, about half a second of compiling
apiece.  :func:`compile_sources` compiles the sources once, at the start of a run,
into their usual ``__pycache__`` folders (which ``.gitignore`` lists), as pip
does for an installed package; an up-to-date file is not compiled again.
"""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

__all__ = ["compile_sources"]

FOLDERS = ("cardlaw", "spec", "engine", "proofs")
"""The package and its three layers (``cardlaw/spec`` and the others are links to these, which
:func:`compileall.compile_dir` does not follow)."""


def compile_sources(root: Path) -> None:
    """Compile the package under ``root`` when Python will not (see the module's docstring).

    Only the first process of a run does it (not a pytest-xdist worker: they start after it).
    """
    if not sys.dont_write_bytecode or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    for folder in FOLDERS:
        if (root / folder).is_dir():
            compileall.compile_dir(root / folder, quiet=1)
