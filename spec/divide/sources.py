"""Divide's map of ``divide.txt``: which sentences each clause covers, and those that bear no rule.

References only (``"148.1"``: line 148, first sentence; ``"52-55"``: lines 52 to 55), never
the document's words: :mod:`spec.sources` reads the document and checks the map.
"""

from __future__ import annotations

from cardlaw.spec.sources import SourceMap, aside, headings

__all__ = ["SOURCES"]

_COVERS: dict[str, tuple[str, ...]] = {
    "divide.components.deck": ("11",),
    "divide.components.tokens": ("12-16", "39"),
    "divide.cards.rank-order": ("26", "28"),
    "divide.cards.suit-order": ("30", "32", "174"),
    "divide.setup.players": ("5",),
    "divide.setup.seating": ("46", "146", "224"),
    "divide.setup.first-dealer": ("40", "41"),
    "divide.ruling.first-dealer": ("40", "41"),
    "divide.setup.tokens": ("38", "39", "220", "221"),
    "divide.round.phases": ("50", "52-55", "251"),
    "divide.round.first-player": ("44", "227"),
    "divide.round.dealer-rotation": ("224",),
    "divide.deal.shuffle": ("42", "223"),
    "divide.deal.nine": ("59", "225"),
    "divide.deal.undealt": ("61",),
    "divide.divide.offering": ("67", "71"),
    "divide.divide.secure": ("75", "77", "79"),
    "divide.divide.offers": ("83", "85", "86"),
    "divide.divide.secrecy": ("67", "69", "88"),
    "divide.ruling.secret-turns": ("67", "88"),
    "divide.divide.choose": ("92", "94", "96-100", "102"),
    "divide.divide.independent": ("104",),
    "divide.ruling.offer-order": ("92", "102"),
    "divide.divide.final-hand": ("106-112", "114"),
    "divide.info.hidden": ("61", "69", "77", "97"),
    "divide.trump.reveal": ("118", "120"),
    "divide.ruling.offering-draw": ("120",),
    "divide.trump.rank": ("122", "126"),
    "divide.trump.offerings-aside": ("124",),
    "divide.trick.count": ("130", "212"),
    "divide.trick.first-lead": ("134",),
    "divide.trick.winner-leads": ("136", "182", "260"),
    "divide.trick.clockwise": ("146",),
    "divide.trick.play-from-hand": ("146",),
    "divide.trick.lead-restriction": ("138", "140", "256"),
    "divide.trick.follow-suit": ("148", "152", "156", "158", "160", "161", "163", "165", "255"),
    "divide.trick.void": ("142", "150", "167"),
    "divide.ruling.trump-rank-suit": ("142", "152"),
    "divide.trick.winner-trump": ("171", "173", "174", "257", "258"),
    "divide.trick.winner-led-suit": ("176", "178", "259"),
    "divide.trick.off-suit": ("180",),
    "divide.score.winning-suit": ("186",),
    "divide.score.suit-token": ("190", "196", "202-208", "264"),
    "divide.score.bonus-token": ("194", "198", "210", "265"),
    "divide.ruling.bonus-supply": ("194",),
    "divide.score.round": ("22", "233"),
    "divide.cleanup.record": ("216", "218"),
    "divide.cleanup.reset": ("219-223", "266"),
    "divide.end.four-rounds": ("22", "231", "270"),
    "divide.end.highest-total": ("22", "233", "235", "271"),
    "divide.tiebreak.bonus": ("239", "241"),
    "divide.tiebreak.eighth-trick": ("242",),
    "divide.tiebreak.share": ("243",),
    "divide.ruling.tiebreak-group": ("239", "241", "242.1", "243"),
    "divide.ruling.eighth-trick-comparison": ("242.2",),
    "divide.ruling.share": ("243",),
}

_ASIDES = (
    *headings("1", "3", "9", "20", "24", "36", "48", "57", "63", "65", "73", "81", "90"),
    *headings("116", "128", "132", "144", "154", "169", "184", "188", "192", "200", "214"),
    *headings("229", "237", "245", "247", "249", "253", "262", "268", "273", "275"),
    aside("7", "summary", "the overview names the phases that the rules below state"),
    aside("17", "equipment", "a score sheet is a tool of the table; the engine keeps the score"),
    aside("18", "equipment", "an optional dealer marker; the state records the dealer"),
    aside("34", "note", "says when the suit order is used most; the order itself is line 32"),
)

SOURCES = SourceMap(
    game="divide",
    document="divide.txt",
    digest="4aca58be11c3aee5",
    covers=_COVERS,
    asides=_ASIDES,
)
"""Divide's sentences: covered by a clause, or set aside with a reason."""
