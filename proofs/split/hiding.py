"""Split's information hiding as noninterference (:mod:`proofs.hiding`), and what is shown.

What each rule lets a player see [split.info.hidden]: their own hand, the
whole table (both piles and the middle card), the discard pile (face up),
the aids beside the table, how many cards each hand and the draw pile hold,
and the public course of play (whose turn, the direction, the count of
turns, the dealer and the opener, the cards still owed by a resetting
player).  Hidden from a seat are the other hands' cards and the draw pile's
cards and order, in both games (cooperative players may talk but never name
numbers).  ``perturb`` is written from that list, never from ``observe``:
for a seat it deals the hidden cards afresh, the other hands keeping their
sizes and the draw pile its size, and it shuffles the draw pile alone.

The converse, ``split.reveals.<family>``: over the same games, every seat's
observation shows each fact of that list with its true value, and nothing
else (:func:`revealed`, again written from the list, never from
``observe``); its mutant lays the discard pile face down.

>>> from cardlaw.proofs.core import check
>>> report = check(hidden("cooperative"))
>>> report.status, report.cases > 100, report.mutants[0].caught
('proved', True, True)
>>> report = check(reveals("competitive"))
>>> report.status, report.cases > 1000, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import Final

from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Obligations, Witness, claim
from cardlaw.proofs.hiding import GAMES, noninterference
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split.trace import LONGEST
from cardlaw.proofs.trace import Trace, play
from cardlaw.spec.split.actions import Action
from cardlaw.spec.split.cards import ALL_NUMBERS, NumberCard, NumberSet
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState

__all__ = ["FACE_UP", "FAMILIES", "hidden", "obligations", "perturb", "revealed", "reveals"]

FAMILIES: Final[Mapping[str, Params]] = {
    "competitive": {"players": 4, "max_turns": LONGEST},
    "cooperative": {"mode": "cooperative", "players": 4},
}
"""The configuration of each family traced: the competitive and the cooperative game."""


def _cards(mask: int) -> list[int]:
    return [c for c in range(101) if mask >> c & 1]


def _dealt_afresh(state: SplitState, seat: int, rng: random.Random) -> SplitState:
    """The other hands' cards and the draw pile's dealt again, each keeping its size."""
    others = [s for s in range(state.players) if s != seat]
    pool = [c for s in others for c in _cards(state.hands[s])] + list(state.draw)
    rng.shuffle(pool)
    hands = list(state.hands)
    for s in others:
        size = state.hands[s].bit_count()
        hands[s] = sum(1 << c for c in pool[:size])
        pool = pool[size:]
    return state._replace(hands=tuple(hands), draw=tuple(pool))


def perturb(state: SplitState, seat: int, rng: random.Random) -> Iterator[tuple[SplitState, str]]:
    """States that differ from ``state`` only in what ``seat`` may not see.

    The hidden cards dealt afresh among the other hands and the draw pile;
    the draw pile shuffled alone.
    """
    yield _dealt_afresh(state, seat, rng), "dealing the other hands and the draw pile afresh"
    order = list(state.draw)
    rng.shuffle(order)
    yield state._replace(draw=tuple(order)), "shuffling the draw pile"


def hidden(family: str, rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.hidden.<family>``: no observation depends on a card its seat cannot see."""
    config = SplitConfig(rules=rules, **FAMILIES[family])
    return noninterference(
        f"split.hidden.{family}",
        f"In seeded whole {family} games of {config.players} players, at every state and for "
        "every seat, dealing the other hands' cards and the draw pile's afresh (each keeping "
        "its size), or shuffling the draw pile alone, leaves what the seat observes unchanged: "
        "no observation depends on another hand's cards or on the draw pile's cards or order.",
        ("split.info.hidden",),
        SPLIT,
        config,
        perturb,
        engine=("engine.split.observe.observe",),
        games=3 if family == "competitive" else 8,
        params={"rules": rules},
        variant="" if family == "competitive" else "cooperative",
    )


FACE_UP: Final = (
    "seat",
    "players",
    "mode",
    "stage",
    "dealer",
    "opener",
    "to_move",
    "direction",
    "turn",
    "hand",
    "hand_sizes",
    "left",
    "right",
    "middle",
    "table",
    "discard",
    "draw_size",
    "aids",
    "aside",
    "owed",
    "buried",
)
"""Every fact the rules show a seat [split.info.hidden], by the observation's field names."""


def _number(card: int) -> NumberCard | None:
    return ALL_NUMBERS[card] if card >= 0 else None


def revealed(state: SplitState, seat: int, shown: tuple[str, ...] = FACE_UP) -> dict[str, object]:
    """Each fact of ``shown`` the rules show ``seat`` in ``state``, with its true value.

    Their own hand; the table (both piles, the middle card) and the discard
    pile, face up; the aids beside the table and those still usable; how
    many cards each hand and the draw pile hold; and the course of play.
    """
    facts: dict[str, object] = {
        "seat": seat,
        "players": state.players,
        "mode": state.config.mode,
        "stage": state.stage,
        "dealer": state.dealer,
        "opener": state.opener,
        "to_move": SPLIT.to_move(state),
        "direction": state.direction,
        "turn": state.turn,
        "hand": NumberSet(state.hands[seat]),
        "hand_sizes": tuple(hand.bit_count() for hand in state.hands),
        "left": _number(state.left),
        "right": _number(state.right),
        "middle": _number(state.middle),
        "table": NumberSet(state.table),
        "discard": NumberSet(state.discard),
        "draw_size": len(state.draw),
        "aids": NumberSet(state.aside & state.config.aid_mask),
        "aside": NumberSet(state.aside),
        "owed": state.owed,
        # how many cards the opener has put under in this opening: everyone sees them go
        # [split.ruling.put-under-round]
        "buried": state.buried,
    }
    return {name: facts[name] for name in shown}


def _shows(traces: list[Trace[SplitState, Action]], shown: tuple[str, ...]) -> Exhaustive:
    checked = 0
    for trace in traces:
        states = [trace.steps[0].state, *(step.after for step in trace.steps)]
        for index, state in enumerate(states):
            for seat in range(state.players):
                seen = SPLIT.observe(state, seat)
                facts = {f.name: getattr(seen, f.name) for f in fields(seen)}
                want = revealed(state, seat, shown)
                checked += 1
                if facts == want:
                    continue
                wrong = sorted(set(facts) ^ set(want)) or [n for n in want if facts[n] != want[n]]
                name = wrong[0]
                return Exhaustive(
                    checked,
                    counterexample=Witness(
                        f"in seeded game {trace.seed} after step {index}, seat {seat} is shown "
                        f"{name} = {facts.get(name, 'nothing')!r}, where the rules show "
                        f"{want.get(name, 'nothing')!r}",
                        record=trace.record(index - 1) if index else None,
                        data={"game": trace.seed, "step": index, "seat": seat},
                    ),
                )
    return Exhaustive(checked)


def reveals(family: str, rules: SplitRules = PRINTED_RULES) -> Obligation:
    """``split.reveals.<family>``: every observation shows exactly what the rules show."""
    config = SplitConfig(rules=rules, **FAMILIES[family])
    traced: list[Trace[SplitState, Action]] = []

    def build(p: Params) -> Exhaustive:
        if not traced:
            traced.extend(play(SPLIT, config, games=GAMES, seed=20261205))
        return _shows(traced, tuple(p["face_up"]))

    return claim(
        f"split.reveals.{family}",
        f"In seeded whole {family} games of {config.players} players, at every state, every "
        "seat's observation shows its own hand, the piles, the middle card, the table and the "
        "discard pile, the aids, how many cards each hand and the draw pile hold, and the "
        "course of play (whose turn, the direction, the turns, the dealer, the opener, the "
        "cards owed), each with its true value, and nothing else.",
        ("split.info.hidden", "split.coop.aids-aside", "split.coop.aid-use"),
        build,
        {"rules": rules, "face_up": FACE_UP},
        Mutant(
            f"split.mutant.reveals.{family}.discard-face-down",
            "the discard pile laid face down",
            {"face_up": tuple(n for n in FACE_UP if n != "discard")},
        ),
        method="exhaustive",
        variant="" if family == "competitive" else "cooperative",
        engine=("engine.split.observe.observe",),
    )


def obligations(rules: SplitRules = PRINTED_RULES) -> Obligations:
    """Per family of :data:`FAMILIES`: noninterference, then what is shown."""
    return tuple(
        ob for family in FAMILIES for ob in (hidden(family, rules), reveals(family, rules))
    )
