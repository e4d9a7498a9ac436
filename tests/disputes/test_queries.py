"""``cardlaw query`` for every game with query domains: the documented answers, and fuzzing.

Each game's ``proofs/<game>/domains.py`` lists EXAMPLES (query, verdict,
value) that the rulebook shows, gathered in :data:`proofs.registry.PROOFS`;
every one is checked here.  Fuzzed queries —
random text and random strings of the language's own words and the game's
quantity names — always give an answer or one clear error, never a traceback.
Every solver call runs under a budget of Z3 resource units, never a clock, so
none of these depends on the machine's speed or load.
"""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.proofs.budget import QUERY_BUDGET
from cardlaw.proofs.query import Answer, answer
from cardlaw.proofs.registry import PROOFS, domains, games_with_queries
from cardlaw.spec.errors import CardlawError
from tests.games import run_cli as run

GAMES = games_with_queries()


def _examples() -> list[tuple[str, str, str, int | None]]:
    """Every game's documented queries (:data:`proofs.registry.PROOFS`), with the game's name."""
    return [(row.game, *example) for row in PROOFS for example in row.examples]


@cache
def answered(game: str, text: str) -> Answer:
    """``answer(text, domains(game))`` under the default budget, once a process: the documented
    query's answer, which the tests of budgets and units below start from."""
    return answer(text, domains(game))


@pytest.mark.parametrize(("game", "text", "verdict", "value"), _examples())
def test_documented_queries(game: str, text: str, verdict: str, value: int | None) -> None:
    # Under the default budget of resource units and no clock: the same on any machine.
    result = answered(game, text)
    assert (result.verdict, result.value) == (verdict, value), result.explanation
    assert result.proven and result.reason is None
    assert 0 < result.peak <= result.units and result.peak * 10 <= result.budget
    if verdict == "optimum" or (verdict == "yes" and text.startswith("exists")):
        assert result.witness


@pytest.mark.clauses("euchre.cards.left-bower", "euchre.trick.winner")
@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        # A left bower that wins has won with a trump, though its printed suit is not trump.
        ("forall trick: left.wins implies winner.suit == trump", "yes"),
        ("exists trick: left.wins and winner.printed_suit != trump", "yes"),
        ("forall trick: winner.suit == led.suit or winner.suit == trump", "yes"),
        ("forall trick: suit[0] == led.suit and printed_suit[0] == led.printed_suit", "yes"),
        ("exists hand: not leading and led.suit != led.printed_suit", "yes"),
    ],
)
def test_euchre_names_the_printed_and_the_rules_suit_apart(text: str, verdict: str) -> None:
    result = answer(text, domains("euchre"))
    assert result.verdict == verdict and result.proven, result.explanation


@pytest.mark.parametrize(
    ("game", "text"),
    [
        ("divide", "exists trick: winner.rank == 2"),
        ("split", "maximize opening: gap"),
        ("euchre", "forall hand: legal >= 1"),
    ],
)
def test_a_query_out_of_budget_is_unknown_never_proven(game: str, text: str) -> None:
    full = answered(game, text)
    assert (game, text) in [(g, t) for g, t, *_ in _examples()]  # one answer, shared
    starved = answer(text, domains(game), budget=max(1, full.peak // 3))
    assert full.proven and starved.verdict == "unknown" and not starved.proven
    assert starved.reason == "budget" and "budget" in starved.explanation
    data = starved.to_json()
    assert data["reason"] == "budget" and data["verdict"] == "unknown"
    assert data["rlimit"] == starved.units and data["budget"] == full.peak // 3


def test_the_time_limit_is_a_distinct_reason() -> None:
    # A limit far below a millisecond has run out before the first solver call, on any machine.
    result = answer("exists trick: winner.rank == 2", domains("divide"), time_limit=1e-9)
    assert (result.verdict, result.reason, result.proven) == ("unknown", "time limit", False)
    assert "time limit" in result.explanation and "budget" not in result.explanation


def test_the_same_query_uses_the_same_units() -> None:
    # the documented answer (shared), and the same query answered again
    first = answered("divide", "minimize round: total")
    second = answer("minimize round: total", domains("divide"))
    assert first.units > 0 and first.units == second.units and first.value == second.value


def test_query_command_budget_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "query", "split", "maximize opening: gap", "--budget", "1000")
    assert code == 0 and out.startswith("unknown (budget): ")
    code, out, _ = run(capsys, "query", "divide", "exists trick: winner.rank == 2", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "yes" and data["reason"] is None
    assert data["rlimit"] > 0 and data["budget"] == QUERY_BUDGET
    code, _, err = run(capsys, "query", "divide", "exists trick: true", "--budget", "0")
    assert code == 2 and err.count("\n") == 1


@cache
def _words(game: str) -> tuple[str, ...]:
    """The language's words and ``game``'s names, once a run per game (building every domain
    takes a while; the list is the same for every example)."""
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
    return tuple(words)


@cache
def _queries(game: str) -> st.SearchStrategy[str]:
    """Random strings of ``game``'s words, or random text (one strategy a game, made once)."""
    return st.lists(st.sampled_from(_words(game)), max_size=12).map(" ".join) | st.text(max_size=40)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_fuzzed_queries_give_clear_errors(game: str, data: st.DataObject) -> None:
    text = data.draw(_queries(game))
    try:
        result = answer(text, domains(game), budget=200_000)
    except CardlawError as error:
        assert str(error).startswith("query:") and "\n" not in str(error)
    else:
        assert result.verdict in ("yes", "no", "unknown", "optimum", "unbounded")
