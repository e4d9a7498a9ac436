"""What every test run shares, whatever paths it collects (tests/, or a module's doctests).

Tables cached on disk (:mod:`engine.cache`) go to a temporary directory of
this test process, never the user's cache; it is set before anything imports
the engine, and removed at exit.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ["CARDLAW_CACHE"] = tempfile.mkdtemp(prefix="cardlaw-test-cache-")
atexit.register(shutil.rmtree, os.environ["CARDLAW_CACHE"], ignore_errors=True)
