"""``cardlaw query GAME 'EXPRESSION'``: what can ever happen, answered by Z3.

See :mod:`proofs.query` for the expression language.  Each solver call runs
under ``--budget`` Z3 resource units (deterministic: the same answer on any
machine, however loaded); ``--time-limit`` adds an optional wall-clock guard.
Exit 0 with an answer (yes, no, an optimum — or ``unknown (budget)`` /
``unknown (time limit)`` when one runs out), 2 for a malformed query.
"""

from __future__ import annotations

import json
from typing import Final

import click

from cardlaw.options import json_flag, rule_changes, set_option
from cardlaw.usage import argument, make_command
from cardlaw.values import INT

__all__ = ["QUERY_BUDGET", "command", "query"]

QUERY_BUDGET: Final = 200_000_000
"""The ``--budget`` default: :data:`proofs.budget.QUERY_BUDGET`, stated again here so that
defining the command does not load Z3 (``tests/cli/test_startup.py`` checks the two agree)."""


@argument("game", help="The game.")
@argument(
    "expression",
    required=False,
    help="exists|forall|maximize|minimize DOMAIN: EXPRESSION [where CONDITION]",
)
@click.option(
    "--list", "list_domains", is_flag=True, help="List the game's domains and their quantities."
)
@click.option(
    "--budget",
    type=INT,
    default=QUERY_BUDGET,
    metavar="UNITS",
    help="Z3 resource units per solver call (deterministic).",
)
@click.option(
    "--time-limit",
    type=float,
    metavar="SECONDS",
    help="Optional wall-clock guard, seconds for the whole answer (default: none).",
)
@set_option
@json_flag
def query(
    game: str,
    expression: str | None,
    list_domains: bool,
    budget: int,
    time_limit: float | None,
    sets: tuple[str, ...],
    json_output: bool,
) -> None:
    """Ask whether something can ever happen in a game, or how far it can go.

    ``--set`` asks it under changed rule parameters.
    """
    # Deferred for start-up: the proofs (and Z3, and rich) load only when a query runs.
    from rich.console import Console  # noqa: PLC0415

    from cardlaw.proofs.query import answer  # noqa: PLC0415
    from cardlaw.proofs.registry import domains  # noqa: PLC0415

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


command = make_command("query")(query)
"""``cardlaw query``."""
