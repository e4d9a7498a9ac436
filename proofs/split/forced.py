"""A two-player Split game of forced resets only, built for any rules (``--set``).

:func:`proofs.split.scenarios.forced_loop` builds the printed rules' loop;
this module builds one under other numbers of cards dealt, the dealer's
extra cards and cards drawn on a reset, through the engine.  Seat 0 keeps
the wild 50 and seat 1 the wild 60 to the end, so neither can ever finish
[split.end.no-wild-finish]; a player whose only card is that wild card
must reset, and that is the only reset either makes.  Every other card a
player holds is *kept* to be played: seat 0's kept cards all lie below seat
1's, seat 0 plays its lowest, seat 1 its highest, and each moves the other's
card onto the pile on its side, so every card still kept stays between the
piles.  A reset draws its cards so that this goes on: its new piles lie
around the cards the other player keeps, and what it keeps lies on its own
side of them.  Every reshuffle orders the discard pile by the same rule
(:func:`_order`), so the position at a reshuffle depends only on the one
before, and the game comes back to a position it has been in.

>>> loop = forced_loop_for(SplitRules(dealer_extra=4))
>>> only_forced_resets(loop.config, loop.actions)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.split.scenarios import Loop, forced_loop, only_forced_resets
from cardlaw.spec.split.actions import MOVES, PLAYS, RESET, Action, ChooseDealer, Reshuffle, Shuffle
from cardlaw.spec.split.cards import is_wild
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import DEALER_EXTRA, RESET_DRAW
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState, Stage

__all__ = ["any_forced_loop", "forced_loop_for", "only_forced_resets"]

_KEEP: Final = (50, 60)
"""The wild card each seat keeps to the end: with it alone a player must reset."""


def _cards(mask: int) -> list[int]:
    return [c for c in range(101) if mask >> c & 1]


def _kept(drawn: Sequence[int]) -> list[int]:
    """What a resetter keeps of ``drawn``: all but its lowest and highest standard cards."""
    standard = sorted(c for c in drawn if not is_wild(c))
    if len(standard) < 2:
        raise ValueError("a reset would draw fewer than two standard cards")
    return [c for c in drawn if c not in (standard[0], standard[-1])]


def _fits(seat: int, drawn: Sequence[int], other: Sequence[int]) -> bool:
    """Whether ``seat``'s draw opens around ``other``'s kept cards and keeps on its side."""
    standard = sorted(c for c in drawn if not is_wild(c))
    if len(standard) < 2:
        return False
    held = [c for c in other if not is_wild(c)]
    if held and not standard[0] < min(held) <= max(held) < standard[-1]:
        return False
    kept = _kept(drawn)
    if not other or not kept:
        return True
    return max(kept) < min(other) if seat == 0 else min(kept) > max(other)


def _draw(seat: int, have: list[int], pool: list[int], k: int, other: list[int]) -> list[int]:
    """The cards ``seat`` takes from ``pool`` to complete a draw of ``k`` (``have`` drawn).

    Seat 0 takes the lowest cards, seat 1 the highest, and each the standard
    card at the other end that opens its piles around the other's kept cards.
    When the other player keeps nothing (it resets next), the standard card
    it will open with on this player's side is left for it.
    """
    need = min(k - len(have), len(pool))
    standard = sorted(c for c in pool if not is_wild(c))
    if not need or not standard:
        return sorted(pool)[:need] if seat == 0 else sorted(pool)[::-1][:need]
    reserved = None
    if len(standard) > 2:
        reserved = standard[0] if seat == 0 else standard[-1]
    held = [c for c in other if not is_wild(c)]
    # the pile on the far side: just beyond the other's kept cards, sparing the cards further out
    if seat == 0:
        far = min((c for c in standard if held and c > max(held)), default=standard[-1])
    else:
        far = max((c for c in standard if held and c < min(held)), default=standard[0])
    beyond = [
        c
        for c in have
        if not is_wild(c) and (not held or (c > max(held) if seat == 0 else c < min(held)))
    ]
    taken = [] if beyond else [far]
    rest = sorted(c for c in pool if c not in taken and c != reserved)
    if seat == 1:
        rest.reverse()
    taken += rest[: need - len(taken)]
    if len(taken) < need and reserved is not None:
        taken.append(reserved)
    # at least two standard cards, to open with: the next standard ones for the last wild ones
    spare = [c for c in rest[need:] if not is_wild(c)]
    while sum(not is_wild(c) for c in (*have, *taken)) < 2 and spare:
        wild = [i for i, c in enumerate(taken) if is_wild(c)]
        if not wild:
            break
        taken[wild[-1]] = spare.pop(0)
    return taken


def _order(state: SplitState, pool: list[int]) -> tuple[int, ...]:
    """The order of ``pool`` (top first) for the resets to come, simulated from ``state``."""
    k = state.config.rules.reset_draw
    kept = [[c for c in _cards(state.hands[s]) if c != _KEEP[s]] for s in (0, 1)]
    order: list[int] = []
    pool = list(pool)
    seat = state.opener if state.owed else state.actor
    have: list[int] = list(kept[seat]) if state.owed else []
    if state.owed:
        kept[seat] = []
    elif state.stage == Stage.DEAL:
        seat = 1 - state.dealer
    while pool:
        if not kept[seat] or have:
            other = kept[1 - seat]
            taken = _draw(seat, have, pool, k, other)
            order += taken
            pool = [c for c in pool if c not in taken]
            drawn = have + taken
            if len(drawn) < k and pool:
                raise ValueError("a draw was cut short")
            if len(drawn) < k:
                break  # the rest of this draw comes after the next reshuffle
            if not _fits(seat, drawn, other):
                raise ValueError(
                    f"seat {seat}'s reset finds no {k} cards to open around the other's "
                    f"{len(other)} kept cards and keep on its own side"
                )
            kept[seat], have = sorted(_kept(drawn)), []
        else:
            kept[seat].pop(0 if seat == 0 else -1)
        seat = 1 - seat
    return tuple(order)


def _deal(rules: SplitRules) -> tuple[list[int], list[int]]:
    """The two hands: seat 0 its wild and low cards, the dealer (seat 1) 2, 98, its wild, high."""
    standard = [c for c in range(3, 98) if not is_wild(c)]
    low, high = rules.cards_dealt - 1, rules.dealer_hand - 3
    spare = len(standard) - low - high
    if spare < 2 * _MARGIN:
        raise ValueError("the hands need more standard cards than lie between 2 and 98")
    # the first player resets about once for every RESET_DRAW - 1 cards the dealer holds more,
    # each time opening above the dealer's cards: leave it as many high cards in the draw pile
    above = min(max(_MARGIN, rules.dealer_extra + 1), spare - _MARGIN)
    below = max(_MARGIN, min(4 - rules.dealer_extra, spare - above))
    seat0 = standard[below : below + low]
    seat1 = standard[len(standard) - above - high : len(standard) - above]
    return [_KEEP[0], *seat0], [2, 98, _KEEP[1], *seat1]


_MARGIN: Final = 3
"""The fewest standard cards left in the draw pile at each end, for the first resets to open."""


def _turn(state: SplitState, mover: int) -> Action:
    """The mover's action: the other's card onto its own side, then its extreme kept card."""
    if state.stage == Stage.MOVE:
        return MOVES[1] if mover == 0 else MOVES[0]
    if SPLIT.legal_actions(state) == (RESET,):
        return RESET
    kept = [c for c in _cards(state.hands[mover]) if c != _KEEP[mover]]
    return PLAYS[kept[0] if mover == 0 else kept[-1]]


def forced_loop_for(rules: SplitRules, limit: int = 40_000) -> Loop:
    """A two-player game under ``rules`` that comes back to a position, every reset forced.

    Raises :class:`ValueError` where these rules leave no such game of this
    kind (a draw that cannot open around the other's cards, or hands that
    do not fit), or when no position has come back within ``limit`` actions.
    """
    config = SplitConfig(players=2, rules=rules)
    state = SPLIT.new_game(config)
    actions: list[Action] = []

    def act(action: Action) -> None:
        nonlocal state
        state = SPLIT.apply(state, action)
        actions.append(action)

    act(ChooseDealer(1))
    hands = _deal(rules)
    n = rules.cards_dealt
    dealt = [hands[j % 2][j // 2] for j in range(2 * n)] + hands[1][n:]
    rest = [c for c in range(101) if c not in dealt]
    act(Shuffle((*dealt, *_order(_after_deal(state, hands), rest))))
    seen: dict[SplitState, int] = {}
    while len(actions) < limit:
        mover = SPLIT.to_move(state)
        if mover is None:
            raise ValueError("the game ended")
        if mover == "chance":
            if state.stage != Stage.RESHUFFLE:
                raise ValueError(f"chance at {state.stage.name}")
            key = state._replace(turn=0)
            if key in seen:
                act(actions[seen[key]])
                return Loop(config, actions, seen[key] + 1)
            seen[key] = len(actions)
            act(Reshuffle(_order(state, _cards(state.discard))))
            continue
        assert isinstance(mover, int)
        act(_turn(state, mover))
    raise ValueError(f"no position came back within {limit} actions")


def _after_deal(state: SplitState, hands: tuple[list[int], list[int]]) -> SplitState:
    """The position the draw pile is planned from: the hands after the dealer's opening."""
    held = tuple(sum(1 << c for c in h if c not in (2, 98)) for h in hands)
    return state._replace(hands=held, actor=0, opener=1, owed=0, stage=Stage.DEAL, dealer=1)


def any_forced_loop(rules: SplitRules = PRINTED_RULES) -> Loop:
    """The forced-resets loop under ``rules``: the printed rules' game where it carries over.

    That game (:func:`~proofs.split.scenarios.forced_loop`) is built for any
    ``CARDS_DEALT`` with the dealer's two extra cards and resets drawing
    three; under other numbers the game is :func:`forced_loop_for`'s.

    >>> any_forced_loop().start, any_forced_loop(SplitRules(reset_draw=5)).start
    (307, 409)
    """
    if (rules.dealer_extra, rules.reset_draw) == (DEALER_EXTRA, RESET_DRAW):
        return forced_loop(rules=rules)
    return forced_loop_for(rules)
