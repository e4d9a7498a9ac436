"""Euchre's information hiding as noninterference (:mod:`proofs.hiding`).

What each rule keeps from a seat, stated from the rules (never from
``observe``) [euchre.info.hidden, euchre.deal.kitty-hidden]: a player knows
their own cards, the up-card, every bid and every card played; the dealer
also knows the card laid down.  So, for a seat, these places are hidden:

* every other seat's hand, a sitting-out partner's included;
* the cards under the up-card, from everyone;
* the dealer's discard, from everyone but the dealer.

Any card in one of them may be exchanged with any card in another (the
hand sizes are public, so each place keeps its size), with one exception:
the up-card, once the dealer has taken it, is known to be with the dealer.
Under the printed rule [euchre.ruling.discard-up-card] it may be in the
dealer's hand or be the card laid down, so it moves only between those
two; under keep-up-card the dealer may not lay it down, so it stays in the
dealer's hand until played.  :func:`perturb` draws, for every state and
seat, a redistribution of all the hidden cards over the hidden places and
a single exchange between two of them.

One obligation per configuration family: the printed rules, the variant
lone-defender (two seats may sit out), and the variant openspiel (a stuck
dealer, the up-card kept, and a sitting-out dealer who still exchanges).

>>> import random
>>> from cardlaw.engine.euchre.game import EUCHRE
>>> from cardlaw.spec.euchre.actions import ORDER_UP
>>> from cardlaw.proofs.euchre.bids import dealt_with_up
>>> state = EUCHRE.apply(dealt_with_up(EUCHRE.config(), 3, 2), ORDER_UP[False])
>>> [change for _, change in perturb(state, 0, random.Random(1))][:1]
['the hidden cards dealt again over seat 1, seat 2, seat 3 and the undealt cards']
>>> all(EUCHRE.observe(other, 0) == EUCHRE.observe(state, 0)
...     for other, _ in perturb(state, 0, random.Random(1)))
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Final

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Obligation, Obligations
from cardlaw.proofs.hiding import noninterference
from cardlaw.spec.cards import CARD_BITS, bits
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, up_card_taken

__all__ = ["FAMILIES", "obligations", "perturb"]

FAMILIES: Final[Mapping[str, Mapping[str, bool]]] = {
    "default": {},
    "lone-defender": {"lone_defender": True},
    "openspiel": {k: bool(v) for k, v in EUCHRE.variants["openspiel"].items()},
}
"""The configuration families whose hiding is checked, by name, and their flags."""

_PLACE_NAMES: Final = ("seat 0", "seat 1", "seat 2", "seat 3", "the undealt cards", "the discard")
_KITTY: Final = 4
_DISCARD: Final = 5


def _places(state: EuchreState, seat: int) -> tuple[list[int], list[int]]:
    """The hidden places of ``seat`` (indices of :data:`_PLACE_NAMES`) and each one's cards."""
    masks = [*state.hands, state.kitty, CARD_BITS[state.discard] if state.discard >= 0 else 0]
    hidden = [s for s in range(len(state.hands)) if s != seat] + [_KITTY]
    if seat != state.dealer and state.discard >= 0:
        hidden.append(_DISCARD)
    return hidden, masks


def _pinned(state: EuchreState, seat: int) -> tuple[int, tuple[int, ...]]:
    """The up-card if it may not go just anywhere, and the places it may be in (none: stays)."""
    if not up_card_taken(state) or seat == state.dealer:
        return -1, ()
    up = state.upcard
    if not (state.hands[state.dealer] >> up & 1 or state.discard == up):
        return -1, ()  # played: public
    if state.config.keep_up_card or state.discard < 0:
        return up, ()
    return up, (state.dealer, _DISCARD)


def _rebuilt(state: EuchreState, masks: list[int]) -> EuchreState:
    discard = list(bits(masks[_DISCARD]))
    return state._replace(
        hands=tuple(masks[: len(state.hands)]),
        kitty=masks[_KITTY],
        discard=discard[0] if discard else -1,
    )


def _redealt(
    state: EuchreState, hidden: list[int], masks: list[int], up: int, homes: tuple[int, ...],
    rng: random.Random,
) -> EuchreState:  # fmt: skip
    """Every hidden card (but a pinned up-card) dealt again over the hidden places."""
    pool = [c for place in hidden for c in bits(masks[place]) if c != up]
    room = {place: masks[place].bit_count() for place in hidden}
    new = list(masks)
    for place in hidden:
        new[place] = 0
    if up >= 0:
        homes = tuple(p for p in homes if p in room)  # a place emptied by play holds nothing
        home = rng.choice(homes) if homes else next(p for p in hidden if masks[p] >> up & 1)
        room[home] -= 1
        new[home] |= CARD_BITS[up]
    rng.shuffle(pool)
    for place in hidden:
        for _ in range(room[place]):
            new[place] |= CARD_BITS[pool.pop()]
    return _rebuilt(state, new)


def perturb(state: EuchreState, seat: int, rng: random.Random) -> Iterator[tuple[EuchreState, str]]:
    """States that differ from ``state`` only in what ``seat`` may not know, each in words.

    First every hidden card dealt again over the hidden places (each keeping
    its size), then one card of a hidden place exchanged with one of another.
    """
    hidden, masks = _places(state, seat)
    up, homes = _pinned(state, seat)
    hidden = [p for p in hidden if masks[p]]  # an empty place stays empty
    if not hidden:
        return
    names = [_PLACE_NAMES[p] for p in hidden]
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
    yield (
        _redealt(state, hidden, masks, up, homes, rng),
        f"the hidden cards dealt again over {listed}",
    )
    filled = [p for p in hidden if masks[p] & ~(CARD_BITS[up] if up >= 0 else 0)]
    if len(filled) < 2:
        return
    a, b = rng.sample(filled, 2)
    x = rng.choice([c for c in bits(masks[a]) if c != up])
    y = rng.choice([c for c in bits(masks[b]) if c != up])
    new = list(masks)
    new[a] ^= CARD_BITS[x] | CARD_BITS[y]
    new[b] ^= CARD_BITS[x] | CARD_BITS[y]
    yield (
        _rebuilt(state, new),
        f"a card of {_PLACE_NAMES[a]} exchanged with one of {_PLACE_NAMES[b]}",
    )


def hidden_link(name: str, rules: EuchreRules = PRINTED_RULES, game: object = None) -> Obligation:
    """``euchre.hidden.<name>``: observe never depends on a card the seat may not see."""
    flags = FAMILIES[name]
    config = EuchreConfig(rules=rules, **flags)
    under = "" if name == "default" else f" under {name}"
    return noninterference(
        f"euchre.hidden.{name}",
        f"At every state of seeded whole games{under}, for every seat, dealing the cards it "
        "may not see again over the places it may not see (the other hands, the undealt "
        "cards, the dealer's discard but for the dealer; the up-card once taken only between "
        "the dealer's hand and the discard, or under keep-up-card nowhere), or exchanging two "
        "of them, leaves what the seat observes unchanged.",
        ("euchre.info.hidden", "euchre.deal.kitty-hidden", "euchre.ruling.discard-up-card",
         "euchre.bid.alone"),
        EUCHRE if game is None else game,  # type: ignore[arg-type]  # a game whose states are Euchre's
        config,
        perturb,
        engine=("engine.euchre.observe.observe",),
        variant="" if name == "default" else name,
    )  # fmt: skip


def obligations(rules: EuchreRules = PRINTED_RULES) -> Obligations:
    """One noninterference obligation per configuration family of :data:`FAMILIES`."""
    return tuple(hidden_link(name, rules) for name in FAMILIES)
