"""Whole Euchre games that realise a proof's witness, built through the engine.

Z3 finds a witness over abstract deals (how many passes, how many tricks the
makers took); these functions show it happens in a real game: they drive the
engine, so every action is checked by the rules the engine runs, and return
the actions, which :func:`engine.record.build_record` turns into a record
that ``cardlaw replay`` accepts.

>>> from engine.euchre.game import EUCHRE
>>> state = EUCHRE.new_game(EUCHRE.config())
>>> for action in looping_deals(2):
...     state = EUCHRE.apply(state, action)
>>> state.deal, state.dealer, state.scores, state.results[-1]
(5, 2, (0, 0), (-1, 0))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from engine.euchre.deal import EUCHRE_CARDS, SHUFFLES, deal_order
from engine.euchre.game import EUCHRE
from engine.euchre.tricks import effective_suit, winning_value
from proofs.playout import random_step
from spec.cards import Card, CardSet, Suit
from spec.euchre.actions import DEALERS, NAMES, PASS, Action, Play
from spec.euchre.config import EuchreConfig
from spec.euchre.constants import ALONE_MARCH_POINTS, MAKER_POINTS, PLAYERS, TARGET
from spec.euchre.state import EuchreState, Stage

__all__ = ["LOOP_SHUFFLES", "lone_march_game", "longest_game", "looping_deals"]

LOOP_SHUFFLES: Final = (0, 1, 2, 3)
"""The shuffles (outcome indices) of the four thrown-in deals of :func:`looping_deals`."""


def looping_deals(first_dealer: int, shuffles: Sequence[int] = LOOP_SHUFFLES) -> list[Action]:
    """Four deals that everybody passes twice, then the first shuffle dealt again.

    Each deal is thrown in and the deal passes on [euchre.ruling.all-pass],
    so after four of them the same dealer deals the same cards at the same
    score: the position after the fifth shuffle equals the one after the
    first in everything but the count of hands, and the game can go round
    this loop for ever.
    """
    actions: list[Action] = [DEALERS[first_dealer]]
    for index in shuffles:
        actions.append(SHUFFLES.outcome(index))
        actions += [PASS] * (2 * PLAYERS)
    actions.append(SHUFFLES.outcome(shuffles[0]))
    return actions


def _play_hand(state: EuchreState, rng: random.Random) -> tuple[EuchreState, list[Action]]:
    """Deal and play one hand at random (uniform shuffle, uniform legal actions)."""
    actions: list[Action] = []
    done = len(state.results)
    while len(state.results) == done and EUCHRE.to_move(state) is not None:
        state, action = random_step(EUCHRE, state, rng)
        actions.append(action)
    return state, actions


def longest_game(*, seed: int = 0, tries: int = 200) -> list[Action]:
    """A stick-the-dealer game that lasts the longest possible, 19 hands.

    The teams take turns scoring exactly one point (the makers take three
    or four tricks) until both have nine; the nineteenth hand ends the game.
    Each hand is found among seeded random hands played through the engine.

    >>> from engine.euchre.game import EUCHRE
    >>> state = EUCHRE.new_game(EuchreConfig(stick_the_dealer=True))
    >>> for action in longest_game():
    ...     state = EUCHRE.apply(state, action)
    >>> len(state.results), state.scores
    (19, (10, 9))
    """
    state = EUCHRE.new_game(EuchreConfig(stick_the_dealer=True))
    actions: list[Action] = [DEALERS[0]]
    state = EUCHRE.apply(state, actions[0])
    hand = 0
    while EUCHRE.to_move(state) is not None:
        team = hand % 2
        for attempt in range(tries):
            rng = random.Random(f"longest:{seed}:{hand}:{attempt}")
            after, played = _play_hand(state, rng)
            if after.results[-1] == (team, MAKER_POINTS):
                break
        else:  # pragma: no cover - the seeded search always finds one
            raise RuntimeError(f"no one-point hand for team {team} in {tries} tries")
        state = after
        actions += played
        hand += 1
    return actions


def _lone_march_deal(dealer: int, maker: int) -> Action:
    """A shuffle giving ``maker`` the five highest Spades with a Heart turned up."""
    trumps = CardSet("JS JC AS KS QS")
    rest = [c for c in EUCHRE_CARDS if c not in trumps and c != Card("9H")]
    hands: dict[int, str] = {maker: str(trumps)}
    for seat in range(PLAYERS):
        if seat != maker:
            hands[seat] = " ".join(str(c) for c in rest[:5])
            rest = rest[5:]
    return deal_order(dealer, hands, "9H", " ".join(str(c) for c in rest))


def lone_march_game() -> list[Action]:
    """The shortest game: seat 0 marches alone three times, 4 + 4 + 4 points.

    Seat 0 holds both bowers and the A K Q of Spades; everybody passes the
    turned-up Heart, and in the second round seat 0 names Spades alone.  With
    the five highest trumps it wins every trick.

    >>> state = EUCHRE.new_game(EuchreConfig())
    >>> for action in lone_march_game():
    ...     state = EUCHRE.apply(state, action)
    >>> state.results, state.scores
    (((0, 4), (0, 4), (0, 4)), (12, 0))
    """
    state = EUCHRE.new_game(EuchreConfig())
    actions: list[Action] = [DEALERS[PLAYERS - 1]]
    state = EUCHRE.apply(state, actions[0])
    maker = 0
    while EUCHRE.to_move(state) is not None:
        dealer = (state.dealer + 1) % PLAYERS if state.deal else state.dealer
        step: list[Action] = [_lone_march_deal(dealer, maker)]
        state = EUCHRE.apply(state, step[0])
        while state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP):
            bid = (
                NAMES[Suit.SPADES][True]
                if state.stage == Stage.NAME_TRUMP and state.actor == maker
                else PASS
            )
            state = EUCHRE.apply(state, bid)
            step.append(bid)
        while state.stage == Stage.TRICKS:
            legal = EUCHRE.legal_actions(state)
            led = effective_suit(state.trick[0], Suit.SPADES) if state.trick else Suit.SPADES
            if state.actor == maker:  # the highest legal card
                choice = max(
                    legal,
                    key=lambda a: (
                        winning_value(a.card, Suit.SPADES, led) if isinstance(a, Play) else -1
                    ),
                )
            else:
                choice = legal[0]
            state = EUCHRE.apply(state, choice)
            step.append(choice)
        assert state.results[-1] == (0, ALONE_MARCH_POINTS), state.results
        actions += step
    assert state.scores[0] >= TARGET
    return actions
