"""The one change cardlaw makes to mutmut: let it mutate the engine's tagged rule functions.

mutmut skips every decorated function except ``@staticmethod`` and
``@classmethod``, because copying a function with its decorators can repeat a
decorator's side effects.  The engine's rule functions are exactly the tagged
ones: ``@enforces(...)`` (:mod:`spec.trace`) records a clause against the
function's name and returns the function unchanged.  It does not wrap the
function, so a copy of the function is the function.

:func:`install` patches two functions of ``mutmut.mutation.file_mutation``
(in the process that generates the mutants):

* ``MutationVisitor._skip_node_and_children`` judges a function whose
  decorators are all registration tags as if it had none (a
  ``# pragma: no mutate`` on it is still obeyed);
* ``function_trampoline_arrangement`` keeps the tags on the trampoline, the
  function the module exposes under the original name, and drops them from
  the copies it makes (``x_name__mutmut_orig``, ``x_name__mutmut_1``, ...).
  The trampoline is built with ``functools.wraps``, so ``@enforces`` records
  the same qualified name as before and ``spec.trace.ENFORCEMENT`` is the
  same in the mutated copy of the project as in the project itself.

Two more changes to ``mutmut.workers.isolation.ForkRunner``'s surroundings:

* the wall-clock timer it sets on each worker (``register_timeout``) is
  switched off: no verdict here may depend on how busy the machine is.  The
  CPU-time limit (``RLIMIT_CPU``, from ``timeout_multiplier``) still ends a
  mutant that loops;
* its "clean" run (``run_clean_tests``: the sampled mutants' tests once more on
  the unmutated code, about a minute and a half) is skipped.  Every run here
  starts from an empty ``mutants/``, so mutmut has just run every selected test
  on the same unmutated code to map tests to functions, and it stops when any
  of them fails (``run_stats_collection``).

Everything here is written against mutmut :data:`PINNED` (pinned by the
``mutation`` extra); ``tests/mutation/test_shim.py`` fails loudly when those
internals change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Any

__all__ = ["ORIGINALS", "PINNED", "TAGS", "ShimError", "check_version", "install", "is_tagged_only"]

PINNED = "3.8.1"
"""The mutmut release this shim is written for (the ``mutation`` extra pins it)."""

TAGS = frozenset({"enforces"})
"""Decorators that only register the function and return it unchanged."""


ORIGINALS: dict[str, Callable[..., Any]] = {}
"""mutmut's own functions that :func:`install` replaced, by role (for the tests)."""


class ShimError(RuntimeError):
    """mutmut is missing, or is not the release the shim was written for."""


def _decorator_name(decorator: Any) -> str | None:
    import libcst as cst

    expression = decorator.decorator
    if isinstance(expression, cst.Call):
        expression = expression.func
    return expression.value if isinstance(expression, cst.Name) else None


def is_tagged_only(node: Any) -> bool:
    """Whether ``node`` (a libcst node) is a function whose decorators are all :data:`TAGS`.

    ``@enforces("a.b")`` alone (or stacked) is; ``@cache`` on
    top of it is not (a cache is filled by the unmutated code before a worker
    is forked, and would hide the mutant).
    """
    import libcst as cst

    return (
        isinstance(node, cst.FunctionDef)
        and bool(node.decorators)
        and all(_decorator_name(d) in TAGS for d in node.decorators)
    )


def check_version() -> None:
    """Raise :class:`ShimError` unless mutmut :data:`PINNED` is installed."""
    try:
        installed = version("mutmut")
    except PackageNotFoundError:
        raise ShimError("mutmut is not installed: pip install -e '.[mutation]'") from None
    if installed != PINNED:
        raise ShimError(
            f"mutmut {installed} is installed, but tests/mutation/shim.py is written for "
            f"mutmut {PINNED}: pip install -e '.[mutation]', or check the shim against "
            f"{installed} and move the pin"
        )


def _no_wall_clock_limit(pid: int, timeout_s: float) -> None:
    """Stand-in for mutmut's wall-clock timer: no limit but the CPU-time one."""


def _clean_run_already_made(self: Any, tests: Any) -> int:
    """Stand-in for ``ForkRunner.run_clean_tests``: the mapping run just passed them."""
    return 0


def install() -> None:
    """Patch mutmut so it mutates tagged functions (idempotent)."""
    check_version()
    from libcst.metadata import PositionProvider
    from mutmut.mutation import file_mutation

    if getattr(file_mutation, "_cardlaw_shim", False):
        return
    skip: Callable[[Any, Any], bool] = file_mutation.MutationVisitor._skip_node_and_children
    arrange: Callable[..., tuple[Sequence[Any], Sequence[Any], Sequence[Any], Sequence[str]]] = (
        file_mutation.function_trampoline_arrangement
    )

    def skip_node_and_children(self: Any, node: Any) -> bool:
        if is_tagged_only(node):
            position = self.get_metadata(PositionProvider, node, None)
            if not (position and position.start.line in self._ignored_node_lines):
                return skip(self, node.with_changes(decorators=()))
        return skip(self, node)

    def function_trampoline_arrangement(
        function: Any, mutants: Any, class_name: str | None
    ) -> tuple[Sequence[Any], Sequence[Any], Sequence[Any], Sequence[str]]:
        declarations, nodes, assignments, names = arrange(function, mutants, class_name)
        if is_tagged_only(function):
            trampoline, *copies = nodes
            nodes = [trampoline, *(copy.with_changes(decorators=()) for copy in copies)]
        return declarations, nodes, assignments, names

    file_mutation.MutationVisitor._skip_node_and_children = skip_node_and_children  # type: ignore[method-assign]  # the patch itself
    file_mutation.function_trampoline_arrangement = function_trampoline_arrangement
    from mutmut.workers import isolation
    from mutmut.workers.timeout import register_timeout

    # isolation imports register_timeout without re-exporting it: the name it calls is patched
    isolation.register_timeout = _no_wall_clock_limit  # type: ignore[attr-defined]  # see above
    run_clean_tests = isolation.ForkRunner.run_clean_tests
    isolation.ForkRunner.run_clean_tests = _clean_run_already_made  # type: ignore[method-assign]  # the patch
    file_mutation._cardlaw_shim = True  # type: ignore[attr-defined]  # our mark on mutmut's module
    ORIGINALS.update(
        skip=skip,
        arrange=arrange,
        register_timeout=register_timeout,
        run_clean_tests=run_clean_tests,
    )
