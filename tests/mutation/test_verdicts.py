"""Mutant identities, the stratified sample, the equivalent file and the verdict of a run."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

import pytest

from tests.mutation import mutants as mutants_module
from tests.mutation.command import EQUIVALENTS
from tests.mutation.mutants import Mutant, function_name, quotas, sample
from tests.mutation.verdicts import (
    EquivalentsError,
    judge,
    load_equivalents,
    problems,
    report,
    score,
)

RULES = """\
def tally(cards):
    total = 0
    for card in cards:
        total += card
    return total > 3
"""

MOVED = '''\
"""A docstring that was not there."""

LIMIT = 3


def other(x):
    return x * 2


def tally(cards):
    seen = 0
    total = 0

    for card in cards:
        total += card
    return total > 3
'''


def write_mutants(root: Path, source: str) -> list[Mutant]:
    """Let mutmut (with the shim) mutate ``source`` as engine/demo/rules.py under ``root``."""
    pytest.importorskip("mutmut", reason="the mutation extra is not installed")
    from mutmut.mutation.file_mutation import mutate_file_contents

    from tests.mutation import shim

    shim.install()
    path = "engine/demo/rules.py"
    mutated = mutate_file_contents(path, source)
    target = root / "mutants" / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(mutated.code)
    names = {f"engine.demo.rules.{name}": None for name in mutated.mutant_names}
    Path(f"{target}.meta").write_text(json.dumps({"exit_code_by_key": names}))
    spans = {k: [s.start, s.end] for k, s in mutated.line_span_by_function_name.items()}
    Path(f"{target}.spans").write_text(json.dumps({"version": 1, "spans": spans}))
    return mutants_module.read_mutants(root, [path])


def test_identities_survive_moved_code_but_not_a_changed_line(tmp_path: Path) -> None:
    here = write_mutants(tmp_path / "a", RULES)
    moved = write_mutants(tmp_path / "b", MOVED)
    assert len(here) > 5
    old = {m.identity: m.name for m in here}
    new = {m.identity: m.name for m in moved if m.function == "engine.demo.rules.tally"}
    assert set(old) < set(new)  # the new line brought mutants of its own
    assert all(old[key] != new[key] for key in old)  # mutmut's numbers moved, identities did not
    changed = write_mutants(tmp_path / "c", RULES.replace("total > 3", "total > 4"))
    assert {m.identity for m in changed} != {m.identity for m in here}
    assert len({m.identity for m in here}) == len(here)


def test_a_mutant_diff_shows_the_change_under_the_original_name(tmp_path: Path) -> None:
    (mutant,) = [m for m in write_mutants(tmp_path, RULES) if "total >= 3" in m.diff]
    assert mutant.function == "engine.demo.rules.tally"
    assert mutant.game == "demo"
    assert "-    return total > 3\n+    return total >= 3\n" in mutant.diff
    assert mutant.diff.startswith("--- engine.demo.rules.tally (original)\n")
    assert "__mutmut" not in mutant.diff


def test_function_names() -> None:
    assert (
        function_name("engine.split.turn.x_apply_play__mutmut_7") == "engine.split.turn.apply_play"
    )
    assert function_name("engine.euchre.game.xǁEuchreGameǁto_move__mutmut_1") == (
        "engine.euchre.game.EuchreGame.to_move"
    )
    with pytest.raises(ValueError, match="not a mutmut mutant name"):
        function_name("engine.split.turn.apply_play__mutmut_7")


def fake(game: str, i: int) -> Mutant:
    name = f"engine.{game.replace('-', '_')}.rules.x_f__mutmut_{i}"
    return Mutant(name, "p", game, "f", "", f"engine.{game}.rules.f:{i:010x}")


POOL = [
    fake(game, i) for game, n in (("divide", 90), ("euchre", 70), ("split", 30)) for i in range(n)
]


def test_the_sample_is_stratified_seeded_and_independent_of_order() -> None:
    chosen = sample(POOL, 60, seed=3)
    assert Counter(m.game for m in chosen) == {"divide": 20, "euchre": 20, "split": 20}
    assert len(set(chosen)) == 60
    assert sample(list(reversed(POOL)), 60, seed=3) == chosen
    assert sample(POOL, 60, seed=4) != chosen


def test_the_sample_is_stable_when_code_changes() -> None:
    chosen = sample(POOL, 60, seed=3)
    gone = chosen[0]
    smaller = sample([m for m in POOL if m != gone], 60, seed=3)
    assert len(set(chosen) - set(smaller)) == 1  # only the removed mutant left the sample
    added = fake("divide", 999)
    larger = sample([*POOL, added], 60, seed=3)
    assert len(set(chosen) - set(larger)) <= 1  # the new one displaced at most one


def test_a_small_game_gives_its_share_to_the_others() -> None:
    assert quotas(100, {"divide": 90, "euchre": 70, "split": 10}) == {
        "divide": 45,
        "euchre": 45,
        "split": 10,
    }
    assert sum(quotas(500, {"a": 3, "b": 4}).values()) == 7


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "equivalent.toml"
    path.write_text(text)
    return path


GOOD = """
[[equivalent]]
mutant = "engine.divide.rules.f:0000000001"
mutation = "- a / + b"
reason = "a and b are the same here"
"""


def test_the_equivalent_file_is_read() -> None:
    assert load_equivalents(EQUIVALENTS) == {} or all(load_equivalents(EQUIVALENTS).values())


def test_an_equivalent_file(tmp_path: Path) -> None:
    assert load_equivalents(write(tmp_path, GOOD)) == {
        "engine.divide.rules.f:0000000001": "a and b are the same here"
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[[equivalent]]\nmutant = 'engine.divide.rules.f'\nreason = 'x'\n", "must be an identity"),
        ("[[equivalent]]\nmutant = 'engine.divide.rules.f:0000000001'\n", "one line"),
        ("[[equivalent]]\nmutant = 'engine.divide.rules.f:0000000001'\nreason = ''\n", "one line"),
        (GOOD.replace("reason", "why"), "unknown key 'why'"),
        (GOOD + GOOD, "listed twice"),
        ("[mutants]\n", "unknown key 'mutants'"),
        ("equivalent = 3\n", "array of tables"),
        ("[[equivalent]\n", "equivalent.toml"),
    ],
)
def test_a_malformed_equivalent_file_is_refused(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(EquivalentsError, match=message):
        load_equivalents(write(tmp_path, text))


def run(codes: Mapping[int, int | None], listed: Mapping[int, str]) -> tuple[list[str], str]:
    chosen = [fake("divide", i) for i in codes]
    equivalents = {fake("divide", i).identity: reason for i, reason in listed.items()}
    outcomes = judge(chosen, {fake("divide", i).name: c for i, c in codes.items()}, equivalents)
    everything = [fake("divide", i).identity for i in range(100)]
    found = problems(outcomes, equivalents, everything)
    return found, report(outcomes, equivalents, found, "title")


KILLED = dict.fromkeys(range(40), 1)


def test_all_killed_passes() -> None:
    found, text = run(KILLED, {})
    assert found == []
    assert "PASSED" in text
    assert re.search(r"^divide +40 +40 +0 ", text, re.MULTILINE)


def test_a_survivor_fails_until_judged_equivalent() -> None:
    found, text = run({**KILLED, 50: 0}, {})
    assert found == ["1 surviving mutants are not judged equivalent"]
    assert "survived: engine.divide.rules.f:0000000032" in text
    found, text = run({**KILLED, 50: 0}, {50: "the same either way"})
    assert found == []
    assert "engine.divide.rules.f:0000000032: the same either way" in text


def test_an_uncovered_mutant_is_a_survivor() -> None:
    found, _ = run({**KILLED, 50: 33}, {})
    assert found == ["1 surviving mutants are not judged equivalent"]


def test_a_killed_mutant_listed_as_equivalent_fails() -> None:
    found, _ = run(KILLED, {3: "wrongly judged"})
    assert found == [
        "engine.divide.rules.f:0000000003 is listed as equivalent but was killed: remove it from the file"
    ]


def test_a_listed_mutant_that_no_longer_exists_fails() -> None:
    found, _ = run(KILLED, {500: "gone"})
    assert found == [
        "engine.divide.rules.f:00000001f4 is listed as equivalent but no longer exists"
    ]


def test_timeouts_lower_the_score() -> None:
    found, text = run({**KILLED, 60: -24, 61: -24, 62: -24}, {})
    assert found == ["score 93.0% is below 95%"]
    assert "timeouts (not counted as killed): 3" in text
    found, _ = run({**KILLED, 60: -24}, {})
    assert found == []


def test_a_mutant_without_a_result_fails() -> None:
    found, _ = run({**KILLED, 70: None}, {})
    assert "1 mutants have no verdict (see mutants/mutmut.log)" in found


def test_equivalent_mutants_leave_the_score() -> None:
    chosen = [fake("divide", i) for i in range(4)]
    codes = {chosen[0].name: 1, chosen[1].name: 0, chosen[2].name: 0, chosen[3].name: 0}
    listed = {chosen[1].identity: "r", chosen[2].identity: "r"}
    assert score(judge(chosen, codes, listed)) == 0.5


def test_the_command_refuses_bad_options_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.mutation.command import main

    for argv in (
        ["--sample", "0"],
        ["--jobs", "0"],
        ["--game", "chess"],
        ["--full", "--sample", "3"],
    ):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("python -m tests.mutation: ") and err.count("\n") == 1


def test_the_command_refuses_a_malformed_equivalent_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.mutation.command import main

    assert main(["--equivalents", str(write(tmp_path, "[[equivalent]]\n"))]) == 2
    err = capsys.readouterr().err
    assert "'mutant' must be an identity" in err and err.count("\n") == 1
