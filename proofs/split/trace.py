"""Split's trace links: every step of seeded whole games held to the encodings.

For each configuration (:data:`CONFIGURATIONS`: the competitive game at
every player count, the cooperative game and its harder variants)
``cardlaw verify`` plays seeded games through the Game API
(:func:`proofs.trace.play`) and checks, step by step
(:mod:`proofs.split.trace_steps` turns the steps into cases):

* every decision: the Game API's legal actions (moves, plays, aids, reset;
  the cards an opener may put under) are the encoding's ``legal_turn`` and
  ``buriable``;
* every card played or aid used: the hand after and whether the game is won
  (and by whom), the new direction and who plays next (``card_played``,
  ``reversed_direction``, ``next_seat``); every middle card moved: the piles
  (``place``);
* every chance choice of the dealer: every seat, each as likely (``dealers``);
  every deal: each hand's size and the cards dealt (``dealt``, ``deck``;
  the shuffles and reshuffles are drawn from the engine's chance spaces);
  every opening (after the deal, a reset, a card put under, a reshuffle):
  the piles, who plays next and the direction (``opening_cards``,
  ``after_opening``), or that the opener must put a card under; every card
  put under: the hand after (``put_under``);
* every reset: whether it ends the game (``reset_ends``) and, once its
  draw is done (after the reshuffles chance makes), that the cards drawn
  are a draw the encoding's relation allows, with its piles after
  (``draw_step``, ``supply_draw``);
* after every step that moves cards: every card is in exactly one place
  (the claim of ``split.cards.conservation``);
* every turn counted: the count and the draw at the turn limit
  (``turn_counted``; each competitive configuration also plays one game
  under a turn limit of :data:`LIMITED`); and every cooperative state after
  the opening: the turns played are the ranking's (``turns_played``), the
  bound of ``split.coop.ends``.

The cooperative configurations play games of 3, 4 and 5 players and, for
their usable aids, the longest winning game of :mod:`proofs.split.scenarios`
(random play rarely wins, and turns pass over empty hands only near the end).

>>> from cardlaw.proofs.core import check
>>> report = check(trace_link("competitive-3p", games=2))
>>> report.status, report.cases > 200, report.mutants[0].caught
('proved', True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from dataclasses import replace
from typing import Final

from cardlaw.engine.split.game import SPLIT
from cardlaw.proofs.core import Mutant, Obligation, Obligations
from cardlaw.proofs.link import Table, link
from cardlaw.proofs.reads import Params
from cardlaw.proofs.split import encoding as E
from cardlaw.proofs.split.linking import cached
from cardlaw.proofs.split.scenarios import longest_cooperative
from cardlaw.proofs.split.trace_steps import cases, tables
from cardlaw.proofs.trace import Step, Trace, play
from cardlaw.spec.split.actions import Action
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import COMPETITIVE_PLAYERS, COOPERATIVE_PLAYERS
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules
from cardlaw.spec.split.state import SplitState

__all__ = ["CONFIGURATIONS", "GAMES", "LIMITED", "LONGEST", "obligations", "trace_link", "traces"]

GAMES: Final = 5
"""Seeded whole games per player count of a configuration."""

LIMITED: Final = 40
"""The turn limit of the one game per competitive configuration played under it."""

LONGEST: Final = 400
"""The turn limit of the other traced games: none reaches it under the printed rules (a random
game ends within 200 turns), but under changed rules (a reset drawing more than it lays down)
a game may never end, and this bounds what ``verify --set`` plays."""

SEED: Final = 20261205

CONFIGURATIONS: Final[Mapping[str, Params]] = {
    **{f"competitive-{n}p": {"players": (n,)} for n in COMPETITIVE_PLAYERS},
    "cooperative": {"mode": "cooperative", "aids": (0, 100)},
    "cooperative-no-0": {"mode": "cooperative", "aids": (100,)},
    "cooperative-no-100": {"mode": "cooperative", "aids": (0,)},
    "cooperative-no-aids": {"mode": "cooperative", "aids": ()},
}
"""The configurations traced, by name: each competitive player count, each cooperative variant.
(The variant put-under-wild changes only which cards go under, which ``split.link.opening`` asks
of every deal short of standard cards under both readings: random games rarely reach it.)"""


def _traced(game: Sequence[Action], config: SplitConfig, number: int) -> Trace[SplitState, Action]:
    """A fixed game (a list of actions) as a trace."""
    state = SPLIT.new_game(config)
    steps: list[Step[SplitState, Action]] = []
    for action in game:
        after = SPLIT.apply(state, action)
        steps.append(Step(len(steps), state, action, after))
        state = after
    return Trace(SPLIT, config, number, tuple(steps))


def traces(name: str, rules: SplitRules, games: int = GAMES) -> list[Trace[SplitState, Action]]:
    """The games of the configuration ``name``, each numbered by its place in the list."""
    flags = CONFIGURATIONS[name]
    mode = flags.get("mode", "competitive")
    found: list[Trace[SplitState, Action]] = []
    if mode == "competitive":
        (players,) = flags["players"]
        wild = bool(flags.get("put_under_wild", False))
        config = SplitConfig(players=players, max_turns=LONGEST, rules=rules, put_under_wild=wild)
        found += play(SPLIT, config, games=games, seed=SEED)
        found += play(SPLIT, replace(config, max_turns=LIMITED), games=1, seed=SEED + 1)
    else:
        aids = flags["aids"]
        for players in COOPERATIVE_PLAYERS:
            config = SplitConfig(mode="cooperative", players=players, aids=aids, rules=rules)
            found += play(SPLIT, config, games=max(games // 2, 1), seed=SEED + players)
        longest = max(COOPERATIVE_PLAYERS)
        config = SplitConfig(mode="cooperative", players=longest, aids=aids, rules=rules)
        with suppress(ValueError):  # the rules may leave no such game to deal
            found.append(_traced(longest_cooperative(longest, rules, aids), config, 0))
    return [replace(trace, seed=number) for number, trace in enumerate(found)]


_MUTANTS: Final[Mapping[str, tuple[str, str, Params]]] = {
    "competitive-2p": (
        "two-players-reverse",
        "the encoding reverses the direction with two players too",
        {"two_players_keep": False},
    ),
    "competitive": (
        "reset-keeps-direction",
        "the encoding's play keeps its direction after a reset",
        {"reopen_clockwise": False},
    ),
    "cooperative": (
        "no-reset",
        "the encoding gives a blocked cooperative player no reset (the loss)",
        {"cooperative_blocked_reset": False},
    ),
}
"""Each configuration's mutant (by name, else by mode): what its games must catch."""


def trace_link(name: str, rules: SplitRules = PRINTED_RULES, games: int = GAMES) -> Obligation:
    """``split.trace.<name>``: seeded games of the configuration ``name`` held to the encodings."""
    mode = CONFIGURATIONS[name].get("mode", "competitive")
    traced: list[Trace[SplitState, Action]] = []
    found = cached(lambda: cases(traced))

    def build(p: Params) -> list[Table]:
        if not traced:
            traced.extend(traces(name, rules, games))
        return tables(traced, found(), p)

    mutant, what, changes = _MUTANTS.get(name) or _MUTANTS[mode]
    if mode == "competitive":
        played = f"{games} seeded whole games, and one under a turn limit of {LIMITED},"
    else:
        played = (
            f"{max(games // 2, 1)} seeded whole games at each of 3, 4 and 5 players and the "
            "longest winning game,"
        )
    return link(
        f"split.trace.{name}",
        f"In {played} of {name.replace('-', ' ')}, at every step the Game API's legal actions, "
        "the hand after each card, the winner, the direction and the next player, the piles "
        "after each move, the deal, every opening and card put under, every reset's draw, and "
        "the count of turns (cooperatively: the turns the bound of split.coop.ends leaves) are "
        "the encodings', and every card is in exactly one place.",
        (
            "split.turn.order",
            "split.turn.play-between",
            "split.turn.move-middle",
            "split.wild.reverse",
            "split.wild.two-players",
            "split.end.first-empty",
            "split.open.piles",
            "split.open.first-player",
            "split.open.put-under",
            "split.reset.draw-three",
            "split.ruling.after-reset",
            "split.ruling.empty-draw-pile",
            "split.ruling.turn-limit",
            "split.deal.seven",
            "split.ruling.deal-order",
            "split.components.deck",
            *(
                ()
                if mode == "competitive"
                else (
                    "split.coop.aid-use",
                    "split.coop.win",
                    "split.coop.lose-on-reset",
                    "split.ruling.coop-empty-hand",
                    "split.ruling.coop-harder",
                )
            ),
        ),
        build,
        E.spec_params(rules, put_under_wild=bool(CONFIGURATIONS[name].get("put_under_wild"))),
        Mutant(f"split.mutant.trace.{name}.{mutant}", what, changes),
        engine=(
            "engine.split.game._phases",
            "engine.split.turn.legal_turn_actions",
            "engine.split.turn.apply_play",
            "engine.split.turn.apply_aid",
            "engine.split.turn.apply_move",
            "engine.split.turn.end_turn",
            "engine.split.opening.continue_opening",
            "engine.split.opening.apply_reset",
            "engine.split.opening.legal_buries",
            "engine.split.opening.apply_bury",
            "engine.split.opening.apply_reshuffle",
            "engine.split.deal.apply_shuffle",
            "engine.split.deal.dealer_outcomes",
            "engine.split.deal.shuffle_outcomes",
            "engine.split.deal.reshuffle_outcomes",
        ),
        method="trace",
        variant="" if mode == "competitive" else name,
    )


def obligations(rules: SplitRules = PRINTED_RULES) -> Obligations:
    """One trace link per configuration of :data:`CONFIGURATIONS`."""
    return tuple(trace_link(name, rules) for name in CONFIGURATIONS)
