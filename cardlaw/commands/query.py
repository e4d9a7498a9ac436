"""``cardlaw query GAME 'EXPRESSION'``: what can ever happen, answered by Z3.

See :mod:`proofs.query` for the expression language.  Exit 0 with an answer
(yes, no, an optimum — or unknown within the time limit), 2 for a malformed
query.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console

from proofs.query import answer
from proofs.registry import domains

__all__ = ["register"]


def query(
    game: Annotated[str, typer.Argument(help="The game.")],
    expression: Annotated[
        str | None,
        typer.Argument(help="exists|forall|maximize|minimize DOMAIN: EXPRESSION [where CONDITION]"),
    ] = None,
    list_domains: Annotated[
        bool, typer.Option("--list", help="List the game's domains and their quantities.")
    ] = False,
    timeout: Annotated[float, typer.Option(min=0.1, help="Seconds per solver call.")] = 10.0,
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Ask whether something can ever happen in a game, or how far it can go."""
    table = domains(game)
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
    result = answer(expression, table, timeout_ms=int(timeout * 1000))
    if json_output:
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return
    headline = {
        "yes": "yes",
        "no": "no",
        "unknown": "unknown",
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
