"""Without the extras: the adapters import cleanly and say what to install; ``--help`` needs none.

Each check runs in a fresh interpreter where OpenSpiel, PettingZoo and
Gymnasium cannot be imported (``sys.modules[name] = None``, as if they were
not installed), whatever this environment has.
"""

from __future__ import annotations

import json
import subprocess
import sys

_BLOCKED = """
import sys
for name in ("pyspiel", "open_spiel", "pettingzoo", "gymnasium"):
    sys.modules[name] = None
"""

_PROBE = (
    _BLOCKED
    + """
import contextlib, io, json
import cardlaw.openspiel, cardlaw.pettingzoo, cardlaw.ecosystem
from cardlaw.extras import MissingExtra
out = {"openspiel": cardlaw.openspiel.AVAILABLE, "pettingzoo": cardlaw.pettingzoo.AVAILABLE}
for key, call in (("load_game", lambda: cardlaw.openspiel.load_game("divide")),
                  ("env", lambda: cardlaw.pettingzoo.env("divide"))):
    try:
        call()
    except MissingExtra as error:
        out[key] = str(error)
from cardlaw.cli import main
err = io.StringIO()
with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
    try:
        code = main(["play", "divide", "--bots", "mcts"])
    except SystemExit as exit:
        code = exit.code
out["code"], out["stderr"] = code, err.getvalue()
print(json.dumps(out))
"""
)


def test_without_the_extras_the_adapters_import_and_say_what_to_install() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, check=True
    )
    out = json.loads(done.stdout)
    assert out["openspiel"] is False and out["pettingzoo"] is False
    assert "pip install 'cardlaw[openspiel]'" in out["load_game"]
    assert "pip install 'cardlaw[pettingzoo]'" in out["env"]
    assert out["code"] == 2
    lines = out["stderr"].strip().splitlines()
    assert len(lines) == 1 and "mcts bot needs OpenSpiel" in lines[0], lines
    assert "cardlaw[openspiel]" in lines[0]
