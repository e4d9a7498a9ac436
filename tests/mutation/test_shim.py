"""The mutmut shim: what it changes, and the mutmut internals it relies on (fails loudly on change)."""

from __future__ import annotations

import ast
import copy
import tomllib
import types
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path

import pytest

pytest.importorskip("mutmut", reason="the mutation extra is not installed")

from mutmut.mutation import file_mutation
from mutmut.workers import isolation

from cardlaw.spec.trace import ENFORCEMENT
from tests.mutation import plugin, shim

ROOT = Path(__file__).resolve().parents[2]

SOURCE = """\
from functools import cache

from spec.trace import enforces


@enforces("demo.add")
def add(a, b):
    return a + b


@cache
@enforces("demo.cached")
def cached(a):
    return a * 2


def plain(a):
    return a - 1


class Game:
    @enforces("demo.apply")
    def apply(self, a):
        return a + 1
"""


@pytest.fixture(autouse=True)
def installed() -> None:
    shim.install()


@pytest.fixture
def unshimmed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """mutmut as it ships, for the length of one test."""
    monkeypatch.setattr(
        file_mutation.MutationVisitor, "_skip_node_and_children", shim.ORIGINALS["skip"]
    )
    monkeypatch.setattr(file_mutation, "function_trampoline_arrangement", shim.ORIGINALS["arrange"])
    yield


def mutated_functions(source: str) -> set[str]:
    names = file_mutation.mutate_file_contents("demo.py", source).mutant_names
    return {name.partition("__mutmut_")[0] for name in names}


def test_the_pinned_release_is_installed_and_the_extra_pins_it() -> None:
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert extra["mutation"] == [f"mutmut=={shim.PINNED}"]
    assert version("mutmut") == shim.PINNED
    shim.check_version()


def test_a_different_release_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shim, "version", lambda name: "9.9.9")
    with pytest.raises(shim.ShimError, match="written for mutmut"):
        shim.check_version()


def test_mutmut_alone_skips_the_tagged_functions(unshimmed: None) -> None:
    # If this fails, mutmut now mutates decorated functions itself: the shim may be unneeded.
    assert mutated_functions(SOURCE) == {"x_plain"}


def test_the_shim_mutates_tagged_functions_but_not_cached_ones() -> None:
    assert mutated_functions(SOURCE) == {"x_add", "x_plain", "xǁGameǁapply"}


def decorators(node: ast.FunctionDef) -> list[str]:
    return [ast.unparse(d).split("(")[0] for d in node.decorator_list]


def test_the_tags_stay_on_the_trampoline_and_leave_the_copies() -> None:
    code = file_mutation.mutate_file_contents("demo.py", SOURCE).code
    functions = [n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.FunctionDef)]
    by_name = {f.name: f for f in functions}
    assert decorators(by_name["add"]) == ["enforces", "_mutmut_mutated"]
    assert decorators(by_name["apply"]) == ["enforces", "_mutmut_mutated"]
    assert decorators(by_name["cached"]) == ["cache", "enforces"]
    copies = [f for f in functions if "__mutmut_" in f.name]
    assert {f.name for f in copies} >= {"x_add__mutmut_orig", "x_add__mutmut_1"}
    assert all(f.decorator_list == [] for f in copies)


def test_a_pragma_still_keeps_a_tagged_function_out() -> None:
    source = SOURCE.replace("def add(a, b):", "def add(a, b):  # pragma: no mutate block")
    assert "x_add" not in mutated_functions(source)


def registered(module_name: str, code: str) -> dict[str, list[str]]:
    """The clauses a module's code records, with its own module name replaced by ``M``."""
    saved = copy.deepcopy(ENFORCEMENT)
    try:
        module = types.ModuleType(module_name)
        exec(compile(code, f"<{module_name}>", "exec"), module.__dict__)
        return {
            clause: sorted(n.replace(module_name, "M") for n in names if n.startswith(module_name))
            for clause, names in ENFORCEMENT.items()
            if any(n.startswith(module_name) for n in names)
        }
    finally:
        ENFORCEMENT.clear()
        ENFORCEMENT.update(saved)


@pytest.mark.parametrize("path", ["engine/divide/tricks.py", "engine/euchre/game.py"])
def test_the_mutated_module_records_the_same_enforcement(path: str) -> None:
    source = (ROOT / path).read_text()
    mutated = file_mutation.mutate_file_contents(path, source)
    assert mutated.mutant_names
    original = registered("mutation_probe_original", source)
    assert original
    assert registered("mutation_probe_mutated", mutated.code) == original


def test_mutmut_still_works_the_way_the_shim_assumes() -> None:
    # Each name the patches replace or read must still be looked up where they expect.
    visitor = file_mutation.MutationVisitor
    assert "_skip_node_and_children" in visitor.on_visit.__code__.co_names
    assert "_ignored_node_lines" in visitor.__init__.__code__.co_names
    assert "function_trampoline_arrangement" in (
        file_mutation.combine_mutations_to_source.__code__.co_names
    )
    assert "register_timeout" in isolation.ForkRunner.submit.__code__.co_names
    assert isolation.register_timeout is shim._no_wall_clock_limit  # type: ignore[attr-defined]  # not re-exported: patched
    # The clean run may be skipped only because the mapping run stops on a failing test.
    from mutmut import __main__ as mutmut_main

    assert "run_clean_tests" in mutmut_main._run.__code__.co_names
    assert "collect_stats" in mutmut_main.run_stats_collection.__code__.co_names
    assert "exit" in mutmut_main.run_stats_collection.__code__.co_names
    assert isolation.ForkRunner.run_clean_tests is shim._clean_run_already_made
    assert isolation.get_mutant_runner.__code__.co_names.count("ForkRunner") == 1


def test_the_plugin_empties_caches(monkeypatch: pytest.MonkeyPatch) -> None:
    from functools import cache

    probe = types.ModuleType("tests.mutation_probe")
    calls: list[int] = []

    @cache
    def double(n: int) -> int:
        calls.append(n)
        return 2 * n

    vars(probe)["double"] = double
    monkeypatch.setitem(__import__("sys").modules, "tests.mutation_probe", probe)
    double(2)
    double(2)
    assert plugin.clear_caches() >= 1
    double(2)
    assert calls == [2, 2]


def test_the_plugin_derandomizes_hypothesis() -> None:
    from hypothesis import settings

    # Hypothesis itself derandomizes when it detects CI (the ``CI`` variable), so compare with
    # the profile that was loaded before, not with a fixed value.
    before = settings.get_current_profile_name()
    randomized_before = settings().derandomize
    database_before = settings().database
    try:
        plugin.derandomize_hypothesis()
        assert settings().derandomize is True
        assert settings().database is None
        assert settings.get_current_profile_name() == "mutation"
    finally:
        settings.load_profile(before)
    assert settings().derandomize is randomized_before
    assert settings().database is database_before
