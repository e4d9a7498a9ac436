"""What is tied to what: every engine function that enforces a rule, and what holds it to the model.

An engine function tagged ``@enforces`` (:data:`spec.trace.ENFORCEMENT`) is
*covered* when some obligation names it among the engine functions it holds
to the model (:attr:`proofs.core.Obligation.engine`: a link compares it case
by case, a proof replays its witness through it), and *left out* when its
game lists it, with the reason, in ``proofs/<game>/coverage.py``'s ``EXEMPT``
(or :data:`GENERIC_EXEMPT` for the engine's shared code).  A function that
is neither is *unmodelled*: ``cardlaw verify`` fails, naming it, because
nothing that enforces a rule may be silently left out.

>>> from cardlaw.proofs.core import claim, Problem
>>> import z3
>>> ob = claim("demo.x", "x", ("demo.rule",), lambda p: Problem([], z3.BoolVal(True)), {},
...            engine=("engine.demo.play",))
>>> rows = coverage({"engine.demo.play": ("demo.rule",), "engine.demo.show": ("demo.see",)},
...                 [ob], {"demo.x": 12}, {})
>>> [(r.function, r.covered_by, r.cases, r.status) for r in rows]
[('engine.demo.play', ('demo.x',), 12, 'covered'), ('engine.demo.show', (), 0, 'unmodelled')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from cardlaw.proofs.report_json import CoverageJSON
from cardlaw.spec.trace import ENFORCEMENT

if TYPE_CHECKING:
    from cardlaw.proofs.core import Obligation

__all__ = ["GENERIC_EXEMPT", "Coverage", "coverage", "enforcing"]

GENERIC_EXEMPT: Final[Mapping[str, str]] = {
    "engine.record.check_record": (
        "the form of a record file (spec.schema), not a rule of play; every record the "
        "proofs' witnesses make is read back through it"
    ),
    "engine.record.replay_record": (
        "replays a record through the Game API, whose every step the trace links check; the "
        "proofs' whole-game witnesses are replayed through it"
    ),
    **{
        f"spec.{package}.config.{name}Config.__post_init__": (
            "the configuration's check of its own fields (player counts, variant flags, rule "
            "parameters): it decides which games exist, not a step of one; every configuration "
            "the proofs and the traces use is built through it"
        )
        for package, name in (
            ("divide", "Divide"),
            ("divided_ranks", "DividedRanks"),
            ("euchre", "Euchre"),
            ("split", "Split"),
        )
    },
}
"""The engine's shared functions (and the configurations' checks) no obligation models, and why."""


@dataclass(frozen=True, slots=True)
class Coverage:
    """One tagged engine function: its clauses, and what holds it to the model (or why nothing)."""

    function: str
    clauses: tuple[str, ...]
    covered_by: tuple[str, ...]
    """The obligations that name it among their engine functions."""
    cases: int
    """Cases those obligations checked one by one (links and exhaustive checks)."""
    reason: str
    """Why it is left out, when it is (empty otherwise)."""

    @property
    def status(self) -> Literal["covered", "left out", "unmodelled"]:
        """``covered``, ``left out`` (with a reason) or ``unmodelled`` (a defect)."""
        if self.covered_by:
            return "covered"
        return "left out" if self.reason else "unmodelled"

    def to_json(self) -> CoverageJSON:
        """The row as the JSON report lists it."""
        return {
            "function": self.function,
            "clauses": list(self.clauses),
            "status": self.status,
            "covered_by": list(self.covered_by),
            "cases": self.cases,
            "reason": self.reason or None,
        }


def enforcing(prefixes: Iterable[str] | None = None) -> dict[str, tuple[str, ...]]:
    """Every tagged function (of modules starting with one of ``prefixes``) and its clauses.

    The games and their proofs must have been imported (their tags are
    registered when their modules load): :mod:`proofs.registry` does it.
    """
    wanted = tuple(prefixes) if prefixes is not None else None
    found: dict[str, list[str]] = {}
    for clause, functions in ENFORCEMENT.items():
        if clause.startswith("demo."):
            continue
        for function in functions:
            if wanted is None or function.startswith(wanted):
                found.setdefault(function, []).append(clause)
    return {function: tuple(clauses) for function, clauses in sorted(found.items())}


def coverage(
    functions: Mapping[str, tuple[str, ...]],
    obligations: Iterable[Obligation],
    cases: Mapping[str, int],
    exempt: Mapping[str, str],
) -> list[Coverage]:
    """The coverage of each of ``functions`` by ``obligations`` (whose ``cases`` were checked).

    ``exempt`` gives the reasons for functions left out.
    """
    by_function: dict[str, list[str]] = {}
    for ob in obligations:
        for function in ob.engine:
            by_function.setdefault(function, []).append(ob.id)
    rows = []
    for function, clauses in functions.items():
        covering = tuple(by_function.get(function, ()))
        rows.append(
            Coverage(
                function,
                clauses,
                covering,
                sum(cases.get(oid, 0) for oid in covering),
                "" if covering else exempt.get(function, GENERIC_EXEMPT.get(function, "")),
            )
        )
    return rows
