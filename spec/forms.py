"""The form of a game's state: what each field holds, checked without trusting the state.

A state is a ``NamedTuple``, and nothing stops a caller from building one
with junk in a field (``state._replace(hands=None)``).  Each game's
``spec/<game>/state.py`` declares :data:`FORM`, a :class:`StateForm` naming
the kind of every field: a seat, a card, a card set (an ``int`` mask of the
game's deck), a count, a tuple of one per seat....  :meth:`StateForm.problem`
says what is wrong with a state, field by field, in one line (``None`` for a
well-formed state); it never raises and never loops on what it reads.  The
Game API (:mod:`engine.game`) uses it to refuse a forged state with
:class:`~spec.errors.MalformedInput` naming the field.

>>> from enum import IntEnum
>>> from typing import NamedTuple
>>> class Stage(IntEnum):
...     PLAY = 0
>>> class Config(NamedTuple):
...     players: int = 2
>>> class Demo(NamedTuple):
...     config: Config
...     stage: Stage
...     actor: int
...     hands: tuple[int, ...]
>>> form = StateForm(Demo, config=Config, stage=Stage, actor=SEAT_OR_NONE,
...                  hands=Each(Mask(52), PER_SEAT))
>>> form.problem(Demo(Config(), Stage.PLAY, 1, (0b11, 0)))
>>> form.problem(Demo(Config(), Stage.PLAY, 2, (0b11, 0)))
'actor must be a seat from 0 to 1 or -1 (none), not 2'
>>> form.problem(Demo(Config(), Stage.PLAY, 0, (0b11, -1)))
'hands[1] must be a card set (a mask of 52 bits), not -1'
>>> form.problem(Demo(Config(), 0, 0, (0, 0)))
'stage must be a Stage, not 0'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Protocol, TypeGuard, cast

from cardlaw.spec.shown import shown

__all__ = [
    "COUNT",
    "FLAG",
    "PER_SEAT",
    "SEAT",
    "SEAT_OR_NONE",
    "CardIndex",
    "Each",
    "Kind",
    "Mask",
    "Number",
    "Pair",
    "StateForm",
    "one_of",
]

PER_SEAT: Final = -1
"""The length of a tuple that holds one item per seat (``Each(..., PER_SEAT)``)."""

_LIMIT: Final = 2**62
"""The largest count a state holds: anything larger is junk, whatever the field."""


def _whole(value: object) -> TypeGuard[int]:
    """Whether ``value`` is a whole number: an ``int`` (a ``Card``, an ``IntEnum``), not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


class Kind(Protocol):
    """What one field (or one item of a field) holds."""

    @property
    def what(self) -> str:
        """The kind in words, for a message (``a seat from 0 to 3``)."""
        ...

    def problem(self, value: object, players: int) -> str | None:
        """What is wrong with ``value`` (``None`` when it is of this kind).

        Nested kinds name the place within ``value`` (``[2]``) before ``must``.
        """
        ...


class _Simple:
    """A kind whose problem is always ``must be <what>``."""

    __slots__ = ()
    what: str

    def what_for(self, players: int) -> str:
        """The kind in words at a table of ``players``."""
        return self.what

    def ok(self, value: object, players: int) -> bool:
        """Whether ``value`` is of this kind."""
        raise NotImplementedError

    def problem(self, value: object, players: int) -> str | None:
        if self.ok(value, players):
            return None
        return f" must be {self.what_for(players)}, not {shown(value)}"


class Number(_Simple):
    """A whole number (an ``int``, not a ``bool``) from ``low`` to ``high``.

    >>> Number(-1, 1).problem(2, 4)
    ' must be a whole number from -1 to 1, not 2'
    """

    __slots__ = ("high", "low", "what")

    def __init__(self, low: int = 0, high: int = _LIMIT) -> None:
        self.low, self.high = low, high
        self.what = (
            "a count (a whole number, 0 or more)"
            if (low, high) == (0, _LIMIT)
            else f"a whole number from {low} to {high}"
        )

    def ok(self, value: object, players: int) -> bool:
        """Whether ``value`` is a whole number in the range."""
        return _whole(value) and self.low <= value <= self.high


class _Seat(_Simple):
    """A seat of the table, or also -1 (none) when ``optional``."""

    __slots__ = ("optional", "what")

    def __init__(self, *, optional: bool) -> None:
        self.optional = optional
        self.what = "a seat"

    def what_for(self, players: int) -> str:
        return f"a seat from 0 to {players - 1}" + (" or -1 (none)" if self.optional else "")

    def ok(self, value: object, players: int) -> bool:
        return _whole(value) and (-1 if self.optional else 0) <= value < players


class CardIndex(_Simple):
    """A card of a deck of ``size`` cards (its index), or also -1 (none) when ``optional``."""

    __slots__ = ("optional", "size", "what")

    def __init__(self, size: int, *, optional: bool = False) -> None:
        self.size, self.optional = size, optional
        self.what = f"a card (0 to {size - 1}{' or -1, none' if optional else ''})"

    def ok(self, value: object, players: int) -> bool:
        """Whether ``value`` is a card's index (or -1, when optional)."""
        return _whole(value) and (-1 if self.optional else 0) <= value < self.size


class Mask(_Simple):
    """A set of cards of a deck of ``size`` cards: an ``int`` from 0 to ``2**size - 1``."""

    __slots__ = ("limit", "what")

    def __init__(self, size: int) -> None:
        self.limit = 1 << size
        self.what = f"a card set (a mask of {size} bits)"

    def ok(self, value: object, players: int) -> bool:
        """Whether ``value`` is a mask of the deck's cards."""
        return _whole(value) and 0 <= value < self.limit


class _Exactly(_Simple):
    """A value of exactly one type (a configuration, a stage, a flag)."""

    __slots__ = ("kind", "what")

    def __init__(self, kind: type) -> None:
        self.kind = kind
        self.what = "true or false" if kind is bool else f"a {kind.__name__}"

    def ok(self, value: object, players: int) -> bool:
        return type(value) is self.kind


class _OneOf(_Simple):
    """One of a few values (an ``int`` each)."""

    __slots__ = ("values", "what")

    def __init__(self, *values: int) -> None:
        self.values = values
        self.what = "one of " + ", ".join(map(str, values))

    def ok(self, value: object, players: int) -> bool:
        return _whole(value) and value in self.values


class Each:
    """A tuple of items of one kind: ``length`` of them, or at most ``most``.

    :data:`PER_SEAT` for either is the number of seats.

    >>> Each(Number(), 2).problem((1, "x"), 4)
    "[1] must be a count (a whole number, 0 or more), not 'x'"
    >>> Each(SEAT, PER_SEAT).problem((0, 1), 4)
    ' must be a tuple of 4 (one per seat), not (0, 1)'
    """

    __slots__ = ("item", "length", "most", "what")

    def __init__(self, item: Kind, length: int | None = None, *, most: int | None = None) -> None:
        self.item, self.length, self.most = item, length, most
        self.what = "a tuple"

    def _what(self, players: int) -> str:
        if self.length == PER_SEAT:
            return f"a tuple of {players} (one per seat)"
        if self.length is not None:
            return f"a tuple of {self.length}"
        if self.most is None:
            return "a tuple"
        return f"a tuple of at most {players if self.most == PER_SEAT else self.most}"

    def problem(self, value: object, players: int) -> str | None:
        """What is wrong with the tuple or the first wrong item (``[i]`` names it)."""
        length = players if self.length == PER_SEAT else self.length
        most = players if self.most == PER_SEAT else self.most
        if (
            type(value) is not tuple
            or (length is not None and len(value) != length)
            or (most is not None and len(value) > most)
        ):
            return f" must be {self._what(players)}, not {shown(value)}"
        for index, item in enumerate(value):
            wrong = self.item.problem(item, players)
            if wrong is not None:
                return f"[{index}]{wrong}"
        return None


class Pair:
    """A tuple of a few items, each of its own kind (``(leader, cards)``).

    >>> Pair(SEAT, Each(CardIndex(52))).problem((0, (51, 52)), 4)
    '[1][1] must be a card (0 to 51), not 52'
    """

    __slots__ = ("items", "what")

    def __init__(self, *items: Kind) -> None:
        self.items = items
        self.what = f"a tuple of {len(items)}"

    def problem(self, value: object, players: int) -> str | None:
        """What is wrong with the tuple or the first wrong item (``[i]`` names it)."""
        if type(value) is not tuple or len(value) != len(self.items):
            return f" must be {self.what}, not {shown(value)}"
        for index, (kind, item) in enumerate(zip(self.items, value, strict=True)):
            wrong = kind.problem(item, players)
            if wrong is not None:
                return f"[{index}]{wrong}"
        return None


COUNT: Final = Number()
"""A count: a whole number from 0 up."""

SEAT: Final = _Seat(optional=False)
"""A seat: 0 to ``players - 1``."""

SEAT_OR_NONE: Final = _Seat(optional=True)
"""A seat, or -1 for none."""

FLAG: Final = _Exactly(bool)
"""``True`` or ``False``."""


def one_of(*values: int) -> Kind:
    """One of a few whole numbers (a direction: ``one_of(1, -1)``)."""
    return _OneOf(*values)


class StateForm:
    """The form of a game's state: the kind of each of its fields, in order.

    A field given a type (the configuration's, the stage's enum) must hold a
    value of exactly that type.  The configuration is checked first: the
    seats it has give the lengths of the per-seat fields.
    """

    __slots__ = ("fields", "state")

    def __init__(self, state: type, **fields: Kind | type) -> None:
        names = tuple(getattr(state, "_fields", ()))
        if tuple(fields) != names or not names or names[0] != "config":
            raise ValueError(
                f"the form of {state.__name__} must name its fields in order, from 'config':"
                f" {names}, not {tuple(fields)}"
            )
        self.state = state
        self.fields: Mapping[str, Kind] = {
            name: _Exactly(kind) if isinstance(kind, type) else kind
            for name, kind in fields.items()
        }

    def problem(self, state: object) -> str | None:
        """What is wrong with ``state`` (``None`` when every field is of its kind).

        The message names the field and the place in it: ``hands[2] must be a
        card set (a mask of 52 bits), not -1``.
        """
        if type(state) is not self.state:
            return f"state must be a {self.state.__name__}, not a {type(state).__name__}"
        given: tuple[object, ...] = tuple(cast("tuple[object, ...]", state))  # its type is one
        if len(given) != len(self.fields):
            return f"state must have {len(self.fields)} fields, not {len(given)}"
        config = given[0]
        kinds = list(self.fields.items())
        wrong = kinds[0][1].problem(config, 0)
        if wrong is not None:
            return f"config{wrong}"
        players = getattr(config, "players", None)
        if type(players) is not int or not 0 < players <= 64:
            return f"config.players must be a number of players, not {shown(players)}"
        for (name, kind), value in zip(kinds[1:], given[1:], strict=True):
            wrong = kind.problem(value, players)
            if wrong is not None:
                return f"{name}{wrong}"
        return None
