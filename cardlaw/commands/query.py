"""``cardlaw query GAME 'EXPRESSION'``: what can ever happen, answered by Z3.

See :mod:`proofs.query` for the expression language.  Each solver call runs
under ``--budget`` Z3 resource units (deterministic: the same answer on any
machine, however loaded); ``--time-limit`` adds an optional wall-clock guard.
Exit 0 with an answer (yes, no, an optimum — or ``unknown (budget)`` /
``unknown (time limit)`` when one runs out), 2 for a malformed query.
"""

from __future__ import annotations

import json
from typing import Annotated, Final

import typer

from cardlaw.options import JsonFlag, SetOption, rule_changes

__all__ = ["QUERY_BUDGET", "register"]

QUERY_BUDGET: Final = 200_000_000
"""The ``--budget`` default: :data:`proofs.budget.QUERY_BUDGET`, stated again here so that
defining the command does not load Z3 (``tests/cli/test_startup.py`` checks the two agree)."""


def query(
    game: Annotated[str, typer.Argument(help="The game.")],
    expression: Annotated[
        str | None,
        typer.Argument(help="exists|forall|maximize|minimize DOMAIN: EXPRESSION [where CONDITION]"),
    ] = None,
    list_domains: Annotated[
        bool, typer.Option("--list", help="List the game's domains and their quantities.")
    ] = False,
    budget: Annotated[
        int,
        typer.Option(metavar="UNITS", help="Z3 resource units per solver call (deterministic)."),
    ] = QUERY_BUDGET,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            metavar="SECONDS",
            help="Optional wall-clock guard, seconds for the whole answer (default: none).",
        ),
    ] = None,
    sets: SetOption = None,
    json_output: JsonFlag = False,
) -> None:
    """Ask whether something can ever happen in a game, or how far it can go.

    ``--set`` asks it under changed rule parameters.
    """
    # Deferred for start-up: the proofs (and Z3, and rich) load only when a query runs.
    from rich.console import Console  # noqa: PLC0415

    from proofs.query import answer  # noqa: PLC0415
    from proofs.registry import domains  # noqa: PLC0415

    table = domains(game, rule_changes(sets) or None)
    out = Console(highlight=False, soft_wrap=True)
    if list_domains or expression is None:
        for domain in table.values():
            options = ", ".join(f"{k}={'|'.join(map(str, v))}" for k, v in domain.options.items())
            instance = domain.build({k: v[0] for k, v in domain.options.items()})
            out.print(
                f"{domain.name}" + (f" ({options})" if options else "") + f": {domain.description}",
                markup=False,
            )
            for name, text in instance.descriptions.items():
                out.print(f"    {name} — {text}", markup=False)
        return
    result = answer(expression, table, budget=budget, time_limit=time_limit)
    if json_output:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return
    headline = {
        "yes": "yes",
        "no": "no",
        "unknown": f"unknown ({result.reason})",
        "optimum": f"{result.value}",
        "unbounded": "unbounded",
    }[result.verdict]
    proof = " (proven)" if result.proven and result.verdict in ("yes", "no", "optimum") else ""
    out.print(f"{headline}{proof}: {result.explanation}", markup=False)
    if result.witness:
        out.print(f"  {result.witness}", markup=False)


def register(app: typer.Typer) -> None:
    """Add ``cardlaw query``."""
    app.command(name="query")(query)
