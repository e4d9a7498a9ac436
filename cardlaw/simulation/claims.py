"""A document's figures against our measurements: each claim gets a verdict and a reason.

The verdict rule (a ruling of ``cardlaw simulate``, see :func:`verdict`):

* a **figure** ("about 59%", "50.3%", "three times in four") is
  ``consistent`` when the document's value lies in our 95% interval,
  otherwise ``inconsistent``;
* a **bound** ("more than a third") is ``consistent`` when the whole 95%
  interval lies on the claimed side; otherwise ``inconsistent``, and the
  reason says whether the interval lies wholly on the other side (the data
  contradict the claim) or straddles the bound (the data do not support it
  at this ``n``);
* ``not-comparable`` when our measurement does not measure what the
  document claims (another variant, another bot, another quantity); the
  reason says why.  A claim with no observations is not comparable either.

>>> from cardlaw.simulation.stats import wilson
>>> verdict(Figure(0.59), wilson(600, 1000))
('consistent', "the document's 59.0% lies in the 95% interval [56.9%, 63.0%]")
>>> verdict(Bound(1 / 3, above=True), wilson(245, 1000))[0]
'inconsistent'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from cardlaw.simulation.stats import Estimate, Statistic

__all__ = ["Bound", "Claim", "Figure", "Report", "Target", "Verdict", "verdict"]

Verdict: TypeAlias = Literal["consistent", "inconsistent", "not-comparable"]


@dataclass(frozen=True, slots=True)
class Figure:
    """A document's figure: one value it states (a proportion)."""

    value: float


@dataclass(frozen=True, slots=True)
class Bound:
    """A document's bound: "more than" (``above``) or "less than" ``value``."""

    value: float
    above: bool


Target: TypeAlias = Figure | Bound


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def verdict(target: Target, measured: Estimate, not_comparable: str = "") -> tuple[Verdict, str]:
    """The verdict on a claim and its reason; ``not_comparable`` is the reason it is not.

    >>> from cardlaw.simulation.stats import wilson
    >>> verdict(Figure(0.5), wilson(0, 0))
    ('not-comparable', 'no observations')
    >>> verdict(Bound(1 / 3, above=True), wilson(340, 1000))[1]
    'the 95% interval [31.1%, 37.0%] straddles 33.3%: not supported at this n'
    >>> verdict(Figure(0.5), wilson(5, 10), "another variant")
    ('not-comparable', 'another variant')
    """
    if not_comparable:
        return "not-comparable", not_comparable
    if measured.n == 0 or math.isnan(measured.value):
        return "not-comparable", "no observations"
    ci = f"[{_pct(measured.low)}, {_pct(measured.high)}]"
    if isinstance(target, Figure):
        if measured.low <= target.value <= measured.high:
            return (
                "consistent",
                f"the document's {_pct(target.value)} lies in the 95% interval {ci}",
            )
        return (
            "inconsistent",
            f"the document's {_pct(target.value)} lies outside the 95% interval {ci}",
        )
    side = "above" if target.above else "below"
    low, high = measured.low, measured.high
    if (low > target.value) if target.above else (high < target.value):
        return "consistent", f"the whole 95% interval {ci} lies {side} {_pct(target.value)}"
    if (high < target.value) if target.above else (low > target.value):
        other = "below" if target.above else "above"
        return "inconsistent", f"the whole 95% interval {ci} lies {other} {_pct(target.value)}"
    return (
        "inconsistent",
        f"the 95% interval {ci} straddles {_pct(target.value)}: not supported at this n",
    )


@dataclass(frozen=True, slots=True)
class Claim:
    """A document's claim, our measurement of it and the verdict.

    Attributes:
        claim: the claim in our words.
        document: the document's figure as it states it.
        target: that figure as a value or bound.
        measured: our estimate of it.
        not_comparable: why our measurement does not measure the claim ("" if it does).
        caveat: how our measurement differs from the document's without
            changing what it measures (other bots), added to the reason.
    """

    claim: str
    document: str
    target: Target
    measured: Estimate
    not_comparable: str = ""
    caveat: str = ""

    def to_json(self) -> dict[str, Any]:
        """The claim as JSON: claim, document, measured, ci, n, verdict, reason.

        >>> from cardlaw.simulation.stats import wilson
        >>> Claim("heads", "half", Figure(0.5), wilson(1, 2)).to_json()["verdict"]
        'consistent'
        >>> bent = Claim("heads", "half", Figure(0.5), wilson(1, 2), caveat="a bent coin")
        >>> bent.to_json()["reason"]
        "the document's 50.0% lies in the 95% interval [9.5%, 90.5%] (a bent coin)"
        """
        est = self.measured
        found, reason = verdict(self.target, est, self.not_comparable)
        if self.caveat and found != "not-comparable":
            reason = f"{reason} ({self.caveat})"
        empty = est.n == 0 or math.isnan(est.value)
        return {
            "claim": self.claim,
            "document": self.document,
            "document_value": round(self.target.value, 4),
            "bound": (
                None
                if isinstance(self.target, Figure)
                else "above"
                if self.target.above
                else "below"
            ),
            "measured": None if empty else round(est.value, 4),
            "ci": [None, None] if empty else [round(est.low, 4), round(est.high, 4)],
            "n": est.n,
            "verdict": found,
            "reason": reason,
        }


@dataclass(frozen=True, slots=True)
class Report:
    """What a simulation reports: its statistics and the document's claims."""

    statistics: tuple[Statistic, ...]
    claims: tuple[Claim, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"statistics": [...], "claims": [...]}``."""
        return {
            "statistics": [s.to_json() for s in self.statistics],
            "claims": [c.to_json() for c in self.claims],
        }
