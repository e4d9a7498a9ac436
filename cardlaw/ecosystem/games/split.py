"""Split in the adapters: action ids, the tensor, the returns, the bounds, sampled worlds.

Action ids, in blocks (cards are numbers from 0 to 100):

* ``play``: ids 0-100, a card from hand into the middle;
* ``under``: ids 101-201, the opener puts that wild card under the draw pile;
* ``aid``: ids 202-203, the 0 or the 100 from beside the table (cooperative);
* ``move``: ids 204-205, the middle card onto the left or the right pile;
* ``reset``: id 206.

Chance outcome ids (a spot's: OpenSpiel names a card dealt by its place among the
cards left): the dealer's seat, a card dealt or reshuffled (its number).

Returns: competitive, the winner 1 and every other seat ``-1/(n-1)``, a
draw 0 each (zero-sum); cooperative, every seat 1 for the table's win, -1
for its loss, 0 for a draw (identical).

>>> from cardlaw.engine.registry import get_game
>>> [row[:3] for row in codec(get_game("split").config()).describe()][-2:]
[('move', 204, 205), ('reset', 206, 206)]
"""

from __future__ import annotations

import random
from functools import cache

from cardlaw.ecosystem.base import Binding, Utility, shares
from cardlaw.ecosystem.ids import Codec, Deck, card_block, fixed_block
from cardlaw.ecosystem.layout import Layout, Piece, Writer
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.actions import AIDS, BURIES, MOVES, PLAYS, RESET, Action, Bury, Play
from cardlaw.spec.split.cards import DECK_MASK
from cardlaw.spec.split.config import SplitConfig
from cardlaw.spec.split.constants import AID_CARDS, DECK_SIZE, WILD_NUMBERS
from cardlaw.spec.split.state import SplitObservation, SplitResult, SplitState, Stage, initial_state

__all__ = ["BINDING", "codec", "determinize", "layout"]

DECK = Deck(tuple(range(DECK_SIZE)))
"""Split's 101 cards, by number."""


@cache
def codec(config: SplitConfig) -> Codec[SplitState, Action]:
    """Split's action ids (the same under every configuration)."""
    return Codec(
        "split",
        (
            card_block(
                "play",
                (Play,),
                DECK,
                PLAYS.__getitem__,
                "split.turn.play-between",
                "a card from hand into the middle",
            ),
            card_block(
                "under",
                (Bury,),
                DECK,
                BURIES.__getitem__,
                "split.open.put-under",
                "the opener puts that wild card under the draw pile",
            ),
            fixed_block(
                "aid",
                [AIDS[a] for a in AID_CARDS],
                "split.coop.aid-use",
                "the 0 or the 100 from beside the table",
            ),
            fixed_block(
                "move",
                MOVES,
                "split.turn.move-middle",
                "the middle card onto the left or the right pile",
            ),
            fixed_block("reset", (RESET,), "split.reset.choose", "reset"),
        ),
    )


@cache
def layout(config: SplitConfig) -> Layout:
    """Split's tensor under ``config``."""
    n = config.players
    cards = [
        Piece(name, (DECK_SIZE,))
        for name in ("hand", "left", "right", "middle", "table", "discard", "aids", "aside")
    ]
    return Layout.of(
        [
            Piece("seat", (n,)),
            Piece("cooperative", (1,)),
            Piece("stage", (len(Stage),)),
            Piece("dealer", (n,)),
            Piece("opener", (n,)),
            Piece("to_move", (n + 1,)),
            Piece("counterclockwise", (1,)),
            Piece("turn", (1,), high=config.max_turns),
            *cards,
            Piece("hand_sizes", (n,), high=DECK_SIZE),
            Piece("draw_size", (1,), high=DECK_SIZE),
            Piece("owed", (1,), high=DECK_SIZE),
        ]
    )


def encode(config: SplitConfig, view: SplitObservation, out: Writer) -> None:
    """Write ``view`` (an observation ``observe`` made) into ``out``."""
    n = view.players
    out.seat("seat", view.seat)
    if view.mode == "cooperative":
        out.one("cooperative", 0)
    out.one("stage", int(view.stage))
    out.seat("dealer", view.dealer)
    out.seat("opener", view.opener)
    out.seat("to_move", n if view.to_move == "chance" else view.to_move)
    if view.direction < 0:
        out.one("counterclockwise", 0)
    out.number("turn", view.turn)
    out.cards("hand", view.hand.mask)
    out.card("left", view.left)
    out.card("right", view.right)
    out.card("middle", view.middle)
    out.cards("table", view.table.mask)
    out.cards("discard", view.discard.mask)
    out.cards("aids", view.aids.mask)
    out.cards("aside", view.aside.mask)
    for seat, size in enumerate(view.hand_sizes):
        out.number("hand_sizes", size, seat)
    out.number("draw_size", view.draw_size)
    out.number("owed", view.owed)


def returns(config: SplitConfig, result: SplitResult) -> tuple[float, ...]:
    """Competitive: zero-sum shares of a win; cooperative: the table's win 1, loss -1."""
    n = config.players
    if config.cooperative:
        value = {"win": 1.0, "loss": -1.0}.get(result.outcome, 0.0)
        return (value,) * n
    return shares(result.winners if result.outcome == "win" else (), n)


def utility(config: SplitConfig) -> Utility:
    """Zero-sum competitive, identical cooperative."""
    if config.cooperative:
        return Utility("identical", -1.0, 1.0, None)
    return Utility("zero-sum", -1 / (config.players - 1), 1.0, 0.0)


def _per_turn() -> int:
    """The most decisions (or reshuffles) in one turn.

    A move and a play, or a reset and every wild card put under.
    """
    return 2 + len(WILD_NUMBERS)


def max_decisions(config: SplitConfig) -> int:
    """At most ``max_turns`` turns (the dealer's opening besides), each :func:`_per_turn`."""
    return (config.max_turns + 1) * _per_turn()


def max_chance_nodes(config: SplitConfig) -> int:
    """The dealer and the deal, then at most :func:`_per_turn` reshuffles of the deck a turn."""
    return 1 + DECK_SIZE + (config.max_turns + 1) * _per_turn() * DECK_SIZE


def determinize(config: SplitConfig, view: SplitObservation, rng: random.Random) -> SplitState:
    """A state ``observe`` shows the seat as ``view``, the cards it cannot see at random.

    The other hands and the draw pile (in a random order) are dealt from the
    cards that are neither in the seat's hand, on the table, in the discard
    pile nor beside the table.
    """
    if not isinstance(view.to_move, int):
        raise MalformedInput(f"no seat decides in stage {view.stage.name}")
    p = view.seat
    hidden = DECK_MASK & ~(view.hand.mask | view.table.mask | view.discard.mask | view.aside.mask)
    pool = [n for n in range(DECK_SIZE) if hidden >> n & 1]
    rng.shuffle(pool)
    hands = []
    for q, size in enumerate(view.hand_sizes):
        if q == p:
            hands.append(view.hand.mask)
            continue
        hand = 0
        for _ in range(size):
            hand |= 1 << pool.pop()
        hands.append(hand)
    if len(pool) != view.draw_size:
        raise MalformedInput("the observation's counts do not add up to the deck")
    return initial_state(config)._replace(
        stage=view.stage,
        dealer=view.dealer,
        actor=view.to_move,
        opener=view.opener,
        direction=view.direction,
        hands=tuple(hands),
        draw=tuple(pool),
        discard=view.discard.mask,
        table=view.table.mask,
        left=-1 if view.left is None else int(view.left),
        right=-1 if view.right is None else int(view.right),
        middle=-1 if view.middle is None else int(view.middle),
        aside=view.aside.mask,
        owed=view.owed,
        turn=view.turn,
        buried=view.buried,
    )


BINDING = Binding(
    name="split",
    deck=DECK,
    codec=codec,
    layout=layout,
    encode=encode,
    returns=returns,
    utility=utility,
    max_decisions=max_decisions,
    max_chance_nodes=max_chance_nodes,
    determinize=determinize,
)
"""Split, for the adapters."""
