"""Observation tensors: a seat's cardlaw observation as a fixed-size vector of numbers.

A game's tensor is a list of named *pieces* (:class:`Piece`: a shape and
the highest value any of its cells takes), laid end to end
(:class:`Layout`).  Its encoder reads one observation, made by cardlaw's
``observe``, and writes the cells that are not zero through a
:class:`Writer`; nothing else reaches it, so a tensor holds nothing the
seat may not know.  Cards are one cell each, at their position in the
game's deck; a seat or a stage is a one-hot row; a count is its value,
below the piece's ``high`` (the PettingZoo ``Box`` bounds come from there).

>>> from cardlaw.ecosystem.ids import Deck
>>> layout = Layout.of([Piece("hand", (3,)), Piece("score", (2,), high=10)])
>>> layout.size, layout.offsets["score"], layout.highs()
(5, 3, [1.0, 1.0, 1.0, 10.0, 10.0])
>>> out = Writer(layout, Deck((4, 8, 9)))
>>> out.cards("hand", 1 << 4)
>>> out.number("score", 7, at=1)
>>> out.dense()
[1.0, 0.0, 0.0, 0.0, 7.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import prod

from cardlaw.ecosystem.ids import Deck

__all__ = ["Layout", "Piece", "Writer", "trick_pieces"]


@dataclass(frozen=True, slots=True)
class Piece:
    """A named part of a tensor: its shape and the highest value of its cells."""

    name: str
    shape: tuple[int, ...]
    high: float = 1.0

    @property
    def size(self) -> int:
        """How many cells."""
        return prod(self.shape)


@dataclass(frozen=True, slots=True)
class Layout:
    """Pieces end to end: each piece's first cell, the tensor's size."""

    pieces: tuple[Piece, ...]
    offsets: dict[str, int] = field(compare=False)
    size: int = field(compare=False)

    @classmethod
    def of(cls, pieces: Iterable[Piece]) -> Layout:
        """The layout of ``pieces`` in order (names must differ)."""
        pieces = tuple(pieces)
        offsets: dict[str, int] = {}
        start = 0
        for piece in pieces:
            if piece.name in offsets:
                raise ValueError(f"two pieces are named {piece.name!r}")
            offsets[piece.name] = start
            start += piece.size
        return cls(pieces, offsets, start)

    def highs(self) -> list[float]:
        """The highest value of each cell, in order."""
        return [float(piece.high) for piece in self.pieces for _ in range(piece.size)]

    def piece(self, name: str) -> Piece:
        """The piece called ``name``."""
        return next(piece for piece in self.pieces if piece.name == name)


def trick_pieces(players: int, tricks: int, cards: int) -> list[Piece]:
    """The pieces of a round's tricks (:meth:`Writer.tricks`).

    Who played each card, in which trick, and who led each finished trick.
    """
    return [
        Piece("played_by", (players, cards)),
        Piece("played_in", (cards,), high=tricks),
        Piece("trick_leaders", (tricks, players)),
    ]


class Writer:
    """Collects the cells an encoder sets (every other cell is zero)."""

    __slots__ = ("deck", "index", "layout", "offsets", "positions", "value", "width")

    def __init__(self, layout: Layout, deck: Deck) -> None:
        self.layout = layout
        self.deck = deck
        self.offsets = layout.offsets
        self.positions = deck.index
        self.width = len(deck)
        self.index: list[int] = []
        self.value: list[float] = []

    def one(self, name: str, at: int, value: float = 1.0) -> None:
        """Set cell ``at`` (counted within the piece, row by row) to ``value``."""
        self.index.append(self.offsets[name] + at)
        self.value.append(value)

    def seat(self, name: str, seat: int | None, row: int = 0, width: int = 0) -> None:
        """A one-hot seat (nothing for ``None`` or -1); ``row`` of ``width`` for a 2-D piece."""
        if seat is not None and seat >= 0:
            self.index.append(self.offsets[name] + row * width + seat)
            self.value.append(1.0)

    def number(self, name: str, value: float, at: int = 0) -> None:
        """A count or a fraction at cell ``at`` (zero is left unset)."""
        if value:
            self.index.append(self.offsets[name] + at)
            self.value.append(float(value))

    def cards(self, name: str, mask: int, row: int = 0) -> None:
        """The cards of ``mask`` at their deck positions, in row ``row`` (of the deck's width)."""
        if not mask:
            return
        base = self.offsets[name] + row * self.width
        positions, index, value = self.positions, self.index, self.value
        while mask:
            low = mask & -mask
            index.append(base + positions[low.bit_length() - 1])
            value.append(1.0)
            mask ^= low

    def card(self, name: str, card: int | None, row: int = 0) -> None:
        """One card (nothing for ``None`` or -1), in row ``row``."""
        if card is not None and card >= 0:
            self.index.append(self.offsets[name] + row * self.width + self.positions[int(card)])
            self.value.append(1.0)

    def tricks(
        self,
        finished: Sequence[tuple[int, Sequence[int]]],
        current: Sequence[int],
        leader: int,
        players: int,
    ) -> None:
        """A round's tricks, in the pieces of :func:`trick_pieces`.

        Each card played is marked in its player's row of ``played_by`` and
        numbered in ``played_in`` by its trick (1 for the first; the trick in
        progress is the next number); ``trick_leaders`` has each finished
        trick's leader.  The order within a trick follows from its leader.
        """
        offsets, positions, width = self.offsets, self.positions, self.width
        by, where, leaders = offsets["played_by"], offsets["played_in"], offsets["trick_leaders"]
        index, value = self.index, self.value
        count = len(finished)
        for t in range(count + 1):
            lead, cards = finished[t] if t < count else (leader, current)
            if t < count:
                index.append(leaders + t * players + lead)
                value.append(1.0)
            number = float(t + 1)
            for i, card in enumerate(cards):
                at = positions[card]
                index.append(by + ((lead + i) % players) * width + at)
                index.append(where + at)
                value.append(1.0)
                value.append(number)

    def dense(self) -> list[float]:
        """The whole tensor as a list (for tests and doctests)."""
        out = [0.0] * self.layout.size
        for i, v in zip(self.index, self.value, strict=True):
            out[i] = v
        return out
