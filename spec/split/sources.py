"""Split's map of ``split.txt``: which sentences each clause covers, and those that bear no rule.

References only (``"23.6"``: line 23, sixth sentence; ``"38"``: every sentence of line 38),
never the document's words: :mod:`spec.sources` reads the document and checks the map.
"""

from __future__ import annotations

from cardlaw.spec.sources import SourceMap, aside, headings

__all__ = ["SOURCES"]

_COVERS: dict[str, tuple[str, ...]] = {
    "split.components.deck": ("6",),
    "split.cards.wild": ("11", "23.1"),
    "split.cards.standard": ("10",),
    "split.setup.modes": ("28",),
    "split.ruling.player-count": ("23.6",),
    "split.setup.seating": ("15.5",),
    "split.deal.shuffle": ("8.1", "31.2"),
    "split.deal.seven": ("8.1", "31.2"),
    "split.deal.dealer-extra": ("8.2", "31.3"),
    "split.deal.draw-pile": ("8.3",),
    "split.open.piles": ("15.1", "15.3", "35.1"),
    "split.ruling.pile-sides": ("15.1",),
    "split.open.first-player": ("15.5", "35.2"),
    "split.open.put-under": ("19",),
    "split.ruling.put-under-card": ("19.1",),
    "split.ruling.put-under-round": ("19.2",),
    "split.ruling.put-under-exhausted": ("19.1",),
    "split.turn.move-middle": ("17", "23.3", "23.4", "35.3"),
    "split.ruling.move-onto-pile": ("17",),
    "split.turn.play-between": ("15.4", "16.1", "17", "35.3"),
    "split.ruling.strictly-between": ("16.1",),
    "split.turn.must-reset": ("16.2",),
    "split.turn.order": ("15.5",),
    "split.wild.any-time": ("16.1", "23.2"),
    "split.wild.reverse": ("23.1", "23.3", "23.5"),
    "split.wild.two-players": ("23.6",),
    "split.reset.choose": ("27.1",),
    "split.ruling.reset-timing": ("27.1",),
    "split.reset.discard": ("27.1",),
    "split.reset.draw-three": ("27.1",),
    "split.reset.reopen": ("27.2",),
    "split.reset.fresh-start": ("27.3",),
    "split.ruling.after-reset": ("27.3",),
    "split.reset.cheating": ("21",),
    "split.ruling.no-cheating": ("21",),
    "split.end.first-empty": ("13", "25.1"),
    "split.end.no-wild-finish": ("25.2", "25.3", "40.2"),
    "split.coop.players": ("29",),
    "split.coop.aids-aside": ("31.1",),
    "split.coop.aid-use": ("38",),
    "split.ruling.coop-harder": ("41",),
    "split.coop.lose-on-reset": ("33", "35.4"),
    "split.coop.win": ("33", "40"),
    "split.info.hidden": ("36.1",),
}

_ASIDES = (
    *headings("1", "2", "3", "4", "5", "7", "9", "12", "14", "20", "22", "24", "26"),
    *headings("30", "32", "34", "37", "39"),
    aside("15.2", "equipment", "how to lay the piles out on a table; the state holds them"),
    aside("18", "note", "a tip on when a reset pays; its count follows from lines 27.1-27.2"),
    aside("36.2", "example", "sample phrases for the table talk line 36.1 allows"),
)

SOURCES = SourceMap(
    game="split",
    document="split.txt",
    digest="d2f06d2e67e60524",
    covers=_COVERS,
    asides=_ASIDES,
)
"""Split's sentences: covered by a clause, or set aside with a reason."""
