"""``cardlaw query`` for every game with query domains: the documented answers, and fuzzing.

Each game's ``proofs/<game>/domains.py`` lists EXAMPLES (query, verdict,
value) that the rulebook shows; every one is checked here.  Fuzzed queries —
random text and random strings of the language's own words and the game's
quantity names — always give an answer or one clear error, never a traceback.
"""

from __future__ import annotations

from importlib import import_module

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proofs.query import answer
from proofs.registry import domains, games_with_queries
from spec.errors import CardlawError

GAMES = games_with_queries()


def _examples() -> list[tuple[str, str, str, int | None]]:
    out = []
    for game in GAMES:
        module = import_module(f"proofs.{game.replace('-', '_')}.domains")
        out += [(game, text, verdict, value) for text, verdict, value in module.EXAMPLES]
    return out


@pytest.mark.parametrize(("game", "text", "verdict", "value"), _examples())
def test_documented_queries(game: str, text: str, verdict: str, value: int | None) -> None:
    result = answer(text, domains(game))
    assert (result.verdict, result.value) == (verdict, value), result.explanation
    assert result.proven
    if verdict == "optimum" or (verdict == "yes" and text.startswith("exists")):
        assert result.witness


def _words(game: str) -> list[str]:
    words = [
        "exists",
        "forall",
        "maximize",
        "minimize",
        ":",
        "(",
        ")",
        "[",
        "]",
        "==",
        "!=",
        "<",
        "<=",
        "+",
        "-",
        "*",
        "and",
        "or",
        "not",
        "implies",
        "where",
        "true",
        "false",
        "0",
        "1",
        "7",
        "99",
        "7S",
        "10H",
        "hearts",
        "sum",
        "count",
        "max",
        ",",
        "=",
        "__import__",
        "'x'",
        "ç",
        "1e9",
        "players",
    ]
    for domain in domains(game).values():
        words.append(domain.name)
        instance = domain.build({k: v[0] for k, v in domain.options.items()})
        words += (
            list(instance.quantities)[:12] + list(instance.constants)[:4] + list(domain.options)
        )
    return words


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_fuzzed_queries_give_clear_errors(game: str, data: st.DataObject) -> None:
    text = data.draw(
        st.lists(st.sampled_from(_words(game)), max_size=12).map(" ".join) | st.text(max_size=40)
    )
    try:
        result = answer(text, domains(game), timeout_ms=100)
    except CardlawError as error:
        assert str(error).startswith("query:") and "\n" not in str(error)
    else:
        assert result.verdict in ("yes", "no", "unknown", "optimum", "unbounded")
