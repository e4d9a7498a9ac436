"""Divide lasts exactly its rounds: from any trick of any round, the game ends when the rules say.

``divide.end.four-rounds``: the encoding's count of tricks and rounds
(:func:`proofs.divide.encoding_round.after_trick`) is run forward from every
point of a game (any number of tricks done in the round, any number of
rounds played before the last), trick by trick, for as many tricks as a
whole game has; the game must not be over before the tricks the rules leave
(the rest of this round's, then every later round's), must be over on the
last of them, and must then have played exactly the rules' rounds.  The
numbers are read from the spec (``rules.rounds`` and ``rules.hand_size``),
never from the parameters a mutant changes.  The bound is attained from the
first trick of the first round: a whole game, which is replayed through the
engine as a seeded game record (4 and 5 players: over after exactly its
rounds, each of exactly its tricks, and not over before).

>>> from cardlaw.proofs.core import check
>>> report = check(four_rounds())
>>> report.status, report.witness.replayed, [m.caught for m in report.mutants]
('proved', True, [True, True, True])
"""

from __future__ import annotations

from collections.abc import Callable

import z3

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.record import build_record, replay_record
from cardlaw.proofs.core import Mutant, Obligation, Problem, Witness, claim
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide import encoding_round as R
from cardlaw.proofs.divide.support import Params, model_value
from cardlaw.proofs.trace import play
from cardlaw.spec.divide.actions import Play
from cardlaw.spec.divide.config import DivideConfig
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import Stage
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.parameters import spelled

__all__ = ["four_rounds"]

SEED = 20261205


def _rounds(rules: DivideRules) -> Callable[[Params], Problem]:
    rounds, tricks = rules.rounds, rules.hand_size  # the spec's numbers, not a mutant's

    def build(p: Params) -> Problem:
        done, played = z3.Int("tricks_done"), z3.Int("rounds_played")
        premise = [done >= 0, done < tricks, played >= 0, played < rounds]
        left = (rounds - played) * tricks - done
        parts: list[z3.BoolRef] = []
        count: z3.ArithRef = done
        games: z3.ArithRef = played
        for step in range(1, rounds * tricks + 1):
            after, games_after, over = R.after_trick(count, games, p)
            # Each step's counts are named, so the solver reasons a step at a time.
            count, games = z3.Int(f"tricks_done_{step}"), z3.Int(f"rounds_played_{step}")
            premise += [count == after, games == games_after]
            parts.append(z3.Implies(left > step, z3.Not(over)))
            parts.append(z3.Implies(left == step, z3.And(over, games == rounds, count == 0)))

        def decode(m: z3.ModelRef) -> Witness:
            d, r = model_value(m, done), model_value(m, played)
            return Witness(
                f"from trick {d + 1} of round {r + 1}, the game ends after "
                f"{(rounds - r) * tricks - d} more tricks, when {spelled(rounds)} rounds of "
                f"{spelled(tricks)} tricks have been played",
                data={"done": d, "played": r},
            )

        return Problem(
            premise=premise,
            claim=z3.And(*parts),
            attained=z3.And(done == 0, played == 0),
            decode=decode,
        )

    return build


def _replay(rules: DivideRules) -> Callable[[Witness], Witness]:
    """Seeded whole games through the engine: over after exactly the rules' rounds and tricks."""

    def replay(witness: Witness) -> Witness:
        said, agrees, record = [], True, None
        for players in (4, 5):
            try:
                config = DivideConfig(players=players, rules=rules)
            except MalformedInput:
                continue
            (trace,) = play(DIVIDE, config, games=1, seed=SEED)
            actions = [step.action for step in trace.steps]
            game = build_record(DIVIDE, config, actions)
            final = replay_record(game).final
            ends = [s.after for s in trace.steps if len(s.after.scores) > len(s.state.scores)]
            plays = sum(isinstance(a, Play) for a in actions)
            shown = (
                final.stage == Stage.OVER
                and DIVIDE.to_move(final) is None
                and len(final.scores) == rules.rounds == len(ends)
                and all(s.stage == Stage.DEAL for s in ends[:-1])
                and plays == rules.rounds * rules.hand_size * players
            )
            agrees = agrees and shown
            said.append(
                f"{players} players: {len(final.scores)} rounds, {plays // players} tricks, "
                + ("over" if DIVIDE.to_move(final) is None else "not over")
            )
            record = record or game
        text = f"; the engine's seeded games: {'; '.join(said)}"
        return witness.replayed_as(text, agrees, record)

    return replay


def four_rounds(rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.end.four-rounds``: the game ends after exactly its rounds, never sooner or later."""
    return claim(
        "divide.end.four-rounds",
        f"From any trick of any round, trick after trick, a game of Divide is not over before "
        f"the tricks left to it ({spelled(rules.hand_size)} a round, {spelled(rules.rounds)} "
        f"rounds) are played and is over on the last of them, with {spelled(rules.rounds)} rounds "
        "played: a game lasts exactly its rounds, never fewer, never more. From the first trick "
        "it takes a whole game, as the engine's seeded games do.",
        ("divide.end.four-rounds", "divide.trick.count", "divide.cleanup.record"),
        _rounds(rules),
        E.spec_params(4, rules=rules),
        Mutant(
            "divide.mutant.five-rounds", "a game of one round more", {"rounds": rules.rounds + 1}
        ),
        Mutant(
            "divide.mutant.three-rounds", "a game of one round fewer", {"rounds": rules.rounds - 1}
        ),
        Mutant(
            "divide.mutant.seven-tricks",
            "a round of one trick fewer",
            {"tricks": rules.hand_size - 1},
        ),
        replay=_replay(rules),
        engine=("engine.divide.play.apply_play",),
    )
