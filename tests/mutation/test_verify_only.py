"""``python -m tests.mutation --verify``: the exit status of each verify run is its verdict."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.mutation.verify_only import _BOOTSTRAP, _verdict


@pytest.mark.parametrize("returned", [0, 1, 2])
def test_the_bootstrap_exits_with_the_code_main_returns(tmp_path: Path, returned: int) -> None:
    # cardlaw.cli.main returns the exit code (the console script's wrapper raises it); a
    # bootstrap that dropped it would exit 0 and count every caught mutant as a survivor.
    fake = tmp_path / "cardlaw"
    fake.mkdir()
    (fake / "__init__.py").write_text("", encoding="utf-8")
    (fake / "cli.py").write_text(f"def main():\n    return {returned}\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-c", _BOOTSTRAP, "60", "verify"], env=env, cwd=tmp_path, check=False
    )
    assert done.returncode == returned
    assert _verdict(done.returncode) == {0: 0, 1: 1, 2: 3}[returned]
