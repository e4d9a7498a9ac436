"""High Card's rule functions: chance, legal actions, transitions, observation and results.

This module plays the part of a game's ``engine/<game>/`` modules.  Each
function takes a state (and an action) and returns a new state or a value;
none keeps anything between calls, and none draws a random number.  A
transition checks its action with the same function the legal actions are
built from, and raises :class:`~spec.errors.IllegalAction` naming the clause
it breaks.  Which stage calls which function is the manifest's phases table
(:mod:`tests.toy.game`).

>>> from tests.toy.spec import ToyConfig, initial_state
>>> state = apply_first_leader(initial_state(ToyConfig()), FirstLeader(1))
>>> state = apply_deal(state, DEALS.outcome(0))  # the cards in order, 2♠ on top
>>> state.actor, [CardSet(hand).pretty for hand in state.hands]
(1, ['4♠ 3♠ 2♠', '7♠ 6♠ 5♠'])
>>> apply_play(state, Play(Card("2S")))
Traceback (most recent call last):
...
cardlaw.spec.errors.IllegalAction: seat 1 does not hold 2S [toy.trick.play]
>>> state = apply_play(apply_play(state, Play(Card("5S"))), Play(Card("3S")))
>>> state.won, state.leader  # 5♠ beat 3♠: seat 1 won the trick and leads the next
((0, 1), 1)
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.api import JSON, Event
from cardlaw.engine.chance import UniformChoice, UniformPermutation
from cardlaw.spec.cards import Card, CardSet, cards_of, mask_of
from cardlaw.spec.errors import IllegalAction
from tests.toy.spec import (
    DECK,
    HAND_SIZE,
    TRICKS,
    Action,
    Deal,
    FirstLeader,
    Play,
    Stage,
    ToyObservation,
    ToyResult,
    ToyState,
    trick_winner,
)

__all__ = [
    "DEALS",
    "TOSS",
    "apply_deal",
    "apply_first_leader",
    "apply_play",
    "deal_outcomes",
    "events",
    "first_leader_outcomes",
    "legal_plays",
    "observe",
    "outcome",
    "outcome_to_json",
    "playable",
]

# -- chance: the toss and the deal ------------------------------------------------------------

TOSS: Final = UniformChoice((FirstLeader(0), FirstLeader(1)))
"""The coin: each seat leads first with probability 1/2 [toy.setup.first-leader]."""


def _order(action: object) -> tuple[Card, ...] | None:
    return action.order if isinstance(action, Deal) else None


DEALS: Final = UniformPermutation(DECK, Deal, _order)
"""Every order of the thirteen Spades, each with probability 1/13! [toy.deal.shuffle]."""


def first_leader_outcomes(state: ToyState) -> UniformChoice[FirstLeader]:
    """Chance's outcomes at the toss."""
    return TOSS


def apply_first_leader(state: ToyState, action: FirstLeader) -> ToyState:
    """The seat the coin names will lead the first trick; the deal comes next."""
    if action not in TOSS:
        raise IllegalAction(f"there is no seat {action.seat}", clause="toy.setup.first-leader")
    return state._replace(stage=Stage.DEAL, leader=action.seat)


def deal_outcomes(state: ToyState) -> UniformPermutation[Card, Deal]:
    """Chance's outcomes at the deal."""
    return DEALS


def apply_deal(state: ToyState, action: Deal) -> ToyState:
    """Three cards to each seat from the top, the rest set aside; the first leader plays."""
    if action not in DEALS:
        raise IllegalAction("a deal is an order of the thirteen Spades", clause="toy.deal.shuffle")
    order = action.order
    hands = (mask_of(order[:HAND_SIZE]), mask_of(order[HAND_SIZE : 2 * HAND_SIZE]))
    return state._replace(
        stage=Stage.TRICKS,
        actor=state.leader,
        hands=hands,
        aside=mask_of(order[2 * HAND_SIZE :]),
    )


# -- the tricks --------------------------------------------------------------------------------


def playable(state: ToyState) -> int:
    """The cards the seat to act may play: any card of its hand [toy.trick.play]."""
    return state.hands[state.actor]


def legal_plays(state: ToyState) -> tuple[Play, ...]:
    """The legal actions at a trick: one play for each playable card."""
    return tuple(Play(card) for card in cards_of(playable(state)))


def apply_play(state: ToyState, action: Play) -> ToyState:
    """Play a card; the second card settles the trick [toy.trick.winner, toy.end.three-tricks]."""
    seat, card = state.actor, action.card
    if not playable(state) >> card & 1:
        raise IllegalAction(f"seat {seat} does not hold {card}", clause="toy.trick.play")
    hands = tuple(hand & ~(1 << card) if s == seat else hand for s, hand in enumerate(state.hands))
    trick = (*state.trick, card)
    if len(trick) == 1:
        return state._replace(actor=1 - seat, hands=hands, trick=trick)
    winner = trick_winner(state.config, state.leader, trick)
    tricks = (*state.tricks, (state.leader, trick))
    over = len(tricks) == TRICKS
    return state._replace(
        stage=Stage.OVER if over else Stage.TRICKS,
        actor=-1 if over else winner,
        leader=winner,
        hands=hands,
        trick=(),
        tricks=tricks,
        won=tuple(count + (s == winner) for s, count in enumerate(state.won)),
    )


# -- what a seat sees, the result, the events ---------------------------------------------------


def observe(state: ToyState, seat: int) -> ToyObservation:
    """Exactly what ``seat`` may know: its hand and the cards played [toy.info.hidden]."""
    return ToyObservation(
        seat=seat,
        actor=state.actor,
        leader=state.leader,
        hand=CardSet(state.hands[seat]),
        trick=state.trick,
        tricks=state.tricks,
        won=state.won,
    )


def outcome(state: ToyState) -> ToyResult | None:
    """The tricks won and the winner of a finished game, else ``None`` [toy.end.three-tricks]."""
    if state.stage != Stage.OVER:
        return None
    return ToyResult(won=state.won, winner=0 if state.won[0] > state.won[1] else 1)


def outcome_to_json(result: ToyResult) -> dict[str, JSON]:
    """A result as JSON."""
    return {"won": list(result.won), "winner": result.winner}


def events(before: ToyState, action: Action, after: ToyState) -> list[Event]:
    """What a reader of a record wants to know about one step: the toss, tricks, the end."""
    if isinstance(action, FirstLeader):
        return [{"event": "first-leader", "seat": action.seat}]
    if len(after.tricks) == len(before.tricks):
        return []
    leader, cards = after.tricks[-1]
    out: list[Event] = [
        {
            "event": "trick",
            "number": len(after.tricks),
            "leader": leader,
            "cards": [str(card) for card in cards],
            "winner": trick_winner(after.config, leader, cards),
        }
    ]
    result = outcome(after)
    if result is not None:
        out.append({"event": "game-over", **outcome_to_json(result)})
    return out
