"""Divided Ranks' map of ``divided-ranks.txt``: which sentences each clause covers, and the rest.

References only (``"22.5"``: line 22, fifth sentence; ``"46-52"``: lines 46 to 52), never
the document's words: :mod:`spec.sources` reads the document and checks the map.  The
document is a web page: its prototype notes state measurements (the findings page
tests them), and its last lines are the page's menus.
"""

from __future__ import annotations

from cardlaw.spec.sources import SourceMap, aside, erratum, headings

__all__ = ["SOURCES"]

_NOTE = "a measured claim of the prototype notes, not a rule; the findings page tests it"

_COVERS: dict[str, tuple[str, ...]] = {
    "divided-ranks.cards.pack": ("11.1",),
    "divided-ranks.setup.players": ("20.2", "72.1"),
    "divided-ranks.setup.reserve": ("15",),
    "divided-ranks.draft.rounds": ("7.1", "19.2", "21.1", "21.2", "21.4"),
    "divided-ranks.draft.split": ("19.3", "19.4"),
    "divided-ranks.draft.choose": ("20.2", "20.3"),
    "divided-ranks.draft.end": ("21.3",),
    "divided-ranks.reserve.turns": ("22.2",),
    "divided-ranks.reserve.order": ("22.3", "79.4"),
    "divided-ranks.reserve.blind": ("22.4", "22.5", "22.6"),
    "divided-ranks.ruling.blind-swap-view": ("22.5",),
    "divided-ranks.build.two-hands": ("7.1", "23.2"),
    "divided-ranks.build.secret": ("23.2",),
    "divided-ranks.ruling.build-order": ("23.2",),
    "divided-ranks.build.weaker-stronger": ("23.3",),
    "divided-ranks.ruling.best-build": ("85",),
    "divided-ranks.hands.categories": ("38", "40", "41", "44", "46-52", "83.1"),
    "divided-ranks.hands.no-high-card": ("42", "78.1", "78.2"),
    "divided-ranks.hands.joker-wild": ("54.1",),
    "divided-ranks.hands.joker-low": ("54.2",),
    "divided-ranks.hands.joker-tiebreak": ("54.3",),
    "divided-ranks.ruling.card-for-card": ("31", "32"),
    "divided-ranks.score.order": ("27", "29-32", "34.2"),
    "divided-ranks.score.loser": ("7.2", "34.1"),
    "divided-ranks.ruling.goal-and-scoring": ("7.2", "34.2"),
    "divided-ranks.score.draw": ("34.3",),
    "divided-ranks.info.hidden": ("15.2", "70"),
    "divided-ranks.info.ledger": ("64.2", "66", "67", "68"),
    "divided-ranks.info.candidates": ("72.1", "72.2"),
    "divided-ranks.ruling.swap-odds": ("72.3",),
    "divided-ranks.variant.face-up-swap": ("58.2", "58.3", "58.4", "80.2"),
    "divided-ranks.variant.coin-flip-reserve": ("79.2",),
    "divided-ranks.end.reveal": ("23.2",),
}

_ASIDES = (
    *headings("1", "3", "5", "9", "13", "17", "19.1", "20.1", "22.1", "23.1", "25", "36"),
    *headings("56", "58.1", "62", "74"),
    aside("11.2", "note", "points ahead to the Joker's rules, lines 54.1-54.3"),
    aside("54.4", "example", "introduces a picture the text does not hold"),
    aside("60", "interface", "a link of the web page"),
    aside("64.1", "note", "a remark on how much can be known; the rules are lines 64.2-68"),
    aside("76", "note", "introduces the prototype notes, measurements from bot games"),
    aside("78.3", "note", _NOTE),
    aside("79.1", "note", _NOTE),
    aside("79.3", "note", _NOTE),
    aside("80.1", "note", _NOTE),
    aside("80.3", "note", _NOTE),
    aside("81", "note", _NOTE),
    aside("82", "note", _NOTE),
    aside("84", "note", "a remark on strategy: which holdings build well"),
    aside("86", "note", _NOTE),
    aside("88-126", "interface", "the web page's menus and section links"),
)

_ERRATA = (
    erratum(
        "83.2",
        "it calls a flush the second-best hand; in this pack every flush is a royal flush, "
        "the best category of all, as the document's own ranking (lines 46-52) says",
        "divided-ranks.hands.categories",
    ),
)

SOURCES = SourceMap(
    game="divided-ranks",
    document="divided-ranks.txt",
    digest="7d60599464b42eba",
    covers=_COVERS,
    asides=_ASIDES,
    errata=_ERRATA,
)
"""Divided Ranks' sentences: covered by a clause, or set aside with a reason."""
