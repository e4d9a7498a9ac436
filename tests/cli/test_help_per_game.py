"""Help that is right for each game: its examples are the game's own, and nothing leaks into it.

Every ``--set`` example in every command's help must be a parameter change
its game accepts (for a command that takes any game, one example per game,
each accepted by the game it names); every ``--action`` example must be an
action of the command's game, legal in the game's example position.  No
help shows reStructuredText (````--set````, ``:func:``) or a placeholder
left unfilled.  ``cardlaw``, ``cardlaw ask`` and ``cardlaw ask GAME`` with
nothing after them are bad usage: one line on stderr naming what is
missing, exit 2.
"""

from __future__ import annotations

import re

import pytest

from cardlaw.engine.registry import GAMES, get_game
from cardlaw.options import game_config
from cardlaw.usage import ACTION_EXAMPLE, SET_EXAMPLE, action_example, plain, set_example
from tests.cli.test_help import PATHS
from tests.games import run_cli

Capsys = pytest.CaptureFixture[str]

SET = re.compile(r"--set NAME=VALUE\s+Change a rule parameter \(repeatable\), e\.g\.\s+(.*?);\s")
ONE_SET = re.compile(r"([A-Z][A-Z_]*=\d+)(?: \(([a-z-]+)\))?")
ACTION = re.compile(r'--action ACTION\s+An action to judge, e\.g\.\s+"([^"]+)"')
MARKUP = re.compile(r"``|`|:[a-z]+:`|\{(set|action)-example\}")


def _help(capsys: Capsys, path: tuple[str, ...]) -> str:
    code, out, err = run_cli(capsys, *path, "--help")
    assert code == 0 and not err, err
    return " ".join(out.split())  # unwrapped: an example may be cut over two lines


def _game(path: tuple[str, ...]) -> str | None:
    return path[1] if len(path) >= 2 and path[0] == "ask" else None


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "cardlaw")
def test_help_has_no_markup_and_its_examples_are_the_games(
    path: tuple[str, ...], capsys: Capsys
) -> None:
    text = _help(capsys, path)
    assert not MARKUP.search(text), MARKUP.search(text)
    game = _game(path)
    for found in SET.finditer(text):
        examples = ONE_SET.findall(found.group(1))
        assert examples, found.group(0)
        named = {name or game for _, name in examples}
        assert named == ({game} if game else set(GAMES)), found.group(0)
        for change, name in examples:
            game_config(name or str(game), None, [], [change])  # the game accepts it
    for found in ACTION.finditer(text):
        assert game is not None
        played = get_game(game)
        state = played.position_from_json(dict(played.position_example))
        assert played.parse_action(found.group(1)) in played.legal_actions(state)


def test_every_game_has_its_own_examples(capsys: Capsys) -> None:
    """Each ``ask GAME legal`` shows the game's own, not another game's (once ``play 7S``)."""
    shown = {}
    for name in GAMES:
        text = _help(capsys, ("ask", name, "legal"))
        action = ACTION.search(text)
        change = SET.search(text)
        assert action is not None and change is not None, text
        assert action.group(1) == action_example(name) and change.group(1) == set_example(name)
        shown[name] = (action.group(1), change.group(1))
    assert len(set(shown.values())) == len(GAMES), shown


def test_the_examples_are_generated_from_the_game() -> None:
    for name in GAMES:
        game = get_game(name)
        change = set_example(name)
        constant = change.split("=")[0]
        config = game_config(name, None, [], [change])[1]
        assert config != game.config() and constant in game.config_to_json(config)["rules"]
        assert game.parse_action(action_example(name))


def test_plain_takes_out_the_markup() -> None:
    assert plain("``--set`` and :func:`x <engine.game>` and :mod:`~spec.forms`") == (
        "--set and x and spec.forms"
    )
    assert plain(SET_EXAMPLE) == SET_EXAMPLE and plain(ACTION_EXAMPLE) == ACTION_EXAMPLE


def test_census_says_nothing_of_workers(capsys: Capsys) -> None:
    text = _help(capsys, ("ask", "divided-ranks", "census"))
    assert "--workers" not in text and "--scheduler" in text
    assert "Replaces --workers" in _help(capsys, ("simulate",))


@pytest.mark.parametrize(
    ("path", "wanted"),
    [
        ((), "cardlaw needs a command: play, replay, export, bench, games, query, "),
        (("ask",), "cardlaw ask needs a game: divide, divided-ranks, split, euchre "),
        (("ask", "divide"), "cardlaw ask divide needs a question: trick, play, token, legal "),
        (("ask", "split"), "cardlaw ask split needs a question: solve, play, legal "),
    ],
)
def test_nothing_to_run_is_one_line(path: tuple[str, ...], wanted: str, capsys: Capsys) -> None:
    code, out, err = run_cli(capsys, *path)
    assert code == 2 and out == ""
    assert err.startswith(f"cardlaw: error: {wanted}") and err.count("\n") == 1, err


@pytest.mark.parametrize("sep", [" ", ","])
def test_the_split_topics_take_cards_the_same_way(sep: str, capsys: Capsys) -> None:
    """A hand is one value (spaces or commas), the piles two numbers, in both questions."""
    hand = sep.join(["45", "12", "99"])
    code, out, err = run_cli(capsys, "ask", "split", "play", "--piles", "30", "60", "--hand", hand)
    assert code == 0 and out.startswith("may play 45, 99*"), err
    hands = ("--hand", "45", "--hand", sep.join(["33", "52"]), "--hand", "48")
    code, out, err = run_cli(
        capsys, "ask", "split", "solve", *hands, "--piles", "20", "80", "--middle", "60",
        "--to-move", "1", "--aids", "none", "--json",
    )  # fmt: skip
    assert code == 0 and '"winnable": true' in out, err
    for split_piles in (("--piles", "30 60"), ("--piles", "30,60")):
        code, _, err = run_cli(capsys, "ask", "split", "play", *split_piles, "--hand", "45")
        assert code == 2 and err.count("\n") == 1, err
