"""The typed records a game's test adapter (``tests/<package>/adapter.py``) fills in.

A leaf module: it imports nothing of the tests, so an adapter can import it while
:mod:`tests.games` imports the adapters.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Asked",
    "Disputes",
    "Ecosystem",
    "Hidden",
    "OtherApis",
    "PanelCase",
    "PanelStep",
    "Simulated",
    "Swapped",
    "Tampered",
    "record_head",
    "taps",
    "toml_tricks",
]

Edit = Callable[[Any], object]
"""An edit of a position (a JSON document), in place."""


@dataclass(frozen=True)
class Disputes:
    """A game's data for the dispute tests every game makes the same way
    (``tests/disputes/test_generic_disputes.py``, ``test_position_schemas.py``)."""

    example: Mapping[str, Any]
    """The example position (the one its documentation shows)."""
    toml: tuple[Sequence[str], str]
    """The position written as TOML (its lines), and what ``ask legal`` then answers."""
    judged: Sequence[tuple[Edit, str]]
    """Edits of :attr:`example` that a judge rejects, and what the one line of error says."""
    fuzzed: Sequence[tuple[Mapping[str, Any], frozenset[str]]]
    """Positions whose fields are fuzzed one at a time, and the fields each may add."""
    json_words: tuple[str, ...]
    """The words of fuzzed position files: the game's cards, the words its fields take."""
    bad_queries: Sequence[str]
    """Queries ``cardlaw query GAME`` refuses."""
    doubled: Edit
    """An edit of :attr:`example` that gives a card twice: a problem of the rules, not of the
    form (``tests/disputes/test_position_schemas.py``)."""
    json_top: int = 60
    """The largest whole number the game's fuzzed JSON holds."""
    revoked: Edit | None = field(default=None)
    """An edit of :attr:`example` where a seat revoked earlier in the round (no legal play
    reaches it), for a game whose rules make a seat follow suit; None for another game."""


def toml_tricks(position: Mapping[str, Any], leader: int | None = None) -> list[str]:
    """A trick-taking position's tricks done and trick in progress, as TOML tables (the trick
    led by ``leader``, if given, else as in ``position``).

    >>> toml_tricks({"tricks": [], "trick": {"leader": 1, "cards": ["AS"]}}, leader=2)
    ['[trick]\\nleader = 2\\ncards = ["AS"]']
    """
    trick = position["trick"]
    return [
        *[
            f"[[tricks]]\nleader = {t['leader']}\ncards = {json.dumps(t['cards'])}"
            for t in position["tricks"]
        ],
        f"[trick]\nleader = {trick['leader'] if leader is None else leader}\n"
        f"cards = {json.dumps(trick['cards'])}",
    ]


@dataclass(frozen=True)
class Tampered:
    """How the tampering tests (``tests/engine/test_generic_cli.py``) get a game's record and
    edit one of its events."""

    play: tuple[str, ...]
    """``cardlaw play GAME`` options of the record the tests edit (its first shuffle is dealt a
    card twice; an event is edited)."""
    event: str
    """The kind of event edited: the first of that kind in the record."""
    edit: Callable[[dict[str, Any]], None]
    """The edit of that event, in place (a score, a pile opened): the replay must refuse it."""


def record_head(game: str) -> str:
    """The start of a record of ``game``, up to its configuration.

    >>> record_head("split").endswith('"game": "split", "config": ')
    True
    """
    return '{"format": "cardlaw-record", "version": 1, "game": "' + game + '", "config": '


PanelStep = tuple[str, ...]
"""One tap on the "Ask the judge" panel: ("question", NAME), ("target", KEY), ("card", CODE),
("choice", KEY, VALUE), or cards typed into a field: ("type", KEY, TEXT)."""

PanelCase = tuple[list[PanelStep], list[str]]
"""The taps of one question, and the ``cardlaw ask`` arguments of the same question."""


def taps(*codes: str) -> list[PanelStep]:
    """A tap on each of the cards ``codes``.

    >>> taps("AS", "KH")
    [('card', 'AS'), ('card', 'KH')]
    """
    return [("card", code) for code in codes]


Hidden = Callable[[Any, int], list[int]]
"""The cards of a state hidden from a seat."""

Swapped = Callable[[Any, int, int], Any]
"""A state with two cards swapped wherever they lie."""


@dataclass(frozen=True)
class Ecosystem:
    """A game's data for the tests of the game-AI adapters (``tests/ecosystem``)."""

    setups: tuple[Mapping[str, Any], Mapping[str, Any]]
    """The default parameters and one other setup (a variant, a player count), as OpenSpiel
    parameters."""
    wider: Sequence[Mapping[str, Any]]
    """More setups for the cheap properties: variants, counts and changed rule numbers."""
    secrecy: Callable[[], tuple[Hidden, Swapped]]
    """The game's own secrecy helpers (``tests/<package>/test_observe.py``, imported when
    wanted: they import :mod:`tests.games`): the cards hidden from a seat, and a swap."""
    blocks: Sequence[tuple[str, int, int]]
    """The blocks of action ids under the printed rules, as the binding's module documents
    them: (block, first id, last id) each, in order (``tests/ecosystem/test_ids.py``)."""
    returns: Callable[[Any, Any], list[float]]
    """Each seat's return at the end, read off the result by hand (not through the binding),
    from the configuration and the result (``tests/ecosystem/test_openspiel.py``)."""
    shorter: Mapping[str, Any] = field(default_factory=dict)
    """Parameters that shorten a game OpenSpiel plays whole (added to a setup's own)."""


@dataclass(frozen=True)
class OtherApis:
    """A game's own public entry points besides the Game API and positions, that some
    enforcing code belongs to, and a drive through them (``tests/spec/test_reachable.py``)."""

    named: Mapping[str, str]
    """Each entry point's name, and the command that uses it."""
    drive: Callable[[Any, Any, Any, list[Any]], None]
    """Call them on one whole game: (game, config, final state, actions). It imports what it
    calls when called, so what those modules build on import counts as reached."""


Step = int | str
"""A step of a game: an action's text, or an index (of the chance outcome, at a chance node)."""

Opening = tuple[str, Sequence[tuple[Step, str]]]
"""A game's description at the start, then after each of its first steps."""

Record = dict[str, Any]
"""A record, as JSON."""

EquallyLegal = Callable[[Record, int, int | None], bool]
"""Whether a record tampered at an index (and another) may still be a legal game."""


@dataclass(frozen=True)
class PlayHelpers:
    """A trick-taking game's trick-phase helpers, and how far its test games must go
    (``tests/engine/test_play_helpers.py``)."""

    actions: Callable[[Any], tuple[Any, ...]]
    """The legal plays as actions."""
    mask_actions: Callable[[Any], tuple[Any, ...]]
    """The legal plays as a mask, read back as actions."""
    in_tricks: Callable[[Any], bool]
    """Whether a seat is to play to a trick."""
    seeds: int
    """How many random games to walk."""
    sizes: frozenset[int]
    """The sizes of trick the walks must meet a seat playing to."""
    clauses: tuple[str, ...]
    """The clauses of the legal plays the helpers compute."""


@dataclass(frozen=True)
class Asked:
    """A cheap, valid ``cardlaw ask GAME TOPIC`` of one of the game's questions, into which the
    fuzz tests put one defect (``tests/cli/test_fuzz.py``, ``test_fuzz_files.py``)."""

    options: tuple[str, ...] = ()
    """The options given (each followed by its values)."""
    arguments: tuple[str, ...] = ()
    """The arguments given, after the options."""
    cards: str = ""
    """What the arguments are: ``"each"`` a card each, ``"hands"`` a hand of cards each, or
    ``""`` no cards."""
    files: tuple[str, ...] = ()
    """How the question is given a file to read: an option's name, or ``""`` for its argument
    (which, given empty, is refused)."""

    @property
    def argv(self) -> list[str]:
        """The options, then the arguments.

        >>> Asked(options=("--trump", "7"), arguments=("KH",)).argv
        ['--trump', '7', 'KH']
        """
        return [*self.options, *self.arguments]


@dataclass(frozen=True)
class Simulated:
    """What ``cardlaw simulate GAME`` is run with and must report (``tests/cli/test_simulate.py``)."""

    lineups: tuple[tuple[str, ...], ...]
    """Options after the game's name: its configurations and variants worth a look."""
    claims: bool
    """Whether the report holds claims of the rule document to confirm or refute."""
    default_bot: str
    """The bot every seat gets when ``--bots`` is not given (the game's strongest)."""


def first_card_twice(position: Any) -> None:
    """Seat 0 holds, besides its own cards, the first card of seat 1 (a card given twice), in
    a position whose hands are written as text.

    >>> spot = {"hands": ["AS", "KH QH"]}
    >>> first_card_twice(spot)
    >>> spot["hands"][0]
    'AS KH'
    """
    hands = position["hands"]
    hands[0] = f"{hands[0]} {hands[1].split()[0]}"
