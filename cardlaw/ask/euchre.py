"""``cardlaw ask euchre ...``: who wins this trick, what does this hand score.

cardlaw ask euchre trick --trump S --leader 3 KS 10D JS JC
cardlaw ask euchre trick --trump H --leader 0 --alone-seat 0 JD AC KS
cardlaw ask euchre score --makers-tricks 5 --alone
"""

from __future__ import annotations

from typing import Annotated

import typer

from cardlaw.ask.trick import cards_argument, read_cards, read_trump
from cardlaw.commands.ask import print_explanation
from cardlaw.options import JsonFlag, LeaderOption, SetOption, game_config
from engine.euchre.explain import explain_score, explain_trick
from engine.euchre.game import EUCHRE
from spec.cards import Card, Suit
from spec.errors import MalformedInput
from spec.euchre.constants import EUCHRE_DECK, PARTNER, PLAYERS, TRICKS_PER_HAND

__all__ = ["app"]

app = typer.Typer(no_args_is_help=True, help="Questions about Euchre.")


def _foreign(card: Card) -> str | None:
    if EUCHRE_DECK >> card & 1:
        return None
    return f"{card} is not a Euchre card (the deck runs from 9 to A)"


def _seat(value: int, what: str) -> int:
    if not 0 <= value < PLAYERS:
        raise MalformedInput(f"{what} must be a seat from 0 to {PLAYERS - 1}, not {value}")
    return value


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
    played = read_cards(cards, _foreign)
    suit = read_trump(trump, Suit.parse, "a suit (C, D, H or S)")
    _seat(leader, "--leader")
    out = -1
    if alone_seat is not None:
        out = PARTNER[_seat(alone_seat, "--alone-seat")]
    size = PLAYERS - (out >= 0)
    if len(played) != size:
        who = f"with seat {alone_seat} alone " if out >= 0 else ""
        raise MalformedInput(f"a trick {who}has {size} cards, not {len(played)}")
    if leader == out:
        raise MalformedInput(f"seat {leader} sits out (its partner went alone) and cannot lead")
    answer = explain_trick(tuple(int(c) for c in played), int(suit), leader=leader, out=out)
    print_explanation(answer, EUCHRE, json_output)


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
    if not 0 <= makers_tricks <= rules.tricks:
        raise MalformedInput(f"--makers-tricks must be 0 to {rules.tricks}, not {makers_tricks}")
    if makers not in (0, 1):
        raise MalformedInput(f"--makers must be team 0 or 1, not {makers}")
    answer = explain_score(makers, makers_tricks, alone=alone, rules=rules)
    print_explanation(answer, EUCHRE, json_output)
