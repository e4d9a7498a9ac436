"""``cardlaw ask divided-ranks ...``: questions about Divided Ranks.

* ``compare "10S JD QH KH AD" "10C JK QS KD AH"`` — which five-card hand is
  stronger, and why: the categories, the card-for-card order, the Joker rule
  [divided-ranks.hands.categories, divided-ranks.ruling.card-for-card,
  divided-ranks.hands.joker-tiebreak];
* ``arrange 10S 10H JS JH QS QH KC KD AC AD`` — the best build of ten cards,
  every build tied with it, and why [divided-ranks.ruling.best-build];
* ``showdown "AS AH AD KS KH / QS QH QD JS JH" "..."`` — two players' builds
  compared in the scoring's four steps [divided-ranks.score.order];
* ``split --drawn "AS AH 10C JK" --up "AS AH" --down "10C JK"`` — is this a
  legal split of the four cards drawn, and why [divided-ranks.draft.split];
  ``--hand`` the splitter's cards so far;
* ``census`` — over all 352,716 ten-card holdings: the best build's
  category pair, and how many holdings have more than one best build
  [divided-ranks.ruling.best-build]; ``--scheduler ADDRESS`` solves it in
  parts on a Dask cluster (:mod:`cardlaw.cluster`), with the same answer;
* ``legal --position F [--action A]`` (added by ``cardlaw ask`` for every
  game with positions) — see :mod:`engine.divided_ranks.position`.

Every answer has ``--json``.  A card given twice, a card outside the 21-card
pack or a wrong number of cards is one line on stderr and exit code 2.

Every question takes ``--set NAME=VALUE`` too.  ``legal`` judges its
position under the changed rules; ``compare``, ``arrange``, ``showdown`` and
``census`` check them (a bad one is exit code 2) and answer as before, since
the hands, the builds and the scoring never depend on the draft's rounds,
pair size or reserve turns (:mod:`spec.divided_ranks.parameters`).
"""

from __future__ import annotations

import json
import time
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Final

import click
from rich.console import Console
from rich.table import Table

from cardlaw.answers import divided_ranks as answers
from cardlaw.ask import print_answer
from cardlaw.cluster import lone_scheduler_option
from cardlaw.engine.divided_ranks.evaluate import describe_hand
from cardlaw.options import game_config, json_flag, set_option
from cardlaw.output import print_table
from cardlaw.progress import Bar, progress, quiet_flag
from cardlaw.spec.cards import CardSet
from cardlaw.usage import argument, make_command

if TYPE_CHECKING:
    from cardlaw.engine.divided_ranks.census import Census, Tally

__all__ = ["COMMANDS"]

out = Console(highlight=False, soft_wrap=True)


def _check_sets(sets: tuple[str, ...]) -> None:
    """Check ``--set``: the answers below depend on no rule parameter, but a bad one is an error."""
    game_config("divided-ranks", None, [], sets)


@argument("first", metavar="HAND", help='The first hand, e.g. "10S JD QH KH AD".')
@argument("second", metavar="HAND", help='The second hand, e.g. "10C JK QS KD AH".')
@set_option
@json_flag
def compare(first: str, second: str, sets: tuple[str, ...], json_output: bool) -> None:
    """Which of two five-card hands is stronger, and why."""
    _check_sets(sets)
    print_answer(answers.compare(first, second), json_output)


@argument(
    "cards", nargs=-1, metavar="CARD", help="Ten cards, e.g. 10S 10H JS JH QS QH KC KD AC AD."
)
@set_option
@json_flag
def arrange(cards: tuple[str, ...], sets: tuple[str, ...], json_output: bool) -> None:
    """The best way to divide ten cards into two hands, every tie, and why."""
    _check_sets(sets)
    print_answer(answers.arrange(" ".join(cards)), json_output)


@argument("first", metavar="BUILD", help='Seat 0\'s build, e.g. "AS AH AD KS KH / QS QH QD JS JH".')
@argument("second", metavar="BUILD", help="Seat 1's build, the same way.")
@set_option
@json_flag
def showdown(first: str, second: str, sets: tuple[str, ...], json_output: bool) -> None:
    """Who wins when two builds are shown, in the scoring's four steps."""
    _check_sets(sets)
    print_answer(answers.showdown(first, second), json_output)


def _part(bounds: tuple[int, int]) -> Tally:
    """The census of one run of classes (a task on a cluster's worker)."""
    from cardlaw.engine.divided_ranks.census import tally  # noqa: PLC0415  (here only)

    return tally(*bounds)


def _census(scheduler: str | None, quiet: bool) -> Census:
    """The census cut into runs of classes, solved here or each on a worker of ``scheduler``.

    The runs are tallied in order and combined: the same census as in one run.
    """
    from cardlaw.engine.divided_ranks.census import class_count, combine  # noqa: PLC0415

    total = class_count()
    runs = 40
    if scheduler:
        from cardlaw.cluster import backend  # noqa: PLC0415  (Dask only when asked for)

        with backend(scheduler, 1) as where:
            runs = 4 * where.slots
            bounds = _runs(total, runs)
            with _progress(bounds, quiet) as bar:
                return combine(where.map(_part, bounds, lambda part: bar.advance()))
    bounds = _runs(total, runs)
    with _progress(bounds, quiet) as bar:
        parts = []
        for run in bounds:
            parts.append(_part(run))
            bar.advance()
        return combine(parts)


def _runs(total: int, count: int) -> list[tuple[int, int]]:
    """``range(total)`` cut into about ``count`` runs, in order."""
    size = -(-total // count)
    return [(i, min(total, i + size)) for i in range(0, total, size)]


def _progress(bounds: list[tuple[int, int]], quiet: bool) -> AbstractContextManager[Bar]:
    """The census's progress: runs of classes done, and the run being solved."""
    names = [f"classes {start + 1:,}–{stop:,}" for start, stop in bounds]
    return progress("census", items=names, unit="runs of classes", quiet=quiet)


@set_option
@lone_scheduler_option
@json_flag
@quiet_flag
def census(sets: tuple[str, ...], scheduler: str | None, json_output: bool, quiet: bool) -> None:
    """Every ten-card holding's best build: category pairs and ties."""
    _check_sets(sets)
    start = time.perf_counter()
    result = _census(scheduler, quiet)
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
    print_table(table, out)
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


@click.option(
    "--drawn", required=True, metavar="CARDS", help='The four cards drawn, e.g. "AS AH 10C JK".'
)
@click.option("--up", metavar="CARDS", help="The cards laid face up.")
@click.option("--down", metavar="CARDS", help="The cards laid face down.")
@click.option("--hand", metavar="CARDS", help="The splitter's cards so far (none: round 1).")
@set_option
@json_flag
def split(
    drawn: str,
    up: str | None,
    down: str | None,
    hand: str | None,
    sets: tuple[str, ...],
    json_output: bool,
) -> None:
    """Is this split legal here: do the face-up and face-down cards divide the four drawn."""
    rules = game_config("divided-ranks", None, [], sets)[1].rules
    print_answer(answers.split(drawn, up or "", down or "", hand or "", rules), json_output)


COMMANDS: Final = (
    make_command("compare")(compare),
    make_command("arrange")(arrange),
    make_command("showdown")(showdown),
    make_command("split")(split),
    make_command("census")(census),
)
"""The questions of ``cardlaw ask divided-ranks``, in the order its ``--help`` lists them."""
