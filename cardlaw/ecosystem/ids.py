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
from functools import cache
from math import comb
from operator import index
from typing import Any, Generic, Protocol, TypeAlias, TypeVar

from cardlaw.ecosystem.subsets import every_subset_ranks, subset_rank, subset_ranks
from cardlaw.spec.errors import IllegalAction, MalformedInput

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

S = TypeVar("S")
"""A game's state (what a block reads the mover's cards from)."""
A = TypeVar("A")
"""An action: of one block's kinds, or (for a :class:`Codec`) any action of the game."""


class Carded(Protocol):
    """An action naming one card (a play, an offer): what :func:`card_block` reads."""

    @property
    def card(self) -> int:
        """The card, an ``int`` (a :class:`~spec.cards.Card` is one)."""
        ...


K = TypeVar("K", bound=Carded)
"""An action of a card block."""


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
class Block(Generic[S, A]):
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
    block, never one past it.  ``fixed``, if given, is the action at each
    index where that is the same in every state (a card's play, a bid): the
    codec then knows those very objects by identity, with no call at all.
    ``whole(state, actions)``, if given, answers the indexes of ``actions``
    when they are the block's whole choice in the engine's order (a
    table's, shared: :func:`~cardlaw.ecosystem.subsets.every_subset_ranks`),
    else ``None``; their ids are then the block's first ones.
    """

    name: str
    size: int
    kinds: tuple[type, ...]
    encode: Callable[[S, A], int | None]
    decode: Callable[[S, int], A]
    clause: str
    meaning: str
    many: Callable[[S, Sequence[A]], list[int | None]] | None = None
    fixed: tuple[A, ...] = ()
    whole: Callable[[S, Sequence[A]], tuple[int, ...] | None] | None = None


AnyBlock: TypeAlias = Block[S, Any]
"""A block of a game of state ``S``, over actions of its own kinds (:attr:`Codec.blocks`)."""


@dataclass(frozen=True, slots=True)
class Codec(Generic[S, A]):
    """A game's action ids under one configuration: its blocks, in order.

    >>> from cardlaw.spec.divide.actions import PLAYS, Play
    >>> block = Block("play", 52, (Play,), lambda s, a: int(a.card), lambda s, i: PLAYS[i],
    ...               "divide.trick.clockwise", "the card")
    >>> codec = Codec("demo", (block,))
    >>> codec.size, codec.encode(None, PLAYS[23]), codec.decode(None, 23)
    (52, 23, Play(card=Card('7S')))
    >>> codec.decode(None, 52)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: demo has no action id 52 (ids run from 0 to 51)
    """

    game: str
    blocks: tuple[AnyBlock[S], ...]
    """The blocks, each over actions of its own kinds (among ``A``, unnamed: ``Any``).

    The codec hands a block only actions of its ``kinds``, so each block's
    action type is its own; Python's types cannot say "some kind of ``A``
    for each block", hence ``Any`` for it here, and only here."""
    starts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Each block's first id."""
    size: int = field(init=False, repr=False, compare=False)
    """How many ids there are (OpenSpiel's ``num_distinct_actions``)."""
    _by_kind: dict[type, tuple[int, AnyBlock[S]]] = field(init=False, repr=False, compare=False)
    _kinds: dict[str, frozenset[type]] = field(init=False, repr=False, compare=False)
    """Each block's kinds, as a set."""
    _fixed: dict[int, int] = field(init=False, repr=False, compare=False)
    """``id(action)`` -> its id, for the blocks' ``fixed`` actions (held by the blocks, so
    no other object can have their ``id``), each where :meth:`encode` would name it."""
    fixed: tuple[A | None, ...] = field(init=False, repr=False, compare=False)
    """Id -> the action :meth:`decode` gives in every state (a block's ``fixed``), else ``None``."""

    def __post_init__(self) -> None:
        starts: list[int] = []
        start = 0
        by_kind: dict[type, tuple[int, AnyBlock[S]]] = {}
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
        fixed: dict[int, int] = {}
        actions: list[A | None] = [None] * start
        for first, block in zip(starts, self.blocks, strict=True):
            for at, action in enumerate(block.fixed):
                actions[first + at] = action
                if by_kind.get(type(action), (0, None))[1] is block:
                    fixed.setdefault(id(action), first + at)
        object.__setattr__(self, "_fixed", fixed)
        object.__setattr__(self, "fixed", tuple(actions))

    def encode(self, state: S, action: A) -> int:
        """The id of ``action`` in ``state``."""
        found = self._by_kind.get(type(action))
        if found is not None:
            start, block = found
            index = block.encode(state, action)
            if index is not None and 0 <= index < block.size:
                return start + index
        raise MalformedInput(f"{self.game} has no action id for {action!r} here")

    def listing(
        self, state: S, actions: Sequence[A]
    ) -> tuple[tuple[int, ...], Sequence[int], Sequence[A]]:
        """The ids of ``actions`` (the legal actions of ``state``): ascending, and in their order.

        Returns the ids ascending, then each action's id in the order of
        ``actions``, and ``actions`` (so ``actions[numbers.index(i)]`` is the
        action of id ``i``).  The same ids as :meth:`encode` gives one by one:
        the blocks' ``fixed`` actions are known by identity, actions all of
        one block are encoded together by its ``many``.  Two actions sharing
        an id is a fault of the blocks (:class:`~spec.errors.MalformedInput`).
        """
        if not actions:
            return (), [], actions
        numbers: Sequence[int] | None = None
        fixed = self._fixed
        if id(actions[0]) in fixed:  # the game's own fixed actions, by identity
            try:
                numbers = list(map(fixed.__getitem__, map(id, actions)))
            except KeyError:  # another action among them
                numbers = None
            else:  # distinct: each object has its one id, and no game lists an action twice
                return tuple(sorted(numbers)), numbers, actions  # (tests/engine/test_contract.py)
        first = None if numbers is not None else self._by_kind.get(type(actions[0]))
        if first is not None and set(map(type, actions)) <= self._kinds[first[1].name]:
            start, block = first
            ranks = None if block.whole is None else block.whole(state, actions)
            if ranks is not None:  # the whole choice: the block's first ids, distinct
                listed, ascending = _whole_ids(start, ranks)
                return ascending, listed, actions
            found = None if block.many is None else block.many(state, actions)
            if found is not None and None not in found and len(found) == len(actions):
                # each inside the block (``many``'s); no ``None`` (just checked: no cast, no cost)
                numbers = list(map(start.__add__, found))  # type: ignore[arg-type]  # see above
        if numbers is None:
            numbers = [self.encode(state, action) for action in actions]
        if len(set(numbers)) != len(numbers):
            raise MalformedInput(f"{self.game}: two legal actions share an id here")
        return tuple(sorted(numbers)), numbers, actions

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

    def decode(self, state: S, action_id: object) -> A:
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
        action: A = block.decode(state, number - starts[at])
        return action

    def describe(self) -> list[tuple[str, int, int, str]]:
        """Each block as (name, first id, last id, meaning): the table the docs print."""
        return [
            (block.name, start, start + block.size - 1, block.meaning)
            for start, block in zip(self.starts, self.blocks, strict=True)
            if block.size
        ]


_WHOLE: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}


def _whole_ids(start: int, ranks: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ids of a whole choice's ranks (in the engine's order) and ascending (made once each).

    ``ranks`` is a table's, kept for good (so its ``id`` names it).
    """
    found = _WHOLE.get((start, id(ranks)))
    if found is None or found[0] is not ranks:
        found = _WHOLE[start, id(ranks)] = (
            ranks,
            tuple(start + rank for rank in ranks),
            tuple(range(start, start + len(ranks))),
        )
    return found[1], found[2]


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
    make: Callable[[int], K],
    clause: str,
    meaning: str,
) -> Block[S, K]:
    """A block of one id per card of ``deck``: the action ``make(card)``.

    >>> from cardlaw.spec.euchre.actions import PLAYS, Play
    >>> block = card_block("play", (Play,), Deck((28, 39)), PLAYS.__getitem__, "x", "x")
    >>> block.size, block.encode(None, PLAYS[39]), block.decode(None, 0)
    (2, 1, Play(card=Card('9C')))
    """
    index = deck.index

    def encode(state: S, action: K) -> int | None:
        return index.get(int(action.card))

    def decode(state: S, at: int) -> K:
        return make(deck.card(at))

    def many(state: S, actions: Sequence[K]) -> list[int | None]:
        return [index.get(action.card) for action in actions]

    fixed = tuple(make(card) for card in deck.cards)
    return Block(name, len(deck), kinds, encode, decode, clause, meaning, many, fixed)


def subset_block(
    name: str,
    kinds: tuple[type, ...],
    group: Callable[[S], int],
    chosen: Callable[[A], int],
    make: Callable[[S, int], A],
    size: tuple[int, int],
    clause: str,
    meaning: str,
) -> Block[S, A]:
    """A block of the ``k``-card subsets of a group of at most ``n`` cards, ``size = (n, k)``.

    ``group(state)`` is the group's mask (the mover's hand, an offer),
    ``chosen(action)`` the action's cards, ``make(state, mask)`` the action
    choosing the cards of ``mask``.  An id is the colex rank of the chosen
    cards' positions in the group (:func:`colex_rank`).

    >>> from cardlaw.spec.cards import CardSet
    >>> from cardlaw.spec.divide.actions import Secure
    >>> block = subset_block("secure", (Secure,), lambda s: s, lambda a: a.cards.mask,
    ...                      lambda s, m: Secure(CardSet(m)), (4, 2), "divide.divide.secure", "x")
    >>> hand = CardSet("2C 5C 7H AS").mask
    >>> block.size, block.encode(hand, Secure(CardSet("5C 7H"))), block.decode(hand, 2).text
    (6, 2, 'secure 7H 5C')
    >>> block.decode(CardSet("2C 5C").mask, 2)
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.IllegalAction: secure id 2 names positions (1, 2) of a group of 2 cards \
[divide.divide.secure]
    """
    n, k = size

    def encode(state: S, action: A) -> int | None:
        cards, among = chosen(action), group(state)
        if cards & ~among or cards.bit_count() != k:
            return None
        return subset_rank(among, cards)

    def many(state: S, actions: Sequence[A]) -> list[int | None]:
        among = group(state)
        if among.bit_count() > n:  # ranks could pass the block: one by one, each checked
            return [None for _ in actions]
        return subset_ranks(among, list(map(chosen, actions)), k)

    def whole(state: S, actions: Sequence[A]) -> tuple[int, ...] | None:
        among = group(state)
        if among.bit_count() > n:
            return None
        return every_subset_ranks(among, list(map(chosen, actions)), k)

    def decode(state: S, at: int) -> A:
        picked = colex_unrank(at, k)
        among = group(state)
        mask = within(among, picked)
        if mask < 0:
            raise refused(
                clause,
                f"{name} id {at} names positions {picked} of a group of {among.bit_count()} cards",
            )
        return make(state, mask)

    return Block(name, comb(n, k), kinds, encode, decode, clause, meaning, many=many, whole=whole)


def fixed_block(name: str, actions: Sequence[A], clause: str, meaning: str) -> Block[S, A]:
    """A block of a few fixed actions, in the order given (compared by equality)."""
    listed = tuple(actions)
    kinds = tuple(dict.fromkeys(type(action) for action in listed))
    index = {(type(action), action): at for at, action in enumerate(listed)}

    def encode(state: S, action: A) -> int | None:
        return index.get((type(action), action))

    def many(state: S, actions: Sequence[A]) -> list[int | None]:
        return [index.get((type(action), action)) for action in actions]

    def decode(state: S, at: int) -> A:
        return listed[at]

    return Block(name, len(listed), kinds, encode, decode, clause, meaning, many, listed)
