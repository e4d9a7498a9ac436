"""Divide's record events, recomputed from the actions alone by a referee written here.

The referee knows only the rule text (``spec/divide/rules.py``), the spec's
constants and card basics: who deals, which card was turned up, who leads,
who wins each trick (trump rank first, then the led suit), which token each
trick takes from stacks it tracks itself, the round scores, the totals and
the tiebreakers.  It never calls ``engine.divide``; every step's events must
equal ``game.events(before, action, after)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from cardlaw.engine.api import Event
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.spec.cards import Card, Suit
from cardlaw.spec.divide.actions import ChooseDealer, Keep, Play, Reveal, Secure, Shuffle
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.constants import (
    BONUS_TOKEN_POINTS,
    BONUS_TOKENS,
    ROUNDS,
    SUIT_STRENGTH,
    SUIT_TOKEN_POINTS,
    SUIT_TOKENS_PER_SUIT,
    TRICKS_PER_ROUND,
)
from tests.divide.adapter import CONFIGS
from tests.generic.referee import facets_met
from tests.referee import Chooser, bots, compare_game, replay, uniform

KINDS = ("first-dealer", "deal", "trump", "trick", "round-end", "game-end")
"""Every kind of event Divide emits."""

FACETS = {"trick": ("token", "points"), "game-end": ("decided_by",)}


def winning_position(trick: list[Card], trump_rank: int) -> int:
    """Where in ``trick`` (0 = the lead) the winning card lies, by the rule text.

    Any Trump Rank card beats every other card, and among them the stronger
    suit wins [divide.trick.winner-trump]; with none, the highest card of the
    led suit wins [divide.trick.winner-led-suit] and others cannot
    [divide.trick.off-suit].
    """
    trumps = [i for i, card in enumerate(trick) if card.rank == trump_rank]
    if trumps:
        return max(trumps, key=lambda i: SUIT_STRENGTH[trick[i].suit])
    led = trick[0].suit
    followers = [i for i, card in enumerate(trick) if card.suit == led]
    return max(followers, key=lambda i: trick[i].rank)


def strength(card: Card) -> tuple[int, int]:
    """Printed rank, then suit: the second tiebreaker's order [divide.tiebreak.eighth-trick]."""
    return (card.rank, SUIT_STRENGTH[card.suit])


class DivideReferee:
    """Follows a game of Divide from its actions."""

    def __init__(self, config: DivideConfig, earlier: tuple[tuple[int, ...], ...] = ()) -> None:
        """``earlier``: the scores of the first three rounds, if they are to be rewritten."""
        self.n = config.players
        self.dealer = -1
        self.round = 0
        self.totals = [0] * self.n
        self.earlier = earlier
        self.events: list[Event] = []
        self.actions: list[Any] = []
        """The whole game's events and actions, once it has been played."""

    def _new_round(self) -> None:
        if self.round:
            self.dealer = (self.dealer + 1) % self.n  # [divide.round.dealer-rotation]
        if self.earlier and self.round == ROUNDS - 1:
            self.totals = [sum(row[p] for row in self.earlier) for p in range(self.n)]
        self.round += 1
        self.stacks = {suit: SUIT_TOKENS_PER_SUIT for suit in Suit}  # [divide.setup.tokens]
        self.bonus = BONUS_TOKENS
        self.scores = [0] * self.n
        self.bonus_taken = [0] * self.n
        self.leader = (self.dealer + 1) % self.n  # [divide.trick.first-lead]
        self.trick: list[Card] = []
        self.tricks = 0

    def step(self, action: Any) -> list[Event]:
        """The events ``action`` must produce."""
        if isinstance(action, ChooseDealer):
            self.dealer = action.seat
            return [{"event": "first-dealer", "seat": action.seat}]
        if isinstance(action, Shuffle):
            self._new_round()
            return [{"event": "deal", "round": self.round, "dealer": self.dealer}]
        if isinstance(action, Reveal):
            self.trump_rank = action.card.rank
            return [{"event": "trump", "card": str(action.card), "rank": action.card.rank.label}]
        if not isinstance(action, Play):
            return []
        self.trick.append(action.card)
        if len(self.trick) < self.n:
            return []
        return self._trick_done()

    def _trick_done(self) -> list[Event]:
        trick, self.trick = self.trick, []
        self.tricks += 1
        position = winning_position(trick, self.trump_rank)
        winner = (self.leader + position) % self.n  # clockwise from the leader
        suit = trick[position].suit  # [divide.score.winning-suit]
        if self.stacks[suit]:
            self.stacks[suit] -= 1
            token, points = "suit", SUIT_TOKEN_POINTS
        else:
            assert self.bonus > 0, "the bonus supply ran out"
            self.bonus -= 1
            self.bonus_taken[winner] += 1
            token, points = "bonus", BONUS_TOKEN_POINTS
        self.scores[winner] += points
        out: list[Event] = [
            {
                "event": "trick",
                "round": self.round,
                "trick": self.tricks,
                "leader": self.leader,
                "cards": [str(card) for card in trick],
                "winner": winner,
                "card": str(trick[position]),
                "token": token,
                "points": points,
            }
        ]
        self.last_trick = {(self.leader + i) % self.n: card for i, card in enumerate(trick)}
        self.leader = winner  # [divide.trick.winner-leads]
        if self.tricks < TRICKS_PER_ROUND:
            return out
        self.totals = [t + s for t, s in zip(self.totals, self.scores, strict=True)]
        out.append(
            {
                "event": "round-end",
                "round": self.round,
                "scores": list(self.scores),
                "totals": list(self.totals),
            }
        )
        if self.round == ROUNDS:
            out.append({"event": "game-end", **self._result()})
        return out

    def _result(self) -> dict[str, Any]:
        best = max(self.totals)
        tied = [p for p in range(self.n) if self.totals[p] == best]
        group, decided_by = tied, "score"
        if len(group) > 1:  # [divide.tiebreak.bonus], then [divide.tiebreak.eighth-trick]
            most = max(self.bonus_taken[p] for p in group)
            group, decided_by = [p for p in group if self.bonus_taken[p] == most], "bonus-tokens"
        if len(group) > 1:
            top = max(strength(self.last_trick[p]) for p in group)
            group = [p for p in group if strength(self.last_trick[p]) == top]
            decided_by = "eighth-trick" if len(group) == 1 else "shared"
        return {
            "totals": list(self.totals),
            "winners": group,
            "decided_by": decided_by,
            "tied": tied,
        }


def _hearts(action: Any) -> int:
    if isinstance(action, Play):
        return int(action.card.suit == Suit.HEARTS)
    if isinstance(action, Keep | Secure):
        return sum(card.suit == Suit.HEARTS for card in action.cards)
    return 0


def hungry(rng: random.Random, state: Any, legal: Sequence[Any]) -> Any:
    """Half the time any action, else one that keeps or plays the most Hearts.

    Many Hearts tricks empty the Hearts stack, so bonus tokens come often.
    """
    if rng.random() < 0.5:
        return rng.choice(legal)
    best = max(_hearts(action) for action in legal)
    return rng.choice([action for action in legal if _hearts(action) == best])


CHOOSERS = (uniform, hungry, bots(DIVIDE, "greedy"))
"""How the players pick their actions: at random, by this file's bias, or as the game's
greedy bot."""


def check_game(options: dict[str, Any], seed: int, choose: Chooser = uniform) -> DivideReferee:
    """Play and check one game; the referee as it stands at the end."""
    config = DIVIDE.config(**options)
    referee = DivideReferee(config)
    referee.events, referee.actions = compare_game(DIVIDE, config, seed, referee, choose=choose)
    return referee


def _last_rounds_with_and_without_bonus(options: dict[str, Any]) -> list[DivideReferee]:
    """Fixed games: six whose last round paid a bonus token, and four whose did not."""
    wanted = {True: 6, False: 4}
    found: dict[bool, list[DivideReferee]] = {True: [], False: []}
    for seed in range(200):
        played = check_game(options, seed, hungry)
        paid = max(played.bonus_taken) > 0
        if len(found[paid]) < wanted[paid]:
            found[paid].append(played)
        if all(len(found[paid]) == wanted[paid] for paid in wanted):
            break
    assert all(len(found[paid]) == wanted[paid] for paid in wanted)
    return found[True] + found[False]


@pytest.mark.clauses(
    "divide.end.highest-total",
    "divide.tiebreak.bonus",
    "divide.tiebreak.eighth-trick",
    "divide.ruling.tiebreak-group",
    "divide.ruling.eighth-trick-comparison",
)
@pytest.mark.parametrize("options", CONFIGS)
def test_game_end_with_forced_ties(options: dict[str, Any]) -> None:
    """Ties for the highest total are rare, so make them: replay a game with the first three
    rounds' scores rewritten so that two or three players tie, and check the game-end event.

    The tied players always include one who took the most bonus tokens in the last round, so
    both tiebreakers get their turn.
    """
    decided: set[str] = set()
    for played in _last_rounds_with_and_without_bonus(options):
        n = played.n
        pick = random.Random(len(played.actions))
        first = max(range(n), key=lambda p: (played.bonus_taken[p], pick.random()))
        others = pick.sample([p for p in range(n) if p != first], pick.choice([1, 2]))
        earlier = tuple(1000 - played.scores[p] if p in (first, *others) else 0 for p in range(n))
        rows = (earlier, (0,) * n, (0,) * n)

        def edit(state: Any, action: Any, rows: Any = rows) -> Any:
            if isinstance(action, Shuffle) and len(state.scores) == ROUNDS - 1:
                return state._replace(scores=rows)
            return state

        config = DIVIDE.config(**options)
        referee = DivideReferee(config, earlier=rows)
        events = replay(DIVIDE, config, played.actions, referee, edit=edit)
        end = events[-1]
        assert sorted(end["tied"]) == sorted([first, *others])
        decided.add(str(end["decided_by"]))
    assert {"bonus-tokens", "eighth-trick"} <= decided


@pytest.mark.clauses("divide.score.bonus-token", "divide.tiebreak.bonus")
def test_every_kind_is_checked() -> None:
    """Fixed games reach every kind of event, both tokens and a tiebreak."""
    seen = facets_met(lambda *game: check_game(*game).events, CONFIGS, 6, CHOOSERS, FACETS)
    assert {(kind,) for kind in KINDS} <= seen
    assert {("trick", "token", "suit"), ("trick", "token", "bonus")} <= seen
    assert ("game-end", "decided_by", "score") in seen
    assert seen & {
        ("game-end", "decided_by", "bonus-tokens"),
        ("game-end", "decided_by", "eighth-trick"),
    }
