"""Every game's state fields carry the domain name of what their form says they hold.

A state's form (:mod:`spec.forms`) says what each field holds at run time:
a card set (:class:`~spec.forms.Mask`), a card (:class:`~spec.forms.CardIndex`)
or a seat (``SEAT``, ``SEAT_OR_NONE``).  Its annotation must say the same in
the names of :mod:`spec.domain`: ``CardMask``, ``CardId``, ``SeatId``, item by
item through tuples; any other kind (a count, a suit, a flag) is not given one
of those names.  The aliases are erased at run time, so only the annotations'
text can show them: it is read from the state's source file (the same in
the compiled build), for every tested game (the toy's too).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from cardlaw.engine.game import RulesGame
from cardlaw.engine.registry import get_game
from cardlaw.spec.domain import CardId, CardMask, SeatId
from cardlaw.spec.forms import CardIndex, Each, Kind, Mask, Pair
from tests.games import each_game

NAMES = frozenset({"CardMask", "CardId", "SeatId"})
"""The domain names, as written in annotations."""


def _wanted(kind: Kind) -> str | None:
    """The domain name a leaf kind's annotation must be (``None``: none of them)."""
    if isinstance(kind, Mask):
        return "CardMask"
    if isinstance(kind, CardIndex):
        return "CardId"
    if type(kind).__name__ == "_Seat":
        return "SeatId"
    return None


def mismatches(kind: Kind, node: ast.expr, where: str) -> list[str]:
    """Where the annotation ``node`` does not name what ``kind`` holds.

    >>> from cardlaw.spec.forms import SEAT
    >>> mismatches(Each(Mask(52)), ast.parse("tuple[CardMask, ...]", mode="eval").body, "hands")
    []
    >>> mismatches(Pair(SEAT, Mask(52)), ast.parse("tuple[int, int]", mode="eval").body, "x")
    ['x[0] is int, not SeatId', 'x[1] is int, not CardMask']
    """
    if isinstance(kind, Each | Pair):
        if not (isinstance(node, ast.Subscript) and ast.unparse(node.value) == "tuple"):
            return [f"{where} is {ast.unparse(node)}, not a tuple"]
        items = list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]
        items = [item for item in items if not isinstance(item, ast.Constant)]  # drop ``...``
        kinds = kind.items if isinstance(kind, Pair) else (kind.item,) * len(items)
        if len(kinds) != len(items):
            return [f"{where} is {ast.unparse(node)}, not a tuple of {len(kinds)}"]
        return [
            wrong
            for i, (item_kind, item) in enumerate(zip(kinds, items, strict=True))
            for wrong in mismatches(item_kind, item, f"{where}[{i}]")
        ]
    written = ast.unparse(node)
    wanted = _wanted(kind)
    if wanted == "CardId" and written == "Card":  # a Card is a CardId (an int subclass)
        return []
    if wanted is not None and written != wanted:
        return [f"{where} is {written}, not {wanted}"]
    if wanted is None and written in NAMES:
        return [f"{where} is {written}, but holds {type(kind).__name__}"]
    return []


def written_annotations(state: type) -> dict[str, ast.expr]:
    """The annotation of each field of ``state``, as written in its module's source.

    Read from the ``.py`` file, not from ``__annotations__``: the compiled
    build evaluates a compiled class's annotations (the aliases become ``int``).
    """
    top = importlib.import_module(state.__module__.split(".")[0])
    source = Path(*top.__path__).parent / (state.__module__.replace(".", "/") + ".py")
    tree = ast.parse(source.read_text(encoding="utf-8"))
    (body,) = (
        c.body for c in tree.body if isinstance(c, ast.ClassDef) and c.name == state.__name__
    )
    return {
        node.target.id: node.annotation
        for node in body
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }


@pytest.mark.parametrize("name", each_game())
def test_state_fields_are_named_by_their_form(name: str) -> None:
    """Each field of the game's state is annotated as its form says (every mismatch listed)."""
    game = get_game(name)
    assert isinstance(game, RulesGame)
    form = game.manifest.form
    state = game.manifest.state
    written = written_annotations(state)
    assert set(written) == set(form.fields), "every field of the form is annotated in the class"
    found = [
        wrong
        for field, kind in form.fields.items()
        for wrong in mismatches(kind, written[field], f"{state.__name__}.{field}")
    ]
    assert not found, "; ".join(found)


def test_the_names_are_int() -> None:
    """The names are aliases, erased at run time: the compiled build sees plain ``int``."""
    assert CardMask is int and CardId is int and SeatId is int
