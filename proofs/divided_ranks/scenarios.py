"""Divided Ranks drafts and games driven through the engine, for proofs and their witnesses.

Every action goes through :data:`engine.divided_ranks.game.DIVIDED_RANKS`, so a
witness built here is checked by the rules the engine runs, and
:func:`engine.record.build_record` turns the actions into a record that
``cardlaw replay`` accepts.

>>> actions = draft(first=1, takes=(False,) * 5)
>>> state = play(actions)
>>> state.stage.name, [h.bit_count() for h in state.hands], state.reserve_first
('RESERVE', [10, 10], 0)
>>> final = play(finish(state, actions))
>>> final.stage.name
'OVER'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from typing import Final

from cardlaw.engine.divided_ranks.arrange import arrange
from cardlaw.engine.divided_ranks.deal import SHUFFLES
from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.spec.cards import CardSet
from cardlaw.spec.divided_ranks.actions import (
    KEEP,
    Action,
    Build,
    FirstSplitter,
    ReserveFirst,
    Take,
)
from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage
from cardlaw.spec.parameters import rules_to_json

__all__ = ["SHUFFLE_SAMPLES", "all_drafts", "config", "draft", "finish", "play"]

SHUFFLE_SAMPLES: Final = (0, 4_215_099_138_012_345_678, 51_090_942_171_709_439_999)
"""Shuffle outcome indices the exhaustive draft checks use (which cards lie where
changes no count a player can make; three different orders show it)."""


def config(**options: object) -> DividedRanksConfig:
    """The configuration ``options`` give, ``rules`` (a :class:`DividedRanksRules`) included.

    >>> from cardlaw.spec.divided_ranks.parameters import DividedRanksRules
    >>> config(rules=DividedRanksRules(reserve_turns=4)).rules
    DividedRanksRules(reserve_turns=4)
    """
    if "rules" in options:
        options = {**options, "rules": rules_to_json(options["rules"])}
    return DIVIDED_RANKS.config(**options)


def _rules(options: Mapping[str, object]) -> DividedRanksRules:
    """The rules ``options`` name (``options["rules"]``), the printed rules if none."""
    rules = options.get("rules", PRINTED_RULES)
    if not isinstance(rules, DividedRanksRules):
        raise TypeError(f"rules must be a DividedRanksRules, not {rules!r}")
    return rules


def play(actions: Sequence[Action], **options: object) -> DividedRanksState:
    """The state after ``actions`` from a new game (options configure it, as :func:`config`)."""
    state = DIVIDED_RANKS.new_game(config(**options))
    for action in actions:
        state = DIVIDED_RANKS.apply(state, action)
    return state


def draft(first: int, takes: Sequence[bool], shuffle: int = 0, **options: object) -> list[Action]:
    """The actions of a whole draft: who splits first, a shuffle, five splits and choices.

    ``takes[i]`` is True when round ``i + 1``'s chooser takes the face-up pair.
    The splits vary with the round and the shuffle; which pair is face up
    follows from the engine's list of legal splits.  ``options`` configure
    the game, its ``rules`` included (then ``ROUNDS`` rounds).
    """
    rounds = _rules(options).rounds
    if len(takes) != rounds:
        raise ValueError(f"a draft has {rounds} choices, not {len(takes)}")
    actions: list[Action] = [FirstSplitter(first), SHUFFLES.outcome(shuffle)]
    state = play(actions, **options)
    for i, up in enumerate(takes):
        splits = DIVIDED_RANKS.legal_actions(state)
        split = splits[(i + shuffle) % len(splits)]
        state = DIVIDED_RANKS.apply(DIVIDED_RANKS.apply(state, split), Take(face_up=up))
        actions += [split, Take(face_up=up)]
    return actions


def finish(
    state: DividedRanksState, actions: Sequence[Action], reserve_first: int = 0
) -> list[Action]:
    """``actions`` continued to the end: both keep their hands and build by auto-arrange.

    In the coin-flip-reserve variant the coin gives the first reserve turn to
    ``reserve_first``.
    """
    out = list(actions)
    if state.stage == Stage.RESERVE_ORDER:
        out.append(ReserveFirst(reserve_first))
        state = DIVIDED_RANKS.apply(state, out[-1])
    while state.stage == Stage.RESERVE:
        out.append(KEEP)
        state = DIVIDED_RANKS.apply(state, KEEP)
    while state.stage == Stage.BUILD:
        weaker, stronger = arrange(state.hands[state.actor])
        out.append(Build(CardSet(weaker), CardSet(stronger)))
        state = DIVIDED_RANKS.apply(state, out[-1])
    return out


def all_drafts(**options: object) -> Iterator[tuple[int, tuple[bool, ...], int, DividedRanksState]]:
    """Every draft shape: each first splitter, each of the 32 choice sequences, each sample shuffle.

    Yields ``(first splitter, takes, shuffle index, state after the draft)``;
    under ``options["rules"]``, each of the 2 ** ROUNDS choice sequences.

    >>> drafts = list(all_drafts())
    >>> len(drafts), {d[3].stage.name for d in drafts}
    (192, {'RESERVE'})
    """
    rounds = _rules(options).rounds
    for first in (0, 1):
        for takes in product((True, False), repeat=rounds):
            for shuffle in SHUFFLE_SAMPLES:
                actions = draft(first, takes, shuffle, **options)
                yield first, takes, shuffle, play(actions, **options)
