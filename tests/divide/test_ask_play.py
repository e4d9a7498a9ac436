"""``cardlaw ask divide play`` (the panel's "is this play legal here") agrees with the game.

The question knows only what a player taps: the hand, the trick so far, the
Trump Rank and the card in dispute.  Along seeded random games (four and five
players, and the house rule of the Trump Rank's own suit), at every state of
the tricks, every card of the player's hand is asked about; the verdict must
be the game's own for that play (``explain``: ``apply`` accepts it or names
the clause it breaks), with the same reasoning about following, and the cards
it says may be played must be the game's legal plays.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardlaw.answers.divide import play
from cardlaw.spec.cards import Card, CardSet, bits
from cardlaw.spec.divide.state import Stage
from tests.games import load, random_walk


@pytest.mark.parametrize(
    "options", [{"players": 4}, {"players": 5}, {"players": 4, "trump_suit": "own"}]
)
def test_every_card_of_every_hand_is_judged_as_the_game_judges_it(options: dict[str, Any]) -> None:
    game, config = load("divide", options)
    asked = refused = 0
    for seed in range(2):
        for state, action in random_walk(game, config, seed):
            if action is None or state.stage != Stage.TRICKS:
                continue
            seat, hand = state.actor, state.hands[state.actor]
            trick = " ".join(str(Card(c)) for c in state.trick)
            legal = {game.action_text(a) for a in game.legal_actions(state)}
            for card in bits(hand):
                name = str(Card(card))
                answer = play(
                    str(CardSet(hand)),
                    name,
                    Card(state.trump).rank.label,
                    trick,
                    config.players,
                    config.trump_suit == "own",
                    config.rules,
                )
                ok, why = game.explain(state, game.parse_action(f"play {name}"))
                assert answer.extra["legal"] is ok, (state, name)
                assert answer.verdict.split(":")[0] == why.verdict.split(":")[0]
                assert {f"play {c}" for c in answer.extra["legal_cards"]} == legal
                said = [s.replace(f"Seat {seat} holds", "The player holds") for s in why.steps]
                # the reasoning about the card is the game's, and a refusal's reason too
                middle = answer.steps[1 if not state.trick else 0 : -1]
                assert all(step in said for step in middle), (middle, said)
                if not ok:
                    assert answer.steps[-1] == why.steps[-1]
                asked += 1
                refused += not ok
    assert asked > 200 and 0 < refused < asked
