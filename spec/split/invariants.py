"""Split's invariants: properties of every reachable state (and every step).

State invariants are predicates over one :class:`SplitState`; step
invariants relate a state to its successor.  The stateful tests check both
after every action; the proofs will encode the same properties.

>>> from cardlaw.spec.split.config import SplitConfig
>>> from cardlaw.spec.split.state import initial_state
>>> violations(INVARIANTS, initial_state(SplitConfig())._replace(discard=1))
['split.inv.card-conservation: cards are out before the deal']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from cardlaw.spec.domain import CardMask
from cardlaw.spec.invariants import Invariant, StepInvariant, placed_cards, violations
from cardlaw.spec.split.cards import DECK_MASK, STANDARD_MASK, WILD_MASK
from cardlaw.spec.split.constants import AID_CARDS, WILD_NUMBERS
from cardlaw.spec.split.state import CLOCKWISE, COUNTERCLOCKWISE, End, SplitState, Stage

__all__ = ["INVARIANTS", "STEP_INVARIANTS", "draw_mask", "violations"]

_AID_MASK: Final = sum(1 << aid for aid in AID_CARDS)
_CHANCE_STAGES: Final = (Stage.FIRST_DEALER, Stage.DEAL, Stage.RESHUFFLE)
_TURN_STAGES: Final = (Stage.MOVE, Stage.PLAY)


def draw_mask(state: SplitState) -> CardMask:
    """The mask of the cards in the draw pile.

    >>> from cardlaw.spec.split.config import SplitConfig
    >>> from cardlaw.spec.split.state import initial_state
    >>> draw_mask(initial_state(SplitConfig())._replace(draw=(3, 5)))
    40
    """
    mask = 0
    for card in state.draw:
        mask |= 1 << card
    return mask


def _dealt(state: SplitState) -> bool:
    return state.stage not in (Stage.FIRST_DEALER, Stage.DEAL)


def _card_conservation(state: SplitState) -> Iterator[str]:
    places = [(f"hand {p}", h) for p, h in enumerate(state.hands)]
    places += [
        ("draw pile", draw_mask(state)),
        ("discard pile", state.discard),
        ("table", state.table),
        ("aside", state.aside),
    ]
    if len(set(state.draw)) != len(state.draw):
        yield "a card is in the draw pile twice"
    if any(not 0 <= card <= DECK_MASK.bit_length() - 1 for card in state.draw):
        yield "the draw pile holds a card outside the deck"
    problems, seen = placed_cards(places, DECK_MASK, "the deck")
    yield from problems
    if _dealt(state):
        if seen != DECK_MASK:
            yield f"{(DECK_MASK & ~seen).bit_count()} cards are nowhere"
    elif seen & ~state.aside:
        yield "cards are out before the deal"


def _wild_cards(state: SplitState) -> Iterator[str]:
    if WILD_MASK.bit_count() != 13 or len(WILD_NUMBERS) != 13:
        yield "the deck does not have thirteen Wild/Reverse cards"
    if not _dealt(state):
        return
    wild = sum((h & WILD_MASK).bit_count() for h in state.hands)
    wild += sum(1 for card in state.draw if WILD_MASK >> card & 1)
    wild += ((state.discard | state.table | state.aside) & WILD_MASK).bit_count()
    if wild != 13:
        yield f"{wild} Wild/Reverse cards are in play, not 13"


def _between(low: int, card: int, high: int) -> bool:
    return min(low, high) < card < max(low, high)


def _piles(state: SplitState) -> Iterator[str]:
    left, right, middle, table = state.left, state.right, state.middle, state.table
    if left < 0 or right < 0:
        if (left, right, middle) != (-1, -1, -1) or table:
            yield "cards lie on the table without two piles"
        if state.stage in _TURN_STAGES:
            yield f"a turn ({state.stage.name}) is played without piles"
        return
    if state.stage in (Stage.BURY, Stage.RESHUFFLE):
        yield "piles lie on the table while a new opening is being made"
    if left == right:
        yield "both piles show the same card"
    cards = [left, right] + ([middle] if middle >= 0 else [])
    for card in cards:
        if not table >> card & 1:
            yield f"card {card} is shown on the table but is not there"
    if middle in (left, right):
        yield "the middle card is also a pile's top card"
    if state.stage == Stage.MOVE and middle < 0:
        yield "a move is due but the middle is empty"
    if state.stage == Stage.PLAY and middle >= 0:
        yield "a card is due but the middle is not empty"
    if table.bit_count() == 2 and middle < 0:
        # Straight after an opening: two standard cards, the lower on the left.
        if (STANDARD_MASK >> left & 1, STANDARD_MASK >> right & 1) != (1, 1):
            yield f"the piles {left} | {right} were opened with a Wild/Reverse card"
        if not left < right:
            yield f"the piles {left} | {right} were opened with the higher card on the left"


def _middle_between(state: SplitState) -> Iterator[str]:
    middle = state.middle
    standard = middle >= 0 and STANDARD_MASK >> middle & 1
    if standard and state.left >= 0 and not _between(state.left, middle, state.right):
        yield f"the standard card {middle} is not between the piles {state.left} | {state.right}"


def _finish(state: SplitState) -> Iterator[str]:
    end, hands, middle = state.end, state.hands, state.middle
    if (state.stage == Stage.OVER) != (end != End.NONE):
        yield f"stage {state.stage.name} does not fit the end {end.name}"
    if (end == End.WIN) != (state.winner >= 0):
        yield f"winner {state.winner} does not fit the end {end.name}"
    if end in (End.WIN, End.GROUP_WIN) and not (middle >= 0 and STANDARD_MASK >> middle & 1):
        yield "the game ended on a Wild/Reverse card"
    if end == End.WIN and hands[state.winner]:
        yield f"the winner, seat {state.winner}, still holds cards"
    if end == End.GROUP_WIN and any(hands):
        yield "the table won while a hand still holds cards"
    if end in (End.WIN, End.GROUP_WIN) and state.config.cooperative != (end == End.GROUP_WIN):
        yield f"end {end.name} does not fit the {state.config.mode} game"
    if end in (End.GROUP_LOSS,) and not state.config.cooperative:
        yield "a competitive game ended in a group loss"
    if state.stage in _TURN_STAGES or state.stage == Stage.BURY:
        if state.config.cooperative:
            if not hands[state.actor]:
                yield f"seat {state.actor} is to act with an empty hand"
        elif not all(hands):
            yield "a competitive game goes on after a hand was emptied"


def _seats(state: SplitState) -> Iterator[str]:
    n = state.players
    for name, seat in (("dealer", state.dealer), ("actor", state.actor), ("opener", state.opener)):
        if not -1 <= seat < n:
            yield f"{name} seat {seat} does not exist"
    nobody = state.stage in _CHANCE_STAGES or state.stage == Stage.OVER
    if nobody != (state.actor == -1):
        yield f"actor {state.actor} does not fit stage {state.stage.name}"
    if state.stage != Stage.FIRST_DEALER and state.dealer < 0:
        yield "there is no dealer"
    if state.stage in (Stage.BURY, Stage.RESHUFFLE) and state.opener < 0:
        yield "an opening is made by nobody"
    if state.stage == Stage.BURY and state.actor != state.opener:
        yield "someone other than the opener puts a card under the draw pile"
    if state.direction not in (CLOCKWISE, COUNTERCLOCKWISE):
        yield f"direction {state.direction} is not a direction"
    if n == 2 and state.direction != CLOCKWISE:
        yield "the direction changed in a two-player game"
    if not 0 <= state.turn <= state.config.max_turns:
        yield f"turn {state.turn} is outside 0..{state.config.max_turns}"
    if not 0 <= state.owed <= state.config.rules.reset_draw or (
        state.owed and state.stage != Stage.RESHUFFLE
    ):
        yield f"{state.owed} cards owed in stage {state.stage.name}"


def _aids(state: SplitState) -> Iterator[str]:
    config = state.config
    if not config.cooperative:
        if state.aside:
            yield "cards are set aside in the competitive game"
        return
    if state.aside & ~_AID_MASK:
        yield "a card other than the 0 and the 100 is set aside"
    used = _AID_MASK & ~state.aside
    if used & ~config.aid_mask:
        yield "an aid that may not be used has left its place beside the table"
    if used & ~state.table:
        yield "a used aid is not on the table"
    if state.discard:
        yield "a cooperative game has a discard pile"


def _bury(state: SplitState) -> Iterator[str]:
    if state.stage != Stage.BURY:
        return
    hand = state.hands[state.opener]
    if (hand & STANDARD_MASK).bit_count() >= 2:
        yield "the opener puts cards under while holding two standard cards"
    if not hand & WILD_MASK:
        yield "the opener has no wild card to put under"
    if not any(STANDARD_MASK >> card & 1 for card in state.draw):
        yield "cards are put under a draw pile without a standard card"


def _buried(state: SplitState) -> Iterator[str]:
    if state.buried < 0:
        yield f"{state.buried} cards put under"
    elif state.buried and state.stage not in (Stage.BURY, Stage.RESHUFFLE):
        yield f"{state.buried} cards counted as put under outside an opening"


INVARIANTS: Final = (
    Invariant(
        "split.inv.card-conservation",
        "Every card is in exactly one place: a hand, the draw pile, the discard pile, the "
        "table or beside it; after the deal all 101 are somewhere.",
        (
            "split.components.deck",
            "split.deal.seven",
            "split.deal.dealer-extra",
            "split.deal.draw-pile",
            "split.reset.discard",
        ),
        _card_conservation,
    ),
    Invariant(
        "split.inv.wild-cards",
        "The deck has thirteen Wild/Reverse cards, and all of them are somewhere.",
        ("split.cards.wild", "split.cards.standard"),
        _wild_cards,
    ),
    Invariant(
        "split.inv.piles",
        "During turns there are two piles whose top cards are on the table; straight after an "
        "opening both are standard cards, the lower on the left.",
        (
            "split.open.piles",
            "split.ruling.pile-sides",
            "split.reset.reopen",
            "split.turn.move-middle",
            "split.ruling.move-onto-pile",
        ),
        _piles,
    ),
    Invariant(
        "split.inv.middle-between",
        "A standard card in the middle lies strictly between the numbers of the two piles.",
        ("split.turn.play-between", "split.ruling.strictly-between"),
        _middle_between,
    ),
    Invariant(
        "split.inv.finish",
        "A game ends only on a standard card, with the winner's hand (or every hand) empty; "
        "while it runs nobody acts with an empty hand.",
        (
            "split.end.first-empty",
            "split.end.no-wild-finish",
            "split.coop.win",
            "split.coop.lose-on-reset",
            "split.ruling.coop-empty-hand",
        ),
        _finish,
    ),
    Invariant(
        "split.inv.seats",
        "Dealer, actor and opener are seats; chance acts exactly in the chance stages; the "
        "direction never changes with two players; the turn count stays within the limit.",
        (
            "split.setup.first-dealer",
            "split.setup.seating",
            "split.turn.order",
            "split.wild.two-players",
            "split.ruling.turn-limit",
        ),
        _seats,
    ),
    Invariant(
        "split.inv.aids",
        "Only the 0 and the 100 are set aside, and only in cooperative play; an aid that has "
        "left its place was allowed and is on the table.",
        ("split.coop.aids-aside", "split.coop.aid-use", "split.ruling.coop-harder"),
        _aids,
    ),
    Invariant(
        "split.inv.bury",
        "Cards go under the draw pile only from an opener short of standard cards, holding a "
        "wild card, and while the draw pile holds a standard card.",
        (
            "split.open.put-under",
            "split.ruling.put-under-card",
            "split.ruling.put-under-exhausted",
        ),
        _bury,
    ),
    Invariant(
        "split.inv.buried",
        "The count of cards put under is never negative and is 0 outside an opening.",
        ("split.ruling.put-under-round",),
        _buried,
    ),
)
"""The state invariants of Split."""


def _fresh_opening(before: SplitState, after: SplitState) -> bool:
    return (
        after.table.bit_count() == 2
        and after.middle < 0
        and after.left >= 0
        and before.table != after.table
    )


def _no_cheating(before: SplitState, after: SplitState) -> Iterator[str]:
    if not _fresh_opening(before, after):
        return
    hand = after.hands[after.opener] & STANDARD_MASK
    below = hand & ((1 << after.left) - 1)
    above = hand >> (after.right + 1)
    if below or above:
        yield (
            f"seat {after.opener} opened {after.left} | {after.right} but kept a lower or "
            "higher standard card"
        )


def _one_hand_changes(before: SplitState, after: SplitState) -> Iterator[str]:
    if before.stage in (Stage.FIRST_DEALER, Stage.DEAL):
        return
    mover = before.actor if before.actor >= 0 else before.opener
    for p, (was, now) in enumerate(zip(before.hands, after.hands, strict=True)):
        if p != mover and was != now:
            yield f"seat {p}'s hand changed on seat {mover}'s action"
        grown = now.bit_count() - was.bit_count()
        if grown > before.config.rules.reset_draw or grown < -2:
            yield f"seat {p}'s hand changed by {grown} cards in one step"


def _turns_count_up(before: SplitState, after: SplitState) -> Iterator[str]:
    if not 0 <= after.turn - before.turn <= 1:
        yield f"the turn count went from {before.turn} to {after.turn}"


def _after_reset(before: SplitState, after: SplitState) -> Iterator[str]:
    if not _fresh_opening(before, after) or after.stage != Stage.PLAY:
        return
    n = after.players
    if after.direction != CLOCKWISE:
        yield "play does not restart clockwise after an opening"
    if after.actor != (after.opener + 1) % n:
        yield f"seat {after.actor} plays after seat {after.opener}'s opening"


def _cooperative_progress(before: SplitState, after: SplitState) -> Iterator[str]:
    if not before.config.cooperative or before.stage not in _TURN_STAGES:
        return
    usable = before.config.aid_mask

    def supply(state: SplitState) -> int:
        return sum(h.bit_count() for h in state.hands) + (state.aside & usable).bit_count()

    was, now = supply(before), supply(after)
    if after.turn > before.turn and now != was - 1:
        yield f"a cooperative turn left {now} cards and aids, from {was}"
    if after.turn == before.turn and now != was:
        yield "cards or aids were spent without a turn"


STEP_INVARIANTS: Final = (
    StepInvariant(
        "split.step.no-cheating",
        "Whoever opens new piles opens them with the lowest and the highest standard card of "
        "their hand.",
        (
            "split.open.piles",
            "split.reset.reopen",
            "split.reset.cheating",
            "split.ruling.no-cheating",
        ),
        _no_cheating,
    ),
    StepInvariant(
        "split.step.one-hand",
        "Only the acting player's (or the opener's) hand changes, by at most three cards "
        "drawn or two cards laid down in one step.",
        ("split.turn.play-between", "split.reset.draw-three", "split.ruling.short-draw"),
        _one_hand_changes,
    ),
    StepInvariant(
        "split.step.turns",
        "The turn count never falls and grows by at most one per step.",
        ("split.ruling.turn-limit",),
        _turns_count_up,
    ),
    StepInvariant(
        "split.step.cooperative-progress",
        "In cooperative play every turn spends exactly one card from hand or one aid, and "
        "nothing else changes the cards in hand or the aids: a game lasts at most as many turns "
        "as there are cards in hand and aids after the opening.",
        ("split.ruling.turn-limit", "split.coop.aid-use", "split.coop.lose-on-reset"),
        _cooperative_progress,
    ),
    StepInvariant(
        "split.step.after-opening",
        "After an opening, play is clockwise and the opener's left neighbour plays.",
        ("split.open.first-player", "split.reset.fresh-start", "split.ruling.after-reset"),
        _after_reset,
    ),
)
"""The step invariants of Split."""
