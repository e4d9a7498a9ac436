"""The published JSON Schema documents: current, valid, and agreeing with cardlaw's own checks.

``jsonschema`` (the dev extra) must accept every record cardlaw writes (every
game, every variant, several seeds) and must reject the malformed records of
the fuzz suite exactly where :mod:`spec.schema` does: the same record form
(:func:`engine.record.record_schema`), for the seats the record's config
names (:func:`engine.record.record_players`).
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlaw.bots import make_bots
from cardlaw.engine.documents import parse_json
from cardlaw.engine.formats import COMMAND, FOLDER, documents, stale
from cardlaw.engine.record import build_record, dump_record, forms_of, record_players, record_schema
from cardlaw.engine.registry import GAMES, get_game
from cardlaw.sampling import play_game
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.schema import problems
from tests.cli.corpus import bad_record_of


def _validator(name: str) -> jsonschema.Draft202012Validator:
    document = json.loads((FOLDER / name).read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(document)


def _spec_accepts(name: str, data: Any) -> bool:
    """Whether cardlaw's form check accepts ``data`` as a record of the game ``name``."""
    game = get_game(name)
    config = data.get("config") if isinstance(data, dict) else None
    schema = record_schema(record_players(game, config), forms_of(game), game.name)
    return not problems(schema, data)


def test_the_committed_documents_are_current() -> None:
    old = stale()
    assert not old, f"stale JSON Schema documents {old}: regenerate them with `{COMMAND}`"


@pytest.mark.parametrize("name", sorted(documents()))
def test_every_document_is_a_draft_2020_12_schema(name: str) -> None:
    document = json.loads((FOLDER / name).read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(document)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"


RECORDED = [
    (name, variant, seed)
    for name in GAMES
    for variant in [None, *get_game(name).variants]
    for seed in (1, 2)
]


@pytest.mark.parametrize(("name", "variant", "seed"), RECORDED)
def test_every_record_cardlaw_writes_is_accepted(name: str, variant: str | None, seed: int) -> None:
    game = get_game(name)
    config = game.config(**(game.variants[variant] if variant else {}))
    names = ["random"] * config.players
    playout = play_game(game, config, make_bots(game, names), seed=seed, max_actions=4000)
    record = json.loads(
        dump_record(build_record(game, config, playout.actions, seed=seed, players=names))
    )
    errors = [e.message for e in _validator(f"record-{name}.schema.json").iter_errors(record)]
    assert not errors, errors[:3]
    assert _spec_accepts(name, record)


@settings(
    max_examples=300,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_malformed_corpus_is_rejected_exactly_where_spec_schema_rejects_it(
    data: st.DataObject,
) -> None:
    name, text = bad_record_of(data)
    try:
        document = parse_json(text, "the record")  # what cardlaw reads before the form
    except MalformedInput:
        return  # not JSON, or too deep: refused before any form is checked, by both
    published = _validator(f"record-{name}.schema.json").is_valid(document)
    assert published == _spec_accepts(name, document), (name, text[:300])


@pytest.mark.parametrize("name", list(GAMES))
def test_positions_cardlaw_reads_are_accepted(name: str) -> None:
    """The position document is the form for any number of seats: what cardlaw reads, it takes."""
    game = get_game(name)
    example = dict(game.position_example)
    game.position_from_json(example)
    errors = [e.message for e in _validator(f"position-{name}.schema.json").iter_errors(example)]
    assert not errors, errors[:3]
    state = game.position_from_json(example)
    written = game.position_to_json(state)
    assert _validator(f"position-{name}.schema.json").is_valid(written)
