"""``cardlaw ask divided-ranks split`` (the panel's "is this split legal") agrees with the game.

The question knows only what a player taps: the four cards drawn, the cards
laid face up and face down, and the splitter's hand so far.  Along seeded
random games of every tested configuration, at every split, each of the
game's legal splits is judged legal, and splits the game refuses (three cards
up, a drawn card swapped for one of the hand, every card face down) are
judged illegal with the game's own reason.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardlaw.answers.divided_ranks import split
from cardlaw.engine.divided_ranks.draft import drawn_cards
from cardlaw.spec.cards import Card, CardSet, bits
from cardlaw.spec.divided_ranks.actions import Split
from cardlaw.spec.divided_ranks.state import Stage
from cardlaw.spec.errors import IllegalAction
from tests.divided_ranks.adapter import CONFIGS
from tests.games import load, random_walk


def _wrong(four: int, hand: int) -> list[Split]:
    """Splits of ``four`` the rules refuse: three up, all down, one card of ``hand`` slipped in."""
    cards = list(bits(four))
    out = [
        Split(CardSet(sum(1 << c for c in cards[:3])), CardSet(1 << cards[3])),
        Split(CardSet(0), CardSet(four)),
    ]
    if hand:
        own = next(iter(bits(hand)))
        up = 1 << cards[0] | 1 << own
        out.append(Split(CardSet(up), CardSet(four & ~(1 << cards[0] | 1 << cards[1]))))
    return out


@pytest.mark.parametrize("options", CONFIGS)
def test_every_split_is_judged_as_the_game_judges_it(options: dict[str, Any]) -> None:
    game, config = load("divided-ranks", options)
    asked = refused = 0
    for seed in range(4):
        for state, action in random_walk(game, config, seed):
            if action is None or state.stage != Stage.SPLIT:
                continue
            four, hand = drawn_cards(state), state.hands[state.actor]
            for option in [*game.legal_actions(state), *_wrong(four, hand)]:
                answer = split(
                    str(CardSet(four)),
                    " ".join(str(Card(c)) for c in bits(option.up.mask)),
                    " ".join(str(Card(c)) for c in bits(option.down.mask)),
                    str(CardSet(hand)),
                    config.rules,
                )
                try:
                    game.apply(state, option)
                except IllegalAction as illegal:
                    reason = illegal.reason.replace(f"seat {state.actor}", "the splitter")
                    assert answer.verdict == f"illegal: {reason}"
                    assert answer.steps[-1] == f"{reason} [{illegal.clause}]"
                    refused += 1
                else:
                    assert answer.extra["legal"] is True, (state, option)
                asked += 1
    assert asked > 100 and 0 < refused < asked
