"""The JSON every game's codec writes and reads: one helper per kind of value.

A codec writes with :func:`card_text` (one card, ``None`` for no card),
:func:`card_texts` and :func:`set_text`, into :data:`JSON` values.  It reads
a value parsed from a file, which may be anything (so it is typed
``object``), with the readers below; each returns the value typed or raises
:class:`~spec.errors.MalformedInput` naming the field it read.  A state is
read inside :func:`reading_state`, which names the game in the message for a
missing field or a value of the wrong shape (:func:`loose` marks the parts
read by position unchecked).  Configurations are read by
:func:`engine.base.read_options`; :func:`codec` bundles the four functions
into the game's :class:`~engine.manifest.Codec`.

>>> card_text(0), card_text(-1), set_text(0b11)
('2C', None, '2D 2C')
>>> from cardlaw.spec.divide.state import Stage
>>> number(3, "round"), card_or_none(None, "trump"), member(Stage, "DEAL", "stage")
(3, -1, <Stage.DEAL: 1>)
>>> items([1, 2], "won", 3)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: won must be a list of 3
>>> with reading_state("Divide"):
...     {"round": 1}["stage"]
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: a Divide state needs the field 'stage'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import Enum
from typing import Protocol, TypeAlias, TypeVar, cast, overload

from cardlaw.engine.base import is_number, shown
from cardlaw.engine.manifest import Codec, Seated, Staged
from cardlaw.spec.cards import ALL_CARDS, Card, CardSet
from cardlaw.spec.domain import CardId, CardMask
from cardlaw.spec.errors import CardlawError, MalformedInput

__all__ = [
    "JSON",
    "card_or_none",
    "card_set",
    "card_sets",
    "card_text",
    "card_texts",
    "codec",
    "header",
    "items",
    "loose",
    "member",
    "number",
    "numbers",
    "reading_state",
    "set_text",
    "text",
]

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
"""A JSON value as :func:`json.loads` returns it and :func:`json.dumps` writes it."""

E = TypeVar("E", bound=Enum)
C = TypeVar("C", bound=Seated)
S = TypeVar("S", bound=Staged)


def card_text(index: int) -> str | None:
    """The card with index ``index`` as text (``7S``), or ``None`` for -1, no card."""
    return str(ALL_CARDS[index]) if index >= 0 else None


def card_texts(indices: Iterable[int]) -> list[JSON]:
    """Cards (or -1, no card) as a list of :func:`card_text`, in the order given."""
    return [card_text(index) for index in indices]


def set_text(mask: CardMask) -> str:
    """A set of cards as text, grouped by suit (``7S KH 2H``)."""
    return str(CardSet(mask))


class _WithStage(Protocol):
    @property
    def stage(self) -> Enum: ...


def header(state: _WithStage, config: dict[str, JSON], *fields: str) -> dict[str, JSON]:
    """A state's JSON up to its first field that is not a plain number.

    The ``config`` as written, the name of the stage, then each of ``fields``
    (numbers, flags) as it is.

    >>> from cardlaw.spec.euchre import EuchreConfig, initial_state
    >>> header(initial_state(EuchreConfig()), {}, "deal", "actor")
    {'config': {}, 'stage': 'FIRST_DEALER', 'deal': 0, 'actor': -1}
    """
    out: dict[str, JSON] = {"config": config, "stage": state.stage.name}
    for name in fields:
        out[name] = getattr(state, name)
    return out


def number(value: object, name: str) -> int:
    """``value`` if it is a whole number (:func:`~engine.base.is_number`)."""
    if not is_number(value):
        raise MalformedInput(f"{name} must be a number")
    return value


@overload
def numbers(data: Mapping[str, object], a: str, b: str, c: str, /) -> tuple[int, int, int]: ...
@overload
def numbers(data: Mapping[str, object], /, *names: str) -> tuple[int, ...]: ...
def numbers(data: Mapping[str, object], /, *names: str) -> tuple[int, ...]:
    """The whole numbers ``data`` holds under ``names`` (:func:`number`), in that order.

    >>> numbers({"round": 1, "dealer": 0, "actor": 2}, "round", "dealer", "actor")
    (1, 0, 2)
    """
    return tuple(number(data[name], name) for name in names)


def text(value: object, name: str, expected: str = "text") -> str:
    """``value`` if it is text; else ``name must be <expected>``."""
    if not isinstance(value, str):
        raise MalformedInput(f"{name} must be {expected}")
    return value


def items(value: object, name: str, length: int | None = None) -> list[object]:
    """``value`` if it is a list (of ``length`` items, when given)."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "" if length is None else f" of {length}"
        raise MalformedInput(f"{name} must be a list{size}")
    return value


def card_or_none(value: object, name: str, expected: str = "text") -> CardId:
    """The index of the card written ``value``, or -1 (no card) for ``None``."""
    if value is None:
        return -1
    return int(Card(text(value, name, expected)))


def card_set(value: object, name: str) -> CardMask:
    """The mask of the set of cards written ``value`` (``7S KH 2H``)."""
    return CardSet.parse(text(value, name)).mask


def card_sets(value: object, name: str, length: int) -> tuple[int, ...]:
    """The masks of a list of ``length`` sets of cards (one per seat)."""
    if not isinstance(value, list) or len(value) != length:
        raise MalformedInput(f"{name} must be a list of {length} card sets")
    return tuple(card_set(item, name) for item in value)


def member(kind: type[E], value: object, name: str) -> E:
    """The member of ``kind`` named ``value`` (a stage, an end...)."""
    if not isinstance(value, str) or value not in kind.__members__:
        raise MalformedInput(f"unknown {name} {shown(value)}")
    return kind[value]


def loose(value: object) -> Sequence[object]:
    """``value`` indexed or iterated as it is, unchecked, inside :func:`reading_state`.

    For the parts of a state a codec reads by position without checking
    their shape first: a value of another shape raises the ``TypeError``,
    ``IndexError`` or ``KeyError`` that :func:`reading_state` reports.
    """
    return cast("Sequence[object]", value)


@contextmanager
def reading_state(title: str) -> Iterator[None]:
    """Read a state of the game ``title``: every problem is a :class:`MalformedInput`.

    A missing field names the field; a value of the wrong shape met on the
    way (a number where a list belongs) is ``malformed <title> state``.
    """
    try:
        yield
    except KeyError as missing:
        raise MalformedInput(f"a {title} state needs the field {missing}") from None
    except CardlawError:
        raise
    except (TypeError, IndexError, ValueError) as error:
        raise MalformedInput(f"malformed {title} state: {error}") from None


def codec(
    config_to_json: Callable[[C], dict[str, JSON]],
    config_from_json: Callable[[Mapping[str, object]], C],
    state_to_json: Callable[[S], dict[str, JSON]],
    state_from_json: Callable[[Mapping[str, object]], S],
) -> Codec[C, S]:
    """A game's :class:`~engine.manifest.Codec`, from its four functions in this order."""
    return Codec(
        config_to_json=config_to_json,
        config_from_json=config_from_json,
        state_to_json=state_to_json,
        state_from_json=state_from_json,
    )
