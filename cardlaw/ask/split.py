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

``solve --deals N --players P [--seed S] [--aids AIDS]`` solves N random
cooperative deals instead (with both aids unless ``--aids`` says otherwise:
``--aids none`` for the variant without them) and counts those the table can
win, with a 95% interval
(:mod:`cardlaw.ask.split_deals`); ``--workers`` or ``--scheduler`` share the
deals out, with the same answer.

Exit codes: 0 when the question is decided (either way), 1 when the search
stopped at ``--max-states`` undecided, 2 for a malformed position.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Final, cast

import click
from rich.console import Console

from cardlaw.answers import split as answers
from cardlaw.answers.split import numbers, read_spot
from cardlaw.ask import print_answer
from cardlaw.cluster import scheduler_option
from cardlaw.engine.documents import load_document
from cardlaw.engine.jsonio import JSON
from cardlaw.engine.record import read_record, replay_record
from cardlaw.engine.split.position import position_from_json
from cardlaw.engine.split.solver import DEFAULT_MAX_STATES, Solution, solve
from cardlaw.options import game_config, json_flag, rule_changes, set_option
from cardlaw.progress import progress, quiet_flag
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.cards import NumberSet
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.state import SplitState, Stage
from cardlaw.usage import argument, make_command
from cardlaw.values import INT

__all__ = ["COMMANDS", "read_position", "read_spot", "record_deal"]

Piles = tuple[str, str] | None
"""``--piles``: the two piles' cards, if given."""

out = Console(highlight=False, soft_wrap=True)


def read_position(path: Path) -> dict[str, JSON]:
    """A position from a JSON or TOML file; anything unreadable is malformed input.

    >>> read_position(Path("/no/such/deal.toml"))
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: no such file: /no/such/deal.toml
    """
    data = load_document(path, str(path))
    if not isinstance(data, dict):
        raise MalformedInput(f"{path} must hold an object with at least 'hands'")
    return cast("dict[str, JSON]", data)  # as JSON and TOML give it


def record_deal(path: Path) -> SplitState:
    """The first position of a recorded cooperative Split game where a player acts.

    >>> record_deal(Path("/no/such/game.json"))
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: no such file: /no/such/game.json
    """
    replay = replay_record(read_record(path))
    config = replay.config
    if not isinstance(config, SplitConfig) or not config.cooperative:
        raise MalformedInput(f"{path} is not a record of cooperative Split")
    for state in replay.states:
        if isinstance(state, SplitState) and isinstance(replay.game.to_move(state), int):
            return state
    raise MalformedInput(f"{path} ends before the first player acts")


def _options_position(
    hands: list[str],
    dealer: int | None,
    aids: str | None,
    draw: str | None,
    piles: tuple[str, str] | None,
    middle: int | None,
    to_move: int | None,
    direction: str | None,
) -> dict[str, JSON]:
    data: dict[str, JSON] = {"hands": [_listed(numbers(h, "hand")) for h in hands]}
    if aids is not None:
        given = [] if aids.strip().lower() in ("none", "-", "") else numbers(aids, "aids")
        data["aids"] = _listed(int(a) if isinstance(a, str) and a.isdigit() else a for a in given)
    if draw is not None:
        data["draw"] = _listed(numbers(draw, "draw"))
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


def _listed(values: Iterable[int | str]) -> list[JSON]:
    """``values`` as a JSON list."""
    out: list[JSON] = []
    out.extend(values)
    return out


def _with_changes(data: dict[str, JSON], changes: dict[str, int]) -> dict[str, JSON]:
    """``data`` with the ``--set`` changes added to its own ``rules`` (they win)."""
    if not changes:
        return data
    given = data.get("rules", {})
    rules: dict[str, JSON] = {**given, **changes} if isinstance(given, dict) else {**changes}
    return {**data, "rules": rules}


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


@argument(
    "position",
    type=click.Path(path_type=Path),
    required=False,
    metavar="FILE",
    help="A position file: JSON, or TOML if it ends in .toml.",
)
@click.option(
    "--hand",
    multiple=True,
    metavar="CARDS",
    help="One seat's hand, like '5 17 33' or 5,17,33; repeat in seat order.",
)
@click.option("--dealer", type=INT, metavar="SEAT", help="The dealer (a deal).")
@click.option(
    "--aids",
    metavar="AIDS",
    help="Aids still usable: '0,100' (default), '100' or 'none'; with --deals, the batch's aids.",
)
@click.option("--draw", metavar="CARDS", help="The draw pile, top card first.")
@click.option("--piles", nargs=2, metavar="LEFT RIGHT", help="An open table's two piles: 20 80.")
@click.option("--middle", type=INT, metavar="CARD", help="The card in the middle.")
@click.option("--to-move", type=INT, metavar="SEAT", help="The seat to play (open table).")
@click.option(
    "--direction", metavar="DIRECTION", help="'clockwise' (default) or 'counterclockwise'."
)
@click.option(
    "--record",
    type=click.Path(path_type=Path),
    metavar="FILE",
    help="Solve the deal of a cooperative game record.",
)
@click.option(
    "--max-states",
    type=INT,
    default=DEFAULT_MAX_STATES,
    metavar="N",
    help="Stop undecided after N positions (then exit 1); every 5-player deal tried "
    "so far needed fewer than the default.",
)
@set_option
@click.option(
    "--deals", type=INT, metavar="N", help="Instead: solve N random cooperative deals (a batch)."
)
@click.option("--players", type=INT, metavar="P", help="The batch's players (3 to 5).")
@click.option("--seed", type=INT, metavar="S", help="The batch's seed.")
@click.option(
    "--workers", type=INT, metavar="N", help="The batch's processes (default: one per CPU)."
)
@scheduler_option
@json_flag
@quiet_flag
def solve_command(
    position: Path | None,
    hand: tuple[str, ...],
    dealer: int | None,
    aids: str | None,
    draw: str | None,
    piles: tuple[str, str] | None,
    middle: int | None,
    to_move: int | None,
    direction: str | None,
    record: Path | None,
    max_states: int,
    sets: tuple[str, ...],
    deals: int | None,
    players: int | None,
    seed: int | None,
    workers: int | None,
    scheduler: str | None,
    json_output: bool,
    quiet: bool,
) -> None:
    """Can the table win this cooperative position? Prints a winning line or proves none exists.

    With --deals N, solve N random deals instead and count those the table can win.
    """
    table = (dealer, draw, piles, middle, to_move, direction)
    _check_given(position, hand, record, deals, aids, (players, seed, workers), table)
    if deals is not None:
        from cardlaw.ask.split_deals import batch_aids  # noqa: PLC0415

        chosen = None if aids is None else batch_aids(aids)
        _batch(
            deals, players, seed, workers, scheduler, max_states, sets, chosen, json_output, quiet
        )
        return
    options = (dealer, aids, draw, piles, middle, to_move, direction)
    state = _state(position, list(hand), record, sets, options)
    solution = solve(state, max_states=max_states)
    _print_solution(state, solution, json_output)
    if solution.winnable is None:
        raise click.exceptions.Exit(1)


def _check_given(
    position: Path | None,
    hand: Sequence[str],
    record: Path | None,
    deals: int | None,
    aids: str | None,
    batch: tuple[int | None, ...],
    table: tuple[object, ...],
) -> None:
    """Malformed input unless the options of ``solve`` name one thing to solve, and fit it."""
    given = (position is not None) + bool(hand) + (record is not None) + (deals is not None)
    if given != 1:
        raise MalformedInput(
            "give one of: a position file, --record, one --hand per seat, or --deals"
        )
    if not hand and any(value is not None for value in table):
        raise MalformedInput(
            "--dealer, --draw, --piles, --middle, --to-move and --direction describe a "
            "position given by --hand"
        )
    if aids is not None and not hand and deals is None:
        raise MalformedInput("--aids goes with --hand or --deals (a file or record names its own)")
    if deals is None and batch != (None, None, None):
        raise MalformedInput("--players, --seed and --workers belong to a batch (--deals)")


def _state(
    position: Path | None,
    hand: list[str],
    record: Path | None,
    sets: Sequence[str],
    options: tuple[
        int | None,
        str | None,
        str | None,
        tuple[str, str] | None,
        int | None,
        int | None,
        str | None,
    ],
) -> SplitState:
    """The position ``solve`` is asked about: from a file, a record's deal, or the options."""
    changes = rule_changes(sets)
    if record is not None:
        if changes:
            raise MalformedInput("--record takes no --set: a record carries its own rules")
        return record_deal(record)
    data = read_position(position) if position is not None else _options_position(hand, *options)
    return position_from_json(_with_changes(data, changes))


def _print_solution(state: SplitState, solution: Solution, json_output: bool) -> None:
    if json_output:
        line = [{"seat": seat, "action": action.text} for seat, action in solution.line]
        data = {"winnable": solution.winnable, "explored": solution.explored, "line": line}
        out.print_json(json.dumps(data))
        return
    for text in _report(state, solution):
        out.print(text, markup=False)


def _batch(
    deals: int,
    players: int | None,
    seed: int | None,
    workers: int | None,
    scheduler: str | None,
    max_states: int,
    sets: Sequence[str],
    aids: tuple[int, ...] | None,
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
    if aids is not None:
        config = replace(config, aids=aids)
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
            json.dumps(
                {
                    "players": config.players,
                    "aids": list(config.aids),
                    **data,
                    "seconds": round(seconds, 3),
                }
            )
        )
    else:
        rate = data["win_rate"]
        shown = (
            f"{100 * rate['value']:.1f}% (95% interval {100 * rate['low']:.1f}% – "
            f"{100 * rate['high']:.1f}%)"
            if rate
            else "—"
        )
        shown_aids = NumberSet(config.aid_mask).pretty if config.aids else "no aids"
        out.print(
            f"{deals:,} random {config.players}-player deals ({shown_aids}, seed {seed}): "
            f"the table can win {data['winnable']:,}, cannot win {data['lost']:,}, "
            f"undecided {data['undecided']:,} "
            f"(after {max_states:,} positions); win rate {shown}. {seconds:.1f} s.",
            markup=False,
        )
    if data["undecided"]:
        raise click.exceptions.Exit(1)


@click.option("--piles", nargs=2, metavar="LEFT RIGHT", help="The numbers on the two piles: 30 60.")
@click.option(
    "--hand", multiple=True, metavar="CARDS", help="The hand, like '45 12 99' or 45,12,99."
)
@click.option("--middle", metavar="CARD", help="A card in the middle, moved onto a pile first.")
@click.option("--cooperative", is_flag=True, help="The cooperative game.")
@click.option(
    "--aids",
    metavar="AIDS",
    help="Cooperative: the aids still usable, '0,100' (default), '100' or 'none'.",
)
@set_option
@json_flag
def play_command(
    piles: tuple[str, str] | None,
    hand: tuple[str, ...],
    middle: str | None,
    cooperative: bool,
    aids: str | None,
    sets: tuple[str, ...],
    json_output: bool,
) -> None:
    """Which cards of a hand may be played on two piles, and why; or that the player must reset."""
    game_config("split", None, ["cooperative"] if cooperative else [], sets)  # --set is checked
    if len(hand) > 1:
        raise MalformedInput("play judges one hand: give --hand once, its cards in one value")
    answer = answers.play(piles, hand[0] if hand else "", middle, cooperative, aids)
    print_answer(answer, json_output)


COMMANDS: Final = (
    make_command("solve")(solve_command),
    make_command("play")(play_command),
)
"""The questions of ``cardlaw ask split``, in the order its ``--help`` lists them."""
