"""A line of play whose decisions become spots only when asked: a spot, then steps after it.

OpenSpiel's state (:class:`cardlaw.openspiel.games.CardlawState`) plays
through a :class:`Line`.  A decision is applied with cardlaw's ``apply`` and
kept as a step: its edge, the action and the state after it (what a
:class:`~cardlaw.ecosystem.spot.Spot` would hold), with no spot made; so is
a whole shuffle once its last card is dealt.  A random playout asks nothing
a spot keeps.  :meth:`Line.head` makes the steps into spots, the chain that
:meth:`Spot.after_legal_id` and :meth:`Spot.after_deal` make, when anything
asks for the position's spot (an observation, its history, a record,
pickling); other chance events are played on spots.

A line belongs to one OpenSpiel state: a clone copies it (the list of steps;
the spots and cardlaw's states in it never change, and are shared), pickling
stores its spot (:meth:`Spot.__reduce__`: its root and its steps).

>>> from cardlaw.engine.registry import get_game
>>> game = get_game("euchre")
>>> spot = Spot.start(game, game.config()).after_id(0)
>>> spot = spot.after(game.chance_outcomes(spot.state).outcome(0))
>>> line = Line(spot)
>>> mover = line.play(line.legal_ids()[0])
>>> len(line.steps), line.state is line.head().state, len(line.steps)
(1, True, 0)
>>> line.head().parent is spot, line.head().action
(True, Pass())
"""

from __future__ import annotations

from collections.abc import Sequence

from cardlaw.ecosystem.shuffle import Shuffle
from cardlaw.ecosystem.spot import Spot
from cardlaw.engine.api import Mover
from cardlaw.spec.errors import IllegalAction

__all__ = ["Line"]


class Line:
    """A spot, then the steps after it (decisions, whole shuffles), not yet made into spots.

    :attr:`state` is cardlaw's state at the end of the line (the head's).
    """

    __slots__ = (
        "acts",
        "apply",
        "fixed",
        "known",
        "quick",
        "spot",
        "state",
        "steps",
        "table",
        "to_move",
    )

    def __init__(self, spot: Spot[object]) -> None:
        self.spot = spot
        """The last spot made: the head when there are no steps."""
        table = self.table = spot.table
        self.apply, self.to_move = table.game.apply, table.game.to_move
        self.fixed, self.quick = table.fixed, table.quick
        """The table's, at hand (read at every decision)."""
        self.state: object = spot.state
        self.steps: list[tuple[tuple[str, object], object, object]] = []
        """Each step after :attr:`spot`: a spot's ``edge``, ``action`` and ``state``."""
        self.acts: tuple[Sequence[int], Sequence[object]] | None = None
        """The legal actions at :attr:`state` as :meth:`legal_ids` listed them, if it did."""
        self.known: tuple[object, Shuffle | None] = (None, None)
        """A state and :meth:`dealing`'s answer there (asked twice at a shuffle)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Line:
        """A copy of its own (a clone's), sharing the spots and states, which never change."""
        copy = Line.__new__(Line)
        for name in Line.__slots__:
            setattr(copy, name, getattr(self, name))
        copy.steps = self.steps.copy()
        return copy

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its head (a spot: its root and its steps)."""
        return (Line, (self.head(),))

    def head(self) -> Spot[object]:
        """The end of the line as a spot (its steps made into spots, once)."""
        spot = self.spot
        steps = self.steps
        if steps:
            table = self.table
            for edge, action, state in steps:
                spot = Spot(table, state, spot, edge, action)
            self.spot = spot
            steps.clear()
        return spot

    def reset(self, spot: Spot[object]) -> None:
        """Go on from ``spot``, a spot after :meth:`head` (a chance event's, a deal's)."""
        self.spot = spot
        self.state = spot.state
        self.steps.clear()
        self.acts = None

    def legal_ids(self) -> tuple[int, ...]:
        """The ids of the legal actions at the end of the line, ascending (:meth:`Table.legal`)."""
        quick = self.quick  # the engine's mask read (:meth:`Table.legal`'s first way), at once
        ids = None if quick is None else quick(self.state)
        if ids is None:
            ids, self.acts = self.table.legal(self.state)
        return ids

    def play(self, action_id: object) -> Mover:
        """The mover's action of id ``action_id`` played (cardlaw's ``apply`` judges it).

        Returns who acts next.  The action is found by :meth:`Table.action`
        (among those :meth:`legal_ids` listed here, if it listed them).
        """
        steps = self.steps
        if not steps and self.spot.dealt:
            raise IllegalAction(
                "a shuffle is being dealt card by card", clause=self.table.game.turn_clause
            )
        edge = self.fixed.get(action_id) if type(action_id) is int else None
        if edge is None:
            table = self.table
            edge = ("act", table.action(self.state, table.codec.number(action_id), self.acts))
        action = edge[1]
        state = self.state = self.apply(self.state, action)
        steps.append((edge, action, state))
        self.acts = None
        return self.to_move(state)

    def dealing(self) -> Shuffle | None:
        """The shuffle to deal at the end of the line (at a chance node), else ``None``."""
        if not self.steps:
            return self.spot.dealing()
        state, found = self.known
        if state is not self.state:
            table = self.table
            space = table.game.chance_outcomes(self.state)
            found = None if space is None else table.shuffle(space)
            found = None if found is None or found.kind is None else found
            self.known = (self.state, found)
        return found

    def deal(self, cards: tuple[int, ...]) -> Mover:
        """The shuffle here dealt in the order ``cards`` (top first, every card); who acts next.

        The same position as :meth:`Spot.after_deal` (or, from a spot with
        some of the shuffle dealt, :meth:`Spot.after_id` card by card) reaches.
        """
        spot = self.spot
        if not self.steps and spot.dealt:  # a spot partway through a shuffle (a search's)
            for card in cards[len(spot.dealt) :]:
                spot = spot.after_id(card)
            self.reset(spot)
            return spot.mover()
        dealing = self.dealing()
        table = self.table
        if dealing is None or sorted(cards) != list(dealing.cards):
            raise IllegalAction(
                f"{list(cards)} is not an order of the shuffle to deal here",
                clause=table.game.turn_clause,
            )
        action = dealing.order(cards)
        state = self.state = table.game.apply(self.state, action)
        self.steps.append((("deal", cards), action, state))
        self.acts = None
        return table.game.to_move(state)
