"""The variant matrix: every obligation's verdict under every variant of its game.

A game's *columns* are its default configuration, each named variant
(``spec/<game>/config.py`` ``VARIANTS``) and every combination of its variant
flags that the configuration accepts.  The flags and their values are read
from the configuration dataclass itself, so a flag added to the spec falls in
here with no change: every field but ``players`` and ``rules`` is a flag; a
``Literal`` field takes each of its values, a ``bool`` both, and any other
field its default and the values the named variants give it (Split's
``aids``).  Columns that make the same configuration are one column, named
after the variant when one makes it.

The obligations of a column are the game's builder run on that whole
configuration (``build_config``); what each one expects is what that builder
states for it under that configuration.  A verdict is reused, not re-proved,
when nothing the obligation's check depends on differs from the default
column's: the same encoding (the same code, over equal captured values), the
same values of the parameters the encoding *read* when the default column was
checked (recorded by :class:`Reads`), the same replay of witnesses, the same
expectation, method and budget.  That is derived from what the builder
produced and what the check read, never from a list kept by hand.

The default column is ``cardlaw verify``'s own run.  When its report is at
hand (``CARDLAW_VERIFY_REPORT``) and was made by the same code
(:data:`proofs.isolated.SOURCES`), the default column's verdicts and what
each check read are taken from it (:func:`verified`) instead of being proved
again; an obligation the report lacks, or whose report is not as expected,
is proved here.  The verdicts are the same either way: each obligation is
checked in a fresh process of its own, mutants after its own check.

>>> [c.variant for c in columns("divided-ranks")]
['default', 'face-up-swap', 'coin-flip-reserve', 'face-up-swap+coin-flip-reserve']
>>> [c.variant for c in columns("split")][1:3]
['cooperative', 'cooperative-no-0']
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from functools import partial
from itertools import product
from typing import (
    Literal,
    TypeAlias,
    TypedDict,
    TypeVar,
    cast,
    get_args,
    get_origin,
    get_type_hints,
)

from cardlaw.engine.api import JSON
from cardlaw.engine.registry import get_game
from cardlaw.proofs.core import Obligation
from cardlaw.proofs.isolated import SOURCES, Mapper, Report, matrix_each
from cardlaw.proofs.reads import Reads
from cardlaw.proofs.registry import config_obligations
from cardlaw.proofs.report_json import Expected, Status
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.variants import OptionValue

__all__ = [
    "Cell",
    "Checking",
    "Column",
    "Known",
    "MatrixRow",
    "Reads",
    "columns",
    "flag_values",
    "matrix",
    "reusable",
    "verified",
]

_NOT_FLAGS = frozenset({"players", "rules"})

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Column:
    """One configuration of a game the matrix checks every obligation under."""

    game: str
    variant: str
    """``default``, a variant's name, names joined by ``+``, or ``flag=value`` pairs."""
    changed: dict[str, OptionValue] = field(default_factory=dict)
    """The flags that differ from the default configuration."""
    options: dict[str, OptionValue] = field(default_factory=dict)
    """Every flag's value: the options that make this configuration."""


def flag_values(config_type: type) -> dict[str, tuple[object, ...]]:
    """Each variant flag of a configuration dataclass, with the values it may take.

    >>> from cardlaw.spec.euchre.config import EuchreConfig
    >>> flag_values(EuchreConfig)["stick_the_dealer"]
    (False, True)
    """
    hints = get_type_hints(config_type)
    found: dict[str, tuple[object, ...]] = {}
    for f in fields(config_type):
        if f.name in _NOT_FLAGS or not f.init:
            continue
        hint = hints[f.name]
        if get_origin(hint) is Literal:
            found[f.name] = get_args(hint)
        elif hint is bool:
            found[f.name] = (False, True)
        elif f.default is not MISSING:
            found[f.name] = (f.default,)
        elif f.default_factory is not MISSING:
            found[f.name] = (f.default_factory(),)
    return found


def _json_value(value: object) -> OptionValue:
    if isinstance(value, str | int | bool):
        return value
    if isinstance(value, tuple | list):
        return tuple(int(v) for v in value)
    raise MalformedInput(f"a variant flag's value must be plain data, not {value!r}")


def columns(game: str) -> list[Column]:
    """The default, each named variant, then each other accepted flag combination."""
    engine = get_game(game)
    default = engine.config()
    flags = flag_values(type(default))
    for options in engine.variants.values():  # a variant's values of a flag it sets
        for name, value in options.items():
            if name in flags and value not in flags[name]:
                flags[name] = (*flags[name], value)
    every = {k: _json_value(getattr(default, k)) for k in flags}
    seen: dict[object, Column] = {default: Column(game, "default", {}, every)}
    named = [(name, dict(options)) for name, options in engine.variants.items()]
    combos = [dict(zip(flags, values, strict=True)) for values in product(*flags.values())]
    for label, options in [*named, *((None, c) for c in combos)]:
        try:
            config = engine.config(**options)
        except MalformedInput:
            continue
        if config in seen:
            continue
        every = {k: _json_value(getattr(config, k)) for k in flags}
        changed = {k: v for k, v in every.items() if getattr(config, k) != getattr(default, k)}
        seen[config] = Column(game, label or _label(changed, named), changed, every)
    return list(seen.values())


def _label(changed: Mapping[str, object], named: list[tuple[str, dict[str, OptionValue]]]) -> str:
    """Variant names joined by ``+`` when their options make ``changed``, else ``flag=value``."""
    parts = [name for name, options in named if options and options.items() <= changed.items()]
    union: dict[str, object] = {}
    for name, options in named:
        if name in parts:
            union.update(options)
    if parts and union == dict(changed):
        return "+".join(parts)
    return ",".join(f"{k}={v}" for k, v in changed.items())


def _equal(a: object, b: object) -> bool:
    try:
        return (a is b) or bool((a == b) is True)
    except Exception:  # a value that cannot be compared is not the same
        return False


def _same_callable(a: object, b: object) -> bool:
    """Whether two callables compute the same thing: one code over equal captured values."""
    if a is b:
        return True
    if isinstance(a, partial) and isinstance(b, partial):
        return (
            _same_callable(a.func, b.func)
            and len(a.args) == len(b.args)
            and all(_same_value(x, y) for x, y in zip(a.args, b.args, strict=True))
            and a.keywords.keys() == b.keywords.keys()
            and all(_same_value(a.keywords[k], b.keywords[k]) for k in a.keywords)
        )
    if isinstance(a, types.FunctionType) and isinstance(b, types.FunctionType):
        cells_a, cells_b = a.__closure__ or (), b.__closure__ or ()
        return (
            a.__code__ is b.__code__
            and _equal(a.__defaults__, b.__defaults__)
            and len(cells_a) == len(cells_b)
            and all(
                _same_value(x.cell_contents, y.cell_contents)
                for x, y in zip(cells_a, cells_b, strict=True)
            )
        )
    return False


def _same_value(a: object, b: object) -> bool:
    if callable(a) and callable(b) and not isinstance(a, type):
        return _same_callable(a, b)
    return _equal(a, b)


def reusable(default: Obligation, other: Obligation, read: frozenset[str]) -> bool:
    """Whether ``other``'s verdict is ``default``'s: nothing its check depends on differs.

    ``read`` are the parameter names ``default``'s encoding read when it was checked.
    """
    if (default.expected, default.method, default.budget) != (
        other.expected,
        other.method,
        other.budget,
    ):
        return False
    if not _same_callable(default.build, other.build):
        return False
    if (default.replay is None) != (other.replay is None):
        return False
    if default.replay is not None and not _same_callable(default.replay, other.replay):
        return False
    return all(
        name in default.params
        and name in other.params
        and _same_value(default.params[name], other.params[name])
        for name in read
    )


class Known(TypedDict):
    """A default cell taken from ``cardlaw verify``'s report (:func:`verified`)."""

    status: Status
    ok: bool
    reads: list[str]
    expected: Expected


Cell: TypeAlias = Report | Known
"""A column's verdict on an obligation: checked here, or taken from ``cardlaw verify``'s report."""


class MatrixRow(TypedDict):
    """A row of the matrix (:func:`matrix`)."""

    game: str
    variant: str
    options: dict[str, OptionValue]
    obligation: str
    expected: Expected
    status: Status
    ok: bool
    stated_for: str | None
    reused: bool
    from_report: bool


def verified(report: Mapping[str, JSON]) -> dict[tuple[str, str], Cell]:
    """The default column's cells a ``cardlaw verify`` report gives, by (game, obligation id).

    Only an obligation checked by the same code (its ``sources`` is
    :data:`~proofs.isolated.SOURCES`), with what its check read (``reads``)
    and as expected (``ok``, so as expected without its mutants too) counts;
    any other is proved again.

    >>> good = {"id": "g.x", "game": "g", "status": "proved", "expected": "holds", "ok": True,
    ...         "reads": ["a"], "sources": SOURCES}
    >>> stale = {**good, "id": "g.y", "sources": "0" * 64}
    >>> verified({"obligations": [good, stale, {**good, "id": "g.z", "ok": False}]})
    {('g', 'g.x'): {'status': 'proved', 'ok': True, 'reads': ['a'], 'expected': 'holds'}}
    """
    found: dict[tuple[str, str], Cell] = {}
    listed = report.get("obligations")
    for r in listed if isinstance(listed, list) else ():
        if not isinstance(r, Mapping) or r.get("sources") != SOURCES or r.get("ok") is not True:
            continue
        reads, game, oid = r.get("reads"), r.get("game"), r.get("id")
        if isinstance(reads, list) and isinstance(game, str) and isinstance(oid, str):
            found[game, oid] = {  # the statuses as the report states them
                "status": cast(Status, r.get("status")),
                "ok": True,
                "reads": [str(name) for name in reads],
                "expected": cast(Expected, r.get("expected")),
            }
    return found


Checking: TypeAlias = Callable[[list[str]], Callable[[], None]]
"""``checking(labels)``, told the checks about to run (``"euchre.x under stick-the-dealer"``),
returns what to call as each one ends, in that order (a progress bar's)."""


def _told(reports: Iterable[T], tell: Callable[[], None] | None) -> Iterator[T]:
    """``reports``, with ``tell()`` after each one."""
    for report in reports:
        yield report
        if tell is not None:
            tell()


def matrix(
    games: Sequence[str],
    workers: int = 1,
    known: Mapping[str, JSON] | None = None,
    mapper: Mapper | None = None,
    slots: int = 1,
    checking: Checking | None = None,
) -> list[MatrixRow]:
    """Every obligation's verdict under every column of each of ``games``: the matrix rows.

    Each row: ``game``, ``variant``, ``options`` (the flags changed),
    ``obligation``, ``expected`` (as the builder states it under that
    configuration), ``status``, ``ok``, ``stated_for`` (the variant an
    obligation is always stated for, or null), ``reused`` (the default
    column's verdict, not re-proved: :func:`reusable`) and ``from_report``
    (a default cell taken from ``known``, the report of ``cardlaw verify``:
    :func:`verified`).  No mutants are checked.
    ``mapper`` and ``slots`` send the checks elsewhere (:func:`proofs.isolated.matrix_each`);
    ``checking`` is told the checks before they run (:data:`Checking`).
    """
    cols = {game: columns(game) for game in games}
    built = {
        (c.game, c.variant): config_obligations(c.game, c.options)
        for cs in cols.values()
        for c in cs
    }
    given = verified(known) if known is not None else {}
    firsts = [(cs[0], ob) for cs in cols.values() for ob in built[cs[0].game, cs[0].variant]]
    base: dict[tuple[str, str], Cell] = {
        (c.game, ob.id): given[c.game, ob.id]
        for c, ob in firsts
        if (known_cell := given.get((c.game, ob.id))) is not None
        and known_cell["expected"] == ob.expected
    }
    to_prove = [(c, ob) for c, ob in firsts if (c.game, ob.id) not in base]
    tasks = [(c.game, c.options, ob.id) for c, ob in to_prove]
    tell = None if checking is None else checking([f"{ob.id} (default)" for _, ob in to_prove])
    base.update(
        {
            (c.game, ob.id): report
            for (c, ob), report in zip(
                to_prove, _told(matrix_each(tasks, workers, mapper, slots), tell), strict=True
            )
        }
    )
    from_report = {key for key in given if key in base and base[key] is given[key]}
    plan: list[tuple[Column, Obligation, Cell | None]] = []
    for cs in cols.values():
        default = {ob.id: ob for ob in built[cs[0].game, cs[0].variant]}
        for c in cs:
            for ob in built[c.game, c.variant]:
                first = base.get((c.game, ob.id))
                same = (
                    first is not None
                    and ob.id in default
                    and reusable(default[ob.id], ob, frozenset(first["reads"]))
                )
                plan.append((c, ob, first if same else None))
    todo = [(c.game, c.options, ob.id) for c, ob, found in plan if found is None]
    labels = [f"{ob.id} under {c.variant}" for c, ob, found in plan if found is None]
    tell = None if checking is None else checking(labels)
    fresh = iter(list(_told(matrix_each(todo, workers, mapper, slots), tell)))
    rows: list[MatrixRow] = []
    for c, ob, found in plan:
        report = found if found is not None else next(fresh)
        rows.append(
            {
                "game": c.game,
                "variant": c.variant,
                "options": dict(c.changed),
                "obligation": ob.id,
                "expected": ob.expected,
                "status": report["status"],
                "ok": report["ok"],
                "stated_for": ob.variant or None,
                "reused": c is not cols[c.game][0] and found is not None,
                "from_report": c is cols[c.game][0] and (c.game, ob.id) in from_report,
            }
        )
    return rows
