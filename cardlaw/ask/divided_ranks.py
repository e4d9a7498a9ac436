"""``cardlaw ask divided-ranks ...``: questions about Divided Ranks.

* ``compare "10S JD QH KH AD" "10C JK QS KD AH"`` — which five-card hand is
  stronger, and why: the categories, the card-for-card order, the Joker rule
  [divided-ranks.hands.categories, divided-ranks.ruling.card-for-card,
  divided-ranks.hands.joker-tiebreak];
* ``arrange 10S 10H JS JH QS QH KC KD AC AD`` — the best build of ten cards,
  every build tied with it, and why [divided-ranks.ruling.best-build];
* ``showdown "AS AH AD KS KH / QS QH QD JS JH" "..."`` — two players' builds
  compared in the scoring's four steps [divided-ranks.score.order];
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
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from cardlaw.cluster import LoneSchedulerOption
from cardlaw.commands.ask import print_explanation
from cardlaw.options import JsonFlag, SetOption, game_config
from cardlaw.output import print_table
from cardlaw.progress import Bar, QuietFlag, progress
from engine.divided_ranks.arrange import build_value
from engine.divided_ranks.evaluate import category, compare_hands, describe_hand, hand_order
from engine.divided_ranks.explain import (
    check_hand,
    explain_arrange,
    explain_compare,
    explain_showdown,
    lined_up,
)
from engine.divided_ranks.game import DIVIDED_RANKS
from engine.divided_ranks.scoring import decide
from spec.cards import Card, CardSet
from spec.divided_ranks.constants import HOLDING_SIZE, PACK_MASK
from spec.errors import CardlawError, MalformedInput

if TYPE_CHECKING:
    from engine.divided_ranks.census import Census, Tally

__all__ = ["app"]

app = typer.Typer(
    help="Questions about Divided Ranks.", no_args_is_help=True, rich_markup_mode=None
)

out = Console(highlight=False, soft_wrap=True)


def _cards(text: str, what: str) -> int:
    """The cards named in ``text`` (spaces or commas between them), as a mask."""
    mask = 0
    for token in text.replace(",", " ").split():
        try:
            card = Card(token)
        except CardlawError as error:
            raise MalformedInput(f"{what}: {error}") from None
        if not PACK_MASK >> card & 1:
            raise MalformedInput(
                f"{what}: {card} is not in the 21-card pack (10 to A of each suit, and JK)"
            )
        if mask >> card & 1:
            raise MalformedInput(f"{what}: {card} is given twice")
        mask |= 1 << card
    return mask


def _hand(text: str, what: str) -> int:
    mask = _cards(text, what)
    check_hand(mask, what)
    return mask


def _disjoint(masks: list[tuple[int, str]]) -> None:
    seen, where = 0, ""
    for mask, what in masks:
        if seen & mask:
            shared = CardSet(seen & mask)
            raise MalformedInput(
                f"{shared} is in both {where} and {what}: one pack has one of each card"
            )
        seen, where = seen | mask, what


def _check_sets(sets: list[str] | None) -> None:
    """Check ``--set``: the answers below depend on no rule parameter, but a bad one is an error."""
    game_config("divided-ranks", None, [], sets)


def _hand_json(mask: int) -> dict[str, object]:
    return {
        "cards": str(CardSet(mask)),
        "category": category(mask).label,
        "card_for_card": list(hand_order(mask)),
    }


@app.command()
def compare(
    first: Annotated[
        str, typer.Argument(metavar="HAND", help='The first hand, e.g. "10S JD QH KH AD".')
    ],
    second: Annotated[
        str, typer.Argument(metavar="HAND", help='The second hand, e.g. "10C JK QS KD AH".')
    ],
    sets: SetOption = None,
    json_output: JsonFlag = False,
) -> None:
    """Which of two five-card hands is stronger, and why."""
    _check_sets(sets)
    a, b = _hand(first, "the first hand"), _hand(second, "the second hand")
    _disjoint([(a, "the first hand"), (b, "the second hand")])
    answer = explain_compare(a, b)
    result = compare_hands(a, b)
    print_explanation(
        answer,
        DIVIDED_RANKS,
        json_output,
        stronger={1: "first", -1: "second", 0: None}[result],
        hands=[_hand_json(a), _hand_json(b)],
    )


@app.command()
def arrange(
    cards: Annotated[
        list[str],
        typer.Argument(metavar="CARD", help="Ten cards, e.g. 10S 10H JS JH QS QH KC KD AC AD."),
    ],
    sets: SetOption = None,
    json_output: JsonFlag = False,
) -> None:
    """The best way to divide ten cards into two hands, every tie, and why."""
    _check_sets(sets)
    holding = _cards(" ".join(cards), "the ten cards")
    if holding.bit_count() != HOLDING_SIZE:
        raise MalformedInput(f"a build divides {HOLDING_SIZE} cards, not {holding.bit_count()}")
    answer, builds = explain_arrange(holding)
    print_explanation(
        answer,
        DIVIDED_RANKS,
        json_output,
        best_builds=[
            {"weaker": _hand_json(weaker), "stronger": _hand_json(stronger)}
            for weaker, stronger in builds
        ],
    )
    if not json_output and len(builds) > 1:
        out.print(f"All {len(builds)} best builds (weaker / stronger):", markup=False)
        for weaker, stronger in builds:
            out.print(f"  {lined_up(weaker)} / {lined_up(stronger)}", markup=False)


def _build(text: str, seat: int) -> tuple[int, int]:
    left, slash, right = text.partition("/")
    if not slash:
        raise MalformedInput(
            f"seat {seat}'s build must be two hands separated by '/', like "
            '"AS AH AD KS KH / QS QH QD JS JH"'
        )
    one = _hand(left, f"seat {seat}'s first hand")
    two = _hand(right, f"seat {seat}'s second hand")
    _disjoint([(one, f"seat {seat}'s first hand"), (two, f"seat {seat}'s second hand")])
    return one, two


@app.command()
def showdown(
    first: Annotated[
        str,
        typer.Argument(
            metavar="BUILD", help='Seat 0\'s build, e.g. "AS AH AD KS KH / QS QH QD JS JH".'
        ),
    ],
    second: Annotated[str, typer.Argument(metavar="BUILD", help="Seat 1's build, the same way.")],
    sets: SetOption = None,
    json_output: JsonFlag = False,
) -> None:
    """Who wins when two builds are shown, in the scoring's four steps."""
    _check_sets(sets)
    zero, one = _build(first, 0), _build(second, 1)
    _disjoint([(zero[0] | zero[1], "seat 0's build"), (one[0] | one[1], "seat 1's build")])
    answer = explain_showdown((zero, one))
    winner, decided_by = decide(build_value(*zero), build_value(*one))
    print_explanation(answer, DIVIDED_RANKS, json_output, winner=winner, decided_by=decided_by)


def _part(bounds: tuple[int, int]) -> Tally:
    """The census of one run of classes (a task on a cluster's worker)."""
    from engine.divided_ranks.census import tally  # noqa: PLC0415  (here only)

    return tally(*bounds)


def _census(scheduler: str | None, quiet: bool) -> Census:
    """The census cut into runs of classes, solved here or each on a worker of ``scheduler``.

    The runs are tallied in order and combined: the same census as in one run.
    """
    from engine.divided_ranks.census import class_count, combine  # noqa: PLC0415

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


@app.command()
def census(
    sets: SetOption = None,
    scheduler: LoneSchedulerOption = None,
    json_output: JsonFlag = False,
    quiet: QuietFlag = False,
) -> None:
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
