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
  first); ``variants`` (``face-up-swap``, ``coin-flip-reserve``).

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

>>> state = position_from_json(EXAMPLE)
>>> state.stage.name, state.actor, [h.bit_count() for h in state.hands]
('RESERVE', 0, [10, 10])
>>> position_from_json(position_to_json(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.positions import (
    cards_field,
    check_position,
    configured,
    game_field,
    read_cards,
    variant_options,
    variants_field,
)
from spec.cards import Card, CardSet
from spec.divided_ranks.actions import KEEP, FirstSplitter, ReserveFirst, Shuffle, Split, Swap, Take
from spec.divided_ranks.constants import PACK, PACK_MASK, PAIR_SIZE, ROUNDS, SPLIT_SIZE
from spec.divided_ranks.invariants import splitter_of
from spec.divided_ranks.state import DividedRanksState, Stage, initial_state
from spec.errors import IllegalAction, InvalidState, MalformedInput
from spec.schema import Bool, Choice, List, Nullable, Object, OneOf, Refine, Seat

__all__ = ["EXAMPLE", "position_from_json", "position_to_json"]

EXAMPLE: Final[dict[str, Any]] = {
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

_PACK_NAME: Final = "the Divided Ranks pack"
_CARDS: Final = cards_field(PACK_MASK, _PACK_NAME)
_ONE_CARD: Final = cards_field(PACK_MASK, _PACK_NAME, example="JK", count=1)


def _split_test(value: object) -> str | None:
    keys = set(value) if isinstance(value, Mapping) else set()
    if "drawn" in keys and keys & {"face_up", "face_down"}:
        return "give the four cards drawn, or the two pairs, not both"
    if "drawn" not in keys and keys != {"face_up", "face_down"}:
        return 'give "drawn" (four cards) or "face_up" and "face_down"'
    return None


def _turn_test(value: object) -> str | None:
    keys = set(value) if isinstance(value, Mapping) else set()
    keep = isinstance(value, Mapping) and value.get("keep") is True
    if keep and keys & {"gave", "took"}:
        return "a reserve turn keeps the hand or gives up a card, not both"
    if not keep and "gave" not in keys:
        return 'a reserve turn is "keep", or names the card the player "gave"'
    return None


def _schema() -> Object:
    """The form of a Divided Ranks position."""
    from engine.divided_ranks.game import GAME  # noqa: PLC0415  (the game imports this module)

    seat = Seat(2)
    round_ = Object(
        {"face_up": _CARDS, "face_down": _CARDS, "took": Choice("up", "down")},
        optional={"splitter": seat},
    )
    split = Refine(
        Object(optional={"drawn": _CARDS, "face_up": _CARDS, "face_down": _CARDS}), _split_test
    )
    turn = OneOf(
        Choice("keep"),
        Refine(
            Object(optional={"seat": seat, "gave": _ONE_CARD, "took": _ONE_CARD, "keep": Bool()}),
            _turn_test,
        ),
    )
    return Object(
        {"first_splitter": seat},
        optional={
            "game": game_field("divided-ranks", "Divided Ranks"),
            "variants": variants_field(GAME.variants),
            "rounds": List(round_),
            "split": Nullable(split),
            "swaps": List(turn),
            "reserve_first": Nullable(seat),
            "reserve": Nullable(_ONE_CARD),
            "stock": Nullable(_CARDS),
            "hands": Nullable(List(_CARDS, 2, 2, what="a list of two hands, one per seat")),
            "to_move": Nullable(Seat(2, chance=True)),
        },
    )


def _card_list(value: Any, where: str) -> list[int]:
    return [int(card) for card in read_cards(value, where, PACK_MASK, _PACK_NAME)]


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


class _Round:
    def __init__(self, index: int, data: Mapping[str, Any]) -> None:
        where = f"round {index + 1}"
        self.up = _card_list(data["face_up"], f"{where}'s face-up pair")
        self.down = _card_list(data["face_down"], f"{where}'s face-down pair")
        self.took_up = data["took"] == "up"
        self.splitter: int | None = data.get("splitter")


class _Split:
    def __init__(self, data: Mapping[str, Any]) -> None:
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
    def __init__(self, index: int, raw: Any) -> None:
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


def position_from_json(data: Mapping[str, Any]) -> DividedRanksState:
    """The state a position describes; raises naming every problem found.

    Problems of form (a field missing, unknown, or of the wrong type or
    range) raise one :class:`~spec.schema.SchemaError` naming each by its
    path; a position the rules cannot reach raises :class:`InvalidState`
    listing each problem.

    >>> position_from_json(dict(EXAMPLE, swaps=[{"gave": "KS"}]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.errors.InvalidState: invalid state: reserve turn 1: seat 1 can only give up one ...
    >>> position_from_json(dict(EXAMPLE, swaps=[{"took": "KS"}], to_move=2))
    Traceback (most recent call last):
    ...
    spec.schema.base.SchemaError: position.swaps[0]: a reserve turn is "keep", or names the \
card the player "gave"; position.to_move: expected a seat 0–1 or "chance", or null, got 2
    """
    from engine.divided_ranks.game import GAME  # noqa: PLC0415  (the game imports this module)

    if not isinstance(data, Mapping):
        raise MalformedInput("position: must be an object")
    options = variant_options(GAME.variants, data.get("variants"))
    config, found = configured(lambda: GAME.config(**options), "position.variants")
    check_position(_schema(), data, found)
    assert config is not None
    first: int = data["first_splitter"]
    rounds = [_Round(i, r) for i, r in enumerate(data.get("rounds", []))]
    split = _Split(data["split"]) if data.get("split") is not None else None
    turns = [_Turn(i, t) for i, t in enumerate(data.get("swaps", []))]
    coin = config.reserve_order == "coin"
    reserve_first: int | None = data.get("reserve_first")
    reserve = (
        _card_list(data["reserve"], "the reserve")[0] if data.get("reserve") is not None else None
    )
    stock = _card_list(data["stock"], "the stock") if data.get("stock") is not None else None
    hands: list[int] | None = None
    if data.get("hands") is not None:
        hands = [_mask(_card_list(h, f"hand {p}")) for p, h in enumerate(data["hands"])]
    to_move = data.get("to_move")

    problems: list[str] = []
    drafting = len(rounds) < ROUNDS
    if len(rounds) > ROUNDS:
        problems.append(f"{len(rounds)} rounds are listed, but the draft has {ROUNDS}")
    places: dict[int, str] = {}

    def place(cards: list[int], where: str) -> None:
        for card in cards:
            if card in places:
                problems.append(f"{Card(card).pretty} is given twice ({places[card]} and {where})")
            else:
                places[card] = where

    for i, r in enumerate(rounds):
        where = f"round {i + 1}"
        for name, pair in (("face-up", r.up), ("face-down", r.down)):
            if len(pair) != PAIR_SIZE:
                problems.append(f"{where}'s {name} pair has {len(pair)} cards, not {PAIR_SIZE}")
        place(r.up, f"{where}'s face-up pair")
        place(r.down, f"{where}'s face-down pair")
        want = splitter_of(first, i)
        if r.splitter is not None and r.splitter != want:
            problems.append(
                f"{where} is split by seat {r.splitter}, but seat {want} splits it "
                "[divided-ranks.draft.rounds]"
            )
    if split is not None:
        if not drafting:
            problems.append("the draft is over (five rounds): no split is in progress")
        elif split.drawn is not None and len(split.drawn) != SPLIT_SIZE:
            problems.append(f"the splitter draws {SPLIT_SIZE} cards, not {len(split.drawn)}")
        elif split.drawn is None and (len(split.up) != PAIR_SIZE or len(split.down) != PAIR_SIZE):
            problems.append(f"each pair on offer has {PAIR_SIZE} cards")
        place(split.cards, "the split in progress")
    elif drafting:
        problems.append(
            f"round {len(rounds) + 1} is in progress: give the splitter's four cards "
            '("split": {"drawn": ...}) or the two pairs on offer'
        )
    if turns and drafting:
        problems.append("reserve turns come after the draft")
    if len(turns) > 2:
        problems.append(f"{len(turns)} reserve turns are listed, but each player takes one")
    if reserve_first is not None and drafting:
        problems.append("reserve_first is decided once the draft is over, not during it")
    elif reserve_first is not None and not coin and reserve_first != 1 - first:
        problems.append(
            f"seat {1 - first} split two rounds and takes the first reserve turn, not seat "
            f"{reserve_first} [divided-ranks.reserve.order]"
        )
    if coin and turns and reserve_first is None:
        problems.append("reserve turns are listed but not reserve_first, the seat the coin chose")
    if stock is not None:
        if not drafting and stock:
            problems.append("the stock is empty once the draft is over")
        place(stock, "the stock")
    if reserve is not None and drafting:
        place([reserve], "the reserve")
    if problems:
        raise InvalidState(problems)

    # The shuffle that deals these rounds: the reserve, then each round's four cards.
    dealt = [c for r in rounds for c in r.up + r.down]
    in_progress = split.cards if split is not None else []
    left = [int(c) for c in PACK if c not in places]
    if drafting:
        first_card = reserve if reserve is not None else (left.pop(0) if left else -1)
        rest = stock if stock is not None else left
        if stock is not None and left:
            problems.append(
                f"{CardSet(_mask(left)).pretty} are nowhere: the stock holds "
                f"{len(stock) + len(left)} cards under the round in progress"
            )
        order = [first_card, *dealt, *in_progress, *rest]
    else:
        order = [*left, *dealt]
    if sorted(order) != sorted(int(c) for c in PACK):
        problems.append("the rounds, the split, the stock and the reserve must hold the 21 cards")
    if problems:
        raise InvalidState(problems)

    from engine.divided_ranks.game import GAME  # noqa: PLC0415  (the game imports this module)

    state = initial_state(config)
    state = GAME.apply(state, FirstSplitter(first))
    state = GAME.apply(state, Shuffle(tuple(Card(c) for c in order)))
    for r in rounds:
        state = GAME.apply(state, Split(CardSet(_mask(r.up)), CardSet(_mask(r.down))))
        state = GAME.apply(state, Take(face_up=r.took_up))
    if split is not None and split.drawn is None:
        state = GAME.apply(state, Split(CardSet(_mask(split.up)), CardSet(_mask(split.down))))
    if state.stage == Stage.RESERVE_ORDER and reserve_first is not None:
        state = GAME.apply(state, ReserveFirst(reserve_first))
    for i, turn in enumerate(turns):
        where = f"reserve turn {i + 1}"
        if turn.seat is not None and turn.seat != state.actor:
            problems.append(
                f"{where} is taken by seat {turn.seat}, but it is seat {state.actor}'s "
                "[divided-ranks.reserve.order]"
            )
            break
        if turn.took is not None and turn.took != state.reserve:
            problems.append(
                f"{where}: seat {state.actor} takes the reserve, {Card(state.reserve).pretty}, "
                f"not {Card(turn.took).pretty} [divided-ranks.reserve.blind]"
            )
            break
        try:
            state = GAME.apply(state, KEEP if turn.gave is None else Swap(Card(turn.gave)))
        except IllegalAction as illegal:
            problems.append(f"{where}: {illegal}")
            break
    if problems:
        raise InvalidState(problems)
    if reserve is not None and not drafting and reserve != state.reserve:
        problems.append(
            f"the reserve is {Card(state.reserve).pretty}, not {Card(reserve).pretty}: it is the "
            "card the rounds leave out, or the last card given up"
        )
    if hands is not None:
        for p in (0, 1):
            if hands[p] != state.hands[p]:
                problems.append(
                    f"seat {p} holds {CardSet(state.hands[p]).pretty} after these rounds and "
                    f"reserve turns, not {CardSet(hands[p]).pretty}"
                )
    mover = GAME.to_move(state)
    if to_move is not None and to_move != mover:
        problems.append(
            f"it is {'chance' if mover == 'chance' else f'seat {mover}'} to act, not {to_move}"
        )
    if problems:
        raise InvalidState(problems)
    return state


def position_to_json(state: DividedRanksState) -> dict[str, Any]:
    """The position of a state during the draft or the reserve turns.

    >>> from engine.divided_ranks.game import GAME
    >>> state = GAME.new_game(GAME.config())
    >>> position_to_json(state)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.errors.MalformedInput: position: only a state from the first split to the builds can ...
    """
    from engine.divided_ranks.game import GAME  # noqa: PLC0415  (the game imports this module)

    if state.stage in (Stage.FIRST_SPLITTER, Stage.DEAL, Stage.OVER) or any(
        b != (0, 0) for b in state.builds
    ):
        raise MalformedInput(
            "position: only a state from the first split to the builds can be written as a position"
        )
    data: dict[str, Any] = {"game": "divided-ranks"}
    variants = [
        name
        for name, options in GAME.variants.items()
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
        data["split"] = {"drawn": [str(Card(c)) for c in state.stock[:SPLIT_SIZE]]}
        data["stock"] = [str(Card(c)) for c in state.stock[SPLIT_SIZE:]]
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
    data["to_move"] = GAME.to_move(state)
    return data
