"""Judging records in full: the engine's replay, and whether the record's seed is true.

The engine replays a record's actions against the rules
(:func:`engine.record.replay_record`), but it never draws random numbers,
so it cannot tell whether the chance outcomes came from the seed the record
names.  The sampler can: :func:`seed_error` runs the chance stream of that
seed (:func:`cardlaw.sampling.streams`) along the replay and compares each
outcome it draws with the one recorded [record.seed-true].

>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> from engine.record import build_record
>>> from engine.registry import get_game
>>> game = get_game("divided-ranks")
>>> config = game.config()
>>> playout = play_game(game, config, make_bots(game, ["random"] * 2), seed=6)
>>> record = build_record(game, config, playout.actions, seed=6)
>>> judge_record(record).legal
True
>>> print(judge_record({**record, "seed": 7}).error)
action 2 (chance: 'shuffle KH JD ...'): the shuffle is not the one seed 7 draws \
('shuffle QS 10C ...') [record.seed-true]
>>> unseeded = judge_record({**record, "seed": None})
>>> unseeded.legal, unseeded.seeded
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from cardlaw.sampling import sample_chance, streams
from engine.api import CHANCE, JSON
from engine.record import Replay, ReplayError, replay_record
from spec.trace import enforces

__all__ = ["judge_record", "seed_error"]


@enforces("record.seed-true")
def seed_error(replay: Replay, seed: int) -> ReplayError | None:
    """The first chance action of ``replay`` that ``seed``'s sampler would not draw.

    Walks the states and actions the replay applied; at each chance node it
    draws the next outcome from the seed's chance stream, exactly as
    :func:`cardlaw.sampling.play_game` does, and compares.  ``None`` when
    every recorded chance outcome is the one drawn.
    """
    game = replay.game
    chance, _ = streams(seed, 0)
    for index, (state, action) in enumerate(zip(replay.states, replay.actions, strict=False)):
        if game.to_move(state) != CHANCE:
            continue
        space = game.chance_outcomes(state)
        if space is None:  # cannot happen at a chance node; the replay applied the action
            continue
        drawn: Any = sample_chance(space, chance)
        if drawn != action:
            text = game.action_text(action)
            kind = text.split()[0] if text.split() else "outcome"
            expected = game.action_text(drawn)
            words = expected.split()
            if len(words) > 4:
                expected = " ".join([*words[:3], "..."])
            return ReplayError(
                index,
                CHANCE,
                text,
                "record.seed-true",
                f"the {kind} is not the one seed {seed} draws ({expected!r})",
            )
    return None


def judge_record(record: Mapping[str, JSON]) -> Replay:
    """Replay a record and, when it names a seed, check that the seed drew its chance outcomes.

    Raises :class:`~spec.errors.MalformedInput` for a record that is not well
    formed.  The :class:`~engine.record.Replay` returned names the first
    problem: an illegal action, a disagreeing event or result, or a chance
    outcome the seed does not draw, whichever comes first in the record.
    """
    replay = replay_record(record)
    if replay.seed is None:
        return replay
    wrong = seed_error(replay, replay.seed)
    if wrong is None:
        return replay
    # The seed check only looks at actions the replay applied, all of them before any error
    # it found at an action; an error about the whole record (the result) comes after them.
    return replace(
        replay,
        states=replay.states[: wrong.index + 1],
        actions=replay.actions[: wrong.index],
        error=wrong,
    )
