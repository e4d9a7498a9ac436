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
* ``upcard`` — the card turned up.  When trump is its suit it was ordered
  up and the dealer took it (unless the dealer sits out); otherwise trump
  was named in the second round and the up-card is out of play.
* ``trump`` — the trump suit (``C``, ``D``, ``H``, ``S``); ``maker`` — the
  seat that made it; ``alone`` (default ``false``) — whether the maker went
  alone.  ``sitting_out`` (optional) — the seat sitting out (the lone
  maker's partner), checked against ``maker`` and ``alone``.
* ``hands`` — the cards each seat holds now.  The seat sitting out may be
  given as ``""`` (its cards are unknown).
* ``tricks`` — the finished tricks of this hand in order, each from its
  leader; ``trick`` — the trick in progress.
* ``scores`` (default ``[0, 0]``) — each team's score before this hand;
  ``results`` (optional) — the earlier hands as ``[team, points]``
  (``[-1, 0]`` for a thrown-in hand), which must add up to the scores.
* ``discard`` (optional) — the card the dealer laid down, if known;
  ``variants`` (optional) — e.g. ``["stick-the-dealer"]``.

Loading checks the position as a judge would and names every problem: a
card given twice, a card that is not in the Euchre deck, a hand of the wrong
size, an up-card in the wrong place, a trick led by the wrong seat, a play
that broke a rule (each earlier play is replayed through the engine from the
hands the seats must have held).  What a position cannot tell — the cards
under the up-card, an unknown discard — no answer depends on; they are
filled in with the remaining cards, hidden from every seat.

>>> state = position_from_json(EXAMPLE)
>>> state.actor, [len(CardSet(h)) for h in state.hands], state.won
(2, [2, 2, 3, 2], (0, 2))
>>> position_from_json(position_to_json(state)) == state
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from engine.euchre.bidding import first_leader
from engine.euchre.codec import config_from_json
from engine.euchre.play import apply_play
from engine.positions import (
    cards_field,
    check_position,
    configured,
    game_field,
    read_cards,
    read_seat,
    replay_tricks,
    trick_field,
    variant_options,
    variants_field,
)
from spec.cards import CARD_BITS, Card, CardSet, Suit, bits
from spec.errors import CardlawError, InvalidState, MalformedInput
from spec.euchre.actions import PLAYS
from spec.euchre.constants import (
    ALONE_MARCH_POINTS,
    CARDS_EACH,
    EUCHRE_DECK,
    EUCHRE_POINTS,
    KITTY_SIZE,
    MAKER_POINTS,
    MARCH_POINTS,
    PARTNER,
    PLAYERS,
    TARGET,
    TRICKS_PER_HAND,
)
from spec.euchre.invariants import INVARIANTS, trick_seats, violations
from spec.euchre.state import EuchreState, Stage, initial_state, sitting_out, up_card_taken
from spec.schema import Bool, Choice, Int, List, Nullable, Object, OneOf, Refine, Seat, Text

__all__ = ["EXAMPLE", "position_from_json", "position_to_json"]

EXAMPLE: Final[dict[str, Any]] = {
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

_POINTS: Final = frozenset({MAKER_POINTS, MARCH_POINTS, ALONE_MARCH_POINTS, EUCHRE_POINTS})
_DECK_NAME: Final = "the Euchre deck (9 to A)"
_CARDS: Final = cards_field(EUCHRE_DECK, _DECK_NAME)
_ONE_CARD: Final = cards_field(EUCHRE_DECK, _DECK_NAME, example="10S", count=1)


def _suit(value: object) -> str | None:
    try:
        Suit.parse(str(value))
    except CardlawError:
        return f"expected a suit: C, D, H or S, got {value!r}"
    return None


def _schema() -> Object:
    """The form of a Euchre position."""
    from engine.euchre.game import EUCHRE  # noqa: PLC0415  (the game imports this module)

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
            "variants": variants_field(EUCHRE.variants),
        },
    )


def _cards(value: Any, where: str) -> list[Card]:
    return read_cards(value, where, EUCHRE_DECK, _DECK_NAME)


def _trick(value: Mapping[str, Any], where: str) -> tuple[int, list[Card]]:
    return read_seat(value["leader"], f"{where} leader", PLAYERS), _cards(
        value.get("cards", []), f"{where} cards"
    )


def _scores(
    data: Mapping[str, Any],
) -> tuple[tuple[int, int], tuple[tuple[int, int], ...], bool]:
    """The scores, the earlier hands' results, and whether the results were given."""
    raw = data.get("scores", [0, 0])
    scores = (int(raw[0]), int(raw[1]))
    if "results" not in data:
        # The earlier hands are not given: one point a hand reaches any score below the
        # target (a score at the target or above is reported as a game over).
        if max(scores) >= TARGET:
            return scores, (), False
        return scores, ((0, MAKER_POINTS),) * scores[0] + ((1, MAKER_POINTS),) * scores[1], False
    results = tuple((int(team), int(points)) for team, points in data["results"])
    return scores, results, True


def position_from_json(data: Mapping[str, Any]) -> EuchreState:
    """The state a position describes; raises naming every problem found.

    Problems of form (a field missing, unknown, or of the wrong type or
    range) raise one :class:`~spec.schema.SchemaError` naming each by its
    path; a position the rules cannot reach raises :class:`InvalidState`
    listing each problem.

    >>> bad = {**EXAMPLE, "hands": ["KH AD", "AS JH", "JC JD AD", "QS 10S"]}
    >>> position_from_json(bad)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.errors.InvalidState: invalid state: A♦ is given twice (hand 0 and hand 2)...
    >>> position_from_json({**EXAMPLE, "maker": 4, "alone": "no", "trump": "X"})
    Traceback (most recent call last):
    ...
    spec.schema.base.SchemaError: position.trump: expected a suit: C, D, H or S, got 'X'; \
position.maker: expected a seat 0–3, got 4; position.alone: expected true or false, got "no"
    """
    from engine.euchre.game import EUCHRE  # noqa: PLC0415  (the game imports this module)

    if not isinstance(data, Mapping):
        raise MalformedInput("position: must be an object")
    options = variant_options(EUCHRE.variants, data.get("variants"))
    config, found = configured(lambda: config_from_json(options), "position.variants")
    check_position(_schema(), data, found)
    assert config is not None
    dealer: int = data["dealer"]
    maker: int = data["maker"]
    (upcard,) = _cards(data["upcard"], "upcard")
    trump = int(Suit.parse(data["trump"]))
    alone: bool = data.get("alone", False)
    out = PARTNER[maker] if alone else -1
    hands = [_cards(h, f"hand {p}") for p, h in enumerate(data["hands"])]
    finished = [_trick(t, f"trick {i + 1}") for i, t in enumerate(data.get("tricks", []))]
    current = _trick(data["trick"], "the current trick")
    scores, results, results_given = _scores(data)
    discard = _cards(data["discard"], "discard")[0] if data.get("discard") is not None else None

    problems: list[str] = []
    if "sitting_out" in data:
        told = -1 if data["sitting_out"] is None else int(data["sitting_out"])
        if told != out:
            who = f"seat {out} sits out" if out >= 0 else "nobody sits out"
            problems.append(f"sitting_out is {told}, but {who} (maker {maker}, alone {alone})")
    if max(scores) >= TARGET:
        problems.append(f"a team has {max(scores)} points: the game is over")
    totals = [0, 0]
    for team, points in results:
        if (team, points) == (-1, 0):
            continue
        if team not in (0, 1) or points not in _POINTS:
            problems.append(f"result {[team, points]} is not a team and a hand's points")
        else:
            totals[team] += points
    if results_given and tuple(totals) != scores:
        problems.append(f"the results add up to {totals}, not the scores {list(scores)}")

    # The up-card: ordered up (trump is its suit) and taken by the dealer unless the dealer
    # sits out; otherwise it lies turned down, out of play.
    taken = trump == upcard.suit and out != dealer
    active = PLAYERS - (out >= 0)
    played: list[tuple[int, Card, str]] = []  # (seat, card, where)
    for number, (leader, cards) in enumerate([*finished, current], start=1):
        label = f"trick {number}" if number <= len(finished) else "the current trick"
        if len(cards) > active:
            continue  # reported below
        for seat, card in zip(trick_seats(leader, len(cards), out), cards, strict=True):
            played.append((seat, card, label))

    places: dict[int, str] = {}

    def place(card: Card, where: str) -> None:
        if int(card) in places:
            problems.append(f"{card.pretty} is given twice ({places[int(card)]} and {where})")
        else:
            places[int(card)] = where

    for p, hand in enumerate(hands):
        for card in hand:
            place(card, f"hand {p}")
    for i, (_, cards) in enumerate(finished):
        for card in cards:
            place(card, f"trick {i + 1}")
    for card in current[1]:
        place(card, "the current trick")
    held_by_dealer = {int(c) for c in hands[dealer]} | {
        int(c) for seat, c, _ in played if seat == dealer
    }
    if not taken:
        why = "turned down" if trump != upcard.suit else "left out: the dealer sits out"
        place(upcard, f"the up-card, {why}")
    elif int(upcard) in places and int(upcard) not in held_by_dealer:
        problems.append(
            f"the dealer, seat {dealer}, took the up-card {upcard.pretty}, but it is in "
            f"{places[int(upcard)]}"
        )
    if discard is not None:
        if not taken:
            problems.append(
                f"no card was laid down: the dealer did not take the up-card {upcard.pretty}"
            )
        elif int(upcard) not in held_by_dealer and discard != upcard:
            problems.append(
                f"the up-card {upcard.pretty} is nowhere, so the dealer laid it down, "
                f"not {discard.pretty}"
            )
        elif int(upcard) in held_by_dealer and discard == upcard:
            problems.append(
                f"the dealer, seat {dealer}, still has the up-card {upcard.pretty}, so did not "
                "lay it down"
            )
        elif discard != upcard:
            place(discard, "the discard")

    # Counts.
    for i, (_, cards) in enumerate(finished):
        if len(cards) != active:
            problems.append(f"trick {i + 1} has {len(cards)} cards, not {active}")
    if len(current[1]) >= active:
        problems.append(f"the current trick already has {len(current[1])} cards")
    if len(finished) >= TRICKS_PER_HAND:
        problems.append(f"{len(finished)} tricks are finished: the hand is over")
    played_now = set(trick_seats(current[0], len(current[1]), out)) if current[1] else set()
    for p, hand in enumerate(hands):
        if p == out:
            if len(hand) not in (0, CARDS_EACH):
                problems.append(
                    f"seat {p} sits out and holds {CARDS_EACH} cards (or give none), "
                    f"not {len(hand)}"
                )
            continue
        want = CARDS_EACH - len(finished) - (p in played_now)
        if len(hand) != want:
            problems.append(
                f"seat {p} holds {len(hand)} cards but must hold {want} after {len(finished)} "
                f"finished tricks{' and its card in this trick' if p in played_now else ''}"
            )
    for leader, _ in [*finished, current]:
        if leader == out:
            problems.append(f"seat {leader} sits out but leads a trick")
            break
    if problems:
        raise InvalidState(problems)

    # The hands at the first trick, and the hidden cards: the sitting-out seat's (if not
    # given), an unknown discard, and the three cards under the up-card.
    start = [sum(CARD_BITS[c] for c in hand) for hand in hands]
    for seat, card, _ in played:
        start[seat] |= CARD_BITS[card]
    known = 0
    for card_index in places:
        known |= CARD_BITS[card_index]
    if taken:
        known |= CARD_BITS[upcard]
    hidden = list(bits(EUCHRE_DECK & ~known))
    if out >= 0 and not hands[out]:
        start[out] = sum(CARD_BITS[c] for c in hidden[:CARDS_EACH])
        hidden = hidden[CARDS_EACH:]
    laid_down = -1
    if taken:
        if not start[dealer] & CARD_BITS[upcard]:
            laid_down = int(upcard)
        elif discard is not None:
            laid_down = int(discard)
        else:
            laid_down, hidden = hidden[0], hidden[1:]
    if len(hidden) != KITTY_SIZE - 1:  # cannot happen once the counts above hold
        raise InvalidState([f"{len(hidden)} cards are unaccounted for, not {KITTY_SIZE - 1}"])
    leader = first_leader(dealer, out)
    state = initial_state(config)._replace(
        stage=Stage.TRICKS,
        deal=len(results) + 1,
        dealer=dealer,
        actor=leader,
        hands=tuple(start),
        kitty=sum(CARD_BITS[c] for c in hidden),
        upcard=int(upcard),
        maker=maker,
        trump=trump,
        alone=alone,
        discard=laid_down,
        leader=leader,
        scores=scores,
        results=results,
    )
    broken = violations(INVARIANTS, state)
    if broken:
        raise InvalidState(broken)
    state, problems = replay_tricks(
        state, [*finished, current], len(finished), lambda s, card: apply_play(s, PLAYS[int(card)])
    )
    if problems:
        raise InvalidState(problems)
    return state


def position_to_json(state: EuchreState) -> dict[str, Any]:
    """The position of a state during the tricks (what a judge would write down).

    >>> data = position_to_json(position_from_json(EXAMPLE))  # the discard was filled in
    >>> data["trick"], data["discard"]
    ({'leader': 3, 'cards': ['KS', '10D', 'JS']}, '9H')
    """
    if state.stage != Stage.TRICKS:
        raise MalformedInput(
            "position: only a state during the tricks can be written as a position"
        )
    data: dict[str, Any] = {
        "game": "euchre",
        "dealer": state.dealer,
        "upcard": str(Card(state.upcard)),
        "trump": Suit(state.trump).letter,
        "maker": state.maker,
        "alone": state.alone,
        "hands": [str(CardSet(h)) for h in state.hands],
        "tricks": [
            {"leader": leader, "cards": [str(Card(c)) for c in cards]}
            for leader, cards in state.tricks
        ],
        "trick": {"leader": state.leader, "cards": [str(Card(c)) for c in state.trick]},
        "scores": list(state.scores),
        "results": [list(r) for r in state.results],
    }
    if state.alone:
        data["sitting_out"] = sitting_out(state)
    if up_card_taken(state):
        data["discard"] = str(Card(state.discard))
    if state.config.stick_the_dealer:
        data["variants"] = ["stick-the-dealer"]
    return data
