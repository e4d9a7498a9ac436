"""Euchre's card encodings held to the engine, over their whole (tiny) domains.

* ``euchre.link.cards`` — every card under every trump: its effective suit;
  every trump: the two bowers; every 6-bit value: whether it is a Euchre
  card; every suit under every trump: its cards; every led card under every
  trump: the cards that follow it.
* ``euchre.link.card-order`` — every pair of Euchre cards, every led card,
  every trump (55,296 cases): the encoding's winning values order the two
  cards as the engine's do, give 0 to the same cards, and ``beats`` says the
  same.

The engine's functions are called through their module, so that a test can
break one in-process and watch the link refute it.

>>> from cardlaw.proofs.core import check
>>> report = check(cards_link())
>>> report.status, report.cases, report.mutants[0].caught
('proved', 388, True)
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

import z3

from cardlaw.engine.euchre import tricks
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.link import Columns, Table, columns, link, table
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = ["card_order_link", "cards_link", "obligations"]

SUITS: Final = "CDHS"
DECK: Final = tuple(c for c in range(52) if K.EUCHRE_DECK >> c & 1)
"""The 24 cards of the Euchre deck."""


def _card(c: int) -> str:
    return str(Card(c)) if 0 <= c < 52 else f"the value {c}"


def _cards_tables(p: Params) -> list[Table]:
    card, trump, s = z3.BitVec("card", E.CARD_BITS), z3.BitVec("trump", 2), z3.BitVec("suit", 2)
    mask = {"the cards": lambda m: str(CardSet(m)) or "nothing"}
    suit_name = {"the effective suit": lambda v: SUITS[v]}

    def under(case: tuple[int, ...]) -> Witness:
        return Witness(f"{_card(case[0])} under trump {SUITS[case[-1]]}")

    return [
        table(
            "proofs.euchre.encoding.effective_suit",
            [card, trump],
            [E.effective_suit(card, trump, p)],
            ("the effective suit",),
            [(c, t) for c in range(52) for t in range(4)],
            lambda case: (tricks.effective_suit(case[0], case[1]),),
            under,
            labels=suit_name,
        ),
        table(
            "proofs.euchre.encoding.right_bower",
            [trump],
            [E.right_bower(trump, p), E.left_bower(trump, p)],
            ("the right bower", "the left bower"),
            [(t,) for t in range(4)],
            lambda case: (tricks.RIGHT_BOWER[case[0]], tricks.LEFT_BOWER[case[0]]),
            lambda case: Witness(f"trump {SUITS[case[0]]}"),
            labels={"the right bower": _card, "the left bower": _card},
        ),
        table(
            "proofs.euchre.encoding.is_card",
            [card],
            [z3.If(E.is_card(card, p), 1, 0)],
            ("whether it is a Euchre card",),
            [(c,) for c in range(1 << E.CARD_BITS)],
            lambda case: (int(case[0] < 52 and K.EUCHRE_DECK >> case[0] & 1),),
            lambda case: Witness(_card(case[0])),
        ),
        table(
            "proofs.euchre.encoding.suit_cards",
            [s, trump],
            [E.suit_cards(s, trump, p)],
            ("the cards",),
            [(x, t) for x in range(4) for t in range(4)],
            lambda case: (tricks.suit_cards(case[0], case[1]),),
            lambda case: Witness(f"the suit {SUITS[case[0]]} under trump {SUITS[case[1]]}"),
            labels=mask,
        ),
        table(
            "proofs.euchre.encoding.follow_mask",
            [card, trump],
            [E.follow_mask(card, trump, p)],
            ("the cards",),
            [(c, t) for c in DECK for t in range(4)],
            lambda case: (tricks.follow_mask(case[0], case[1]),),
            lambda case: Witness(f"{_card(case[0])} led under trump {SUITS[case[1]]}"),
            labels=mask,
        ),
    ]


def cards_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.cards``: suits, bowers, the deck, suits' cards and following, exhaustively."""
    return link(
        "euchre.link.cards",
        "For every card and trump the encoding's effective suit is the engine's; for every "
        "trump its right and left bowers are the engine's; for every 6-bit value it is a "
        "Euchre card exactly when it is in the engine's deck; for every suit and trump the "
        "encoding's cards of that suit, and for every led card and trump the cards that "
        "follow it, are the engine's.",
        (
            "euchre.cards.left-bower",
            "euchre.cards.trump-order",
            "euchre.components.deck",
            "euchre.trick.follow-suit",
        ),
        _cards_tables,
        E.spec_params(rules=rules),
        Mutant(
            "euchre.mutant.link.left-bower-other-colour",
            "the encoding's left bower is the Jack of the other colour",
            {"same_colour": (1, 0, 3, 2)},
        ),
        engine=(
            "engine.euchre.tricks.effective_suit",
            "engine.euchre.tricks.suit_cards",
            "engine.euchre.tricks.follow_mask",
        ),
    )


@functools.cache
def _order_cases() -> tuple[Columns, Columns]:
    """Every pair of cards, led card and trump, and the engine's order of the pair.

    Cached for the process: the link and its mutant check the same cases.
    """
    rows, values = [], []
    for trump in range(4):
        for led in DECK:
            led_suit = tricks.effective_suit(led, trump)
            value = [tricks.winning_value(c, trump, led_suit) for c in range(52)]
            for a, b in itertools.product(DECK, repeat=2):
                rows.append((a, b, led, trump))
                values.append(
                    (int(value[a] > value[b]), int(value[a] == 0), int(value[a] > value[b]))
                )
    return columns(rows, 4), columns(values, 3)


def _order_tables(p: Params) -> list[Table]:
    a, b = z3.BitVec("a", E.CARD_BITS), z3.BitVec("b", E.CARD_BITS)
    led, trump = z3.BitVec("led", E.CARD_BITS), z3.BitVec("trump", 2)
    led_suit = E.effective_suit(led, trump, p)
    va, vb = E.winning_value(a, trump, led_suit, p), E.winning_value(b, trump, led_suit, p)
    inputs, expected = _order_cases()

    def show(case: tuple[int, ...]) -> Witness:
        x, y, lead, t = case
        text = f"{_card(x)} against {_card(y)}, {_card(lead)} led, trump {SUITS[t]}"
        if len({x, y, lead}) == 3:  # a trick the judge explains: led, then the two
            command = (
                f"cardlaw ask euchre trick --trump {SUITS[t]} --alone-seat 1 "
                f"{_card(lead)} {_card(x)} {_card(y)}"
            )
            text += f" (`{command}`)"
        return Witness(text, data={"case": case})

    return [
        Table(
            "proofs.euchre.encoding.winning_value",
            (a, b, led, trump),
            (z3.If(va > vb, 1, 0), z3.If(va == 0, 1, 0), z3.If(E.beats(a, b, led, trump, p), 1, 0)),
            (
                "whether the first ranks above the second",
                "whether the first can never win",
                "whether the first beats the second",
            ),
            inputs,
            expected,
            show,
        )
    ]


def card_order_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.card-order``: the encoding orders every pair of cards as the engine does."""
    return link(
        "euchre.link.card-order",
        "For every pair of Euchre cards, every led card and every trump (55,296 cases), the "
        "encoding's winning values rank the first above the second exactly when the engine's "
        "winning_value does, give no chance of winning to the same cards, and the rules' "
        "'beats' says the same.",
        ("euchre.cards.trump-order", "euchre.cards.plain-order", "euchre.trick.winner"),
        _order_tables,
        E.spec_params(rules=rules),
        Mutant(
            "euchre.mutant.link.left-above-right",
            "the encoding's left bower ranks above the right",
            {"trump_order": (("left",), ("right",), *E.spec_params()["trump_order"][2:])},
        ),
        engine=("engine.euchre.tricks.winning_value", "engine.euchre.tricks.effective_suit"),
    )


def obligations(rules: EuchreRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """The card links, in the order ``cardlaw verify`` runs them."""
    return (cards_link(rules), card_order_link(rules))
