"""Divide's proof obligations: what ``cardlaw verify divide`` proves.

Every obligation quantifies over all situations of its kind (every hand,
every trick, every sequence of eight trick winners...), reads the rules from
``spec/divide`` through :func:`~proofs.divide.encoding.spec_params`, has a
premise that must be satisfiable, and has seeded mutants that must change
its verdict.  Witnesses that are whole rounds are realised by
:mod:`proofs.divide.scenarios` and replayed through the engine as records.

The obligations live with their rules: :mod:`proofs.divide.tokens` (the token
supply), :mod:`proofs.divide.tricks` (legal plays, the trick winner),
:mod:`proofs.divide.exchange` (the Great Divide, trumps in hands),
:mod:`proofs.divide.tiebreak`, :mod:`proofs.divide.points`,
:mod:`proofs.divide.deal` and :mod:`proofs.divide.rounds` (the game lasts
exactly its rounds).  Then the engine is held to the encodings:
:mod:`proofs.divide.links` and :mod:`proofs.divide.links_scoring` (each
encoding against the engine function it mirrors, case by case),
:mod:`proofs.divide.trace` (every step of seeded whole games) and
:mod:`proofs.divide.hiding` (what a seat cannot see never changes its
observation, and what it may place always does); :mod:`proofs.divide.coverage`
says why the few tagged engine functions no obligation names are left out.
This module only lists them, in the order ``cardlaw verify`` runs them.

>>> len(OBLIGATIONS), OBLIGATIONS[21].id, OBLIGATIONS[-1].id
(36, 'divide.end.four-rounds', 'divide.shown.5p')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from cardlaw.engine.divide.game import DIVIDE
from cardlaw.proofs.core import Obligations
from cardlaw.proofs.divide import hiding, links, links_scoring, trace
from cardlaw.proofs.divide.deal import enough_cards
from cardlaw.proofs.divide.exchange import at_most_three_in_hands, eight_cards
from cardlaw.proofs.divide.points import point_bounds, points
from cardlaw.proofs.divide.rounds import four_rounds
from cardlaw.proofs.divide.support import PLAYER_COUNTS
from cardlaw.proofs.divide.tiebreak import always_resolves
from cardlaw.proofs.divide.tokens import supply_never_negative
from cardlaw.proofs.divide.tricks import legal_play_exists, unique_winner
from cardlaw.proofs.kept import invariants_kept
from cardlaw.proofs.refusals import one_checker
from cardlaw.spec.divide.config import DivideConfig, TrumpSuitRule
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.errors import MalformedInput

__all__ = ["OBLIGATIONS", "build", "build_config"]


def build(rules: DivideRules = PRINTED_RULES, trump_suit: TrumpSuitRule = "printed") -> Obligations:
    """Every obligation under ``rules`` (the printed rules unless a designer changed some).

    The ids are the same under any rules, so a verdict under changed rules is
    compared with the printed rules' one by id.  A player count the changed
    rules cannot deal for is left out.  ``trump_suit`` is the configuration's
    flag: ``divide.trick.legal-play-exists`` and the traces ``divide.trace.4p``
    and ``divide.trace.5p`` are stated under it, while
    ``divide.trick.legal-play-exists.own-suit`` and ``divide.trace.own-suit``
    are always stated for the variant *trump-rank-own-suit* (the link
    ``divide.link.legal-plays`` checks both readings).
    """
    counts = [n for n in PLAYER_COUNTS if _deals(n, rules)]
    generic = legal_play_exists(trump_suit, rules)
    if trump_suit != "printed":
        generic = replace(generic, id="divide.trick.legal-play-exists", variant="")
    return (
        *(supply_never_negative(n, rules) for n in counts),
        generic,
        legal_play_exists("own", rules),
        *(
            obligation
            for n in counts
            for obligation in (
                unique_winner(n, rules),
                eight_cards(n, rules),
                at_most_three_in_hands(n, rules),
                always_resolves(n, rules),
            )
        ),
        *(
            points(kind, bound, n, rules)
            for kind, bound in point_bounds(rules).items()
            for n in counts
        ),
        enough_cards(rules),
        four_rounds(rules),
        *links.obligations(rules),
        *links_scoring.obligations(rules),
        *trace.obligations(rules, trump_suit),
        *(
            one_checker(
                "divide.api.one-checker",
                DIVIDE,
                DivideConfig(players=counts[0], rules=rules, trump_suit=trump_suit),
                ("divide.round.phases", "divide.trick.follow-suit", "divide.divide.offers"),
                engine=("engine.divide.game._phases",),
                games=1,
            )
            for _ in counts[:1]
        ),
        invariants_kept(DIVIDE, {"players": counts[0], "rules": rules}),
        *hiding.obligations(rules),
    )


def build_config(config: DivideConfig) -> Obligations:
    """Every obligation under a whole configuration: its rules and its variant flags.

    >>> own = build_config(DivideConfig(trump_suit="own"))
    >>> [o.id for o in own] == [o.id for o in OBLIGATIONS]
    True
    """
    return build(config.rules, config.trump_suit)


def _deals(players: int, rules: DivideRules) -> bool:
    try:
        DivideConfig(players=players, rules=rules)
    except MalformedInput:
        return False
    return True


OBLIGATIONS: Final[Obligations] = build()
"""Every Divide obligation, in the order ``cardlaw verify`` runs them."""
