"""What Split's links share: the engine's side of a table, computed once, and how values read.

Each link (:mod:`proofs.split.links`, :mod:`proofs.split.links_order`,
:mod:`proofs.split.links_turn`, :mod:`proofs.split.links_opening`,
:mod:`proofs.split.links_draw`, :mod:`proofs.split.trace`) computes the
engine's side of its tables once per obligation (:func:`cached`), and its
mutants reuse it; :data:`MASKS` says how each output reads in a witness.

>>> made = []
>>> once = cached(lambda: made.append(1) or len(made))
>>> once(), once(), made
(1, 1, [1])
>>> MASKS["the next seat"](7), one_hot(1 << 45), yes_no(0)
('-1', '45', 'no')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Final, TypeVar

from cardlaw.proofs.link import columns
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.witnesses import cards_text
from cardlaw.spec.split.state import SplitState

__all__ = [
    "AID_SETS",
    "MASKS",
    "SEED",
    "EngineTable",
    "cached",
    "draw_mask",
    "engine_table",
    "key_by_hand",
    "one_hot",
    "yes_no",
]

T = TypeVar("T")
SEED: Final = 20261205
"""The seed of every sample the links draw."""

AID_SETS: Final = ((), (0,), (100,), (0, 100))
"""The aids a cooperative configuration may let players use."""

EngineTable = tuple[tuple[object, ...], tuple[object, ...]]
"""The columns of a table's cases and of the engine's values for them."""


def cached(make: Callable[[], T]) -> Callable[[], T]:
    """``make()``, made on the first call and kept: the engine's side of a link, for its mutants.

    A plain closure over ``make`` and a dict (not an object), so that the
    variant matrix sees two links built alike as the same check
    (:func:`proofs.matrix.reusable` compares closures' captured values).
    """
    store: dict[str, T] = {}

    def value() -> T:
        if "value" not in store:
            store["value"] = make()
        return store["value"]

    return value


def engine_table(
    rows: Sequence[Sequence[int]], values: Sequence[Sequence[int]], outputs: int
) -> EngineTable:
    """The columns of ``rows`` and of the engine's ``values`` for them."""
    width = len(rows[0]) if rows else 0
    return columns(rows, width), columns(values, outputs)


def one_hot(value: int) -> str:
    """A one-hot card value as its number."""
    return str(value.bit_length() - 1) if value else "no card"


def yes_no(value: int) -> str:
    """A Boolean output as a word."""
    return "yes" if value else "no"


MASKS: Final[Mapping[str, Callable[[int], str]]] = {
    "the direction": lambda v: "clockwise" if v else "counterclockwise",
    "the reset": yes_no,
    "reset allowed": yes_no,
    "wild": yes_no,
    "the moves": yes_no,
    "whether the player can play": yes_no,
    "the next seat": lambda v: str(v if v != E.NO_SEAT else -1),
    "the playable cards": cards_text,
    "the cards between": cards_text,
    "the cards that may be played": cards_text,
    "the aids that may be used": cards_text,
    "the lowest card": one_hot,
    "the highest card": one_hot,
    "the card": one_hot,
    "the left pile": one_hot,
    "the right pile": one_hot,
}


def key_by_hand(case: tuple[int, ...]) -> tuple[int, ...]:
    """Orders cases whose first input is a hand: the fewest cards first."""
    return (case[0].bit_count(), *case)


def draw_mask(state: SplitState) -> int:
    """The cards of the draw pile, as a mask."""
    return sum(1 << c for c in state.draw)
