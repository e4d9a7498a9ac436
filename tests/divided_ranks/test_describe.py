"""Divided Ranks' state summaries, as error messages carry them (``describe``)."""

from __future__ import annotations

from cardlaw.engine.divided_ranks.deal import SHUFFLES
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS as GAME
from cardlaw.engine.divided_ranks.position import EXAMPLE
from cardlaw.spec.divided_ranks import FirstSplitter


def test_describe_the_reserve_turns() -> None:
    """The judge's example: the draft is over, seat 1 exchanged blind, seat 0 to move."""
    state = GAME.position_from_json(EXAMPLE)
    assert GAME.describe(state) == "reserve; seat 0 holds K♠ 10♠ K♥ Q♥ J♥ 10♥ ★ A♣ K♣ Q♣"


def test_the_first_split_listed() -> None:
    """The judge's list of legal splits starts with the lowest pairs (the first steps of
    ``tests/engine/test_describe.py``'s opening take it)."""
    state = GAME.apply(GAME.new_game(GAME.config()), FirstSplitter(1))
    state = GAME.apply(state, SHUFFLES.outcome(0))
    assert GAME.legal_actions(state)[0].text == "split 10H 10D / 10S JC"
