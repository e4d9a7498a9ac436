"""A shuffle dealt card by card through the adapters: which chance spaces are shuffles, and ids.

A *shuffle* is a chance space of every order of its ``items``, each equally
likely, whose outcomes are orders (:func:`shuffle_of`); :class:`Shuffle`
holds what dealing one card by card needs (:mod:`cardlaw.ecosystem.spot`
deals it).  Any other chance outcome has an id of its own: its seat or its
card (:func:`outcome_id`).
"""

from __future__ import annotations

from math import factorial
from operator import itemgetter
from typing import NamedTuple

from cardlaw.engine.chance import ChanceSpace
from cardlaw.spec.actions import OrderAction
from cardlaw.spec.errors import MalformedInput

__all__ = ["Shuffle", "outcome_id", "shuffle_of"]


def shuffle_of(space: ChanceSpace[object]) -> type[OrderAction[int]] | None:
    """The action type of a shuffle's outcomes, or ``None`` if ``space`` is not a shuffle.

    A shuffle has ``items``, one outcome for each of their orders (``n!``),
    and its outcomes are orders (:class:`~spec.actions.OrderAction`).

    >>> from cardlaw.engine.divide.deal import SHUFFLES
    >>> from cardlaw.engine.euchre.deal import SHUFFLES as EUCHRE_SHUFFLES
    >>> shuffle_of(SHUFFLES).__name__, shuffle_of(EUCHRE_SHUFFLES).__name__
    ('Shuffle', 'Shuffle')
    >>> from cardlaw.engine.chance import UniformChoice
    >>> shuffle_of(UniformChoice(("a", "b"))) is None
    True
    """
    items = getattr(space, "items", None)
    if not isinstance(items, tuple) or not items or space.size != factorial(len(items)):
        return None
    first = space.outcome(0)
    return type(first) if isinstance(first, OrderAction) else None


def outcome_id(action: object) -> int:
    """The id of a chance outcome that is not a card dealt: its seat, or its card.

    >>> from cardlaw.spec.divide.actions import ChooseDealer, Reveal
    >>> from cardlaw.spec.cards import Card
    >>> outcome_id(ChooseDealer(3)), outcome_id(Reveal(Card("7S")))
    (3, 23)
    """
    for name in ("seat", "card"):
        value = getattr(action, name, None)
        if isinstance(value, int):
            return int(value)
    raise MalformedInput(f"chance outcome {action!r} has no id")  # pragma: no cover


class Shuffle(NamedTuple):
    """What dealing one shuffle card by card needs, worked out once per chance space."""

    space: ChanceSpace[object]
    """The space (held, so that its ``id`` names it while it is cached)."""
    kind: type[OrderAction[int]] | None
    """The type of its outcomes (:func:`shuffle_of`); ``None``: not a shuffle."""
    cards: tuple[int, ...]
    """Its items by id, ascending: the cards to deal."""
    items: dict[int, int]
    """Id -> the item (to make cardlaw's order once the last card is dealt)."""

    size: int
    """One past the highest card id (for :func:`deal_odds`)."""

    def order(self, dealt: tuple[int, ...]) -> OrderAction[int]:
        """The outcome of the shuffle dealt in the order ``dealt`` (card ids, top first)."""
        assert self.kind is not None
        items = self.items
        return self.kind(itemgetter(*dealt)(items) if len(dealt) > 1 else (items[dealt[0]],))
