"""Euchre's map of ``euchre.txt``: which sentences each clause covers, and those that bear no rule.

References only (``"21.2"``: line 21, second sentence; ``"24-26"``: lines 24 to 26), never
the document's words: :mod:`spec.sources` reads the document and checks the map.  The
document's worked game states rules as it goes (who leads, who must follow); those
sentences are covered by the rule they apply, and its bare narration is set aside.
"""

from __future__ import annotations

from cardlaw.spec.sources import SourceMap, aside, erratum, headings

__all__ = ["SOURCES"]

_COVERS: dict[str, tuple[str, ...]] = {
    "euchre.components.deck": ("3.1",),
    "euchre.components.score-cards": ("5.1",),
    "euchre.cards.plain-order": ("27",),
    "euchre.cards.trump-order": ("19", "24", "25", "26", "74", "82"),
    "euchre.cards.left-bower": ("25", "75"),
    "euchre.setup.players": ("5.2",),
    "euchre.setup.partners": ("5.2",),
    "euchre.setup.seating": ("13.2",),
    "euchre.deal.five": ("9", "46.2"),
    "euchre.ruling.deal-packets": ("9",),
    "euchre.ruling.hand-size": ("9",),
    "euchre.deal.up-card": ("11",),
    "euchre.deal.kitty-hidden": ("11",),
    "euchre.ruling.up-card": ("11",),
    "euchre.bid.first-round": ("13", "46.1"),
    "euchre.bid.pick-up": ("46",),
    "euchre.bid.second-round": ("15",),
    "euchre.ruling.all-pass": ("15",),
    "euchre.bid.makers": ("34", "35"),
    "euchre.bid.alone": ("36",),
    "euchre.ruling.alone-timing": ("36",),
    "euchre.ruling.defender-alone": ("36",),
    "euchre.ruling.discard-up-card": ("46.1",),
    "euchre.trick.count": ("31", "96.2"),
    "euchre.trick.first-lead": ("50",),
    "euchre.trick.follow-suit": ("21.2", "53", "63", "64", "65", "84"),
    "euchre.trick.void": ("54", "55.3", "73.1", "83", "85"),
    "euchre.trick.winner": ("21.1", "55.1", "55.2", "56", "66", "86", "93", "95", "96.1"),
    "euchre.trick.winner-leads": ("60", "70", "80", "90"),
    "euchre.score.makers": ("31", "34", "76.2"),
    "euchre.score.march": ("34", "96.2"),
    "euchre.score.alone-march": ("36",),
    "euchre.score.euchred": ("35",),
    "euchre.end.ten": ("3.2",),
}

_ASIDES = (
    *headings("1", "7", "17", "23", "33", "38", "40", "44", "48", "58", "68", "78", "88"),
    aside("29", "note", "says the document gives one standard way of scoring among several"),
    aside("42", "flavour", "a remark on pictures, of which the text has none"),
    aside("52", "example", "a card led in the worked game"),
    aside("62", "example", "a card led in the worked game"),
    aside("72", "example", "a card led in the worked game"),
    aside("73.2", "example", "the state of the worked game's third trick"),
    aside("76.1", "example", "the worked game's running count of tricks"),
    aside("92", "example", "a card led in the worked game"),
    aside("94", "example", "a trump played in the worked game (a void, line 95's rule)"),
)

_ERRATA = (
    erratum(
        "65.1",
        "the worked game's third player chooses the lower of two Clubs, but the other is the "
        "Jack of Clubs, a Spade with Spades trump by the document's own ranking (lines 25 and "
        "75): the player holds one Club, which they must play",
        "euchre.cards.left-bower",
    ),
)

SOURCES = SourceMap(
    game="euchre",
    document="euchre.txt",
    digest="9614faf5e0f6ff21",
    covers=_COVERS,
    asides=_ASIDES,
    errata=_ERRATA,
)
"""Euchre's sentences: covered by a clause, or set aside with a reason."""
