"""Divided Ranks' simulation statistics: the figures of the document's prototype notes.

Each finished game is reduced to a few facts (:func:`facts`); :func:`rows`
turns the facts of many games into the table ``cardlaw simulate`` prints,
every statistic with a 95% interval and the document's figure beside it.

The document's figures come from "a few hundred Expert-versus-Expert games"
of its own prototype, with the reserve order decided by a coin flip; use
``--variant coin-flip-reserve`` to measure the three-splits-against-two row
the same way (under the literal rules the three-split player always goes
second at the reserve, so that row mixes the two effects).

>>> from engine.registry import get_game
>>> from cardlaw.bots import make_bots
>>> from cardlaw.sampling import play_game
>>> game = get_game("divided-ranks")
>>> end = play_game(game, game.config(), make_bots(game, ["skilled"] * 2), seed=1).final
>>> sorted(facts(game, end, ["skilled", "skilled"]))[:3]
['both_weaker_same', 'decided_by', 'first_reserve_score']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlaw.simulation.stats import Row, mean_estimate, wilson
from engine.api import AnyGame
from engine.divided_ranks.arrange import best_value, score
from engine.divided_ranks.evaluate import hand_keys
from spec.divided_ranks.constants import Category
from spec.divided_ranks.state import DividedRanksState

__all__ = ["facts", "rows"]


def _score(winner: int | None, seat: int) -> float:
    return 0.5 if winner is None else float(winner == seat)


def facts(game: AnyGame, final: DividedRanksState, bot_names: Sequence[str]) -> dict[str, Any]:
    """What one finished game contributes to the statistics (JSON-able)."""
    result = game.result(final)
    assert result is not None
    weaker_keys = hand_keys([w.mask for w in result.weaker])
    lowest = 0 if weaker_keys[0] <= weaker_keys[1] else 1
    swaps = []
    hands = list(final.hands)  # walked back turn by turn: more reserve turns change them again
    for turn in range(len(final.swaps) - 1, -1, -1):
        seat, given, taken = final.swaps[turn]
        position = turn % 2  # the first or the second reserve player
        if given < 0:
            swaps.append([position, bot_names[seat], False, None])
            continue
        after = hands[seat]
        before = hands[seat] = after & ~(1 << taken) | 1 << given
        improved = score(best_value(after)).weaker_key > score(best_value(before)).weaker_key
        swaps.append([position, bot_names[seat], True, improved])
    swaps.reverse()
    return {
        "winner": result.winner,
        "decided_by": result.decided_by,
        "first_reserve_score": _score(result.winner, final.reserve_first),
        "three_split_score": _score(result.winner, final.first_splitter),
        "weakest_category": int(result.categories[lowest][0]),
        "both_weaker_same": result.categories[0][0] == result.categories[1][0],
        "swaps": swaps,
    }


def rows(
    all_facts: Sequence[dict[str, Any]], config: dict[str, Any], bot_names: Sequence[str]
) -> list[Row]:
    """The table: each statistic, our estimate, the document's figure."""
    face_up = config.get("swap") == "face-up"
    coin = config.get("reserve_order") == "coin"
    return [
        *_advantage_rows(all_facts, face_up, coin),
        *_category_rows(all_facts),
        *_swap_rows(all_facts, bot_names, face_up),
    ]


def _advantage_rows(all_facts: Sequence[dict[str, Any]], face_up: bool, coin: bool) -> list[Row]:
    """The first reserve player's and the three-split player's scores."""
    return [
        Row(
            "first reserve player's score (win 1, draw ½)",
            mean_estimate([f["first_reserve_score"] for f in all_facts]),
            "≈ 55% (+5, face-up swap)" if face_up else "≈ 59% (+9, blind swap)",
        ),
        Row(
            "three-split player's score (win 1, draw ½)",
            mean_estimate([f["three_split_score"] for f in all_facts]),
            "50.3% (450 games, reserve order by coin flip)",
            "" if coin else "reserve order by split count: the three-split player goes second",
        ),
    ]


def _category_rows(all_facts: Sequence[dict[str, Any]]) -> list[Row]:
    """How games are settled, and the categories of the weaker hands."""
    n = len(all_facts)
    decided = [f["decided_by"] for f in all_facts]
    on_category = sum(d in ("weaker-category", "stronger-category") for d in decided)
    card_for_card = sum(d in ("weaker-hand", "stronger-hand") for d in decided)
    out = [
        Row("games settled on category alone", wilson(on_category, n), "83%"),
        Row("games settled card for card", wilson(card_for_card, n), "15%"),
        Row("games drawn", wilson(decided.count("draw"), n), "≈ 2% (the rest)"),
    ]
    weakest = [f["weakest_category"] for f in all_facts]
    straight_or_house = sum(c in (Category.STRAIGHT, Category.FULL_HOUSE) for c in weakest)
    out.append(
        Row(
            "weakest hand at the table is a straight or full house",
            wilson(straight_or_house, n),
            "≈ 75% (three times in four)",
        )
    )
    for cat in Category:
        document = "never (no bare pair)" if cat == Category.PAIR else "—"
        out.append(
            Row(
                f"  weakest hand at the table: {cat.label}", wilson(weakest.count(cat), n), document
            )
        )
    out.append(
        Row(
            "both weaker hands share a category",
            wilson(sum(f["both_weaker_same"] for f in all_facts), n),
            '32% ("more than a third")',
        )
    )
    return out


def _swap_rows(
    all_facts: Sequence[dict[str, Any]], bot_names: Sequence[str], face_up: bool
) -> list[Row]:
    """How often each reserve player, and each bot, swaps, and how often a swap helps."""
    out = []
    for position, label, figure in ((0, "first", "67%"), (1, "second", "87%")):
        turns = [s for f in all_facts for s in f["swaps"] if s[0] == position]
        swapped = [s for s in turns if s[2]]
        out.append(
            Row(
                f"a swap improves the swapper's weaker hand ({label} reserve player)",
                wilson(sum(bool(s[3]) for s in swapped), len(swapped)),
                f"{figure} (face-up swap)" if face_up else f"— ({figure} quoted for face-up swap)",
            )
        )
        out.append(Row(f"{label} reserve player swaps", wilson(len(swapped), len(turns)), "—"))
    for name in dict.fromkeys(bot_names):
        turns = [s for f in all_facts for s in f["swaps"] if s[1] == name]
        document = '≈ 75% ("about three times in four")' if name == "expert" else "—"
        out.append(
            Row(f"the {name} bot swaps", wilson(sum(s[2] for s in turns), len(turns)), document)
        )
    return out
