"""Integer action ids: every action of a game as one whole number, the same in every adapter.

OpenSpiel and PettingZoo name an action by an integer from 0 to
``num_distinct_actions - 1``.  A game's ids are laid out in *blocks*, one
per kind of action (:class:`Block`), one after the other in a fixed order;
the layout depends only on the configuration (a changed rule number can
change a block's size), never on the state.  Inside a block:

* a card (a play, an offer, a discard, a swap) is its card's position in
  the game's deck (:class:`Deck`): a card's id is the same in every state;
* a set of cards chosen from a group (cards to secure from the hand, one
  side of a split) is the *colex rank* of the cards' positions within that
  group, lowest card first (:func:`colex_rank`): the group is named by the
  block (the mover's hand, the offer being resolved, the cards being split),
  so the same id means the same choice in every state where the mover holds
  the same group;
* a fixed choice (pass, take the face-up pair, a suit) is its place in a
  short list.

Chance outcomes have ids of their own (:mod:`cardlaw.ecosystem.chance`).

>>> colex_rank((0, 1)), colex_rank((0, 2)), colex_rank((1, 2)), colex_rank((0, 3))
(0, 1, 2, 3)
>>> [colex_unrank(r, 2) for r in range(4)]
[(0, 1), (0, 2), (1, 2), (0, 3)]
>>> positions(0b1011_0100, 0b1010_0000), within(0b1011_0100, (1, 3))
((2, 3), 144)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from math import comb
from operator import index
from typing import Any, Final, cast

from spec.errors import IllegalAction, MalformedInput

__all__ = [
    "Block",
    "Codec",
    "Deck",
    "card_block",
    "colex_rank",
    "colex_unrank",
    "fixed_block",
    "positions",
    "refused",
    "subset_block",
    "subset_rank",
    "subset_ranks",
    "within",
]


@lru_cache(maxsize=256)
def _places(group: int) -> dict[int, int]:
    """Each card of the mask ``group``, as its bit, -> its position in the group (lowest 0)."""
    out: dict[int, int] = {}
    index = 0
    while group:
        low = group & -group
        out[low] = index
        group ^= low
        index += 1
    return out


def subset_rank(group: int, chosen: int) -> int:
    """The colex rank of the positions in mask ``group`` of the cards of mask ``chosen``.

    ``colex_rank(positions(group, chosen))`` made quicker for a listing of
    many subsets of one group (the group's positions are made once); every
    card of ``chosen`` must be in ``group``.

    >>> group, chosen = 0b1011_0110, 0b1010_0010
    >>> subset_rank(group, chosen) == colex_rank(positions(group, chosen)) == 7
    True
    """
    places = _places(group)
    rank = 0
    size = 1
    while chosen:
        low = chosen & -chosen
        rank += comb(places[low], size)
        chosen ^= low
        size += 1
    return rank


_COMB: Final = tuple(tuple(comb(n, k) for k in range(1, 65)) for n in range(65))
"""``_COMB[n][k - 1]`` is ``comb(n, k)``, for the ranks of subsets of up to 64 cards."""


def subset_ranks(group: int, chosen: Sequence[int], k: int) -> list[int | None]:
    """:func:`subset_rank` of each mask of ``chosen`` (``None``: not ``k`` cards of ``group``).

    >>> subset_ranks(0b1011_0110, [0b1010_0010, 0b0011_0000, 0b0100_0001], 3)
    [7, None, None]
    """
    if group.bit_length() > len(_COMB):  # pragma: no cover - no game has so many cards
        return [None if c & ~group or c.bit_count() != k else subset_rank(group, c) for c in chosen]
    table = _COMB
    outside = ~group
    out: list[int | None] = []
    append = out.append
    for cards in chosen:
        mask = cards
        if mask & outside or mask.bit_count() != k:
            append(None)
            continue
        rank = 0
        size = 0
        while mask:
            low = mask & -mask
            rank += table[(group & (low - 1)).bit_count()][size]  # its position in the group
            mask ^= low
            size += 1
        append(rank)
    return out


def colex_rank(chosen: Sequence[int]) -> int:
    """The rank of a set of positions (increasing) in colexicographic order.

    The sum of ``C(p_i, i + 1)`` over the positions: the sets of ``k``
    positions below ``n`` take the ranks ``0 .. C(n, k) - 1``, whatever ``n``.
    """
    return sum(comb(p, i + 1) for i, p in enumerate(chosen))


@cache
def colex_unrank(rank: int, k: int) -> tuple[int, ...]:
    """The ``k`` positions of colex rank ``rank`` (the inverse of :func:`colex_rank`)."""
    out: list[int] = []
    for i in range(k, 0, -1):
        p = i - 1
        while comb(p + 1, i) <= rank:
            p += 1
        out.append(p)
        rank -= comb(p, i)
    return tuple(reversed(out))


def positions(group: int, chosen: int) -> tuple[int, ...]:
    """The positions (lowest card first) in the mask ``group`` of the cards of mask ``chosen``."""
    out = []
    index = 0
    while group:
        low = group & -group
        if chosen & low:
            out.append(index)
        group ^= low
        index += 1
    return tuple(out)


def within(group: int, chosen: Sequence[int]) -> int:
    """The mask of the cards at ``chosen`` positions of the mask ``group``; -1 if one is past it."""
    wanted = set(chosen)
    out = 0
    index = 0
    while group and wanted:
        low = group & -group
        if index in wanted:
            out |= low
            wanted.discard(index)
        group ^= low
        index += 1
    return -1 if wanted else out


@dataclass(frozen=True, slots=True)
class Deck:
    """A game's cards, each at a fixed position: card ``cards[i]`` is position ``i``.

    >>> deck = Deck((5, 9, 12))
    >>> deck.position(9), deck.card(2), len(deck), deck.position(7)
    (1, 12, 3, -1)
    """

    cards: tuple[int, ...]

    @property
    def index(self) -> dict[int, int]:
        """Card -> position."""
        return _index(self.cards)

    def position(self, card: int) -> int:
        """The card's position, -1 for a card outside the deck."""
        return self.index.get(int(card), -1)

    def card(self, position: int) -> int:
        """The card at ``position``."""
        return self.cards[position]

    def __len__(self) -> int:
        return len(self.cards)


@cache
def _index(cards: tuple[int, ...]) -> dict[int, int]:
    return {card: i for i, card in enumerate(cards)}


@dataclass(frozen=True, slots=True)
class Block:
    """One kind of action and its ids.

    ``kinds`` are the action classes of the block; ``encode(state, action)``
    is the action's index within the block (``None`` if the block cannot
    name it); ``decode(state, index)`` the action at an index (it raises
    :class:`~spec.errors.IllegalAction` under ``clause`` when the index names
    no action in that state: a position past the mover's cards).
    ``meaning`` documents the block (the pages of the docs show it).
    ``many(state, actions)``, if given, is ``encode`` of each of many
    actions of the block's kinds at once (what the state holds worked out
    once, no call per action); it answers ``None`` or an index inside the
    block, never one past it.
    """

    name: str
    size: int
    kinds: tuple[type, ...]
    encode: Callable[[Any, Any], int | None]
    decode: Callable[[Any, int], Any]
    clause: str
    meaning: str
    many: Callable[[Any, Sequence[Any]], list[int | None]] | None = None


@dataclass(frozen=True, slots=True)
class Codec:
    """A game's action ids under one configuration: its blocks, in order.

    >>> from spec.divide.actions import PLAYS, Play
    >>> block = Block("play", 52, (Play,), lambda s, a: int(a.card), lambda s, i: PLAYS[i],
    ...               "divide.trick.clockwise", "the card")
    >>> codec = Codec("demo", (block,))
    >>> codec.size, codec.encode(None, PLAYS[23]), codec.decode(None, 23)
    (52, 23, Play(card=Card('7S')))
    >>> codec.decode(None, 52)
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: demo has no action id 52 (ids run from 0 to 51)
    """

    game: str
    blocks: tuple[Block, ...]
    starts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Each block's first id."""
    size: int = field(init=False, repr=False, compare=False)
    """How many ids there are (OpenSpiel's ``num_distinct_actions``)."""
    _by_kind: dict[type, tuple[int, Block]] = field(init=False, repr=False, compare=False)
    _kinds: dict[str, frozenset[type]] = field(init=False, repr=False, compare=False)
    """Each block's kinds, as a set."""

    def __post_init__(self) -> None:
        starts: list[int] = []
        start = 0
        by_kind: dict[type, tuple[int, Block]] = {}
        for block in self.blocks:
            starts.append(start)
            for kind in block.kinds:
                by_kind.setdefault(kind, (start, block))
            start += block.size
        object.__setattr__(self, "starts", tuple(starts))
        object.__setattr__(self, "size", start)
        object.__setattr__(self, "_by_kind", by_kind)
        kinds = {block.name: frozenset(block.kinds) for block in self.blocks}
        object.__setattr__(self, "_kinds", kinds)

    def encode(self, state: Any, action: Any) -> int:
        """The id of ``action`` in ``state``."""
        found = self._by_kind.get(type(action))
        if found is not None:
            start, block = found
            index = block.encode(state, action)
            if index is not None and 0 <= index < block.size:
                return start + index
        raise MalformedInput(f"{self.game} has no action id for {action!r} here")

    def listing(self, state: Any, actions: Sequence[Any]) -> tuple[tuple[int, ...], dict[int, Any]]:
        """The ids of ``actions`` (the legal actions of ``state``), ascending, and id -> action.

        The same ids as :meth:`encode` gives one by one (actions all of one
        block are encoded together, by its ``many``); two actions sharing an
        id is a fault of the blocks (:class:`~spec.errors.MalformedInput`).
        """
        first = self._by_kind.get(type(actions[0])) if actions else None
        by_id: dict[int, Any] | None = None
        many = None if first is None else first[1].many
        if first is not None and many is not None:
            start, block = first
            if set(map(type, actions)) <= self._kinds[block.name]:
                found = many(state, actions)
                if None not in found:  # each index is inside the block (``many``'s promise)
                    ranks = cast(list[int], found)  # a short one is caught below
                    by_id = dict(zip(map(start.__add__, ranks), actions, strict=False))
        if by_id is None:
            by_id = {self.encode(state, action): action for action in actions}
        if len(by_id) != len(actions):
            raise MalformedInput(f"{self.game}: two legal actions share an id here")
        return tuple(sorted(by_id)), by_id

    def number(self, action_id: object) -> int:
        """``action_id`` as an ``int``, if it is a whole number (a numpy integer too) in range."""
        if isinstance(action_id, bool):
            raise MalformedInput(f"an action id is a whole number, not {action_id!r}")
        if isinstance(action_id, int):
            number = action_id
        else:
            try:
                number = index(action_id)  # type: ignore[arg-type]  # numpy integers
            except TypeError:
                number = _whole(action_id)
        if not 0 <= number < self.size:
            raise MalformedInput(
                f"{self.game} has no action id {number} (ids run from 0 to {self.size - 1})"
            )
        return number

    def decode(self, state: Any, action_id: object) -> Any:
        """The action of id ``action_id`` in ``state``.

        An id that is not a whole number in range is malformed input
        (:meth:`number`); an id whose block names nothing in this state (a
        position past the mover's cards) is an
        :class:`~spec.errors.IllegalAction` naming the block's clause.
        Whether the action is legal is the rules' to say.
        """
        number = self.number(action_id)
        starts = self.starts
        at = bisect_right(starts, number) - 1
        while self.blocks[at].size == 0:  # pragma: no cover - empty blocks never hold an id
            at -= 1
        block = self.blocks[at]
        return block.decode(state, number - starts[at])

    def describe(self) -> list[tuple[str, int, int, str]]:
        """Each block as (name, first id, last id, meaning): the table the docs print."""
        return [
            (block.name, start, start + block.size - 1, block.meaning)
            for start, block in zip(self.starts, self.blocks, strict=True)
            if block.size
        ]


def _whole(action_id: object) -> int:
    """A whole number that is not an integer type (``2.0``) as an ``int``; anything else refused."""
    try:
        number: int = int(action_id)  # type: ignore[call-overload]  # any object: int() refuses
    except (TypeError, ValueError, OverflowError):
        raise MalformedInput(f"an action id is a whole number, not {action_id!r}") from None
    if number != action_id:
        raise MalformedInput(f"an action id is a whole number, not {action_id!r}")
    return number


def refused(clause: str, text: str) -> IllegalAction:
    """The error of an id that names nothing in this state."""
    return IllegalAction(text, clause=clause)


def card_block(
    name: str,
    kinds: tuple[type, ...],
    deck: Deck,
    make: Callable[[int], Any],
    clause: str,
    meaning: str,
) -> Block:
    """A block of one id per card of ``deck``: the action ``make(card)``.

    >>> from spec.euchre.actions import PLAYS, Play
    >>> block = card_block("play", (Play,), Deck((28, 39)), PLAYS.__getitem__, "x", "x")
    >>> block.size, block.encode(None, PLAYS[39]), block.decode(None, 0)
    (2, 1, Play(card=Card('9C')))
    """
    index = deck.index

    def encode(state: Any, action: Any) -> int | None:
        return index.get(int(action.card))

    def decode(state: Any, at: int) -> Any:
        return make(deck.card(at))

    def many(state: Any, actions: Sequence[Any]) -> list[int | None]:
        return [index.get(action.card) for action in actions]

    return Block(name, len(deck), kinds, encode, decode, clause, meaning, many)


def subset_block(
    name: str,
    kinds: tuple[type, ...],
    group: Callable[[Any], int],
    chosen: Callable[[Any], int],
    make: Callable[[Any, int], Any],
    size: tuple[int, int],
    clause: str,
    meaning: str,
) -> Block:
    """A block of the ``k``-card subsets of a group of at most ``n`` cards, ``size = (n, k)``.

    ``group(state)`` is the group's mask (the mover's hand, an offer),
    ``chosen(action)`` the action's cards, ``make(state, mask)`` the action
    choosing the cards of ``mask``.  An id is the colex rank of the chosen
    cards' positions in the group (:func:`colex_rank`).

    >>> from spec.cards import CardSet
    >>> from spec.divide.actions import Secure
    >>> block = subset_block("secure", (Secure,), lambda s: s, lambda a: a.cards.mask,
    ...                      lambda s, m: Secure(CardSet(m)), (4, 2), "divide.divide.secure", "x")
    >>> hand = CardSet("2C 5C 7H AS").mask
    >>> block.size, block.encode(hand, Secure(CardSet("5C 7H"))), block.decode(hand, 2).text
    (6, 2, 'secure 7H 5C')
    >>> block.decode(CardSet("2C 5C").mask, 2)
    Traceback (most recent call last):
    ...
    spec.errors.IllegalAction: secure id 2 names positions (1, 2) of a group of 2 cards \
[divide.divide.secure]
    """
    n, k = size

    def encode(state: Any, action: Any) -> int | None:
        cards, among = chosen(action), group(state)
        if cards & ~among or cards.bit_count() != k:
            return None
        return subset_rank(among, cards)

    def many(state: Any, actions: Sequence[Any]) -> list[int | None]:
        among = group(state)
        if among.bit_count() > n:  # ranks could pass the block: one by one, each checked
            return [None for _ in actions]
        return subset_ranks(among, [chosen(action) for action in actions], k)

    def decode(state: Any, at: int) -> Any:
        picked = colex_unrank(at, k)
        among = group(state)
        mask = within(among, picked)
        if mask < 0:
            raise refused(
                clause,
                f"{name} id {at} names positions {picked} of a group of {among.bit_count()} cards",
            )
        return make(state, mask)

    return Block(name, comb(n, k), kinds, encode, decode, clause, meaning, many=many)


def fixed_block(name: str, actions: Sequence[Any], clause: str, meaning: str) -> Block:
    """A block of a few fixed actions, in the order given (compared by equality)."""
    listed = tuple(actions)
    kinds = tuple(dict.fromkeys(type(action) for action in listed))
    index = {(type(action), action): at for at, action in enumerate(listed)}

    def encode(state: Any, action: Any) -> int | None:
        return index.get((type(action), action))

    def many(state: Any, actions: Sequence[Any]) -> list[int | None]:
        return [index.get((type(action), action)) for action in actions]

    def decode(state: Any, at: int) -> Any:
        return listed[at]

    return Block(name, len(listed), kinds, encode, decode, clause, meaning, many)
