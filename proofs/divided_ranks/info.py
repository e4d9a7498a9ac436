"""Divided Ranks' hidden information: what a player can know about the opponent after the draft.

Checked exhaustively over every draft shape played through the engine,
under the rules given (``ROUNDS`` and ``PAIR_SIZE`` shape the draft).

>>> p = E.spec_params()
>>> [ob.expected for ob in obligations(p)]
['fails', 'holds']
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product

import z3

from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
from cardlaw.engine.divided_ranks.observe import observe
from cardlaw.engine.record import build_record, replay_record
from cardlaw.proofs.core import Exhaustive, Mutant, Obligations, Witness, claim
from cardlaw.proofs.divided_ranks import encoding as E
from cardlaw.proofs.divided_ranks.scenarios import all_drafts, config, draft, finish, play
from cardlaw.proofs.divided_ranks.support import Params
from cardlaw.spec.cards import Card
from cardlaw.spec.divided_ranks.parameters import PRINTED_RULES, DividedRanksRules
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = ["obligations"]


def _model_candidates(first: int, takes: tuple[bool, ...], viewer: int, p: Params) -> int:
    term = E.candidates(z3.BitVecVal(first, 1), [z3.BoolVal(t) for t in takes], viewer, p)
    return E.value(term)


def _choices(first: int, takes: tuple[bool, ...], viewer: int) -> str:
    rounds = [i + 1 for i in range(len(takes)) if (first ^ (i & 1)) != viewer]
    picks = ", ".join(f"round {r}: {'face-up' if takes[r - 1] else 'face-down'}" for r in rounds)
    return f"seat {viewer} chooses in rounds {', '.join(map(str, rounds))} ({picks})"


def _eleven(p: Params) -> Exhaustive:
    """The document's claim: exactly eleven candidates, always."""
    cases = 0
    for first, takes in product((0, 1), product((True, False), repeat=p["rounds"])):
        for viewer in (0, 1):
            cases += 1
            count = _model_candidates(first, takes, viewer, p)
            if count != p["pack_size"] - p["holding"]:
                text = (
                    f"seat {first} splits first; {_choices(first, takes, viewer)}: seat {viewer} "
                    f"took the face-down pair every time it chose, so it saw every card seat "
                    f"{1 - viewer} took and can narrow seat {1 - viewer}'s hand to {count} "
                    "cards, not eleven: the eleventh is the reserve"
                )
                return Exhaustive(
                    cases,
                    Witness(text, data={"first": first, "takes": takes, "viewer": viewer}),
                )
    return Exhaustive(cases)


def _replayer(p: Params) -> Callable[[Witness], Witness]:
    """:func:`_replay_eleven` under ``p``'s rules."""
    return lambda witness: _replay_eleven(witness, p["rules"])


def _replay_eleven(witness: Witness, rules: DividedRanksRules = PRINTED_RULES) -> Witness:
    """Play the draft through the engine, look at the viewer's ledger, finish the game."""
    d = witness.data
    actions = draft(d["first"], d["takes"], rules=rules)
    state = play(actions, rules=rules)
    view = observe(state, d["viewer"])
    opponent = state.hands[1 - d["viewer"]]
    shown = (
        len(view.candidates) == 10
        and view.candidates.mask == opponent
        and view.reserve is not None
        and int(view.reserve) == state.reserve
    )
    record = build_record(DIVIDED_RANKS, config(rules=rules), finish(state, actions))
    replay = replay_record(record)
    said = (
        f".\nPlayed through the engine: after the draft seat {d['viewer']}'s "
        f"candidates are {view.candidates.pretty} (seat {1 - d['viewer']}'s hand exactly) and "
        f"it knows the reserve is {view.reserve.pretty if view.reserve else '?'}."
    )
    return witness.replayed_as(said, shown and replay.legal, record)


def _candidates(p: Params) -> Exhaustive:
    """What is true: eleven candidates, or exactly the opponent's ten when all were seen."""
    cases = 0
    for first, takes, shuffle, state in all_drafts(rules=p["rules"]):
        for viewer in (0, 1):
            cases += 1
            args = (z3.BitVecVal(first, 1), [z3.BoolVal(t) for t in takes], viewer, p)
            want = E.value(E.candidates(*args))
            hidden = E.value(E.unseen(*args))
            view = observe(state, viewer)
            opponent = state.hands[1 - viewer]
            odds = dict(view.reserve_odds)
            fine = (
                len(view.candidates) == want
                and view.candidates.mask & opponent == opponent
                and view.candidates.mask & state.hands[viewer] == 0
                and view.unseen == hidden
                and len(view.seen) == p["holding"] - hidden
                and (view.reserve is not None) == (hidden == 0)
                and _odds_fine(state, odds, hidden)
            )
            if not fine:
                text = (
                    f"seat {first} splits first, shuffle {shuffle}; "
                    f"{_choices(first, takes, viewer)}: the rules say {want} candidates and "
                    f"{hidden} unseen cards; the engine shows {len(view.candidates)} candidates "
                    f"({view.candidates.pretty}), {view.unseen} unseen and "
                    f"{len(odds)} possible reserves"
                )
                return Exhaustive(cases, Witness(text))
    return Exhaustive(cases)


def _odds_fine(state: DividedRanksState, odds: dict[Card, Fraction], hidden: int) -> bool:
    """The odds on the reserve are even over the ``hidden + 1`` cards the viewer cannot place.

    A player is shown odds only at a reserve turn; with no reserve turns
    (``RESERVE_TURNS=0``) the draft ends in the builds and there are none.
    """
    if state.stage not in (Stage.RESERVE_ORDER, Stage.RESERVE):
        return not odds
    return len(odds) == hidden + 1 and all(c == Fraction(1, hidden + 1) for c in odds.values())


def obligations(p: Params) -> Obligations:
    """The obligations this module proves, in the order they are listed.

    * ``divided-ranks.info.eleven-candidates``: the document's claim of eleven, refuted.
    * ``divided-ranks.info.candidates``: what a player can know after the draft.
    """
    sequences, k = 2 ** p["rounds"], p["pair_size"]
    ku = "u" if k == 1 else f"{k}u"
    most = (p["rounds"] + 1) // 2  # the rounds the first splitter's opponent chooses
    return (
        claim(
            "divided-ranks.info.eleven-candidates",
            "The document's claim: once the stock is spent, a player can narrow the "
            "opponent's holding to eleven candidates and no further. False: checked over "
            f"every draft (each first splitter, each of the {sequences} sequences of choices, "
            "each player), a player who took the face-down pair every time they chose has seen "
            "all ten of the opponent's cards.",
            ("divided-ranks.info.candidates", "divided-ranks.info.hidden"),
            _eleven,
            p,
            Mutant(
                "divided-ranks.mutant.both-pairs-face-down",
                "both pairs laid face down (the chooser never sees the pair it leaves)",
                {"face_up_pair": False},
            ),
            expected="fails",
            method="exhaustive",
            replay=_replayer(p),
            engine=("engine.divided_ranks.observe.ledger",),
        ),
        claim(
            "divided-ranks.info.candidates",
            f"What is true, over every draft (each first splitter, each of the {sequences} "
            "sequences of choices, three shuffles, each player) played through the engine: "
            "after the draft and before any exchange, a player who took the face-up pair u "
            f"times when choosing has seen all but {ku} of the opponent's ten cards. The reserve "
            f"is one of the {ku} + 1 cards they cannot place, each with chance 1/({ku} + 1). "
            f"When u is 1 to {most} the candidates for the opponent's hand are the eleven cards "
            "outside their own; when u is 0 (they took the face-down pair every time) the "
            "candidates are exactly the opponent's ten cards and the reserve is known for "
            "certain.",
            (
                "divided-ranks.info.candidates",
                "divided-ranks.info.ledger",
                "divided-ranks.info.hidden",
                "divided-ranks.ruling.swap-odds",
            ),
            _candidates,
            p,
            Mutant(
                "divided-ranks.mutant.both-pairs-face-down",
                "both pairs laid face down (the chooser never sees the pair it leaves)",
                {"face_up_pair": False},
            ),
            method="exhaustive",
            engine=("engine.divided_ranks.observe.ledger", "engine.divided_ranks.draft.apply_take"),
        ),
    )
