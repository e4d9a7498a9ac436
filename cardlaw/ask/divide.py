"""``cardlaw ask divide ...``: who wins this trick, may this card be played, what does it score.

cardlaw ask divide trick --trump 7 --leader 0 KH 7S 2H AH
cardlaw ask divide play --trump 7 --hand "KH 7S 2D" --trick 2H 7S
cardlaw ask divide token --stacks 3,3,0,3 --bonus 5 AH
"""

from __future__ import annotations

from typing import Final

import click

from cardlaw.answers import divide as answers
from cardlaw.ask import print_answer
from cardlaw.ask.trick import cards_argument, disputed_argument, hand_option, trick_so_far_option
from cardlaw.options import game_config, json_flag, leader_option, set_option, variant_option
from cardlaw.usage import argument, make_command
from cardlaw.values import INT

__all__ = ["COMMANDS"]


@cards_argument("KH 7S 2H AH")
@click.option("--trump", required=True, metavar="RANK", help="The Trump Rank: 2-10, J, Q, K or A.")
@leader_option
@click.option("--players", type=INT, metavar="N", help="Players (default: as many as cards).")
@json_flag
def trick(
    cards: tuple[str, ...], trump: str, leader: int, players: int | None, json_output: bool
) -> None:
    """Who wins this trick, and why."""
    print_answer(answers.trick(list(cards), trump, leader, players), json_output)


@disputed_argument()
@hand_option("KH 7S 2D")
@click.option("--trump", required=True, metavar="RANK", help="The Trump Rank: 2-10, J, Q, K or A.")
@trick_so_far_option("2H")
@click.option("--players", type=INT, metavar="N", help="Players: 4 or 5 (default: either).")
@variant_option
@set_option
@json_flag
def play(
    card: str,
    hand: str,
    trump: str,
    trick: str | None,
    players: int | None,
    variant: tuple[str, ...],
    sets: tuple[str, ...],
    json_output: bool,
) -> None:
    """Is this play legal here: may CARD go from the hand to the trick so far, and why."""
    config = game_config("divide", None, variant, sets)[1]
    own = config.trump_suit == "own"
    print_answer(
        answers.play(hand, card, trump, trick or "", players, own, config.rules), json_output
    )


@argument("card", metavar="CARD", help="The card that won the trick.")
@click.option(
    "--stacks", metavar="C,D,H,S", help="Tokens left: clubs,diamonds,hearts,spades (default: full)."
)
@click.option("--bonus", type=INT, metavar="N", help="Bonus tokens left (default: all).")
@set_option
@json_flag
def token(
    card: str, stacks: str | None, bonus: int | None, sets: tuple[str, ...], json_output: bool
) -> None:
    """What token a trick won with CARD earns."""
    rules = game_config("divide", None, [], sets)[1].rules
    print_answer(answers.token(card, stacks, bonus, rules), json_output)


COMMANDS: Final = (
    make_command("trick")(trick),
    make_command("play")(play),
    make_command("token")(token),
)
"""The questions of ``cardlaw ask divide``, in the order its ``--help`` lists them."""
