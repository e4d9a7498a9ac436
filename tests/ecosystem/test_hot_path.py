"""The adapters' quick paths give exactly what the plain ones give (issue 35's speed).

* legal ids read from the engine's mask of legal plays (a binding's
  ``quick_ids``) are the ids of the Game API's legal actions, encoded one by
  one, and are used;
* a whole choice of subsets, ranked from a table, is ranked as
  :func:`~cardlaw.ecosystem.ids.colex_rank` ranks each subset, and anything
  else is left to the rank of each;
* the outcomes of a chance event that is no shuffle are its exact
  probabilities as floats;
* OpenSpiel's state, dealing a shuffle card by card from two lists, offers
  at each card exactly the cards a spot dealing card by card offers (each
  named by its place among the cards left, and shown as that card), each
  with the float of its exact probability, and reaches the same states.
"""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.ecosystem import binding
from cardlaw.ecosystem.ids import colex_rank, positions
from cardlaw.ecosystem.subsets import every_subset_ranks
from cardlaw.engine.api import CHANCE
from tests.ecosystem.common import ALL_CASES, CASES, case_id, setup, walk

QUICK = [case for case in ALL_CASES if binding(case[0]).quick_ids is not None]


@pytest.mark.parametrize("case", QUICK, ids=case_id)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=3)
def test_quick_ids_are_the_ids_of_the_legal_actions(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, config = setup(*case)
    bound = binding(game.name)
    assert bound.quick_ids is not None
    quick, codec = bound.quick_ids(config), bound.codec(config)
    read = 0
    for spot in walk(game, config, seed):
        found = quick(spot.state)
        if found is None:
            continue
        legal = game.legal_actions(spot.state)
        assert found == tuple(sorted(codec.encode(spot.state, action) for action in legal))
        read += 1
    assert read  # the quick path was taken


@given(st.data())
@settings(max_examples=60)
def test_a_whole_choice_is_ranked_as_each_subset_is(data: st.DataObject) -> None:
    cards = data.draw(st.lists(st.integers(0, 100), min_size=1, max_size=9, unique=True))
    group = sum(1 << card for card in cards)
    k = data.draw(st.integers(1, len(cards)))
    singles = sorted(1 << card for card in cards)
    masks = [sum(chosen) for chosen in combinations(singles, k)]
    assert every_subset_ranks(group, masks, k) == tuple(
        colex_rank(positions(group, mask)) for mask in masks
    )
    if len(masks) > 1:
        swapped = [masks[1], masks[0], *masks[2:]]
        assert every_subset_ranks(group, swapped, k) is None
        assert every_subset_ranks(group, masks[:-1], k) is None


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_odds_of_other_chance_events_are_their_exact_probabilities(
    case: tuple[str, dict[str, Any]],
) -> None:
    game, config = setup(*case)
    seen = 0
    for seed in range(3):
        for spot in walk(game, config, seed):
            if spot.mover() == CHANCE and spot.shuffle() is None:
                assert spot.odds() == [(i, float(p)) for i, p in spot.chance()]
                assert sum(p for _, p in spot.chance()) == 1
                seen += 1
    assert seen


@pytest.mark.parametrize("case", CASES, ids=case_id)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=2, deadline=None)
def test_openspiel_deals_as_a_spot_deals_card_by_card(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    pytest.importorskip("pyspiel")
    from cardlaw.openspiel import load_game  # (the extra)
    from cardlaw.openspiel.games import CardlawState

    state = load_game(*case).new_initial_state()
    assert isinstance(state, CardlawState)
    spot = state.spot
    rng = random.Random(seed)
    cards = 0
    while not state.is_terminal() and cards < 400:
        if state.is_chance_node():
            exact = spot.chance()
            dealing = spot.shuffle() is not None
            named = [(k if dealing else i, float(p)) for k, (i, p) in enumerate(exact)]
            assert state.chance_outcomes() == named  # a card dealt: its place among those left
            assert state.legal_actions() == [i for i, _ in named]
            if dealing:
                assert all(p == Fraction(1, len(exact)) for _, p in exact)
                cards += 1
            at = rng.randrange(len(exact))
            if dealing:
                card = exact[at][0]
                assert state.action_to_string(state.current_player(), at).endswith(
                    str(_card_of(spot, card))
                )
            state.apply_action(named[at][0])
            spot = spot.after_id(exact[at][0])
        else:
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            spot = spot.after_legal_id(action)
        assert state.spot.state == spot.state and state.spot.dealt == spot.dealt
        assert state.spot.actions() == spot.actions()
    assert cards


def _card_of(spot: Any, card: int) -> object:
    """A card id as the card it is (Split's cards are their numbers)."""
    from cardlaw.spec.cards import ALL_CARDS

    return card if spot.game.name == "split" else ALL_CARDS[card]
