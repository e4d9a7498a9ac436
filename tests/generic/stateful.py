"""Whole games driven by Hypothesis, drawing only legal actions: the machine every game shares.

:class:`GameMachine` checks, after every step, that every state invariant
and step invariant holds, that ``apply`` left its input unchanged and that a
non-final state has something to do; its ``reject_illegal`` rule checks that
an action that is not legal here is rejected with a clause.
:class:`LegalGameMachine` adds the rules that drive the game: chance draws an
outcome, a player a legal action, and a finished game starts afresh.

A game's test subclasses one of them with its ``game``, its ``strays`` (the
actions tried besides recent ones to be rejected), an ``@initialize`` rule
that calls :meth:`GameMachine.start_game`, and, where it checks more, the
hooks :meth:`~GameMachine.check_step`, :meth:`~GameMachine.check_state` and
:meth:`~GameMachine.check_result`.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from cardlaw.engine.api import CHANCE, AnyGame
from cardlaw.spec.errors import IllegalAction


class GameMachine(RuleBasedStateMachine):
    """One random whole game after another of :attr:`game`, checked after every step."""

    game: ClassVar[AnyGame]
    """The game played."""
    strays: ClassVar[tuple[Any, ...]] = ()
    """Actions tried at every moment, besides the last 30 played, to be rejected when not legal."""

    def __init__(self) -> None:
        super().__init__()
        self.state: Any = None
        self.seen: list[Any] = []

    def start_game(self, config: Any) -> None:
        """Start a fresh game under ``config``."""
        self.state = self.game.new_game(config)

    def check_step(self, before: Any, after: Any) -> None:
        """More checks of one step (none by default)."""

    def check_state(self, state: Any) -> None:
        """More checks of every state (none by default)."""

    def check_result(self, result: Any) -> None:
        """More checks of a finished game's result (none by default)."""

    def _step(self, action: Any) -> None:
        game, before = self.game, self.state
        snapshot = game.state_to_json(before)
        after = game.apply(before, action)
        assert game.state_to_json(before) == snapshot, "apply changed its input"
        assert not game.step_violations(before, after)
        self.check_step(before, after)
        self.seen.append(action)
        self.state = after

    def _game_over(self) -> None:
        """Check the finished game, and play on: another whole game."""
        game = self.game
        result = game.result(self.state)
        assert result is not None
        self.check_result(result)
        assert game.legal_actions(self.state) == ()
        assert game.chance_outcomes(self.state) is None
        self.start_game(self.state.config)

    @precondition(lambda self: self.state is not None and self.game.to_move(self.state) is not None)
    @rule(data=st.data())
    def reject_illegal(self, data: st.DataObject) -> None:
        game = self.game
        legal = set(game.legal_actions(self.state))
        pool = [a for a in (*self.seen[-30:], *self.strays) if a not in legal]
        space = game.chance_outcomes(self.state)
        if space is not None:
            pool = [a for a in pool if a not in space]
        action = data.draw(st.sampled_from(pool), label="illegal")
        with pytest.raises(IllegalAction) as info:
            game.apply(self.state, action)
        assert info.value.clause in game.rulebook

    @invariant()
    def invariants_hold(self) -> None:
        if self.state is None:
            return
        game = self.game
        assert not game.violations(self.state)
        self.check_state(self.state)
        mover = game.to_move(self.state)
        if mover is None:
            assert game.legal_actions(self.state) == ()
            assert game.result(self.state) is not None
        elif mover == CHANCE:
            space = game.chance_outcomes(self.state)
            assert space is not None and space.size > 0
        else:
            assert game.legal_actions(self.state)


class LegalGameMachine(GameMachine):
    """:class:`GameMachine` driven by chance's outcomes and the players' legal actions."""

    @precondition(lambda self: self.state is not None and self.game.to_move(self.state) == CHANCE)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        space = self.game.chance_outcomes(self.state)
        assert space is not None
        self._step(space.outcome(data.draw(st.integers(0, space.size - 1), label="outcome")))

    @precondition(
        lambda self: self.state is not None and isinstance(self.game.to_move(self.state), int)
    )
    @rule(data=st.data())
    def decide(self, data: st.DataObject) -> None:
        legal = self.game.legal_actions(self.state)
        self._step(data.draw(st.sampled_from(legal), label="action"))

    @precondition(lambda self: self.state is not None and self.game.to_move(self.state) is None)
    @rule()
    def game_over(self) -> None:
        self._game_over()


def as_test_case(machine: type[GameMachine], *, steps: int, examples: int) -> type[Any]:
    """``machine``'s test case, running ``examples`` games of up to ``steps`` steps."""
    machine.TestCase.settings = settings(
        machine.TestCase.settings, stateful_step_count=steps, max_examples=examples
    )
    return machine.TestCase
