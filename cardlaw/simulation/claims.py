"""A document's figures against our measurements: each claim gets one of three verdicts.

The verdict rule (a ruling of ``cardlaw simulate``, see :func:`verdict` and
``docs/simulate.rst``):

* a **figure** ("about 59%", "three times in four") is compared with our 95%
  interval.  Where the document gives its own number of games ("50.3% over 450
  games") its figure is a measurement too, and the two are compared by the 95%
  interval of their difference (Newcombe's method, from the two Wilson
  intervals).  **refuted** when the document's figure lies outside the interval
  (the difference's interval excludes 0); **confirmed** when it lies inside and
  the interval is no wider than :data:`RESOLUTION` either side; **undecided**
  when it lies inside an interval too wide to tell, with about how many games
  would make it narrow enough;
* a **bound** ("more than a third") is **confirmed** when the whole interval
  lies on the claimed side, **refuted** when it lies wholly on the other side,
  and **undecided** when it straddles the bound, with about how many games
  would settle it at the measured value.

A claim is measured only by a run under the conditions it is about (its
variant, and for a claim about one bot, that bot); every verdict names the bots
that played.

>>> from cardlaw.simulation.stats import wilson
>>> verdict(Figure(0.59), wilson(6000, 10_000)).verdict
'refuted'
>>> verdict(Figure(0.59), wilson(600, 1000)).reason
"the document's 59.0% lies in the 95% interval [56.9%, 63.0%]"
>>> verdict(Bound(1 / 3, above=True), wilson(340, 1000)).verdict
'undecided'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal, TypeAlias, TypedDict

from cardlaw.simulation.stats import Estimate, Statistic, StatisticJSON, wilson

if TYPE_CHECKING:
    from cardlaw.engine.api import AnyGame
    from cardlaw.sampling import AnyPlayout

__all__ = [
    "RESOLUTION",
    "VERDICTS",
    "Bound",
    "Claim",
    "ClaimJSON",
    "Facts",
    "Figure",
    "Judgement",
    "Report",
    "ReportJSON",
    "Statistics",
    "Target",
    "Verdict",
    "verdict",
]

Verdict: TypeAlias = Literal["confirmed", "refuted", "undecided"]

VERDICTS: Final[tuple[Verdict, ...]] = ("confirmed", "refuted", "undecided")
"""The three verdicts a claim can get."""

RESOLUTION: Final = 0.05
"""How close a figure is told: a figure in an interval wider than 5 percentage points
either side is undecided (the document's comparisons step by about that much: +5
against +9, 87% against 67%)."""


@dataclass(frozen=True, slots=True)
class Figure:
    """A document's figure: one value it states (a proportion).

    ``sample`` is the document's own number of games behind it, where it gives one.
    """

    value: float
    sample: int | None = None


@dataclass(frozen=True, slots=True)
class Bound:
    """A document's bound: "more than" (``above``) or "less than" ``value``."""

    value: float
    above: bool


Target: TypeAlias = Figure | Bound


@dataclass(frozen=True, slots=True)
class Judgement:
    """A verdict and its reason.

    For an undecided claim ``games`` is about how many games would settle it (``None``
    when no number of games would, and for the other verdicts).
    """

    verdict: Verdict
    reason: str
    games: int | None = None


def _pct(value: float) -> str:
    """A proportion in per cent, from the four places a report stores.

    So a reason quotes an interval exactly as the report's ``ci`` shows it.
    """
    return f"{100 * round(value, 4):.1f}%"


def _points(value: float) -> str:
    return f"{100 * value:+.1f}"


def _games(n: int, half: float, needed: float) -> int:
    """About how many games bring an interval of ``half`` at ``n`` games down to ``needed``."""
    return max(n + 1, math.ceil(n * (half / needed) ** 2))


def _figure(target: Figure, measured: Estimate) -> Judgement:
    p, low, high, n = measured.value, measured.low, measured.high, measured.n
    ci = f"[{_pct(low)}, {_pct(high)}]"
    said = f"the document's {_pct(target.value)}"
    if target.sample is None:
        if not low <= target.value <= high:
            return Judgement("refuted", f"{said} lies outside the 95% interval {ci}")
        half = (high - low) / 2
        if half <= RESOLUTION:
            return Judgement("confirmed", f"{said} lies in the 95% interval {ci}")
        games = _games(n, half, RESOLUTION)
        return Judgement(
            "undecided",
            f"{said} lies in the 95% interval {ci}, too wide to tell (more than "
            f"±{100 * RESOLUTION:.0f} points): about {games:,} games would settle it",
            games,
        )
    theirs = wilson(round(target.value * target.sample), target.sample)
    v = target.value
    d = p - v
    lower = d - math.hypot(p - low, theirs.high - v)
    upper = d + math.hypot(high - p, v - theirs.low)
    said = f"{said} over its {target.sample:,} games"
    diff = f"[{_points(lower)}, {_points(upper)}] points"
    if lower > 0 or upper < 0:
        return Judgement(
            "refuted",
            f"{said} and ours differ: the 95% interval of the difference, {diff}, excludes 0",
        )
    half = (upper - lower) / 2
    if half <= RESOLUTION:
        return Judgement(
            "confirmed",
            f"{said} and ours agree: the 95% interval of the difference, {diff}, holds 0",
        )
    ours, doc = (high - low) / 2, (theirs.high - theirs.low) / 2
    if doc >= RESOLUTION:
        return Judgement(
            "undecided",
            f"{said} and ours agree, the difference's 95% interval {diff} holding 0, but the "
            "document's own games leave it too wide to tell: no number of ours would settle it",
        )
    games = _games(n, ours, math.sqrt(RESOLUTION**2 - doc**2))
    return Judgement(
        "undecided",
        f"{said} and ours agree, the difference's 95% interval {diff} holding 0, but it is too "
        f"wide to tell (more than ±{100 * RESOLUTION:.0f} points): about {games:,} of our games "
        "would settle it",
        games,
    )


def _bound(target: Bound, measured: Estimate) -> Judgement:
    p, low, high, n = measured.value, measured.low, measured.high, measured.n
    ci = f"[{_pct(low)}, {_pct(high)}]"
    side, other = ("above", "below") if target.above else ("below", "above")
    b = _pct(target.value)
    if (low > target.value) if target.above else (high < target.value):
        return Judgement("confirmed", f"the whole 95% interval {ci} lies {side} {b}")
    if (high < target.value) if target.above else (low > target.value):
        return Judgement("refuted", f"the whole 95% interval {ci} lies {other} {b}")
    if p == target.value:
        return Judgement(
            "undecided", f"the 95% interval {ci} straddles {b}, and the measurement is {b} itself"
        )
    edge = p - low if p > target.value else high - p
    games = _games(n, edge, abs(p - target.value))
    return Judgement(
        "undecided",
        f"the 95% interval {ci} straddles {b}: about {games:,} games would settle it",
        games,
    )


def verdict(target: Target, measured: Estimate) -> Judgement:
    """The verdict on a claim, its reason, and the games that would settle it if undecided.

    >>> from cardlaw.simulation.stats import wilson
    >>> verdict(Figure(0.5), wilson(0, 0))
    Judgement(verdict='undecided', reason='no observations', games=None)
    >>> verdict(Bound(1 / 3, above=True), wilson(340, 1000)).reason
    'the 95% interval [31.1%, 37.0%] straddles 33.3%: about 18,531 games would settle it'
    >>> verdict(Figure(0.6, sample=40), wilson(50, 100)).verdict  # too few games to tell
    'undecided'
    >>> verdict(Figure(0.503, sample=450), wilson(4908, 10_000)).reason
    "the document's 50.3% over its 450 games and ours agree: the 95% interval of the \
difference, [-5.8, +3.6] points, holds 0"
    """
    if measured.n == 0 or math.isnan(measured.value):
        return Judgement("undecided", "no observations")
    if isinstance(target, Figure):
        return _figure(target, measured)
    return _bound(target, measured)


class ClaimJSON(TypedDict):
    """A claim as JSON (:meth:`Claim.to_json`)."""

    claim: str
    document: str
    document_value: float
    document_games: int | None
    bound: str | None
    measured: float | None
    ci: list[float | None]
    n: int
    bots: str
    verdict: str
    reason: str
    games_to_settle: int | None


@dataclass(frozen=True, slots=True)
class Claim:
    """A document's claim, our measurement of it, the bots that played, and the verdict.

    Attributes:
        claim: the claim in our words.
        document: the document's figure as it states it.
        target: that figure as a value (with the document's own games) or a bound.
        measured: our estimate of it.
        bots: the bots whose games measured it (``"expert v expert"``).
        caveat: how our measurement differs from the document's without changing
            what it measures, added to the reason.
    """

    claim: str
    document: str
    target: Target
    measured: Estimate
    bots: str
    caveat: str = ""

    def judgement(self) -> Judgement:
        """The verdict, reason and games to settle it, as :func:`verdict` gives them."""
        return verdict(self.target, self.measured)

    def to_json(self) -> ClaimJSON:
        """The claim as JSON: claim, document, measured, ci, n, bots, verdict, reason.

        >>> from cardlaw.simulation.stats import wilson
        >>> Claim("heads", "half", Figure(0.5), wilson(1, 2), "coin v coin").to_json()["verdict"]
        'undecided'
        >>> bent = Claim("heads", "half", Figure(0.5), wilson(500, 1000), "a v a", "a bent coin")
        >>> bent.to_json()["reason"]
        "the document's 50.0% lies in the 95% interval [46.9%, 53.1%] (a bent coin)"
        """
        est = self.measured
        found = self.judgement()
        reason = f"{found.reason} ({self.caveat})" if self.caveat else found.reason
        empty = est.n == 0 or math.isnan(est.value)
        target = self.target
        return {
            "claim": self.claim,
            "document": self.document,
            "document_value": round(target.value, 4),
            "document_games": target.sample if isinstance(target, Figure) else None,
            "bound": None if isinstance(target, Figure) else "above" if target.above else "below",
            "measured": None if empty else round(est.value, 4),
            "ci": [None, None] if empty else [round(est.low, 4), round(est.high, 4)],
            "n": est.n,
            "bots": self.bots,
            "verdict": found.verdict,
            "reason": reason,
            "games_to_settle": found.games,
        }


class ReportJSON(TypedDict):
    """A report as JSON (:meth:`Report.to_json`)."""

    statistics: list[StatisticJSON]
    claims: list[ClaimJSON]


@dataclass(frozen=True, slots=True)
class Report:
    """What a simulation reports: its statistics and the document's claims it measures."""

    statistics: tuple[Statistic, ...]
    claims: tuple[Claim, ...] = ()

    def to_json(self) -> ReportJSON:
        """``{"statistics": [...], "claims": [...]}``."""
        return {
            "statistics": [s.to_json() for s in self.statistics],
            "claims": [c.to_json() for c in self.claims],
        }


Facts: TypeAlias = Mapping[str, object]
"""One game's facts: JSON values by name (each game's module types its own, a ``TypedDict``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Statistics:
    """What a game measures in a simulation.

    Attributes:
        facts: a finished game (the game, its configuration, its playout,
            the bots by seat) reduced to a few JSON facts.
        report: the facts of every game (with the configuration as JSON and
            the bots) turned into statistics and the document's claims.
    """

    facts: Callable[[AnyGame, object, AnyPlayout, Sequence[str]], Facts]
    report: Callable[[Sequence[Facts], Mapping[str, object], Sequence[str]], Report]
