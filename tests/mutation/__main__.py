"""``python -m tests.mutation``: see :mod:`tests.mutation.command`."""

import sys

from tests.mutation.command import main

sys.exit(main())
