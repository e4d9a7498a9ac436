"""Divided Ranks' simulation statistics: the figures of the document's prototype notes.

Each finished game is reduced to a few facts (:func:`facts`); :func:`report`
turns the facts of many games into statistics with 95% intervals and the
document's claims, each with a verdict (:mod:`cardlaw.simulation.claims`) for
the bots that played.

The document's figures come from "a few hundred Expert-versus-Expert games"
of its own prototype.  Each claim is measured under the conditions it is about
(:data:`CONDITIONS`): the reserve order by a coin flip for the claims about who
goes first at the reserve (the document's own device "so the two could be told
apart"), with the face-up swap as well for the face-up claims, and the printed
rules for the rest.  A run under other conditions does not measure the claim
and leaves it out.

>>> from cardlaw.engine.registry import get_game
>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> game = get_game("divided-ranks")
>>> playout = play_game(game, game.config(), make_bots(game, ["skilled"] * 2), seed=1)
>>> sorted(facts(game, game.config(), playout, ["skilled", "skilled"]))[:3]
['both_weaker_same', 'decided_by', 'first_reserve_score']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, TypedDict, cast

from cardlaw.engine.api import AnyGame
from cardlaw.engine.divided_ranks.arrange import best_value, score
from cardlaw.engine.divided_ranks.evaluate import hand_keys
from cardlaw.engine.divided_ranks.observe import ledger
from cardlaw.sampling import Playout
from cardlaw.simulation.claims import Bound, Claim, Facts, Figure, Report
from cardlaw.simulation.stats import Estimate, Statistic, mean_estimate, wilson
from cardlaw.spec.cards import bits
from cardlaw.spec.divided_ranks.actions import Action
from cardlaw.spec.divided_ranks.constants import Category
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage

__all__ = [
    "CONDITIONS",
    "CONDITION_WORDS",
    "DividedRanksFacts",
    "ReserveTurn",
    "condition",
    "facts",
    "report",
]

ReserveTurn = list[Any]
"""A reserve turn: its position (0 first, 1 second), the bot, whether it exchanged, whether
that improved the weaker hand, the result's change against the same game without it (-1, 0,
1; ``None`` for a keep) and whether some exchange was an upgrade, read by position."""


class DividedRanksFacts(TypedDict):
    """What one game of Divided Ranks contributes (:func:`facts`)."""

    winner: int | None
    decided_by: str
    first_reserve_score: float
    three_split_score: float
    weakest_category: int
    both_weaker_same: bool
    weakest_holder_wins: bool | None
    swaps: list[ReserveTurn]
    second_knows_reserve: bool | None


CONDITIONS: Final = {
    "printed": {"swap": "blind", "reserve_order": "fewer-splits"},
    "coin": {"swap": "blind", "reserve_order": "coin"},
    "face-up": {"swap": "face-up", "reserve_order": "coin"},
}
"""The conditions a claim is measured under, by name: the printed rules; the reserve order
by a coin flip (variant coin-flip-reserve); and that with the face-up swap as well."""

CONDITION_WORDS: Final = {
    "printed": "the printed rules (the blind swap, the reserve order by the split count)",
    "coin": "the blind swap, the reserve order by a coin flip",
    "face-up": "the face-up swap, the reserve order by a coin flip",
}
"""Each of :data:`CONDITIONS` in words."""


def condition(config: Mapping[str, object]) -> str:
    """The name of the conditions of :data:`CONDITIONS` a configuration plays, or ``""``.

    >>> condition({"players": 2, "swap": "face-up", "reserve_order": "coin"})
    'face-up'
    >>> condition({"players": 2, "swap": "face-up", "reserve_order": "fewer-splits"})
    ''
    """
    for name, wanted in CONDITIONS.items():
        if all(config.get(key) == value for key, value in wanted.items()):
            return name
    return ""


def _score(winner: int | None, seat: int) -> float:
    """A seat's score: 1 for a win, ½ for a draw, 0 for a loss."""
    return 0.5 if winner is None else float(winner == seat)


def facts(
    game: AnyGame,
    config: object,
    playout: Playout[DividedRanksState, Action],
    bot_names: Sequence[str],
) -> DividedRanksFacts:
    """What one finished game contributes to the statistics (JSON-able)."""
    final: DividedRanksState = playout.final
    result = game.result(final)
    assert result is not None
    weaker_keys = hand_keys([w.mask for w in result.weaker])
    lowest = 0 if weaker_keys[0] <= weaker_keys[1] else 1
    swaps: list[ReserveTurn] = []
    hands = list(final.hands)  # walked back turn by turn: more reserve turns change them again
    reserve = final.reserve
    for turn in range(len(final.swaps) - 1, -1, -1):
        seat, given, taken = final.swaps[turn]
        position = turn % 2  # the first or the second reserve player
        if given < 0:
            upgrade = _upgrade(hands[seat], reserve)
            swaps.append([position, bot_names[seat], False, None, None, upgrade])
            continue
        after = hands[seat]
        before = hands[seat] = after & ~(1 << taken) | 1 << given
        reserve = taken
        improved = score(best_value(after)).weaker_key > score(best_value(before)).weaker_key
        swaps.append([position, bot_names[seat], True, improved, None, _upgrade(before, taken)])
    swaps.reverse()
    # Each swap against the same game without it (the ruling in docs/simulate.rst):
    actual = _showdown(final.hands)
    for turn, entry in enumerate(swaps):
        if entry[2]:
            seat = final.swaps[turn][0]
            without = _showdown(_reserve_turns(hands, reserve, final.swaps, skip=turn))
            entry[4] = _sign(_score(actual, seat) - _score(without, seat))
    return {
        "winner": result.winner,
        "decided_by": result.decided_by,
        "first_reserve_score": _score(result.winner, final.reserve_first),
        "three_split_score": _score(result.winner, final.first_splitter),
        "weakest_category": int(result.categories[lowest][0]),
        "both_weaker_same": result.categories[0][0] == result.categories[1][0],
        # The Goal against the Scoring [divided-ranks.ruling.goal-and-scoring]:
        "weakest_holder_wins": (
            None
            if result.winner is None or weaker_keys[0] == weaker_keys[1]
            else result.winner == lowest
        ),
        "swaps": swaps,
        "second_knows_reserve": _second_knows_reserve(game, playout),
    }


def _upgrade(holding: int, reserve: int) -> bool:
    """Whether exchanging some card of ``holding`` for ``reserve`` improves its best build.

    The document's own reading of "swapping is right": most holdings have a card doing
    no work, "and almost anything is an upgrade on it".

    >>> from cardlaw.spec.cards import CardSet
    >>> tens = CardSet("10S 10H 10D 10C JS JH JD JC QS QH").mask
    >>> _upgrade(tens, CardSet("AS").mask.bit_length() - 1)
    True
    """
    now = best_value(holding)
    return any(best_value(holding & ~(1 << card) | 1 << reserve) > now for card in bits(holding))


def _second_knows_reserve(
    game: AnyGame, playout: Playout[DividedRanksState, Action]
) -> bool | None:
    """Under the face-up swap, whether the second reserve player knows the reserve card.

    Read from that player's books when its turn comes; ``None`` under the blind swap.
    """
    if playout.final.config.swap != "face-up":
        return None
    state = game.new_game(playout.final.config)
    for action in playout.actions:
        if state.stage == Stage.RESERVE and len(state.swaps) == 1:
            return bool(ledger(state, state.actor).reserve >= 0)
        state = game.apply(state, action)
    return None


def _showdown(hands: Sequence[int]) -> int | None:
    """The winner when both seats build their best (every bot does), ``None`` for a draw."""
    a, b = best_value(hands[0]), best_value(hands[1])
    return None if a == b else 0 if a > b else 1


def _sign(x: float) -> int:
    return (x > 0) - (x < 0)


def _reserve_turns(
    hands: Sequence[int], reserve: int, turns: Sequence[tuple[int, int, int]], skip: int
) -> list[int]:
    """The hands after the reserve turns ``turns`` from ``hands`` and ``reserve``, but ``skip``.

    Turn ``skip`` becomes a keep; every other turn gives the same card and
    takes whatever is then in the reserve (a card no longer held is kept).

    >>> from cardlaw.spec.cards import CardSet
    >>> one, two, r = (CardSet(t).mask for t in ("AS AH", "KS KH", "QS"))
    >>> turns = [(0, 51, 43), (1, 47, 51)]  # AS for QS, then KS for AS
    >>> [str(CardSet(h)) for h in _reserve_turns([one, two], 43, turns, skip=0)]
    ['AS AH', 'QS KH']
    """
    out = list(hands)
    for turn, (seat, given, _) in enumerate(turns):
        if turn == skip or given < 0 or not out[seat] >> given & 1:
            continue
        out[seat] = out[seat] & ~(1 << given) | 1 << reserve
        reserve = given
    return out


def report(
    all_facts: Sequence[Facts], config: Mapping[str, object], bot_names: Sequence[str]
) -> Report:
    """The statistics, and the document's prototype notes this run measures, with verdicts."""
    all_facts = cast("Sequence[DividedRanksFacts]", all_facts)
    n = len(all_facts)
    decided = [f["decided_by"] for f in all_facts]
    weakest = [f["weakest_category"] for f in all_facts]
    statistics = [
        Statistic(
            "first reserve player's score (win 1, draw 1/2)",
            mean_estimate([f["first_reserve_score"] for f in all_facts]),
            "score",
        ),
        Statistic(
            "three-split player's score (win 1, draw 1/2)",
            mean_estimate([f["three_split_score"] for f in all_facts]),
            "score",
        ),
        *(
            Statistic(f"games decided by {how}", wilson(decided.count(how), n))
            for how in dict.fromkeys(sorted(decided))
        ),
        *(
            Statistic(
                f"weakest hand at the table: {cat.label}",
                wilson(weakest.count(cat), n),
                group="weakest hand's category",
            )
            for cat in Category
        ),
        _weakest_holder_wins(all_facts),
        *_swap_statistics(all_facts, bot_names),
        *_knowledge_statistics(all_facts),
    ]
    return Report(tuple(statistics), tuple(_claims(all_facts, bot_names, condition(config))))


def _knowledge_statistics(all_facts: Sequence[DividedRanksFacts]) -> list[Statistic]:
    """Under the face-up swap, how often the second reserve player knows the reserve card."""
    told = [k for f in all_facts if (k := f.get("second_knows_reserve")) is not None]
    if not told:
        return []
    return [Statistic(_KNOWS, wilson(sum(told), len(told)))]


_KNOWS: Final = "the second reserve player knows the reserve card at its turn"


def _weakest_holder_wins(all_facts: Sequence[DividedRanksFacts]) -> Statistic:
    """How often the holder of the single weakest hand wins (the Goal says never; Scoring rules)."""
    told = [w for f in all_facts if (w := f.get("weakest_holder_wins")) is not None]
    return Statistic(
        "decided games won by the holder of the single weakest hand",
        wilson(sum(told), len(told)),
    )


def _swap_statistics(
    all_facts: Sequence[DividedRanksFacts], bot_names: Sequence[str]
) -> list[Statistic]:
    """How often each reserve player, and each bot, swaps, and how often a swap helps."""
    out = []
    for position, label in ((0, "first"), (1, "second")):
        turns = [s for f in all_facts for s in f["swaps"] if s[0] == position]
        swapped = [s for s in turns if s[2]]
        out.append(Statistic(f"{label} reserve player swaps", wilson(len(swapped), len(turns))))
        out.append(
            Statistic(
                f"a swap improves the swapper's weaker hand ({label} reserve player)",
                wilson(sum(bool(s[3]) for s in swapped), len(swapped)),
            )
        )
    for name in dict.fromkeys(bot_names):
        turns = [s for f in all_facts for s in f["swaps"] if s[1] == name]
        out.append(Statistic(f"the {name} bot swaps", wilson(sum(s[2] for s in turns), len(turns))))
    swapped = [s for f in all_facts for s in f["swaps"] if s[2]]
    effects = [s[4] for s in swapped if len(s) > 4 and s[4] is not None]
    for sign, label in ((1, "improved"), (-1, "worsened"), (0, "did not change")):
        out.append(
            Statistic(
                f"a swap {label} the swapper's result (against the same game without it)",
                wilson(effects.count(sign), len(effects)),
                group="swaps against the game without them",
            )
        )
    out.append(_right(all_facts, "swaps that changed the result and improved it"))
    out.append(Statistic(_UPGRADE, _upgrades(all_facts)))
    return out


_UPGRADE: Final = (
    "reserve turns where exchanging some card for the reserve would improve the best build"
)


def _upgrades(all_facts: Sequence[DividedRanksFacts]) -> Estimate:
    """Of every reserve turn, swapped or kept, the share where some exchange was an upgrade."""
    turns = [s[5] for f in all_facts for s in f["swaps"] if len(s) > 5]
    return wilson(sum(turns), len(turns))


def _right(all_facts: Sequence[DividedRanksFacts], name: str) -> Statistic:
    """Of the swaps that changed the result, the share that improved it."""
    effects = [s[4] for f in all_facts for s in f["swaps"] if s[2] and len(s) > 4 and s[4]]
    return Statistic(name, wilson(effects.count(1), len(effects)))


def _improved(all_facts: Sequence[DividedRanksFacts], position: int) -> Estimate:
    swapped = [s for f in all_facts for s in f["swaps"] if s[0] == position and s[2]]
    return wilson(sum(bool(s[3]) for s in swapped), len(swapped))


def _claims(
    all_facts: Sequence[DividedRanksFacts], bot_names: Sequence[str], measured: str
) -> list[Claim]:
    """The prototype notes measured under the conditions ``measured`` (:data:`CONDITIONS`).

    Each note is about one of the conditions; a run under others leaves it out, as it
    leaves out the note about two Skilled bots unless both bots are ``skilled``.
    """
    n = len(all_facts)
    bots = " v ".join(bot_names)
    if measured == "coin":
        return [
            Claim(
                "the first reserve player wins about 59% under the blind swap",
                "about 59% (+9)",
                Figure(0.59),
                mean_estimate([f["first_reserve_score"] for f in all_facts]),
                bots,
            ),
            Claim(
                "three splits are worth the same as three choices, reserve order by coin flip",
                "50.3% over 450 games",
                Figure(0.503, sample=450),
                mean_estimate([f["three_split_score"] for f in all_facts]),
                bots,
            ),
            *(
                [
                    Claim(
                        "between two Skilled bots the reserve order makes no difference",
                        "no measurable difference (50%)",
                        Figure(0.5),
                        mean_estimate([f["first_reserve_score"] for f in all_facts]),
                        bots,
                    )
                ]
                if set(bot_names) == {"skilled"}
                else []
            ),
        ]
    if measured == "face-up":
        told = [f.get("second_knows_reserve") for f in all_facts]
        knows = [k for k in told if k is not None]
        return [
            Claim(
                "under the face-up swap the first reserve turn is worth +5",
                "+5 (55%)",
                Figure(0.55),
                mean_estimate([f["first_reserve_score"] for f in all_facts]),
                bots,
            ),
            Claim(
                "face-up swap: the second reserve player improves the weakest hand when swapping",
                "87%",
                Figure(0.87),
                _improved(all_facts, 1),
                bots,
            ),
            Claim(
                "face-up swap: the first reserve player improves the weakest hand when swapping",
                "67%",
                Figure(0.67),
                _improved(all_facts, 0),
                bots,
            ),
            Claim(
                "face-up swap: the reserve stops being a gamble for the second player, who knows "
                "the reserve card at its turn",
                "not a gamble at all (100%)",
                Figure(1.0),
                wilson(sum(knows), len(knows)),
                bots,
            ),
        ]
    if measured != "printed":
        return []
    decided = [f["decided_by"] for f in all_facts]
    on_shape = sum(d in ("weaker-category", "stronger-category") for d in decided)
    by_card = sum(d in ("weaker-hand", "stronger-hand") for d in decided)
    weakest = [f["weakest_category"] for f in all_facts]
    straight_or_house = sum(c in (Category.STRAIGHT, Category.FULL_HOUSE) for c in weakest)
    same = wilson(sum(f["both_weaker_same"] for f in all_facts), n)
    swapped = [s for f in all_facts for s in f["swaps"] if s[2]]
    return [
        Claim("games settled on category alone", "83%", Figure(0.83), wilson(on_shape, n), bots),
        Claim("games settled card for card", "15%", Figure(0.15), wilson(by_card, n), bots),
        Claim(
            "the weakest hand at the table is a straight or a full house",
            "three times in four",
            Figure(0.75),
            wilson(straight_or_house, n),
            bots,
        ),
        Claim(
            "both weaker hands share a category",
            "more than a third of the time",
            Bound(1 / 3, above=True),
            same,
            bots,
        ),
        Claim(
            "both weakest hands share a category (under an older scoring rule)",
            "32%",
            Figure(0.32),
            same,
            bots,
        ),
        Claim(
            "swapping is right, at the document's own reading: at a reserve turn, exchanging "
            "some card for the reserve card would improve the holding's best build",
            "about three times in four",
            Figure(0.75),
            _upgrades(all_facts),
            bots,
        ),
        Claim(
            "swapping is right: of the swaps that changed the result (against the same game "
            "without the swap), the share that improved it",
            "about three times in four",
            Figure(0.75),
            _right(all_facts, "").estimate,
            bots,
        ),
        Claim(
            "swapping is right, read as: a swap improves the swapper's weaker hand",
            "about three times in four",
            Figure(0.75),
            wilson(sum(bool(s[3]) for s in swapped), len(swapped)),
            bots,
        ),
    ]
