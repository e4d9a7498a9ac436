"""``cardlaw ask euchre ...``: who wins this trick, what does this hand score.

cardlaw ask euchre trick --trump S --leader 3 KS 10D JS JC
cardlaw ask euchre trick --trump H --leader 0 --alone-seat 0 JD AC KS
cardlaw ask euchre score --makers-tricks 5 --alone
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardlaw.answers import euchre as answers
from cardlaw.ask.trick import cards_argument
from cardlaw.commands.ask import print_answer
from cardlaw.options import JsonFlag, LeaderOption, SetOption, game_config
from spec.euchre.constants import TRICKS_PER_HAND

__all__ = ["app"]

app = typer.Typer(no_args_is_help=True, help="Questions about Euchre.")


@app.command()
def trick(
    cards: Annotated[list[str], cards_argument("KS 10D JS JC")],
    trump: Annotated[str, typer.Option(metavar="SUIT", help="The trump suit: C, D, H or S.")],
    leader: LeaderOption = 0,
    alone_seat: Annotated[
        int | None,
        typer.Option(
            metavar="SEAT",
            help="The seat of a maker who went alone: the partner sits out and the trick has "
            "three cards.",
        ),
    ] = None,
    json_output: JsonFlag = False,
) -> None:
    """Who wins this trick, and why (the bowers explained).

    >>> trick(["KS", "10D", "JS", "JC"], trump="S", leader=3,
    ...       json_output=True)  # doctest: +ELLIPSIS
    {"verdict": "seat 1 wins with J♠", "steps": [...], ...}
    """
    print_answer(answers.trick(cards, trump, leader, alone_seat), json_output)


@app.command()
def score(
    makers_tricks: Annotated[
        int, typer.Option(metavar="N", help=f"Tricks the makers took (0 to {TRICKS_PER_HAND}).")
    ],
    alone: Annotated[bool, typer.Option("--alone", help="The maker went alone.")] = False,
    makers: Annotated[
        int, typer.Option(metavar="TEAM", help="The makers' team: 0 (seats 0, 2) or 1.")
    ] = 0,
    sets: SetOption = None,
    json_output: JsonFlag = False,
) -> None:
    """What a hand scores, and which team scores it (``--set``: under changed points).

    >>> score(makers_tricks=5, alone=True, json_output=True)  # doctest: +ELLIPSIS
    {"verdict": "team 0 (seats 0 and 2) scores 4 points", ...}
    """
    rules = game_config("euchre", None, [], sets)[1].rules
    print_answer(answers.score(makers_tricks, alone, makers, rules), json_output)
