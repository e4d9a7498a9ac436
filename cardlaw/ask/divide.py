"""``cardlaw ask divide ...``: who wins this trick, what does it score.

cardlaw ask divide trick --trump 7 --leader 0 KH 7S 2H AH
cardlaw ask divide token --stacks 3,3,0,3 --bonus 5 AH
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardlaw.answers import divide as answers
from cardlaw.ask.trick import cards_argument
from cardlaw.commands.ask import print_answer
from cardlaw.options import JsonFlag, LeaderOption, SetOption, game_config

__all__ = ["app"]

app = typer.Typer(no_args_is_help=True, help="Questions about Divide.")


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
    print_answer(answers.trick(cards, trump, leader, players), json_output)


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
    rules = game_config("divide", None, [], sets)[1].rules
    print_answer(answers.token(card, stacks, bonus, rules), json_output)
