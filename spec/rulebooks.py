"""How each game's ``spec/<game>/rules.py`` builds its rulebook, in one style.

A game's rules module lists its clauses in reading order (``_CLAUSES``, made
with :func:`~spec.clauses.definition`, :func:`~spec.clauses.rule` and
:func:`~spec.clauses.ruling`) and builds ``RULEBOOK`` with
:func:`game_rulebook`, naming its phases last.  The source of every game is
the rule document ``<game>.txt``.  Clause ids are stable: records, errors,
the rulebook, bots, the solver and the proofs cite them.

>>> from spec.divide.rules import RULEBOOK as DIVIDE
>>> from spec.divided_ranks.rules import RULEBOOK as DIVIDED_RANKS
>>> from spec.euchre.rules import RULEBOOK as EUCHRE
>>> from spec.split.rules import RULEBOOK as SPLIT
>>> [book.source for book in (DIVIDE, DIVIDED_RANKS, EUCHRE, SPLIT)]
['divide.txt', 'divided-ranks.txt', 'euchre.txt', 'split.txt']
>>> DIVIDE["divide.trick.follow-suit"].title, EUCHRE["euchre.trick.follow-suit"].title
('Follow suit', 'Follow suit')
>>> SPLIT["split.turn.play-between"].title
'Play between the piles'
>>> DIVIDED_RANKS["divided-ranks.draft.split"].title
'Splitting four cards'
>>> EUCHRE["euchre.ruling.all-pass"].variant
'stick_the_dealer'
>>> len(DIVIDE.rulings) >= 8, len(DIVIDED_RANKS.rulings) >= 8, len(EUCHRE.rulings) >= 10
(True, True, True)
>>> len(SPLIT.rulings) >= 15
True
"""

from __future__ import annotations

from spec.clauses import Clause, Phase, Rulebook

__all__ = ["game_rulebook"]


def game_rulebook(game: str, title: str, clauses: tuple[Clause, ...], *phases: Phase) -> Rulebook:
    """The rulebook of ``game``: its ``clauses`` grouped in ``phases``, from ``<game>.txt``.

    >>> from spec.clauses import rule
    >>> book = game_rulebook("demo", "Demo", (rule("demo.turn", "Turns", "One at a time.",
    ...                      phase="play"),), Phase("play", "Play"))
    >>> book.source, book.in_phase("play")[0].title
    ('demo.txt', 'Turns')
    """
    return Rulebook(game=game, title=title, source=f"{game}.txt", phases=phases, clauses=clauses)
