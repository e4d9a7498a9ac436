"""OpenSpiel's own euchre hands, judged by cardlaw; cardlaw's hands, loaded by OpenSpiel.

Skipped, with the reason, where ``pyspiel`` (the ``open-spiel`` package of the
``bench`` extra) is not importable.  The hands are drawn from seeded RNGs, so
every run judges the same 1,000 (250 under each of OpenSpiel's four
parameter settings).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.euchre.openspiel import OpenSpielLog, judge_log, parse_log, serialize_log
from cardlaw.engine.euchre.openspiel_export import hand_logs
from cardlaw.spec.euchre.rules import RULEBOOK
from cardlaw.spec.euchre.state import Stage

pyspiel: Any = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install -e '.[bench]')"
)

SETTINGS = [(allow, stick) for allow in (False, True) for stick in (False, True)]
HANDS_PER_SETTING = 250


def _game(allow: bool, stick: bool) -> Any:
    return pyspiel.load_game("euchre", {"allow_lone_defender": allow, "stick_the_dealer": stick})


@cache
def random_hands(allow: bool, stick: bool) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """OpenSpiel's random hands under one setting: (saved text, returns), from a fixed seed."""
    game = _game(allow, stick)
    rng = random.Random(f"openspiel-{allow}-{stick}")
    hands = []
    for _ in range(HANDS_PER_SETTING):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = tuple(int(r) for r in state.returns())
        hands.append((pyspiel.serialize_game_and_state(game, state), returns))
    return tuple(hands)


def _lone_defender(text: str) -> bool:
    """Whether a defender went alone in an OpenSpiel hand, as OpenSpiel's own state says."""
    _, state = pyspiel.deserialize_game_and_state(text)
    return "Defender go alone: true" in str(state)


@pytest.mark.parametrize(("allow", "stick"), SETTINGS)
def test_random_openspiel_hands_are_legal_with_openspiels_returns(allow: bool, stick: bool) -> None:
    lone = 0
    for text, returns in random_hands(allow, stick):
        log = parse_log(text)
        assert (log.allow_lone_defender, log.stick_the_dealer) == (allow, stick)
        judgement = judge_log(log)
        assert judgement.legal and judgement.finished, (text, judgement)
        assert judgement.returns == returns, text
        lone += _lone_defender(text)
    if allow:  # the variant lone-defender is exercised, and not in every hand
        assert 0 < lone < HANDS_PER_SETTING
    else:
        assert lone == 0


@pytest.mark.parametrize(("allow", "stick"), SETTINGS)
def test_spliced_illegal_actions_are_refused_naming_a_clause(allow: bool, stick: bool) -> None:
    game = _game(allow, stick)
    rng = random.Random(f"splice-{allow}-{stick}")
    for text, _ in random_hands(allow, stick)[:80]:
        history = parse_log(text).actions
        index = rng.randrange(len(history))
        state = game.new_initial_state()
        for action in history[:index]:
            state.apply_action(action)
        legal = (
            {a for a, _ in state.chance_outcomes()} if state.is_chance_node()
            else set(state.legal_actions())
        )  # fmt: skip
        wrong = [a for a in range(31) if a not in legal]
        spliced = OpenSpielLog(allow, stick, (*history[:index], rng.choice(wrong)))
        judgement = judge_log(spliced)
        assert not judgement.legal, spliced
        assert judgement.clause in RULEBOOK, judgement
        assert judgement.error is not None and judgement.error.startswith(f"action {index} ")


@pytest.mark.parametrize(("allow", "stick"), SETTINGS)
def test_a_prefix_of_a_hand_is_legal_so_far(allow: bool, stick: bool) -> None:
    rng = random.Random(f"prefix-{allow}-{stick}")
    for text, _ in random_hands(allow, stick)[:40]:
        history = parse_log(text).actions
        log = OpenSpielLog(allow, stick, history[: rng.randrange(len(history))])
        judgement = judge_log(log)
        assert judgement.legal and not judgement.finished and judgement.returns is None


KNOWN_DIFFERENCES = {
    "euchre.ruling.dealer-sits-out",
    "euchre.ruling.all-pass",
    "euchre.ruling.defender-alone",
}


def difference_counts() -> Counter[str]:
    """How many of the random hands show each difference under cardlaw's own rules."""
    counts: Counter[str] = Counter()
    for allow, stick in SETTINGS:
        for text, _ in random_hands(allow, stick):
            judgement = judge_log(parse_log(text), "cardlaw")
            clauses = {d.clause for d in judgement.differences}
            counts.update(clauses or {"none"})
    return counts


@pytest.mark.parametrize(("allow", "stick"), SETTINGS)
def test_under_cardlaws_rules_every_difference_is_a_known_clause(allow: bool, stick: bool) -> None:
    for text, returns in random_hands(allow, stick):
        judgement = judge_log(parse_log(text), "cardlaw")
        clauses = {d.clause for d in judgement.differences}
        assert clauses <= KNOWN_DIFFERENCES, (text, judgement)
        refused = any(d.refused for d in judgement.differences)
        assert judgement.legal == (not refused), judgement
        if "euchre.ruling.defender-alone" not in clauses:  # otherwise the hand stops there
            assert judgement.returns == returns, text


def _games(config: Any, count: int, seed: str) -> list[tuple[list[Any], list[Any]]]:
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        states, actions = [EUCHRE.new_game(config)], []
        while states[-1].stage != Stage.OVER:
            state = states[-1]
            chance = EUCHRE.chance_outcomes(state)
            if chance is not None:
                action = chance.outcome(rng.randrange(chance.size))
            else:
                action = rng.choice(EUCHRE.legal_actions(state))
            actions.append(action)
            states.append(EUCHRE.apply(state, action))
        games.append((states, actions))
    return games


@pytest.mark.parametrize(("allow", "stick"), SETTINGS)
def test_our_hands_exported_load_in_openspiel_with_the_same_returns(
    allow: bool, stick: bool
) -> None:
    config = EUCHRE.config(
        stick_the_dealer=stick, keep_up_card=True, sitting_dealer_discards=True,
        lone_defender=allow,
    )  # fmt: skip
    exported = lone = 0
    for states, actions in _games(config, 12, f"export-{allow}-{stick}"):
        lone += sum(state.defender >= 0 and state.stage == Stage.TRICKS and not state.tricks
                    and not state.trick for state in states)  # fmt: skip
        for hand in hand_logs(config, states, actions):
            text = serialize_log(hand.log)
            _, state = pyspiel.deserialize_game_and_state(text)
            assert state.is_terminal(), text
            assert tuple(int(r) for r in state.returns()) == hand.returns, text
            assert judge_log(parse_log(text)).returns == hand.returns
            exported += 1
    assert exported >= 12
    assert (lone > 0) == allow  # lone defenders were exported, and only under the variant
