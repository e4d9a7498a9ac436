"""Divided Ranks positions: a moment of the draft or the reserve turns, as a judge writes it down.

A position is a JSON (or TOML) object; :data:`EXAMPLE` is one, at the second
reserve turn::

    {
      "game": "divided-ranks",
      "first_splitter": 0,
      "rounds": [
        {"face_up": "KS QH", "face_down": "JS 10D", "took": "down"},
        {"face_up": "AH 10C", "face_down": "JK QC", "took": "up"},
        ...
      ],
      "swaps": [{"gave": "10C"}],
      "hands": ["...", "..."],
      "to_move": 0
    }

Fields:

* ``first_splitter`` — the seat that split round 1 (the roles then swap
  every round [divided-ranks.draft.rounds]);
* ``rounds`` — the finished rounds in order: the face-up pair, the face-down
  pair, and which one the chooser ``took`` (``"up"`` or ``"down"``); a round
  may name its ``splitter``, which is checked;
* ``split`` — the round in progress, until the draft is over: the four cards
  the splitter ``drawn`` from the stock, or the ``face_up`` and ``face_down``
  pairs on offer;
* ``swaps`` — the reserve turns taken, in order: ``"keep"``, or the card the
  player ``gave`` (the card it ``took`` and its ``seat`` may be given, and
  are checked);
* ``reserve_first`` — in the coin-flip-reserve variant, the seat the coin
  chose (leave it out while the coin is still to fall);
* optional, and checked when given: ``hands`` (what each seat holds now),
  ``reserve`` (the reserve card now), ``to_move`` (the seat to act);
  ``stock`` (the cards still in the stock under the round in progress, top
  first); ``variants`` (``face-up-swap``, ``coin-flip-reserve``); ``rules``
  (changed rule parameters, ``{"ROUNDS": 10, "PAIR_SIZE": 1}``: the rounds,
  pairs and reserve turns are then judged under them).

What each player has seen follows from the rounds: the face-up pairs, all
four cards of every split they made, and the face-down pairs they took
[divided-ranks.info.hidden].  The reserve need not be known: during the
draft it and the rest of the stock are filled in with the cards nobody has
placed, hidden from both seats (no answer depends on them); once the draft
is over it is the one card the rounds leave out.

Loading checks the position as a judge would and names every problem: a card
given twice, a pair of the wrong size, a round split by the wrong seat, a
reserve turn out of order or giving up a card the player does not hold, hands
that do not match the rounds.  Every round and reserve turn is replayed
through the engine.

>>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
>>> state = DIVIDED_RANKS.position_from_json(EXAMPLE)
>>> state.stage.name, state.actor, [h.bit_count() for h in state.hands]
('RESERVE', 0, [10, 10])
>>> DIVIDED_RANKS.position_from_json(DIVIDED_RANKS.position_to_json(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, Literal, cast

from cardlaw.engine.base import with_rules
from cardlaw.engine.divided_ranks.codec import config_from_json
from cardlaw.engine.divided_ranks.position_form import (
    DECK,
    VARIANTS,
    Doc,
    RoundDoc,
    SplitDoc,
    TurnDoc,
    schema,
)
from cardlaw.engine.manifest import Engine
from cardlaw.engine.positions import (
    Ledger,
    checked_config,
    configured,
    require_object,
    rules_option,
    variant_options,
)
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.divided_ranks.actions import (
    KEEP,
    Action,
    FirstSplitter,
    ReserveFirst,
    Shuffle,
    Split,
    Swap,
    Take,
)
from cardlaw.spec.divided_ranks.config import DividedRanksConfig
from cardlaw.spec.divided_ranks.constants import PACK
from cardlaw.spec.divided_ranks.invariants import splitter_of
from cardlaw.spec.divided_ranks.parameters import count_word
from cardlaw.spec.divided_ranks.state import DividedRanksState, Stage, initial_state
from cardlaw.spec.errors import IllegalAction, InvalidState, MalformedInput
from cardlaw.spec.schema import Object

__all__ = ["EXAMPLE", "position_form", "position_from_json", "position_to_json"]

_Engine = Engine[DividedRanksState, Action]


def position_form(players: int | None) -> Object:
    """The form of a Divided Ranks position (always two seats: ``players`` changes nothing)."""
    return schema()


EXAMPLE: Final[dict[str, object]] = {
    "game": "divided-ranks",
    "first_splitter": 0,
    "rounds": [
        {"face_up": "KS QH", "face_down": "JS 10D", "took": "down"},
        {"face_up": "AH 10C", "face_down": "JK QC", "took": "down"},
        {"face_up": "AS KD", "face_down": "JH AC", "took": "up"},
        {"face_up": "QD JC", "face_down": "10S KC", "took": "down"},
        {"face_up": "QS AD", "face_down": "10H KH", "took": "up"},
    ],
    "swaps": [{"gave": "10C"}],
    "hands": ["KS 10S KH QH JH 10H AC KC QC JK", "AS QS JS AH AD KD QD JD 10D JC"],
    "to_move": 0,
}
"""A position at the second reserve turn (used in the docs and tests).

Seat 1 split two rounds, so it went first at the reserve and gave up its 10♣
for the reserve, J♦, without seeing it.  Seat 0 took the face-down pair both
times it chose, so it had seen all ten of seat 1's cards and knew the reserve
was J♦: it knows seat 1 now holds J♦, but not which card seat 1 gave up.
"""


def _card_list(value: object, where: str) -> list[int]:
    return [int(card) for card in DECK.cards(value, where)]


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


class _Round:
    def __init__(self, index: int, data: RoundDoc) -> None:
        where = f"round {index + 1}"
        self.up = _card_list(data["face_up"], f"{where}'s face-up pair")
        self.down = _card_list(data["face_down"], f"{where}'s face-down pair")
        self.took_up = data["took"] == "up"
        self.splitter: int | None = data.get("splitter")


class _Split:
    def __init__(self, data: SplitDoc) -> None:
        self.drawn: list[int] | None = None
        self.up: list[int] = []
        self.down: list[int] = []
        if "drawn" in data:
            self.drawn = _card_list(data["drawn"], "the cards drawn")
        else:
            self.up = _card_list(data["face_up"], "the face-up pair on offer")
            self.down = _card_list(data["face_down"], "the face-down pair on offer")

    @property
    def cards(self) -> list[int]:
        return self.drawn if self.drawn is not None else self.up + self.down


class _Turn:
    def __init__(self, index: int, raw: Literal["keep"] | TurnDoc) -> None:
        where = f"reserve turn {index + 1}"
        self.gave: int | None = None
        self.took: int | None = None
        self.seat: int | None = None
        self.keep = raw == "keep" or raw.get("keep") is True
        if raw == "keep":
            return
        self.seat = raw.get("seat")
        if not self.keep:
            self.gave = _card_list(raw["gave"], f"{where}'s card given up")[0]
            if "took" in raw:
                self.took = _card_list(raw["took"], f"{where}'s card taken")[0]


class _Spot:
    """What a position of the right form says, and the problems found in it so far."""

    def __init__(self, data: Doc, config: DividedRanksConfig) -> None:
        self.config = config
        self.first: int = data["first_splitter"]
        self.rounds = [_Round(i, r) for i, r in enumerate(data.get("rounds", []))]
        split = data.get("split")
        self.split = _Split(split) if split is not None else None
        self.turns = [_Turn(i, t) for i, t in enumerate(data.get("swaps", []))]
        self.coin = config.reserve_order == "coin"
        self.rules = config.rules
        self.drafting = len(self.rounds) < config.rules.rounds
        self.reserve_first: int | None = data.get("reserve_first")
        reserve, stock, hands = data.get("reserve"), data.get("stock"), data.get("hands")
        self.reserve = _card_list(reserve, "the reserve")[0] if reserve is not None else None
        self.stock = _card_list(stock, "the stock") if stock is not None else None
        self.hands: list[int] | None = None
        if hands is not None:
            self.hands = [_mask(_card_list(h, f"hand {p}")) for p, h in enumerate(hands)]
        self.to_move: object = data.get("to_move")
        self.ledger = Ledger()
        self.problems = self.ledger.problems


def _check_draft(spot: _Spot) -> None:
    """The problems of the rounds and of the split in progress."""
    problems = spot.problems
    rounds, pair, drawn = spot.rules.rounds, spot.rules.pair_size, spot.rules.split_size
    if len(spot.rounds) > rounds:
        problems.append(f"{len(spot.rounds)} rounds are listed, but the draft has {rounds}")
    for i, r in enumerate(spot.rounds):
        where = f"round {i + 1}"
        for name, cards in (("face-up", r.up), ("face-down", r.down)):
            if len(cards) != pair:
                problems.append(f"{where}'s {name} pair has {len(cards)} cards, not {pair}")
        spot.ledger.place(r.up, f"{where}'s face-up pair")
        spot.ledger.place(r.down, f"{where}'s face-down pair")
        want = splitter_of(spot.first, i)
        if r.splitter is not None and r.splitter != want:
            problems.append(
                f"{where} is split by seat {r.splitter}, but seat {want} splits it "
                "[divided-ranks.draft.rounds]"
            )
    split = spot.split
    if split is not None:
        if not spot.drafting:
            problems.append(
                f"the draft is over ({count_word(rounds)} rounds): no split is in progress"
            )
        elif split.drawn is not None and len(split.drawn) != drawn:
            problems.append(f"the splitter draws {drawn} cards, not {len(split.drawn)}")
        elif split.drawn is None and (len(split.up) != pair or len(split.down) != pair):
            problems.append(f"each pair on offer has {pair} cards")
        spot.ledger.place(split.cards, "the split in progress")
    elif spot.drafting:
        problems.append(
            f"round {len(spot.rounds) + 1} is in progress: give the splitter's {count_word(drawn)} "
            "cards "
            '("split": {"drawn": ...}) or the two pairs on offer'
        )


def _check_reserve(spot: _Spot) -> None:
    """The problems of the reserve turns, the reserve order, the stock and the reserve."""
    problems = spot.problems
    first, reserve_first = spot.first, spot.reserve_first
    if spot.turns and spot.drafting:
        problems.append("reserve turns come after the draft")
    turns = spot.rules.reserve_turns
    if len(spot.turns) > turns:
        took = "each player takes one" if turns == 2 else f"the rules have {turns}"
        problems.append(f"{len(spot.turns)} reserve turns are listed, but {took}")
    if reserve_first is not None and spot.drafting:
        problems.append("reserve_first is decided once the draft is over, not during it")
    elif reserve_first is not None and not spot.coin and reserve_first != 1 - first:
        problems.append(
            f"seat {1 - first} split {count_word(spot.rules.splits[1])} rounds and takes the "
            "first reserve turn, not seat "
            f"{reserve_first} [divided-ranks.reserve.order]"
        )
    if spot.coin and spot.turns and reserve_first is None:
        problems.append("reserve turns are listed but not reserve_first, the seat the coin chose")
    if spot.stock is not None:
        if not spot.drafting and spot.stock:
            problems.append("the stock is empty once the draft is over")
        spot.ledger.place(spot.stock, "the stock")
    if spot.reserve is not None and spot.drafting:
        spot.ledger.place([spot.reserve], "the reserve")


def _deal_order(spot: _Spot) -> list[int]:
    """The shuffle that deals these rounds: the reserve, then each round's four cards."""
    problems: list[str] = []
    dealt = [c for r in spot.rounds for c in r.up + r.down]
    in_progress = spot.split.cards if spot.split is not None else []
    left = [int(c) for c in PACK if c not in spot.ledger.places]
    if spot.drafting:
        first_card = spot.reserve if spot.reserve is not None else (left.pop(0) if left else -1)
        rest = spot.stock if spot.stock is not None else left
        if spot.stock is not None and left:
            problems.append(
                f"{CardSet(_mask(left)).pretty} are nowhere: the stock holds "
                f"{len(spot.stock) + len(left)} cards under the round in progress"
            )
        order = [first_card, *dealt, *in_progress, *rest]
    else:
        order = [*left, *dealt]
    if sorted(order) != sorted(int(c) for c in PACK):
        problems.append("the rounds, the split, the stock and the reserve must hold the 21 cards")
    if problems:
        raise InvalidState(problems)
    return order


def _turn_problem(state: DividedRanksState, turn: _Turn, where: str) -> str | None:
    """What is wrong with the seat or the card taken a reserve turn names, if anything."""
    if turn.seat is not None and turn.seat != state.actor:
        return (
            f"{where} is taken by seat {turn.seat}, but it is seat {state.actor}'s "
            "[divided-ranks.reserve.order]"
        )
    if turn.took is not None and turn.took != state.reserve:
        return (
            f"{where}: seat {state.actor} takes the reserve, {Card(state.reserve).pretty}, "
            f"not {Card(turn.took).pretty} [divided-ranks.reserve.blind]"
        )
    return None


def _replay(engine: Engine[DividedRanksState, Action], spot: _Spot) -> DividedRanksState:
    """The state the rounds and reserve turns reach, each replayed through ``engine``."""
    order = _deal_order(spot)
    state = initial_state(spot.config)
    state = engine.apply(state, FirstSplitter(spot.first))
    state = engine.apply(state, Shuffle(tuple(Card(c) for c in order)))
    for r in spot.rounds:
        state = engine.apply(state, Split(CardSet(_mask(r.up)), CardSet(_mask(r.down))))
        state = engine.apply(state, Take(face_up=r.took_up))
    split = spot.split
    if split is not None and split.drawn is None:
        state = engine.apply(state, Split(CardSet(_mask(split.up)), CardSet(_mask(split.down))))
    if state.stage == Stage.RESERVE_ORDER and spot.reserve_first is not None:
        state = engine.apply(state, ReserveFirst(spot.reserve_first))
    for i, turn in enumerate(spot.turns):
        where = f"reserve turn {i + 1}"
        problem = _turn_problem(state, turn, where)
        if problem is None:
            try:
                state = engine.apply(state, KEEP if turn.gave is None else Swap(Card(turn.gave)))
                continue
            except IllegalAction as illegal:
                problem = f"{where}: {illegal}"
        raise InvalidState([problem])
    return state


def _check_reached(spot: _Spot, state: DividedRanksState, mover: int | str | None) -> None:
    """Raise unless the reserve, the hands and the seat to move given are the ones reached."""
    problems: list[str] = []
    if spot.reserve is not None and not spot.drafting and spot.reserve != state.reserve:
        problems.append(
            f"the reserve is {Card(state.reserve).pretty}, not {Card(spot.reserve).pretty}: it "
            "is the card the rounds leave out, or the last card given up"
        )
    if spot.hands is not None:
        for p in (0, 1):
            if spot.hands[p] != state.hands[p]:
                problems.append(
                    f"seat {p} holds {CardSet(state.hands[p]).pretty} after these rounds and "
                    f"reserve turns, not {CardSet(spot.hands[p]).pretty}"
                )
    if spot.to_move is not None and spot.to_move != mover:
        problems.append(
            f"it is {'chance' if mover == 'chance' else f'seat {mover}'} to act, not {spot.to_move}"
        )
    if problems:
        raise InvalidState(problems)


def position_from_json(engine: _Engine, data: Mapping[str, object]) -> DividedRanksState:
    """The state a position describes; raises naming every problem (:mod:`engine.positions`).

    >>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
    >>> DIVIDED_RANKS.position_from_json(dict(EXAMPLE, swaps=[{"gave": "KS"}]))
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.InvalidState: invalid state: reserve turn 1: seat 1 can only give up one ...
    >>> DIVIDED_RANKS.position_from_json(dict(EXAMPLE, swaps=[{"took": "KS"}], to_move=2))
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: position.swaps[0]: a reserve turn is "keep", or names \
the \
card the player "gave"; position.to_move: expected a seat 0–1 or "chance", or null, got 2
    """
    data = require_object(data)
    options = {**variant_options(VARIANTS, data.get("variants")), **rules_option(data)}
    where = "position.rules" if "rules" in data else "position.variants"
    config, found = configured(lambda: config_from_json(options), where)
    spot = _Spot(cast("Doc", data), checked_config(schema(), data, config, found))
    _check_draft(spot)
    _check_reserve(spot)
    if spot.problems:
        raise InvalidState(spot.problems)
    state = _replay(engine, spot)
    _check_reached(spot, state, engine.to_move(state))
    return state


def position_to_json(engine: _Engine, state: DividedRanksState) -> dict[str, object]:
    """The position of a state during the draft or the reserve turns.

    >>> from cardlaw.engine.divided_ranks.game import DIVIDED_RANKS
    >>> state = DIVIDED_RANKS.new_game(DIVIDED_RANKS.config())
    >>> DIVIDED_RANKS.position_to_json(state)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: position: only a state from the first split to the builds \
can ...
    """
    if state.stage in (Stage.FIRST_SPLITTER, Stage.DEAL, Stage.OVER) or any(
        b != (0, 0) for b in state.builds
    ):
        raise MalformedInput(
            "position: only a state from the first split to the builds can be written as a position"
        )
    data: dict[str, object] = {"game": "divided-ranks"}
    variants = [
        name
        for name, options in VARIANTS.items()
        if all(getattr(state.config, k) == v for k, v in options.items())
    ]
    if variants:
        data["variants"] = variants
    data["first_splitter"] = state.first_splitter
    data["rounds"] = [
        {
            "splitter": s,
            "face_up": str(CardSet(up)),
            "face_down": str(CardSet(down)),
            "took": "up" if took else "down",
        }
        for s, up, down, took in state.rounds
    ]
    if state.stage == Stage.SPLIT:
        drawn = state.config.rules.split_size
        data["split"] = {"drawn": [str(Card(c)) for c in state.stock[:drawn]]}
        data["stock"] = [str(Card(c)) for c in state.stock[drawn:]]
    elif state.stage == Stage.CHOOSE:
        data["split"] = {
            "face_up": str(CardSet(state.offer[0])),
            "face_down": str(CardSet(state.offer[1])),
        }
        data["stock"] = [str(Card(c)) for c in state.stock]
    if state.config.reserve_order == "coin" and state.reserve_first >= 0:
        data["reserve_first"] = state.reserve_first
    data["swaps"] = [
        {"seat": s, "keep": True}
        if given < 0
        else {"seat": s, "gave": str(Card(given)), "took": str(Card(taken))}
        for s, given, taken in state.swaps
    ]
    data["reserve"] = str(Card(state.reserve))
    data["hands"] = [str(CardSet(h)) for h in state.hands]
    data["to_move"] = engine.to_move(state)
    return with_rules(data, state.config.rules)
