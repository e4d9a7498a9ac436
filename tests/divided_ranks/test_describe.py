"""Divided Ranks' state summaries, as error messages carry them (``describe``)."""

from __future__ import annotations

from engine.divided_ranks.deal import SHUFFLES
from engine.divided_ranks.game import DIVIDED_RANKS as GAME
from engine.divided_ranks.position import EXAMPLE
from spec.divided_ranks import FirstSplitter


def test_describe_the_draft() -> None:
    start = GAME.new_game(GAME.config())
    assert GAME.describe(start) == "first_splitter"
    state = GAME.apply(start, FirstSplitter(1))
    assert GAME.describe(state) == "deal"
    state = GAME.apply(state, SHUFFLES.outcome(0))
    assert GAME.describe(state) == "round 1; split; seat 1 holds "  # nothing in hand yet
    split = GAME.legal_actions(state)[0]
    assert split.text == "split 10H 10D / 10S JC"
    state = GAME.apply(state, split)  # seat 0 chooses
    assert GAME.describe(state) == "round 1; choose; face-up pair 10♥ 10♦; seat 0 holds "


def test_describe_the_reserve_turns() -> None:
    """The judge's example: the draft is over, seat 1 exchanged blind, seat 0 to move."""
    state = GAME.position_from_json(EXAMPLE)
    assert GAME.describe(state) == "reserve; seat 0 holds K♠ 10♠ K♥ Q♥ J♥ 10♥ ★ A♣ K♣ Q♣"
