"""Euchre's simulation statistics: dealer and maker advantage, the bids, euchres, game length.

Each finished game is walked again (:mod:`cardlaw.simulation.replay`); every
hand is reduced to its dealer, its bid (who made trump, ordered up or named,
alone or not), whether a defender went alone (variant lone-defender) and
which team scored.  A thrown-in hand has no bid.  Seats 0 and 2 are team 0.
The document states no figures, so there are no claims.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> game = get_game("euchre")
>>> config = game.config()
>>> playout = play_game(game, config, make_bots(game, ["simple"] * 4), seed=1)
>>> one = facts(game, config, playout, ["simple"] * 4)
>>> sorted(one)
['first_dealer', 'hands', 'winner']
>>> sorted(one["hands"][0])
['alone', 'dealer', 'defended', 'maker', 'ordered_up', 'points', 'scorer']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypedDict, cast

from cardlaw.engine.api import AnyGame
from cardlaw.sampling import Playout
from cardlaw.simulation.claims import Facts, Report
from cardlaw.simulation.replay import replay
from cardlaw.simulation.stats import Statistic, distribution, mean_t, wilson
from cardlaw.spec.euchre.actions import Action, NameTrump, OrderUp
from cardlaw.spec.euchre.state import EuchreState

__all__ = ["EuchreFacts", "EuchreHand", "facts", "report"]


class _Bid(TypedDict):
    maker: int
    ordered_up: bool
    alone: bool


class EuchreHand(_Bid):
    """A hand as it was scored: the bid (maker -1 for a hand thrown in), the dealer, the points."""

    dealer: int
    scorer: int
    points: int
    defended: bool


class EuchreFacts(TypedDict):
    """What one game of Euchre contributes (:func:`facts`)."""

    winner: int
    first_dealer: int
    hands: list[EuchreHand]


def facts(
    game: AnyGame, config: object, playout: Playout[EuchreState, Action], bot_names: Sequence[str]
) -> EuchreFacts:
    """What one finished game contributes: the winner and every hand."""
    result = game.result(playout.final)
    assert result is not None
    hands: list[EuchreHand] = []
    bid: _Bid | None = None
    first_dealer = -1
    for before, action, after in replay(game, config, playout.actions):
        if first_dealer < 0 and after.dealer >= 0:
            first_dealer = after.dealer
        if isinstance(action, OrderUp | NameTrump):
            bid = {
                "maker": before.actor,
                "ordered_up": isinstance(action, OrderUp),
                "alone": action.alone,
            }
        if len(after.results) > len(before.results):
            scorer, points = after.results[-1]
            hand: _Bid | None = (
                {"maker": -1, "ordered_up": False, "alone": False} if scorer < 0 else bid
            )
            assert hand is not None
            hands.append(
                {**hand, "dealer": before.dealer, "scorer": scorer, "points": points,
                 "defended": before.defender >= 0}
            )  # fmt: skip
            bid = None
    return {"winner": result.winner, "first_dealer": first_dealer, "hands": hands}


def report(
    all_facts: Sequence[Facts], config: Mapping[str, object], bot_names: Sequence[str]
) -> Report:
    """Dealer and maker advantage, the bids, euchres, hands and throw-ins per game."""
    all_facts = cast("Sequence[EuchreFacts]", all_facts)
    n = len(all_facts)
    hands = [h for f in all_facts for h in f["hands"]]
    played = [h for h in hands if h["scorer"] >= 0]
    made = [h for h in played if h["scorer"] == h["maker"] % 2]
    out = [
        Statistic(
            "team 0 (seats 0 and 2) wins the game",
            wilson(sum(f["winner"] == 0 for f in all_facts), n),
            group="win share by seat",
        ),
        Statistic(
            "team 1 (seats 1 and 3) wins the game",
            wilson(sum(f["winner"] == 1 for f in all_facts), n),
            group="win share by seat",
        ),
        Statistic(
            "the first dealer's team wins the game",
            wilson(sum(f["winner"] == f["first_dealer"] % 2 for f in all_facts), n),
        ),
        Statistic(
            "the dealer's team scores the hand",
            wilson(sum(h["scorer"] == h["dealer"] % 2 for h in played), len(played)),
        ),
        Statistic(
            "the dealer's team makes trump",
            wilson(sum(h["maker"] % 2 == h["dealer"] % 2 for h in played), len(played)),
        ),
        Statistic("the makers score the hand (maker advantage)", wilson(len(made), len(played))),
        Statistic(
            "euchre rate: the defenders score the hand",
            wilson(len(played) - len(made), len(played)),
        ),
    ]
    for ordered, label in ((True, "ordered up"), (False, "named in the second round")):
        these = [h for h in played if h["ordered_up"] == ordered]
        out.append(Statistic(f"trump {label}", wilson(len(these), len(played)), group="bid"))
        out.append(
            Statistic(
                f"the makers score when trump is {label}",
                wilson(sum(h["scorer"] == h["maker"] % 2 for h in these), len(these)),
                group="bid",
            )
        )
    alone = [h for h in played if h["alone"]]
    out += [
        Statistic("the maker goes alone", wilson(len(alone), len(played)), group="alone"),
        Statistic(
            "a lone maker scores",
            wilson(sum(h["scorer"] == h["maker"] % 2 for h in alone), len(alone)),
            group="alone",
        ),
        Statistic(
            "a lone maker takes all five tricks (4 points)",
            wilson(
                sum(h["scorer"] == h["maker"] % 2 and h["points"] >= 4 for h in alone), len(alone)
            ),
            group="alone",
        ),
    ]
    if config.get("lone_defender"):
        defended = [h for h in played if h["defended"]]
        out += [
            Statistic(
                "a defender goes alone (lone-defender)",
                wilson(len(defended), len(played)),
                group="alone",
            ),
            Statistic(
                "a lone defender euchres the makers",
                wilson(sum(h["scorer"] != h["maker"] % 2 for h in defended), len(defended)),
                group="alone",
            ),
        ]
    per_game = [len(f["hands"]) for f in all_facts]
    throw_ins = [sum(h["scorer"] < 0 for h in f["hands"]) for f in all_facts]
    out += [
        Statistic(
            "hands per game",
            mean_t(per_game),
            "mean",
            extra={"distribution": distribution(per_game)},
        ),
        Statistic(
            "throw-ins per game",
            mean_t(throw_ins),
            "mean",
            extra={"distribution": distribution(throw_ins)},
        ),
    ]
    return Report(tuple(out))
