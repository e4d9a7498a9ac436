"""Euchre's proof obligations: what ``cardlaw verify euchre`` proves (and refutes).

Every obligation quantifies over all situations of its kind (every hand of 1
to 5 cards, every trick, every way a hand can be scored, every deal, every
course of a game), reads the rules from ``spec/euchre`` through
:func:`~proofs.euchre.encoding.spec_params`, has a premise that must be
satisfiable, and has seeded mutants that must change its verdict.  The
claims state the rules as the rulebook words them, with the bowers and the
bounds taken from the spec's constants, so a mutant (which changes the
encoding's parameters) cannot change what is claimed.  Witnesses that are
whole games are realised by :mod:`proofs.euchre.scenarios` and replayed
through the engine as records.

One obligation is expected to fail: under the default throw-in rule a game
of Euchre need not end [euchre.ruling.endless-game].

>>> from proofs.core import check
>>> report = check(next(o for o in OBLIGATIONS if o.id == "euchre.game.ends.throw-in"))
>>> report.status, report.ok, report.witness.replayed, report.mutants[0].status
('refuted', True, True, 'proved')
>>> LONGEST_GAME, FEWEST_HANDS
(19, 3)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import z3

from engine.euchre.game import EUCHRE
from engine.euchre.scoring import hand_score
from engine.euchre.tricks import legal_plays, trick_winner
from engine.record import build_record, replay_record
from proofs.core import Mutant, Obligation, Problem, Witness
from proofs.euchre import encoding as E
from proofs.euchre.scenarios import lone_march_game, longest_game, looping_deals
from spec.cards import Card, CardSet
from spec.euchre import constants as K
from spec.euchre.config import EuchreConfig
from spec.euchre.state import EuchreState

__all__ = ["FEWEST_HANDS", "LONGEST_GAME", "OBLIGATIONS"]

Params = Mapping[str, Any]

REAL: Final = E.spec_params()
"""The real rules: the claims' reference, which mutants never change."""

LONGEST_GAME: Final = 2 * (K.TARGET - 1) // K.MAKER_POINTS + 1
"""The most hands a stick-the-dealer game can last: both teams at one point short of the
target, one point a hand, then one more hand (19)."""

FEWEST_HANDS: Final = -(-K.TARGET // K.ALONE_MARCH_POINTS)
"""The fewest hands any game lasts: the target in lone marches of four points (3)."""

_SUITS: Final = "♣♦♥♠"
_DECK_CARDS: Final = tuple(Card(c) for c in range(52) if K.EUCHRE_DECK >> c & 1)

# --- helpers -----------------------------------------------------------------------------


def _value(model: z3.ModelRef, term: z3.ExprRef) -> int:
    value = model.eval(term, model_completion=True)
    assert isinstance(value, z3.BitVecNumRef | z3.IntNumRef), value
    return int(value.as_long())


def _true(model: z3.ModelRef, term: z3.ExprRef) -> bool:
    return bool(z3.is_true(model.eval(term, model_completion=True)))


def _cards(n: int, prefix: str) -> tuple[list[z3.BitVecRef], list[z3.BoolRef]]:
    cards = [z3.BitVec(f"{prefix}{i}", E.CARD_BITS) for i in range(n)]
    return cards, [*(E.is_card(c, REAL) for c in cards), z3.Distinct(*cards)]


def _record_witness(
    text: str, config: EuchreConfig, actions: Sequence[Any], shows: Callable[[Any], bool]
) -> Witness:
    """Replay a game through the engine as a record; note whether it shows what it claims."""
    record = build_record(EUCHRE, config, actions)
    replay = replay_record(record)
    return Witness(text=text, record=record, replayed=replay.legal and shows(replay))


# --- legal plays ---------------------------------------------------------------------------


def _legal_play_exists(p: Params) -> Problem:
    """Every hand of 1 to 5 cards, every trump, leading or following any card."""
    hand = z3.BitVec("hand", E.MASK_BITS)
    trump = z3.BitVec("trump", 2)
    led = z3.BitVec("led", E.CARD_BITS)
    leading = z3.Bool("leading")
    size = E.popcount(hand)
    premise = [
        hand & ~z3.BitVecVal(K.EUCHRE_DECK, E.MASK_BITS) == 0,
        z3.UGE(size, 1),
        z3.ULE(size, K.CARDS_EACH),
        E.is_card(led, REAL),
        hand & E.bit(led) == 0,
    ]
    legal = z3.If(leading, E.legal_plays(hand, None, trump, p), E.legal_plays(hand, led, trump, p))

    # The rule as worded: a card follows when its suit is the led card's suit, the left
    # bower (the other Jack of trump's colour) counting as a trump [euchre.cards.left-bower].
    def rule_suit(card: z3.BitVecRef) -> z3.BitVecRef:
        return E.effective_suit(card, trump, REAL)

    def held(card: Card) -> z3.BoolRef:
        return hand & z3.BitVecVal(1 << card, E.MASK_BITS) != 0

    def follows(card: Card) -> z3.BoolRef:
        return rule_suit(z3.BitVecVal(int(card), E.CARD_BITS)) == rule_suit(led)

    can_follow = z3.Or(*(z3.And(held(c), follows(c)) for c in _DECK_CARDS))
    as_worded = z3.And(
        *(
            (legal & z3.BitVecVal(1 << c, E.MASK_BITS) != 0)
            == z3.And(held(c), z3.Or(leading, follows(c), z3.Not(can_follow)))
            for c in _DECK_CARDS
        )
    )

    def decode(m: z3.ModelRef) -> Witness:
        cards = CardSet(_value(m, hand))
        is_leading = _true(m, leading)
        situation = "leading" if is_leading else f"after {Card(_value(m, led)).pretty} is led"
        allowed = CardSet(_value(m, legal))
        return Witness(
            f"hand {cards.pretty}, trump {_SUITS[_value(m, trump)]}, {situation}: the rules "
            f"as encoded allow {allowed.pretty or 'nothing'}",
            data={
                "hand": cards.mask,
                "led": -1 if is_leading else _value(m, led),
                "trump": _value(m, trump),
                "legal": allowed.mask,
            },
        )

    return Problem(
        premise=premise,
        claim=[legal != 0, legal & ~hand == 0, as_worded],
        decode=decode,
    )


def _replay_legal(witness: Witness) -> Witness:
    """Ask the engine's own function about the decoded hand."""
    d = witness.data
    legal = legal_plays(d["hand"], d["led"], d["trump"])
    return Witness(
        f"{witness.text}; the engine allows {CardSet(legal).pretty or 'nothing'}",
        replayed=legal == d["legal"],
        data=d,
    )


# --- tricks --------------------------------------------------------------------------------


def _trick_text(m: z3.ModelRef, cards: Sequence[z3.BitVecRef], trump: z3.BitVecRef) -> str:
    played = " ".join(Card(_value(m, c)).pretty for c in cards)
    return f"trump {_SUITS[_value(m, trump)]}, the trick from the leader: {played}"


def _unique_winner(p: Params) -> Problem:
    """Tricks of four cards and of three (a lone maker's), under every trump."""
    trump = z3.BitVec("trump", 2)
    premise: list[z3.BoolRef] = []
    claims: list[z3.BoolRef] = []
    tricks = []
    for n in (4, 3):
        cards, valid = _cards(n, f"card{n}_")
        premise += valid
        wins = [
            z3.And(*(E.beats(cards[i], cards[j], cards[0], trump, p) for j in range(n) if j != i))
            for i in range(n)
        ]
        position, _ = E.trick_winner(cards, trump, p)
        claims.append(
            z3.And(
                z3.Or(*wins),
                *(z3.Not(z3.And(wins[i], wins[j])) for i in range(n) for j in range(i + 1, n)),
            )
        )
        claims.append(z3.Or(*(z3.And(position == i, wins[i]) for i in range(n))))
        tricks.append(cards)

    def decode(m: z3.ModelRef) -> Witness:
        bad = next(
            (
                cards
                for k, cards in enumerate(tricks)
                if not (_true(m, claims[2 * k]) and _true(m, claims[2 * k + 1]))
            ),
            tricks[0],
        )
        return Witness(
            f"{_trick_text(m, bad, trump)}: not exactly one card beats all the others",
            data={"trick": tuple(_value(m, c) for c in bad), "trump": _value(m, trump)},
        )

    return Problem(premise=premise, claim=claims, decode=decode)


def _bowers(p: Params) -> Problem:
    """The right bower wins every trick it is in; the left bower every trick without it."""
    trump = z3.BitVec("trump", 2)
    cards, premise = _cards(4, "card")
    position, _ = E.trick_winner(cards, trump, p)
    right, left = E.right_bower(trump, REAL), E.left_bower(trump, REAL)
    right_in = z3.Or(*(c == right for c in cards))
    right_wins = z3.And(*(z3.Implies(cards[i] == right, position == i) for i in range(4)))
    left_wins = z3.And(
        *(z3.Implies(z3.And(cards[i] == left, z3.Not(right_in)), position == i) for i in range(4))
    )

    def decode(m: z3.ModelRef) -> Witness:
        winner = _value(m, position)
        return Witness(
            f"{_trick_text(m, cards, trump)}: the rules as encoded name "
            f"{Card(_value(m, cards[winner])).pretty}",
            data={"trick": tuple(_value(m, c) for c in cards), "trump": _value(m, trump)},
        )

    return Problem(premise=premise, claim=[right_wins, left_wins], decode=decode)


def _replay_trick(witness: Witness) -> Witness:
    """Ask the engine who wins the decoded trick."""
    d = witness.data
    position = trick_winner(d["trick"], d["trump"])
    card = Card(d["trick"][position]).pretty
    return Witness(f"{witness.text}; the engine names {card}", replayed=True, data=d)


# --- scoring -----------------------------------------------------------------------------


def _one_team_scores(p: Params) -> Problem:
    """Three independent hands, so that 1, 2 and 4 points can all be shown attained."""
    allowed = {K.MAKER_POINTS, K.MARCH_POINTS, K.ALONE_MARCH_POINTS, K.EUCHRE_POINTS}
    premise: list[z3.BoolRef] = []
    claims: list[z3.BoolRef] = []
    hands = []
    for k in range(3):
        makers, tricks, alone = E.nat(f"makers{k}"), E.nat(f"tricks{k}"), z3.Bool(f"alone{k}")
        premise += [z3.ULE(makers, 1), z3.ULE(tricks, K.TRICKS_PER_HAND)]
        makers_score, points = E.hand_score(tricks, alone, p)
        team = z3.If(makers_score, makers, 1 - makers)
        gains = [z3.If(team == t, points, E.count(0)) for t in (0, 1)]
        claims += [
            # Exactly one team scores, and a score is 1, 2 or 4 [euchre.score.one-team].
            z3.Or(z3.And(gains[0] != 0, gains[1] == 0), z3.And(gains[1] != 0, gains[0] == 0)),
            z3.Or(*(points == v for v in sorted(allowed))),
            # The makers score exactly when they take a majority [euchre.score.euchred].
            (team == makers) == z3.UGE(tricks, K.MAJORITY),
        ]
        hands.append((makers, tricks, alone, team, points))
    wanted = (K.MAKER_POINTS, K.MARCH_POINTS, K.ALONE_MARCH_POINTS)
    attained = z3.And(*(h[4] == v for h, v in zip(hands, wanted, strict=True)))

    def decode(m: z3.ModelRef) -> Witness:
        rows = [
            (_value(m, mk), _value(m, tr), _true(m, al), _value(m, te), _value(m, pt))
            for mk, tr, al, te, pt in hands
        ]
        text = "; ".join(
            f"team {mk}{' alone' if al else ''} made it with {tr} tricks: team {te} scores {pt}"
            for mk, tr, al, te, pt in rows
        )
        return Witness(text, data={"hands": tuple(rows)})

    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _replay_score(witness: Witness) -> Witness:
    """Ask the engine's scoring about each decoded hand."""
    rows = witness.data["hands"]
    agrees = all(hand_score(mk, tr, al) == (te, pt) for mk, tr, al, te, pt in rows)
    return Witness(
        f"{witness.text}; the engine's hand_score agrees" + ("" if agrees else " NOT"),
        replayed=agrees,
        data=witness.data,
    )


# --- the deal ---------------------------------------------------------------------------


def _conservation(p: Params) -> Problem:
    """Over positions in the shuffled deck: any shuffle is one after relabelling the cards."""
    width = K.DECK_SIZE
    dealer = E.nat("dealer")
    taken = z3.Bool("taken")
    discard = z3.BitVec("discard", width)
    hands, up, kitty = E.deal_places(dealer, p)
    dealer_hand = E.pick(hands, dealer)
    premise = [
        z3.ULT(dealer, K.PLAYERS),
        z3.If(
            taken,
            z3.And(E.popcount(discard) == 1, discard & ~(dealer_hand | up) == 0),
            discard == 0,
        ),
    ]
    after, table = E.exchange(hands, up, dealer, taken, discard, p)
    everything = z3.BitVecVal((1 << width) - 1, width)

    def partition(places: Sequence[z3.BitVecRef]) -> z3.BoolRef:
        union = places[0]
        for place in places[1:]:
            union = union | place
        return z3.And(
            union == everything,
            *(places[i] & places[j] == 0 for i in range(len(places)) for j in range(i)),
        )

    claims = [
        *(E.popcount(h) == K.CARDS_EACH for h in hands),
        E.popcount(up) == 1,
        E.popcount(kitty) == K.KITTY_SIZE - 1,
        partition([*hands, up, kitty]),
        *(E.popcount(h) == K.CARDS_EACH for h in after),
        partition([*after, table, discard, kitty]),
    ]

    def decode(m: z3.ModelRef) -> Witness:
        def places(term: z3.BitVecRef) -> str:
            value = _value(m, term)
            return " ".join(str(j + 1) for j in range(width) if value >> j & 1) or "-"

        rows = "; ".join(f"seat {q}: {places(h)}" for q, h in enumerate(after))
        taken_text = "takes the up-card" if _true(m, taken) else "does not take the up-card"
        return Witness(
            f"dealer {_value(m, dealer)} {taken_text} and lays down card {places(discard)}; "
            f"cards by position from the top of the deck: {rows}; up-card {places(table)}; "
            f"under it {places(kitty)}"
        )

    return Problem(premise=premise, claim=claims, decode=decode)


# --- the end of the game ------------------------------------------------------------------


def _ends_stick(p: Params) -> Problem:
    """Termination as an inductive argument, and a 19-hand game as the bound attained.

    Ranking function: the points the two teams hold together.  (a) every
    deal is played and scores, so it rises by at least one with every hand;
    (b) while the game is not over it is at most ``2 * (target - 1)``.  It
    starts at 0, so by induction over the hands at most 18 hands are played
    before the game is over: it ends in hand 19 at the latest.
    """
    scores = (E.nat("score0"), E.nat("score1"))
    dealer, passes, tricks = E.nat("dealer"), E.nat("passes"), E.nat("tricks")
    alone = z3.Bool("alone")
    step = E.hand_step(scores, dealer, passes, tricks, alone, p)
    run = E.game_run(LONGEST_GAME, p, prefix="run_")
    premise = [
        z3.Not(E.game_over(scores, p)),
        z3.ULT(dealer, K.PLAYERS),
        step.legal,
        *run.premise,
    ]
    # Counts are 8-bit: below the target the sums stay far from wrapping round.
    total = scores[0] + scores[1]
    claims = [
        z3.UGE(step.scores[0] + step.scores[1], total + 1),
        z3.ULE(total, (LONGEST_GAME - 1) * K.MAKER_POINTS),
    ]
    attained = z3.And(run.over[LONGEST_GAME], z3.Not(run.over[LONGEST_GAME - 1]))

    def decode(m: z3.ModelRef) -> Witness:
        if _true(m, attained):
            shown = ", ".join(
                f"{_value(m, a)}-{_value(m, b)}" for a, b in run.scores[1 : LONGEST_GAME + 1]
            )
            return Witness(f"a game of {LONGEST_GAME} hands; the scores after each: {shown}")
        before = f"{_value(m, scores[0])}-{_value(m, scores[1])}"
        after = f"{_value(m, step.scores[0])}-{_value(m, step.scores[1])}"
        if _value(m, step.scores[0] + step.scores[1]) <= _value(m, total):
            thrown = " (thrown in)" if _true(m, step.thrown_in) else ""
            return Witness(f"a hand at {before} ends at {after}{thrown}: no point is scored")
        return Witness(f"at {before} the game is not over, with {_value(m, total)} points held")

    return Problem(premise=premise, claim=claims, attained=attained, decode=decode)


def _replay_longest(witness: Witness) -> Witness:
    def shows(replay: Any) -> bool:
        final: EuchreState = replay.final
        return len(final.results) == LONGEST_GAME and EUCHRE.result(final) is not None

    real = _record_witness("", EuchreConfig(stick_the_dealer=True), longest_game(), shows)
    return Witness(
        f"{witness.text}.\nRealised in a real game under stick-the-dealer: the teams take "
        "turns scoring one point a hand (the makers take three or four tricks) up to 9-9, and "
        f"hand {LONGEST_GAME} ends it 10-9; see the record.",
        real.record,
        real.replayed,
    )


def _ends_throw_in(p: Params) -> Problem:
    """Claim: no game comes back to where it was over one turn of the deal."""
    deals = K.PLAYERS
    run = E.game_run(deals, p)
    start, end = run.scores[0], run.scores[deals]
    claim = z3.Or(end[0] != start[0], end[1] != start[1], run.dealers[deals] != run.dealers[0])

    def decode(m: z3.ModelRef) -> Witness:
        rows = []
        for k, step in enumerate(run.steps):
            passes = _value(m, run.passes[k])
            if _true(m, step.thrown_in):
                rows.append(
                    f"deal {k + 1} (seat {_value(m, run.dealers[k])} deals): {passes} passes"
                )
            else:
                rows.append(f"deal {k + 1}: scored {_value(m, step.points)}")
        first = _value(m, run.first_dealer)
        return Witness(
            "; ".join(rows) + f"; then seat {_value(m, run.dealers[deals])} deals again at "
            f"{_value(m, end[0])}-{_value(m, end[1])}: the position after "
            f"{deals} deals is the position at the start",
            data={"first_dealer": first},
        )

    return Problem(premise=run.premise, claim=claim, decode=decode)


def _replay_loop(witness: Witness) -> Witness:
    def shows(replay: Any) -> bool:
        start, end = replay.states[2], replay.final  # after the first and the fifth shuffle
        return bool(
            start.scores == end.scores
            and start.dealer == end.dealer
            and start.hands == end.hands
            and start.actor == end.actor
            and start.stage == end.stage
            and end.results == ((-1, 0),) * K.PLAYERS
        )

    first = witness.data["first_dealer"]
    real = _record_witness("", EuchreConfig(), looping_deals(first), shows)
    return Witness(
        f"{witness.text}.\nRealised in a real game: seat {first} deals first; on each of four "
        "deals all four players pass twice and the cards are thrown in; the fifth deal, with "
        f"the first deal's shuffle, gives seat {first} the deal and every seat the same cards "
        "at 0-0: the state equals the one after the first deal in all but the count of hands, "
        "so the game can repeat this for ever; see the record.",
        real.record,
        real.replayed,
    )


def _fewest_hands(p: Params) -> Problem:
    run = E.game_run(FEWEST_HANDS, p)

    def decode(m: z3.ModelRef) -> Witness:
        shown = ", ".join(
            f"{_value(m, a)}-{_value(m, b)}" for a, b in run.scores[1 : FEWEST_HANDS + 1]
        )
        return Witness(f"the scores after each hand: {shown}")

    return Problem(
        premise=run.premise,
        claim=z3.Not(run.over[FEWEST_HANDS - 1]),
        attained=run.over[FEWEST_HANDS],
        decode=decode,
    )


def _replay_fewest(witness: Witness) -> Witness:
    def shows(replay: Any) -> bool:
        final: EuchreState = replay.final
        return len(final.results) == FEWEST_HANDS and EUCHRE.result(final) is not None

    real = _record_witness("", EuchreConfig(), lone_march_game(), shows)
    return Witness(
        f"{witness.text}.\nRealised in a real game: seat 0 holds both bowers and the A K Q of "
        f"Spades three times, names Spades alone and takes all five tricks: "
        f"{FEWEST_HANDS} × {K.ALONE_MARCH_POINTS} points; see the record.",
        real.record,
        real.replayed,
    )


# --- the list -------------------------------------------------------------------------------


def _obligations() -> tuple[Obligation, ...]:
    real = E.spec_params()  # read now: a changed constant changes what is proven
    stick = E.spec_params(stick_the_dealer=True)
    return (
        Obligation(
            id="euchre.trick.legal-play-exists",
            game="euchre",
            statement="For every hand of 1 to 5 of the 24 cards, every trump suit and every "
            "situation (leading, or following any led card), some card of the hand is legal; "
            "and the legal cards are exactly those the rules name: any card when leading, "
            "else the cards of the led card's suit if the hand holds one, else any card, the "
            "left bower counting as a trump and not as its printed suit.",
            clauses=(
                "euchre.trick.follow-suit",
                "euchre.trick.void",
                "euchre.trick.play-from-hand",
                "euchre.cards.left-bower",
            ),
            expected="holds",
            build=_legal_play_exists,
            params=real,
            replay=_replay_legal,
            mutants=(
                Mutant(
                    "euchre.mutant.left-bower-printed-suit",
                    "the left bower counted in its printed suit for following suit",
                    {"left_bower_is_trump": False},
                ),
                Mutant(
                    "euchre.mutant.no-void-rule",
                    "a player who cannot follow suit may play nothing",
                    {"void_plays_any": False},
                ),
            ),
        ),
        Obligation(
            id="euchre.trick.unique-winner",
            game="euchre",
            statement="Every trick of four distinct cards, and every trick of three (a lone "
            "maker's), under every trump suit, has exactly one card that beats all the others "
            "as the rules word it, and the engine's winner is that card.",
            clauses=(
                "euchre.trick.winner",
                "euchre.cards.trump-order",
                "euchre.cards.plain-order",
                "euchre.cards.left-bower",
            ),
            expected="holds",
            build=_unique_winner,
            params=real,
            replay=_replay_trick,
            mutants=(
                Mutant(
                    "euchre.mutant.bowers-tie",
                    "a trump order in which the right and the left bower tie",
                    {"trump_order": (("right", "left"), *REAL["trump_order"][2:])},
                ),
                Mutant(
                    "euchre.mutant.plain-order-tie",
                    "a plain suit order in which the Ace and the King tie",
                    {
                        "plain_order": (REAL["plain_order"][0] + REAL["plain_order"][1],)
                        + REAL["plain_order"][2:]
                    },
                ),
            ),
        ),
        Obligation(
            id="euchre.trick.bowers",
            game="euchre",
            statement="In every trick under every trump suit, the right bower (the Jack of "
            "trump) wins whenever it is played, and the left bower (the other Jack of trump's "
            "colour) wins whenever it is played without the right bower: the engine names them.",
            clauses=(
                "euchre.cards.trump-order",
                "euchre.cards.left-bower",
                "euchre.trick.winner",
            ),
            expected="holds",
            build=_bowers,
            params=real,
            replay=_replay_trick,
            mutants=(
                Mutant(
                    "euchre.mutant.left-bower-not-promoted",
                    "the left bower not promoted: it stays a plain Jack of its printed suit",
                    {"left_bower_is_trump": False},
                ),
                Mutant(
                    "euchre.mutant.bowers-swapped",
                    "a trump order with the left bower above the right",
                    {"trump_order": (("left",), ("right",), *REAL["trump_order"][2:])},
                ),
            ),
        ),
        Obligation(
            id="euchre.score.one-team-scores",
            game="euchre",
            statement="Every hand that is played, whoever made trump, alone or not, and "
            "whatever number of the five tricks the makers took, gives points to exactly one "
            "team: the makers when they took three or more, else the defenders; the points are "
            "1, 2 or 4, and each of 1, 2 and 4 is scored by some hand.",
            clauses=(
                "euchre.score.makers",
                "euchre.score.march",
                "euchre.score.alone-march",
                "euchre.score.euchred",
                "euchre.score.one-team",
            ),
            expected="holds",
            build=_one_team_scores,
            params=real,
            replay=_replay_score,
            mutants=(
                Mutant(
                    "euchre.mutant.alone-march-2",
                    "a march alone worth 2 points",
                    {"alone_march_points": 2},
                ),
                Mutant(
                    "euchre.mutant.maker-points-0",
                    "makers who take three or four tricks score nothing",
                    {"maker_points": 0},
                ),
            ),
        ),
        Obligation(
            id="euchre.deal.conservation",
            game="euchre",
            statement="After every deal each player holds five cards, one card is turned up "
            "and three lie under it, and each of the 24 cards is in exactly one of these "
            "places; after the dealer takes the up-card and lays one of the six down (the "
            "up-card itself included), or leaves it on the table, every player again holds "
            "five cards and each card is in exactly one place (proved over positions in the "
            "shuffled deck: any shuffle is one after relabelling the cards).",
            clauses=(
                "euchre.components.deck",
                "euchre.deal.five",
                "euchre.ruling.deal-packets",
                "euchre.deal.up-card",
                "euchre.bid.pick-up",
                "euchre.ruling.discard-up-card",
                "euchre.ruling.dealer-sits-out",
            ),
            expected="holds",
            build=_conservation,
            params=real,
            mutants=(
                Mutant(
                    "euchre.mutant.discard-kept",
                    "the dealer's discard stays in the dealer's hand",
                    {"discard_leaves_hand": False},
                ),
                Mutant(
                    "euchre.mutant.up-card-stays",
                    "the up-card stays face up on the table after the dealer takes it",
                    {"up_card_leaves_table": False},
                ),
                Mutant(
                    "euchre.mutant.packets-of-two",
                    "a deal of two cards, then two, to each player",
                    {"first_packet": 2},
                ),
            ),
        ),
        Obligation(
            id="euchre.game.ends.stick-the-dealer",
            game="euchre",
            statement="Under stick-the-dealer every game ends, within "
            f"{LONGEST_GAME} hands: every deal is played and scores at least one point, and "
            f"while no team has {K.TARGET} the teams hold at most {2 * (K.TARGET - 1)} points "
            f"together, so (by induction over the hands) at most {LONGEST_GAME - 1} hands are "
            f"played before the game is over. The bound is tight: a game of {LONGEST_GAME} "
            "hands exists.",
            clauses=(
                "euchre.ruling.all-pass",
                "euchre.ruling.endless-game",
                "euchre.score.one-team",
                "euchre.end.ten",
                "euchre.ruling.end-at-once",
            ),
            expected="holds",
            build=_ends_stick,
            params=stick,
            variant="stick-the-dealer",
            replay=_replay_longest,
            mutants=(
                Mutant(
                    "euchre.mutant.throw-in",
                    "the default throw-in rule instead of stick-the-dealer",
                    {"stick_the_dealer": False},
                ),
                Mutant("euchre.mutant.target-11", "a game to 11 points", {"target": 11}),
                Mutant(
                    "euchre.mutant.maker-points-2",
                    "makers who take three or four tricks score 2",
                    {"maker_points": 2},
                ),
            ),
        ),
        Obligation(
            id="euchre.game.ends.throw-in",
            game="euchre",
            statement="Claim: under the default throw-in rule every game ends. Were it so, "
            "no game could come back to a position (the scores and the next dealer) it has "
            "been in, since passing is open to every player whatever the cards, so a return "
            f"can be repeated for ever. Checked over one turn of the deal ({K.PLAYERS} deals, "
            "after which the same seat deals again) from the start of a game. Expected to "
            "fail: this is a finding about the rules.",
            clauses=(
                "euchre.ruling.all-pass",
                "euchre.ruling.endless-game",
                "euchre.ruling.thrown-in-hand",
                "euchre.hand.dealer-rotation",
                "euchre.end.ten",
            ),
            expected="fails",
            build=_ends_throw_in,
            params=real,
            replay=_replay_loop,
            mutants=(
                Mutant(
                    "euchre.mutant.stick-the-dealer",
                    "stick-the-dealer semantics: the dealer may not pass in the second round",
                    {"stick_the_dealer": True},
                ),
            ),
        ),
        Obligation(
            id="euchre.game.fewest-hands",
            game="euchre",
            statement=f"No game ends before hand {FEWEST_HANDS}: a hand scores at most "
            f"{K.ALONE_MARCH_POINTS} points, and {K.TARGET} are needed; and a game of "
            f"{FEWEST_HANDS} hands exists (three lone marches).",
            clauses=("euchre.score.alone-march", "euchre.end.ten", "euchre.ruling.end-at-once"),
            expected="holds",
            build=_fewest_hands,
            params=real,
            replay=_replay_fewest,
            mutants=(
                Mutant(
                    "euchre.mutant.alone-march-5",
                    "a march alone worth 5 points",
                    {"alone_march_points": 5},
                ),
                Mutant(
                    "euchre.mutant.alone-march-2",
                    "a march alone worth 2 points",
                    {"alone_march_points": 2},
                ),
            ),
        ),
    )


OBLIGATIONS: Final[tuple[Obligation, ...]] = _obligations()
"""Every Euchre obligation, in the order ``cardlaw verify`` runs them."""
