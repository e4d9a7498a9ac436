"""Divide's trace links: every step of seeded whole games held to the encodings.

For each configuration (:data:`CONFIGURATIONS`: 4 and 5 players, and the
variant trump-rank-own-suit) ``cardlaw verify`` plays :data:`GAMES` seeded
whole games through the Game API and turns each step into cases of the
encodings' tables (:mod:`proofs.divide.trace_tables`):

* chance: the first dealer is any seat, each with the same chance; the
  deal gives every seat its cards, leaves the rest undealt, resets the
  tokens and gives the first turn to the dealer's left; the reveal turns up
  one of the offerings, each with the same chance, whose rank is trump, and
  the first player leads;
* every turn: the seat to act is the one the rules name (clockwise from the
  first player in the Great Divide, from the leader in a trick);
* every choice of the Great Divide: the legal actions the Game API lists
  are every choice of the right number of cards from the cards the rules
  name (the hand, less the offering and the secured cards, or the offer
  being resolved), and when the last choice is made the round hands are
  the encoding's ``exchange_hands``;
* every card played: the legal plays the Game API lists are the encoding's
  ``legal_plays``;
* every trick: its winner (who leads next, or takes the last trick's
  token), the token taken and by whom, the stacks and supply after, the
  tricks and rounds played, the dealer after and whether the game is over
  are the encodings' (``trick_winner``, ``take_token``, ``after_trick``);
* every round: each seat's points are the encoding's ``round_points`` of
  the round's trick winners and winning suits;
* every step: the game is over exactly when the encoding's ``game_over``
  says so, and at the end the winners are its ``tiebreak_winners`` and what
  decided the game its ``tiebreak_step``.

Each case carries the game and step it was met at, so a disagreement comes
with the record of that game up to that step, which ``cardlaw replay``
replays.

>>> from cardlaw.proofs.core import check
>>> report = check(trace_link("4p", games=1))
>>> report.status, report.cases > 500, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from cardlaw.proofs.core import Mutant, Obligation
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.trace_cases import Rows
from cardlaw.proofs.divide.trace_tables import play, tables
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.trace import Trace
from cardlaw.spec.divide.actions import Action
from cardlaw.spec.divide.config import DivideConfig, TrumpSuitRule
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules
from cardlaw.spec.divide.state import DivideState

__all__ = ["CONFIGURATIONS", "GAMES", "obligations", "trace_link"]

GAMES: Final = 2
"""Seeded whole games (four rounds each) per configuration."""

CONFIGURATIONS: Final[Mapping[str, tuple[int, TrumpSuitRule | None]]] = {
    "4p": (4, None),
    "5p": (5, None),
    "own-suit": (4, "own"),
}
"""The configurations traced, by name: players, and the reading of a Trump Rank card's suit
(``None``: the configuration's own, printed unless ``build_config`` says otherwise)."""

SEED: Final = 20261205


def trace_link(
    name: str,
    rules: DivideRules = PRINTED_RULES,
    trump_suit: TrumpSuitRule = "printed",
    games: int = GAMES,
) -> Obligation:
    """``divide.trace.<name>``: seeded whole games of configuration ``name`` held to the encodings.

    ``trump_suit`` is the configuration's flag (``build_config``); the
    configuration ``own-suit`` is always about the variant.
    """
    players, fixed = CONFIGURATIONS[name]
    variant = fixed or trump_suit
    config = DivideConfig(players=players, rules=rules, trump_suit=variant)
    traced: list[tuple[list[Trace[DivideState, Action]], Rows]] = []

    def build(p: Params) -> list[Table]:
        if not traced:
            traced.append(play(config, games=games, seed=SEED))
        return tables(*traced[0], p)

    where = "" if variant == "printed" else " under trump-rank-own-suit"
    return link(
        f"divide.trace.{name}",
        f"In {games} seeded whole games of {players} players{where}, at every step the engine "
        "does what the encodings say: the chance outcomes and what they deal and reveal, whose "
        "turn it is, the legal choices of the Great Divide and the round hands it forms, the "
        "legal plays, each trick's winner, token, stacks and supply, each round's points, the "
        "rotation of the deal, the end of the game after its rounds, and its winners.",
        (
            "divide.setup.first-dealer",
            "divide.round.phases",
            "divide.round.first-player",
            "divide.round.dealer-rotation",
            "divide.deal.nine",
            "divide.deal.undealt",
            "divide.setup.tokens",
            "divide.cleanup.reset",
            "divide.ruling.secret-turns",
            "divide.setup.seating",
            "divide.divide.offering",
            "divide.divide.secure",
            "divide.divide.offers",
            "divide.divide.choose",
            "divide.divide.independent",
            "divide.ruling.offer-order",
            "divide.divide.final-hand",
            "divide.trump.reveal",
            "divide.ruling.offering-draw",
            "divide.trump.rank",
            "divide.trick.first-lead",
            "divide.trick.lead-restriction",
            "divide.trick.follow-suit",
            "divide.trick.void",
            "divide.trick.clockwise",
            "divide.trick.winner-trump",
            "divide.trick.winner-led-suit",
            "divide.trick.winner-leads",
            "divide.trick.count",
            "divide.score.winning-suit",
            "divide.score.suit-token",
            "divide.score.bonus-token",
            "divide.score.round",
            "divide.cleanup.record",
            "divide.end.four-rounds",
            "divide.end.highest-total",
            "divide.tiebreak.bonus",
            "divide.tiebreak.eighth-trick",
        ),
        build,
        E.spec_params(players, variant, rules),
        Mutant(
            f"divide.mutant.trace.{name}.returns-lost",
            "the encoding's rejected cards are not added back to the offerer's hand",
            {"returned_cards_join_hand": False},
        ),
        Mutant(
            f"divide.mutant.trace.{name}.one-more-round",
            "the encoding's game lasts one round more",
            {"rounds": rules.rounds + 1},
        ),
        engine=(
            "engine.divide.deal.first_dealer_outcomes",
            "engine.divide.deal.apply_shuffle",
            "engine.divide.deal.reveal_outcomes",
            "engine.divide.deal.apply_reveal",
            "engine.divide.exchange._next_actor",
            "engine.divide.exchange.legal_offers",
            "engine.divide.exchange.apply_offer",
            "engine.divide.exchange.legal_secures",
            "engine.divide.exchange.apply_secure",
            "engine.divide.exchange.legal_splits",
            "engine.divide.exchange.apply_split",
            "engine.divide.exchange.offer_being_resolved",
            "engine.divide.exchange.legal_keeps",
            "engine.divide.exchange.apply_keep",
            "engine.divide.tricks.legal_plays",
            "engine.divide.tricks.trick_winner",
            "engine.divide.scoring.take_token",
            "engine.divide.play.apply_play",
            "engine.divide.scoring.decide_winner",
            "engine.divide.game._phases",
        ),
        method="trace",
        variant="" if variant == "printed" else "trump-rank-own-suit",
    )


def obligations(
    rules: DivideRules = PRINTED_RULES, trump_suit: TrumpSuitRule = "printed"
) -> tuple[Obligation, ...]:
    """One trace link per configuration the rules can deal for."""
    out = []
    for name, (players, _) in CONFIGURATIONS.items():
        try:
            DivideConfig(players=players, rules=rules)
        except ValueError:
            continue
        out.append(trace_link(name, rules, trump_suit))
    return tuple(out)
