"""What every test run shares, whatever paths it collects (tests/, or a module's doctests).

Tables cached on disk (:mod:`engine.cache`) go to a temporary directory of
this test process, never the user's cache (:mod:`tests.cachedir`); it is
set before anything imports the engine.
"""

import os

from tests.cachedir import use_private_cache

use_private_cache()
os.environ.pop("CARDLAW_SCHEDULER", None)  # a user's Dask scheduler must not run the tests' work

# The page on OpenSpiel and PettingZoo runs their packages: without the extras, its examples
# cannot run (the adapters' own tests skip the same way).
from cardlaw.extras import installed  # noqa: E402

collect_ignore = [] if installed("pyspiel") and installed("pettingzoo") else ["docs/ecosystem.rst"]
