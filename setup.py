"""Build script: pure Python by default; compiled with mypyc when ``CARDLAW_MYPYC=1``.

``pyproject.toml`` holds all the metadata.  This file only adds, on request,
the mypyc extensions of the modules :data:`cardlaw.engine.compiled.MODULES` lists
(read from that file, so the list lives in one place).  Install the compiled
build, into a venv of its own and never editable::

    pip install mypy 'setuptools>=77'
    CARDLAW_MYPYC=1 pip install --no-build-isolation .
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from setuptools import setup

CLI_MODULES = ("cardlaw.sampling",)
"""The command-line modules compiled beside ``cardlaw.engine.compiled.MODULES`` (the sampler)."""


def _modules() -> list[str]:
    """The source files of ``cardlaw.engine.compiled.MODULES``, read without importing cardlaw."""
    tree = ast.parse(Path("cardlaw/engine/compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", None) == "MODULES":
            names = ast.literal_eval(node.value) if node.value is not None else ()
            return [name.replace(".", "/") + ".py" for name in (*names, *CLI_MODULES)]
    raise SystemExit("setup.py: engine/compiled.py has no MODULES")


if os.environ.get("CARDLAW_MYPYC") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(["--strict", *_modules()], opt_level="3"))
else:
    setup()
