"""cardlaw's one record per game: everything the command line keeps about a game, declared once.

The engine declares a game (:mod:`engine.registry`: its rules); cardlaw
adds, for each built-in game, one :class:`GameRecord` in :data:`RECORDS`:
its bots, the renderer of its log, its own ``cardlaw ask`` questions, the
statistics ``cardlaw simulate`` measures, its adapter binding (OpenSpiel,
PettingZoo, the ``mcts`` bot) and what ``cardlaw bench`` sets beside it.
Every table of the command line is derived from these records
(:func:`cardlaw.bots.make_bots`, :func:`cardlaw.render.renderer`,
:mod:`cardlaw.commands.ask`, :func:`cardlaw.simulation.statistics`,
:func:`cardlaw.ecosystem.binding`, :mod:`cardlaw.bench.playouts`).

A record holds loaders, small functions that import the game's module when
first called, so that naming the games loads none of them (start-up: ``cardlaw
ask divide`` loads Divide's questions alone).  A game registered from outside
cardlaw (the tests' toy) has no record and gets the defaults: ``random``, the
generic log, ``legal`` alone, no statistics.

>>> from cardlaw.engine.registry import BUILT_IN
>>> list(RECORDS) == [game.name for game in BUILT_IN]
True
>>> RECORDS["divide"].bench.reference, sorted(RECORDS["divide"].bots())
('hearts', ['greedy'])
>>> [command.name for command in RECORDS["euchre"].questions()]
['trick', 'play', 'score']
>>> record("high-card") is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import click

    from cardlaw.bots.base import BotFactory
    from cardlaw.ecosystem.base import AnyBinding
    from cardlaw.render.common import LogLines
    from cardlaw.simulation.claims import Statistics

__all__ = ["RECORDS", "Bench", "GameRecord", "record"]

# Each loader imports one module of its game when first called (deferred for start-up).
# ruff: noqa: PLC0415


@dataclass(frozen=True, slots=True, kw_only=True)
class Bench:
    """What ``cardlaw bench GAME`` sets beside the game's playouts.

    Attributes:
        reference: the OpenSpiel game played beside ours, or ``None``.
        no_reference: what is said when there is none.
        extras: the loader of the game's own figures (a function of the
            configuration benched to named numbers), or ``None``.
        evaluators: the reference evaluators its own figures are set beside
            (names of :data:`cardlaw.bench.references.EVALUATORS`).
    """

    reference: str | None = None
    no_reference: str = ""
    extras: Callable[[], Callable[[object], dict[str, float]]] | None = None
    evaluators: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRecord:
    """Everything the command line keeps about one game.

    Attributes:
        name: the game's registered name (:data:`engine.registry.GAMES`).
        bots: the loader of the game's own bots by name, weakest first
            (``random`` and ``mcts`` come with every game).
        renderer: the loader of the function that writes a game's log.
        questions: the loader of the game's own ``cardlaw ask GAME`` commands
            (``legal`` is added for every game that reads positions).
        statistics: the loader of what ``cardlaw simulate`` measures.
        binding: the loader of the game's adapter binding (OpenSpiel,
            PettingZoo, the ``mcts`` bot).
        bench: what ``cardlaw bench`` sets beside it.
    """

    name: str
    bots: Callable[[], Mapping[str, BotFactory]]
    renderer: Callable[[], LogLines]
    questions: Callable[[], tuple[click.Command, ...]]
    statistics: Callable[[], Statistics]
    binding: Callable[[], AnyBinding]
    bench: Bench = Bench()


# Divide.
def _divide_bots() -> Mapping[str, BotFactory]:
    from cardlaw.bots.divide import BOTS

    return BOTS


def _divide_renderer() -> LogLines:
    from cardlaw.render.divide import log_lines

    return log_lines


def _divide_questions() -> tuple[click.Command, ...]:
    from cardlaw.ask.divide import COMMANDS

    return COMMANDS


def _divide_statistics() -> Statistics:
    from cardlaw.simulation.claims import Statistics
    from cardlaw.simulation.divide import facts, report

    return Statistics(facts=facts, report=report)


def _divide_binding() -> AnyBinding:
    from cardlaw.ecosystem.games.divide import BINDING

    return BINDING


# Divided Ranks.
def _divided_ranks_bots() -> Mapping[str, BotFactory]:
    from cardlaw.bots.divided_ranks import BOTS
    from cardlaw.bots.divided_ranks_exact import ExactBot

    return {**BOTS, "exact": ExactBot}


def _divided_ranks_renderer() -> LogLines:
    from cardlaw.render.divided_ranks import log_lines

    return log_lines


def _divided_ranks_questions() -> tuple[click.Command, ...]:
    from cardlaw.ask.divided_ranks import COMMANDS

    return COMMANDS


def _divided_ranks_statistics() -> Statistics:
    from cardlaw.simulation.claims import Statistics
    from cardlaw.simulation.divided_ranks import facts, report

    return Statistics(facts=facts, report=report)


def _divided_ranks_binding() -> AnyBinding:
    from cardlaw.ecosystem.games.divided_ranks import BINDING

    return BINDING


def _divided_ranks_extras() -> Callable[[object], dict[str, float]]:
    from cardlaw.bench.extras import divided_ranks_extras

    return divided_ranks_extras


# Split.
def _split_bots() -> Mapping[str, BotFactory]:
    from cardlaw.bots.split import BOTS

    return BOTS


def _split_renderer() -> LogLines:
    from cardlaw.render.split import log_lines

    return log_lines


def _split_questions() -> tuple[click.Command, ...]:
    from cardlaw.ask.split import COMMANDS

    return COMMANDS


def _split_statistics() -> Statistics:
    from cardlaw.simulation.claims import Statistics
    from cardlaw.simulation.split import facts, report

    return Statistics(facts=facts, report=report)


def _split_binding() -> AnyBinding:
    from cardlaw.ecosystem.games.split import BINDING

    return BINDING


# Euchre.
def _euchre_bots() -> Mapping[str, BotFactory]:
    from cardlaw.bots.euchre import BOTS

    return BOTS


def _euchre_renderer() -> LogLines:
    from cardlaw.render.euchre import log_lines

    return log_lines


def _euchre_questions() -> tuple[click.Command, ...]:
    from cardlaw.ask.euchre import COMMANDS

    return COMMANDS


def _euchre_statistics() -> Statistics:
    from cardlaw.simulation.claims import Statistics
    from cardlaw.simulation.euchre import facts, report

    return Statistics(facts=facts, report=report)


def _euchre_binding() -> AnyBinding:
    from cardlaw.ecosystem.games.euchre import BINDING

    return BINDING


RECORDS: Final[Mapping[str, GameRecord]] = MappingProxyType(
    {
        record.name: record
        for record in (
            GameRecord(
                name="divide",
                bots=_divide_bots,
                renderer=_divide_renderer,
                questions=_divide_questions,
                statistics=_divide_statistics,
                binding=_divide_binding,
                bench=Bench(reference="hearts"),
            ),
            GameRecord(
                name="divided-ranks",
                bots=_divided_ranks_bots,
                renderer=_divided_ranks_renderer,
                questions=_divided_ranks_questions,
                statistics=_divided_ranks_statistics,
                binding=_divided_ranks_binding,
                bench=Bench(
                    no_reference="reference: none for the playouts (no other implementation "
                    "of Divided Ranks); its hand evaluator is set beside treys and pokerkit",
                    extras=_divided_ranks_extras,
                    evaluators=("treys", "pokerkit"),
                ),
            ),
            GameRecord(
                name="split",
                bots=_split_bots,
                renderer=_split_renderer,
                questions=_split_questions,
                statistics=_split_statistics,
                binding=_split_binding,
                bench=Bench(
                    no_reference="reference: none (no other implementation of Split to "
                    "compare with)"
                ),
            ),
            GameRecord(
                name="euchre",
                bots=_euchre_bots,
                renderer=_euchre_renderer,
                questions=_euchre_questions,
                statistics=_euchre_statistics,
                binding=_euchre_binding,
                bench=Bench(reference="euchre"),
            ),
        )
    }
)
"""Game name -> its record: cardlaw's four games, in the registry's order."""


def record(name: str) -> GameRecord | None:
    """The record of game ``name``; ``None`` for a game cardlaw has none of (the tests' toy)."""
    return RECORDS.get(name)
