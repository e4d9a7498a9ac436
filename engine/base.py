"""The plumbing every game's Game API object shares, read from its spec.

A game class sets a few class attributes — its rulebook, invariants, codec
module, action parser and the stage that means "game over" — and inherits
the methods that only pass them through.  What differs between games (legal
actions, chance, apply, observe, results, events) stays in the game's own
``game.py``.

The base also guards every entry point against arguments of the wrong kind
(see :class:`SpecGame`): junk is answered with
:class:`~spec.errors.MalformedInput`, naming the entry point and the argument.

>>> from engine.divide.game import DIVIDE
>>> DIVIDE.rulebook.game, DIVIDE.action_text(DIVIDE.parse_action("play 7S"))
('divide', 'play 7S')
>>> DIVIDE.parse_action(7)
Traceback (most recent call last):
...
spec.errors.MalformedInput: parse_action: an action must be text, not 7
>>> state = DIVIDE.new_game(DIVIDE.config())
>>> DIVIDE.observe(state, "0")
Traceback (most recent call last):
...
spec.errors.MalformedInput: observe: seat must be a seat number 0–3, not '0'
>>> DIVIDE.legal_actions(None)
Traceback (most recent call last):
...
spec.errors.MalformedInput: legal_actions: state must be a Divide state, not None
"""

from __future__ import annotations

import inspect
import reprlib
from collections.abc import Callable, Iterable, Mapping
from functools import wraps
from types import ModuleType, UnionType
from typing import Any, ClassVar, Final, Generic, TypeGuard, TypeVar, Union, get_args, get_origin

from engine.api import Mover
from spec.clauses import Rulebook
from spec.errors import CardlawError, IllegalAction, InvalidState, MalformedInput
from spec.invariants import Invariant, StepInvariant, step_violations, violations

__all__ = [
    "ENTRY_POINTS",
    "SpecGame",
    "checked_inline",
    "is_number",
    "read_options",
    "require_valid",
    "shown",
]

C = TypeVar("C")
S = TypeVar("S")
A = TypeVar("A")
R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])

ENTRY_POINTS: Final[Mapping[str, tuple[str, ...]]] = {
    "new_game": ("config",),
    "to_move": ("state",),
    "legal_actions": ("state",),
    "chance_outcomes": ("state",),
    "apply": ("state",),  # the action: by apply's own dispatch, see SpecGame.out_of_turn
    "observe": ("state", "seat"),
    "result": ("state",),
    "events": ("state", "action", "state"),
    "describe": ("state",),
    "units_played": ("state",),
    "violations": ("state",),
    "step_violations": ("state", "state"),
    "action_text": ("action",),
    "config_to_json": ("config",),
    "state_to_json": ("state",),
    "result_to_json": ("result",),
    "position_to_json": ("state",),
    "explain": ("state", "action"),
}
"""Each guarded entry point and the kind of each of its leading arguments."""


class _Shown(reprlib.Repr):
    """``repr`` cut short: a few items, a few levels, and no int too long to print."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 40, 60, 40
        self.maxtuple = self.maxlist = self.maxdict = self.maxset = self.maxfrozenset = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # str() refuses ints of more than 4300 digits
            return f"<a {x.bit_length()}-bit {'negative ' if x < 0 else ''}number>"
        return super().repr_int(x, level)


_SHOWN: Final = _Shown()


def shown(value: object) -> str:
    """``value`` for an error message: one short line, whatever it is; it never raises.

    >>> shown("0"), shown(None), shown(10**5000), shown(list(range(99)))
    ("'0'", 'None', '<a 16610-bit number>', '[0, 1, 2, 3, ...]')
    """
    try:
        text = _SHOWN.repr(value)
    except Exception:  # a __repr__ that raises: name the type instead
        text = f"<{type(value).__name__}>"
    return text.replace("\n", " ")


def checked_inline(method: F) -> F:
    """Mark an entry point that checks its own arguments first thing (for speed).

    :class:`SpecGame` wraps every other entry point of :data:`ENTRY_POINTS`
    with a guard; a marked one is left alone and must do the same check in
    its first lines (``if type(state) is not ...: raise self.bad_state(...)``).
    """
    method.__checked__ = True  # type: ignore[attr-defined]
    return method


_NUMBER_LIMIT: Final = 2**53
"""The largest whole number JSON carries exactly; an option beyond it is malformed."""

_KINDS: Final[Mapping[str, str]] = {
    "number": "a whole number",
    "text": "text",
    "flag": "true or false",
    "numbers": "a list of whole numbers",
}


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
    data: object, title: str, kinds: Mapping[str, str], *, nullable: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The options of a configuration given as JSON, each checked for its JSON type.

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
    spec.errors.MalformedInput: players must be a whole number, not '4'
    >>> read_options({"colour": "red", 3: 4}, "Divide", {"players": "number"})
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: unknown Divide option 'colour'
    """
    if not isinstance(data, Mapping):
        raise MalformedInput(f"a {title} configuration must be a JSON object, not {shown(data)}")
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


def require_valid(invariants: Iterable[Invariant[Any]], state: object) -> None:
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


def _types(parameter: object) -> tuple[type, ...]:
    """The classes a type parameter stands for (the members of a union)."""
    if isinstance(parameter, UnionType) or get_origin(parameter) is Union:
        return tuple(t for arg in get_args(parameter) for t in _types(arg))
    return (parameter,) if isinstance(parameter, type) else ()


class SpecGame(Generic[C, S, A, R]):
    """Base of the game classes: the spec-driven parts of the Game API.

    Subclasses name their config, state, action and result types as the
    type parameters (``SpecGame[DivideConfig, DivideState, Action,
    DivideResult]``) and set ``RULEBOOK``, ``INVARIANTS``,
    ``STEP_INVARIANTS``, ``CODEC`` (a module with ``config_to_json``,
    ``config_from_json``, ``state_to_json`` and ``state_from_json``),
    ``PARSE_ACTION`` and ``OVER`` (the stage of a finished game; states have
    ``actor`` and ``stage`` fields, ``actor`` -1 when chance acts or the game
    is over, and a ``config`` with ``players``).

    **Guards.**  Every entry point of :data:`ENTRY_POINTS` checks the kind
    of its arguments, cheaply (a ``type(...) is`` test, never the contents):

    * a state must be of the game's state type, a config of its config
      type, a result of its result type, an action of one of its action
      types (each exactly: another game's ``Play`` is not this game's);
    * a seat must be an ``int`` (not a ``bool``) from 0 to ``players - 1``;
    * ``config(**options)`` and ``config_from_json`` reject unknown options
      and values of the wrong JSON type (:func:`read_options`, in the codec).

    Anything else raises :class:`~spec.errors.MalformedInput` with a
    one-line message naming the entry point and the argument
    (``observe: seat must be a seat number 0–3, not '0'``).  **The rule for
    actions:** ``apply`` with something that is not one of the game's action
    types is *malformed* (``MalformedInput``), whatever the moment; one of
    the game's own actions at the wrong moment is *illegal*
    (``IllegalAction`` naming the game's turn clause, or the end-of-game
    clause once the game is over).  A well-typed action's fields are not
    re-checked: actions come from ``parse_action``, ``legal_actions`` and
    ``chance_outcomes``, which build only well-formed ones.

    The base wraps the entry points in a guard when the class is created;
    the ones on the hot path (``to_move``, ``legal_actions``,
    ``chance_outcomes``, ``apply``) are marked :func:`checked_inline` and do
    the same check in their first line, which costs one ``type`` test and
    no extra call.
    """

    RULEBOOK: ClassVar[Rulebook]
    INVARIANTS: ClassVar[tuple[Invariant[Any], ...]]
    STEP_INVARIANTS: ClassVar[tuple[StepInvariant[Any], ...]]
    CODEC: ClassVar[ModuleType]
    PARSE_ACTION: ClassVar[Callable[[str], Any]]
    OVER: ClassVar[int]
    EXPECTED: ClassVar[Mapping[Any, str]]
    """What each stage waits for, in words (``"play a card"``)."""
    OVER_CLAUSE: ClassVar[str]
    """The clause that ends the game (cited when someone acts after the end)."""
    CONFIG: ClassVar[type]
    """The game's config type (from the type parameters)."""
    STATE: ClassVar[type]
    """The game's state type."""
    ACTIONS: ClassVar[frozenset[type]]
    """The game's action types."""
    RESULT: ClassVar[type]
    """The game's result type."""
    KINDS: ClassVar[Mapping[str, frozenset[type]]]
    """The types an argument of each kind (``state``, ``config``...) may have."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in getattr(cls, "__orig_bases__", ()):
            if get_origin(base) is SpecGame:
                config, state, action, result = (_types(arg) for arg in get_args(base))
                if config and state and action and result:
                    cls.CONFIG, cls.STATE, cls.RESULT = config[0], state[0], result[0]
                    cls.ACTIONS = frozenset(action)
                    cls.KINDS = {
                        "state": frozenset(state[:1]),
                        "config": frozenset(config[:1]),
                        "result": frozenset(result[:1]),
                        "action": cls.ACTIONS,
                    }
        if not hasattr(cls, "STATE"):
            return  # a generic intermediate class: its concrete subclasses are guarded
        if cls.to_move is SpecGame.to_move:  # the shared one, with the types bound in
            cls.to_move = _to_move(cls.STATE, cls.OVER)  # type: ignore[assignment,method-assign]
        for name, kinds in ENTRY_POINTS.items():
            method = getattr(cls, name, None)
            if callable(method) and not getattr(method, "__checked__", False):
                setattr(cls, name, _guarded(cls, name, method, kinds))

    def accepts(self, kind: str, value: object, state: object = None) -> bool:
        """Whether ``value`` is of the ``kind`` an argument must be (a seat: of ``state``)."""
        if kind == "seat":
            players: int = state.config.players  # type: ignore[attr-defined]
            return type(value) is int and 0 <= value < players
        return type(value) in self.KINDS[kind]

    def bad_argument(
        self, where: str, name: str, kind: str, value: object, state: object = None
    ) -> MalformedInput:
        """The error for an argument ``name`` of ``where`` that is not of its ``kind``."""
        title: str = self.title  # type: ignore[attr-defined]
        if kind == "seat":
            last = state.config.players - 1  # type: ignore[attr-defined]
            if type(value) is int:
                return MalformedInput(
                    f"{where}: there is no seat {shown(value)} in a {last + 1}-player game"
                    f" (seats are 0–{last})"
                )
            return MalformedInput(
                f"{where}: {name} must be a seat number 0–{last}, not {shown(value)}"
            )
        what = {"state": "state", "config": "configuration", "result": "result"}.get(kind, kind)
        return MalformedInput(f"{where}: {name} must be a {title} {what}, not {shown(value)}")

    def bad_state(self, where: str, value: object) -> MalformedInput:
        """The error for a ``state`` argument that is not one of this game's states."""
        return self.bad_argument(where, "state", "state", value)

    @property
    def rulebook(self) -> Rulebook:
        """The game's clauses and rulings."""
        return self.RULEBOOK

    @property
    def invariants(self) -> tuple[Invariant[S], ...]:
        """The state invariants checked after every step."""
        return self.INVARIANTS

    @property
    def step_invariants(self) -> tuple[StepInvariant[S], ...]:
        """The step invariants checked across every step."""
        return self.STEP_INVARIANTS

    def config(self, **options: Any) -> C:
        """A configuration from keyword options (unknown or bad ones raise)."""
        config: C = self.CODEC.config_from_json(options)
        return config

    @checked_inline
    def to_move(self, state: S) -> Mover:
        """The seat to act, ``"chance"``, or ``None`` once the game is over."""
        if type(state) is not self.STATE:
            raise self.bad_state("to_move", state)
        actor: int = state.actor  # type: ignore[attr-defined]
        if actor >= 0:
            return actor
        return None if state.stage == self.OVER else "chance"  # type: ignore[attr-defined]

    def out_of_turn(self, state: S, action: object) -> CardlawError:
        """The error for an action of the wrong kind for this moment of the game.

        Not one of the game's actions at all: malformed.  One of them, but not
        now: illegal, naming the turn clause (or the end of the game).
        """
        if type(action) not in self.ACTIONS:
            return self.bad_argument("apply", "action", "action", action)
        text: str = action.text  # type: ignore[attr-defined]
        stage = state.stage  # type: ignore[attr-defined]
        if stage == self.OVER:
            return IllegalAction(
                f"the game is over; {text!r} cannot be played", clause=self.OVER_CLAUSE
            )
        actor = state.actor  # type: ignore[attr-defined]
        what = self.EXPECTED[stage]
        who = f"seat {actor} must {what}" if actor >= 0 else what
        return IllegalAction(
            f"{who} now, not {text!r}",
            clause=self.out_of_turn_clause(state, action),
            state=self.describe(state),
        )

    def out_of_turn_clause(self, state: S, action: object) -> str:
        """The clause an out-of-turn action breaks (the game's turn clause by default)."""
        # Each game declares its own ``turn_clause`` (a Final name of the Game API).
        clause: str = self.turn_clause  # type: ignore[attr-defined]
        return clause

    def describe(self, state: S) -> str:
        """A one-line summary of a state, for messages."""
        return repr(state)

    def violations(self, state: S) -> list[str]:
        """Every invariant ``state`` breaks (none for a reachable state)."""
        return violations(self.INVARIANTS, state)

    def step_violations(self, before: S, after: S) -> list[str]:
        """Every step invariant the transition breaks."""
        return step_violations(self.STEP_INVARIANTS, before, after)

    def parse_action(self, text: str) -> A:
        """An action from its record notation."""
        if not isinstance(text, str):
            raise MalformedInput(f"parse_action: an action must be text, not {shown(text)}")
        try:
            action: A = type(self).PARSE_ACTION(text)
        except CardlawError:
            raise
        except ValueError:  # a number too long to read (int() refuses 4300+ digits)
            raise MalformedInput(f"parse_action: cannot read {shown(text)}") from None
        return action

    def action_text(self, action: A) -> str:
        """The record notation of an action."""
        text: str = action.text  # type: ignore[attr-defined]
        return text

    def config_to_json(self, config: C) -> dict[str, Any]:
        """The configuration as JSON."""
        data: dict[str, Any] = self.CODEC.config_to_json(config)
        return data

    def config_from_json(self, data: Mapping[str, Any]) -> C:
        """A configuration from JSON; unknown keys and bad values raise."""
        config: C = self.CODEC.config_from_json(data)
        return config

    def state_to_json(self, state: S) -> dict[str, Any]:
        """A state as JSON (hidden cards included)."""
        data: dict[str, Any] = self.CODEC.state_to_json(state)
        return data

    def state_from_json(self, data: Mapping[str, Any]) -> S:
        """A state from JSON, checked against every invariant."""
        state: S = self.CODEC.state_from_json(data)
        return state


def _to_move(state_type: Any, over: int) -> Callable[[Any, Any], Mover]:
    """:meth:`SpecGame.to_move` for one game: its state type a local, not a lookup."""

    @checked_inline
    @wraps(SpecGame.to_move)
    def to_move(self: SpecGame[Any, Any, Any, Any], state: Any) -> Mover:
        if type(state) is not state_type:
            raise self.bad_state("to_move", state)
        actor: int = state.actor
        if actor >= 0:
            return actor
        return None if state.stage == over else "chance"

    return to_move


def _guarded(
    cls: type[SpecGame[Any, Any, Any, Any]],
    name: str,
    method: Callable[..., Any],
    kinds: tuple[str, ...],
) -> Callable[..., Any]:
    """``method`` behind a check of its leading arguments' kinds (see :class:`SpecGame`)."""
    signature = inspect.signature(method)
    names = list(signature.parameters)[1 : len(kinds) + 1]
    checks = tuple(zip(range(len(kinds)), names, kinds, strict=True))

    @wraps(method)
    def guarded(self: SpecGame[Any, Any, Any, Any], *args: Any, **kwargs: Any) -> Any:
        if kwargs:  # called by keyword: check the same arguments by position
            bound = signature.bind(self, *args, **kwargs)
            args, kwargs = bound.args[1:], bound.kwargs
        for index, param, kind in checks:
            if index < len(args):
                value, first = args[index], args[0]
                if not self.accepts(kind, value, first):
                    raise self.bad_argument(name, param, kind, value, first)
        return method(self, *args, **kwargs)

    guarded.__checked__ = True  # type: ignore[attr-defined]
    return guarded
