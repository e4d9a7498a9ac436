"""The form of a Divided Ranks position: its schema, and the document it lets through.

:mod:`engine.divided_ranks.position` checks a position against :func:`schema`
(every problem of form named at once, by its path), then reads it as a
:class:`Doc` and judges what it means.

>>> from cardlaw.spec.schema import problems
>>> [p.message for p in problems(schema(), {"first_splitter": 0, "split": {}})]
['give "drawn" (four cards) or "face_up" and "face_down"']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, NotRequired, TypedDict

from cardlaw.engine.positions import RULES_FIELD, CardsDoc, Deck, game_field, variants_field
from cardlaw.spec.divided_ranks.config import VARIANTS as _ALL_VARIANTS
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.schema import Bool, Choice, List, Nullable, Object, OneOf, Refine, Seat

__all__ = ["DECK", "VARIANTS", "Doc", "RoundDoc", "SplitDoc", "TurnDoc", "schema"]

DECK: Final = Deck(PACK_MASK, "the Divided Ranks pack")
"""The pack, as positions name it."""
_CARDS: Final = DECK.field()
_ONE_CARD: Final = DECK.field(example="JK", count=1)
VARIANTS: Final = {variant.name: variant.options for variant in _ALL_VARIANTS}
"""The options each variant sets, by name."""


class RoundDoc(TypedDict):
    """A finished round."""

    face_up: CardsDoc
    face_down: CardsDoc
    took: Literal["up", "down"]
    splitter: NotRequired[int]


class SplitDoc(TypedDict, total=False):
    """The round in progress: the cards drawn, or the pairs on offer."""

    drawn: CardsDoc
    face_up: CardsDoc
    face_down: CardsDoc


class TurnDoc(TypedDict, total=False):
    """A reserve turn (other than ``"keep"``)."""

    seat: int
    gave: CardsDoc
    took: CardsDoc
    keep: bool


class Doc(TypedDict):
    """A Divided Ranks position once the schema has passed it."""

    first_splitter: int
    game: NotRequired[str]
    variants: NotRequired[list[str]]
    rounds: NotRequired[list[RoundDoc]]
    split: NotRequired[SplitDoc | None]
    swaps: NotRequired[list[Literal["keep"] | TurnDoc]]
    reserve_first: NotRequired[int | None]
    reserve: NotRequired[CardsDoc | None]
    stock: NotRequired[CardsDoc | None]
    hands: NotRequired[list[CardsDoc] | None]
    to_move: NotRequired[int | Literal["chance"] | None]
    rules: NotRequired[dict[str, int]]


def _split_test(value: object) -> str | None:
    keys = set(value) if isinstance(value, Mapping) else set()
    if "drawn" in keys and keys & {"face_up", "face_down"}:
        return "give the four cards drawn, or the two pairs, not both"
    if "drawn" not in keys and keys != {"face_up", "face_down"}:
        return 'give "drawn" (four cards) or "face_up" and "face_down"'
    return None


def _turn_test(value: object) -> str | None:
    keys = set(value) if isinstance(value, Mapping) else set()
    keep = isinstance(value, Mapping) and value.get("keep") is True
    if keep and keys & {"gave", "took"}:
        return "a reserve turn keeps the hand or gives up a card, not both"
    if not keep and "gave" not in keys:
        return 'a reserve turn is "keep", or names the card the player "gave"'
    return None


def schema() -> Object:
    """The form of a Divided Ranks position."""
    seat = Seat(2)
    round_ = Object(
        {"face_up": _CARDS, "face_down": _CARDS, "took": Choice("up", "down")},
        optional={"splitter": seat},
    )
    split = Refine(
        Object(optional={"drawn": _CARDS, "face_up": _CARDS, "face_down": _CARDS}), _split_test
    )
    turn = OneOf(
        Choice("keep"),
        Refine(
            Object(optional={"seat": seat, "gave": _ONE_CARD, "took": _ONE_CARD, "keep": Bool()}),
            _turn_test,
        ),
    )
    return Object(
        {"first_splitter": seat},
        optional={
            "game": game_field("divided-ranks", "Divided Ranks"),
            "variants": variants_field(VARIANTS),
            "rounds": List(round_),
            "split": Nullable(split),
            "swaps": List(turn),
            "reserve_first": Nullable(seat),
            "reserve": Nullable(_ONE_CARD),
            "stock": Nullable(_CARDS),
            "hands": Nullable(List(_CARDS, 2, 2, what="a list of two hands, one per seat")),
            "to_move": Nullable(Seat(2, chance=True)),
            "rules": RULES_FIELD,
        },
    )
