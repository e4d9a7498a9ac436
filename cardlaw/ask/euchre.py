"""``cardlaw ask euchre ...``: who wins this trick, may this card be played, what does a hand score.

cardlaw ask euchre trick --trump S --leader 3 KS 10D JS JC
cardlaw ask euchre trick --trump H --leader 0 --alone-seat 0 JD AC KS
cardlaw ask euchre play --trump S --hand "JC 9C KH" --trick AC JC
cardlaw ask euchre score --makers-tricks 5 --alone
"""

from __future__ import annotations

from typing import Final

import click

from cardlaw.answers import euchre as answers
from cardlaw.ask import print_answer
from cardlaw.ask.trick import cards_argument, disputed_argument, hand_option, trick_so_far_option
from cardlaw.options import game_config, json_flag, leader_option, set_option
from cardlaw.spec.euchre.constants import TRICKS_PER_HAND
from cardlaw.usage import make_command
from cardlaw.values import INT

__all__ = ["COMMANDS"]


@cards_argument("KS 10D JS JC")
@click.option("--trump", required=True, metavar="SUIT", help="The trump suit: C, D, H or S.")
@leader_option
@click.option(
    "--alone-seat",
    type=INT,
    metavar="SEAT",
    help="The seat of a maker who went alone: the partner sits out and the trick has three cards.",
)
@json_flag
def trick(
    cards: tuple[str, ...] | list[str],
    trump: str,
    leader: int = 0,
    alone_seat: int | None = None,
    json_output: bool = False,
) -> None:
    """Who wins this trick, and why (the bowers explained).

    >>> trick(["KS", "10D", "JS", "JC"], trump="S", leader=3,
    ...       json_output=True)  # doctest: +ELLIPSIS
    {"verdict": "seat 1 wins with J♠", "steps": [...], ...}
    """
    print_answer(answers.trick(list(cards), trump, leader, alone_seat), json_output)


@disputed_argument()
@hand_option("JC 9C KH")
@click.option("--trump", required=True, metavar="SUIT", help="The trump suit: C, D, H or S.")
@trick_so_far_option("AC")
@click.option("--alone", is_flag=True, help="A maker went alone: a trick has three cards.")
@set_option
@json_flag
def play(
    card: str,
    hand: str,
    trump: str,
    trick: str | None = None,
    alone: bool = False,
    sets: tuple[str, ...] = (),
    json_output: bool = False,
) -> None:
    """Is this play legal here: may CARD go from the hand to the trick so far, and why.

    >>> play("JC", hand="JC 9C KH", trump="S", trick="AC")  # doctest: +ELLIPSIS
    illegal: J♣ does not follow the led A♣ (the left bower is a trump) while the hand holds 9♣
    ...
    """
    rules = game_config("euchre", None, [], sets)[1].rules
    print_answer(answers.play(hand, card, trump, trick or "", alone, rules), json_output)


@click.option(
    "--makers-tricks",
    type=INT,
    required=True,
    metavar="N",
    help=f"Tricks the makers took (0 to {TRICKS_PER_HAND}).",
)
@click.option("--alone", is_flag=True, help="The maker went alone.")
@click.option(
    "--makers", type=INT, default=0, metavar="TEAM", help="The makers' team: 0 (seats 0, 2) or 1."
)
@set_option
@json_flag
def score(
    makers_tricks: int,
    alone: bool = False,
    makers: int = 0,
    sets: tuple[str, ...] = (),
    json_output: bool = False,
) -> None:
    """What a hand scores, and which team scores it (``--set``: under changed points).

    >>> score(makers_tricks=5, alone=True, json_output=True)  # doctest: +ELLIPSIS
    {"verdict": "team 0 (seats 0 and 2) scores 4 points", ...}
    """
    rules = game_config("euchre", None, [], sets)[1].rules
    print_answer(answers.score(makers_tricks, alone, makers, rules), json_output)


COMMANDS: Final = (
    make_command("trick")(trick),
    make_command("play")(play),
    make_command("score")(score),
)
"""The questions of ``cardlaw ask euchre``, in the order its ``--help`` lists them."""
