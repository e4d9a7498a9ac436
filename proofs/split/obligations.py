"""Split's proof obligations: what ``cardlaw verify split`` proves (and refutes).

Every obligation quantifies over all situations of its kind (every hand
against every pair of piles, every opener's hand, every transition of the
cards, every round of a game), reads the rules from ``spec/split`` through
:func:`~proofs.split.encoding.spec_params`, has a premise that must be
satisfiable, and has seeded mutants that must change its verdict.  The
claims state the rules as the rulebook words them, with the wild cards and
the numbers taken from the real rules, so a mutant (which changes the
encoding's parameters) cannot change what is claimed.  The rule obligations
are checked with Z3 (``method="z3"``).

Two obligations are expected to fail: a competitive game need not end, even
when nobody ever resets by choice [split.ruling.turn-limit].  Their
witnesses are loops found over abstract rounds and realised as real games by
:mod:`proofs.split.scenarios`, replayed through the engine as records.

Each obligation lives with its rule family: :mod:`~proofs.split.turns` (a
legal action, the middle card), :mod:`~proofs.split.opening`,
:mod:`~proofs.split.wilds`, :mod:`~proofs.split.conservation`,
:mod:`~proofs.split.endings` (no wild finish, the cooperative game ends),
:mod:`~proofs.split.endless` (the competitive game need not end) and
:mod:`~proofs.split.order` (the wild reversal, two players, who plays after
a reset).

Then the engine is held to the model: :mod:`~proofs.split.links` and
:mod:`~proofs.split.links_opening` (``split.link.*``: each encoding against
the engine function it mirrors, over fixed domains), :mod:`~proofs.split.trace`
(``split.trace.*``: every step of seeded whole games of every configuration)
and :mod:`~proofs.split.hiding` (``split.hidden.*``: noninterference;
``split.reveals.*``: what every observation shows).
:mod:`~proofs.split.coverage` lists the rule-enforcing functions left out.

>>> from cardlaw.proofs.core import check
>>> report = check(next(o for o in OBLIGATIONS if o.id == "split.game.ends.competitive"))
>>> report.status, report.ok, report.witness.replayed, report.mutants[0].status
('refuted', True, True, 'proved')
>>> COOPERATIVE_LONGEST
37
>>> eight = build(SplitRules(cards_dealt=8))
>>> [ob.statement for ob in eight if ob.id == "split.coop.ends"][0][:46]
'Every cooperative game ends, within 42 turns: '
"""

from __future__ import annotations

from typing import Final

from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Obligations
from cardlaw.proofs.kept import invariants_kept
from cardlaw.proofs.refusals import one_checker
from cardlaw.proofs.split import (
    conservation,
    endings,
    endless,
    hiding,
    links,
    links_draw,
    links_opening,
    links_order,
    links_turn,
    opening,
    order,
    trace,
    turns,
    wilds,
)
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.endings import COOPERATIVE_LONGEST, cooperative_turns
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules

__all__ = ["COOPERATIVE_LONGEST", "OBLIGATIONS", "build", "build_config", "cooperative_turns"]


def build(rules: SplitRules = PRINTED_RULES, aids: tuple[int, ...] = AID_CARDS) -> Obligations:
    """Every Split obligation under ``rules`` (the printed rules unless given), in order.

    The ids are the same under every override; the claims, the numbers the
    statements quote and the witnesses' records follow ``rules``.  ``aids``
    are the aids the cooperative game's obligation (``split.coop.ends``) is
    stated with: both unless told.
    """
    real = E.spec_params(rules)  # read now: a changed constant changes what is proven
    legal_action, *turn = turns.obligations(real)
    return (
        legal_action,
        *opening.obligations(real),
        *turn,
        *order.obligations(real),
        *wilds.obligations(real),
        *conservation.obligations(real),
        *endings.obligations(real, aids),
        *endless.obligations(real),
        links.piles_link(rules),
        links_order.turn_order_link(rules),
        links_turn.turn_link(rules),
        links_opening.opening_link(rules),
        links_draw.draw_step_link(rules),
        *trace.obligations(rules),
        one_checker(
            "split.api.one-checker",
            SPLIT,
            SplitConfig(rules=rules),
            ("split.turn.order", "split.turn.play-between", "split.open.put-under"),
            engine=("engine.split.game._phases",),
        ),
        invariants_kept(SPLIT, {"rules": rules}),
        *hiding.obligations(rules),
    )


def build_config(config: SplitConfig) -> Obligations:
    """Every obligation under a whole configuration: its rules, and its aids cooperatively.

    ``split.coop.ends`` is about the cooperative game: under a cooperative
    configuration it is stated with that configuration's usable aids (the
    harder variants lower its bound), otherwise with both.  Every other
    obligation already quantifies over both modes and any aids (a legal
    action, conservation) or names the game it is about (the competitive
    game need not end), so the mode and aids change none of them.

    >>> no_aids = build_config(SplitConfig(mode="cooperative", aids=()))
    >>> [ob.statement for ob in no_aids if ob.id == "split.coop.ends"][0][:46]
    'Every cooperative game ends, within 35 turns: '
    """
    return build(config.rules, config.aids or () if config.cooperative else AID_CARDS)


OBLIGATIONS: Final[Obligations] = build()
"""Every Split obligation, in the order ``cardlaw verify`` runs them."""
