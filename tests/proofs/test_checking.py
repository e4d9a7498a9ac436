"""How obligations are checked: a mutant's parts asked together, each check in a fork of its own."""

from __future__ import annotations

import os
import signal
from collections.abc import Sequence
from functools import partial

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlaw.proofs.budget
import cardlaw.proofs.core
from cardlaw.proofs.budget import Outcome
from cardlaw.proofs.core import Problem, verdict
from cardlaw.proofs.forked import ForkFailed, fresh_processes, in_fork

x, y = z3.Ints("x y")


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-4, 4),
    st.integers(-4, 4),
    st.lists(st.tuples(st.integers(-3, 3), st.integers(-8, 8)), min_size=1, max_size=4),
    st.booleans(),
)
def test_a_joint_check_gives_the_verdict_of_the_part_by_part_one(
    low: int, high: int, parts: list[tuple[int, int]], bounded: bool
) -> None:
    premise = [x >= low, x <= high, y == x + 1]
    claim = [a * x + y >= b for a, b in parts]
    attained = (x == high) if bounded else None
    problem = Problem(premise=premise, claim=claim, attained=attained)
    apart, joint = verdict(problem), verdict(problem, joint=True)
    assert (joint.status, joint.premise_satisfiable, joint.detail) == (
        apart.status,
        apart.premise_satisfiable,
        apart.detail,
    )


def test_a_joint_check_asks_once_where_the_parts_ask_each(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real = cardlaw.proofs.budget.solve

    def counted(assertions: Sequence[z3.BoolRef], budget: int) -> Outcome:
        asked.append(len(assertions))
        return real(assertions, budget)

    monkeypatch.setattr(cardlaw.proofs.core, "solve", counted)
    problem = Problem(premise=[x >= 0, x <= 9], claim=[x >= 0, x <= 9, x != 5])
    assert verdict(problem).status == "refuted"
    assert asked == [2, 3, 3, 3]  # the premise, then each part until one fails
    asked.clear()
    assert verdict(problem, joint=True).status == "refuted"
    assert asked == [2, 3]  # the premise, then whether any part fails


def _pid(_: object) -> int:
    return os.getpid()


def _die(_: object) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return 0


def test_every_task_runs_in_a_fork_of_its_own_and_the_worker_runs_none() -> None:
    with fresh_processes(2) as pool:
        workers = set(pool.map(_pid, range(4)))
        forked = list(pool.map(partial(in_fork, _pid), range(12)))
    assert len(set(forked)) == 12  # a process of its own each
    assert not set(forked) & workers


def test_a_fork_that_dies_is_an_error_never_a_result() -> None:
    with pytest.raises(ForkFailed, match="without a result"):
        in_fork(_die, None)
    with pytest.raises(ZeroDivisionError):
        in_fork(partial(divmod, 1), 0)
