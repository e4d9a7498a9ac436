"""Helpers every game's codec and position reader shares.

:func:`shown` prints any value in one short line for an error message;
:func:`is_number` and :func:`read_options` check JSON options by kind;
:func:`require_valid` turns broken invariants into one
:class:`~spec.errors.InvalidState`.  The Game API itself is implemented once,
in :mod:`engine.game`, from each game's :mod:`manifest <engine.manifest>`.

>>> shown("0"), is_number(True)
("'0'", False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final, Literal, Protocol, TypeGuard, TypeVar

from cardlaw.spec.errors import InvalidState, MalformedInput
from cardlaw.spec.invariants import Invariant
from cardlaw.spec.parameters import rules_from_json, rules_to_json
from cardlaw.spec.shown import shown

S = TypeVar("S")

__all__ = [
    "is_number",
    "mover",
    "read_options",
    "require_valid",
    "shown",
    "with_rules",
]


_NUMBER_LIMIT: Final = 2**53
"""The largest whole number JSON carries exactly; an option beyond it is malformed."""

_KINDS: Final[Mapping[str, str]] = {
    "number": "a whole number",
    "text": "text",
    "flag": "true or false",
    "numbers": "a list of whole numbers",
}


class _Acting(Protocol):
    @property
    def actor(self) -> int: ...
    @property
    def stage(self) -> int: ...


def mover(state: _Acting, over: int) -> int | Literal["chance"] | None:
    """The seat to act in ``state``; else ``"chance"``, or ``None`` once its stage is ``over``.

    Every game's ``to_move``: a state's actor is -1 when chance acts or the game is over.

    >>> from cardlaw.engine.euchre.observe import to_move
    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> to_move(initial_state(EuchreConfig()))
    'chance'
    >>> from cardlaw.engine.split.observe import to_move
    >>> from cardlaw.spec.split import SplitConfig, initial_state
    >>> to_move(initial_state(SplitConfig()))
    'chance'
    """
    if state.actor >= 0:
        return state.actor
    return None if state.stage == over else "chance"


def is_number(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number JSON carries exactly (not a bool, at most 2**53).

    The state and configuration readers take no other numbers, so every number
    in a message prints (``str`` refuses an int of more than 4300 digits).

    >>> is_number(52), is_number(True), is_number(2.0), is_number(10**20)
    (True, False, False, False)
    """
    return type(value) is int and -_NUMBER_LIMIT <= value <= _NUMBER_LIMIT


def _has_kind(kind: str, value: object) -> bool:
    if kind == "number":
        return is_number(value)
    if kind == "text":
        return isinstance(value, str)
    if kind == "flag":
        return isinstance(value, bool)
    return isinstance(value, list | tuple) and all(_has_kind("number", v) for v in value)


def read_options(
    data: object,
    title: str,
    kinds: Mapping[str, str],
    *,
    nullable: frozenset[str] = frozenset(),
    rules: type[Any] | None = None,
) -> dict[str, Any]:
    """The options of a configuration given as JSON, each checked for its JSON type.

    With ``rules`` (the game's rules dataclass, :mod:`spec.parameters`), the
    key ``"rules"`` may give rule parameters by name (``{"BONUS_TOKENS": 4}``):
    they are read into an instance of ``rules``, each name and value checked.

    ``kinds`` maps each option to ``"number"``, ``"text"``, ``"flag"`` or
    ``"numbers"``; an unknown option or a value of the wrong kind is
    malformed, and the message names it.  Options left out stay out (the
    configuration's defaults apply), as do the ``nullable`` ones given as
    ``None``.  The values themselves are the configuration's to check.

    >>> read_options({"players": 4}, "Divide", {"players": "number"})
    {'players': 4}
    >>> read_options({"players": "4"}, "Divide", {"players": "number"})
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: players must be a whole number, not '4'
    >>> read_options({"colour": "red", 3: 4}, "Divide", {"players": "number"})
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: unknown Divide option 'colour'
    """
    if not isinstance(data, Mapping):
        raise MalformedInput(f"a {title} configuration must be a JSON object, not {shown(data)}")
    if rules is not None and "rules" in data:
        data = dict(data)
        given = rules_from_json(rules, data.pop("rules"), title)
        return {**read_options(data, title, kinds, nullable=nullable), "rules": given}
    unknown = [key for key in data if not (isinstance(key, str) and key in kinds)]
    if unknown:
        first = min(unknown, key=lambda key: (not isinstance(key, str), shown(key)))
        name = repr(first) if isinstance(first, str) else shown(first)  # a name in full
        raise MalformedInput(f"unknown {title} option {name}")
    options: dict[str, Any] = {}
    for name, value in data.items():
        if value is None and name in nullable:
            continue
        if not _has_kind(kinds[name], value):
            raise MalformedInput(f"{name} must be {_KINDS[kinds[name]]}, not {shown(value)}")
        options[name] = tuple(value) if kinds[name] == "numbers" else value
    return options


def with_rules(options: dict[str, Any], rules: object) -> dict[str, Any]:
    """A configuration's JSON ``options``, with ``"rules"`` added when a rule parameter changed.

    The unchanged rules add nothing, so a record of the printed rules reads as before.
    """
    changed = rules_to_json(rules)
    return {**options, "rules": changed} if changed else options


def require_valid(invariants: Iterable[Invariant[S]], state: S) -> None:
    """Raise :class:`~spec.errors.InvalidState` listing every invariant ``state`` breaks.

    For a state read from a file: one so inconsistent that an invariant cannot
    even be checked (an index past the end of a list) breaks that invariant
    too, instead of escaping as an ``IndexError``.
    """
    problems: list[str] = []
    for invariant in invariants:
        try:
            problems += [f"{invariant.id}: {problem}" for problem in invariant.check(state)]
        except (TypeError, ValueError, IndexError, KeyError, AttributeError) as error:
            kind = type(error).__name__
            problems.append(
                f"{invariant.id}: cannot be checked, the state is inconsistent ({kind})"
            )
    if problems:
        raise InvalidState(problems)
