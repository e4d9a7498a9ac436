"""Euchre positions: a hand in play, as a judge writes it down.

A position is a JSON (or TOML) object; :data:`EXAMPLE` is the rule
document's own hand, in its third trick (Spades trump, the right bower
just played)::

    {
      "game": "euchre", "dealer": 3, "upcard": "10S", "trump": "S",
      "maker": 0, "alone": false, "scores": [0, 0],
      "hands": ["KH AD", "AS JH", "JC JD KD", "QS 10S"],
      "tricks": [{"leader": 0, "cards": ["AH", "QH", "9D", "9S"]},
                 {"leader": 3, "cards": ["AC", "KC", "QC", "9C"]}],
      "trick": {"leader": 3, "cards": ["KS", "10D", "JS"]}
    }

Fields:

* ``dealer`` — the dealer's seat (0 to 3); seats 0 and 2 are one team.
* ``upcard`` — the card turned up: when trump is its suit it was ordered up
  and taken (unless the dealer sits out), else trump was named and it is out of play.
* ``trump`` — the trump suit (``C``, ``D``, ``H``, ``S``); ``maker`` — the
  seat that made it; ``alone`` (default ``false``) — whether the maker went
  alone.  ``sitting_out`` (optional) — the seat sitting out (the lone
  maker's partner), checked against ``maker`` and ``alone``.
* ``hands`` — the cards each seat holds now (``""`` for a seat sitting out).
* ``tricks`` — the finished tricks of this hand in order, each from its
  leader; ``trick`` — the trick in progress.
* ``scores`` (default ``[0, 0]``) — each team's score before this hand;
  ``results`` (optional) — the earlier hands as ``[team, points]``
  (``[-1, 0]`` for a thrown-in hand), which must add up to the scores.
* ``discard`` (optional) — the card the dealer laid down, if known; ``variants``
  (optional) — e.g. ``["stick-the-dealer"]``.

Loading checks the position as a judge would and names every problem: a
card given twice, a card that is not in the Euchre deck, a hand of the wrong
size, an up-card in the wrong place, a trick led by the wrong seat, a play
that broke a rule (each earlier play is replayed through the engine from the
hands the seats must have held).  What a position cannot tell — the cards
under the up-card, an unknown discard — no answer depends on; they are
filled in with the remaining cards, hidden from every seat.

>>> from cardlaw.engine.euchre.game import EUCHRE
>>> state = EUCHRE.position_from_json(EXAMPLE)
>>> state.actor, [len(CardSet(h)) for h in state.hands], state.won
(2, [2, 2, 3, 2], (0, 2))
>>> EUCHRE.position_from_json(EUCHRE.position_to_json(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, NotRequired, TypedDict, cast

from cardlaw.engine.base import with_rules
from cardlaw.engine.euchre.bidding import first_leader
from cardlaw.engine.euchre.codec import config_from_json
from cardlaw.engine.euchre.play import apply_play
from cardlaw.engine.manifest import Engine
from cardlaw.engine.positions import (
    RULES_FIELD,
    CardsDoc,
    Deck,
    Ledger,
    Trick,
    TrickDoc,
    checked_config,
    configured,
    game_field,
    hand_size_problem,
    open_trick_problems,
    replay_tricks,
    require_object,
    rules_option,
    short_trick_problem,
    start_masks,
    trick_field,
    tricks_to_json,
    variant_options,
    variants_field,
)
from cardlaw.spec.cards import CARD_BITS, Card, CardSet, Suit, bits
from cardlaw.spec.errors import CardlawError, InvalidState, MalformedInput
from cardlaw.spec.euchre.actions import PLAYS, Action
from cardlaw.spec.euchre.config import VARIANTS, EuchreConfig
from cardlaw.spec.euchre.constants import EUCHRE_DECK, PARTNER, PLAYERS
from cardlaw.spec.euchre.invariants import INVARIANTS, trick_seats, violations
from cardlaw.spec.euchre.state import EuchreState, Stage, initial_state, sitting_out, up_card_taken
from cardlaw.spec.schema import Bool, Choice, Int, List, Nullable, Object, OneOf, Refine, Seat, Text

__all__ = ["EXAMPLE", "position_from_json", "position_to_json", "schema"]

_Engine = Engine[EuchreState, Action]

EXAMPLE: Final[dict[str, object]] = {
    "game": "euchre",
    "dealer": 3,
    "upcard": "10S",
    "trump": "S",
    "maker": 0,
    "alone": False,
    "hands": ["KH AD", "AS JH", "JC JD KD", "QS 10S"],
    "tricks": [
        {"leader": 0, "cards": ["AH", "QH", "9D", "9S"]},
        {"leader": 3, "cards": ["AC", "KC", "QC", "9C"]},
    ],
    "trick": {"leader": 3, "cards": ["KS", "10D", "JS"]},
    "scores": [0, 0],
}
"""The rule document's hand in its third trick: seat 2 holds J♣, the left bower (used in the
docs and tests)."""

_DECK: Final = Deck(EUCHRE_DECK, "the Euchre deck (9 to A)")
_CARDS: Final = _DECK.field()
_ONE_CARD: Final = _DECK.field(example="10S", count=1)
_VARIANTS: Final = {variant.name: variant.options for variant in VARIANTS}


class _Doc(TypedDict):
    """A Euchre position once the schema has passed it."""

    dealer: int
    upcard: CardsDoc
    trump: str
    maker: int
    hands: list[CardsDoc]
    trick: TrickDoc
    game: NotRequired[str]
    alone: NotRequired[bool]
    sitting_out: NotRequired[int | None]
    tricks: NotRequired[list[TrickDoc]]
    scores: NotRequired[list[int]]
    results: NotRequired[list[list[int]]]
    discard: NotRequired[CardsDoc | None]
    variants: NotRequired[list[str]]
    rules: NotRequired[dict[str, int]]


@dataclass(frozen=True, slots=True)
class _Spot:
    """What a Euchre position of the right form says."""

    config: EuchreConfig
    dealer: int
    maker: int
    upcard: Card
    trump: int
    alone: bool
    hands: list[list[Card]]
    finished: list[Trick]
    current: Trick
    scores: tuple[int, int]
    results: tuple[tuple[int, int], ...]
    results_given: bool
    discard: Card | None
    told_out: int | None  # the seat ``sitting_out`` names (-1: nobody); None: not given

    @property
    def out(self) -> int:
        """The seat sitting out (the lone maker's partner), or -1."""
        return PARTNER[self.maker] if self.alone else -1

    @property
    def active(self) -> int:
        """How many seats play to each trick."""
        return PLAYERS - (self.out >= 0)

    @property
    def taken(self) -> bool:
        """Whether the dealer took the up-card: ordered up, unless the dealer sits out."""
        exchange = self.out != self.dealer or self.config.sitting_dealer_discards
        return self.trump == self.upcard.suit and exchange

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks and the current one."""
        return [*self.finished, self.current]


def _suit(value: object) -> str | None:
    try:
        Suit.parse(str(value))
    except CardlawError:
        return f"expected a suit: C, D, H or S, got {value!r}"
    return None


def schema() -> Object:
    """The form of a Euchre position."""
    trick = trick_field(PLAYERS, _CARDS)
    return Object(
        {
            "dealer": Seat(PLAYERS),
            "upcard": _ONE_CARD,
            "trump": Refine(Text(), _suit),
            "maker": Seat(PLAYERS),
            "hands": List(
                _CARDS, PLAYERS, PLAYERS, what=f"a list of {PLAYERS} hands, one per seat"
            ),
            "trick": trick,
        },
        optional={
            "game": game_field("euchre", "Euchre"),
            "alone": Bool(),
            "sitting_out": Nullable(OneOf(Seat(PLAYERS), Choice(-1))),
            "tricks": List(trick),
            "scores": List(Int(min=0), 2, 2, what="two scores, one per team"),
            "results": List(List(Int(), 2, 2, what="[team, points]")),
            "discard": Nullable(_ONE_CARD),
            "variants": variants_field(_VARIANTS),
            "rules": RULES_FIELD,
        },
    )


def _made_of(score: int, points: list[int]) -> tuple[int, ...] | None:
    """``score`` as the points of as many hands as can make it, or ``None``: ``(1, 1, 1)``.

    >>> _made_of(3, [1, 2, 4]), _made_of(5, [2, 4]), _made_of(6, [2, 4])
    ((1, 1, 1), None, (2, 2, 2))
    """
    best: list[tuple[int, ...] | None] = [()] + [None] * score
    for total in range(1, score + 1):
        made = [(p, *b) for p in points if p <= total and (b := best[total - p]) is not None]
        best[total] = max(made, key=len, default=None)
    return best[score]


def _scores(
    doc: _Doc, config: EuchreConfig
) -> tuple[tuple[int, int], tuple[tuple[int, int], ...], bool]:
    """The scores, the earlier hands' results, and whether the results were given."""
    raw = doc.get("scores", [0, 0])
    scores = (int(raw[0]), int(raw[1]))
    if "results" not in doc:
        # The earlier hands are not given: one point a hand reaches any score below the
        # target (a score at the target or above is reported as a game over); a scoring
        # table without a one-point hand makes it of as many hands as it can.
        if max(scores) >= config.rules.target:
            return scores, (), False
        points = sorted(config.rules.reachable_points)
        made = [_made_of(score, points) for score in scores]
        if made[0] is None or made[1] is None:  # reported by _check_bid
            return scores, (), False
        return scores, tuple((0, p) for p in made[0]) + tuple((1, p) for p in made[1]), False
    results = tuple((int(team), int(points)) for team, points in doc["results"])
    return scores, results, True


def _form(data: Mapping[str, object]) -> tuple[_Doc, EuchreConfig]:
    """The position checked against its schema, and the configuration it names."""
    data = require_object(data)
    options = {**variant_options(_VARIANTS, data.get("variants")), **rules_option(data)}
    config, found = configured(lambda: config_from_json(options), "position.variants")
    return cast("_Doc", data), checked_config(schema(), data, config, found)


def _told_out(doc: _Doc) -> int | None:
    """The seat ``sitting_out`` names (-1: nobody), or ``None`` if it is not given."""
    if "sitting_out" not in doc:
        return None
    told = doc["sitting_out"]
    return -1 if told is None else int(told)


def _read(doc: _Doc, config: EuchreConfig) -> _Spot:
    """The typed reading of a position of the right form."""
    upcard = _DECK.card(doc["upcard"], "upcard")
    trump = int(Suit.parse(doc["trump"]))
    hands = [_DECK.cards(h, f"hand {p}") for p, h in enumerate(doc["hands"])]
    finished, current = _DECK.tricks(doc.get("tricks", []), doc["trick"], PLAYERS)
    scores, results, results_given = _scores(doc, config)
    discard = doc.get("discard")
    return _Spot(
        config=config,
        dealer=doc["dealer"],
        maker=doc["maker"],
        upcard=upcard,
        trump=trump,
        alone=doc.get("alone", False),
        hands=hands,
        finished=finished,
        current=current,
        scores=scores,
        results=results,
        results_given=results_given,
        discard=None if discard is None else _DECK.card(discard, "discard"),
        told_out=_told_out(doc),
    )


def _check_bid(spot: _Spot) -> list[str]:
    """The problems of the seat sitting out, the scores and the earlier hands' results."""
    problems: list[str] = []
    out = spot.out
    if spot.told_out is not None and spot.told_out != out:
        who = f"seat {out} sits out" if out >= 0 else "nobody sits out"
        problems.append(
            f"sitting_out is {spot.told_out}, but {who} (maker {spot.maker}, alone {spot.alone})"
        )
    rules = spot.config.rules
    if max(spot.scores) >= rules.target:
        problems.append(f"a team has {max(spot.scores)} points: the game is over")
    totals = [0, 0]
    for team, points in spot.results:
        if (team, points) == (-1, 0):
            continue
        if team not in (0, 1) or points not in rules.hand_points:
            problems.append(f"result {[team, points]} is not a team and a hand's points")
        else:
            totals[team] += points
    unmade = not spot.results_given and tuple(totals) != spot.scores
    if unmade and max(spot.scores) < rules.target:
        problems.append(
            f"the scores {list(spot.scores)} cannot be made of hands of "
            f"{sorted(rules.reachable_points)} points: give the results"
        )
    if spot.results_given and tuple(totals) != spot.scores:
        problems.append(f"the results add up to {totals}, not the scores {list(spot.scores)}")
    return problems


def _plays(spot: _Spot) -> list[tuple[int, Card]]:
    """Who played each card of the tricks (a trick of too many cards is left out)."""
    played: list[tuple[int, Card]] = []
    for leader, cards in spot.tricks:
        if len(cards) <= spot.active:  # a longer trick is reported by the counts
            played.extend(zip(trick_seats(leader, len(cards), spot.out), cards, strict=True))
    return played


def _check_cards(spot: _Spot, ledger: Ledger, played: list[tuple[int, Card]]) -> None:
    """Place every card; the up-card must lie where the bidding left it, and the discard."""
    ledger.place_hands(spot.hands)
    for i, (_, cards) in enumerate(spot.finished):
        ledger.place(cards, f"trick {i + 1}")
    ledger.place(spot.current.cards, "the current trick")
    dealer, upcard, discard, places = spot.dealer, spot.upcard, spot.discard, ledger.places
    held = {int(c) for c in spot.hands[dealer]} | {int(c) for seat, c in played if seat == dealer}
    problems = ledger.problems
    if not spot.taken:
        why = "turned down" if spot.trump != upcard.suit else "left out: the dealer sits out"
        ledger.place([upcard], f"the up-card, {why}")
    elif int(upcard) in places and int(upcard) not in held:
        problems.append(
            f"the dealer, seat {dealer}, took the up-card {upcard.pretty}, but it is in "
            f"{places[int(upcard)]}"
        )
    if discard is None:
        return
    if not spot.taken:
        problems.append(
            f"no card was laid down: the dealer did not take the up-card {upcard.pretty}"
        )
    elif int(upcard) not in held and discard != upcard:
        problems.append(
            f"the up-card {upcard.pretty} is nowhere, so the dealer laid it down, "
            f"not {discard.pretty}"
        )
    elif int(upcard) in held and discard == upcard:
        problems.append(
            f"the dealer, seat {dealer}, still has the up-card {upcard.pretty}, so did not "
            "lay it down"
        )
    elif discard != upcard:
        ledger.place([discard], "the discard")


def _check_counts(spot: _Spot) -> list[str]:
    """The problems of the tricks' and the hands' sizes, and of the seat sitting out leading."""
    problems: list[str] = []
    active, out, current, finished = spot.active, spot.out, spot.current, len(spot.finished)
    each = spot.config.rules.cards_each
    for i, trick in enumerate(spot.finished):
        problems += short_trick_problem(i + 1, trick, active)
    problems += open_trick_problems(current, active, finished, each, "hand")
    playing = set(trick_seats(current.leader, len(current.cards), out)) if current.cards else set()
    for p, hand in enumerate(spot.hands):
        if p != out:
            problems += hand_size_problem(p, len(hand), each, finished, p in playing)
        elif len(hand) not in (0, each):
            problems.append(
                f"seat {p} sits out and holds {each} cards (or give none), not {len(hand)}"
            )
    if any(leader == out for leader, _ in spot.tricks):
        problems.append(f"seat {out} sits out but leads a trick")
    return problems


def _start(spot: _Spot, places: Mapping[int, str], played: list[tuple[int, Card]]) -> EuchreState:
    """The state at the first trick, the hidden cards filled in.

    They are the sitting-out seat's (if not given), an unknown discard, and
    the three cards under the up-card.
    """
    dealer, out, upcard = spot.dealer, spot.out, spot.upcard
    each, under = spot.config.rules.cards_each, spot.config.rules.kitty_size - 1
    start = start_masks(spot.hands, played)
    known = sum(CARD_BITS[c] for c in places) | (CARD_BITS[upcard] if spot.taken else 0)
    hidden = list(bits(EUCHRE_DECK & ~known))
    if out >= 0 and not spot.hands[out]:
        start[out] = sum(CARD_BITS[c] for c in hidden[:each])
        hidden = hidden[each:]
    laid_down = -1
    if spot.taken:
        if not start[dealer] & CARD_BITS[upcard]:
            laid_down = int(upcard)
        elif spot.discard is not None:
            laid_down = int(spot.discard)
        else:
            laid_down, hidden = hidden[0], hidden[1:]
    if len(hidden) != under:  # cannot happen once the counts hold
        raise InvalidState([f"{len(hidden)} cards are unaccounted for, not {under}"])
    leader = first_leader(dealer, out)
    return initial_state(spot.config)._replace(
        stage=Stage.TRICKS,
        deal=len(spot.results) + 1,
        dealer=dealer,
        actor=leader,
        hands=tuple(start),
        kitty=sum(CARD_BITS[c] for c in hidden),
        upcard=int(upcard),
        maker=spot.maker,
        trump=spot.trump,
        alone=spot.alone,
        discard=laid_down,
        leader=leader,
        scores=spot.scores,
        results=spot.results,
    )


def position_from_json(engine: _Engine, data: Mapping[str, object]) -> EuchreState:
    """The state a position describes; raises naming every problem (:mod:`engine.positions`).

    >>> from cardlaw.engine.euchre.game import EUCHRE
    >>> bad = {**EXAMPLE, "hands": ["KH AD", "AS JH", "JC JD AD", "QS 10S"]}
    >>> EUCHRE.position_from_json(bad)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.InvalidState: invalid state: A♦ is given twice (hand 0 and hand 2)...
    >>> EUCHRE.position_from_json({**EXAMPLE, "maker": 4, "alone": "no", "trump": "X"})
    Traceback (most recent call last):
    ...
    cardlaw.spec.schema.base.SchemaError: position.trump: expected a suit: C, D, H or S, got 'X'; \
position.maker: expected a seat 0–3, got 4; position.alone: expected true or false, got "no"
    """
    spot = _read(*_form(data))
    played = _plays(spot)
    ledger = Ledger(_check_bid(spot))
    _check_cards(spot, ledger, played)
    problems = ledger.problems + _check_counts(spot)
    if problems:
        raise InvalidState(problems)
    state = _start(spot, ledger.places, played)
    broken = violations(INVARIANTS, state)
    if broken:
        raise InvalidState(broken)
    state, problems = replay_tricks(
        state, spot.tricks, len(spot.finished), lambda s, card: apply_play(s, PLAYS[int(card)])
    )
    if problems:
        raise InvalidState(problems)
    return state


def position_to_json(engine: _Engine, state: EuchreState) -> dict[str, object]:
    """The position of a state during the tricks (what a judge would write down).

    >>> from cardlaw.engine.euchre.game import EUCHRE
    >>> data = EUCHRE.position_to_json(EUCHRE.position_from_json(EXAMPLE))  # discard filled in
    >>> data["trick"], data["discard"]
    ({'leader': 3, 'cards': ['KS', '10D', 'JS']}, '9H')
    """
    if state.stage != Stage.TRICKS or state.defender >= 0:  # [euchre.ruling.defender-alone]
        raise MalformedInput(
            "position: only a state during the tricks, with no lone defender, can be written"
        )
    data: dict[str, object] = {
        "game": "euchre",
        "dealer": state.dealer,
        "upcard": str(Card(state.upcard)),
        "trump": Suit(state.trump).letter,
        "maker": state.maker,
        "alone": state.alone,
        "hands": [str(CardSet(h)) for h in state.hands],
        **tricks_to_json(state.tricks, state.leader, state.trick),
        "scores": list(state.scores),
        "results": [list(r) for r in state.results],
    }
    if state.alone:
        data["sitting_out"] = sitting_out(state)
    if up_card_taken(state):
        data["discard"] = str(Card(state.discard))
    named = [v.name for v in VARIANTS if len(v.options) == 1]
    chosen = [n for n in named if all(getattr(state.config, k) for k in _VARIANTS[n])]
    if chosen:
        data["variants"] = chosen
    return with_rules(data, state.config.rules)
