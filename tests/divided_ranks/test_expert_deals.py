"""The expert's sampled deals: the right number of cards in each place, and every card equally likely.

Each unplaced card must be as likely as any other to land in this seat's half
of the stock, the face-down pair or the opponent's hand (a sampler once gave
the bot the lower-ranked half of the stock in every deal).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardlaw.bots.divided_ranks import ExpertBot
from cardlaw.engine.divided_ranks.values import LOW
from cardlaw.engine.registry import get_game
from cardlaw.sampling import play_game
from cardlaw.spec.cards import bits
from cardlaw.spec.divided_ranks.actions import Action, Split, Take
from cardlaw.spec.divided_ranks.state import DividedRanksObservation

SAMPLES = 4000


class _Watch(ExpertBot):
    """The expert, keeping the observation of every split and take it is asked."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[DividedRanksObservation] = []

    def choose(
        self, observation: DividedRanksObservation, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        if isinstance(legal[0], Split | Take):
            self.seen.append(observation)
        return super().choose(observation, legal, rng)


def _draft_views() -> list[DividedRanksObservation]:
    game = get_game("divided-ranks")
    bots = [_Watch(), _Watch()]
    play_game(game, game.config(), bots, seed=5)
    return bots[0].seen + bots[1].seen


VIEWS = _draft_views()


@pytest.mark.parametrize("index", range(len(VIEWS)))
def test_each_place_gets_its_count_and_every_card_is_as_likely(index: int) -> None:
    view = VIEWS[index]
    count = dict(view.whereabouts)
    stock, down = count.get("stock", 0), count.get("face-down", 0)
    theirs = count.get("opponent", 0) + stock - stock // 2
    unplaced = view.unaccounted.mask >> LOW
    hand, seen = view.hand.mask >> LOW, view.seen.mask >> LOW
    mine, opponent, downs = ExpertBot(samples=SAMPLES)._deals(view, random.Random(index))
    hits = {place: dict.fromkeys(bits(unplaced), 0) for place in ("mine", "down", "theirs")}
    for m, o, d in zip(mine, opponent, downs, strict=True):
        got = {"mine": m & ~hand, "down": d, "theirs": o & ~seen}
        assert m & hand == hand and o & seen == seen
        assert [got[p].bit_count() for p in hits] == [stock // 2, down, theirs]
        assert not (got["mine"] & got["down"] or got["mine"] & got["theirs"] or d & got["theirs"])
        assert (got["mine"] | got["down"] | got["theirs"]) & ~unplaced == 0
        for place, cards in got.items():
            for card in bits(cards):
                hits[place][card] += 1
    n = unplaced.bit_count()
    for place, size in (("mine", stock // 2), ("down", down), ("theirs", theirs)):
        for card, times in hits[place].items():
            assert times / SAMPLES == pytest.approx(size / n, abs=0.05), (place, card)
