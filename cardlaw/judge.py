"""Judging records in full: the engine's replay, and whether the record's seed is true.

The engine replays a record's actions against the rules
(:func:`engine.record.replay_record`), but it never draws random numbers,
so it cannot tell whether the chance outcomes came from the seed the record
names.  The sampler can: :func:`seed_error` runs the chance stream of that
seed (:func:`cardlaw.sampling.streams`) along the replay and compares each
outcome it draws with the one recorded [record.seed-true].

>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> from cardlaw.engine.record import build_record
>>> from cardlaw.engine.registry import get_game
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
>>> verdict_lines(unseeded)[0]
'legal: 16 actions; unseeded: its chance outcomes were entered by hand'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path

from cardlaw.engine.api import CHANCE, JSON, AnyGame
from cardlaw.engine.record import Replay, ReplayError, read_record, replay_record
from cardlaw.sampling import sample_chance, streams
from cardlaw.spec.trace import enforces

__all__ = ["judge_file", "judge_record", "seed_error", "verdict_lines"]


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
        drawn: object = sample_chance(space, chance)
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


def judge_file(path: Path, changes: Mapping[str, int] | None = None) -> Replay:
    """Read the record at ``path`` and judge it (:func:`judge_record`), under ``changes``.

    ``changes`` (``--set``) are rule parameters changed further than the
    record's own config says: was this game legal under that house rule?
    """
    data = read_record(path)
    if changes and isinstance(data.get("config"), dict):
        config = data["config"]
        given = config.get("rules", {})
        merged = {**given, **changes} if isinstance(given, dict) else dict(changes)
        data = {**data, "config": {**config, "rules": merged}}
    return judge_record(data)


def verdict_lines(result: Replay) -> list[str]:
    """What ``cardlaw replay`` prints of a judged record.

    Legal: the number of actions and the seed's verdict, then the result, or,
    for a game not finished, its last event (where it stands).  Illegal: the
    first illegal action and its clause.
    """
    if not result.legal:
        return [f"illegal: {result.error}"]
    seeded = (
        f"seed {result.seed} drew every chance outcome"
        if result.seed is not None
        else "unseeded: its chance outcomes were entered by hand"
    )
    finished = "" if result.finished else "; the game is not finished"
    lines = [f"legal: {len(result.actions)} actions; {seeded}{finished}"]
    if result.finished:
        lines.append(json.dumps(result.game.result_to_json(result.result)))
    else:
        last = _last_event(result.game, result.states, result.actions)
        if last is not None:
            lines.append(f"so far: {json.dumps(last, ensure_ascii=False)}")
    return lines


def _last_event(game: AnyGame, states: Sequence[object], actions: Sequence[object]) -> object:
    """The last event of a replayed game that is not finished (a round's end, a trick), or None.

    It says where the game stands: a witness of one round ends with the round's scores.
    """
    for index in range(len(actions) - 1, -1, -1):
        events = game.events(states[index], actions[index], states[index + 1])
        if events:
            return events[-1]
    return None
