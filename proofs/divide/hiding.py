"""What a Divide player cannot see never changes what it observes (:mod:`proofs.hiding`).

``divide.hidden.<n>p``: along seeded whole games of ``n`` players, at every
state and for every seat, the cards whose place the seat may not know are
exchanged two at a time, between two different places (another seat's
hand, Trump Offering, secured cards, offers and kept cards, and the undealt
cards), and the seat's observation must not change.

What a seat may know is written here from the rules, clause by clause,
never from ``observe``:

* its own cards and choices: its hand, Trump Offering, secured cards, the
  two offers it made and the cards it kept [divide.info.hidden];
* each offer it received, once it picks it up: the left neighbour's when it
  first chooses, the right neighbour's after it kept from the left one, both
  once the Great Divide is complete (every seat has kept from both offers)
  [divide.divide.choose, divide.ruling.offer-order];
* the cards sent back to it, which are cards of its own offers: so where
  every card of its offers went [divide.divide.final-hand];
* the offering turned up, and every card played to a trick
  [divide.trump.reveal, divide.info.hidden].

Everything else is hidden: the other hands, the other offerings (the one
turned up excepted) [divide.trump.offerings-aside], the other secured
cards, offers between other seats and what they kept
[divide.divide.secrecy], and the undealt cards [divide.deal.undealt].  The
reading of a Trump Rank card's suit (the variant trump-rank-own-suit)
changes none of this, so the families are the player counts.

>>> from cardlaw.proofs.core import check
>>> report = check(hidden(4, games=1))
>>> report.status, report.cases > 1000, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Final

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.proofs.core import Obligation
from cardlaw.proofs.hiding import GAMES, completeness, noninterference
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState, Stage

__all__ = ["hidden", "known_cards", "obligations", "perturb", "reveal", "shown"]

PER_STATE: Final = 2
"""Exchanges drawn per state and seat."""

SHOWN_GAMES: Final = 1
"""Seeded whole games (four rounds each) for :func:`shown`: every state of one game already
puts each kind of card a seat may place (its own choices, the offers it picked up, the
offering turned up, the cards played) against each hidden place many times over."""


def _bits(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first.

    >>> _bits(0b1011 | 1 << 51 | 1 << 52)
    [0, 1, 3, 51]
    """
    mask &= (1 << 52) - 1
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def known_cards(state: DivideState, seat: int) -> int:
    """The cards whose place ``seat`` may know, by the rules (see the module docstring)."""
    n = state.players
    mask = state.hands[seat] | state.secured[seat] | state.offers_left[seat]
    mask |= state.offers_right[seat] | state.kept_left[seat] | state.kept_right[seat]
    if state.offerings[seat] >= 0:
        mask |= 1 << state.offerings[seat]
    complete = all(state.kept_right)
    choosing = state.stage == Stage.CHOOSE and state.actor == seat
    if complete or state.kept_left[seat] or choosing:
        mask |= state.offers_right[(seat + 1) % n]
    if complete or state.kept_right[seat] or (choosing and state.kept_left[seat]):
        mask |= state.offers_left[(seat - 1) % n]
    if state.trump >= 0:
        mask |= 1 << state.trump
    for card in state.trick:
        mask |= 1 << card
    for _, cards in state.tricks:
        for card in cards:
            mask |= 1 << card
    return mask


def _places(state: DivideState, seat: int) -> dict[str, list[int]]:
    """The cards hidden from ``seat``, by the place they are in."""
    known = known_cards(state, seat)
    places: dict[str, int] = {"the undealt cards": state.undealt}
    for q in range(state.players):
        if q == seat:
            continue
        offering = state.offerings[q]
        places[f"seat {q}'s hand"] = state.hands[q]
        places[f"seat {q}'s Trump Offering"] = 1 << offering if offering >= 0 else 0
        places[f"seat {q}'s secured cards"] = state.secured[q]
        places[f"seat {q}'s left offer"] = (
            state.offers_left[q] & ~state.kept_right[(q + 1) % state.players]
        )
        places[f"seat {q}'s right offer"] = (
            state.offers_right[q] & ~state.kept_left[(q - 1) % state.players]
        )
        places[f"what seat {q} kept"] = state.kept_left[q] | state.kept_right[q]
    out = {}
    for name, mask in places.items():
        hidden = _bits(mask & ~known)
        if hidden:
            out[name] = hidden
    return out


def _swap_card(card: int, a: int, b: int) -> int:
    return b if card == a else a if card == b else card


def _swap_mask(mask: int, a: int, b: int) -> int:
    has_a, has_b = mask >> a & 1, mask >> b & 1
    mask &= ~((1 << a) | (1 << b))
    return mask | has_a << b | has_b << a


def swapped(state: DivideState, a: int, b: int) -> DivideState:
    """``state`` with cards ``a`` and ``b`` exchanged wherever they are."""

    def masks(values: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(_swap_mask(m, a, b) for m in values)

    return state._replace(
        hands=masks(state.hands),
        undealt=_swap_mask(state.undealt, a, b),
        offerings=tuple(_swap_card(c, a, b) for c in state.offerings),
        secured=masks(state.secured),
        offers_left=masks(state.offers_left),
        offers_right=masks(state.offers_right),
        kept_left=masks(state.kept_left),
        kept_right=masks(state.kept_right),
        trump=_swap_card(state.trump, a, b),
        trick=tuple(_swap_card(c, a, b) for c in state.trick),
        tricks=tuple(
            (leader, tuple(_swap_card(c, a, b) for c in cards)) for leader, cards in state.tricks
        ),
    )


def perturb(state: DivideState, seat: int, rng: random.Random) -> Iterator[tuple[DivideState, str]]:
    """States differing from ``state`` only in what ``seat`` cannot see.

    Two hidden cards of two different places are exchanged (each place drawn
    with the same chance, then a card in it).
    """
    places = _places(state, seat)
    names = sorted(places)
    for _ in range(PER_STATE):
        if len(names) < 2:
            return
        first, second = rng.sample(names, 2)
        a, b = rng.choice(places[first]), rng.choice(places[second])
        yield swapped(state, a, b), f"exchanging a card of {first} with one of {second}"


def reveal(state: DivideState, seat: int, rng: random.Random) -> Iterator[tuple[DivideState, str]]:
    """States differing from ``state`` in where a card is that ``seat`` may place.

    A card the seat may place (:func:`known_cards`) is exchanged with a card
    it may not (one of a hidden place, drawn as :func:`perturb` draws them).
    """
    known = _bits(known_cards(state, seat))
    places = _places(state, seat)
    names = sorted(places)
    for _ in range(PER_STATE):
        if not known or not names:
            return
        a = rng.choice(known)
        name = rng.choice(names)
        b = rng.choice(places[name])
        yield (
            swapped(state, a, b),
            f"exchanging {CardSet(1 << a)}, which seat {seat} may place, with {CardSet(1 << b)} "
            f"of {name}",
        )


def hidden(players: int, rules: DivideRules = PRINTED_RULES, games: int = GAMES) -> Obligation:
    """``divide.hidden.<players>p``: hidden cards never change a seat's observation."""
    return noninterference(
        f"divide.hidden.{players}p",
        f"In {games} seeded whole games of {players} players, at every state and for every seat, "
        "exchanging two cards the seat may not place (another seat's hand, Trump Offering, "
        "secured cards, offers and kept cards, or the undealt cards; never its own cards and "
        "choices, the offers it picked up, where its own offers went, the offering turned up "
        "or a card played) leaves what the seat observes unchanged.",
        (
            "divide.info.hidden",
            "divide.divide.secrecy",
            "divide.trump.offerings-aside",
            "divide.deal.undealt",
            "divide.divide.choose",
            "divide.ruling.offer-order",
            "divide.divide.final-hand",
        ),
        DIVIDE,
        DivideConfig(players=players, rules=rules),
        perturb,
        engine=("engine.divide.observe.observe",),
        games=games,
        per_state=PER_STATE,
        params={"players": players, "rules": rules},
    )


def shown(players: int, rules: DivideRules = PRINTED_RULES, games: int = SHOWN_GAMES) -> Obligation:
    """``divide.shown.<players>p``: a seat's observation shows every card it may place."""
    return completeness(
        f"divide.shown.{players}p",
        f"In {games} seeded whole games of {players} players, at every state and for every seat, "
        "exchanging a card the seat may place (its own cards and choices, the offers it picked "
        "up, where its own offers went, the offering turned up, a card played) with one it may "
        "not changes what the seat observes: the observation drops nothing the rules show.",
        (
            "divide.info.hidden",
            "divide.divide.choose",
            "divide.ruling.offer-order",
            "divide.divide.final-hand",
            "divide.trump.reveal",
        ),
        DIVIDE,
        DivideConfig(players=players, rules=rules),
        reveal,
        engine=("engine.divide.observe.observe",),
        games=games,
        per_state=PER_STATE,
        params={"players": players, "rules": rules},
    )


def obligations(rules: DivideRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """Per player count the rules can deal for: noninterference and its converse."""
    out: list[Obligation] = []
    for players in (4, 5):
        try:
            DivideConfig(players=players, rules=rules)
        except ValueError:
            continue
        out += (hidden(players, rules), shown(players, rules))
    return tuple(out)
