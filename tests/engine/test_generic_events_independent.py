"""Every game's record events against its own referee (``tests/<game>/test_events_independent.py``).

Each game's referee recomputes its events from the actions alone, never through
``engine.<game>``; over random whole games (a configuration, a seed and a way of
choosing, :func:`tests.generic.referee.games_drawn`), every step's events must
equal ``game.events(before, action, after)``.  The games' other event checks
(every kind of event reached, forced ties) stay in their own files.
"""

from __future__ import annotations

from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.registry import GAMES
from tests.divide import test_events_independent as divide
from tests.divided_ranks import test_events_independent as divided_ranks
from tests.euchre import test_events_independent as euchre
from tests.generic.referee import games_drawn
from tests.split import test_events_independent as split

REFEREES: dict[str, ModuleType] = {
    "divide": divide,
    "divided-ranks": divided_ranks,
    "split": split,
    "euchre": euchre,
}
"""Each game's independent event check (its ``check_game``, ``CONFIGS`` and ``CHOOSERS``)."""


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            "divide",
            marks=pytest.mark.clauses(
                "divide.setup.first-dealer",
                "divide.round.dealer-rotation",
                "divide.trump.rank",
                "divide.trick.first-lead",
                "divide.trick.winner-leads",
                "divide.trick.winner-trump",
                "divide.trick.winner-led-suit",
                "divide.trick.off-suit",
                "divide.cards.suit-order",
                "divide.score.winning-suit",
                "divide.score.suit-token",
                "divide.score.bonus-token",
                "divide.score.round",
                "divide.cleanup.record",
                "divide.cleanup.reset",
                "divide.end.four-rounds",
                "divide.end.highest-total",
                "divide.tiebreak.bonus",
                "divide.tiebreak.eighth-trick",
                "divide.ruling.tiebreak-group",
                "divide.ruling.eighth-trick-comparison",
            ),
        ),
        pytest.param(
            "divided-ranks",
            marks=pytest.mark.clauses(
                "divided-ranks.ruling.first-splitter",
                "divided-ranks.draft.rounds",
                "divided-ranks.draft.choose",
                "divided-ranks.reserve.turns",
                "divided-ranks.reserve.order",
                "divided-ranks.reserve.blind",
                "divided-ranks.variant.coin-flip-reserve",
                "divided-ranks.ruling.build-order",
                "divided-ranks.build.weaker-stronger",
                "divided-ranks.hands.categories",
                "divided-ranks.hands.no-high-card",
                "divided-ranks.hands.joker-wild",
                "divided-ranks.hands.joker-low",
                "divided-ranks.hands.joker-tiebreak",
                "divided-ranks.ruling.card-for-card",
                "divided-ranks.score.order",
                "divided-ranks.score.loser",
                "divided-ranks.score.draw",
                "divided-ranks.end.reveal",
            ),
        ),
        pytest.param(
            "split",
            marks=pytest.mark.clauses(
                "split.ruling.first-dealer",
                "split.ruling.deal-order",
                "split.deal.dealer-extra",
                "split.open.piles",
                "split.ruling.pile-sides",
                "split.open.first-player",
                "split.open.put-under",
                "split.ruling.put-under-exhausted",
                "split.turn.move-middle",
                "split.turn.must-reset",
                "split.turn.order",
                "split.wild.reverse",
                "split.wild.two-players",
                "split.reset.discard",
                "split.reset.draw-three",
                "split.reset.reopen",
                "split.reset.fresh-start",
                "split.ruling.after-reset",
                "split.ruling.empty-draw-pile",
                "split.ruling.short-draw",
                "split.ruling.turn-limit",
                "split.end.first-empty",
                "split.coop.aid-use",
                "split.coop.lose-on-reset",
                "split.coop.win",
                "split.ruling.coop-empty-hand",
                "split.ruling.coop-reverse",
            ),
        ),
        pytest.param(
            "euchre",
            marks=pytest.mark.clauses(
                "euchre.setup.first-dealer",
                "euchre.setup.partners",
                "euchre.hand.dealer-rotation",
                "euchre.ruling.thrown-in-hand",
                "euchre.ruling.deal-packets",
                "euchre.deal.up-card",
                "euchre.bid.first-round",
                "euchre.bid.second-round",
                "euchre.bid.makers",
                "euchre.bid.alone",
                "euchre.ruling.all-pass",
                "euchre.ruling.lone-lead",
                "euchre.cards.left-bower",
                "euchre.cards.trump-order",
                "euchre.cards.plain-order",
                "euchre.trick.first-lead",
                "euchre.trick.clockwise",
                "euchre.trick.winner",
                "euchre.trick.winner-leads",
                "euchre.score.makers",
                "euchre.score.march",
                "euchre.score.alone-march",
                "euchre.score.euchred",
                "euchre.end.ten",
                "euchre.ruling.end-at-once",
            ),
        ),
    ],
)
@given(data=st.data())
def test_events_match_the_referee(name: str, data: st.DataObject) -> None:
    module = REFEREES[name]
    drawn = games_drawn(module.CONFIGS, module.CHOOSERS)
    module.check_game(**data.draw(st.fixed_dictionaries(drawn), label="game"))


def test_every_game_has_a_referee() -> None:
    assert list(REFEREES) == list(GAMES)
