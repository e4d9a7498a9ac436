"""``cardlaw ask`` and :mod:`cardlaw.answers` give the same answer to the same question.

Each question is asked three ways: on the command line, through its answer
function, and through the page's :func:`cardlaw.answers.page.ask` (what the
rulebook's panel runs in the browser).  The text, the ``--json`` and, for bad
input, the one-line message must be the same; inputs are drawn so that many
are bad (a card twice, a card outside the game, a trick too long).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlaw.answers import Answer, divide, divided_ranks, euchre, split
from cardlaw.answers.legal import legal
from cardlaw.answers.page import ask
from cardlaw.engine.registry import GAMES
from cardlaw.spec.errors import CardlawError
from tests.games import ADAPTERS, run_cli

SETTINGS = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
CARDS = [rank + suit for suit in "CDHS" for rank in RANKS]
EUCHRE_CARDS = [rank + suit for suit in "CDHS" for rank in ["9", "10", "J", "Q", "K", "A"]]
RANKS_PACK = [rank + suit for suit in "CDHS" for rank in ["10", "J", "Q", "K", "A"]] + ["JK"]


def outcome(call: Callable[[], Answer]) -> tuple[int, str, str]:
    """(exit code, text, JSON) as the command line would give them from ``call``'s answer."""
    try:
        answer = call()
    except CardlawError as error:
        return 2, "", f"cardlaw: error: {' '.join(str(error).split())}\n"
    return 0, answer.text() + "\n", json.dumps(answer.to_json(), ensure_ascii=False) + "\n"


def same(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    call: Callable[[], Answer],
    page: dict[str, Any] | None = None,
) -> None:
    """``cardlaw ask *argv`` (text and ``--json``), ``call()`` and the page's ``page`` agree."""
    code, text, data = outcome(call)
    cli_code, cli_out, cli_err = run_cli(capsys, "ask", *argv)
    assert cli_code == code, (argv, cli_err)
    if code:
        assert (cli_out, cli_err) == ("", data)
    else:
        assert (cli_out, cli_err) == (text, "")
        json_code, json_out, _ = run_cli(capsys, "ask", *argv[:2], "--json", *argv[2:])
        assert (json_code, json_out) == (0, data)
    if page is not None:
        reply = json.loads(ask(json.dumps(page)))
        if code:
            assert data == f"cardlaw: error: {reply['error']}\n"
        else:
            assert reply["text"] + "\n" == text


@SETTINGS
@given(
    cards=st.lists(st.sampled_from([*CARDS, "JK", "1X"]), min_size=3, max_size=6),
    trump=st.sampled_from([*RANKS, "Z"]),
    leader=st.integers(0, 5),
)
def test_divide_trick(
    capsys: pytest.CaptureFixture[str], cards: list[str], trump: str, leader: int
) -> None:
    same(
        capsys,
        ["divide", "trick", "--trump", trump, "--leader", str(leader), "--", *cards],
        lambda: divide.trick(cards, trump, leader),
        {
            "game": "divide",
            "question": "trick",
            "args": {"cards": cards, "trump": trump, "leader": leader},
        },
    )


@SETTINGS
@given(
    card=st.sampled_from([*CARDS, "JK"]),
    stacks=st.lists(st.integers(0, 4), min_size=3, max_size=5).map(lambda s: ",".join(map(str, s))),
    bonus=st.integers(0, 6),
)
def test_divide_token(
    capsys: pytest.CaptureFixture[str], card: str, stacks: str, bonus: int
) -> None:
    same(
        capsys,
        ["divide", "token", "--stacks", stacks, "--bonus", str(bonus), card],
        lambda: divide.token(card, stacks, bonus),
        {
            "game": "divide",
            "question": "token",
            "args": {"card": card, "stacks": stacks, "bonus": bonus},
        },
    )


@SETTINGS
@given(
    cards=st.lists(st.sampled_from([*EUCHRE_CARDS, "2H"]), min_size=3, max_size=5),
    trump=st.sampled_from(["C", "D", "H", "S", "X"]),
    leader=st.integers(0, 4),
    alone=st.none() | st.integers(0, 3),
)
def test_euchre_trick(
    capsys: pytest.CaptureFixture[str], cards: list[str], trump: str, leader: int, alone: int | None
) -> None:
    argv = ["euchre", "trick", "--trump", trump, "--leader", str(leader)]
    if alone is not None:
        argv += ["--alone-seat", str(alone)]
    same(
        capsys,
        [*argv, "--", *cards],
        lambda: euchre.trick(cards, trump, leader, alone),
        {
            "game": "euchre",
            "question": "trick",
            "args": {"cards": cards, "trump": trump, "leader": leader, "alone_seat": alone},
        },
    )


def _dispute(draw: st.DrawFn, deck: list[str], most_held: int, most_played: int) -> Any:
    """A hand, a trick so far and a card in dispute: mostly a real situation, now and then not."""
    cards = draw(st.permutations(deck))
    held = draw(st.integers(1, most_held))
    played = draw(st.integers(0, most_played))
    hand, trick = cards[:held], cards[held : held + played]
    if draw(st.integers(0, 9)) == 0:  # a card in the hand and in the trick, or twice
        trick = [*trick, draw(st.sampled_from(hand))]
    card = draw(st.sampled_from(hand) if draw(st.integers(0, 9)) else st.sampled_from(deck))
    return " ".join(hand), " ".join(trick), card


@st.composite
def divide_disputes(draw: st.DrawFn) -> Any:
    """A Divide hand (up to 9 cards), a trick so far (up to 5) and a card in dispute."""
    return _dispute(draw, [*CARDS, "JK"], 9, 5)


@st.composite
def euchre_disputes(draw: st.DrawFn) -> Any:
    """A Euchre hand (up to 6 cards), a trick so far (up to 4) and a card in dispute."""
    return _dispute(draw, [*EUCHRE_CARDS, "2H"], 6, 4)


@SETTINGS
@given(
    dispute=divide_disputes(),
    trump=st.sampled_from([*RANKS, "Z"]),
    players=st.none() | st.integers(3, 6),
    own=st.booleans(),
)
def test_divide_play(
    capsys: pytest.CaptureFixture[str],
    dispute: tuple[str, str, str],
    trump: str,
    players: int | None,
    own: bool,
) -> None:
    hand, trick, card = dispute
    argv = ["divide", "play", "--hand", hand, "--trump", trump, "--trick", trick]
    argv += ["--variant", "trump-rank-own-suit"] * own
    argv += [] if players is None else ["--players", str(players)]
    args = {"hand": hand, "card": card, "trump": trump, "trick": trick, "own_suit": own}
    same(
        capsys,
        [*argv, "--", card],
        lambda: divide.play(hand, card, trump, trick, players, own),
        {"game": "divide", "question": "play", "args": {**args, "players": players}},
    )


@SETTINGS
@given(
    dispute=euchre_disputes(),
    trump=st.sampled_from(["C", "D", "H", "S", "X"]),
    alone=st.booleans(),
)
def test_euchre_play(
    capsys: pytest.CaptureFixture[str], dispute: tuple[str, str, str], trump: str, alone: bool
) -> None:
    hand, trick, card = dispute
    argv = ["euchre", "play", "--hand", hand, "--trump", trump, "--trick", trick]
    same(
        capsys,
        [*argv, *["--alone"] * alone, "--", card],
        lambda: euchre.play(hand, card, trump, trick, alone),
        {
            "game": "euchre",
            "question": "play",
            "args": {"hand": hand, "card": card, "trump": trump, "trick": trick, "alone": alone},
        },
    )


@SETTINGS
@given(tricks=st.integers(0, 6), alone=st.booleans(), makers=st.integers(0, 2))
def test_euchre_score(
    capsys: pytest.CaptureFixture[str], tricks: int, alone: bool, makers: int
) -> None:
    argv = ["euchre", "score", "--makers-tricks", str(tricks), "--makers", str(makers)]
    same(capsys, argv + ["--alone"] * alone, lambda: euchre.score(tricks, alone, makers))


hands = st.lists(st.sampled_from([*RANKS_PACK, "2S"]), min_size=4, max_size=6).map(" ".join)


@SETTINGS
@given(
    pack=st.permutations(RANKS_PACK),
    sizes=st.tuples(st.integers(4, 6), st.integers(4, 6)),
    noise=hands,
)
def test_divided_ranks_compare(
    capsys: pytest.CaptureFixture[str], pack: list[str], sizes: tuple[int, int], noise: str
) -> None:
    first = " ".join(pack[: sizes[0]])
    second = noise if sizes == (6, 6) else " ".join(pack[sizes[0] : sizes[0] + sizes[1]])
    same(
        capsys,
        ["divided-ranks", "compare", first, second],
        lambda: divided_ranks.compare(first, second),
        {
            "game": "divided-ranks",
            "question": "compare",
            "args": {"first": first, "second": second},
        },
    )


@settings(SETTINGS, max_examples=10)
@given(pack=st.permutations(RANKS_PACK), size=st.sampled_from([9, 10, 10, 10, 11]))
def test_divided_ranks_arrange(
    capsys: pytest.CaptureFixture[str], pack: list[str], size: int
) -> None:
    cards = pack[:size]
    same(
        capsys,
        ["divided-ranks", "arrange", *cards],
        lambda: divided_ranks.arrange(" ".join(cards)),
        {"game": "divided-ranks", "question": "arrange", "args": {"cards": " ".join(cards)}},
    )


def test_divided_ranks_arrange_ties(capsys: pytest.CaptureFixture[str]) -> None:
    """A holding with several best builds: the text lists each (the answer's notes)."""
    cards = "10S 10H JS JH QS QH KC KD AC AD"
    assert divided_ranks.arrange(cards).notes
    same(capsys, ["divided-ranks", "arrange", *cards.split()], lambda: divided_ranks.arrange(cards))


@SETTINGS
@given(
    pack=st.permutations(RANKS_PACK),
    slash=st.booleans(),
)
def test_divided_ranks_showdown(
    capsys: pytest.CaptureFixture[str], pack: list[str], slash: bool
) -> None:
    cut = " / " if slash else " "
    first = " ".join(pack[:5]) + cut + " ".join(pack[5:10])
    second = " ".join(pack[10:15]) + " / " + " ".join(pack[15:20])
    same(
        capsys,
        ["divided-ranks", "showdown", first, second],
        lambda: divided_ranks.showdown(first, second),
    )


@SETTINGS
@given(
    pack=st.permutations([*RANKS_PACK, "2S"]),
    drawn=st.integers(3, 5),
    held=st.sampled_from([0, 2, 4, 8, 3, 10]),
    cut=st.integers(0, 5),
    swap=st.booleans(),
)
def test_divided_ranks_split(
    capsys: pytest.CaptureFixture[str],
    pack: list[str],
    drawn: int,
    held: int,
    cut: int,
    swap: bool,
) -> None:
    four, hand = pack[:drawn], pack[drawn : drawn + held]
    laid = [*four]
    if swap and hand:  # a card of the hand slipped in for a drawn one
        laid[0] = hand[0]
    up, down = " ".join(laid[:cut]), " ".join(laid[cut:])
    argv = ["divided-ranks", "split", "--drawn", " ".join(four), "--up", up, "--down", down]
    same(
        capsys,
        [*argv, "--hand", " ".join(hand)],
        lambda: divided_ranks.split(" ".join(four), up, down, " ".join(hand)),
        {
            "game": "divided-ranks",
            "question": "split",
            "args": {"drawn": " ".join(four), "up": up, "down": down, "hand": " ".join(hand)},
        },
    )


@SETTINGS
@given(
    numbers=st.lists(st.integers(-1, 101), min_size=3, max_size=7),
    middle=st.none() | st.integers(0, 100),
    cooperative=st.booleans(),
    aids=st.sampled_from([None, "none", "100", "0,100", "50"]),
)
def test_split_play(
    capsys: pytest.CaptureFixture[str],
    numbers: list[int],
    middle: int | None,
    cooperative: bool,
    aids: str | None,
) -> None:
    left, right, *rest = (str(n) for n in numbers)
    hand = " ".join(rest)
    mid = None if middle is None else str(middle)
    argv = ["split", "play", "--piles", left, right, "--hand", hand]
    argv += ["--middle", mid] if mid is not None else []
    argv += ["--cooperative"] * cooperative + (["--aids", aids] if aids is not None else [])
    same(
        capsys,
        argv,
        lambda: split.play((left, right), hand, mid, cooperative, aids),
        {
            "game": "split",
            "question": "play",
            "args": {
                "left": left,
                "right": right,
                "hand": hand,
                "middle": mid,
                "cooperative": cooperative,
                "aids": aids,
            },
        },
    )


@pytest.mark.parametrize(
    "name", [name for name, adapter in ADAPTERS.items() if "legal" in adapter.ASKED]
)
def test_legal(capsys: pytest.CaptureFixture[str], name: str, tmp_path: Any) -> None:
    """``legal`` on each game's example position: the list, each legal action, a wrong one."""
    game = GAMES[name]
    position = dict(game.position_example)
    path = tmp_path / "spot.json"
    path.write_text(json.dumps(position))
    base = [name, "legal", "--position", str(path)]
    same(capsys, base, lambda: legal(game, position))
    for action in [*legal(game, position).extra["legal"][:4], "play QQ", "dance"]:
        same(capsys, [*base, "--action", action], partial(legal, game, position, action=action))
    same(capsys, [*base, "--player", "9"], lambda: legal(game, position, 9))


def test_page_refuses_unknown_questions() -> None:
    """A question the panel does not know, or a broken request, is one line, not a traceback."""
    assert "error" in json.loads(ask('{"game": "divide", "question": "census"}'))
    assert "error" in json.loads(ask("not json"))


@pytest.mark.parametrize(
    ("request_", "argv"),
    [
        pytest.param({"game": name, **request}, [name, *argv], id=f"{name}-{'-'.join(argv)}")
        for name, adapter in ADAPTERS.items()
        for request, argv in adapter.PANEL_MISSES
    ],
)
def test_the_page_misses_what_the_command_line_misses(
    capsys: pytest.CaptureFixture[str], request_: dict[str, Any], argv: list[str]
) -> None:
    """What the panel left out (no trump tapped, no card) is the command line's message."""
    code, out, err = run_cli(capsys, "ask", *argv)
    assert (code, out) == (2, "")
    assert err == f"cardlaw: error: {json.loads(ask(json.dumps(request_)))['error']}\n"
