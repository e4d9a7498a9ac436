"""How Euchre's obligations about the end of a game word their witnesses and mutants.

>>> from cardlaw.spec.euchre.parameters import PRINTED_RULES
>>> how_won("maker", PRINTED_RULES), top_trumps(5), times(3), plural(1)
('the makers take three or four tricks', 'both bowers and the A K Q of Spades', 'three times', \
'one point')
"""

from __future__ import annotations

from typing import Final

from cardlaw.proofs.euchre.support import number_word
from cardlaw.spec.euchre.parameters import EuchreRules

__all__ = ["KIND_NAMES", "WORTH", "how_won", "plural", "scores_phrase", "times", "top_trumps"]


def plural(points: int) -> str:
    """``one point``, ``two points``."""
    return f"{number_word(points)} point{'s' if points != 1 else ''}"


def how_won(kind: str, rules: EuchreRules) -> str:
    """How a hand of ``kind`` is won, in words."""
    if kind == "maker":
        low, high = number_word(rules.majority), number_word(rules.tricks - 1)
        between = low if low == high else f"{low} or {high}"
        if rules.tricks - 1 > rules.majority + 1:
            between = f"{low} to {high}"
        return f"the makers take {between} tricks"
    return {
        "march": "the makers take every trick",
        "alone": "a lone maker takes every trick",
        "euchre": "the makers are euchred",
    }[kind]


def top_trumps(each: int) -> str:
    """The ``each`` highest Spades when Spades are trump, in words."""
    if each == 1:
        return "the right bower"
    ranks = " ".join(("A", "K", "Q")[: each - 2])
    return "both bowers" + (f" and the {ranks} of Spades" if ranks else "")


def times(count: int) -> str:
    """``once``, ``twice``, ``three times``."""
    return {1: "once", 2: "twice"}.get(count, f"{number_word(count)} times")


KIND_NAMES: Final = {
    "alone": ("lone march", "lone marches"),
    "march": ("march", "marches"),
    "euchre": ("euchre", "euchres"),
    "maker": ("hand made", "hands made"),
}


def scores_phrase(name: str, rules: EuchreRules) -> str:
    """Who scores an entry of the scoring table, as a mutant's description says it."""
    return {
        "maker_points": "makers who take "
        + how_won("maker", rules).removeprefix("the makers take "),
        "march_points": "makers who take every trick",
        "alone_march_points": "a lone maker who takes every trick",
        "euchre_points": "defenders who euchre the makers",
    }[name]


WORTH: Final = {
    "maker_points": "making it",
    "march_points": "a march",
    "alone_march_points": "a march alone",
    "euchre_points": "a euchre",
}
