"""Every game's proof obligations and query domains, listed by name in one table.

Each game's ``proofs/<package>/obligations.py`` (``OBLIGATIONS``) and
``domains.py`` (``DOMAINS``, ``EXAMPLES``) are imported here and listed in
:data:`PROOFS`, in the order of :data:`engine.registry.GAMES`.  A new game's
proofs are added to the table.

>>> [o.id for o in obligations("divide")][:1]
['divide.tokens.supply-never-negative.4p']
>>> obligations("chess")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: no proofs for game 'chess' (games with proofs: divide...)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cardlaw.engine.registry import GAMES, get_game
from cardlaw.proofs.core import Obligation, Obligations
from cardlaw.proofs.coverage import Coverage, coverage, enforcing
from cardlaw.proofs.divide import coverage as divide_coverage
from cardlaw.proofs.divide import domains as divide_domains
from cardlaw.proofs.divide import obligations as divide_obligations
from cardlaw.proofs.divided_ranks import coverage as divided_ranks_coverage
from cardlaw.proofs.divided_ranks import domains as divided_ranks_domains
from cardlaw.proofs.divided_ranks import obligations as divided_ranks_obligations
from cardlaw.proofs.euchre import coverage as euchre_coverage
from cardlaw.proofs.euchre import domains as euchre_domains
from cardlaw.proofs.euchre import obligations as euchre_obligations
from cardlaw.proofs.query import Domain
from cardlaw.proofs.split import coverage as split_coverage
from cardlaw.proofs.split import domains as split_domains
from cardlaw.proofs.split import obligations as split_obligations
from cardlaw.spec.errors import MalformedInput

__all__ = [
    "PROOFS",
    "GameProofs",
    "config_obligations",
    "covered",
    "domains",
    "games_with_proofs",
    "games_with_queries",
    "obligation",
    "obligations",
    "rules_of",
]


@dataclass(frozen=True, slots=True)
class GameProofs:
    """One game's obligations (``cardlaw verify``) and query domains (``cardlaw query``)."""

    game: str
    """The game's name, as in :data:`engine.registry.GAMES`."""
    obligations: Obligations
    """The obligations under the printed rules."""
    build: Callable[[Any], Obligations]
    """The obligations under a game's rules dataclass (``spec/<game>/parameters.py``)."""
    build_config: Callable[[Any], Obligations]
    """The obligations under a whole configuration (``spec/<game>/config.py``): flags and rules."""
    domains: dict[str, Domain]
    """The query domains of ``domains.py``, by name: its own ``DOMAINS``, not a copy (a query
    over them is one over the printed rules, whoever imported them: the docs' cache knows them
    by identity)."""
    build_domains: Callable[[Any], dict[str, Domain]]
    """The query domains under a game's rules dataclass."""
    examples: tuple[tuple[str, str, int | None], ...]
    """The documented queries of ``domains.py``: (query, verdict, value)."""
    domains_doc: str
    """The docstring of ``domains.py`` (its doctests show more queries)."""
    exempt: Mapping[str, str] = field(default_factory=dict)
    """Engine functions enforcing a rule that no obligation models, and why
    (``coverage.py``'s ``EXEMPT``: :mod:`proofs.coverage`)."""

    @property
    def package(self) -> str:
        """The game's package name under ``spec/``, ``engine/`` and ``proofs/``."""
        return self.game.replace("-", "_")


def _listed() -> tuple[GameProofs, ...]:
    table = (
        GameProofs(
            "divide",
            divide_obligations.OBLIGATIONS,
            divide_obligations.build,
            divide_obligations.build_config,
            divide_domains.DOMAINS,
            divide_domains.build_domains,
            divide_domains.EXAMPLES,
            divide_domains.__doc__ or "",
            divide_coverage.EXEMPT,
        ),
        GameProofs(
            "divided-ranks",
            divided_ranks_obligations.OBLIGATIONS,
            divided_ranks_obligations.build,
            divided_ranks_obligations.build_config,
            divided_ranks_domains.DOMAINS,
            divided_ranks_domains.build_domains,
            divided_ranks_domains.EXAMPLES,
            divided_ranks_domains.__doc__ or "",
            divided_ranks_coverage.EXEMPT,
        ),
        GameProofs(
            "split",
            split_obligations.OBLIGATIONS,
            split_obligations.build,
            split_obligations.build_config,
            split_domains.DOMAINS,
            split_domains.build_domains,
            split_domains.EXAMPLES,
            split_domains.__doc__ or "",
            split_coverage.EXEMPT,
        ),
        GameProofs(
            "euchre",
            euchre_obligations.OBLIGATIONS,
            euchre_obligations.build,
            euchre_obligations.build_config,
            euchre_domains.DOMAINS,
            euchre_domains.build_domains,
            euchre_domains.EXAMPLES,
            euchre_domains.__doc__ or "",
            euchre_coverage.EXEMPT,
        ),
    )
    order = tuple(GAMES)
    return tuple(
        sorted(table, key=lambda row: order.index(row.game) if row.game in order else len(order))
    )


PROOFS: Final[tuple[GameProofs, ...]] = _listed()
"""Every game with proofs, in the order of :data:`engine.registry.GAMES`."""


def _rows() -> dict[str, GameProofs]:
    """Each game's row of :data:`PROOFS`, by name, read from the table when asked.

    (A table that lists one more game, in a test, is then seen whole.)
    """
    return {row.game: row for row in PROOFS}


def _by_game() -> dict[str, Obligations]:
    """Each game's obligations, in listing order (what every lookup below reads)."""
    return {row.game: row.obligations for row in PROOFS}


def games_with_proofs() -> tuple[str, ...]:
    """The games that have obligations, in listing order."""
    return tuple(_by_game())


def obligations(game: str | None = None, rules: Mapping[str, int] | None = None) -> Obligations:
    """The obligations of one game, or of every game.

    ``rules`` (rule parameters by constant name, ``{"BONUS_TOKENS": 4}``)
    builds ``game``'s obligations under those changed rules; the names,
    values and their consistency are checked by the game's configuration.
    """
    table = _by_game()
    if game is None:
        if rules:
            raise MalformedInput("changed rules (--set) need a game")
        return tuple(o for obs in table.values() for o in obs)
    if game not in table:
        known = ", ".join(table)
        raise MalformedInput(f"no proofs for game {game!r} (games with proofs: {known})")
    if not rules:
        return table[game]
    return _rows()[game].build(rules_of(game, rules))


def rules_of(game: str, rules: Mapping[str, int]) -> object:
    """``game``'s rules dataclass with the parameters ``rules`` names changed (checked)."""
    return get_game(game).config(rules=dict(rules)).rules


def config_obligations(game: str, options: Mapping[str, object]) -> Obligations:
    """The obligations of ``game`` under the configuration ``options`` make (its flags, rules).

    >>> ids = [o.id for o in config_obligations("euchre", {"stick_the_dealer": True})]
    >>> ids == [o.id for o in obligations("euchre")]
    True
    """
    obligations(game)  # an unknown game is malformed input
    return _rows()[game].build_config(get_game(game).config(**options))


def obligation(
    obligation_id: str, game: str | None = None, rules: Mapping[str, int] | None = None
) -> Obligation:
    """One obligation by id (of ``game``, under ``rules``: see :func:`obligations`)."""
    for candidate in obligations(game, rules):
        if candidate.id == obligation_id:
            return candidate
    raise MalformedInput(f"no obligation {obligation_id!r}")


def games_with_queries() -> tuple[str, ...]:
    """The games ``cardlaw query`` can answer questions about."""
    return tuple(row.game for row in PROOFS)


def domains(game: str, rules: Mapping[str, int] | None = None) -> dict[str, Domain]:
    """The query domains of a game (``proofs/<package>/domains.py``), under changed ``rules``.

    Under the printed rules, the module's own table:

    >>> from cardlaw.proofs.divide.domains import DOMAINS
    >>> domains("divide") is DOMAINS, domains("divide", {"BONUS_TOKENS": 4}) is DOMAINS
    (True, False)
    """
    if game not in _rows():
        known = ", ".join(games_with_queries())
        raise MalformedInput(f"no queries for game {game!r} (games with queries: {known})")
    if not rules:
        return _rows()[game].domains
    return dict(_rows()[game].build_domains(rules_of(game, rules)))


def covered(game: str | None, reports: Sequence[Mapping[str, Any]]) -> list[Coverage]:
    """What ties each of ``game``'s (or every game's) rule-enforcing functions to the model.

    ``reports`` are the obligations' JSON reports (their ``cases``); the
    obligations are read from the registry under the printed rules.
    """
    rows = [row for row in PROOFS if game is None or row.game == game]
    prefixes = [f"{layer}.{row.package}." for row in rows for layer in ("engine", "spec")]
    if game is None:
        prefixes.append("engine.record.")
    cases = {r["id"]: int(r.get("cases", 0)) for r in reports}
    exempt = {name: why for row in rows for name, why in row.exempt.items()}
    chosen = [o for row in rows for o in row.obligations]
    return coverage(enforcing(prefixes), chosen, cases, exempt)
