"""High Card as data: its rulebook, configuration, actions, state and invariants.

This module plays the part of a game's ``spec/<game>/`` package (there split
into ``constants``, ``rules``, ``config``, ``actions``, ``state`` and
``invariants``).  It imports nothing from the engine.

>>> RULEBOOK["toy.trick.winner"].title
'Winning a trick'
>>> parse_action("play 9S"), Deal(DECK[:2]).text
(Play(card=Card('9S')), 'deal 2S 3S')
>>> state = initial_state(ToyConfig())
>>> state.stage, state.actor, violations(INVARIANTS, state)
(<Stage.FIRST_LEADER: 0>, -1, [])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple

from cardlaw.spec.actions import CardAction, OrderAction, SeatAction, action
from cardlaw.spec.cards import SUIT_MASKS, Card, CardSet, Suit, bits, cards_of
from cardlaw.spec.clauses import Phase, Rulebook, definition, rule
from cardlaw.spec.domain import CardMask, SeatId
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.forms import (
    COUNT,
    PER_SEAT,
    SEAT,
    SEAT_OR_NONE,
    CardIndex,
    Each,
    Mask,
    Pair,
    StateForm,
)
from cardlaw.spec.invariants import Invariant, StepInvariant, violations
from cardlaw.spec.notation import one_argument, read_action, seat_argument
from cardlaw.spec.variants import Variant

__all__ = [
    "DECK",
    "DECK_MASK",
    "FORM",
    "HAND_SIZE",
    "INVARIANTS",
    "PLAYER_COUNTS",
    "RULEBOOK",
    "STEP_INVARIANTS",
    "TRICKS",
    "VARIANTS",
    "Action",
    "Deal",
    "FirstLeader",
    "Play",
    "Stage",
    "ToyConfig",
    "ToyObservation",
    "ToyResult",
    "ToyState",
    "initial_state",
    "parse_action",
    "played_cards",
    "trick_winner",
    "violations",
]

# -- constants ----------------------------------------------------------------------------

DECK: Final[tuple[Card, ...]] = cards_of(SUIT_MASKS[Suit.SPADES])
"""The thirteen Spades, 2♠ (lowest) to A♠ (highest) [toy.components.deck]."""

DECK_MASK: Final = SUIT_MASKS[Suit.SPADES]
"""The deck as a card mask."""
HAND_SIZE: Final = 3
TRICKS: Final = 3
PLAYER_COUNTS: Final = (2,)

# -- the rulebook -------------------------------------------------------------------------

RULEBOOK: Final = Rulebook(
    game="toy",
    title="High Card",
    source="tests/toy (the worked example of docs/adding-a-game.rst)",
    phases=(
        Phase("cards", "The cards"),
        Phase("setup", "Setting up"),
        Phase("deal", "The deal", step=True),
        Phase("tricks", "Tricks", "three in all", step=True),
        Phase("end", "The end"),
    ),
    clauses=(
        definition(
            "toy.components.deck",
            "The cards",
            "Thirteen cards: the Spades from the 2 up to the Ace. A card of higher rank "
            "is a higher card.",
            phase="cards",
        ),
        rule("toy.setup.players", "Players", "Two people play, in seats 0 and 1.", phase="setup"),
        rule(
            "toy.setup.first-leader",
            "The first lead",
            "Before the deal a coin is tossed for the seat that leads the first trick; "
            "each seat is as likely as the other.",
            phase="setup",
        ),
        rule(
            "toy.deal.shuffle",
            "Shuffle and deal",
            "The thirteen cards are shuffled, every order as likely as any other. The top "
            "three go to seat 0 and the next three to seat 1; the other seven are set aside "
            "face down and take no part in the game.",
            phase="deal",
        ),
        rule(
            "toy.info.hidden",
            "What a player sees",
            "A player sees their own hand and every card played, never the other hand nor "
            "the cards set aside.",
            phase="deal",
        ),
        rule(
            "toy.play.turns",
            "One at a time",
            "One thing happens at a time: the toss, the deal, then in each trick the leader "
            "plays a card and then the other player does.",
            phase="tricks",
        ),
        rule(
            "toy.trick.play",
            "Playing a card",
            "On their turn a player plays any one card from their hand: there is no suit "
            "to follow.",
            phase="tricks",
        ),
        rule(
            "toy.trick.winner",
            "Winning a trick",
            "The higher of the two cards wins the trick (with the low-card-wins variant, "
            "the lower one), and its player leads the next trick.",
            phase="tricks",
        ),
        rule(
            "toy.end.three-tricks",
            "The end",
            "The game is over after the third trick. Whoever won more tricks wins: with "
            "three tricks between two players there is no tie.",
            phase="end",
        ),
    ),
)
"""High Card's clauses, in our own words."""

# -- the configuration and its variant ----------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ToyConfig:
    """How a game of High Card is set up.

    Attributes:
        players: always 2 [toy.setup.players].
        low_wins: whether the lower card wins a trick (variant *low-card-wins*)
            [toy.trick.winner].
    """

    players: int = 2
    low_wins: bool = False

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in PLAYER_COUNTS:
            raise MalformedInput(f"High Card is for 2 players, not {self.players!r}")
        if type(self.low_wins) is not bool:
            raise MalformedInput(f"low_wins must be true or false, not {self.low_wins!r}")


VARIANTS: Final = (
    Variant(
        name="low-card-wins",
        options={"low_wins": True},
        clause="toy.trick.winner",
        summary="The lower card wins each trick.",
    ),
)
"""High Card's one named variant."""

# -- actions --------------------------------------------------------------------------------


@action("leader")
class FirstLeader(SeatAction):
    """Chance: the seat the coin names to lead the first trick [toy.setup.first-leader]."""


@action("deal")
class Deal(OrderAction[Card]):
    """Chance: the shuffled cards, top first [toy.deal.shuffle]."""


@action("play")
class Play(CardAction[Card]):
    """A card played to the trick [toy.trick.play]."""


Action = FirstLeader | Deal | Play
"""Any High Card action."""

_READERS: Final[dict[str, Callable[[str, str], Action]]] = {
    "leader": lambda verb, rest: FirstLeader(seat_argument(verb, rest)),
    "deal": lambda verb, rest: Deal(tuple(Card(word) for word in rest.split())),
    "play": lambda verb, rest: Play(Card(one_argument(verb, rest))),
}
"""The reader of each verb of the record notation."""


def parse_action(text: str) -> Action:
    """An action from its record notation (``leader 1``, ``deal 2S 3S ...``, ``play 9S``).

    Any seat number and any cards are read: whether they fit the moment is
    for the rules to say.
    """
    return read_action(text, _READERS, "High Card")


# -- states, observations, results -------------------------------------------------------------


class Stage(IntEnum):
    """Where in the game a state is [toy.play.turns]."""

    FIRST_LEADER = 0
    """Chance tosses for the first lead."""
    DEAL = 1
    """Chance shuffles and deals."""
    TRICKS = 2
    """The three tricks."""
    OVER = 3
    """The game is over."""


class ToyState(NamedTuple):
    """A whole High Card position, hidden cards included; card sets are int masks."""

    config: ToyConfig
    stage: Stage
    actor: SeatId
    """The seat to act, -1 when chance acts or the game is over."""
    leader: SeatId
    """The seat leading the current trick, -1 before the toss."""
    hands: tuple[CardMask, ...]
    """Each seat's hand."""
    aside: CardMask
    """The cards not dealt: the whole deck before the deal, then the seven set aside."""
    trick: tuple[Card, ...]
    """The card led to the current trick, if any (a trick of two is settled at once)."""
    tricks: tuple[tuple[SeatId, tuple[Card, ...]], ...]
    """The finished tricks: (leader, (the card led, the card that followed))."""
    won: tuple[int, ...]
    """How many tricks each seat has won."""


_CARD: Final = CardIndex(52)

FORM: Final = StateForm(
    ToyState,
    config=ToyConfig,
    stage=Stage,
    actor=SEAT_OR_NONE,
    leader=SEAT_OR_NONE,
    hands=Each(Mask(52), PER_SEAT),
    aside=Mask(52),
    trick=Each(_CARD, most=1),
    tricks=Each(Pair(SEAT, Each(_CARD, 2))),
    won=Each(COUNT, PER_SEAT),
)
"""What each field of a :class:`ToyState` holds (:mod:`spec.forms`)."""


def initial_state(config: ToyConfig) -> ToyState:
    """The state before anything has happened: chance tosses for the first lead."""
    return ToyState(
        config=config,
        stage=Stage.FIRST_LEADER,
        actor=-1,
        leader=-1,
        hands=(0, 0),
        aside=DECK_MASK,
        trick=(),
        tricks=(),
        won=(0, 0),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ToyObservation:
    """What one seat may know [toy.info.hidden]."""

    seat: SeatId
    actor: SeatId
    leader: SeatId
    hand: CardSet
    trick: tuple[Card, ...]
    tricks: tuple[tuple[SeatId, tuple[Card, ...]], ...]
    won: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ToyResult:
    """A finished game: the tricks each seat won and the winner [toy.end.three-tricks]."""

    won: tuple[int, ...]
    winner: int


def trick_winner(config: ToyConfig, leader: int, cards: tuple[Card, ...]) -> int:
    """The seat that wins a trick ``leader`` led with ``cards[0]`` [toy.trick.winner]."""
    led_higher = cards[0] > cards[1]
    return leader if led_higher != config.low_wins else 1 - leader


# -- invariants -------------------------------------------------------------------------------


def played_cards(state: ToyState) -> tuple[Card, ...]:
    """Every card played so far, in play order."""
    return (*(card for _, cards in state.tricks for card in cards), *state.trick)


def _cards_conserved(state: ToyState) -> Iterator[str]:
    played = played_cards(state)
    places = [*state.hands, state.aside, sum(1 << card for card in set(played))]
    if len(set(played)) != len(played):
        yield "a card was played twice"
    if any(a & b for i, a in enumerate(places) for b in places[i + 1 :]):
        yield "a card is in two places"
    if sum(place.bit_count() for place in places) != len(DECK) or sum(places) != DECK_MASK:
        yield "the places do not hold exactly the thirteen Spades"


def _hand_sizes(state: ToyState) -> Iterator[str]:
    dealt = state.stage >= Stage.TRICKS
    for seat, hand in enumerate(state.hands):
        played = len(state.tricks) + (state.trick != () and seat == state.leader)
        expected = HAND_SIZE - played if dealt else 0
        if hand.bit_count() != expected:
            yield f"seat {seat} holds {hand.bit_count()} cards, not {expected}"
    if len(state.trick) > 1 or any(len(cards) != 2 for _, cards in state.tricks):
        yield "a trick holds a card too many or too few"


def _turns(state: ToyState) -> Iterator[str]:
    stage, tricks = state.stage, len(state.tricks)
    if len(state.hands) != 2 or len(state.won) != 2:
        yield "there must be two hands and two trick counts"
    if (stage == Stage.OVER) != (tricks == TRICKS) or tricks > TRICKS:
        yield f"{tricks} tricks played at stage {stage.name}"
    if (stage == Stage.FIRST_LEADER) != (state.leader == -1) or state.leader not in (-1, 0, 1):
        yield f"leader {state.leader} at stage {stage.name}"
    expected = -1
    if stage == Stage.TRICKS:
        expected = state.leader if not state.trick else 1 - state.leader
    if state.actor != expected:
        yield f"seat {state.actor} acts at stage {stage.name}, not {expected}"


def _tricks_won(state: ToyState) -> Iterator[str]:
    winners = [trick_winner(state.config, lead, cards) for lead, cards in state.tricks]
    if tuple(winners.count(seat) for seat in (0, 1)) != state.won:
        yield f"the trick counts {state.won} do not match the tricks"
    if winners and state.stage != Stage.OVER and state.leader != winners[-1]:
        yield f"seat {state.leader} leads, but seat {winners[-1]} won the last trick"


def _played_stays_played(before: ToyState, after: ToyState) -> Iterator[str]:
    played, now = played_cards(before), played_cards(after)
    if now[: len(played)] != played or len(now) > len(played) + 1:
        yield "a step took back a card played, or played more than one"
    if set(bits(after.aside)) - set(bits(before.aside)):
        yield "a card came back to the cards set aside"


INVARIANTS: Final[tuple[Invariant[ToyState], ...]] = (
    Invariant(
        "toy.inv.card-conservation",
        "Every Spade is in exactly one place: a hand, the cards set aside or a trick.",
        ("toy.components.deck", "toy.deal.shuffle"),
        _cards_conserved,
    ),
    Invariant(
        "toy.inv.hand-sizes",
        "Hands hold three cards after the deal and one fewer after each card played.",
        ("toy.deal.shuffle", "toy.trick.play"),
        _hand_sizes,
    ),
    Invariant(
        "toy.inv.turns",
        "Chance acts before the tricks, the leader and then the other seat in each trick, "
        "and nobody after the third.",
        ("toy.play.turns", "toy.setup.first-leader", "toy.end.three-tricks"),
        _turns,
    ),
    Invariant(
        "toy.inv.tricks-won",
        "The trick counts are the winners of the finished tricks, and the last winner leads.",
        ("toy.trick.winner",),
        _tricks_won,
    ),
)
"""Properties of every reachable state."""

STEP_INVARIANTS: Final[tuple[StepInvariant[ToyState], ...]] = (
    StepInvariant(
        "toy.step.played-stays-played",
        "A step plays at most one card, and no card leaves a trick or goes back among the "
        "cards set aside.",
        ("toy.trick.play",),
        _played_stays_played,
    ),
)
"""Properties of every step."""
