"""``cardlaw simulate --plot DIR``: SVG charts of a simulation's report, drawn with matplotlib.

matplotlib comes from the ``plots`` extra and is imported only here, only
when ``--plot`` is given, so ``cardlaw`` starts without it.  The charts:

* ``<game>-distribution-<n>.svg``: every statistic with a distribution
  (points per round, game length...), as a bar chart of counts;
* ``<game>-<group>.svg``: each group of proportions (win share by seat...),
  with their 95% intervals as error bars (a win share beside chance, 1 in n);
* ``<game>-claims.svg``: each comparable document claim, the document's
  figure against ours with its 95% interval.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardlaw.engine.files import folder, write_file
from cardlaw.simulation.claims import Report
from cardlaw.spec.errors import MalformedInput

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["write_plots"]


def _slug(text: str) -> str:
    """A file-name fragment.

    >>> _slug("Win share by seat!")
    'win-share-by-seat'
    """
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def write_plots(report: Report, directory: Path, game_name: str) -> list[Path]:
    """Write the report's charts into ``directory`` (made if missing); the files written.

    Each chart is drawn in memory, then written safely (:func:`engine.files.write_file`).
    """
    try:
        import matplotlib  # noqa: PLC0415  (only with --plot)

        matplotlib.use("svg")
        import matplotlib.pyplot as plt  # noqa: PLC0415
    except ImportError:
        raise MalformedInput("--plot needs matplotlib: pip install 'cardlaw[plots]'") from None
    folder(directory, what="--plot")
    written: list[Path] = []

    def save(figure: Figure, name: str) -> None:
        path = directory / f"{game_name}-{name}.svg"
        figure.tight_layout()
        drawn = io.BytesIO()
        figure.savefig(drawn, format="svg", metadata={"Date": None})
        plt.close(figure)
        write_file(path, drawn.getvalue(), what="--plot")
        written.append(path)

    stats = [s.to_json() for s in report.statistics]
    for number, stat in enumerate(s for s in stats if "distribution" in s):
        figure, axes = plt.subplots(figsize=(7, 4))
        counts = stat["distribution"]
        axes.bar([int(k) for k in counts], list(counts.values()), color="#4477aa")
        axes.set_title(f"{stat['name']}: mean {stat['value']:.3g} (n = {stat['n']:,})")
        axes.set_xlabel("value")
        axes.set_ylabel("count")
        save(figure, f"distribution-{number}-{_slug(stat['name'])[:40]}")
    groups = dict.fromkeys(s["group"] for s in stats if s.get("group") and s["kind"] != "mean")
    for group in groups:
        members = [s for s in stats if s.get("group") == group and s["value"] is not None]
        if not members:
            continue
        figure, axes = plt.subplots(figsize=(7, 1 + 0.5 * len(members)))
        _bars(
            axes,
            [s["name"] for s in members],
            _known([s["value"] for s in members]),
            [_known(s["ci"]) for s in members],
        )
        if group.startswith("win share"):  # each of n seats (or teams) wins 1 in n by chance
            axes.axvline(1 / len(members), color="#999999", linestyle=":", label="chance")
            axes.legend(loc="lower right")
        axes.set_title(group)
        save(figure, _slug(group))
    claims = [c.to_json() for c in report.claims]
    comparable = [c for c in claims if c["measured"] is not None]
    if comparable:
        figure, axes = plt.subplots(figsize=(8, 1 + 0.6 * len(comparable)))
        labels = [c["claim"][:60] for c in comparable]
        measured = _known([c["measured"] for c in comparable])
        _bars(axes, labels, measured, [_known(c["ci"]) for c in comparable])
        axes.scatter(
            [c["document_value"] for c in comparable],
            range(len(comparable)),
            marker="D",
            color="#cc3311",
            zorder=3,
            label="document",
        )
        axes.legend(loc="lower right")
        axes.set_title("claims: the document (diamond), ours (95% interval)")
        save(figure, "claims")
    return written


def _known(values: Sequence[float | None]) -> list[float]:
    """``values``, every one known (a chart draws only measured figures, which have intervals)."""
    known = [v for v in values if v is not None]
    assert len(known) == len(values), values
    return known


def _bars(axes: Axes, labels: list[str], values: list[float], cis: list[list[float]]) -> None:
    """Horizontal points with 95% interval error bars, one row per label."""
    rows = list(range(len(labels)))
    low = [v - ci[0] for v, ci in zip(values, cis, strict=True)]
    high = [ci[1] - v for v, ci in zip(values, cis, strict=True)]
    axes.errorbar(
        values, rows, xerr=[low, high], fmt="o", color="#4477aa", capsize=4, label="measured"
    )
    axes.set_yticks(rows, labels)
    axes.set_xlim(0, 1)
    axes.invert_yaxis()
