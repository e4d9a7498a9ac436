"""Euchre's obligations about the end of a game: when it must end, and when it cannot yet.

Under stick-the-dealer every game ends within :data:`LONGEST_GAME` hands (an
inductive ranking argument), a bound a real game attains; under the default
throw-in rule a game need not end at all, which is expected to fail
[euchre.ruling.endless-game]; and no game ends before hand
:data:`FEWEST_HANDS`.  Both bounds are rebuilt from the rules
(:func:`longest_game_hands`, :func:`fewest_hands`).  Witnesses that are whole
games are realised by :mod:`proofs.euchre.scenarios` and replayed through
the engine as records.

>>> LONGEST_GAME, FEWEST_HANDS
(19, 3)
>>> longest_game_hands(EuchreRules(target=11)), fewest_hands(EuchreRules(target=11))
(21, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Final

import z3

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.record import Replay
from cardlaw.proofs.core import Mutant, Obligations, Problem, Witness, claim
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.endings_words import (
    KIND_NAMES,
    WORTH,
    how_won,
    plural,
    scores_phrase,
    times,
    top_trumps,
)
from cardlaw.proofs.euchre.scenarios import (
    Unrealised,
    alternating_scores,
    hand_kind,
    longest_game,
    looping_deals,
    not_realised,
    played_scores,
    shortest_game,
)
from cardlaw.proofs.euchre.support import Params, number_word, record_witness, true, value
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState

__all__ = ["FEWEST_HANDS", "LONGEST_GAME", "fewest_hands", "longest_game_hands", "obligations"]


def longest_game_hands(rules: EuchreRules) -> int:
    """The most hands a stick-the-dealer game can last under ``rules``.

    With ``m`` the smallest score a hand can make, each team can hold at
    most ``(target - 1) // m`` hands' worth of ``m`` points short of the
    target; the teams take turns doing so, then one more hand ends it.
    """
    least = min(rules.reachable_points)
    return 2 * ((rules.target - 1) // least) + 1


def fewest_hands(rules: EuchreRules) -> int:
    """The fewest hands any game lasts under ``rules``: the target in the largest scores."""
    return -(-rules.target // max(rules.reachable_points))


LONGEST_GAME: Final = longest_game_hands(PRINTED_RULES)
"""The most hands a stick-the-dealer game can last: both teams at one point short of the
target, one point a hand, then one more hand (19)."""

FEWEST_HANDS: Final = fewest_hands(PRINTED_RULES)
"""The fewest hands any game lasts: the target in lone marches of four points (3)."""

_SLUGS: Final = {
    "maker_points": "maker-points",
    "march_points": "march-points",
    "alone_march_points": "alone-march",
    "euchre_points": "euchre-points",
}
"""The points of the scoring table, as mutant ids name them."""


def _points(rules: EuchreRules) -> dict[str, int]:
    """The entries of the scoring table a hand can score, by parameter."""
    table = {name: getattr(rules, name) for name in _SLUGS}
    if not rules.makers_can_make_it:
        del table["maker_points"]
    return table


_PLAYED: Final = (
    "engine.euchre.bidding.apply_bid",
    "engine.euchre.play.apply_play",
    "engine.euchre.play._finish_hand",
    "engine.euchre.scoring.game_over",
)
"""The engine functions a whole game realised as a witness is played through."""


def _points_mutant(changes: dict[str, int], description: str) -> Mutant:
    """A mutant of the scoring table, named after the entry it changes (or the cap)."""
    if len(changes) == 1:
        [(name, points)] = changes.items()
        return Mutant(f"euchre.mutant.{_SLUGS[name]}-{points}", description, changes)
    return Mutant(f"euchre.mutant.points-{min(changes.values())}", description, changes)


# --- stick-the-dealer: every game ends -----------------------------------------------------------


def _stick_decoder(
    scores: Sequence[z3.BitVecRef],
    step: E.HandStep,
    run: E.GameRun,
    attained: z3.BoolRef,
    longest: int,
) -> Callable[[z3.ModelRef], Witness]:
    """How a model reads: the longest game, or a hand that breaks the ranking argument."""
    total = scores[0] + scores[1]

    def decode(m: z3.ModelRef) -> Witness:
        if true(m, attained):
            shown = ", ".join(
                f"{value(m, a)}-{value(m, b)}" for a, b in run.scores[1 : longest + 1]
            )
            return Witness(f"a game of {longest} hands; the scores after each: {shown}")
        before = f"{value(m, scores[0])}-{value(m, scores[1])}"
        after = f"{value(m, step.scores[0])}-{value(m, step.scores[1])}"
        if value(m, step.scores[0] + step.scores[1]) <= value(m, total):
            thrown = " (thrown in)" if true(m, step.thrown_in) else ""
            return Witness(f"a hand at {before} ends at {after}{thrown}: no point is scored")
        return Witness(f"at {before} the game is not over, with {value(m, total)} points held")

    return decode


def _ends_stick(rules: EuchreRules, p: Params) -> Problem:
    """Termination as an inductive argument, and a 19-hand game as the bound attained.

    Ranking function: the points the two teams hold together.  (a) every
    deal is played and scores, so it rises by at least one with every hand;
    (b) while the game is not over it is at most ``2 * (target - 1)``.  It
    starts at 0, so by induction over the hands at most 18 hands are played
    before the game is over: it ends in hand 19 at the latest.  When the
    smallest score ``m`` a hand can make (under ``rules``, the claim's
    reference) is more than one, each team's points count in whole hands of
    ``m`` (``score // m``): the ranking rises by one a hand and stays at
    most ``2 * ((target - 1) // m)``.
    """
    least = min(rules.reachable_points)
    longest = longest_game_hands(rules)
    scores = (E.nat("score0"), E.nat("score1"))
    dealer, passes, tricks = E.nat("dealer"), E.nat("passes"), E.nat("tricks")
    alone = z3.Bool("alone")
    step = E.hand_step(scores, dealer, passes, tricks, alone, p)
    run = E.game_run(longest, p, prefix="run_")
    premise = [
        z3.Not(E.game_over(scores, p)),
        z3.ULT(dealer, K.PLAYERS),
        step.legal,
        *run.premise,
    ]
    # Counts are 8-bit: below the target the sums stay far from wrapping round.
    total = scores[0] + scores[1]
    if least == 1:
        rank, after = total, step.scores[0] + step.scores[1]
    else:
        rank = z3.UDiv(scores[0], least) + z3.UDiv(scores[1], least)
        after = z3.UDiv(step.scores[0], least) + z3.UDiv(step.scores[1], least)
    claims = [z3.UGE(after, rank + 1), z3.ULE(rank, longest - 1)]
    # The bound attained by the very game the engine replays (its scores, hand by hand).
    same_game = E.scores_are(run, alternating_scores(least, longest))
    attained = z3.And(run.over[longest], z3.Not(run.over[longest - 1]), *same_game)
    return Problem(
        premise=premise,
        claim=claims,
        attained=attained,
        decode=_stick_decoder(scores, step, run, attained, longest),
    )


def _replay_longest(rules: EuchreRules, witness: Witness) -> Witness:
    """Realise the longest game as a real game under stick-the-dealer, as a record."""
    longest = longest_game_hands(rules)
    least = min(rules.reachable_points)
    held = (longest // 2) * least

    def shows(replay: Replay) -> bool:
        final: EuchreState = replay.final
        if len(final.results) != longest or EUCHRE.result(final) is None:
            return False
        return witness.text.endswith(played_scores(final))  # the model's game, hand by hand

    config = EuchreConfig(stick_the_dealer=True, rules=rules)
    try:
        actions = longest_game(rules=rules)
    except Unrealised as error:
        return not_realised(witness, "the longest game under stick-the-dealer", error)
    real = record_witness("", config, actions, shows)
    how = how_won(hand_kind(least, rules), rules)
    return Witness(
        f"{witness.text}.\nThe same game played through the engine under stick-the-dealer: "
        f"seat 0 deals first and the teams take turns scoring {plural(least)} a hand ({how}) "
        f"up to {held}-{held}, and hand {longest} ends it {held + least}-{held}; see the record.",
        real.record,
        real.replayed,
    )


# --- throw-in: a game need not end --------------------------------------------------------------


def _ends_throw_in(p: Params) -> Problem:
    """Claim: no game comes back to where it was over one turn of the deal."""
    deals = K.PLAYERS
    run = E.game_run(deals, p)
    start, end = run.scores[0], run.scores[deals]
    claim = z3.Or(end[0] != start[0], end[1] != start[1], run.dealers[deals] != run.dealers[0])

    def decode(m: z3.ModelRef) -> Witness:
        rows = []
        for k, step in enumerate(run.steps):
            passes = value(m, run.passes[k])
            if true(m, step.thrown_in):
                rows.append(
                    f"deal {k + 1} (seat {value(m, run.dealers[k])} deals): {passes} passes"
                )
            else:
                rows.append(f"deal {k + 1}: scored {value(m, step.points)}")
        first = value(m, run.first_dealer)
        return Witness(
            "; ".join(rows) + f"; then seat {value(m, run.dealers[deals])} deals again at "
            f"{value(m, end[0])}-{value(m, end[1])}: the position after "
            f"{deals} deals is the position at the start",
            data={"first_dealer": first},
        )

    return Problem(premise=run.premise, claim=claim, decode=decode)


def _replay_loop(rules: EuchreRules, witness: Witness) -> Witness:
    """Realise the loop as a real game of thrown-in deals, as a record."""

    def shows(replay: Replay) -> bool:
        start, end = replay.states[2], replay.final  # after the first and the fifth shuffle
        return bool(
            start.scores == end.scores
            and start.dealer == end.dealer
            and start.hands == end.hands
            and start.actor == end.actor
            and start.stage == end.stage
            and end.results == ((-1, 0),) * K.PLAYERS
        )

    first = witness.data["first_dealer"]
    real = record_witness("", EuchreConfig(rules=rules), looping_deals(first), shows)
    return Witness(
        f"{witness.text}.\nRealised in a real game: seat {first} deals first; on each of four "
        "deals all four players pass twice and the cards are thrown in; the fifth deal, with "
        f"the first deal's shuffle, gives seat {first} the deal and every seat the same cards "
        "at 0-0: the state equals the one after the first deal in all but the count of hands, "
        "so the game can repeat this for ever; see the record.",
        real.record,
        real.replayed,
    )


# --- the shortest game ---------------------------------------------------------------------------


def _fewest_hands(rules: EuchreRules, p: Params) -> Problem:
    """A game's first :func:`fewest_hands` hands: never over before the last, and over after it."""
    fewest = fewest_hands(rules)
    run = E.game_run(fewest, p)
    most = max(rules.reachable_points)
    # The bound attained by the game the engine replays: team 0 scores the most, hand by hand.
    same_game = E.scores_are(run, [(k * most, 0) for k in range(1, fewest + 1)])

    def decode(m: z3.ModelRef) -> Witness:
        shown = ", ".join(f"{value(m, a)}-{value(m, b)}" for a, b in run.scores[1 : fewest + 1])
        return Witness(f"the scores after each hand: {shown}")

    return Problem(
        premise=run.premise,
        claim=z3.Not(run.over[fewest - 1]),
        attained=z3.And(run.over[fewest], *same_game),
        decode=decode,
    )


def _replay_fewest(rules: EuchreRules, witness: Witness) -> Witness:
    """Realise the shortest game (under the printed rules three lone marches), as a record."""
    fewest, most = fewest_hands(rules), max(rules.reachable_points)
    kind = hand_kind(most, rules)

    def shows(replay: Replay) -> bool:
        final: EuchreState = replay.final
        if len(final.results) != fewest or EUCHRE.result(final) is None:
            return False
        return witness.text.endswith(played_scores(final))  # the model's game, hand by hand

    try:
        actions = shortest_game(rules)
    except Unrealised as error:
        return not_realised(witness, "the shortest game", error)
    real = record_witness("", EuchreConfig(rules=rules), actions, shows)
    holds, tricks = f"seat 0 holds {top_trumps(rules.cards_each)}", number_word(rules.tricks)
    how = {
        "alone": f"{holds} {times(fewest)}, names Spades alone and takes all {tricks} tricks",
        "march": f"{holds} {times(fewest)}, names Spades and takes all {tricks} tricks",
        "euchre": f"{holds} {times(fewest)}; seat 1 names Spades and seat 0 takes all "
        f"{tricks} tricks, a euchre",
        "maker": f"team 0 makes trump {times(fewest)}: {how_won('maker', rules)}",
    }[kind]
    return Witness(
        f"{witness.text}.\nThe same game played through the engine: seat {K.PLAYERS - 1} deals "
        f"first and {how}: {fewest} × {most} points; see the record.",
        real.record,
        real.replayed,
    )


def _stick_mutants(rules: EuchreRules) -> tuple[Mutant, ...]:
    """Wrong targets and tables under which the longest game changes (19 hands, printed)."""
    least, target = min(rules.reachable_points), rules.target
    table = _points(rules)
    raised = {name: least + 1 for name, points in table.items() if points == least}
    mutated = {**table, **raised}
    if 2 * ((target - 1) // min(mutated.values())) + 1 != longest_game_hands(rules):
        changes, new = raised, least + 1
    else:  # the smaller score still counts whole hands of the old one: refuted at (a)
        changes, new = {name: least - 1 for name in raised}, least - 1
    [first, *_] = changes
    what = (
        f"{scores_phrase(first, rules)} score {new}"
        if len(changes) == 1
        else f"every hand worth {least} points scores {new}"
    )
    return (
        Mutant(
            f"euchre.mutant.target-{target + least}",
            f"a game to {target + least} points",
            {"target": target + least},
        ),
        _points_mutant(changes, what),
    )


def _fewest_mutants(rules: EuchreRules) -> tuple[Mutant, ...]:
    """Tables with a larger and a smaller top score, each changing the fewest hands (3)."""
    fewest, most = fewest_hands(rules), max(rules.reachable_points)
    table = _points(rules)
    mutants = []
    if fewest > 1:
        top = next(name for name, points in table.items() if points == most)
        more = -(-rules.target // (fewest - 1))
        mutants.append(_points_mutant({top: more}, f"{WORTH[top]} worth {more} points"))
    cap = min(most // 2, (rules.target - 1) // fewest)
    capped = {name: cap for name, points in table.items() if points > cap}
    what = (
        f"{WORTH[next(iter(capped))]} worth {cap} points"
        if len(capped) == 1
        else f"every score above {cap} points cut to {cap}"
    )
    mutants.append(_points_mutant(capped, what))
    return tuple(mutants)


def obligations(
    real: Params,
    stick: Params,
    rules: EuchreRules = PRINTED_RULES,
    *,
    current: Params | None = None,
) -> Obligations:
    """The obligations this module proves, in the order they are listed, under ``rules``.

    * ``euchre.game.ends.stick-the-dealer``: every game ends, within the longest game's hands
      (``stick`` are the real rules with stick-the-dealer).
    * ``euchre.game.ends.throw-in``: expected to fail, thrown-in deals may go on for ever.
    * ``euchre.game.fewest-hands``: no game ends before hand 3, and one ends then.

    ``real`` and ``stick`` are the encoding's parameters of ``rules`` (with the
    throw-in rule and with stick-the-dealer); ``current`` those of the
    configuration checked (``real`` unless given), which ``fewest-hands`` is
    stated under.
    """
    target, least = rules.target, min(rules.reachable_points)
    longest, fewest = longest_game_hands(rules), fewest_hands(rules)
    most = max(rules.reachable_points)
    if least == 1:
        argument = (
            f"every deal is played and scores at least one point, and while no team has "
            f"{target} the teams hold at most {2 * (target - 1)} points together"
        )
    else:
        argument = (
            f"every deal is played and scores at least {least} points, and while no team has "
            f"{target} each team holds at most {(target - 1) // least} whole hands' worth of "
            f"{least} points"
        )
    one, many = KIND_NAMES[hand_kind(most, rules)]
    shortest = f"{number_word(fewest)} {one if fewest == 1 else many}"
    return (
        claim(
            "euchre.game.ends.stick-the-dealer",
            f"Under stick-the-dealer every game ends, within {longest} hands: {argument}, so "
            f"(by induction over the hands) at most {longest - 1} hands are played before the "
            f"game is over. The bound is tight: a game of {longest} hands exists.",
            (
                "euchre.ruling.all-pass",
                "euchre.ruling.endless-game",
                "euchre.score.one-team",
                "euchre.end.ten",
                "euchre.ruling.end-at-once",
            ),
            partial(_ends_stick, rules),
            stick,
            Mutant(
                "euchre.mutant.throw-in",
                "the default throw-in rule instead of stick-the-dealer",
                {"stick_the_dealer": False},
            ),
            *_stick_mutants(rules),
            variant="stick-the-dealer",
            replay=partial(_replay_longest, rules),
            engine=_PLAYED,
        ),
        claim(
            "euchre.game.ends.throw-in",
            "Claim: under the default throw-in rule every game ends. Were it so, "
            "no game could come back to a position (the scores and the next dealer) it has "
            "been in, since passing is open to every player whatever the cards, so a return "
            f"can be repeated for ever. Checked over one turn of the deal ({K.PLAYERS} deals, "
            "after which the same seat deals again) from the start of a game. Expected to "
            "fail: this is a finding about the rules.",
            (
                "euchre.ruling.all-pass",
                "euchre.ruling.endless-game",
                "euchre.ruling.thrown-in-hand",
                "euchre.hand.dealer-rotation",
                "euchre.end.ten",
            ),
            _ends_throw_in,
            real,
            Mutant(
                "euchre.mutant.stick-the-dealer",
                "stick-the-dealer semantics: the dealer may not pass in the second round",
                {"stick_the_dealer": True},
            ),
            expected="fails",
            replay=partial(_replay_loop, rules),
            engine=("engine.euchre.bidding.apply_bid", "engine.euchre.deal.apply_shuffle"),
        ),
        claim(
            "euchre.game.fewest-hands",
            f"No game ends before hand {fewest}: a hand scores at most "
            f"{most} points, and {target} are needed; and a game of "
            f"{fewest} hands exists ({shortest}).",
            ("euchre.score.alone-march", "euchre.end.ten", "euchre.ruling.end-at-once"),
            partial(_fewest_hands, rules),
            real if current is None else current,
            *_fewest_mutants(rules),
            replay=partial(_replay_fewest, rules),
            engine=_PLAYED,
        ),
    )
