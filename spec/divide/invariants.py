"""Divide's invariants: properties of every reachable state (and every step).

State invariants are predicates over one :class:`DivideState`; step
invariants relate a state to its successor.  The stateful tests check both
after every action; the proofs encode the same properties.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from cardlaw.spec.cards import DECK52, RANK_MASKS
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState, Stage
from cardlaw.spec.invariants import Invariant, StepInvariant, placed_cards, trick_cards, violations
from cardlaw.spec.parameters import spelled

__all__ = [
    "INVARIANTS",
    "STEP_INVARIANTS",
    "played_cards",
    "round_points",
    "round_points_of",
    "violations",
]

_DIVIDE_STAGES: Final = (Stage.OFFERING, Stage.SECURE, Stage.SPLIT, Stage.CHOOSE)


def played_cards(state: DivideState) -> int:
    """The mask of cards played to tricks this round (finished and current)."""
    return trick_cards(state.tricks, state.trick)


def round_points_of(
    taken: tuple[int, ...], bonus_taken: tuple[int, ...], rules: DivideRules = PRINTED_RULES
) -> tuple[int, ...]:
    """Each seat's points from its suit and bonus tokens [divide.score.round].

    >>> round_points_of((3, 1, 0, 0), (0, 1, 0, 0))
    (6, 7, 0, 0)
    >>> round_points_of((3, 1, 0, 0), (0, 1, 0, 0), DivideRules(bonus_points=10))
    (6, 12, 0, 0)
    """
    suit_points, bonus_points = rules.suit_points, rules.bonus_points
    return tuple(
        suit_points * suit + bonus_points * bonus
        for suit, bonus in zip(taken, bonus_taken, strict=True)
    )


def round_points(state: DivideState) -> tuple[int, ...]:
    """Each seat's points from the tokens it holds this round [divide.score.round]."""
    return round_points_of(state.taken, state.bonus_taken, state.config.rules)


def _finished_round_on_table(state: DivideState) -> bool:
    return state.stage == Stage.OVER or (state.stage == Stage.DEAL and state.round > 0)


def _locations(state: DivideState) -> list[tuple[str, int]]:
    places: list[tuple[str, int]] = [(f"hand {p}", h) for p, h in enumerate(state.hands)]
    places += [(f"offering {p}", 1 << card) for p, card in enumerate(state.offerings) if card >= 0]
    places.append(("undealt", state.undealt))
    if state.stage in _DIVIDE_STAGES:
        places += [(f"secured {p}", m) for p, m in enumerate(state.secured)]
        places += [(f"offer left {p}", m) for p, m in enumerate(state.offers_left)]
        places += [(f"offer right {p}", m) for p, m in enumerate(state.offers_right)]
    elif state.stage >= Stage.REVEAL or _finished_round_on_table(state):
        places.append(("played", played_cards(state)))
    return places


def _card_conservation(state: DivideState) -> Iterator[str]:
    problems, seen = placed_cards(_locations(state), DECK52, "the deck")
    yield from problems
    dealt = state.stage not in (Stage.FIRST_DEALER, Stage.DEAL) or _finished_round_on_table(state)
    if dealt and seen != DECK52:
        yield f"{52 - seen.bit_count()} cards are nowhere"
    if not dealt and seen:
        yield "cards are out before the deal"


def _played_this_trick(state: DivideState) -> set[int]:
    n = state.players
    return {(state.leader + i) % n for i in range(len(state.trick))}


def _hand_sizes(state: DivideState) -> Iterator[str]:
    n = state.players
    rules = state.config.rules
    stage = state.stage
    for p in range(n):
        size = state.hands[p].bit_count()
        if stage in (Stage.FIRST_DEALER, Stage.DEAL, Stage.OVER):
            want = 0
        elif stage == Stage.OFFERING:
            want = rules.cards_dealt - (state.offerings[p] >= 0)
        elif stage == Stage.SECURE:
            secured = state.secured[p].bit_count()
            if secured not in (0, rules.secure_size):
                yield f"seat {p} secured {secured} cards"
            want = rules.hand_size - secured
        elif stage == Stage.SPLIT:
            left, right = state.offers_left[p].bit_count(), state.offers_right[p].bit_count()
            if (left, right) not in ((0, 0), (rules.offer_size, rules.offer_size)):
                yield f"seat {p} made offers of {left} and {right} cards"
            want = rules.hand_size - rules.secure_size - left - right
        elif stage == Stage.CHOOSE:
            want = 0
            for name, kept, offer in (
                ("left", state.kept_left[p], state.offers_right[(p + 1) % n]),
                ("right", state.kept_right[p], state.offers_left[(p - 1) % n]),
            ):
                if kept.bit_count() not in (0, rules.keep_size) or kept & ~offer:
                    kept_size = spelled(rules.keep_size)
                    yield f"seat {p} kept cards that are not {kept_size} of its {name} offer"
        else:
            want = rules.hand_size - len(state.tricks) - (p in _played_this_trick(state))
        if size != want:
            yield f"seat {p} holds {size} cards, not {want}"
    if _finished_round_on_table(state) and len(state.tricks) != rules.hand_size:
        yield f"the last round ended after {len(state.tricks)} tricks"


def _token_bounds(state: DivideState) -> Iterator[str]:
    rules = state.config.rules
    for suit, left in enumerate(state.suit_tokens):
        if not 0 <= left <= rules.suit_tokens:
            yield f"suit stack {suit} holds {left} tokens"
    if not 0 <= state.bonus <= rules.bonus_tokens:
        yield f"bonus supply holds {state.bonus} tokens"
    if sum(state.taken) + sum(state.suit_tokens) != 4 * rules.suit_tokens:
        yield f"suit tokens taken and left do not add up to {spelled(4 * rules.suit_tokens)}"
    if sum(state.bonus_taken) + state.bonus != rules.bonus_tokens:
        yield f"bonus tokens taken and left do not add up to {spelled(rules.bonus_tokens)}"
    tokens = sum(state.taken) + sum(state.bonus_taken)
    # A trick that finds its suit's stack and the bonus supply empty earns no token
    # [divide.ruling.bonus-supply]: only with an empty supply can tokens lag the tricks.
    if tokens != len(state.tricks) and not (state.bonus == 0 and tokens < len(state.tricks)):
        yield f"{len(state.tricks)} tricks took {tokens} tokens"


def _trump_in_hands(state: DivideState) -> Iterator[str]:
    if Stage.OFFERING <= state.stage <= Stage.REVEAL:
        if state.trump >= 0:
            yield "a trump is known before the reveal"
        return
    if state.trump < 0:
        if state.stage in (Stage.TRICKS, Stage.OVER):
            yield "tricks are played without a Trump Rank"
        return
    if state.trump not in state.offerings:
        yield "the trump card turned up is not an offering"
    rank_mask = RANK_MASKS[state.trump >> 2]
    in_hands = sum((hand & rank_mask).bit_count() for hand in state.hands)
    if in_hands > 3:
        yield f"{in_hands} Trump Rank cards are in the players' hands"


def _seats(state: DivideState) -> Iterator[str]:
    n = state.players
    for name, seat in (("dealer", state.dealer), ("actor", state.actor), ("leader", state.leader)):
        if not -1 <= seat < n:
            yield f"{name} seat {seat} does not exist"
    chance = state.stage in (Stage.FIRST_DEALER, Stage.DEAL, Stage.REVEAL, Stage.OVER)
    if chance != (state.actor == -1):
        yield f"actor {state.actor} does not fit stage {state.stage.name}"
    if state.stage != Stage.FIRST_DEALER and state.dealer < 0:
        yield "there is no dealer"
    finished = len(state.scores)
    if finished != (state.config.rules.rounds if state.stage == Stage.OVER else state.round):
        yield f"{finished} rounds scored in round {state.round}"
    if any(len(row) != n for row in state.scores):
        yield "a score row has the wrong length"


def _scores_are_tokens(state: DivideState) -> Iterator[str]:
    # Between the eighth trick and the next shuffle (and at the end) the table
    # still holds the finished round: its recorded score is its tokens' value.
    if _finished_round_on_table(state):
        points = round_points(state)
        if state.scores[-1] != points:
            yield f"round score {state.scores[-1]} is not the tokens taken, {points}"


INVARIANTS: Final = (
    Invariant(
        "divide.inv.card-conservation",
        "Every card of the deck is in exactly one place: a hand, an offering, the secured "
        "cards, an offer, the undealt cards or a trick.",
        ("divide.components.deck", "divide.deal.nine", "divide.deal.undealt"),
        _card_conservation,
    ),
    Invariant(
        "divide.inv.hand-sizes",
        "Hands hold 9 cards after the deal, 8 after the offering, 6 after securing, none while "
        "offers are out, 8 after the Great Divide, and one fewer after each card played.",
        (
            "divide.deal.nine",
            "divide.divide.offering",
            "divide.divide.secure",
            "divide.divide.offers",
            "divide.divide.choose",
            "divide.divide.final-hand",
            "divide.trick.count",
        ),
        _hand_sizes,
    ),
    Invariant(
        "divide.inv.token-bounds",
        "No stack or supply goes below zero or above its size, tokens taken and tokens left "
        "add up, and every finished trick took exactly one token.",
        (
            "divide.components.tokens",
            "divide.score.suit-token",
            "divide.score.bonus-token",
            "divide.ruling.bonus-supply",
        ),
        _token_bounds,
    ),
    Invariant(
        "divide.inv.trump-in-hands",
        "The trump card turned up is an offering, and at most three Trump Rank cards are in "
        "the players' hands.",
        ("divide.trump.reveal", "divide.trump.rank", "divide.trump.offerings-aside"),
        _trump_in_hands,
    ),
    Invariant(
        "divide.inv.seats",
        "Dealer, actor and leader are seats of the game; chance acts exactly in the chance "
        "stages; one score row per finished round.",
        ("divide.round.phases", "divide.cleanup.record", "divide.end.four-rounds"),
        _seats,
    ),
    Invariant(
        "divide.inv.scores-are-tokens",
        "A finished round's recorded score is the value of the tokens each player took in it.",
        ("divide.score.round", "divide.cleanup.record"),
        _scores_are_tokens,
    ),
)
"""The state invariants of Divide."""


def _scores_kept(before: DivideState, after: DivideState) -> Iterator[str]:
    if after.scores[: len(before.scores)] != before.scores:
        yield "a recorded round score changed"
    if len(after.scores) > len(before.scores) + 1:
        yield "more than one round was scored in one step"


def _points_never_fall(before: DivideState, after: DivideState) -> Iterator[str]:
    if after.round != before.round or after.stage == Stage.OFFERING:
        return
    was, now = round_points(before), round_points(after)
    for p in range(before.players):
        if now[p] < was[p]:
            yield f"seat {p}'s round points fell from {was[p]} to {now[p]}"


STEP_INVARIANTS: Final = (
    StepInvariant(
        "divide.step.scores-kept",
        "A recorded round score never changes, and a step scores at most one round.",
        ("divide.cleanup.record",),
        _scores_kept,
    ),
    StepInvariant(
        "divide.step.points-never-fall",
        "Within a round, no player's points ever go down.",
        ("divide.score.suit-token", "divide.score.bonus-token", "divide.score.round"),
        _points_never_fall,
    ),
)
"""The step invariants of Divide."""
