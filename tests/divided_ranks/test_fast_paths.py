"""The fast ways Divided Ranks makes observations and builds, against the plain ways.

``observe`` sets the observation's fields directly and shares card sets and
views between observations; ``builds_of`` makes the Build actions without
their constructor.  Both must give exactly what the plain constructors give.
"""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from cardlaw.engine.divided_ranks.arrange import all_builds
from cardlaw.engine.divided_ranks.build import builds_of
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.observe import _books, ledger, observe
from cardlaw.spec.cards import CardSet, bits
from cardlaw.spec.divided_ranks.actions import Build
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.divided_ranks.state import DividedRanksObservation
from tests.games import random_walk

CONFIGS = [{}, {"swap": "face-up"}, {"reserve_order": "coin"}, {"rules": {"reserve_turns": 5}}]


@pytest.mark.parametrize("options", CONFIGS)
def test_observations_are_what_the_constructor_makes(options: dict[str, object]) -> None:
    game = DIVIDED_RANKS
    config = game.config_from_json({**game.config_to_json(game.config()), **options})
    for seed in range(6):
        for state, _ in random_walk(game, config, seed):
            for seat in (0, 1):
                got = observe(state, seat)
                plain = DividedRanksObservation(
                    **{f.name: getattr(got, f.name) for f in fields(DividedRanksObservation)}
                )
                assert got == plain and repr(got) == repr(plain)
                for f in fields(DividedRanksObservation):
                    value = getattr(got, f.name)
                    if isinstance(value, CardSet):
                        assert type(value) is CardSet and value == CardSet(value.mask)
                # The opponent's books without the odds are the ledger's, but the odds.
                assert _books(state, seat, odds=False) == ledger(state, seat)._replace(odds=())


def test_builds_are_what_the_constructor_makes() -> None:
    rng = random.Random(5)
    pack = list(bits(PACK_MASK))
    for _ in range(200):
        holding = sum(1 << c for c in rng.sample(pack, 10))
        plain = tuple(Build(CardSet(b), CardSet(a)) for a, b in all_builds(holding))
        got = builds_of(holding)
        assert got == plain
        assert [(x.first.mask, x.second.mask) for x in got] == list(all_builds(holding))
