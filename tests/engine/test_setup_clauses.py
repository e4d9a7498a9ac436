"""Setting up each game: player counts, the first dealer, the shuffle, seating, score keeping.

Small rules every game states at the start, checked from the outside for
each game that has them.
"""

from __future__ import annotations

from fractions import Fraction
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.registry import get_game
from cardlaw.spec.errors import MalformedInput
from tests.games import random_walk


@pytest.mark.clauses("divided-ranks.setup.players")
def test_divided_ranks_is_for_two() -> None:
    game = get_game("divided-ranks")
    assert game.config().players == 2
    for count in (1, 3, 4):
        with pytest.raises(MalformedInput, match="2 players"):
            game.config(players=count)
    state = game.new_game(game.config())
    assert game.observe(state, 1) is not None
    with pytest.raises(ValueError):
        game.observe(state, 2)


@pytest.mark.clauses("split.setup.first-dealer", "split.ruling.first-dealer", "split.deal.shuffle")
@pytest.mark.parametrize(
    ("mode", "players", "deck"), [("competitive", 4, 101), ("cooperative", 3, 99)]
)
def test_split_first_dealer_and_shuffle(mode: str, players: int, deck: int) -> None:
    game = get_game("split")
    state = game.new_game(game.config(mode=mode, players=players))
    dealers = game.chance_outcomes(state)
    assert dealers is not None and dealers.size == players
    assert {dealers.probability(dealers.outcome(i)) for i in range(players)} == {
        Fraction(1, players)
    }
    state = game.apply(state, dealers.outcome(players - 1))
    shuffle = game.chance_outcomes(state)
    assert shuffle is not None and shuffle.size == factorial(deck)
    assert shuffle.probability(shuffle.outcome(12345)) == Fraction(1, factorial(deck))


@pytest.mark.clauses("split.setup.seating")
@given(st.integers(0, 2**32), st.sampled_from([3, 4, 5]))
@settings(max_examples=10)
def test_split_play_starts_left_of_the_dealer(seed: int, players: int) -> None:
    game = get_game("split")
    for state, _ in random_walk(game, game.config(players=players), seed):
        if (
            state.dealer >= 0
            and game.to_move(state) not in ("chance", None)
            and state.dealer != state.actor
        ):
            # The first seat to act after the deal and the opening is the dealer's left neighbour.
            assert state.actor == (state.dealer + 1) % players
            return
    pytest.fail("no first turn reached")


@pytest.mark.clauses("euchre.setup.first-dealer")
def test_euchre_first_dealer_is_chance() -> None:
    game = get_game("euchre")
    state = game.new_game(game.config())
    dealers = game.chance_outcomes(state)
    assert dealers is not None and dealers.size == 4
    assert {dealers.probability(dealers.outcome(i)) for i in range(4)} == {Fraction(1, 4)}
    assert game.to_move(state) == "chance" and game.legal_actions(state) == ()


@pytest.mark.clauses("euchre.components.score-cards")
@given(st.integers(0, 2**32))
@settings(max_examples=5)
def test_euchre_scores_are_numbers(seed: int) -> None:
    game = get_game("euchre")
    walk = list(random_walk(game, game.config(stick_the_dealer=True), seed))
    final, action = walk[-1]
    assert action is None
    result = game.result_to_json(game.result(final))
    assert all(isinstance(x, int) for x in final.scores) and max(final.scores) >= 10
    assert result
