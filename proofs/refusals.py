"""One checker: the engine accepts exactly the actions it lists, and each refusal names its rule.

A game's ``legal_actions`` and ``apply`` must answer every legality question
the same way, and ``apply`` must refuse with :class:`~spec.errors.IllegalAction`
naming a clause of the game's own rulebook and saying why in words (the
judge's answer to "why may I not play this?").  Along fixed, seeded whole
games (:mod:`proofs.trace`), at every state where a seat is to move:

* at chance's turn, other draws the games met are either taken or refused by
  a clause of the rulebook, with a message;
* the actions listed: a few, drawn with a seeded generator, are applied, and
  none may be refused;
* the actions not listed: every action met anywhere in those games (listed
  at some other state) that this state does not list is applied, at most
  :data:`PER_STATE` of them drawn, and each must be refused, with a clause
  id of the rulebook and a message;
* once the game is over, every action is refused the same way, and a seat the
  game does not have is refused by ``observe`` naming it;
* the record of each whole game is in the published form (its events and its
  result: :func:`engine.record.check_record`).

The check is exhaustive over what it is given; its premise is that some
action was refused (else it would be vacuous), and its mutant is an engine
whose refusals name no clause, which it must catch.

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> from cardlaw.spec.euchre.config import EuchreConfig
>>> from cardlaw.proofs.core import check
>>> ob = one_checker("euchre.api.demo", EUCHRE, EuchreConfig(), ("euchre.hand.phases",), games=1)
>>> report = check(ob)
>>> report.status, [m.caught for m in report.mutants]
('proved', [True])
"""

from __future__ import annotations

import json
import random
from typing import Final, TypeVar

from cardlaw.engine.api import CHANCE, Game
from cardlaw.engine.manifest import Staged
from cardlaw.engine.record import check_record, dump_record
from cardlaw.proofs.core import Exhaustive, Mutant, Obligation, Witness, claim
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import Trace, play
from cardlaw.spec.errors import IllegalAction, MalformedInput

__all__ = ["GAMES", "LISTED", "PER_STATE", "one_checker"]

C = TypeVar("C")
S = TypeVar("S", bound=Staged)
A = TypeVar("A")
V = TypeVar("V")
R = TypeVar("R")

GAMES: Final = 3
"""Seeded whole games per configuration."""

PER_STATE: Final = 64
"""Unlisted actions tried per state (drawn among every action the games met)."""

LISTED: Final = 2
"""Listed actions applied per state, beside the one the game went on with."""


def _named(refused: IllegalAction, known: frozenset[str], blind: bool) -> str:
    """What is wrong with a refusal: a clause that is none of the rules', or no reason given."""
    clause = None if blind else refused.clause
    if clause not in known:
        return f"it is refused naming {clause!r}, which is no clause of the rules"
    words = str(refused).removesuffix(f"[{refused.clause}]").strip()
    if not words or words == "None":
        return f"it is refused under {clause} without saying why"
    return ""


def _refusal(
    game: Game[C, S, A, V, R], state: S, action: A, known: frozenset[str], blind: bool
) -> str:
    """What is wrong with how ``apply`` treats the unlisted ``action`` (empty when nothing)."""
    try:
        game.apply(state, action)
    except IllegalAction as refused:
        return _named(refused, known, blind)
    except Exception as error:
        return f"it is refused with {type(error).__name__} ({error}), not as a broken rule"
    return "the engine accepts it though it does not list it"


def _chance_refusal(
    game: Game[C, S, A, V, R], state: S, action: A, known: frozenset[str], blind: bool
) -> str:
    """What is wrong with how ``apply`` treats another draw of chance (empty when nothing).

    Whether the draw is possible here is the chance space's to say; if ``apply``
    refuses it, the refusal must name a clause of the rules and say why.
    """
    try:
        game.apply(state, action)
    except IllegalAction as refused:
        return _named(refused, known, blind)
    except MalformedInput:
        return ""
    except Exception as error:
        return f"it fails with {type(error).__name__} ({error}), not as a broken rule"
    return ""


def _outsider(game: Game[C, S, A, V, R], state: S) -> str:
    """What is wrong with how ``observe`` treats a seat the game does not have (empty if none)."""
    seat = state.config.players
    try:
        game.observe(state, seat)
    except MalformedInput as refused:
        return (
            ""
            if str(seat) in str(refused)
            else (
                f"observing seat {seat}, which the game does not have, is refused without "
                f"naming it ({refused})"
            )
        )
    except Exception as error:
        return f"observing seat {seat}, which the game does not have, fails ({error!r})"
    return f"seat {seat}, which the game does not have, is given an observation"


def _unrecorded(trace: Trace[object, object]) -> str:
    """What is wrong with the record of the whole game, in the published form (empty if none)."""
    try:
        check_record(json.loads(dump_record(trace.record(len(trace.steps) - 1))))
    except MalformedInput as refused:
        return f"the game's record is not in the published form: {refused}"
    return ""


def _broken(checked: int, trace: Trace[object, object], upto: int, what: str) -> Exhaustive:
    return Exhaustive(
        checked,
        counterexample=Witness(
            f"in seeded game {trace.seed}: {what}", record=trace.record(upto), replayed=True
        ),
    )


def _check(
    traces: list[Trace[S, A]],
    game: Game[C, S, A, V, R],
    blind: bool,
) -> Exhaustive:
    known = frozenset(clause.id for clause in game.rulebook.clauses)
    met: dict[str, A] = {}
    for trace in traces:
        for step in trace.steps:
            if game.to_move(step.state) != CHANCE:
                for action in game.legal_actions(step.state):
                    met.setdefault(game.action_text(action), action)
    pool = [met[text] for text in sorted(met)]
    pool_texts = sorted(met)  # each action's text, computed once (pool's order)
    drawn: dict[str, A] = {}
    for trace in traces:
        for step in trace.steps:
            if game.to_move(step.state) == CHANCE:
                drawn.setdefault(game.action_text(step.action), step.action)
    outcomes = [drawn[text] for text in sorted(drawn)]
    checked = refused = 0
    example: Witness | None = None
    for trace in traces:
        rng = random.Random(f"refusals:{trace.seed}")
        for step in trace.steps:
            state, actor = step.state, game.to_move(step.state)
            if actor == CHANCE:  # another draw of the games: taken, or refused by a clause
                for action in rng.sample(outcomes, min(PER_STATE, len(outcomes))):
                    checked += 1
                    wrong = _chance_refusal(game, state, action, known, blind)
                    if wrong:
                        return _broken(
                            checked,
                            trace,
                            step.index - 1,
                            f"chance draws "
                            f"{game.action_text(action)} at step {step.index}: {wrong}",
                        )
                continue
            listed = list(game.legal_actions(state))
            texts = {game.action_text(a) for a in listed}
            unlisted = [a for a, text in zip(pool, pool_texts, strict=True) if text not in texts]
            tried = rng.sample(unlisted, min(PER_STATE, len(unlisted)))
            applied = rng.sample(listed, min(LISTED, len(listed)))
            for action in applied:
                checked += 1
                try:
                    game.apply(state, action)
                except Exception as error:
                    return Exhaustive(
                        checked,
                        counterexample=Witness(
                            f"in seeded game {trace.seed} at step {step.index}: seat {actor} "
                            f"may {game.action_text(action)} by the list of legal actions, but "
                            f"the engine refuses it ({type(error).__name__}: {error})",
                            record=trace.record(step.index - 1),
                            replayed=True,
                        ),
                    )
            for action in tried:
                checked += 1
                wrong = _refusal(game, state, action, known, blind)
                if wrong:
                    return Exhaustive(
                        checked,
                        counterexample=Witness(
                            f"in seeded game {trace.seed} at step {step.index}: seat {actor} "
                            f"tries {game.action_text(action)}, which is not listed: {wrong}",
                            record=trace.record(step.index - 1),
                            replayed=True,
                        ),
                    )
                refused += 1
                if example is None:
                    example = Witness(
                        f"in seeded game {trace.seed} at step {step.index}: seat {actor} tries "
                        f"{game.action_text(action)}, which is not listed, and the engine "
                        "refuses it naming a clause of the rules",
                        replayed=True,
                    )
        end = trace.steps[-1].after if trace.steps and not trace.stopped else None
        if end is not None and game.to_move(end) is None:  # the game is over: nothing is legal
            for action in rng.sample(pool, min(PER_STATE, len(pool))):
                checked += 1
                wrong = _refusal(game, end, action, known, blind)
                if wrong:
                    return _broken(
                        checked,
                        trace,
                        len(trace.steps) - 1,
                        f"after the game ends, {game.action_text(action)} is tried: {wrong}",
                    )
            wrong = _outsider(game, end)
            if wrong:
                return _broken(checked, trace, len(trace.steps) - 1, wrong)
            checked += 1
        if trace.steps:
            wrong = _unrecorded(trace)
            if wrong:
                return _broken(checked, trace, len(trace.steps) - 1, wrong)
            checked += 1
    if example is None:
        return Exhaustive(checked, undecided="no unlisted action was tried: vacuous")
    return Exhaustive(
        checked, attained=example, must_attain=True, counts={"apply and observe": checked}
    )


def one_checker(
    id: str,
    game: Game[C, S, A, V, R],
    config: C,
    clauses: tuple[str, ...],
    *,
    engine: tuple[str, ...] = (),
    games: int = GAMES,
    params: Params | None = None,
    variant: str = "",
) -> Obligation:
    """An obligation that ``game`` accepts exactly what it lists, refusing by a named clause.

    ``engine`` names the tagged engine functions it holds (the game's phase table, which names
    the clause of every refusal out of turn).
    """
    traced: list[Trace[S, A]] = []

    def build(p: Params) -> Exhaustive:
        if not traced:
            traced.extend(play(game, config, games=games, seed=20261205))
        return _check(traced, game, bool(p["blind"]))

    return claim(
        id,
        f"In {games} seeded whole games, at every seat's turn, the engine accepts the actions it "
        "lists, and refuses every other action met in those games (up to "
        f"{PER_STATE} a turn, and any once the game is over) with a broken rule that names a "
        "clause of the rules and says why; each game's record is in the published form.",
        clauses,
        build,
        {**(params or {}), "blind": False},
        Mutant(f"{id}.mutant.unnamed", "an engine whose refusals name no clause", {"blind": True}),
        method="trace",
        variant=variant,
        engine=engine,
    )
