"""Euchre's proof obligations: what ``cardlaw verify euchre`` proves (and refutes).

Every obligation quantifies over all situations of its kind (every hand of 1
to 5 cards, every trick, every way a hand can be scored, every deal, every
course of a game), reads the rules from ``spec/euchre`` through
:func:`~proofs.euchre.encoding.spec_params`, has a premise that must be
satisfiable, and has seeded mutants that must change its verdict.  The
claims state the rules as the rulebook words them, with the bowers and the
bounds taken from the spec's constants, so a mutant (which changes the
encoding's parameters) cannot change what is claimed.  Witnesses that are
whole games are realised by :mod:`proofs.euchre.scenarios` and replayed
through the engine as records.

One obligation is expected to fail: under the default throw-in rule a game
of Euchre need not end [euchre.ruling.endless-game].

Each obligation lives with its rule family: :mod:`~proofs.euchre.tricks`
(legal plays, the winner, the bowers), :mod:`~proofs.euchre.scoring` (the
whole scoring table), :mod:`~proofs.euchre.deal`, :mod:`~proofs.euchre.bids`
(the bidding ends, the first lead), :mod:`~proofs.euchre.endings` (when a
game must end, and when it cannot yet), :mod:`~proofs.euchre.variants` and
:mod:`~proofs.euchre.lone` (the variants that match OpenSpiel's euchre).

Then the engine is held to the model (:mod:`proofs.link`): every encoding
against the engine function it mirrors (:mod:`~proofs.euchre.links`,
:mod:`~proofs.euchre.links_cards`, :mod:`~proofs.euchre.links_deal`,
:mod:`~proofs.euchre.links_course`, :mod:`~proofs.euchre.links_game`),
every step of seeded whole games of each configuration
(:mod:`~proofs.euchre.trace`), what each seat may not see never
changing what it observes (:mod:`~proofs.euchre.hidden`), and every seat
told exactly the bids made (:mod:`~proofs.euchre.told`).
:mod:`~proofs.euchre.coverage` lists the tagged engine functions no
obligation names (chance's first dealer, OpenSpiel's log tooling), and why.

>>> from cardlaw.proofs.core import check
>>> report = check(next(o for o in OBLIGATIONS if o.id == "euchre.game.ends.throw-in"))
>>> report.status, report.ok, report.witness.replayed, report.mutants[0].status
('refuted', True, True, 'proved')
>>> LONGEST_GAME, FEWEST_HANDS
(19, 3)

:func:`build` gives every obligation under other rules (``cardlaw verify
euchre --set TARGET=11``): the same ids, with the bounds, the claims and the
witnesses rebuilt from those rules.

>>> eleven = {o.id: o for o in build(EuchreRules(target=11))}
>>> eleven["euchre.game.ends.stick-the-dealer"].statement[:51]
'Under stick-the-dealer every game ends, within 21 h'
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.proofs.core import Obligations
from cardlaw.proofs.euchre import (
    bids,
    deal,
    endings,
    hidden,
    links,
    links_cards,
    links_course,
    links_deal,
    links_game,
    lone,
    scoring,
    told,
    trace,
    tricks,
    variants,
)
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.euchre.endings import FEWEST_HANDS, LONGEST_GAME
from cardlaw.proofs.kept import invariants_kept
from cardlaw.proofs.refusals import one_checker
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules

__all__ = ["FEWEST_HANDS", "LONGEST_GAME", "OBLIGATIONS", "build", "build_config"]


def build(
    rules: EuchreRules = PRINTED_RULES, stick_the_dealer: bool = False, lone_defender: bool = False
) -> Obligations:
    """Every Euchre obligation under ``rules``, in the order ``cardlaw verify`` runs them.

    The ids are the same under every ``rules``; the claims, the bounds they
    quote, the mutants and the witnesses' records follow ``rules``.
    ``stick_the_dealer`` is the configuration's flag: every obligation is
    stated under it but the two that name the all-pass rule they are about
    (``euchre.game.ends.throw-in`` and ``euchre.game.ends.stick-the-dealer``).
    ``lone_defender`` is the variant's flag: the scoring of a hand is stated
    with a lone defender possible (:mod:`proofs.euchre.lone` says why the
    bounds of a game do not change).
    """
    # read now: a changed constant changes what is proven
    real = E.spec_params(stick_the_dealer=stick_the_dealer, rules=rules)
    scored = E.spec_params(
        stick_the_dealer=stick_the_dealer, rules=rules, lone_defender=lone_defender
    )
    throw_in = E.spec_params(rules=rules)
    stick = E.spec_params(stick_the_dealer=True, rules=rules)
    return (
        *tricks.obligations(real),
        *scoring.obligations(scored, rules, lone_defender),
        *deal.obligations(real, rules),
        *bids.obligations(real),
        *endings.obligations(throw_in, stick, rules, current=real),
        *variants.obligations(),
        *lone.obligations(rules),
        *links.obligations(rules),
        *links_cards.obligations(rules),
        *links_deal.obligations(rules),
        *links_course.obligations(rules),
        *links_game.obligations(rules),
        *trace.obligations(rules),
        one_checker(
            "euchre.api.one-checker",
            EUCHRE,
            EuchreConfig(
                rules=rules, stick_the_dealer=stick_the_dealer, lone_defender=lone_defender
            ),
            ("euchre.hand.phases", "euchre.trick.follow-suit", "euchre.bid.first-round"),
            engine=("engine.euchre.game._phases",),
        ),
        invariants_kept(EUCHRE, {"rules": rules}),
        *hidden.obligations(rules),
        *told.obligations(rules),
    )


def build_config(config: EuchreConfig) -> Obligations:
    """Every obligation under a whole configuration: its rules and its variant flags.

    keep_up_card and sitting_dealer_discards feed only their own obligations
    (:mod:`proofs.euchre.variants`), which state them from the spec.
    """
    return build(config.rules, config.stick_the_dealer, config.lone_defender)


OBLIGATIONS: Final[Obligations] = build()
"""Every Euchre obligation, in the order ``cardlaw verify`` runs them."""
