"""``cardlaw ask divide ...``: who wins this trick, what does it score.

cardlaw ask divide trick --trump 7 --leader 0 KH 7S 2H AH
cardlaw ask divide token --stacks 3,3,0,3 --bonus 5 AH
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardlaw.ask.trick import cards_argument, read_cards, read_trump
from cardlaw.commands.ask import print_explanation
from cardlaw.options import JsonFlag, LeaderOption, SetOption, game_config
from engine.divide.explain import explain_token, explain_trick
from engine.divide.game import DIVIDE
from spec.cards import Card, Rank
from spec.divide.constants import PLAYER_COUNTS
from spec.errors import MalformedInput
from spec.parameters import overrides

__all__ = ["app"]

app = typer.Typer(no_args_is_help=True, help="Questions about Divide.")


def _foreign(card: Card) -> str | None:
    return "Divide has no Joker" if card.is_joker else None


_Players = Annotated[
    int | None, typer.Option(metavar="N", help="Players (default: as many as cards).")
]


@app.command()
def trick(
    cards: Annotated[list[str], cards_argument("KH 7S 2H AH")],
    trump: Annotated[str, typer.Option(metavar="RANK", help="The Trump Rank: 2-10, J, Q, K or A.")],
    leader: LeaderOption = 0,
    players: _Players = None,
    json_output: JsonFlag = False,
) -> None:
    """Who wins this trick, and why."""
    played = read_cards(cards, _foreign)
    n = players if players is not None else len(played)
    if n not in PLAYER_COUNTS:
        raise MalformedInput(f"Divide is for 4 or 5 players, not {n}")
    if len(played) != n:
        raise MalformedInput(f"a trick of {n} players has {n} cards, not {len(played)}")
    if not 0 <= leader < n:
        raise MalformedInput(f"there is no seat {leader}")
    rank = read_trump(trump, Rank.parse, "a rank (2-10, J, Q, K, A)")
    trumps = sum(card.rank == rank for card in played)
    if trumps > 3:
        raise MalformedInput(
            "no trick holds four Trump Rank cards: the offering turned up is one of them "
            "[divide.trump.offerings-aside]"
        )
    answer = explain_trick(tuple(int(c) for c in played), rank.index, leader=leader, players=n)
    print_explanation(answer, DIVIDE, json_output)


@app.command()
def token(
    card: Annotated[str, typer.Argument(metavar="CARD", help="The card that won the trick.")],
    stacks: Annotated[
        str | None,
        typer.Option(
            metavar="C,D,H,S", help="Tokens left: clubs,diamonds,hearts,spades (default: full)."
        ),
    ] = None,
    bonus: Annotated[
        int | None, typer.Option(metavar="N", help="Bonus tokens left (default: all).")
    ] = None,
    sets: SetOption = None,
    json_output: JsonFlag = False,
) -> None:
    """What token a trick won with CARD earns."""
    (won,) = read_cards([card], _foreign)
    _, config = game_config("divide", None, [], sets)
    rules = config.rules
    full, supply = rules.suit_tokens, rules.bonus_tokens
    if stacks is None:
        stacks = ",".join([str(full)] * 4)
    try:
        left = tuple(int(x) for x in stacks.split(","))
    except ValueError:
        raise MalformedInput(
            f"--stacks must be four numbers, like 3,3,0,3, not {stacks!r}"
        ) from None
    if len(left) != 4 or not all(0 <= x <= full for x in left):
        raise MalformedInput(f"--stacks must be four numbers from 0 to {full}")
    bonus = supply if bonus is None else bonus
    if not 0 <= bonus <= supply:
        raise MalformedInput(f"--bonus must be 0 to {supply}")
    if left[won.suit] == 0 and bonus == 0 and not overrides(rules):
        raise MalformedInput(
            "an empty stack with an empty bonus supply cannot happen [divide.ruling.bonus-supply]"
        )
    answer = explain_token(left, bonus, int(won), rules)
    print_explanation(answer, DIVIDE, json_output)
