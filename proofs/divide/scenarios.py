"""Whole Divide rounds that realise a proof's witness, built through the engine.

Z3 finds that a bound is attained over abstract trick sequences; these
functions show it happens in a real round: they drive the engine (so every
action is checked by the rules the engine runs) and return the actions,
which :func:`engine.record.build_record` turns into a record that
``cardlaw replay`` accepts.

>>> from cardlaw.engine.divide.game import DIVIDE
>>> actions = one_suit_sweep(4)
>>> state = DIVIDE.new_game(DIVIDE.config(players=4))
>>> for action in actions:
...     state = DIVIDE.apply(state, action)
>>> state.scores[-1], state.bonus_taken
((31, 0, 0, 0), (5, 0, 0, 0))
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.proofs.playout import random_step
from cardlaw.spec.cards import ALL_CARDS, Card, CardSet, Rank, Suit
from cardlaw.spec.divide.actions import (
    Action,
    ChooseDealer,
    Keep,
    Offer,
    Play,
    Reveal,
    Secure,
    Shuffle,
    Split,
)
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState, Stage
from cardlaw.spec.errors import CardlawError

__all__ = ["first_round_where", "one_suit_sweep"]


def _cards(text: str) -> list[Card]:
    return [Card(t) for t in text.split()]


def _sweep_deal(n: int) -> tuple[dict[int, list[Card]], dict[int, Card], list[Card]]:
    """The nine cards each seat is dealt for :func:`one_suit_sweep`, the 2s, the deck order."""
    spades_0, spades_1, spades_last = _cards("AS KS QS JS"), _cards("10S 9S"), _cards("8S 7S")
    twos = {1: Card("2H"), 2: Card("2D"), n - 1: Card("2C")}
    pool = [c for c in ALL_CARDS[:52] if c.suit != Suit.SPADES and c.rank != Rank.TWO]
    hands: dict[int, list[Card]] = {0: spades_0 + pool[:5]}
    pool = pool[5:]
    for seat in range(1, n):
        own = (spades_1 if seat == 1 else spades_last if seat == n - 1 else []) + (
            [twos[seat]] if seat in twos else []
        )
        take = 9 - len(own)
        hands[seat] = own + pool[:take]
        pool = pool[take:]
    dealt = {int(c) for hand in hands.values() for c in hand}
    undealt = [c for c in ALL_CARDS[:52] if int(c) not in dealt]
    order: list[Card] = []
    for j in range(9 * n):  # with dealer n-1, card j goes to seat j % n
        order.append(hands[j % n][j // n])
    order += undealt
    return hands, twos, order


def _act(state: DivideState, actions: list[Action], action: Action) -> DivideState:
    """Apply ``action`` through the engine and note it."""
    actions.append(action)
    return DIVIDE.apply(state, action)


def _sweep_split(state: DivideState, seat: int, y: list[Card], n: int) -> Split:
    """Seat ``seat``'s two offers in :func:`one_suit_sweep` (``y``: seat 0's other cards)."""
    hand = list(CardSet(state.hands[seat]))
    spades_1, spades_last = _cards("10S 9S"), _cards("8S 7S")
    if seat == 0:
        left, right = [Card("QS"), y[1], y[2]], [Card("JS"), y[3], y[4]]
    elif seat == 1:  # its right offer goes to seat 0
        right = [*spades_1, next(c for c in hand if c not in spades_1)]
        left = [c for c in hand if c not in right]
    elif seat == n - 1:  # its left offer goes to seat 0
        left = [*spades_last, next(c for c in hand if c not in spades_last)]
        right = [c for c in hand if c not in left]
    else:
        left, right = hand[:3], hand[3:]
    return Split(CardSet.of(left), CardSet.of(right))


def one_suit_sweep(players: int, rules: DivideRules = PRINTED_RULES) -> list[Action]:
    """A first round in which seat 0 wins all eight tricks with Spades (empty if ``rules`` bar it).

    Seat 0 secures A♠ K♠, offers Q♠ and J♠ (each with two other cards) and
    gets them back; its neighbours offer it 10♠ 9♠ and 8♠ 7♠.  The four 2s
    are offered or undealt and a 2 is turned up, so nobody holds a trump,
    and nobody but seat 0 holds a Spade: seat 0 leads a Spade eight times
    and wins every trick, taking three Spade tokens and all five bonus tokens.

    The deal is written for the printed sizes; under ``rules`` that change
    them it may not be legal, and then there is no such round here.
    """
    try:
        return _sweep(players, rules)
    except CardlawError:
        return []


def _sweep(players: int, rules: DivideRules) -> list[Action]:
    n = players
    hands, twos, order = _sweep_deal(n)
    actions: list[Action] = []
    start = DIVIDE.new_game(DivideConfig(players=n, rules=rules))
    state = _act(start, actions, ChooseDealer(n - 1))
    state = _act(state, actions, Shuffle(tuple(order)))
    y = hands[0][4:]  # seat 0's five other cards: y[0] is its offering
    offering = {0: y[0], **twos}
    for seat in range(n):
        state = _act(state, actions, Offer(offering.get(seat, hands[seat][-1])))
    for seat in range(n):
        if seat == 0:
            state = _act(state, actions, Secure(CardSet.of(_cards("AS KS"))))
        else:
            rest = [c for c in CardSet(state.hands[seat]) if c.suit != Suit.SPADES]
            state = _act(state, actions, Secure(CardSet.of(rest[:2])))
    for seat in range(n):
        state = _act(state, actions, _sweep_split(state, seat, y, n))
    for _ in range(2 * n):
        # Seat 0 keeps the Spades it is offered; everybody else keeps no Spade.
        keeps = [a for a in DIVIDE.legal_actions(state) if isinstance(a, Keep)]
        wanted = [
            k for k in keeps if all((c.suit == Suit.SPADES) == (state.actor == 0) for c in k.cards)
        ]
        state = _act(state, actions, (wanted or keeps)[0])
    state = _act(state, actions, Reveal(Card("2H")))
    while state.stage == Stage.TRICKS:
        legal = DIVIDE.legal_actions(state)
        if state.actor == 0 and not state.trick:
            state = _act(
                state, actions, max(legal, key=lambda a: int(a.card) if isinstance(a, Play) else -1)
            )
        else:
            state = _act(state, actions, legal[0])
    return actions


def first_round_where(
    predicate: Callable[[DivideState], bool],
    players: int,
    *,
    tries: int = 500,
    seed: int = 0,
    rules: DivideRules = PRINTED_RULES,
) -> list[Action] | None:
    """A random first round whose end satisfies ``predicate``, as actions (or ``None``).

    Random legal play, from ``tries`` seeded attempts; the first that fits is returned.
    ``predicate`` sees the state right after the first round's last trick,
    while the finished round is still on the table.
    """
    config = DivideConfig(players=players, rules=rules)
    for attempt in range(tries):
        rng = random.Random(f"witness:{seed}:{attempt}")
        state = DIVIDE.new_game(config)
        actions: list[Action] = []
        while not state.scores:
            state, action = random_step(DIVIDE, state, rng)
            actions.append(action)
        if predicate(state):
            return actions
    return None
