"""One typed declaration per game: everything the shared base needs to run it.

A game is its rules, declared once as a :class:`Manifest`: its rulebook,
configuration and state types, codec, a table of :class:`Phase` (what each
stage waits for, the actions it takes and the function each one goes to,
its legal actions or its chance outcomes), observation, result, events,
invariants and variants, and optionally what a judge needs
(:class:`Judging`: position files and explanations).  The shared base,
:class:`engine.base.RulesGame`, implements the whole Game API from that
declaration, so a game module holds rules and no plumbing.  Every field is
required unless it has a default, so mypy refuses a manifest that leaves
one out.

A toy game (``tests/toy``) is defined by nothing but a manifest and its rule
functions, and passes the same contract suite as the four games.

>>> from cardlaw.engine.divide.game import MANIFEST
>>> MANIFEST.name, MANIFEST.phases[2].expected
('divide', 'make a Trump Offering')
>>> [kind.__name__ for kind in MANIFEST.phases[2].moves]
['Offer']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Never, Protocol, TypeVar

from cardlaw.engine.api import JSON, Event, Explanation
from cardlaw.engine.chance import ChanceSpace
from cardlaw.spec.clauses import Rulebook
from cardlaw.spec.forms import StateForm
from cardlaw.spec.invariants import Invariant, StepInvariant
from cardlaw.spec.schema import Schema
from cardlaw.spec.variants import Variant

__all__ = [
    "Codec",
    "Engine",
    "Explanation",
    "Forms",
    "Judging",
    "Manifest",
    "Phase",
    "Seated",
    "Staged",
    "Textual",
    "no_actions",
]


class Seated(Protocol):
    """What the base reads from a configuration: how many seats there are."""

    @property
    def players(self) -> int:
        """The number of players."""
        ...


class Staged(Protocol):
    """What the base reads from a state: its stage, its actor and its configuration."""

    @property
    def stage(self) -> int:
        """The stage, an index into the manifest's phases."""
        ...

    @property
    def actor(self) -> int:
        """The seat to act, -1 when chance acts or the game is over."""
        ...

    @property
    def config(self) -> Seated:
        """The configuration the game is played under."""
        ...


class Textual(Protocol):
    """What the base reads from an action: its record notation."""

    @property
    def text(self) -> str:
        """The action as a record writes it (``play 7S``)."""
        ...


C = TypeVar("C", bound=Seated)
S = TypeVar("S", bound=Staged)
A = TypeVar("A", bound=Textual)
V = TypeVar("V")
R = TypeVar("R")
A_contra = TypeVar("A_contra", contravariant=True)


def no_actions(state: object) -> tuple[Never, ...]:
    """The legal actions of a stage where no seat decides (chance, or the end)."""
    return ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Phase(Generic[S, A]):
    """One stage of a game: what it waits for and where each action goes.

    Attributes:
        stage: the stage's number (its index in :attr:`Manifest.phases`).
        expected: what the stage waits for, in words (``play a card``),
            for the error given to an action out of turn; none at the end
            (an action after the end is refused as such, naming the
            manifest's :attr:`Manifest.over_clause`).
        moves: each action type the stage takes and the function that applies
            it (a state and an action of that type to the next state; it
            raises :class:`~spec.errors.IllegalAction` naming the clause).
        legal: the legal actions at a state of this stage (none by default:
            a chance stage or the end).
        chance: chance's outcomes at a state of this stage, for a chance stage.
        pick: the legal action at a given index without building the others:
            ``pick(state, below)`` is ``legal(state)[below(n)]``, where ``n`` is
            the number of legal actions and ``below(n)`` a draw from 0 to
            ``n - 1``, which the pick checks (``engine.picking.bit_at`` and
            ``subset_at`` do) before it uses it (by default ``legal`` is
            listed and indexed).
        clause: the clause an action out of turn breaks here (by default the
            game's :attr:`Manifest.turn_clause`).
    """

    stage: int
    expected: str = ""
    moves: Mapping[type, Callable[[S, Any], S]] = field(default_factory=dict)
    legal: Callable[[S], tuple[A, ...]] = no_actions
    chance: Callable[[S], ChanceSpace[A]] | None = None
    pick: Callable[[S, Callable[[int], object]], A] | None = None
    clause: str | None = None

    def __post_init__(self) -> None:
        if self.moves and not self.expected:  # its out-of-turn error would say nothing
            raise ValueError(f"stage {self.stage} takes actions: say what it waits for")
        object.__setattr__(self, "moves", MappingProxyType(dict(self.moves)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Codec(Generic[C, S]):
    """How a game's configurations and states are written as JSON and read back."""

    config_to_json: Callable[[C], dict[str, JSON]]
    config_from_json: Callable[[Mapping[str, object]], C]
    state_to_json: Callable[[S], dict[str, JSON]]
    state_from_json: Callable[[Mapping[str, object]], S]


class Engine(Protocol[S, A_contra]):
    """The part of the Game API a judge's tools replay positions through."""

    def apply(self, state: S, action: A_contra) -> S:
        """The state after ``action``."""
        ...

    def to_move(self, state: S) -> int | str | None:
        """Who acts next."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Forms:
    """The form of what a game's records hold beyond the actions: events, result, positions.

    Each is a schema (:mod:`spec.schema`) for a table of ``players`` seats
    (``None`` when the number is not known: any seat number is then one).
    A record's events and result are checked against them before anything
    is replayed (:func:`engine.record.check_record`), and they are published
    as JSON Schema (:mod:`engine.formats`).

    Attributes:
        event: the form of one event (``{"event": "trick", ...}``).
        result: the form of the game's result.
        position: the form of a position file, for a game that reads them
            (its position reader checks the same form).
    """

    event: Callable[[int | None], Schema]
    result: Callable[[int | None], Schema]
    position: Callable[[int | None], Schema] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Judging(Generic[S, A]):
    """What ``cardlaw ask`` needs of a game: position files and explanations.

    The functions take the game (an :class:`Engine`) as their first argument,
    so the modules that hold them never import the game's declaration.

    Attributes:
        example: a documented position file (``ask GAME legal --position``).
        read: the state a position file describes; every problem is named.
        write: a state as a position file.
        explain: whether an action is legal at a state, and why.
    """

    example: Mapping[str, JSON]
    read: Callable[[Engine[S, A], Mapping[str, object]], S]
    write: Callable[[Engine[S, A], S], dict[str, JSON]]
    explain: Callable[[Engine[S, A], S, A], tuple[bool, Explanation]]


@dataclass(frozen=True, slots=True, kw_only=True)
class Manifest(Generic[C, S, A, V, R]):
    """A game, declared once (see the module's documentation).

    The game's name and title are its rulebook's; its action types are those
    its phases take.

    Attributes:
        rulebook: the game's clauses and rulings (and its name and title).
        config: the configuration type; states carry one as ``config``.
        state: the state type (fields ``stage``, ``actor``, ``config``).
        form: what each field of a state holds (:mod:`spec.forms`), so a
            state with junk in a field is refused by name, never run.
        result: the result type.
        codec: JSON for configurations and states.
        parse_action: an action from its record notation.
        new_game: the state before anything has happened.
        phases: one :class:`Phase` per stage, in stage order.
        over: the stage of a finished game.
        over_clause: the clause that ends the game (cited after the end).
        turn_clause: the clause an action out of turn breaks.
        action_clauses: the clause an action of a given type breaks when it
            comes out of turn, where it is not the phase's own.
        observe: what a seat may know.
        outcome: the result of a finished game, else ``None``.
        outcome_to_json: a result as JSON.
        events: what a reader of a record wants to know about one step.
        invariants: the state invariants.
        step_invariants: the step invariants.
        variants: the named rule variants.
        player_counts: the player counts of the default game.
        bench_unit: what ``cardlaw bench`` counts (``rounds``, ``hands``...).
        units_played: how many bench units a finished game holds.
        describe: a one-line summary of a state, for messages.
        judging: position files and explanations, for ``cardlaw ask``.
        forms: the form of the game's events, result and positions, checked
            in records before they are replayed (without it, any object is one).
    """

    rulebook: Rulebook
    config: type[C]
    state: type[S]
    form: StateForm
    result: type[R]
    codec: Codec[C, S]
    parse_action: Callable[[str], A]
    new_game: Callable[[C], S]
    phases: tuple[Phase[S, A], ...]
    over: int
    over_clause: str
    turn_clause: str
    observe: Callable[[S, int], V]
    outcome: Callable[[S], R | None]
    outcome_to_json: Callable[[R], dict[str, JSON]]
    events: Callable[[S, A, S], list[Event]]
    invariants: tuple[Invariant[S], ...]
    step_invariants: tuple[StepInvariant[S], ...]
    variants: tuple[Variant, ...]
    player_counts: tuple[int, ...]
    bench_unit: str
    units_played: Callable[[S], int]
    describe: Callable[[S], str]
    action_clauses: Mapping[type, str] = field(default_factory=dict)
    judging: Judging[S, A] | None = None
    forms: Forms | None = None

    def __post_init__(self) -> None:
        stages = [phase.stage for phase in self.phases]
        if stages != list(range(len(self.phases))):
            raise ValueError(f"{self.name}: phases must be listed in stage order, got {stages}")
        if self.phases[self.over].moves:
            raise ValueError(f"{self.name}: the stage of a finished game takes no action")
        if self.form.state is not self.state:
            raise ValueError(f"{self.name}: the form is not that of {self.state.__name__}")

    @property
    def name(self) -> str:
        """The command-line and record name (``divided-ranks``): the rulebook's."""
        return self.rulebook.game

    @property
    def title(self) -> str:
        """The name in prose (``Divided Ranks``): the rulebook's."""
        return self.rulebook.title

    @property
    def actions(self) -> tuple[type, ...]:
        """The game's action types, in the order its phases first take them.

        Exactly these are the game's actions: another game's ``Play`` is not.
        """
        return tuple(dict.fromkeys(kind for phase in self.phases for kind in phase.moves))
