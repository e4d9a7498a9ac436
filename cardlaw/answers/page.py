"""The questions of the rulebook's "Ask the judge" panel: JSON in, JSON out.

The panel (``docs/_ext/cardlaw_ask.py``, ``docs/_static/cardlaw-ask.js``) runs this
module in the browser, in Pyodide, and calls :func:`ask` with the taps it
collected; every answer comes from the same functions as ``cardlaw ask``.
Bad input is the one line ``cardlaw ask`` prints (without its
``cardlaw: error:`` prefix), never a traceback.

>>> import json
>>> reply = json.loads(ask('{"game": "divide", "question": "trick", '
...     '"args": {"cards": ["KH", "7S", "2H", "AH"], "trump": "7"}}'))
>>> reply["verdict"], reply["clauses"][0][0]
('seat 1 wins with 7♠', 'divide.ruling.trump-rank-suit')
>>> json.loads(ask('{"game": "divide", "question": "trick", '
...     '"args": {"cards": ["KH", "KH"], "trump": "7"}}'))
{'error': "bad card 'KH': given twice"}
>>> json.loads(ask('{"game": "divide", "question": "trick", "args": {"cards": ["KH"]}}'))
{'error': "Missing option '--trump'."}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final, TypeAlias

from cardlaw.answers import Answer, divide, divided_ranks, euchre, split
from cardlaw.engine.jsonio import JSON
from cardlaw.spec.errors import CardlawError

__all__ = ["MISSING", "QUESTIONS", "ask", "reply"]


PanelArgs: TypeAlias = Mapping[str, Any]
"""The panel's arguments: parsed JSON, handed as they are to the answer functions, which read
and check them as ``cardlaw ask`` reads its options (hence ``Any``)."""


def _opt(args: PanelArgs, key: str) -> Any:
    value = args.get(key)
    return None if value in (None, "") else value


def _int(args: PanelArgs, key: str) -> int | None:
    """A whole number the panel sent (a tapped button's text), or ``None`` when none was."""
    value = _opt(args, key)
    return None if value is None else int(value)


QUESTIONS: Final[Mapping[tuple[str, str], Callable[[PanelArgs], Answer]]] = MappingProxyType(
    {
        ("divide", "trick"): lambda a: divide.trick(
            a["cards"], a["trump"], int(a.get("leader") or 0)
        ),
        ("divide", "token"): lambda a: divide.token(a["card"], _opt(a, "stacks"), _int(a, "bonus")),
        ("divide", "play"): lambda a: divide.play(
            a["hand"],
            a["card"],
            a["trump"],
            str(a.get("trick") or ""),
            _int(a, "players"),
            bool(a.get("own_suit")),
        ),
        ("euchre", "trick"): lambda a: euchre.trick(
            a["cards"], a["trump"], int(a.get("leader") or 0), _int(a, "alone_seat")
        ),
        ("euchre", "play"): lambda a: euchre.play(
            a["hand"], a["card"], a["trump"], str(a.get("trick") or ""), bool(a.get("alone"))
        ),
        ("divided-ranks", "compare"): lambda a: divided_ranks.compare(a["first"], a["second"]),
        ("divided-ranks", "arrange"): lambda a: divided_ranks.arrange(a["cards"]),
        ("divided-ranks", "split"): lambda a: divided_ranks.split(
            a["drawn"],
            str(a.get("up") or ""),
            str(a.get("down") or ""),
            str(a.get("hand") or ""),
        ),
        ("split", "play"): lambda a: split.play(
            None
            if _opt(a, "left") is None or _opt(a, "right") is None
            else (str(a["left"]), str(a["right"])),
            str(a.get("hand") or ""),
            _opt(a, "middle"),
            bool(a.get("cooperative", False)),
            _opt(a, "aids"),
        ),
    }
)
"""(game, question) -> the answer to the panel's arguments (the ``cardlaw ask`` function)."""

MISSING: Final[Mapping[tuple[str, str], tuple[tuple[str, str], ...]]] = MappingProxyType(
    {
        ("divide", "trick"): (("cards", "argument 'CARD'"), ("trump", "option '--trump'")),
        ("divide", "play"): (
            ("card", "argument 'CARD'"),
            ("hand", "option '--hand'"),
            ("trump", "option '--trump'"),
        ),
        ("divide", "token"): (("card", "argument 'CARD'"),),
        ("euchre", "trick"): (("cards", "argument 'CARD'"), ("trump", "option '--trump'")),
        ("euchre", "play"): (
            ("card", "argument 'CARD'"),
            ("hand", "option '--hand'"),
            ("trump", "option '--trump'"),
        ),
        ("divided-ranks", "compare"): (("first", "argument 'HAND'"), ("second", "argument 'HAND'")),
        ("divided-ranks", "arrange"): (("cards", "argument 'CARD'"),),
        ("divided-ranks", "split"): (("drawn", "option '--drawn'"),),
    }
)
"""What the command line asks for, in order, when the panel left it out (``Missing ...``)."""


def reply(answer: Answer) -> dict[str, JSON]:
    """What the panel shows of ``answer``: its parts, and its text as ``cardlaw ask`` prints it."""
    return {
        "verdict": answer.verdict,
        "steps": list(answer.steps),
        "clauses": [list(pair) for pair in answer.clauses],
        "notes": list(answer.notes),
        "text": answer.text(),
    }


def ask(request: str) -> str:
    """Answer the panel's ``request`` (JSON: ``game``, ``question``, ``args``), as JSON.

    The reply has the answer's parts (:func:`reply`), or ``error``: one line.
    """
    try:
        data = json.loads(request)
        key = (data["game"], data["question"])
        question, args = QUESTIONS[key], data.get("args", {})
        for name, what in MISSING.get(key, ()):
            if args.get(name) in (None, "", []):
                return json.dumps({"error": f"Missing {what}."})
        return json.dumps(reply(question(args)), ensure_ascii=False)
    except CardlawError as error:
        return json.dumps({"error": " ".join(str(error).split())}, ensure_ascii=False)
    except Exception as error:  # a bug: still one line in the page, never a traceback
        return json.dumps({"error": f"internal error, a bug in cardlaw ({type(error).__name__})"})
