r"""``cardlaw ask split ...``: questions about Split.

Both questions take cards the same way: ``--piles LEFT RIGHT`` (two
numbers), ``--hand`` one hand as one value, its numbers separated by spaces
or commas (``--hand "45 12 99"``, ``--hand 45,12,99``), ``--middle CARD``,
and ``--aids`` the aids still usable (``0,100``, ``100`` or ``none``).

``play`` says which cards of a hand may be played on two piles, and why, or
that the player must reset::

    cardlaw ask split play --piles 30 60 --hand "45 12 99"
    cardlaw ask split play --piles 33 71 --middle 52 --hand 5,47,66,90 --json
    cardlaw ask split play --cooperative --aids 100 --piles 30 60 --hand "12 88"

(``legal``, for a whole position in a file, comes with every game that has
positions: ``cardlaw ask split legal --position spot.json``.)

``solve`` decides whether the table can win a cooperative position where
every hand and the draw order are known, printing a winning line or proving
that none exists.  The position comes from a file (JSON, or TOML when the
name ends in ``.toml``) or from options; the format is described in
:mod:`engine.split.position`.  For example, ``deal.toml``::

    hands = [[5, 17, 33, 41], [12, 62, 75], [8, 44, 77, 91]]
    dealer = 0
    aids = [0, 100]

or the deal of a recorded cooperative game (``--record game.json``), or, with
options, an open table where seat 1 moves the 60 and plays::

    cardlaw ask split solve --hand 45 --hand "33 52" --hand 48 \\
        --piles 20 80 --middle 60 --to-move 1 --aids none

``--set NAME=VALUE`` reads the position under changed rule parameters
(``cardlaw ask split solve deal.json --set CARDS_DEALT=8``), added to the
position's own ``rules``; a record carries its own rules, so ``--record``
takes no ``--set``.  ``play`` checks ``--set`` too, though which cards may be
played never depends on Split's parameters (the hand size, the dealer's
extra cards, the reset draw).

``solve --deals N --players P [--seed S]`` solves N random cooperative deals
instead and counts those the table can win, with a 95% interval
(:mod:`cardlaw.ask.split_deals`); ``--workers`` or ``--scheduler`` share the
deals out, with the same answer.

Exit codes: 0 when the question is decided (either way), 1 when the search
stopped at ``--max-states`` undecided, 2 for a malformed position.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from cardlaw.cluster import SchedulerOption
from cardlaw.commands.ask import print_explanation
from cardlaw.options import JsonFlag, SetOption, game_config, rule_changes
from cardlaw.progress import QuietFlag, progress
from engine.documents import load_document
from engine.record import read_record, replay_record
from engine.split.explain import explain_play
from engine.split.game import SPLIT
from engine.split.position import position_from_json
from engine.split.solver import DEFAULT_MAX_STATES, Solution, solve
from spec.errors import CardlawError, MalformedInput
from spec.split.cards import NumberSet, mask_of
from spec.split.config import SplitConfig
from spec.split.constants import AID_CARDS
from spec.split.state import SplitState, Stage

__all__ = ["app", "read_position", "read_spot", "record_deal"]

app = typer.Typer(help="Questions about Split.", no_args_is_help=True)
out = Console(highlight=False, soft_wrap=True)


def read_position(path: Path) -> dict[str, Any]:
    """A position from a JSON or TOML file; anything unreadable is malformed input.

    >>> read_position(Path("/no/such/deal.toml"))
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: no such file: /no/such/deal.toml
    """
    data = load_document(path, str(path))
    if not isinstance(data, dict):
        raise MalformedInput(f"{path} must hold an object with at least 'hands'")
    return data


def record_deal(path: Path) -> SplitState:
    """The first position of a recorded cooperative Split game where a player acts.

    >>> record_deal(Path("/no/such/game.json"))
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: no such file: /no/such/game.json
    """
    replay = replay_record(read_record(path))
    config = replay.config
    if not isinstance(config, SplitConfig) or not config.cooperative:
        raise MalformedInput(f"{path} is not a record of cooperative Split")
    for state in replay.states:
        if isinstance(state, SplitState) and isinstance(replay.game.to_move(state), int):
            return state
    raise MalformedInput(f"{path} ends before the first player acts")


def _numbers(text: str, what: str) -> list[int | str]:
    tokens: list[int | str] = list(text.replace(",", " ").split())
    if not tokens and what != "hand":
        raise MalformedInput(f"{what} needs card numbers")
    return tokens


def _options_position(
    hands: list[str],
    dealer: int | None,
    aids: str | None,
    draw: str | None,
    piles: tuple[str, str] | None,
    middle: int | None,
    to_move: int | None,
    direction: str | None,
) -> dict[str, Any]:
    data: dict[str, Any] = {"hands": [_numbers(h, "hand") for h in hands]}
    if aids is not None:
        data["aids"] = [] if aids.strip().lower() in ("none", "-", "") else _numbers(aids, "aids")
        data["aids"] = [int(a) if isinstance(a, str) and a.isdigit() else a for a in data["aids"]]
    if draw is not None:
        data["draw"] = _numbers(draw, "draw")
    if piles is not None:
        data["piles"] = list(piles)
    for key, value in (
        ("dealer", dealer),
        ("middle", middle),
        ("to_move", to_move),
        ("direction", direction),
    ):
        if value is not None:
            data[key] = value
    return data


def _with_changes(data: dict[str, Any], changes: dict[str, int]) -> dict[str, Any]:
    """``data`` with the ``--set`` changes added to its own ``rules`` (they win)."""
    if not changes:
        return data
    given = data.get("rules", {})
    return {**data, "rules": {**given, **changes} if isinstance(given, dict) else changes}


def _describe(state: SplitState) -> list[str]:
    config = state.config
    aids = NumberSet(state.aside & config.aid_mask).pretty if config.aid_mask else "none"
    lines = [f"Cooperative Split · {config.players} players · aids {aids}"]
    for seat, hand in enumerate(state.hands):
        lines.append(f"  seat {seat}: {NumberSet(hand).pretty}")
    if state.stage in (Stage.MOVE, Stage.PLAY):
        where = f"piles {state.left} | {state.right}"
        if state.middle >= 0:
            where += f", {NumberSet(1 << state.middle).pretty} in the middle"
        way = "clockwise" if state.direction > 0 else "counterclockwise"
        lines.append(f"  {where}; seat {state.actor} to play ({way})")
    elif state.stage == Stage.BURY:
        lines.append(f"  seat {state.opener} must put cards under the draw pile to open")
    return lines


def _report(state: SplitState, solution: Solution) -> list[str]:
    lines = _describe(state)
    plural = "" if solution.explored == 1 else "s"
    explored = f"{solution.explored:,} position{plural} explored"
    if solution.winnable is None:
        lines.append(f"Undecided: the search stopped after {explored} (--max-states).")
    elif solution.winnable:
        lines.append(f"The table can win ({explored}). A winning line:")
        for number, (seat, action) in enumerate(solution.line, start=1):
            lines.append(f"  {number:3d}. seat {seat}: {action.text}")
    else:
        lines.append(f"The table cannot win: every line ends in a reset ({explored}).")
    return lines


@app.command("solve")
def solve_command(
    position: Annotated[
        Path | None,
        typer.Argument(metavar="FILE", help="A position file: JSON, or TOML if it ends in .toml."),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option(
            "--hand",
            metavar="CARDS",
            help="One seat's hand, like '5 17 33' or 5,17,33; repeat in seat order.",
        ),
    ] = None,
    dealer: Annotated[int | None, typer.Option(metavar="SEAT", help="The dealer (a deal).")] = None,
    aids: Annotated[
        str | None,
        typer.Option(metavar="AIDS", help="Aids still usable: '0,100' (default), '100' or 'none'."),
    ] = None,
    draw: Annotated[
        str | None, typer.Option(metavar="CARDS", help="The draw pile, top card first.")
    ] = None,
    piles: Annotated[
        tuple[str, str] | None,
        typer.Option(metavar="LEFT RIGHT", help="An open table's two piles: 20 80."),
    ] = None,
    middle: Annotated[
        int | None, typer.Option(metavar="CARD", help="The card in the middle.")
    ] = None,
    to_move: Annotated[
        int | None, typer.Option(metavar="SEAT", help="The seat to play (open table).")
    ] = None,
    direction: Annotated[
        str | None,
        typer.Option(metavar="DIRECTION", help="'clockwise' (default) or 'counterclockwise'."),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Solve the deal of a cooperative game record."),
    ] = None,
    max_states: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="Stop undecided after N positions (then exit 1); every 5-player deal tried "
            "so far needed fewer than the default.",
        ),
    ] = DEFAULT_MAX_STATES,
    sets: SetOption = None,
    deals: Annotated[
        int | None,
        typer.Option(metavar="N", help="Instead: solve N random cooperative deals (a batch)."),
    ] = None,
    players: Annotated[
        int | None, typer.Option(metavar="P", help="The batch's players (3 to 5).")
    ] = None,
    seed: Annotated[int | None, typer.Option(metavar="S", help="The batch's seed.")] = None,
    workers: Annotated[
        int | None, typer.Option(metavar="N", help="The batch's processes (default: one per CPU).")
    ] = None,
    scheduler: SchedulerOption = None,
    json_output: JsonFlag = False,
    quiet: QuietFlag = False,
) -> None:
    """Can the table win this cooperative position? Prints a winning line or proves none exists.

    With --deals N, solve N random deals instead and count those the table can win.
    """
    options = (dealer, aids, draw, piles, middle, to_move, direction)
    given = (position is not None) + bool(hand) + (record is not None) + (deals is not None)
    if given != 1 or (not hand and any(value is not None for value in options)):
        raise MalformedInput(
            "give one of: a position file, --record, one --hand per seat, or --deals"
        )
    if deals is None and (players, seed, workers) != (None, None, None):
        raise MalformedInput("--players, --seed and --workers belong to a batch (--deals)")
    if deals is not None:
        _batch(deals, players, seed, workers, scheduler, max_states, sets, json_output, quiet)
        return
    changes = rule_changes(sets)
    if record is not None:
        if changes:
            raise MalformedInput("--record takes no --set: a record carries its own rules")
        state = record_deal(record)
    else:
        data = (
            read_position(position)
            if position is not None
            else _options_position(hand or [], *options)
        )
        state = position_from_json(_with_changes(data, changes))
    solution = solve(state, max_states=max_states)
    if json_output:
        out.print_json(
            json.dumps(
                {
                    "winnable": solution.winnable,
                    "explored": solution.explored,
                    "line": [
                        {"seat": seat, "action": action.text} for seat, action in solution.line
                    ],
                }
            )
        )
    else:
        for line in _report(state, solution):
            out.print(line, markup=False)
    if solution.winnable is None:
        raise typer.Exit(1)


def _batch(
    deals: int,
    players: int | None,
    seed: int | None,
    workers: int | None,
    scheduler: str | None,
    max_states: int,
    sets: list[str] | None,
    json_output: bool,
    quiet: bool,
) -> None:
    """``solve --deals``: solve a batch of random deals (:mod:`cardlaw.ask.split_deals`)."""
    import os  # noqa: PLC0415
    import random  # noqa: PLC0415
    import time  # noqa: PLC0415

    from cardlaw.ask.split_deals import DealBatch, run_batch  # noqa: PLC0415
    from cardlaw.cluster import backend  # noqa: PLC0415

    if deals < 1:
        raise MalformedInput(f"--deals must be at least 1, not {deals}")
    if workers is not None and workers < 1:
        raise MalformedInput(f"--workers must be at least 1, not {workers}")
    game, config = game_config("split", players, ["cooperative"], sets)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    batch = DealBatch(game.config_to_json(config), seed, max_states)
    start = time.perf_counter()
    with (
        backend(scheduler, workers or os.cpu_count() or 1) as where,
        progress(
            "solving", total=deals, unit="deals", naming=lambda i: f"deal {i + 1:,}", quiet=quiet
        ) as bar,
    ):
        data = run_batch(batch, deals, where, bar.advance)
    seconds = time.perf_counter() - start
    if json_output:
        out.print_json(
            json.dumps({"players": config.players, **data, "seconds": round(seconds, 3)})
        )
    else:
        rate = data["win_rate"]
        shown = (
            f"{100 * rate['value']:.1f}% (95% interval {100 * rate['low']:.1f}% – "
            f"{100 * rate['high']:.1f}%)"
            if rate
            else "—"
        )
        out.print(
            f"{deals:,} random {config.players}-player deals (seed {seed}): the table can win "
            f"{data['winnable']:,}, cannot win {data['lost']:,}, undecided {data['undecided']:,} "
            f"(after {max_states:,} positions); win rate {shown}. {seconds:.1f} s.",
            markup=False,
        )
    if data["undecided"]:
        raise typer.Exit(1)


def read_spot(
    piles: tuple[str, str] | None,
    hand: list[str],
    middle: str | None,
    cooperative: bool,
    aids: str | None,
) -> tuple[int, int, int, int, int]:
    """The short form's situation: (hand mask, left, right, middle or -1, usable aids mask).

    Every card is checked: a number from 0 to 100, given once.

    >>> hand, left, right, middle, aids = read_spot(("30", "60"), ["45 12 99"], None, False, None)
    >>> hand == 1 << 12 | 1 << 45 | 1 << 99, (left, right, middle, aids)
    (True, (30, 60, -1, 0))
    >>> read_spot(("30", "60"), ["45", "30"], None, False, None)
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: bad card '30': given twice (the piles and the hand)
    """
    if piles is None:
        raise MalformedInput("--piles needs the two pile numbers: --piles LEFT RIGHT")
    tokens = [t for chunk in hand for t in chunk.replace(",", " ").split()]
    if not tokens:
        raise MalformedInput("--hand needs the hand's cards: --hand '45 12 99'")
    named: dict[int, str] = {}

    def take(token: str, where: str) -> int:
        try:
            number = mask_of([token]).bit_length() - 1
        except CardlawError as error:
            raise MalformedInput(f"{where}: {error}") from None
        if number in named:
            raise MalformedInput(f"bad card {token!r}: given twice ({named[number]} and {where})")
        named[number] = where
        return number

    left, right = take(piles[0], "the piles"), take(piles[1], "the piles")
    mid = take(middle, "the middle card") if middle is not None else -1
    cards = 0
    for token in tokens:
        cards |= 1 << take(token, "the hand")
    usable = 0
    if aids is not None and not cooperative:
        raise MalformedInput("--aids belongs to the cooperative game (add --cooperative)")
    if cooperative:
        held = cards & sum(1 << a for a in AID_CARDS)
        if held:
            raise MalformedInput(
                f"in cooperative play the {held.bit_length() - 1} is set aside, never in a hand"
            )
        given: list[int | str] = list(AID_CARDS)
        if aids is not None:
            given = [] if aids.strip().lower() in ("none", "-", "") else _numbers(aids, "aids")
        for item in given:
            aid = take(str(item), "the aids")
            if aid not in AID_CARDS:
                raise MalformedInput(f"an aid is the 0 or the 100, not {aid}")
            usable |= 1 << aid
    return cards, left, right, mid, usable


@app.command("play")
def play_command(
    piles: Annotated[
        tuple[str, str] | None,
        typer.Option(metavar="LEFT RIGHT", help="The numbers on the two piles: 30 60."),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option("--hand", metavar="CARDS", help="The hand, like '45 12 99' or 45,12,99."),
    ] = None,
    middle: Annotated[
        str | None,
        typer.Option(metavar="CARD", help="A card in the middle, moved onto a pile first."),
    ] = None,
    cooperative: Annotated[
        bool, typer.Option("--cooperative", help="The cooperative game.")
    ] = False,
    aids: Annotated[
        str | None,
        typer.Option(
            metavar="AIDS",
            help="Cooperative: the aids still usable, '0,100' (default), '100' or 'none'.",
        ),
    ] = None,
    sets: SetOption = None,
    json_output: JsonFlag = False,
) -> None:
    """Which cards of a hand may be played on two piles, and why; or that the player must reset."""
    game_config("split", None, ["cooperative"] if cooperative else [], sets)  # --set is checked
    if hand is not None and len(hand) > 1:
        raise MalformedInput("play judges one hand: give --hand once, its cards in one value")
    cards, left, right, mid, usable = read_spot(piles, hand or [], middle, cooperative, aids)
    answer = explain_play(cards, left, right, middle=mid, cooperative=cooperative, aids=usable)
    print_explanation(answer, SPLIT, json_output)
