"""The tests' own directory for cached tables (:mod:`engine.cache`), never the user's cache.

:func:`use_private_cache` runs before anything imports the engine: from the
root ``conftest.py`` (so a module's doctests run alone are covered), from
``tests/conftest.py`` (the one the mutation runs' copy of the tree has), and
at every mutation session's start with ``fresh=True``, so that a mutant's
tests never read a table the unmutated code wrote.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

__all__ = ["PREFIX", "USER_CACHE", "use_private_cache"]

PREFIX = "cardlaw-test-cache-"
"""How the name of a test run's cache directory starts."""

USER_CACHE = "CARDLAW_TESTS_USER_CACHE"
"""The variable naming the user's cache directory, which the tests read one thing from: the
report the README's first command kept (:mod:`tests.verified`), and write nothing to."""


def use_private_cache(*, fresh: bool = False) -> str:
    """Point ``CARDLAW_CACHE`` at a temporary directory of this process; its path.

    The directory is removed when the process exits.  Without ``fresh`` a
    directory already set up this way is kept.  The user's own cache directory is
    remembered in :data:`USER_CACHE`.
    """
    current = os.environ.get("CARDLAW_CACHE", "")
    if not os.path.basename(current).startswith(PREFIX):  # the user's, for tests.verified only
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        os.environ.setdefault(USER_CACHE, current or os.path.join(base, "cardlaw"))
    if not fresh and os.path.basename(current).startswith(PREFIX) and os.path.isdir(current):
        return current
    path = tempfile.mkdtemp(prefix=PREFIX)
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    os.environ["CARDLAW_CACHE"] = path
    return path
