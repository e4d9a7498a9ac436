"""cardlaw's games as OpenSpiel Python games (needs the ``openspiel`` extra).

Each game is registered as ``cardlaw_<name>`` (``cardlaw_divided_ranks``)
by :func:`register`.  A :class:`CardlawState` holds a
:class:`~cardlaw.ecosystem.line.Line`: a :class:`~cardlaw.ecosystem.spot.Spot`
and the steps after it, made into spots when asked; every answer comes from
cardlaw's engine through the game's :class:`~cardlaw.ecosystem.base.Binding`:

* ``current_player``, ``_legal_actions`` (the legal actions' ids, sorted),
  ``_apply_action`` (the id decoded, then cardlaw's ``apply``, which refuses
  an illegal one naming its clause), ``returns`` (the binding's reading of
  cardlaw's result);
* ``chance_outcomes``: cardlaw's, a shuffle dealt card by card (each card
  dealt named by its place among the cards still to deal);
* observations through :class:`CardlawObserver`: the tensor and the string of
  cardlaw's ``observe`` for the seat (with perfect recall, the string is the
  seat's whole history; the tensor is the same as without, as it already
  holds the whole round on the table and the results of the others);
* ``Clone`` copies the line's list of steps and shares its spots and cardlaw's
  states (they never change); serialization pickles the line as its spot,
  its root and its steps.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from operator import index
from typing import Final, cast

import numpy as np
import numpy.typing as npt
import pyspiel

from cardlaw.ecosystem import binding
from cardlaw.ecosystem.base import AnyBinding, Config
from cardlaw.ecosystem.layout import Layout, Writer
from cardlaw.ecosystem.line import Line
from cardlaw.ecosystem.params import config_of, parameters, params_of
from cardlaw.ecosystem.spot import Spot, Table
from cardlaw.ecosystem.text import observation_text, recall_text
from cardlaw.engine.api import AnyGame, Mover
from cardlaw.engine.jsonio import JSON
from cardlaw.engine.record import build_record
from cardlaw.engine.registry import get_game
from cardlaw.spec.cards import ALL_CARDS
from cardlaw.spec.errors import IllegalAction, MalformedInput

__all__ = [
    "CLASSES",
    "CardlawGame",
    "CardlawObserver",
    "CardlawState",
    "DivideGame",
    "DividedRanksGame",
    "EuchreGame",
    "SplitGame",
    "game_of",
    "game_type",
    "openspiel_name",
    "register",
    "state_at",
]

_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE: Final = int(pyspiel.PlayerId.CHANCE)

_EVEN: list[tuple[tuple[int, float], ...]] = [()]
"""``_EVEN[n]``: the outcomes of a card dealt from ``n`` left, ``(k, 1/n)`` for each place
``k`` (made once for each ``n``; held here, not by each state, which a clone copies)."""

_UTILITY: Final = {
    "zero-sum": pyspiel.GameType.Utility.ZERO_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "general-sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


def openspiel_name(name: str) -> str:
    """The OpenSpiel name of cardlaw's game ``name``: ``cardlaw_divided_ranks``."""
    return "cardlaw_" + name.replace("-", "_")


def _utility_kind(game: AnyGame, bound: AnyBinding) -> str:
    """The game's utility over every configuration (one kind for all, else general-sum)."""
    configs = [game.config(), *(game.config(**options) for options in game.variants.values())]
    kinds = {bound.utility(config).kind for config in configs}
    return kinds.pop() if len(kinds) == 1 else "general-sum"


@cache
def game_type(name: str) -> pyspiel.GameType:
    """The OpenSpiel game type of cardlaw's game ``name``."""
    game = get_game(name)
    counts = game.player_counts
    if name == "split":  # the cooperative game's counts lie inside the competitive game's
        counts = (2, 3, 4, 5, 6)
    return pyspiel.GameType(
        short_name=openspiel_name(name),
        long_name=f"cardlaw {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITY[_utility_kind(game, binding(name))],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(game),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


class CardlawGame(pyspiel.Game):  # type: ignore[misc]  # OpenSpiel is untyped (Any base)
    """One cardlaw game under one configuration, as an OpenSpiel game."""

    def __init__(
        self, name: str, params: Mapping[str, object] | None = None, *, config: Config | None = None
    ) -> None:
        game = get_game(name)
        given: Mapping[str, object] = dict(params or {})
        if config is None:
            config = config_of(game, given)
        else:
            given = params_of(game, config)
        bound = binding(name)
        utility = bound.utility(config)
        info = pyspiel.GameInfo(
            num_distinct_actions=bound.codec(config).size,
            max_chance_outcomes=max(max(bound.deck.cards) + 1, config.players),
            num_players=config.players,
            min_utility=utility.low,
            max_utility=utility.high,
            utility_sum=None
            if game_type(name).utility == _UTILITY["general-sum"]
            else utility.total,
            max_game_length=bound.max_decisions(config),
        )
        full = {**parameters(game), **given}
        super().__init__(game_type(name), info, full)
        self.cardlaw = game
        self.config = config
        self.binding = bound
        self.table = Table(game, config)
        """What every state of this game shares (its ids, its shuffles' odds)."""

    def new_initial_state(self) -> CardlawState:
        """The start of a game: chance chooses the first dealer (or splitter)."""
        return CardlawState(self, self.table.start())

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: object = None
    ) -> CardlawObserver | None:
        """The observer of a seat's observation (``perfect_recall``: of its history).

        Only observations of one seat with public information are offered
        (OpenSpiel's observation and information state); ``None`` otherwise.
        """
        if isinstance(iig_obs_type, dict):  # OpenSpiel's one-argument call: parameters only
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise MalformedInput(f"cardlaw's observers take no parameters, not {params!r}")
        recall = False
        if iig_obs_type is not None:
            if not iig_obs_type.public_info or (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                return None
            recall = iig_obs_type.perfect_recall
        return CardlawObserver(self.binding, self.config, recall)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes a game can hold, a card dealt being one."""
        return int(self.binding.max_chance_nodes(self.config))


class CardlawState(pyspiel.State):  # type: ignore[misc]  # OpenSpiel is untyped (Any base)
    """A position of a cardlaw game in OpenSpiel: a :class:`Line` of spots and steps.

    A decision, and a whole shuffle once its last card is dealt, is a step of
    the line, made into a spot only when :attr:`spot` is asked (an observer,
    a record, pickling); :attr:`cardlaw` is cardlaw's state, read at once.

    Between the cards of a shuffle dealt card by card the state holds the
    line before the shuffle, the cards dealt so far (``_dealt``, top first)
    and those left (``_left``, ascending; ``None`` when no shuffle is being
    dealt), lists of its own (a clone copies them); the last card applies
    the whole shuffle in cardlaw's engine (:meth:`Line.deal`).  :attr:`spot`
    is the same position as a spot (made when asked).

    A card dealt is chance's outcome ``k``: the ``k``-th of the cards left,
    in card order (from 0), each with odds ``1/n`` when ``n`` are left, so
    the outcomes at each card are one list for each ``n``, made once
    (:data:`_EVEN`); ``_action_to_string`` names the card.
    """

    def __init__(self, game: CardlawGame, spot: Spot[object]) -> None:
        super().__init__(game)
        self._line = Line(spot)
        self._dealt: list[int] = []
        self._left: list[int] | None = None
        self._player = self._enter(spot.mover())

    def _enter(self, mover: Mover) -> int:
        """OpenSpiel's player for cardlaw's ``mover``; at a shuffle, start dealing card by card."""
        if type(mover) is int:
            return mover
        if mover is None:
            return _TERMINAL
        dealing = self._line.dealing()
        if dealing is not None:
            line = self._line
            spot = line.spot
            if line.steps or not spot.dealt:
                self._dealt, self._left = [], list(dealing.cards)
            else:  # a spot partway through the shuffle (a search's)
                self._dealt, self._left = list(spot.dealt), list(spot.left or dealing.cards)
            for n in range(len(_EVEN), len(dealing.cards) + 1):
                _EVEN.append(tuple((k, 1.0 / n) for k in range(n)))
        return _CHANCE

    @property
    def spot(self) -> Spot[object]:
        """The position: cardlaw's state and the way to it (a spot per card of a deal).

        The spot of each card dealt is made once and kept in its parent's memo, so a state
        one card further on (its clone's, after one more card) finds the spots before it,
        with what was derived from them (observations, the recall's parts), as they were.
        """
        spot = self._line.head()
        if self._left is not None:
            for card in self._dealt[len(spot.dealt) :]:
                memo = spot.memo()
                child = memo.get(("dealt", card))
                if child is None:
                    child = memo[("dealt", card)] = spot.after_id(card)
                spot = cast("Spot[object]", child)
        return spot

    @property
    def cardlaw(self) -> object:
        """The cardlaw state here: :attr:`spot`'s, without making the spots of its history."""
        return self._line.state

    def current_player(self) -> int:
        """A seat, ``CHANCE`` (also between the cards of a shuffle) or ``TERMINAL``."""
        return self._player

    def is_chance_node(self) -> bool:
        """Whether chance acts (what OpenSpiel's own method answers, without a round trip)."""
        return self._player == _CHANCE

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions`` (the same answers, without a round trip through C++).

        The mover's legal actions by id, ascending; chance's outcomes at a
        chance node; nothing for another seat or at the end.
        """
        mover = self._player
        if mover >= 0:
            if player is not None and player != mover:
                return []
            return list(self._line.legal_ids())
        if mover == _CHANCE and (player is None or player < 0):
            left = self._left
            if left is not None:
                return list(range(len(left)))
            return [outcome for outcome, _ in self._line.head().odds()]
        return []

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the legal actions, ascending."""
        return list(self._line.legal_ids())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Chance's outcomes and their probabilities (exactly cardlaw's, as floats)."""
        left = self._left
        if left is not None:  # a card dealt: its place among those left, each alike
            return list(_EVEN[len(left)])
        return self._line.head().odds()

    def _apply_action(self, action: int) -> None:
        left = self._left
        if left is not None:  # a card of a shuffle dealt (the lists are this state's own)
            if type(action) is not int or not 0 <= action < len(left):
                action = self._place(action)
            self._dealt.append(left.pop(action))
            if left:  # more cards of the shuffle to deal: chance again
                return
            dealt = tuple(self._dealt)
            self._left, self._dealt = None, []
            mover = self._line.deal(dealt)
        elif self._player == _CHANCE:
            line = self._line
            spot = line.head().after_id(action if type(action) is int else int(action))
            line.reset(spot)
            mover = spot.mover()
        else:  # a decision: a step of the line, made into a spot only when asked
            mover = self._line.play(action)
            if type(mover) is int:  # a seat again (``_enter``'s first case, without the call)
                self._player = mover
                return
        self._player = self._enter(mover)

    def _place(self, action: object) -> int:
        """The place among the cards left named by ``action`` (numpy integers too), or refused."""
        left = self._left
        assert left is not None
        try:
            at = index(action)  # type: ignore[arg-type]  # any whole number
        except TypeError:
            at = -1
        if isinstance(action, bool) or not 0 <= at < len(left):
            raise IllegalAction(
                f"outcome {action!r} names none of the {len(left)} cards still to deal "
                f"(0 to {len(left) - 1})",
                clause=self._line.table.game.turn_clause,
            )
        return at

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            if player == pyspiel.PlayerId.CHANCE:
                if self._left is not None:
                    return f"deal {_card(self._line.spot, self._left[self._place(action)])}"
                spot = self._line.head()
                child = spot.after_id(int(action))
                return str(spot.game.action_text(child.action))
            spot = self._line.head()
            return str(spot.game.action_text(spot.table.codec.decode(spot.state, action)))
        except (ValueError, IndexError):
            return f"action {action} (none here)"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        """Each seat's return: 0 until the end, then the binding's reading of the result."""
        table = self._line.table
        result = table.game.result(self._line.state) if self._player == _TERMINAL else None
        if result is None:
            return [0.0] * table.config.players
        return list(table.binding.returns(table.config, result))

    def __str__(self) -> str:
        """The whole state (hidden cards too), as cardlaw's JSON, and any cards being dealt."""
        spot = self._line.head()
        text = json.dumps(spot.game.state_to_json(spot.state), sort_keys=True)
        dealt = spot.dealt if self._left is None else self._dealt
        return text + (f" dealt={list(dealt)}" if dealt else "")

    def to_record(self, *, players: list[str] | None = None) -> dict[str, JSON]:
        """The game so far as a cardlaw record (unseeded: OpenSpiel drew its chance)."""
        spot = self._line.head()
        if not spot.from_start:
            raise MalformedInput("this state was not played from the start of a game")
        return build_record(spot.game, spot.config, spot.actions(), seed=None, players=players)


def _card(spot: Spot[object], action: int) -> int:
    """The card of a deal's outcome id (Split's cards are their numbers)."""
    return action if spot.game.name == "split" else ALL_CARDS[action]


class CardlawObserver:
    """OpenSpiel's observer of one seat: the tensor and the text of cardlaw's ``observe``."""

    def __init__(self, bound: AnyBinding, config: Config, recall: bool) -> None:
        self.binding = bound
        self.config = config
        self.recall = recall
        self.layout: Layout = bound.layout(config)
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for piece in self.layout.pieces:
            self.dict[piece.name] = self.tensor[start : start + piece.size].reshape(piece.shape)
            start += piece.size

    def set_from(self, state: CardlawState, player: int) -> None:
        """Write seat ``player``'s observation of ``state`` into :attr:`tensor`."""
        out = Writer(self.layout, self.binding.deck)
        self.binding.encode(self.config, state.spot.observation(player), out)
        self.tensor.fill(0)
        if out.index:
            self.tensor[out.index] = out.value

    def string_from(self, state: CardlawState, player: int) -> str:
        """Seat ``player``'s observation as text; with perfect recall, its whole history."""
        spot = state.spot
        if self.recall:
            return recall_text(spot, player)
        return observation_text(spot.observation(player))


@cache
def game_of(name: str, config: Config | None) -> CardlawGame:
    """The OpenSpiel game of cardlaw's game ``name`` under ``config`` (made once)."""
    made: CardlawGame = CLASSES[name](config=config)  # type: ignore[call-arg]  # subclasses bind the name
    return made


def state_at(game: CardlawGame, state: object) -> CardlawState:
    """An OpenSpiel state at cardlaw's ``state`` (its history unknown: not a record's start)."""
    return CardlawState(game, Spot(game.table, state, from_start=False))


# OpenSpiel registers a class per game (a function kept by its registry would be released
# after Python has shut down, a crash at exit), and pickles a game by its class's name.


class DivideGame(CardlawGame):
    """Divide as an OpenSpiel game: ``cardlaw_divide``."""

    def __init__(
        self, params: Mapping[str, object] | None = None, *, config: Config | None = None
    ) -> None:
        super().__init__("divide", params, config=config)


class DividedRanksGame(CardlawGame):
    """Divided Ranks as an OpenSpiel game: ``cardlaw_divided_ranks``."""

    def __init__(
        self, params: Mapping[str, object] | None = None, *, config: Config | None = None
    ) -> None:
        super().__init__("divided-ranks", params, config=config)


class SplitGame(CardlawGame):
    """Split as an OpenSpiel game: ``cardlaw_split``."""

    def __init__(
        self, params: Mapping[str, object] | None = None, *, config: Config | None = None
    ) -> None:
        super().__init__("split", params, config=config)


class EuchreGame(CardlawGame):
    """Euchre as an OpenSpiel game: ``cardlaw_euchre``."""

    def __init__(
        self, params: Mapping[str, object] | None = None, *, config: Config | None = None
    ) -> None:
        super().__init__("euchre", params, config=config)


CLASSES: Final[Mapping[str, type[CardlawGame]]] = {
    "divide": DivideGame,
    "divided-ranks": DividedRanksGame,
    "split": SplitGame,
    "euchre": EuchreGame,
}
"""cardlaw's game name -> its OpenSpiel game class."""


_REGISTERED: set[str] = set()


def register() -> None:
    """Register the four games with OpenSpiel (once; again is harmless)."""
    for name, cls in CLASSES.items():
        if name in _REGISTERED:
            continue
        if openspiel_name(name) not in pyspiel.registered_names():
            pyspiel.register_game(game_type(name), cls)
        _REGISTERED.add(name)
