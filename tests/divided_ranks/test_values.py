"""The table of every holding's best value: the searched values, cached on disk, -1 elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlaw.engine.cache import cache_file, load_or_build, source_digest
from cardlaw.engine.divided_ranks import values
from cardlaw.engine.divided_ranks.arrange import best_builds, best_value, iter_holdings
from cardlaw.engine.divided_ranks.values import LOW, SLOTS, build_value_table, value_table
from cardlaw.spec.divided_ranks.constants import PACK, PACK_MASK

pack = st.lists(st.sampled_from(sorted(int(c) for c in PACK)), unique=True)


def test_the_table_spans_the_pack() -> None:
    assert min(int(c) for c in PACK) == LOW
    assert len(PACK) == SLOTS.bit_length() - 1
    assert (PACK_MASK >> LOW) < SLOTS <= 2 * (PACK_MASK >> LOW)


def test_every_holding_has_its_best_value_and_nothing_else_has_one() -> None:
    table = value_table()
    holdings = list(iter_holdings())
    assert [table[h >> LOW] for h in holdings] == [best_value(h) for h in holdings]
    assert len(table) == SLOTS and SLOTS - table.count(-1) == len(holdings) == 352_716


@given(pack.filter(lambda cards: len(cards) == 10))
def test_a_holding_s_value_is_that_of_its_best_build_by_search(cards: list[int]) -> None:
    holding = sum(1 << c for c in cards)
    assert value_table()[holding >> LOW] == best_builds(holding)[0]  # all 126 builds tried


@given(pack.filter(lambda cards: len(cards) != 10))
def test_other_sets_of_cards_are_not_holdings(cards: list[int]) -> None:
    assert value_table()[sum(1 << c for c in cards) >> LOW] == -1


@pytest.fixture
def digest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("CARDLAW_CACHE", str(tmp_path))
    return source_digest(values._SOURCES)


def load(digest: str) -> list[int]:
    return load_or_build("divided-ranks-values", digest, build_value_table, values._checked)


def test_the_cached_table_is_the_searched_one_and_a_damaged_file_is_rebuilt(digest: str) -> None:
    built = build_value_table()
    path = cache_file("divided-ranks-values", digest)
    assert not path.exists()
    assert load(digest) == built and path.exists()  # built and written
    assert load(digest) == built == value_table()  # read back; what this process uses
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    assert load(digest) == built and path.read_bytes() == data  # truncated: written again, whole


def test_a_file_of_the_wrong_shape_is_not_read() -> None:
    built = build_value_table()
    assert values._checked(built)
    for wrong in (None, tuple(built), built[:-1], [-1] * SLOTS, [0] * SLOTS):
        assert not values._checked(wrong)


def test_this_process_reads_the_table_from_its_own_cache_file(
    digest: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(values, "_TABLE", [])
    path = cache_file("divided-ranks-values", digest)
    table = value_table()  # built, and written to the file named by this source's digest
    assert path.exists() and load(digest) == table and value_table() is table
    monkeypatch.setattr(values, "_TABLE", [])
    whole = path.read_bytes()
    path.write_bytes(whole[:-1000])  # damaged: rebuilt, and written again whole
    assert value_table() == table and path.read_bytes() == whole
