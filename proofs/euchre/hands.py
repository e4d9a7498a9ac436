"""The hands of seeded whole Euchre games, read off their traces: what the links compare.

A :class:`Hand` is one deal of a traced game (:mod:`proofs.trace`) as the
engine played it: the dealer and the cards dealt, the bidding's outcome, the
exchange, the first lead and the score.  Everything is read from the states
the Game API returned and the actions taken, step by step.

:func:`passing_games` plays games whose players mostly pass, so that many
hands are thrown in (uniform random players almost never pass eight times).

>>> from cardlaw.spec.euchre.config import EuchreConfig
>>> traces = passing_games(EuchreConfig(), games=1, seed=3)
>>> hands = hands_of(traces[0])
>>> hands[0].deal_step, hands[0].dealer == traces[0].steps[1].after.dealer
(1, True)
>>> any(h.thrown for h in hands), all(h.end_step is not None for h in hands[:-1])
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Final

from cardlaw.engine.api import AnyGame
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.trace import MAX_STEPS, Step, Trace
from cardlaw.spec.euchre.actions import PASS, Action, Discard, Pass, Shuffle
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import TEAM_OF
from cardlaw.spec.euchre.state import EuchreState, Stage

__all__ = ["PASSING", "Hand", "hands_of", "passing_games"]

PASSING: Final = 0.8
"""How often a passing player passes when it may."""

_BIDDING: Final = (Stage.ORDER_UP, Stage.NAME_TRUMP)


@dataclass(slots=True)
class Hand:
    """One deal of a traced game, as the engine played it."""

    deal_step: int
    """The step that shuffled and dealt it."""
    dealer: int
    dealt: tuple[int, ...]
    """Each seat's cards as dealt."""
    upcard: int
    kitty: int
    previous_dealer: int
    """The dealer of the hand before (-1 for the first hand)."""
    scores_before: tuple[int, int]
    bids: list[tuple[int, int]] = field(default_factory=list)
    """Every bidding step: (step index, whether it was a pass)."""
    bid_end: int | None = None
    """The step that ended the bidding (trump made or thrown in)."""
    maker: int = -1
    trump: int = -1
    alone: bool = False
    defender: int = -1
    taken: bool = False
    """The dealer took the up-card (and discarded)."""
    discard: int = -1
    lead_step: int | None = None
    """The step after which the first trick is to be led."""
    leader: int = -1
    at_lead: tuple[int, ...] = ()
    """Each seat's cards when the first trick is to be led."""
    end_step: int | None = None
    """The step that finished the hand (scored or thrown in), if it finished."""
    thrown: bool = False
    result: tuple[int, int] = (-1, 0)
    scores_after: tuple[int, int] = (0, 0)
    over: bool = False
    makers_tricks: int = 0

    @property
    def passes(self) -> int:
        """How many passes the bidding had."""
        return sum(passed for _, passed in self.bids)


def _start(step: Step[EuchreState, Action], previous: Hand | None) -> Hand:
    after = step.after
    return Hand(
        deal_step=step.index,
        dealer=after.dealer,
        dealt=after.hands,
        upcard=after.upcard,
        kitty=after.kitty,
        previous_dealer=-1 if previous is None else previous.dealer,
        scores_before=after.scores,
    )


def _follow(hand: Hand, step: Step[EuchreState, Action], game: AnyGame) -> None:
    """What ``step`` did to ``hand`` (``game``: the game the trace was played with)."""
    state, action, after = step.state, step.action, step.after
    if state.stage in _BIDDING:
        hand.bids.append((step.index, isinstance(action, Pass)))
        if after.stage not in _BIDDING:
            hand.bid_end = step.index
            hand.maker, hand.trump, hand.alone = after.maker, after.trump, after.alone
    if isinstance(action, Discard):
        hand.taken, hand.discard = True, int(action.card)
    if after.stage == Stage.TRICKS and state.stage != Stage.TRICKS:
        hand.lead_step, hand.leader, hand.at_lead = step.index, after.leader, after.hands
        hand.defender = after.defender
    if len(after.results) > len(state.results):
        hand.end_step = step.index
        hand.result = after.results[-1]
        hand.thrown = hand.result[0] < 0
        hand.scores_after = after.scores
        hand.over = game.to_move(after) is None
        if hand.maker >= 0:
            hand.makers_tricks = after.won[TEAM_OF[hand.maker]]


def hands_of(trace: Trace[EuchreState, Action]) -> list[Hand]:
    """Every hand of a traced game, in order (the last may be unfinished)."""
    hands: list[Hand] = []
    for step in trace.steps:
        if isinstance(step.action, Shuffle):
            hands.append(_start(step, hands[-1] if hands else None))
        elif hands:
            _follow(hands[-1], step, trace.game)
    return hands


def passing_games(
    config: EuchreConfig,
    *,
    games: int,
    seed: int,
    passing: float = PASSING,
    game: AnyGame | None = None,
) -> list[Trace[EuchreState, Action]]:
    """Whole games whose players pass with probability ``passing`` whenever they may.

    Chance is drawn with its exact probabilities; any other choice is uniform
    among the legal actions.  The ``k``-th game is seeded ``f"passing:{seed}:{k}"``.
    The games are played by ``game``, by default :data:`EUCHRE` as read when called.
    """
    play = EUCHRE if game is None else game
    traces = []
    for k in range(games):
        rng = random.Random(f"passing:{seed}:{k}")
        state = play.new_game(config)
        steps: list[Step[EuchreState, Action]] = []
        while play.to_move(state) is not None and len(steps) < MAX_STEPS:
            space = play.chance_outcomes(state)
            if space is not None:
                action: Action = space.outcome(rng.randrange(space.size))
            else:
                legal = play.legal_actions(state)
                action = PASS if PASS in legal and rng.random() < passing else rng.choice(legal)
            after = play.apply(state, action)
            steps.append(Step(len(steps), state, action, after))
            state = after
        traces.append(Trace(play, config, k, tuple(steps)))
    return traces
