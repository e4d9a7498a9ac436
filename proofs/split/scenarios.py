"""Whole Split games that realise a proof's witness, built through the engine.

Z3 finds a loop over abstract rounds (the draw pile abstracted to a set);
these functions show the loop happens in a real game: they drive the engine,
so every action is checked by the rules the engine runs, and return the
actions, which :func:`engine.record.build_record` turns into a record that
``cardlaw replay`` accepts.  Each game comes back to a position it has been
in: the state after ``start`` actions equals the state after the last one in
everything but the count of turns, so the same actions can be repeated for
ever.

>>> loop = resetting_loop()
>>> state = SPLIT.new_game(loop.config)
>>> states = [state]
>>> for action in loop.actions:
...     state = SPLIT.apply(state, action)
...     states.append(state)
>>> same_position(states[loop.start], states[-1]), len(loop.actions) - loop.start
(True, 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from cardlaw.engine.split.game import SPLIT
from cardlaw.spec.split.actions import (
    MOVES,
    PLAYS,
    RESET,
    Action,
    ChooseDealer,
    Reshuffle,
    Shuffle,
)
from cardlaw.spec.split.cards import is_wild
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState, Stage

__all__ = [
    "FORCED_KEEP",
    "Loop",
    "forced_loop",
    "only_forced_resets",
    "resetting_loop",
    "same_position",
]


class Loop(NamedTuple):
    """A game that comes back to where it was: after ``start`` actions and at the end."""

    config: SplitConfig
    actions: list[Action]
    start: int


def same_position(a: SplitState, b: SplitState) -> bool:
    """Whether two states are the same position: equal in everything but the turn count.

    >>> state = SPLIT.new_game(SplitConfig(players=2))
    >>> same_position(state, state._replace(turn=9)), same_position(state, state._replace(dealer=1))
    (True, False)
    """
    return a._replace(turn=0) == b._replace(turn=0)


def _cards(mask: int) -> list[int]:
    return [c for c in range(101) if mask >> c & 1]


def _loop(
    config: SplitConfig, actions: list[Action], state: SplitState, seen: dict[SplitState, int]
) -> Loop | None:
    key = state._replace(turn=0)
    if key in seen:
        return Loop(config, actions, seen[key])
    seen[key] = len(actions)
    return None


def resetting_loop(limit: int = 2000, rules: SplitRules = PRINTED_RULES) -> Loop:
    """Two players who reset on every turn, until the position comes round again.

    Seat 1 deals the first shuffle (the deck in order); each player resets at
    once, and every reshuffle keeps the discard pile in order.  Every reset
    draws three cards and lays two down, so the draw and discard piles shrink
    by one card a reset; once they are spent the resetter picks up the two
    pile cards the other player opened with (2 and 98) and opens with them
    again: the position comes back every four actions (a reset and a
    reshuffle of two cards by each player).

    >>> loop = resetting_loop()
    >>> [action.text for action in loop.actions[loop.start :]]
    ['reset', 'reshuffle 2 98', 'reset', 'reshuffle 2 98']
    """
    config = SplitConfig(players=2, rules=rules)
    state = SPLIT.new_game(config)
    actions: list[Action] = []
    seen: dict[SplitState, int] = {}
    first: list[Action] = [ChooseDealer(1)]
    for action in first:
        state = SPLIT.apply(state, action)
        actions.append(action)
    while len(actions) < limit:
        if SPLIT.to_move(state) == "chance":
            space = SPLIT.chance_outcomes(state)
            assert space is not None
            action = space.outcome(0)
        else:
            action = RESET
        state = SPLIT.apply(state, action)
        actions.append(action)
        found = _loop(config, actions, state, seen)
        if found is not None:
            return found
    raise RuntimeError("no repeated position found")  # pragma: no cover


# --- a loop in which every reset is forced -----------------------------------------------------

_Q: Final = 0
"""The seat that plays first (the dealer's left neighbour); it resets first in each round."""

_P: Final = 1
"""The dealer."""

FORCED_KEEP: Final[dict[int, int]] = {_Q: 50, _P: 60}
"""The Wild/Reverse card each seat holds on to: with it as their only card they must reset."""


def _lead_in(rules: SplitRules) -> dict[int, list[int]]:
    """The standard cards each seat plays down to its wild card, from the outside in.

    Seat 0 holds ``CARDS_DEALT - 1`` low cards (3, 4, 5, ...), the dealer as
    many high ones (97, 96, ...) besides its two opening cards and its wild card.

    >>> _lead_in(PRINTED_RULES)
    {0: [3, 4, 5, 6, 7, 8], 1: [97, 96, 95, 94, 93, 92]}
    """
    n = rules.cards_dealt - 1
    low = [c for c in range(3, 50) if not is_wild(c)][:n]
    high = [c for c in range(97, 50, -1) if not is_wild(c)][:n]
    return {_Q: low, _P: high}


def _plan(pool: int, drawer: int, have: list[int], pending: int | None) -> tuple[int, ...]:
    """Order the cards of ``pool`` for the resets to come, top card first.

    Resets alternate between the two seats, ``drawer`` first, which already
    holds ``have`` of its three cards.  Every reset must draw at least two
    standard cards (so nobody puts cards under).  The first seat prefers a
    standard card and a wild card it will play next turn, else three middle
    cards, whose middle one it keeps and plays next; the dealer takes the
    lowest and the highest cards left, so that its new piles lie around the
    card the first seat keeps (``pending``).
    """
    standard = [c for c in _cards(pool) if not is_wild(c)]
    wild = [c for c in _cards(pool) if is_wild(c)]
    order: list[int] = []
    held = list(have)
    while standard or wild:
        while len(held) < 3 and (standard or wild):
            held_standard = [c for c in held if not is_wild(c)]
            held_wild = any(is_wild(c) for c in held)
            room = 3 - len(held)
            if drawer == _Q:
                if wild and not held_wild and room > 2 - len(held_standard):
                    pick = wild.pop(0)
                else:
                    pick = standard.pop(len(standard) // 2) if standard else wild.pop(0)
            elif not standard:
                pick = wild.pop(0)
            elif not held_standard:
                pick = standard.pop(0)
            elif len(held_standard) == 1:
                below = pending is None or held_standard[0] < pending
                pick = standard.pop(-1) if below else standard.pop(0)
            elif wild and not held_wild:
                pick = wild.pop(0)
            else:
                pick = standard.pop(0)
            held.append(pick)
            order.append(pick)
        if len(held) < 3:
            break
        kept = sorted(c for c in held if not is_wild(c))
        pending = kept[1] if drawer == _Q and len(kept) == 3 else None
        drawer = 1 - drawer
        held = []
    return tuple(order)


def _deal(rules: SplitRules) -> Shuffle:
    lead_in = _lead_in(rules)
    hands = {
        _Q: [FORCED_KEEP[_Q], *lead_in[_Q]],
        _P: [2, 98, FORCED_KEEP[_P], *lead_in[_P]],
    }
    n = rules.cards_dealt
    order = [hands[j % 2][j // 2] for j in range(2 * n)]  # one at a time, seat 0 first
    order += hands[_P][n:]  # the dealer's two extra cards
    dealt = sum(1 << c for c in order)
    rest = ((1 << 101) - 1) & ~dealt
    return Shuffle((*order, *_plan(rest, _Q, [], None)))


def forced_loop(limit: int = 3000, rules: SplitRules = PRINTED_RULES) -> Loop:
    """Two players of whom nobody ever resets by choice, until the position comes round again.

    Seat 1 deals: it opens with 2 and 98 and keeps the wild 60 and six high
    cards; seat 0 holds the wild 50 and six low cards.  They play their
    standard cards from the outside in until each holds only its wild card.
    From then on every round goes the same way:

    1. seat 0, whose only card is a wild card, cannot play and must reset
       [split.end.no-wild-finish]; it draws three cards and opens with two;
    2. seat 1, whose only card is a wild card too, must reset the same way;
    3. seat 0 plays the card it kept (a wild card, or a standard card between
       seat 1's new piles);
    4. seat 1 moves that card onto the pile that keeps its own kept card
       between the piles, and plays it.

    Every reshuffle orders the discard pile (by :func:`_plan`) so that each
    reset draws two or three standard cards and seat 1's piles lie around
    the card seat 0 keeps.  The position at each reshuffle depends only on
    the position before it, so the reshuffles come round again: the game
    repeats a stretch of play for ever, and every reset in it is the only
    legal action of the player who makes it.

    >>> loop = forced_loop()
    >>> loop.start, len(loop.actions)  # the position after 307 actions comes back after 501
    (307, 501)

    The hands follow ``CARDS_DEALT`` (seat 0 holds its wild card and
    ``CARDS_DEALT - 1`` low cards); the rounds are built for the dealer's two
    extra cards and resets that draw three, and other values of
    ``DEALER_EXTRA`` or ``RESET_DRAW`` raise :class:`ValueError`.

    >>> eight = forced_loop(rules=SplitRules(cards_dealt=8))
    >>> only_forced_resets(eight.config, eight.actions)
    True
    """
    config = SplitConfig(players=2, rules=rules)
    state = SPLIT.new_game(config)
    actions: list[Action] = []

    def act(action: Action) -> None:
        nonlocal state
        state = SPLIT.apply(state, action)
        actions.append(action)

    if rules.dealer_extra != 2 or rules.reset_draw != 3:
        raise ValueError(
            "the game is built for a dealer's two extra cards and resets drawing three"
        )
    lead_in = _lead_in(rules)
    act(ChooseDealer(_P))
    act(_deal(rules))
    for q, p in zip(lead_in[_Q], lead_in[_P], strict=True):
        act(PLAYS[q])  # between the piles: the gap always holds every card still in hand
        act(MOVES[0])
        act(PLAYS[p])
        if q != lead_in[_Q][-1]:
            act(MOVES[1])
    seen: dict[SplitState, int] = {}
    while len(actions) < limit:
        mover = SPLIT.to_move(state)
        if mover == "chance":
            found = _loop(config, actions, state, seen)
            if found is not None:
                act(actions[found.start])  # the same reshuffle again: back where it was
                return Loop(config, actions, found.start + 1)
            act(_forced_reshuffle(state))
            continue
        assert isinstance(mover, int)
        act(_forced_turn(state, mover))
    raise RuntimeError("no repeated position found")  # pragma: no cover


def _forced_reshuffle(state: SplitState) -> Reshuffle:
    """The reshuffle of :func:`forced_loop`: the discard pile in the order :func:`_plan` gives."""
    hand = [c for c in _cards(state.hands[state.opener]) if c != FORCED_KEEP[state.opener]]
    kept = [c for c in _cards(state.hands[_Q]) if c != FORCED_KEEP[_Q] and not is_wild(c)]
    pending = kept[0] if state.opener == _P and kept else None
    return Reshuffle(_plan(state.discard, state.opener, hand, pending))


def _forced_turn(state: SplitState, mover: int) -> Action:
    """A player's action in :func:`forced_loop`: a reset only when it is the only legal one."""
    other = [c for c in _cards(state.hands[mover]) if c != FORCED_KEEP[mover]]
    if state.stage == Stage.MOVE:
        if mover == _P and other and not is_wild(other[0]) and state.middle > other[0]:
            return MOVES[1]  # keep the card to play between the piles
        return MOVES[0]
    if SPLIT.legal_actions(state) == (RESET,):
        return RESET
    (card,) = other
    return PLAYS[card]


def only_forced_resets(config: SplitConfig, actions: Iterable[Action]) -> bool:
    """Whether every reset among ``actions`` was the only legal action of its player.

    >>> loop = forced_loop()
    >>> only_forced_resets(loop.config, loop.actions)
    True
    >>> only_forced_resets(resetting_loop().config, resetting_loop().actions)
    False
    """
    state = SPLIT.new_game(config)
    for action in actions:
        if action == RESET and SPLIT.legal_actions(state) != (RESET,):
            return False
        state = SPLIT.apply(state, action)
    return True


# --- the longest cooperative game ----------------------------------------------------------------


def _play_order(
    players: int, dealer: int, held: int, dealt: int, start: int = 0, step: int = 1
) -> list[int]:
    """The seat of each play after the aids, from ``start``, ``step`` seats a time.

    Every seat but the dealer holds ``dealt`` cards, the dealer ``held``; empty hands are skipped.
    """
    left = [held if seat == dealer else dealt for seat in range(players)]
    seats: list[int] = []
    seat = start
    while any(left):
        if left[seat]:
            seats.append(seat)
            left[seat] -= 1
        seat = (seat + step) % players
    return seats


def longest_cooperative(
    players: int = 5, rules: SplitRules = PRINTED_RULES, aids: tuple[int, ...] = AID_CARDS
) -> list[Action]:
    """A cooperative game that lasts as long as any can: every card and every usable aid played.

    Seat ``players - 1`` deals and opens with 2 and 98; seat 0 plays the 0
    and the dealer, moving it onto the left pile, plays the 100 (each wild
    card turns the direction, so seat 0 moves the 100 onto the right pile).
    With piles 0 | 100 every standard card fits, and the hands are dealt so
    that each player in turn plays the lowest or the highest card still held,
    which the next player moves onto the pile on its side: everything left
    stays between the piles.  The table wins after 7 x players + 2 turns
    (``rules.cooperative_turns(players)`` under other rules, as long as the
    hands can be dealt from the 86 standard cards between 2 and 98).

    With one usable aid (``aids``) seat 0 plays it, the dealer moves it onto
    its side and play goes on the other way round from the dealer; with none
    the cards are played between the piles 2 | 98, clockwise from seat 0.

    >>> state = SPLIT.new_game(SplitConfig(mode="cooperative", players=3, aids=(100,)))
    >>> for action in longest_cooperative(3, aids=(100,)):
    ...     state = SPLIT.apply(state, action)
    >>> state.turn, SPLIT.result(state).outcome
    (22, 'win')

    >>> state = SPLIT.new_game(SplitConfig(mode="cooperative", players=5))
    >>> for action in longest_cooperative(5):
    ...     state = SPLIT.apply(state, action)
    >>> state.turn, SPLIT.result(state).outcome
    (37, 'win')
    """
    config = SplitConfig(mode="cooperative", players=players, aids=aids, rules=rules)
    dealer = players - 1
    dealt, held = rules.cards_dealt, rules.dealer_hand - 2
    n_cards = (players - 1) * dealt + held  # the cards in hand after the opening
    standard = [c for c in range(3, 98) if not is_wild(c)][:n_cards]
    if len(standard) < n_cards:
        raise ValueError(f"{n_cards} cards in hand need more than the 86 standard cards")
    order_of_play: list[int] = []
    low, high = 0, len(standard) - 1
    for k in range(n_cards):
        if k % 2 == 0:
            order_of_play.append(standard[low])
            low += 1
        else:
            order_of_play.append(standard[high])
            high -= 1
    hands: list[list[int]] = [[] for _ in range(players)]
    start, step = (dealer, -1) if len(aids) == 1 else (0, 1)  # one wild card turns the play
    for seat, card in zip(
        _play_order(players, dealer, held, dealt, start, step), order_of_play, strict=True
    ):
        hands[seat].append(card)
    hands[dealer] += [2, 98]
    deal = [hands[(dealer + 1 + j) % players][j // players] for j in range(dealt * players)]
    deal += hands[dealer][dealt:]
    in_deal = set(deal)
    rest = [c for c in range(1, 100) if c not in in_deal]
    state = SPLIT.new_game(config)
    actions: list[Action] = [ChooseDealer(dealer), Shuffle((*deal, *rest))]
    for action in actions:
        state = SPLIT.apply(state, action)

    def act(action: Action) -> None:
        nonlocal state
        state = SPLIT.apply(state, action)
        actions.append(action)

    for aid in config.aids or ():
        act(SPLIT.parse_action(f"aid {aid}"))
        act(MOVES[0] if aid == 0 else MOVES[1])  # the 0 onto the left pile, the 100 the right
    remaining = sorted(order_of_play)
    for card in order_of_play:
        act(PLAYS[card])
        remaining.remove(card)
        if SPLIT.to_move(state) is not None:
            act(MOVES[0] if not remaining or card < remaining[0] else MOVES[1])
    return actions
