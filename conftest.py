"""What every test run shares, whatever paths it collects (tests/, or a module's doctests).

Tables cached on disk (:mod:`engine.cache`) go to a temporary directory of
this test process, never the user's cache (:mod:`tests.cachedir`); it is
set before anything imports the engine.  The package's bytecode is compiled
once a run when Python would not write it (:mod:`tests.bytecode`).
"""

import os
from pathlib import Path

from tests.bytecode import compile_sources
from tests.cachedir import use_private_cache

use_private_cache()
compile_sources(Path(__file__).parent)  # once a run, for the many processes that import cardlaw
os.environ.pop("CARDLAW_SCHEDULER", None)  # a user's Dask scheduler must not run the tests' work

# The page on OpenSpiel and PettingZoo runs their packages: without the extras, its examples
# cannot run (the adapters' own tests skip the same way).
from cardlaw.extras import installed  # noqa: E402

collect_ignore = [] if installed("pyspiel") and installed("pettingzoo") else ["docs/ecosystem.rst"]


# spec/, engine/ and proofs/ are installed as cardlaw.spec, cardlaw.engine and cardlaw.proofs
# (issue 34), but pytest names a collected file by its folders (engine/record.py is engine.record),
# which would load a second copy of the module beside the one everything imports.  Their
# doctests, and the packages pytest imports for their setup functions, are imported under the
# installed names instead.
from collections.abc import Generator  # noqa: E402
from importlib import import_module  # noqa: E402
from types import ModuleType  # noqa: E402

import pytest  # noqa: E402
from _pytest.doctest import DoctestModule  # noqa: E402

_ROOT = Path(__file__).parent
_LAYERS = ("spec", "engine", "proofs")


def _installed(path: Path) -> str | None:
    """The installed module name of a file of spec, engine or proofs (None for any other file)."""
    try:
        parts = list(path.relative_to(_ROOT).with_suffix("").parts)
    except ValueError:
        return None
    if not parts or parts[0] not in _LAYERS:
        return None
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(("cardlaw", *parts))


class _InstalledDoctests(DoctestModule):
    """The doctests of a module of spec, engine or proofs, imported by its installed name."""

    def _getobj(self) -> ModuleType:
        name = _installed(self.path)
        assert name is not None, self.path
        return import_module(name)


class _InstalledPackage(pytest.Package):
    """A package of spec, engine or proofs: its ``__init__`` imported by its installed name."""

    def setup(self) -> None:
        name = _installed(self.path / "__init__.py")
        assert name is not None, self.path
        module = import_module(name)
        for hook in ("setUpModule", "setup_module", "tearDownModule", "teardown_module"):
            assert not hasattr(module, hook), f"{name}.{hook}: not run under cardlaw's names"


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector], list[pytest.Collector]]:
    """Collect the layers' doctests by the modules' installed names (``_InstalledDoctests``)."""
    found = yield
    if _installed(file_path) is None:
        return found
    return [
        _InstalledDoctests.from_parent(parent, path=file_path)
        if type(collector) in (DoctestModule, pytest.Module)
        else collector
        for collector in found
    ]


@pytest.hookimpl(wrapper=True)
def pytest_collect_directory(
    path: Path, parent: pytest.Collector
) -> Generator[None, pytest.Collector | None, pytest.Collector | None]:
    """A package of the layers is set up under its installed name (:class:`_InstalledPackage`)."""
    found = yield
    if type(found) is pytest.Package and _installed(path / "__init__.py") is not None:
        return _InstalledPackage.from_parent(parent, path=path)
    return found
