"""Euchre's invariants: properties of every reachable state (and every step).

State invariants are predicates over one :class:`EuchreState`; step
invariants relate a state to its successor.  The stateful tests check both
after every action; the proofs encode the same properties.

>>> expected_points(0, (5, 0), alone=True), expected_points(1, (3, 2), alone=False)
((0, 4), (0, 2))
>>> expected_points(0, (2, 2), alone=False, rules=EuchreRules(cards_each=4))  # half: euchred
(1, 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from cardlaw.spec.domain import SeatId
from cardlaw.spec.euchre.constants import DECK_SIZE, EUCHRE_DECK, PLAYERS, TEAM_OF
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage, seats_out, up_card_taken
from cardlaw.spec.invariants import Invariant, StepInvariant, placed_cards, trick_cards, violations

__all__ = [
    "INVARIANTS",
    "STEP_INVARIANTS",
    "expected_points",
    "finished_hand_on_table",
    "played_cards",
    "trick_seats",
    "violations",
]

_BIDDING: Final = (Stage.ORDER_UP, Stage.NAME_TRUMP)


def played_cards(state: EuchreState) -> int:
    """The mask of cards played to tricks this hand (finished and current).

    >>> from cardlaw.spec.euchre.config import EuchreConfig
    >>> from cardlaw.spec.euchre.state import initial_state
    >>> state = initial_state(EuchreConfig())._replace(tricks=((0, (28, 29, 30, 31)),), trick=(48,))
    >>> bin(played_cards(state) >> 28)
    '0b100000000000000001111'
    """
    return trick_cards(state.tricks, state.trick)


def trick_seats(leader: SeatId, count: int, out: SeatId, also: SeatId = -1) -> tuple[SeatId, ...]:
    """The seats that play to a trick, in order from ``leader``, skipping ``out`` and ``also``.

    ``also`` is the lone defender's partner (variant lone-defender).

    >>> trick_seats(3, 4, -1), trick_seats(3, 3, 0), trick_seats(3, 2, 0, 1)
    ((3, 0, 1, 2), (3, 1, 2), (3, 2))
    """
    seats: list[int] = []
    seat = leader
    while len(seats) < count:
        if seat not in (out, also):
            seats.append(seat)
        seat = (seat + 1) % PLAYERS
    return tuple(seats)


def expected_points(
    makers: int,
    won: tuple[int, int],
    *,
    alone: bool,
    rules: EuchreRules = PRINTED_RULES,
    lone_defender: bool = False,
) -> tuple[int, int]:
    """The (team, points) a finished hand scores, restated from the scoring table.

    An independent statement of [euchre.score.makers], [euchre.score.march],
    [euchre.score.alone-march] and [euchre.score.euchred] that the engine's
    scoring is checked against: makers who took no more than half the
    tricks are euchred [euchre.ruling.hand-size], by a lone defender for a
    lone march's points [euchre.ruling.lone-defender-score].

    >>> expected_points(1, (2, 3), alone=True), expected_points(0, (4, 1), alone=True)
    ((1, 1), (0, 1))
    >>> expected_points(0, (2, 3), alone=False, lone_defender=True)
    (1, 4)
    """
    taken, tricks = won[makers], rules.tricks
    if 2 * taken <= tricks:
        return 1 - makers, rules.alone_march_points if lone_defender else rules.euchre_points
    if taken < tricks:
        return makers, rules.maker_points
    return makers, rules.alone_march_points if alone else rules.march_points


def finished_hand_on_table(state: EuchreState) -> bool:
    """Whether the table holds a hand that has ended (scored or thrown in).

    >>> from cardlaw.spec.euchre.config import EuchreConfig
    >>> from cardlaw.spec.euchre.state import initial_state
    >>> finished_hand_on_table(initial_state(EuchreConfig())._replace(stage=Stage.DEAL, deal=1))
    True
    """
    return state.stage == Stage.OVER or (state.stage == Stage.DEAL and state.deal > 0)


def _in_range(state: EuchreState) -> bool:
    """Whether every seat, suit and card field holds a possible value (see ``_seats``).

    The other invariants only look at states that pass, so that a malformed
    state read from JSON gets a list of problems rather than an exception.
    """
    seats = (state.dealer, state.actor, state.leader, state.maker, state.defender)
    cards = (state.upcard, state.discard, *state.trick)
    return (
        all(-1 <= seat < PLAYERS for seat in seats)
        and -1 <= state.trump < 4
        and all(-1 <= card < 52 for card in cards)
        and len(state.hands) == PLAYERS
        and all(0 <= leader < PLAYERS for leader, _ in state.tricks)
    )


def _dealt(state: EuchreState) -> bool:
    return state.stage not in (Stage.FIRST_DEALER, Stage.DEAL) or finished_hand_on_table(state)


def _thrown_in(state: EuchreState) -> bool:
    return finished_hand_on_table(state) and state.maker < 0


def _locations(state: EuchreState) -> list[tuple[str, int]]:
    places: list[tuple[str, int]] = [(f"hand {p}", h) for p, h in enumerate(state.hands)]
    places.append(("kitty", state.kitty))
    if state.upcard >= 0 and not up_card_taken(state):
        places.append(("up-card", 1 << state.upcard))
    if state.discard >= 0:
        places.append(("discard", 1 << state.discard))
    places.append(("played", played_cards(state)))
    return places


def _card_conservation(state: EuchreState) -> Iterator[str]:
    if not _in_range(state):
        return
    problems, seen = placed_cards(_locations(state), EUCHRE_DECK, "the Euchre deck")
    yield from problems
    if _dealt(state):
        under = state.config.rules.kitty_size - 1
        if seen != EUCHRE_DECK:
            yield f"{DECK_SIZE - (seen & EUCHRE_DECK).bit_count()} cards are nowhere"
        if state.kitty.bit_count() != under:
            yield f"{state.kitty.bit_count()} cards lie under the up-card, not {under}"
        if state.upcard < 0:
            yield "a hand is dealt without an up-card"
    elif seen or state.upcard >= 0:
        yield "cards are out before the deal"


def _hand_sizes(state: EuchreState) -> Iterator[str]:
    if not _in_range(state):
        return
    outs = seats_out(state)
    stage = state.stage
    each = state.config.rules.cards_each
    active = PLAYERS - sum(out >= 0 for out in outs)
    now = trick_seats(state.leader, len(state.trick), *outs) if stage == Stage.TRICKS else ()
    for p in range(PLAYERS):
        size = state.hands[p].bit_count()
        if not _dealt(state):
            want = 0
        elif stage in _BIDDING or stage == Stage.DEFEND or _thrown_in(state):
            want = each
        elif stage == Stage.DISCARD:  # a sitting-out dealer may exchange too
            want = each + (p == state.dealer)
        elif p in outs:
            want = each
        elif stage == Stage.TRICKS:
            want = each - len(state.tricks) - (p in now)
        else:  # a played hand on the table
            want = 0
        if size != want:
            yield f"seat {p} holds {size} cards, not {want}"
    if stage == Stage.TRICKS:
        for leader, cards in state.tricks:
            if len(cards) != active:
                yield f"a trick led by seat {leader} holds {len(cards)} cards, not {active}"
    played_out = finished_hand_on_table(state) and not _thrown_in(state)
    if played_out and len(state.tricks) != state.config.rules.tricks:
        yield f"the last hand ended after {len(state.tricks)} tricks"


def _sitting_out(state: EuchreState) -> Iterator[str]:
    if not _in_range(state):
        return
    for out in seats_out(state):
        if out >= 0:
            yield from _seat_out(state, out)


def _seat_out(state: EuchreState, out: int) -> Iterator[str]:
    # A sitting-out dealer may exchange too [euchre.ruling.dealer-sits-out].
    discarding = state.stage == Stage.DISCARD and out == state.dealer
    if state.actor == out and not discarding:
        yield f"seat {out} sits out but is to act"
    leaders = [leader for leader, _ in state.tricks]
    if state.stage == Stage.TRICKS:
        leaders.append(state.leader)
    if out in leaders:
        yield f"seat {out} sits out but led a trick"
    want = state.config.rules.cards_each + discarding
    if _dealt(state) and state.hands[out].bit_count() != want:
        yield f"seat {out} sits out but holds {state.hands[out].bit_count()} cards"
    if discarding and not state.config.sitting_dealer_discards:
        yield f"seat {out} sits out but is discarding"


def _bid(state: EuchreState) -> Iterator[str]:
    if not _in_range(state):
        return
    stage = state.stage
    made = state.maker >= 0
    if made != (state.trump >= 0):
        yield "a maker without trump, or trump without a maker"
    if state.alone and not made:
        yield "someone goes alone without making trump"
    if stage in _BIDDING or not _dealt(state):
        if made or state.discard >= 0:
            yield f"trump is made or a card discarded during {stage.name}"
    elif stage in (Stage.DISCARD, Stage.TRICKS) and not made:
        yield f"{stage.name} without trump"
    if stage == Stage.DISCARD and not state.hands[state.dealer] >> state.upcard & 1:
        yield "the dealer must hold the up-card while discarding"
    if stage == Stage.DISCARD and state.trump != state.upcard & 3:
        yield "a discard without the up-card ordered up"
    after_bidding = stage in (Stage.TRICKS, Stage.OVER) or finished_hand_on_table(state)
    if after_bidding and made and (state.discard >= 0) != up_card_taken(state):
        yield "the dealer discarded without taking the up-card, or took it and kept six"
    if state.config.keep_up_card and state.discard >= 0 and state.discard == state.upcard:
        yield "the dealer laid down the up-card, which keep-up-card forbids"
    yield from _defender(state)


def _defender(state: EuchreState) -> Iterator[str]:
    """A lone defender only under its variant, on the defending team, after trump is made."""
    defender, stage = state.defender, state.stage
    if (defender >= 0 or stage == Stage.DEFEND) and not state.config.lone_defender:
        yield "a defender goes alone, or is asked to, without the variant lone-defender"
    if stage == Stage.DEFEND and (state.maker < 0 or defender >= 0):
        yield "the defenders are asked to go alone before trump is made or after one did"
    if defender >= 0 and (state.maker < 0 or TEAM_OF[defender] == TEAM_OF[state.maker]):
        yield f"seat {defender} defends alone but is no defender"
    if stage == Stage.DEFEND and state.maker >= 0 and TEAM_OF[state.actor] == TEAM_OF[state.maker]:
        yield f"seat {state.actor} is asked to defend alone but made trump"


def _seats(state: EuchreState) -> Iterator[str]:
    named = (("dealer", state.dealer), ("actor", state.actor), ("leader", state.leader))
    for name, seat in (*named, ("maker", state.maker)):
        if not -1 <= seat < PLAYERS:
            yield f"{name} seat {seat} does not exist"
    if not _in_range(state):
        yield "a seat, suit or card is out of range"
        return
    chance = state.stage in (Stage.FIRST_DEALER, Stage.DEAL, Stage.OVER)
    if chance != (state.actor == -1):
        yield f"actor {state.actor} does not fit stage {state.stage.name}"
    if state.stage != Stage.FIRST_DEALER and state.dealer < 0:
        yield "there is no dealer"
    if state.stage == Stage.TRICKS:
        seats = trick_seats(state.leader, len(state.trick) + 1, *seats_out(state))
        if state.actor != seats[-1]:
            yield f"seat {state.actor} acts, but seat {seats[-1]} is next in the trick"
    if state.stage == Stage.DISCARD and state.actor != state.dealer:
        yield "someone other than the dealer discards"


def _scores(state: EuchreState) -> Iterator[str]:
    if not _in_range(state):
        return
    rules = state.config.rules
    totals = [0, 0]
    for team, points in state.results:
        if (team, points) != (-1, 0) and (team not in (0, 1) or points not in rules.hand_points):
            yield f"hand result {(team, points)} is not a team and a points value"
            continue
        if team >= 0:
            totals[team] += points
    if tuple(totals) != state.scores:
        yield f"scores {state.scores} are not the sum of the hands, {tuple(totals)}"
    between = state.stage in (Stage.FIRST_DEALER, Stage.DEAL, Stage.OVER)
    if len(state.results) != state.deal - (not between):
        yield f"{len(state.results)} hands scored after {state.deal} deals in {state.stage.name}"
    if (state.stage == Stage.OVER) != (max(state.scores) >= rules.target):
        yield f"scores {state.scores} and stage {state.stage.name} disagree on the end"
    if sum(state.won) != len(state.tricks) or min(state.won) < 0:
        yield f"tricks won {state.won} do not add up to {len(state.tricks)} tricks"
    if finished_hand_on_table(state):
        last = state.results[-1] if state.results else None
        if _thrown_in(state):
            if last != (-1, 0):
                yield f"a thrown-in hand scored {last}"
        else:
            want = expected_points(
                TEAM_OF[state.maker], state.won, alone=state.alone, rules=rules,
                lone_defender=state.defender >= 0,
            )  # fmt: skip
            if last != want:
                yield f"the last hand scored {last}, not {want}"


INVARIANTS: Final = (
    Invariant(
        "euchre.inv.card-conservation",
        "Each of the 24 cards is in exactly one place: a hand, the three cards under the "
        "up-card, the up-card itself (unless the dealer took it), the discard or a trick.",
        (
            "euchre.components.deck",
            "euchre.deal.five",
            "euchre.deal.up-card",
            "euchre.deal.kitty-hidden",
            "euchre.ruling.up-card",
        ),
        _card_conservation,
    ),
    Invariant(
        "euchre.inv.hand-sizes",
        "Hands hold five cards while bidding (the dealer six while discarding), one fewer "
        "after each card played, and a player sitting out keeps five all hand long.",
        ("euchre.deal.five", "euchre.bid.pick-up", "euchre.trick.count"),
        _hand_sizes,
    ),
    Invariant(
        "euchre.inv.sitting-out",
        "The partner of a lone maker (or of a lone defender) never acts and never plays to a "
        "trick.",
        ("euchre.bid.alone", "euchre.trick.clockwise", "euchre.ruling.defender-alone"),
        _sitting_out,
    ),
    Invariant(
        "euchre.inv.bid",
        "Trump and maker are set together and only after bidding; the dealer holds the "
        "up-card while discarding; a card is discarded exactly when the dealer took the "
        "up-card.",
        (
            "euchre.bid.makers",
            "euchre.bid.pick-up",
            "euchre.ruling.dealer-sits-out",
            "euchre.ruling.alone-timing",
            "euchre.ruling.defender-alone",
        ),
        _bid,
    ),
    Invariant(
        "euchre.inv.seats",
        "Dealer, actor and leader are seats of the game; chance acts exactly in the chance "
        "stages; in the tricks the actor is the next player taking part.",
        ("euchre.hand.phases", "euchre.setup.seating", "euchre.trick.clockwise"),
        _seats,
    ),
    Invariant(
        "euchre.inv.scores",
        "Every finished hand scored for exactly one team (1, 2 or 4 points, or 2 for a "
        "euchre), or nothing when thrown in; the scores are the sum of the hands; the game is "
        "over exactly when a team has ten points.",
        (
            "euchre.score.makers",
            "euchre.score.march",
            "euchre.score.alone-march",
            "euchre.score.euchred",
            "euchre.score.one-team",
            "euchre.ruling.thrown-in-hand",
            "euchre.end.ten",
            "euchre.ruling.end-at-once",
        ),
        _scores,
    ),
)
"""The state invariants of Euchre."""


def _scores_never_fall(before: EuchreState, after: EuchreState) -> Iterator[str]:
    if after.results[: len(before.results)] != before.results:
        yield "a recorded hand result changed"
    added = len(after.results) - len(before.results)
    if added not in (0, 1):
        yield f"{added} hands were scored in one step"
    for team in (0, 1):
        if after.scores[team] < before.scores[team]:
            yield f"team {team}'s score fell from {before.scores[team]} to {after.scores[team]}"


def _one_team_scores(before: EuchreState, after: EuchreState) -> Iterator[str]:
    gains = [after.scores[t] - before.scores[t] for t in (0, 1)]
    if len(after.results) == len(before.results):
        if any(gains):
            yield f"scores moved by {gains} without a hand being scored"
        return
    team, points = after.results[-1]
    if team < 0:
        if any(gains):
            yield "a thrown-in hand moved the score"
    elif gains[team] != points or gains[1 - team] != 0 or points <= 0:
        yield f"the hand gave {gains}, not {points} to team {team} alone"


def _sitting_out_never_plays(before: EuchreState, after: EuchreState) -> Iterator[str]:
    if before.stage == Stage.TRICKS and before.actor in seats_out(before):
        yield f"seat {before.actor} played while sitting out"


STEP_INVARIANTS: Final = (
    StepInvariant(
        "euchre.step.scores-never-fall",
        "A recorded hand never changes, a step scores at most one hand, and no score falls.",
        ("euchre.score.one-team",),
        _scores_never_fall,
    ),
    StepInvariant(
        "euchre.step.one-team-scores",
        "A scored hand raises exactly one team's score, by its points; nothing else moves it.",
        ("euchre.score.one-team", "euchre.ruling.thrown-in-hand"),
        _one_team_scores,
    ),
    StepInvariant(
        "euchre.step.sitting-out-never-plays",
        "The partner of a lone maker (or of a lone defender) never takes a turn in the tricks.",
        ("euchre.bid.alone", "euchre.ruling.defender-alone"),
        _sitting_out_never_plays,
    ),
)
"""The step invariants of Euchre."""
