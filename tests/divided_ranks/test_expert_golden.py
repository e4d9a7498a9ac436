"""The expert bot's play, pinned: seeded expert-v-expert games against a golden file.

The rulebook's stories and the stored simulations were made with the expert
bot, so a faster bot must take the very same decisions (and draw the same
random numbers in the same order, or the sampled deals change).  Each line of
``golden_expert.txt`` is one seeded game: its configuration, seed, result,
a digest of every action in order, and a digest of the simulation's facts
for it (which replay each swap against the same game without it).

Regenerate on purpose with ``pytest tests/divided_ranks/test_expert_golden.py
--update-golden`` and review the diff: a changed line means the expert plays
differently.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.bots import make_bots
from cardlaw.bots.divided_ranks import ExpertBot
from cardlaw.engine.divided_ranks.arrange import arrange, best_builds, best_value
from cardlaw.engine.registry import get_game
from cardlaw.sampling import play_game
from cardlaw.simulation import divided_ranks
from cardlaw.simulation.stats import game_seed
from cardlaw.spec.cards import bits
from cardlaw.spec.divided_ranks.constants import PACK, PACK_MASK
from cardlaw.spec.divided_ranks.state import DividedRanksObservation, Stage
from cardlaw.spec.errors import MalformedInput

GOLDEN = Path(__file__).parent / "golden_expert.txt"

CONFIGS: tuple[dict[str, object], ...] = (
    {},
    {"swap": "face-up"},
    {"reserve_order": "coin"},
    {"rules": {"reserve_turns": 4}},
    {"rules": {"rounds": 10, "pair_size": 1}},
)
"""The configurations played (as JSON over the printed rules): both variants, changed rules."""

GAMES = 40
"""Games per configuration."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def golden_lines() -> list[str]:
    """One line per seeded game: config, seed, winner, deciding step, actions, facts."""
    game = get_game("divided-ranks")
    names = ["expert", "expert"]
    out = []
    for options in CONFIGS:
        config = game.config_from_json({**game.config_to_json(game.config()), **options})
        label = json.dumps(options, sort_keys=True)
        for index in range(GAMES):
            seed = game_seed(1, index)
            playout = play_game(game, config, make_bots(game, names), seed=seed)
            result = game.result(playout.final)
            assert result is not None
            actions = " | ".join(str(a.text) for a in playout.actions)
            facts = divided_ranks.facts(game, config, playout, names)
            out.append(
                f"{label} seed={index} winner={result.winner} {result.decided_by}"
                f" actions={_digest(actions)}"
                f" facts={_digest(json.dumps(facts, sort_keys=True))}"
            )
    return out


def test_the_expert_plays_as_pinned(update_golden: bool) -> None:
    text = "\n".join(golden_lines()) + "\n"
    if update_golden:
        GOLDEN.write_text(text, encoding="utf-8")
        return
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    got = text.splitlines()
    changed = [f"- {e}\n+ {g}" for e, g in zip(expected, got, strict=True) if e != g]
    assert not changed, "the expert plays differently:\n" + "\n".join(changed[:5])


def _plain_reserve_values(obs: DividedRanksObservation) -> dict[int, float]:
    """The expert's reserve values the plain way: the same sums, in the same order."""
    hand = obs.hand.mask
    outside = PACK_MASK & ~hand
    values: dict[int, float] = {}
    for give in (-1, *bits(hand)):
        total = 0.0
        for card, p in obs.reserve_odds:
            r = int(card)
            mine = best_value(hand if give < 0 else hand & ~(1 << give) | 1 << r)
            held = outside & ~(1 << r)
            left = r if give < 0 else give
            answers = (
                [held] if obs.swaps else [held, *(held & ~(1 << c) | 1 << left for c in bits(held))]
            )
            other = max(best_value(h) for h in answers)
            total += float(p) * (1.0 if mine > other else 0.5 if mine == other else 0.0)
        values[give] = total
    return values


def test_the_reserve_values_are_the_plain_sums_to_the_last_bit() -> None:
    game = get_game("divided-ranks")
    checked = 0
    for options in CONFIGS[:2]:
        config = game.config_from_json({**game.config_to_json(game.config()), **options})
        for index in range(6):
            playout = play_game(game, config, make_bots(game, ["expert"] * 2), seed=index)
            state = game.new_game(config)
            for action in playout.actions:
                if state.stage == Stage.RESERVE:
                    view = game.observe(state, state.actor)
                    assert ExpertBot.reserve_values(view) == _plain_reserve_values(view)
                    checked += 1
                state = game.apply(state, action)
    assert checked == 24


@given(st.lists(st.sampled_from(PACK), min_size=10, max_size=10, unique=True))
def test_arrange_is_the_first_best_build(cards: list[int]) -> None:
    holding = sum(1 << c for c in cards)
    assert arrange(holding) == best_builds(holding)[1][0]  # the build the bots have always made


def test_arrange_refuses_what_is_not_a_holding() -> None:
    with pytest.raises(MalformedInput):
        arrange(PACK_MASK)
