"""The Game API, implemented once for every game from its :class:`~engine.manifest.Manifest`.

A game module declares its manifest and hands it to :class:`RulesGame`;
everything else — dispatch from a stage to its phase, the out-of-turn
errors, JSON, invariants and the guards on every entry point — lives here.

**Guards.**  Every entry point checks the kind of its arguments, cheaply (a
``type(...) is`` test, never the contents):

* a state must be of the game's state type, a configuration of its
  configuration type, a result of its result type, an action of one of its
  action types (each exactly: another game's ``Play`` is not this game's);
* a seat must be an ``int`` (not a ``bool``) from 0 to ``players - 1``;
* ``config(**options)`` and ``config_from_json`` reject unknown options and
  values of the wrong JSON type (the codec's reader).

Anything else raises :class:`~spec.errors.MalformedInput` with a one-line
message naming the entry point and the argument.

**The rule for actions:**
``apply`` with something that is not one of the game's action types is
*malformed*, whatever the moment; one of the game's own actions at the wrong
moment is *illegal* (:class:`~spec.errors.IllegalAction` naming the phase's
clause, the game's turn clause, or the end-of-game clause once it is over).

**Forged states.**  A state of the right type may still hold junk in a
field (``state._replace(hands=None)``).  The manifest's ``form``
(:mod:`spec.forms`) says what each field holds.  The entry points a game's
playout runs through (``to_move``, ``legal_actions``, ``sample_legal_action``,
``chance_outcomes``, ``apply``, ``observe``, ``events``, ``result`` and
``units_played``) do not check it on the way in, which would cost a playout
dearly; they check it when something goes wrong on the way: a state of the
wrong form is refused with :class:`~spec.errors.MalformedInput` naming the
field, one of the right form that breaks an invariant with
:class:`~spec.errors.InvalidState`, and an error met with a state that is
neither is a bug of cardlaw's and goes up as it is.  The rest
(``violations``, ``step_violations``, ``describe``, ``state_to_json``,
``out_of_turn``, ``position_to_json``, ``explain``) check the form first.
The engine's loops over a card set refuse a negative mask, so no forged
state makes an entry point run for ever.

>>> from cardlaw.engine.divide.game import DIVIDE
>>> DIVIDE.rulebook.game, DIVIDE.action_text(DIVIDE.parse_action("play 7S"))
('divide', 'play 7S')
>>> DIVIDE.parse_action(7)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: parse_action: an action must be text, not 7
>>> state = DIVIDE.new_game(DIVIDE.config())
>>> DIVIDE.observe(state, "0")
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: observe: seat must be a seat number 0–3, not '0'
>>> DIVIDE.legal_actions(None)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: legal_actions: state must be a Divide state, not None
>>> DIVIDE.state_to_json(state._replace(undealt=-1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: state_to_json: state.undealt must be a card set (...), not -1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any, Final, Generic, TypeVar

from cardlaw.engine.api import JSON, Draw, Event, Mover
from cardlaw.engine.base import shown
from cardlaw.engine.chance import ChanceSpace
from cardlaw.engine.manifest import Explanation, Judging, Manifest, Seated, Staged, Textual
from cardlaw.engine.picking import Below, bad_draw
from cardlaw.spec.clauses import Rulebook
from cardlaw.spec.errors import CardlawError, IllegalAction, InvalidState, MalformedInput
from cardlaw.spec.invariants import Invariant, StepInvariant, step_violations, violations
from cardlaw.spec.variants import OptionValue

__all__ = ["RulesGame", "each_broken"]

C = TypeVar("C", bound=Seated)
S = TypeVar("S", bound=Staged)
A = TypeVar("A", bound=Textual)
V = TypeVar("V")
R = TypeVar("R")
T = TypeVar("T")
Named = TypeVar("Named", Invariant[Any], StepInvariant[Any])

_WHAT: Final = {"state": "state", "config": "configuration", "result": "result"}


def each_broken(invariants: Iterable[Named], check: Callable[[Named], list[str]]) -> list[str]:
    """What ``check`` finds of each invariant (one that raises is broken: no reachable one does)."""
    broken = []
    for invariant in invariants:
        try:
            broken += check(invariant)
        except Exception as error:
            broken.append(f"{invariant.id}: cannot be checked ({type(error).__name__})")
    return broken


class RulesGame(Generic[C, S, A, V, R]):
    """A game on the Game API (:mod:`engine.api`), run from its manifest."""

    __slots__ = (
        "_actions",
        "_chance",
        "_form",
        "_legal",
        "_moves",
        "_over",
        "_pick",
        "_state",
        "bench_unit",
        "invariants",
        "judged",
        "manifest",
        "name",
        "player_counts",
        "rulebook",
        "step_invariants",
        "title",
        "turn_clause",
        "variants",
    )

    def __init__(self, manifest: Manifest[C, S, A, V, R]) -> None:
        self.manifest: Final = manifest
        self.name: Final = manifest.name
        """The command-line and record name (``divide``)."""
        self.title: Final = manifest.title
        """The name in prose (``Divide``)."""
        self.variants: Final[Mapping[str, Mapping[str, OptionValue]]] = {
            variant.name: variant.options for variant in manifest.variants
        }
        """The options each named variant sets."""
        self.rulebook: Final[Rulebook] = manifest.rulebook
        """The game's clauses and rulings."""
        self.player_counts: Final[tuple[int, ...]] = manifest.player_counts
        """The player counts of the default game."""
        self.invariants: Final[tuple[Invariant[S], ...]] = manifest.invariants
        """The state invariants checked after every step."""
        self.step_invariants: Final[tuple[StepInvariant[S], ...]] = manifest.step_invariants
        """The step invariants checked across every step."""
        self.turn_clause: Final[str] = manifest.turn_clause
        """The clause broken by acting out of turn (cited by record replays)."""
        self.bench_unit: Final[str] = manifest.bench_unit
        """What ``cardlaw bench`` counts (``rounds``, ``hands``, ``games``)."""
        self.judged: Final[bool] = manifest.judging is not None
        """Whether the game reads position files and explains actions (``cardlaw ask``)."""
        self._state: Final = manifest.state
        self._form: Final = manifest.form
        self._over: Final = manifest.over
        self._actions: Final = frozenset(manifest.actions)
        self._legal: Final = tuple(phase.legal for phase in manifest.phases)
        self._chance: Final = tuple(phase.chance for phase in manifest.phases)
        self._pick: Final = tuple(phase.pick for phase in manifest.phases)
        self._moves: Final = tuple(dict(phase.moves) for phase in manifest.phases)

    def __repr__(self) -> str:
        return f"<{self.title} on the Game API>"

    # -- the guards ---------------------------------------------------------------

    def _bad(self, where: str, name: str, kind: str, value: object) -> MalformedInput:
        return MalformedInput(
            f"{where}: {name} must be a {self.title} {_WHAT.get(kind, kind)}, not {shown(value)}"
        )

    def _state_of(self, where: str, state: S, name: str = "state") -> S:
        """``state``, if it is of the game's state type and form (else ``MalformedInput``)."""
        if type(state) is not self._state:
            raise self._bad(where, name, "state", state)
        problem = self._form.problem(state)
        if problem is not None:
            raise MalformedInput(f"{where}: {name}.{problem}")
        return state

    def _checked(self, where: str, state: S, function: Callable[[S], T], *, form: bool = True) -> T:
        """``function(state)``, for a state of the game's type (and form, first, if ``form``).

        An error on the way is the state's or a bug, as :meth:`_refuse` tells them apart.
        """
        if form:
            self._state_of(where, state)
        elif type(state) is not self._state:
            raise self._bad(where, "state", "state", state)
        try:
            return function(state)
        except CardlawError:
            raise
        except Exception as error:
            self._refuse(where, state, error)
            raise

    def _refuse(self, where: str, state: object, error: Exception, name: str = "state") -> None:
        """Raise the project's error for ``error``, met at ``state``, if the state is to blame.

        A state of the wrong form: :class:`MalformedInput` naming the field; of
        the right form but breaking an invariant (or one that cannot be checked
        on it): :class:`InvalidState`.  For a state that is neither, return:
        ``error`` is a bug and the caller raises it as it is.
        """
        if type(state) is not self._state:
            raise self._bad(where, name, "state", state) from error
        problem = self._form.problem(state)
        if problem is not None:
            raise MalformedInput(f"{where}: {name}.{problem}") from error
        broken = self._violations(state)
        if broken:
            raise InvalidState(broken) from error

    def _follows(self, state: S, action: A) -> S | None:
        """The state after ``action`` at ``state``, or ``None`` where it is not legal."""
        try:
            return self.apply(state, action)
        except CardlawError:
            return None

    def _violations(self, state: S) -> list[str]:
        """The invariants ``state`` (of the right form) breaks, each invariant on its own."""
        return each_broken(self.manifest.invariants, lambda one: violations((one,), state))

    def _seat_of(self, where: str, state: S, seat: object) -> int:
        players = state.config.players
        if type(seat) is int and 0 <= seat < players:
            return seat
        last = players - 1
        if type(seat) is int:
            raise MalformedInput(
                f"{where}: there is no seat {shown(seat)} in a {players}-player game"
                f" (seats are 0–{last})"
            )
        raise MalformedInput(f"{where}: seat must be a seat number 0–{last}, not {shown(seat)}")

    def _action_of(self, where: str, action: A) -> A:
        if type(action) not in self._actions:
            raise self._bad(where, "action", "action", action)
        return action

    # -- the Game API -------------------------------------------------------------

    def config(self, **options: object) -> C:
        """A configuration from keyword options (unknown or bad ones raise)."""
        return self.manifest.codec.config_from_json(options)

    def new_game(self, config: C) -> S:
        """The state before anything has happened."""
        if type(config) is not self.manifest.config:
            raise self._bad("new_game", "config", "config", config)
        return self.manifest.new_game(config)

    def to_move(self, state: S) -> Mover:
        """The seat to act, ``"chance"``, or ``None`` once the game is over."""
        if type(state) is not self._state:
            raise self._bad("to_move", "state", "state", state)
        try:
            actor = state.actor
            if actor >= 0:
                return actor
            return None if state.stage == self._over else "chance"
        except Exception as error:
            self._refuse("to_move", state, error)
            raise

    def legal_actions(self, state: S) -> tuple[A, ...]:
        """The actions open to the seat to move (empty for chance and at the end)."""
        if type(state) is not self._state:
            raise self._bad("legal_actions", "state", "state", state)
        try:
            return self._legal[state.stage](state)
        except CardlawError:
            raise
        except Exception as error:
            self._refuse("legal_actions", state, error)
            raise

    def sample_legal_action(self, state: S, rng: Draw) -> A:
        """A uniformly random legal action, as ``rng.choice(legal_actions(state))`` draws it.

        Both make one draw, ``rng.randrange(n)`` over the ``n`` legal actions, and
        take the action at that index; a stage with a ``pick`` finds that action
        without building the others.  Where no seat is to act it raises, and so
        does a draw that is not from 0 to ``n - 1`` (:func:`~engine.picking.bad_draw`);
        an error of ``rng.randrange``'s own is the caller's, and goes up as it is.
        """
        if type(state) is not self._state:
            raise self._bad("sample_legal_action", "state", "state", state)
        try:
            below: Below = rng.randrange  # returns object: compiled code must not check it first
        except AttributeError:
            raise MalformedInput(
                f"sample_legal_action: rng must have a randrange method, not {shown(rng)}"
            ) from None
        try:
            pick = self._pick[state.stage]
            if pick is not None:
                return pick(state, below)
            legal = self._legal[state.stage](state)
        except CardlawError:
            raise
        except Exception as error:
            self._refuse("sample_legal_action", state, error)
            raise
        n = len(legal)
        if not n:
            raise MalformedInput("sample_legal_action: no seat is to act here")
        index: object = below(n)
        if type(index) is int and 0 <= index < n:
            return legal[index]
        raise bad_draw(index, n)

    def chance_outcomes(self, state: S) -> ChanceSpace[A] | None:
        """The exact distribution of chance's outcome at a chance node, else ``None``."""
        if type(state) is not self._state:
            raise self._bad("chance_outcomes", "state", "state", state)
        try:
            outcomes = self._chance[state.stage]
            return None if outcomes is None else outcomes(state)
        except CardlawError:
            raise
        except Exception as error:
            self._refuse("chance_outcomes", state, error)
            raise

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; ``state`` itself never changes."""
        if type(state) is not self._state:
            raise self._bad("apply", "state", "state", state)
        try:
            handler = self._moves[state.stage].get(type(action))
            if handler is None:
                raise self._wrong_moment(state, action)
            return handler(state, action)
        except CardlawError:
            raise
        except Exception as error:
            self._refuse("apply", state, error)
            raise

    def out_of_turn(self, state: S, action: A) -> CardlawError:
        """The error for an action of the wrong kind for this moment of the game.

        Not one of the game's actions at all: malformed.  One of them, but not
        now: illegal, naming the clause (or the end of the game).
        """
        return self._checked("out_of_turn", state, lambda s: self._wrong_moment(s, action))

    def _wrong_moment(self, state: S, action: A) -> CardlawError:
        """:meth:`out_of_turn`'s error, for a state not yet checked (``apply``'s)."""
        if type(action) not in self._actions:
            return self._bad("apply", "action", "action", action)
        manifest = self.manifest
        text = action.text
        stage = state.stage
        if stage == self._over:
            return IllegalAction(
                f"the game is over; {text!r} cannot be played", clause=manifest.over_clause
            )
        phase = manifest.phases[stage]
        who = f"seat {state.actor} must {phase.expected}" if state.actor >= 0 else phase.expected
        clause = manifest.action_clauses.get(type(action)) or phase.clause
        return IllegalAction(
            f"{who} now, not {text!r}",
            clause=clause or manifest.turn_clause,
            state=partial(manifest.describe, state),
        )

    def observe(self, state: S, seat: object) -> V:
        """What ``seat`` may know (a seat number; anything else is malformed input).

        ``seat`` is typed ``object``, as ``parse_action``'s ``text`` is, because the guard
        checks it: a compiled build (:mod:`engine.compiled`) would otherwise refuse a
        wrong type with a ``TypeError`` before the guard could name it.
        """
        if type(state) is not self._state:
            raise self._bad("observe", "state", "state", state)
        try:
            return self.manifest.observe(state, self._seat_of("observe", state, seat))
        except CardlawError:
            raise
        except Exception as error:
            self._refuse("observe", state, error)
            raise

    def result(self, state: S) -> R | None:
        """The result once the game is over, else ``None``."""
        return self._checked("result", state, self.manifest.outcome, form=False)

    def events(self, state: S, action: A, after: S) -> list[Event]:
        """What a reader wants to know about one step: ``after`` is ``apply(state, action)``."""
        if type(state) is not self._state:
            raise self._bad("events", "state", "state", state)
        self._action_of("events", action)
        if type(after) is not self._state:
            raise self._bad("events", "after", "state", after)
        try:
            return self.manifest.events(state, action, after)
        except CardlawError:
            raise
        except Exception as error:
            self._refuse("events", state, error)
            self._refuse("events", after, error, "after")
            if self._follows(state, action) != after:
                raise MalformedInput(
                    f"events: after is not the state {action.text!r} leads to"
                ) from error
            raise

    def violations(self, state: S) -> list[str]:
        """Every invariant ``state`` breaks (none for a reachable state)."""
        return self._violations(self._state_of("violations", state))

    def step_violations(self, before: S, after: S) -> list[str]:
        """Every step invariant the transition breaks."""
        self._state_of("step_violations", before, "before")
        self._state_of("step_violations", after, "after")
        return each_broken(
            self.manifest.step_invariants, lambda step: step_violations((step,), before, after)
        )

    def describe(self, state: S) -> str:
        """A one-line summary of a state, for messages."""
        return self._checked("describe", state, self.manifest.describe)

    def units_played(self, state: S) -> int:
        """How many bench units a (finished) game holds."""
        return self._checked("units_played", state, self.manifest.units_played, form=False)

    # -- notation and JSON ----------------------------------------------------------

    def parse_action(self, text: object) -> A:
        """An action from its record notation (text; anything else is malformed input)."""
        if not isinstance(text, str):
            raise MalformedInput(f"parse_action: an action must be text, not {shown(text)}")
        try:
            return self.manifest.parse_action(text)
        except CardlawError:
            raise
        except ValueError:  # a number too long to read (int() refuses 4300+ digits)
            raise MalformedInput(f"parse_action: cannot read {shown(text)}") from None

    def action_text(self, action: A) -> str:
        """The record notation of an action."""
        return self._action_of("action_text", action).text

    def config_to_json(self, config: C) -> dict[str, JSON]:
        """The configuration as JSON."""
        if type(config) is not self.manifest.config:
            raise self._bad("config_to_json", "config", "config", config)
        return self.manifest.codec.config_to_json(config)

    def config_from_json(self, data: Mapping[str, object]) -> C:
        """A configuration from JSON; unknown keys and bad values raise."""
        return self.manifest.codec.config_from_json(data)

    def state_to_json(self, state: S) -> dict[str, JSON]:
        """A state as JSON (hidden cards included)."""
        return self._checked("state_to_json", state, self.manifest.codec.state_to_json)

    def state_from_json(self, data: Mapping[str, object]) -> S:
        """A state from JSON, checked against every invariant."""
        return self.manifest.codec.state_from_json(data)

    def result_to_json(self, result: R) -> dict[str, JSON]:
        """A result as JSON."""
        if type(result) is not self.manifest.result:
            raise self._bad("result_to_json", "result", "result", result)
        return self.manifest.outcome_to_json(result)

    # -- the judge's tools (cardlaw ask) ------------------------------------------------

    def _judging(self) -> Judging[S, A]:
        judging = self.manifest.judging
        if judging is None:
            raise MalformedInput(f"{self.title} has no position files")
        return judging

    @property
    def position_example(self) -> Mapping[str, JSON]:
        """A documented position file."""
        return self._judging().example

    def position_from_json(self, data: Mapping[str, object]) -> S:
        """The state a judge's position file describes; every problem is named."""
        return self._judging().read(self, data)

    def position_to_json(self, state: S) -> dict[str, JSON]:
        """A state as a position file."""
        judging = self._judging()
        return self._checked("position_to_json", state, lambda s: judging.write(self, s))

    def explain(self, state: S, action: A) -> tuple[bool, Explanation]:
        """Whether ``action`` is legal at ``state``, with the reasoning step by step."""
        judging = self._judging()
        self._action_of("explain", action)
        return self._checked("explain", state, lambda s: judging.explain(self, s, action))
