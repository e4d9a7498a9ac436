"""Which of Euchre's rule-enforcing engine functions no obligation holds to the model, and why.

Every function of ``engine/euchre/`` tagged ``@enforces`` is named by some
obligation's ``engine`` (a link that compares it case by case, a trace that
walks it through the Game API, a witness replayed through it), or is listed
here with the reason it is not modelled.  :func:`uncovered` lists those that
are neither; ``tests/proofs/test_euchre_links.py`` requires it to be empty.  Every
module of ``engine/euchre/`` that tags a function is imported first, so the list does not
depend on what else the process imported.

>>> uncovered()
()
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["EXEMPT", "covered", "tagged", "uncovered"]

EXEMPT: Final[Mapping[str, str]] = {
    "engine.euchre.deal.apply_first_dealer": (
        "chance's choice of the first dealer (each seat with probability 1/4, engine.chance); "
        "no encoding models which seat deals first: game_run takes it as a free input, and "
        "every later dealer is held to next_dealer by the traces and euchre.link.course"
    ),
    "engine.euchre.openspiel.judge_log": (
        "a judge of OpenSpiel's logs, not a rule of play: it replays each logged action "
        "through the Game API (whose steps the links and traces cover, euchre.trace.openspiel "
        "under the variant it judges by) and reports where the two rulebooks differ"
    ),
    "engine.euchre.openspiel_export.check_exportable": (
        "a guard of the export to OpenSpiel's log format (which configurations its euchre can "
        "play), not a rule of play; the variant openspiel it asks for is traced by "
        "euchre.trace.openspiel"
    ),
}
"""Tagged engine functions no obligation names, each with why."""


def tagged() -> tuple[str, ...]:
    """The qualified names of ``engine.euchre``'s functions tagged ``@enforces``, sorted."""
    import cardlaw.engine.euchre.explain  # noqa: PLC0415  (their tags register on import)
    import cardlaw.engine.euchre.game  # noqa: PLC0415
    import cardlaw.engine.euchre.openspiel  # noqa: PLC0415
    import cardlaw.engine.euchre.openspiel_export  # noqa: PLC0415
    import cardlaw.engine.euchre.position  # noqa: F401, PLC0415
    from cardlaw.spec.trace import ENFORCEMENT  # noqa: PLC0415

    return tuple(
        sorted(
            {n for names in ENFORCEMENT.values() for n in names if n.startswith("engine.euchre.")}
        )
    )


def covered() -> frozenset[str]:
    """The engine functions Euchre's obligations name (``Obligation.engine``)."""
    from cardlaw.proofs.euchre.obligations import OBLIGATIONS  # noqa: PLC0415  (it imports this module's users)

    return frozenset(name for ob in OBLIGATIONS for name in ob.engine)


def uncovered() -> tuple[str, ...]:
    """The tagged engine functions neither named by an obligation nor exempt, sorted."""
    named = covered()
    return tuple(n for n in tagged() if n not in named and n not in EXEMPT)
