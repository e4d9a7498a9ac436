"""A position of a game played through an adapter: cardlaw's state, and how it got there.

A :class:`Spot` wraps one cardlaw state of one game and configuration, with
the step that led to it from its parent.  Spots never change: each step
makes a new one, and a spot is shared, never copied (``copy.deepcopy``
returns it as it is), so an OpenSpiel ``Clone`` costs nothing.

Chance is dealt card by card, as OpenSpiel's own card games deal: at a
shuffle (a chance space of every order of its ``items``, each equally
likely, whose outcomes are orders: :func:`shuffle_of`) each chance node
deals the next card, top first, uniformly among the cards not yet dealt
(``dealt`` holds them), and the last one applies cardlaw's shuffle, that
order.  An order of ``n`` cards is then reached with probability
``1/n x 1/(n-1) x ... x 1/1 = 1/n!``, exactly cardlaw's.  Any other chance
event (a dealer, a reveal) is one node whose outcomes are cardlaw's, with
cardlaw's probabilities.  Chance outcome ids are cards (by index) and seats.

>>> from cardlaw.engine.registry import get_game
>>> game = get_game("euchre")
>>> spot = Spot.start(game, game.config())
>>> [(i, str(p)) for i, p in spot.chance()]
[(0, '1/4'), (1, '1/4'), (2, '1/4'), (3, '1/4')]
>>> spot = spot.after_id(2)
>>> len(spot.chance()), spot.chance()[0]
(24, (28, Fraction(1, 24)))
>>> spot.after_id(28).dealt, spot.after_id(28).chance()[:1]
((28,), [(29, Fraction(1, 23))])
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from fractions import Fraction
from math import factorial
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final, Generic, NamedTuple, TypeVar

from cardlaw.ecosystem.base import AnyBinding, Config
from cardlaw.ecosystem.ids import Codec
from cardlaw.ecosystem.odds import deal_odds, space_odds
from cardlaw.engine.api import CHANCE, AnyGame, Mover
from cardlaw.engine.chance import ChanceSpace
from cardlaw.engine.jsonio import JSON
from cardlaw.engine.registry import get_game
from cardlaw.spec.actions import OrderAction
from cardlaw.spec.errors import IllegalAction, MalformedInput

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = ["Shuffle", "Spot", "Table", "outcome_id", "shuffle_of"]

S = TypeVar("S")
"""A game's state (``object`` where the game is any: a registry's)."""


_Unset = Enum("_Unset", "UNSET")
"""Not worked out yet: a spot's mover, chance space and shuffle are made when first asked."""
_UNSET: Final = _Unset.UNSET


def shuffle_of(space: ChanceSpace[object]) -> type[OrderAction[int]] | None:
    """The action type of a shuffle's outcomes, or ``None`` if ``space`` is not a shuffle.

    A shuffle has ``items``, one outcome for each of their orders (``n!``),
    and its outcomes are orders (:class:`~spec.actions.OrderAction`).

    >>> from cardlaw.engine.divide.deal import SHUFFLES
    >>> from cardlaw.engine.euchre.deal import SHUFFLES as EUCHRE_SHUFFLES
    >>> shuffle_of(SHUFFLES).__name__, shuffle_of(EUCHRE_SHUFFLES).__name__
    ('Shuffle', 'Shuffle')
    >>> from cardlaw.engine.chance import UniformChoice
    >>> shuffle_of(UniformChoice(("a", "b"))) is None
    True
    """
    items = getattr(space, "items", None)
    if not isinstance(items, tuple) or not items or space.size != factorial(len(items)):
        return None
    first = space.outcome(0)
    return type(first) if isinstance(first, OrderAction) else None


def outcome_id(action: object) -> int:
    """The id of a chance outcome that is not a card dealt: its seat, or its card.

    >>> from cardlaw.spec.divide.actions import ChooseDealer, Reveal
    >>> from cardlaw.spec.cards import Card
    >>> outcome_id(ChooseDealer(3)), outcome_id(Reveal(Card("7S")))
    (3, 23)
    """
    for name in ("seat", "card"):
        value = getattr(action, name, None)
        if isinstance(value, int):
            return int(value)
    raise MalformedInput(f"chance outcome {action!r} has no id")  # pragma: no cover


class Shuffle(NamedTuple):
    """What dealing one shuffle card by card needs, worked out once per chance space."""

    space: ChanceSpace[object]
    """The space (held, so that its ``id`` names it while it is cached)."""
    kind: type[OrderAction[int]] | None
    """The type of its outcomes (:func:`shuffle_of`); ``None``: not a shuffle."""
    cards: tuple[int, ...]
    """Its items by id, ascending: the cards to deal."""
    items: dict[int, int]
    """Id -> the item (to make cardlaw's order once the last card is dealt)."""

    size: int
    """One past the highest card id (for :func:`deal_odds`)."""


class Table:
    """What every spot of one game shares: the game, its configuration, its binding and ids."""

    __slots__ = ("binding", "codec", "config", "fixed", "game", "known", "quick", "shuffles")

    def __init__(self, game: AnyGame, config: Config) -> None:
        from cardlaw.ecosystem import binding  # noqa: PLC0415  (the bindings import this module)

        self.game = game
        self.config = config
        self.binding: AnyBinding = binding(game.name)
        self.codec: Codec[object, object] = self.binding.codec(config)
        self.shuffles: dict[int, Shuffle] = {}
        self.known: dict[int, tuple[ChanceSpace[object], tuple[tuple[int, float], ...]]] = {}
        """A few chance spaces that are not shuffles, and their outcomes (:meth:`odds`)."""
        quick = self.binding.quick_ids
        self.quick = None if quick is None else quick(config)
        """The binding's reader of legal ids from the engine's masks, if it has one."""
        fixed = enumerate(self.codec.fixed)
        self.fixed = {number: ("act", action) for number, action in fixed if action is not None}
        """Id -> the step (a spot's ``edge``, shared) of the action it names in every state."""

    def start(self) -> Spot[object]:
        """The start of a game (a new state, this table shared)."""
        return Spot(self, self.game.new_game(self.config))

    def odds(self, space: ChanceSpace[object]) -> tuple[tuple[int, float], ...]:
        """The outcomes of a chance space that is not a shuffle, by id, each with its probability.

        Exactly cardlaw's probabilities, as floats (a few spaces kept: the
        first dealer's is the same at every game's start).
        """
        found = self.known.get(id(space))
        if found is not None and found[0] is space:
            return found[1]
        made = space_odds(space, outcome_id)
        if len(self.known) >= 16:
            self.known.clear()
        self.known[id(space)] = (space, made)
        return made

    def shuffle(self, space: ChanceSpace[object]) -> Shuffle:
        """What dealing ``space`` card by card needs (made once for each space, a few kept)."""
        found = self.shuffles.get(id(space))
        if found is not None and found.space is space:
            return found
        kind = shuffle_of(space)
        items: tuple[int, ...] = getattr(space, "items", ()) if kind is not None else ()
        by_id = {int(item): item for item in items}
        cards = tuple(sorted(by_id))
        made = Shuffle(space, kind, cards, by_id, cards[-1] + 1 if cards else 0)
        if len(self.shuffles) >= 16:  # spaces made afresh (a reshuffle's) are not kept for long
            self.shuffles.clear()
        self.shuffles[id(space)] = made
        return made


class Spot(Generic[S]):
    """One position: cardlaw's ``state``, the cards of a shuffle dealt so far, the way here.

    ``edge`` is the step from ``parent``: ``("deal", id)`` for a card dealt
    (the last card of a shuffle applies it: ``action`` is then the shuffle),
    ``("deal", cards)`` for a whole shuffle dealt in one step (:meth:`after_deal`),
    ``("act", action)`` for any other action, ``None`` at the root.  A root
    made by :meth:`start` is the start of the game (``from_start``); one made
    by :meth:`at` is any state (a search's sampled world).
    """

    __slots__ = (
        "_acts",
        "_ids",
        "_kind",
        "_memo",
        "_mover",
        "_space",
        "action",
        "dealt",
        "edge",
        "from_start",
        "left",
        "parent",
        "state",
        "table",
    )

    table: Table
    state: S
    dealt: tuple[int, ...]
    left: tuple[int, ...] | None
    parent: Spot[S] | None
    edge: tuple[str, object] | None
    action: object
    from_start: bool
    _memo: dict[tuple[str, int], object] | None
    _ids: tuple[int, ...] | None
    _acts: tuple[Sequence[int], Sequence[object]] | None
    """The legal actions' ids and the actions, in the engine's order (once listed)."""
    _mover: Mover | _Unset
    _space: ChanceSpace[object] | _Unset
    _kind: Shuffle | _Unset | None

    def __init__(
        self,
        table: Table,
        state: S,
        parent: Spot[S] | None = None,
        edge: tuple[str, object] | None = None,
        action: object = None,
        from_start: bool = True,
    ) -> None:
        self.table = table
        self.state = state
        self.dealt = ()
        self.left = None
        self.parent = parent
        self.edge = edge
        self.action = action
        self.from_start = from_start if parent is None else parent.from_start
        self._memo = None
        self._ids = None
        self._acts = None
        self._mover = _UNSET
        self._space = _UNSET
        self._kind = _UNSET

    @classmethod
    def start(cls, game: AnyGame, config: Config) -> Spot[object]:
        """The start of a game."""
        return Table(game, config).start()

    @classmethod
    def at(cls, game: AnyGame, config: Config, state: S) -> Spot[S]:
        """A root at any state (its history unknown)."""
        return cls(Table(game, config), state, from_start=False)

    @property
    def game(self) -> AnyGame:
        """The game."""
        return self.table.game

    @property
    def config(self) -> Config:
        """The game's configuration."""
        return self.table.config

    # Sharing, never copying: a spot and everything it holds are immutable.
    def __copy__(self) -> Spot[S]:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Spot[S]:
        return self

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its root (as JSON) and its steps, each action in its record notation."""
        game = self.game
        steps: list[tuple[str, object]] = []
        for spot in self.path()[1:]:
            assert spot.edge is not None
            kind, payload = spot.edge
            steps.append((kind, payload if kind == "deal" else game.action_text(payload)))
        root = self.root()
        state = game.state_to_json(root.state)
        config = game.config_to_json(self.config)
        return (_rebuild, (game.name, config, state, root.from_start, steps))

    def path(self) -> list[Spot[S]]:
        """The spots from the root to this one."""
        out = list(self.lineage())
        out.reverse()
        return out

    def root(self) -> Spot[S]:
        """The first spot of this one's line."""
        spot = self
        while spot.parent is not None:
            spot = spot.parent
        return spot

    def actions(self) -> list[object]:
        """The actions from the root to here, cardlaw's (a shuffle once its last card is dealt)."""
        return [spot.action for spot in self.path() if spot.action is not None]

    def mover(self) -> Mover:
        """Who acts: a seat, ``"chance"`` (also between the cards of a shuffle) or ``None``."""
        mover = self._mover
        if mover is _UNSET:
            mover = self._mover = CHANCE if self.dealt else self.table.game.to_move(self.state)
        result: Mover = mover
        return result

    def memo(self) -> dict[tuple[str, int], object]:
        """A cache of things derived from this spot (never part of what it is)."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        return memo

    def space(self) -> ChanceSpace[object]:
        """The chance space here, cardlaw's (at a chance node)."""
        space = self._space
        if space is _UNSET:
            made = self.table.game.chance_outcomes(self.state)
            if made is None:
                raise MalformedInput("not a chance node")
            space = self._space = made
        found: ChanceSpace[object] = space
        return found

    def dealing(self) -> Shuffle | None:
        """The shuffle being dealt here, card by card (:class:`Shuffle`), else ``None``."""
        kind = self._kind
        if kind is _UNSET:
            kind = self._kind = self.table.shuffle(self.space())
            if kind.kind is None:
                kind = self._kind = None
            elif self.left is None:
                self.left = kind.cards
        found: Shuffle | None = kind
        return found

    def shuffle(self) -> type[OrderAction[int]] | None:
        """The type of the shuffle being dealt here (:func:`shuffle_of`), else ``None``."""
        dealing = self.dealing()
        return None if dealing is None else dealing.kind

    def chance(self) -> list[tuple[int, Fraction]]:
        """Chance's outcomes here, by id (ascending), each with its exact probability."""
        if self.dealing() is not None:
            assert self.left is not None
            odds = Fraction(1, len(self.left))
            return [(card, odds) for card in self.left]
        space = self.space()
        outcomes = [space.outcome(i) for i in range(space.size)]
        return sorted((outcome_id(action), space.probability(action)) for action in outcomes)

    def odds(self) -> list[tuple[int, float]]:
        """:meth:`chance` with the probabilities as floats (what OpenSpiel takes)."""
        left = self.left
        if left is None and self.dealing() is not None:
            left = self.left
        if left is not None:
            dealing: Shuffle = self._kind  # type: ignore[assignment]  # known once ``left`` is
            return deal_odds(left, dealing.size)
        return list(self.table.odds(self.space()))

    def after_id(self, outcome: int) -> Spot[S]:
        """The spot after chance's outcome of id ``outcome``."""
        dealing = self.dealing()
        if dealing is not None:
            left = self.left
            assert left is not None
            try:
                at = left.index(outcome)
            except ValueError:
                raise IllegalAction(
                    f"card {outcome} is not among the cards still to deal",
                    clause=self.table.game.turn_clause,
                ) from None
            dealt = (*self.dealt, outcome)
            if len(left) > 1:
                child = Spot(self.table, self.state, self, ("deal", outcome))
                child.dealt = dealt
                child.left = left[:at] + left[at + 1 :]
                child._mover = CHANCE
                child._space, child._kind = self._space, dealing
                return child
            return self._shuffled(dealing, dealt, outcome)
        space = self.space()
        for index in range(space.size):
            action = space.outcome(index)
            if outcome_id(action) == outcome:
                return self.after(action)
        raise IllegalAction(
            f"{outcome} is not one of chance's outcomes here", clause=self.table.game.turn_clause
        )

    def after_deal(self, cards: tuple[int, ...]) -> Spot[S]:
        """The spot after a whole shuffle dealt from here, ``cards`` top first, in one step.

        The same position as :meth:`after_id` reaches card by card; its
        ``edge`` is ``("deal", cards)``.  ``cards`` must be every card of the
        shuffle, nothing of it dealt yet.
        """
        dealing = self.dealing()
        if dealing is None or self.dealt or sorted(cards) != list(dealing.cards):
            raise IllegalAction(
                f"{list(cards)} is not an order of the shuffle to deal here",
                clause=self.table.game.turn_clause,
            )
        return self._shuffled(dealing, cards, cards)

    def _shuffled(self, dealing: Shuffle, dealt: tuple[int, ...], edge: object) -> Spot[S]:
        """The spot after the shuffle dealt in the order ``dealt`` (cardlaw's ``apply``)."""
        items = dealing.items
        assert dealing.kind is not None
        order = itemgetter(*dealt)(items) if len(dealt) > 1 else (items[dealt[0]],)
        action = dealing.kind(order)
        after = self.table.game.apply(self.state, action)
        return Spot(self.table, after, self, ("deal", edge), action)

    def after(self, action: object) -> Spot[S]:
        """The spot after cardlaw's ``action`` (chance's whole outcome, or the mover's)."""
        if self.dealt:
            raise IllegalAction(
                "a shuffle is being dealt card by card", clause=self.table.game.turn_clause
            )
        after = self.table.game.apply(self.state, action)
        return Spot(self.table, after, self, ("act", action), action)

    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the legal actions, ascending (made once, when first asked).

        Read from the engine's mask of the legal cards where the binding
        can (its ``quick_ids``), else the legal actions listed.
        """
        ids = self._ids
        if ids is None:
            table = self.table
            quick = table.quick
            ids = None if quick is None else quick(self.state)
            if ids is None:
                ids, numbers, actions = table.codec.listing(
                    self.state, table.game.legal_actions(self.state)
                )
                self._acts = (numbers, actions)
            self._ids = ids
        return ids

    def after_legal_id(self, action_id: object) -> Spot[S]:
        """The spot after the mover's action of id ``action_id`` (decoded, then applied).

        An id naming the same action in every state (a card's play, a bid:
        the codec's ``fixed``) is looked up in a table, a legal id already
        listed here (:meth:`legal_ids`) among the listed actions; any other
        is decoded.  cardlaw's ``apply`` judges it.
        """
        table = self.table
        edge = table.fixed.get(action_id) if type(action_id) is int else None
        if edge is None:
            edge = ("act", self._decode(table.codec.number(action_id)))
        action = edge[1]
        if self.dealt:
            raise IllegalAction(
                "a shuffle is being dealt card by card", clause=table.game.turn_clause
            )
        game = table.game
        after = game.apply(self.state, action)
        child = Spot(table, after, self, edge, action)
        child._mover = game.to_move(after)  # asked next, always
        return child

    def _decode(self, number: int) -> Any:
        """The action of id ``number`` here: a fixed one, one listed here, else decoded."""
        table = self.table
        fixed = table.fixed.get(number)
        if fixed is not None:
            return fixed[1]
        acts = self._acts
        if acts is not None and number in acts[0]:
            return acts[1][acts[0].index(number)]
        return table.codec.decode(self.state, number)

    def observation(self, seat: int) -> DataclassInstance:
        """The observation ``observe`` makes of this state for ``seat`` (made once): a dataclass."""
        key = ("obs", seat)
        memo = self.memo()
        found = memo.get(key)
        if found is None:
            found = memo[key] = self.table.game.observe(self.state, seat)
        return found  # type: ignore[return-value]  # the memo's ("obs", seat): observe's

    def lineage(self) -> Iterator[Spot[S]]:
        """The spot, its parent, and so on to the root."""
        spot: Spot[S] | None = self
        while spot is not None:
            yield spot
            spot = spot.parent


def _rebuild(
    name: str,
    config: Mapping[str, JSON],
    state: Mapping[str, JSON],
    from_start: bool,
    steps: list[tuple[str, Any]],  # an id, a shuffle's ids or an action's text: run-time types
) -> Spot[object]:
    """A spot made again from its root and its steps (what pickling stores, as JSON and text)."""
    game = get_game(name)
    table = Table(game, game.config_from_json(config))
    spot = Spot(table, game.state_from_json(state), from_start=from_start)
    for kind, payload in steps:
        if kind != "deal":
            spot = spot.after(game.parse_action(payload))
        elif isinstance(payload, int):
            spot = spot.after_id(payload)
        else:  # a whole shuffle dealt in one step
            spot = spot.after_deal(tuple(payload))
    return spot
