"""A built rulebook for the docs tests: ``CARDLAW_DOCS_HTML`` if set, else built once per session."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def built_docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of the built HTML rulebook."""
    given = os.environ.get("CARDLAW_DOCS_HTML")
    if given:
        path = Path(given)
        if not (path / "index.html").exists():
            pytest.fail(f"CARDLAW_DOCS_HTML={given} holds no built rulebook (no index.html)")
        return path
    out = tmp_path_factory.mktemp("html")
    command = [sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html"]
    done = subprocess.run(
        [*command, str(ROOT / "docs"), str(out)], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.fail(f"the docs build failed:\n{done.stdout}\n{done.stderr}")
    return out
