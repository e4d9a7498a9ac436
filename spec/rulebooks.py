"""How each game's ``spec/<game>/rules.py`` builds its rulebook, in one style.

A game's rules module lists its clauses in reading order (``_CLAUSES``, made
with :func:`~spec.clauses.definition`, :func:`~spec.clauses.rule` and
:func:`~spec.clauses.ruling`) and builds ``RULEBOOK`` with
:func:`game_rulebook`, naming its phases last.  The source of every game is
the rule document ``<game>.txt``.  Clause ids are stable: records, errors,
the rulebook, bots, the solver and the proofs cite them.

>>> from cardlaw.spec.divide.rules import RULEBOOK as DIVIDE
>>> from cardlaw.spec.divided_ranks.rules import RULEBOOK as DIVIDED_RANKS
>>> from cardlaw.spec.euchre.rules import RULEBOOK as EUCHRE
>>> from cardlaw.spec.split.rules import RULEBOOK as SPLIT
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

from cardlaw.spec.clauses import Clause, Phase, Rulebook
from cardlaw.spec.guide import Guide
from cardlaw.spec.source_map import SourceMap

__all__ = ["game_rulebook"]


def game_rulebook(
    game: str,
    title: str,
    clauses: tuple[Clause, ...],
    *phases: Phase,
    sources: SourceMap,
    guide: Guide | None = None,
) -> Rulebook:
    """The rulebook of ``game``: its ``clauses`` grouped in ``phases``, from ``<game>.txt``.

    ``sources`` is the game's map of that document (``spec/<game>/sources.py``) and ``guide``
    its guide for players (``spec/<game>/guide.py``): the rulebook carries both.

    >>> from cardlaw.spec.clauses import rule
    >>> demo = SourceMap("demo", "demo.txt", "", {"demo.turn": ("1",)}, ())
    >>> book = game_rulebook("demo", "Demo", (rule("demo.turn", "Turns", "One at a time.",
    ...                      phase="play"),), Phase("play", "Play"), sources=demo)
    >>> book.source, book.in_phase("play")[0].title, book.sources is demo
    ('demo.txt', 'Turns', True)
    >>> game_rulebook("demo", "Demo", (), sources=SourceMap("other", "other.txt", "", {}, ()))
    Traceback (most recent call last):
    ...
    ValueError: the source map of demo maps other.txt, not demo.txt
    """
    source = f"{game}.txt"
    if sources.game != game or sources.document != source:
        raise ValueError(f"the source map of {game} maps {sources.document}, not {source}")
    return Rulebook(
        game=game,
        title=title,
        source=source,
        phases=phases,
        clauses=clauses,
        sources=sources,
        guide=guide,
    )
