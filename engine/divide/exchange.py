"""The Great Divide: offering, securing, making offers, choosing from offers.

Each player acts in turn, clockwise from the first player, one stage at a
time [divide.ruling.secret-turns].  In the choosing stage each player
resolves the offer from the left neighbour, then the one from the right
[divide.ruling.offer-order].
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from cardlaw.engine.divide import fields as F
from cardlaw.engine.picking import Below, bit_at, subset_at, subsets
from cardlaw.spec.cards import CARD_BITS, CardSet, bits
from cardlaw.spec.divide.actions import OFFERS, Keep, Offer, Secure, Split
from cardlaw.spec.divide.constants import KEEP_SIZE, OFFER_SIZE, SECURE_SIZE
from cardlaw.spec.divide.state import DivideState, Stage
from cardlaw.spec.domain import CardMask, SeatId
from cardlaw.spec.errors import IllegalAction
from cardlaw.spec.parameters import spelled
from cardlaw.spec.trace import enforces

__all__ = [
    "apply_keep",
    "apply_offer",
    "apply_secure",
    "apply_split",
    "legal_keeps",
    "legal_offers",
    "legal_secures",
    "legal_splits",
    "offer_being_resolved",
    "pick_keep",
    "pick_offer",
    "pick_secure",
    "pick_split",
    "returned_cards",
    "subset_choice",
]


# The tables below are built on first use, not at import (deferred for start-up).
@cache
def _offer_sets() -> dict[int, CardSet]:
    """The shared CardSet of every possible offer (C(52, 3) = 22,100 of them)."""
    return {
        CARD_BITS[a] | CARD_BITS[b] | CARD_BITS[c]: CardSet(
            CARD_BITS[a] | CARD_BITS[b] | CARD_BITS[c]
        )
        for a, b, c in combinations(range(52), OFFER_SIZE)
    }


@cache
def _secures() -> dict[int, Secure]:
    """The shared Secure of every pair of cards, by mask."""
    return {
        CARD_BITS[a] | CARD_BITS[b]: Secure(CardSet(CARD_BITS[a] | CARD_BITS[b]))
        for a, b in combinations(range(52), SECURE_SIZE)
    }


@cache
def _keeps() -> dict[int, Keep]:
    """The shared Keep of every pair of cards, by mask."""
    return {mask: Keep(secure.cards) for mask, secure in _secures().items()}


# Under changed sizes (``--set SECURE_SIZE=...``) the actions are built as they are asked for:
# the shared tables above hold the printed sizes only.


def _secure_of(mask: int) -> Secure:
    found = _secures().get(mask)
    return Secure(CardSet(mask)) if found is None else found


def _keep_of(mask: int) -> Keep:
    found = _keeps().get(mask)
    return Keep(CardSet(mask)) if found is None else found


def _offer_of(mask: int) -> CardSet:
    found = _offer_sets().get(mask)
    return CardSet(mask) if found is None else found


def _next_actor(state: DivideState) -> tuple[int, bool]:
    """The next seat in this stage, and whether the stage is complete."""
    n = state.players
    nxt = (state.actor + 1) % n
    return nxt, nxt == (state.dealer + 1) % n


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces("divide.ruling.secret-turns", "divide.setup.seating")(_next_actor)


@enforces("divide.divide.offering")
def legal_offers(state: DivideState) -> tuple[Offer, ...]:
    """Any card of the nine may be offered."""
    return tuple([OFFERS[i] for i in bits(state.hands[state.actor])])


def pick_offer(state: DivideState, below: Below) -> Offer:
    """The offer at index ``below(n)`` of :func:`legal_offers`."""
    return OFFERS[bit_at(state.hands[state.actor], below)]


@enforces("divide.divide.offering", "divide.divide.secrecy")
def apply_offer(state: DivideState, action: Offer) -> DivideState:
    """Lay the offered card face down in the middle."""
    p = state.actor
    hand = state.hands[p]
    if not hand >> action.card & 1:
        raise IllegalAction(
            f"{action.card.pretty} is not in seat {p}'s hand", clause="divide.divide.offering"
        )
    nxt, done = _next_actor(state)
    fields = list(state)
    fields[F.STAGE] = Stage.SECURE if done else Stage.OFFERING
    fields[F.ACTOR] = nxt
    fields[F.HANDS] = _put(state.hands, p, hand & ~CARD_BITS[action.card])
    fields[F.OFFERINGS] = _put(state.offerings, p, int(action.card))
    return F.new_state(fields)


def _secure_choice(state: DivideState) -> tuple[int, int]:
    """What a secure is chosen from, and how many: the mover's hand, ``secure_size`` cards."""
    return state.hands[state.actor], state.config.rules.secure_size


@enforces("divide.divide.secure")
def legal_secures(state: DivideState) -> tuple[Secure, ...]:
    """Any two cards of the eight may be secured."""
    hand, size = _secure_choice(state)
    if size != SECURE_SIZE:
        return tuple([_secure_of(m) for m in subsets(hand, size)])
    secures = _secures()
    return tuple([secures[m] for m in subsets(hand, size)])


def pick_secure(state: DivideState, below: Below) -> Secure:
    """The secure at index ``below(n)`` of :func:`legal_secures`."""
    hand, size = _secure_choice(state)
    return _secure_of(subset_at(hand, size, below))


@enforces("divide.divide.secure", "divide.divide.secrecy")
def apply_secure(state: DivideState, action: Secure) -> DivideState:
    """Set two cards aside as secured."""
    p = state.actor
    hand, cards = state.hands[p], action.cards.mask
    size = state.config.rules.secure_size
    if cards & ~hand or cards.bit_count() != size:
        raise IllegalAction(
            f"seat {p} must secure {size} cards of its hand, not {action.cards.pretty}",
            clause="divide.divide.secure",
        )
    nxt, done = _next_actor(state)
    fields = list(state)
    fields[F.STAGE] = Stage.SPLIT if done else Stage.SECURE
    fields[F.ACTOR] = nxt
    fields[F.HANDS] = _put(state.hands, p, hand & ~cards)
    fields[F.SECURED] = _put(state.secured, p, cards)
    return F.new_state(fields)


def _split_choice(state: DivideState) -> tuple[int, int]:
    """What a left offer is chosen from, and how many: the mover's hand, ``offer_size`` cards."""
    return state.hands[state.actor], state.config.rules.offer_size


@enforces("divide.divide.offers")
def legal_splits(state: DivideState) -> tuple[Split, ...]:
    """Every way to split the six remaining cards into a left and a right offer."""
    hand, size = _split_choice(state)
    if size != OFFER_SIZE:
        return tuple([Split(_offer_of(m), _offer_of(hand ^ m)) for m in subsets(hand, size)])
    sets = _offer_sets()
    return tuple([Split(sets[left], sets[hand ^ left]) for left in subsets(hand, size)])


def pick_split(state: DivideState, below: Below) -> Split:
    """The split at index ``below(n)`` of :func:`legal_splits`."""
    hand, size = _split_choice(state)
    left = subset_at(hand, size, below)
    if size != OFFER_SIZE:
        return Split(_offer_of(left), _offer_of(hand ^ left))
    sets = _offer_sets()
    return Split(sets[left], sets[hand ^ left])


@enforces("divide.divide.offers", "divide.divide.secrecy")
def apply_split(state: DivideState, action: Split) -> DivideState:
    """Place the two offers face down towards the neighbours."""
    p = state.actor
    hand, left, right = state.hands[p], action.left.mask, action.right.mask
    size = state.config.rules.offer_size
    # The hand holds 2 x size cards, so two disjoint offers making it up are both the
    # right size as soon as one is.
    if left & right or (left | right) != hand or left.bit_count() != size:
        raise IllegalAction(
            f"seat {p} must split its {spelled(2 * size)} cards {CardSet(hand).pretty} into two "
            f"offers of {size}",
            clause="divide.divide.offers",
        )
    nxt, done = _next_actor(state)
    fields = list(state)
    fields[F.STAGE] = Stage.CHOOSE if done else Stage.SPLIT
    fields[F.ACTOR] = nxt
    fields[F.HANDS] = _put(state.hands, p, 0)
    fields[F.OFFERS_LEFT] = _put(state.offers_left, p, left)
    fields[F.OFFERS_RIGHT] = _put(state.offers_right, p, right)
    return F.new_state(fields)


def offer_being_resolved(state: DivideState) -> tuple[int, bool]:
    """The offer the actor must choose from now, and whether it is the left one.

    The left neighbour's offer to this seat is that neighbour's *right* offer.
    """
    p, n = state.actor, state.players
    if not state.kept_left[p]:
        return state.offers_right[(p + 1) % n], True
    return state.offers_left[(p - 1) % n], False


# Tagged by a call, not a decorator, so that compiled code calls it directly (engine.compiled).
enforces("divide.setup.seating", "divide.ruling.offer-order")(offer_being_resolved)


def _keep_choice(state: DivideState) -> tuple[int, int]:
    """What a keep is chosen from, and how many: the offer being resolved, ``keep_size`` cards."""
    return offer_being_resolved(state)[0], state.config.rules.keep_size


@enforces("divide.divide.choose", "divide.divide.independent", "divide.ruling.offer-order")
def legal_keeps(state: DivideState) -> tuple[Keep, ...]:
    """Any two cards of the offer being resolved may be kept."""
    offer, size = _keep_choice(state)
    if size != KEEP_SIZE:
        return tuple([_keep_of(m) for m in subsets(offer, size)])
    keeps = _keeps()
    return tuple([keeps[m] for m in subsets(offer, size)])


def pick_keep(state: DivideState, below: Below) -> Keep:
    """The keep at index ``below(n)`` of :func:`legal_keeps`."""
    offer, size = _keep_choice(state)
    return _keep_of(subset_at(offer, size, below))


def returned_cards(state: DivideState, seat: SeatId) -> CardMask:
    """The cards of ``seat``'s offers that the neighbours sent back."""
    n = state.players
    back_from_left = state.offers_left[seat] & ~state.kept_right[(seat + 1) % n]
    back_from_right = state.offers_right[seat] & ~state.kept_left[(seat - 1) % n]
    return back_from_left | back_from_right


@enforces(
    "divide.divide.choose",
    "divide.divide.independent",
    "divide.divide.final-hand",
    "divide.ruling.offer-order",
)
def apply_keep(state: DivideState, action: Keep) -> DivideState:
    """Keep two cards of the current offer; after the last choice, form the hands."""
    p = state.actor
    offer, is_left = offer_being_resolved(state)
    cards = action.cards.mask
    size = state.config.rules.keep_size
    if cards & ~offer or cards.bit_count() != size:
        later = state.offers_left[(p - 1) % state.players] if is_left else 0
        if cards and cards & ~later == 0:  # from the offer resolved second, and only from it
            raise IllegalAction(
                f"seat {p} resolves the offer from its left neighbour first, "
                f"{CardSet(offer).pretty}; {action.cards.pretty} are of the offer from its "
                f"right neighbour, {CardSet(later).pretty}, which comes second",
                clause="divide.ruling.offer-order",
            )
        raise IllegalAction(
            f"seat {p} must keep {size} cards of the offer {CardSet(offer).pretty}, "
            f"not {action.cards.pretty}",
            clause="divide.divide.independent" if cards & ~offer else "divide.divide.choose",
        )
    fields = list(state)
    if is_left:
        fields[F.KEPT_LEFT] = _put(state.kept_left, p, cards)
        return F.new_state(fields)
    fields[F.KEPT_RIGHT] = _put(state.kept_right, p, cards)
    nxt, done = _next_actor(state)
    if not done:
        fields[F.ACTOR] = nxt
        return F.new_state(fields)
    state = F.new_state(fields)
    fields[F.STAGE] = Stage.REVEAL
    fields[F.ACTOR] = -1
    fields[F.HANDS] = tuple(
        state.secured[q] | state.kept_left[q] | state.kept_right[q] | returned_cards(state, q)
        for q in range(state.players)
    )
    return F.new_state(fields)


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]


def subset_choice(state: DivideState) -> tuple[int, int] | None:
    """The group the mover chooses cards from now, and how many, where any that many are legal.

    What :func:`legal_secures`, :func:`legal_splits` (the left offer) and
    :func:`legal_keeps` list, every ``k``-card subset of the group, as a
    mask and ``k`` (the very pair they list from); ``None`` at any other
    stage.  A hook for the game-AI adapters (:mod:`cardlaw.ecosystem.masks`),
    which name the legal choices by id without making them;
    ``tests/ecosystem/test_hot_path.py`` holds it to the legal actions.

    >>> from cardlaw.spec.divide import DivideConfig, initial_state
    >>> subset_choice(initial_state(DivideConfig())) is None
    True
    """
    stage = state.stage
    if stage == Stage.SECURE:
        return _secure_choice(state)
    if stage == Stage.SPLIT:
        return _split_choice(state)
    if stage == Stage.CHOOSE:
        return _keep_choice(state)
    return None
