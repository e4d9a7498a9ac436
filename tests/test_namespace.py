"""One installed name (issue 34): the layers are ``cardlaw.spec``, ``cardlaw.engine``, ``cardlaw.proofs``.

``cardlaw/spec``, ``cardlaw/engine`` and ``cardlaw/proofs`` are symbolic links to the
folders at the top of the checkout, the distribution packages ``cardlaw`` alone, and no
file imports a layer by its top-level name (``.ci/namespace.py --check``, which reads
every file git tracks, says which would be rewritten).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import cardlaw
import cardlaw.engine
import cardlaw.proofs
import cardlaw.spec

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("layer", ["spec", "engine", "proofs"])
def test_each_layer_is_a_link_to_its_folder_at_the_top(layer: str) -> None:
    link = ROOT / "cardlaw" / layer
    assert link.is_symlink() and os.readlink(link) == f"../{layer}"
    assert link.resolve() == (ROOT / layer).resolve()


def test_the_layers_are_imported_under_cardlaw() -> None:
    for package in (cardlaw.spec, cardlaw.engine, cardlaw.proofs):
        assert Path(package.__file__ or "").parent.parent == Path(cardlaw.__file__).parent


def test_the_distribution_packages_cardlaw_alone() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["tool"]["setuptools"]["packages"]["find"]["include"] == ["cardlaw*"]


def test_no_file_imports_a_layer_by_its_top_level_name() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (the rewrite reads the files git tracks)")
    done = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "namespace.py"), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
