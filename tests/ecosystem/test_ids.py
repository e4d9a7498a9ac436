"""Action ids: every legal action has one id, each id decodes back to its action.

Checked at every decision of random games, for every game under several
configurations (variants, player counts, changed rule numbers): the ids of
the legal actions are distinct, in range and decode to the very actions;
an id naming cards the mover does not have is refused naming a clause;
anything not an id is malformed input.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.ecosystem import binding
from cardlaw.ecosystem.ids import colex_rank, colex_unrank, positions, subset_rank, subset_ranks
from cardlaw.spec.errors import IllegalAction, MalformedInput
from tests.ecosystem.common import ALL_CASES, GAMES, case_id, ecosystem, setup, walk


@pytest.mark.parametrize("case", ALL_CASES, ids=case_id)
@given(seed=st.integers(0, 2**32))
@settings(max_examples=3)
def test_every_legal_action_has_an_id_that_decodes_to_it(
    case: tuple[str, dict[str, Any]], seed: int
) -> None:
    game, config = setup(*case)
    codec = binding(game.name).codec(config)
    decisions = 0
    for spot in walk(game, config, seed):
        if not isinstance(spot.mover(), int):
            continue
        legal = game.legal_actions(spot.state)
        ids = [codec.encode(spot.state, action) for action in legal]
        assert len(set(ids)) == len(ids), legal
        assert all(0 <= i < codec.size for i in ids)
        assert [codec.decode(spot.state, i) for i in ids] == list(legal)
        assert spot.legal_ids() == tuple(sorted(ids))  # listed all at once: the same ids
        assert [spot.after_legal_id(i).action for i in ids] == list(legal)
        decisions += 1
    assert decisions


@pytest.mark.parametrize("name", GAMES)
def test_the_ids_are_those_the_docs_list(name: str) -> None:
    """The printed rules' blocks, as each game's module documents them (its test adapter's
    ``ECOSYSTEM.blocks``)."""
    _, config = setup(name, {})
    described = binding(name).codec(config).describe()
    assert [(block, first, last) for block, first, last, _ in described] == list(
        ecosystem(name).blocks
    )


@given(st.sets(st.integers(0, 30), min_size=0, max_size=6))
def test_colex_rank_and_unrank_are_inverse(chosen: set[int]) -> None:
    positions = tuple(sorted(chosen))
    assert colex_unrank(colex_rank(positions), len(positions)) == positions


@given(st.data())
def test_the_quick_ranks_are_the_colex_ranks_of_the_positions(data: st.DataObject) -> None:
    """:func:`subset_ranks` (a listing's) and :func:`subset_rank` are ``colex_rank(positions)``;
    a set with a card outside the group, or of another size, has none."""
    cards = data.draw(st.sets(st.integers(0, 51), min_size=1, max_size=14))
    group = sum(1 << c for c in cards)
    k = data.draw(st.integers(1, len(cards)))
    subsets = data.draw(st.lists(st.sets(st.sampled_from(sorted(cards)), min_size=k, max_size=k)))
    chosen = [sum(1 << c for c in subset) for subset in subsets]
    expected = [colex_rank(positions(group, mask)) for mask in chosen]
    assert subset_ranks(group, chosen, k) == expected
    assert [subset_rank(group, mask) for mask in chosen] == expected
    outside = data.draw(st.integers(0, 51).filter(lambda c: c not in cards))
    assert subset_ranks(group, [(1 << outside) | m for m in chosen[:1]], k + 1) == [None] * min(
        1, len(chosen)
    )
    assert subset_ranks(group, chosen, k + 1) == [None] * len(chosen)


def test_a_listed_id_is_still_checked_as_an_id() -> None:
    """Once the legal ids are listed, a legal id is looked up, but ``True`` (equal to 1) is
    still no id, and a numpy integer is one."""
    np = pytest.importorskip("numpy")
    game, config = setup("euchre", {})
    spot = next(s for s in walk(game, config, 1) if isinstance(s.mover(), int))
    ids = spot.legal_ids()
    assert spot.after_legal_id(np.int64(ids[0])).action == spot.after_legal_id(ids[0]).action
    with pytest.raises(MalformedInput):
        spot.after_legal_id(True)


def test_ranks_below_n_choose_k_are_the_subsets_of_n() -> None:
    from math import comb

    for n in range(1, 9):
        for k in range(n + 1):
            subsets = {colex_unrank(r, k) for r in range(comb(n, k))}
            assert len(subsets) == comb(n, k) and all(max(s, default=-1) < n for s in subsets)


def test_an_id_naming_cards_the_mover_lacks_is_refused_with_its_clause() -> None:
    game, config = setup("divide", {})
    spot = next(s for s in walk(game, config, 3) if s.state.stage.name == "SECURE")
    codec = binding("divide").codec(config)
    first = dict((name, lo) for name, lo, _, _ in codec.describe())["secure"]
    # a hand of 8 cards: the colex ranks of pairs run below C(8, 2) = 28, the block's size
    small = spot.state._replace(hands=tuple(h & (h - 1) for h in spot.state.hands))
    with pytest.raises(IllegalAction) as refused:
        codec.decode(small, first + 27)
    assert refused.value.clause == "divide.divide.secure"


@pytest.mark.parametrize("junk", [-1, 155, 10**9, "3", 2.5, None, True, float("inf"), float("nan")])
def test_anything_but_an_id_is_malformed(junk: object) -> None:
    game, config = setup("divide", {})
    spot = next(s for s in walk(game, config, 1) if isinstance(s.mover(), int))
    with pytest.raises(MalformedInput):
        binding("divide").codec(config).decode(spot.state, junk)


def test_a_whole_float_or_numpy_integer_is_an_id() -> None:
    np = pytest.importorskip("numpy")
    game, config = setup("euchre", {})
    spot = next(s for s in walk(game, config, 1) if isinstance(s.mover(), int))
    codec = binding("euchre").codec(config)
    assert codec.decode(spot.state, np.int64(0)) == codec.decode(spot.state, 0)
    assert codec.decode(spot.state, 0.0) == codec.decode(spot.state, 0)
