"""``cardlaw ask divided-ranks ...``: questions about Divided Ranks.

* ``census`` — over all 352,716 ten-card holdings: the best build's
  category pair, and how many holdings have more than one best build
  [divided-ranks.ruling.best-build].
"""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from engine.divided_ranks.census import census as run_census
from engine.divided_ranks.evaluate import describe_hand
from spec.cards import CardSet

__all__ = ["app"]

app = typer.Typer(
    help="Questions about Divided Ranks.", no_args_is_help=True, rich_markup_mode=None
)

out = Console(highlight=False, soft_wrap=True)


@app.command()
def census(
    json_output: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Every ten-card holding's best build: category pairs and ties."""
    start = time.perf_counter()
    result = run_census()
    seconds = time.perf_counter() - start
    data = result.to_json()
    if json_output:
        out.print_json(json.dumps({**data, "seconds": round(seconds, 3)}))
        return
    total = result.holdings
    table = Table(title=f"Best builds of all {total:,} ten-card holdings (126 builds each)")
    table.add_column("weaker hand")
    table.add_column("stronger hand")
    table.add_column("holdings", justify="right")
    table.add_column("share", justify="right")
    for row in data["best_build_categories"]:
        n = row["holdings"]
        table.add_row(row["weaker"], row["stronger"], f"{n:,}", f"{100 * n / total:.1f}%")
    out.print(table)
    out.print(
        f"Exactly one best build: {result.unique:,} holdings "
        f"({100 * result.unique / total:.1f}%); more than one: {result.several:,} "
        f"({100 * result.several / total:.1f}%)."
    )
    counts = ", ".join(f"{k}: {v:,}" for k, v in sorted(result.best_counts.items()))
    out.print(f"Holdings by number of best builds — {counts}.")
    if result.several_rank_splits:
        out.print(
            f"{result.several_rank_splits:,} holdings have best builds that differ in ranks, "
            "not only by exchanging cards of equal rank."
        )
    else:
        out.print(
            "Best builds that tie always differ only by exchanging cards of equal rank between "
            "the two hands."
        )
    example = result.example_several
    if example:
        builds = data["example_several"]["best_builds"]
        weaker, stronger = builds[0]
        out.print(
            f"Example: {CardSet(example)} has {len(builds)} best builds, e.g. "
            f"{weaker} ({describe_hand(CardSet(weaker).mask)}) / "
            f"{stronger} ({describe_hand(CardSet(stronger).mask)})."
        )
    out.print(f"({result.classes:,} arrangement classes searched in {seconds:.2f} s)")
