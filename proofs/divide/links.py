"""Divide's trick encodings held to the engine inside ``cardlaw verify`` (:mod:`proofs.link`).

* ``divide.link.legal-plays`` — every led card (and the lead) under every
  Trump Rank and under both readings of a Trump Rank card's suit, on the
  boundary hands (void of the led suit, only the led suit, the led suit
  with Trump Rank cards of other suits, all of the Trump Rank, the Trump
  Rank card of the led suit...) and a seeded sample: the encoding's legal
  set is the engine's ``legal_plays``; every led card under every Trump Rank
  and both readings: the cards that follow are the engine's ``led_mask``;
  for a seeded tenth of those hands, every card of the hand and two cards
  outside it: the engine's ``explain_illegal_play`` finds it legal exactly
  when the encoding does, and names the clause the encoding names; and the card masks and the
  card count the encodings are built from.
* ``divide.link.trick-winner`` (:mod:`proofs.divide.links_tricks`) — the
  encoding's trick winner is the engine's.

:mod:`proofs.divide.links_scoring` holds the token, tiebreak and Great
Divide links, :mod:`proofs.divide.trace` the trace links.  Each engine
function is called through its module, so a test can break it in-process.

>>> from cardlaw.proofs.core import check
>>> report = check(legal_plays_link())
>>> report.status, report.cases > 40_000, [m.caught for m in report.mutants]
('proved', True, [True, True])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Final

import z3

from cardlaw.engine.divide import tricks as T
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.divide import encoding as E
from cardlaw.proofs.divide.links_tricks import trick_winner_link
from cardlaw.proofs.divide.positions import legal_command, legal_position
from cardlaw.proofs.link import Columns, Table, columns, link, table
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import RANK_MASKS, SUIT_MASKS, Card, CardSet
from cardlaw.spec.divide.parameters import PRINTED_RULES, DivideRules

__all__ = ["legal_plays_link", "obligations", "trick_winner_link"]

HAND_SAMPLE: Final = 10
"""Seeded random hands per led card, Trump Rank and reading (besides the boundary hands)."""

LEAD_SAMPLE: Final = 300
"""Seeded random hands per Trump Rank when leading (besides the boundary hands)."""

VERDICTS: Final = (
    "legal",
    "divide.trick.play-from-hand",
    "divide.trick.lead-restriction",
    "divide.trick.follow-suit",
)
"""The verdicts on playing one card, by number: legal, or illegal under the clause named."""

VERDICT_SHARE: Final = 0.1
"""The share of the hands whose every card (and two outside) ``explain_illegal_play`` judges."""

FOLLOW_CLAUSES: Final = "divide.trick.follow-suit, divide.trick.void"
"""The clauses a legal set when following stands for, as disagreements name them."""

LEAD_CLAUSES: Final = "divide.trick.lead-restriction"
"""The clause a legal set when leading stands for."""

LEADING: Final = 64
"""The led card of a verdict case in which the card is led (no card of the deck)."""

SUITS: Final = "♣♦♥♠"


def _mask(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _following_hands(led: int, trump: int, size: int, rng: random.Random) -> list[int]:
    """Boundary hands after ``led`` is led under Trump Rank ``trump``, and a seeded sample."""
    rest = [c for c in range(52) if c != led]
    trumps = [c for c in rest if c >> 2 == trump]
    suited = [c for c in rest if c & 3 == led & 3 and c >> 2 != trump]
    other = [c for c in rest if c & 3 != led & 3 and c >> 2 != trump]
    other_trumps = [c for c in trumps if c & 3 != led & 3]
    hands = {
        _mask(other[:size]),  # void, no trump
        _mask(other_trumps + other[: size - len(other_trumps)]),  # void, with trump
        _mask(suited[:size]),  # only the led suit
        _mask(suited[:2] + other_trumps + other[:1]),  # can follow, holds trump elsewhere
        _mask(suited[:1] + other_trumps[:1]),
        _mask(trumps),  # only the Trump Rank (the led suit's one among them)
        _mask([c for c in trumps if c & 3 == led & 3] + other[:2]),  # the led suit's trump
        _mask(trumps[:1] + suited[-1:] + other[-2:]),
    }
    for _ in range(HAND_SAMPLE):
        hands.add(_mask(rng.sample(rest, rng.randint(1, size))))
    return sorted(h for h in hands if 0 < h.bit_count() <= size)


def _leading_hands(trump: int, size: int, rng: random.Random) -> list[int]:
    """Boundary hands for the lead under Trump Rank ``trump`` (all trump, one other...)."""
    trumps = [c for c in range(52) if c >> 2 == trump]
    other = [c for c in range(52) if c >> 2 != trump]
    hands = {_mask(trumps[:k]) for k in range(1, 5)}
    hands |= {_mask(trumps[:k] + other[j : j + 1]) for k in range(1, 5) for j in (0, 47)}
    hands |= {_mask(other[:size]), _mask(other[-size:])}
    hands |= {1 << c for c in range(52)}
    for _ in range(LEAD_SAMPLE):
        hands.add(_mask(rng.sample(range(52), rng.randint(1, size))))
    return sorted(h for h in hands if h.bit_count() <= size)


@functools.cache
def _legal_cases(size: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Following cases ``(hand, led, trump, own)`` and leading cases ``(hand, trump)``."""
    rng = random.Random(20261205)
    following: list[tuple[int, ...]] = [
        (hand, led, trump, own)
        for own in (0, 1)
        for trump in range(13)
        for led in range(52)
        for hand in _following_hands(led, trump, size, rng)
    ]
    leading: list[tuple[int, ...]] = [
        (hand, trump) for trump in range(13) for hand in _leading_hands(trump, size, rng)
    ]
    return following, leading


def _show_legal(case: tuple[int, ...]) -> Witness:
    """A following case ``(hand, led, trump, own)`` or a leading one ``(hand, trump)``."""
    if len(case) == 2:
        hand, led, trump, own = case[0], None, case[1], False
    else:
        hand, led, trump, own = case[0], case[1], case[2], bool(case[3])
    situation = "leading" if led is None else f"after {Card(led).pretty} is led"
    reading = " (Trump Rank cards a suit of their own)" if own else ""
    label = Card(trump * 4).rank.label
    rule = LEAD_CLAUSES if led is None else FOLLOW_CLAUSES
    text = f"[{rule}] Trump Rank {label}{reading}, the hand {CardSet(hand).pretty} {situation}"
    position = legal_position(hand, led, trump, own)
    data: dict[str, object] = {"hand": hand, "led": led, "trump_rank": trump, "own_suit": own}
    if position is not None:
        command = legal_command(position)
        text += f" (`{command}`)"
        data["command"] = command
    return Witness(text, data=data)


def _show_verdict(case: tuple[int, ...]) -> Witness:
    """A verdict case ``(hand, led or LEADING, trump, own, card)``."""
    hand, led, trump, own, card = case
    shown = _show_legal((hand, trump) if led == LEADING else (hand, led, trump, own))
    return Witness(f"playing {Card(card).pretty}: {shown.text}", data=shown.data)


def _legal_key(case: tuple[int, ...]) -> tuple[int, ...]:
    return (case[0].bit_count(), *case)


def _cards_label(mask: int) -> str:
    return CardSet(mask).pretty or "nothing"


@functools.cache
def _engine_legal(size: int) -> tuple[Columns, Columns, Columns, tuple[Columns, Columns]]:
    """The engine's answers for the cases of :func:`_legal_cases` (cached for the process)."""
    following, leading = _legal_cases(size)
    legal = [(T.legal_plays(h, (led,), trump, bool(own)),) for h, led, trump, own in following]
    lead = [(T.legal_plays(h, (), trump, False),) for h, trump in leading]
    follows = [
        (T.led_mask(led, trump, own_suit=bool(own)),)
        for own in (0, 1)
        for trump in range(13)
        for led in range(52)
    ]
    return (
        columns(legal, 1),
        columns(lead, 1),
        columns(follows, 1),
        _explained(following, leading),
    )


def _explained(
    following: Sequence[tuple[int, ...]], leading: Sequence[tuple[int, ...]]
) -> tuple[Columns, Columns]:
    """``explain_illegal_play``'s verdicts (:data:`VERDICTS` numbers) on a share of the hands.

    Every card of each hand of a seeded share, and two cards outside it, is judged.
    """
    rng = random.Random(7)
    cases = [
        *((h, led, t, own) for h, led, t, own in following if rng.random() < VERDICT_SHARE),
        *((h, LEADING, t, 0) for h, t in leading if rng.random() < VERDICT_SHARE),
    ]
    rows, values = [], []
    for hand, led, trump, own in cases:
        trick = () if led == LEADING else (led,)
        outside = [c for c in range(52) if not hand >> c & 1 and c not in trick]
        for card in [*CardSet(hand), *rng.sample(outside, 2)]:
            error = T.explain_illegal_play(hand, trick, trump, int(card), bool(own))
            clause = "legal" if error is None else error.clause
            verdict = VERDICTS.index(clause) if clause in VERDICTS else len(VERDICTS)
            rows.append((hand, led, trump, own, int(card)))
            values.append((verdict,))
    return columns(rows, 5), columns(values, 1)


def _verdict(
    hand: z3.BitVecRef,
    led: z3.BitVecRef,
    trump: z3.BitVecRef,
    own: z3.BoolRef,
    card: z3.BitVecRef,
    p: Params,
) -> z3.ArithRef:
    """The encoding's verdict on playing ``card`` (:data:`LEADING` for ``led``: it is led)."""
    leading = led == LEADING
    printed, own_p = {**p, "trump_suit": "printed"}, {**p, "trump_suit": "own"}
    real_led = z3.Extract(5, 0, led)
    following = z3.If(
        own,
        E.legal_plays(hand, real_led, trump, own_p),
        E.legal_plays(hand, real_led, trump, printed),
    )
    legal = z3.If(leading, E.legal_plays(hand, None, trump, p), following)
    held = hand & E.bit(z3.Extract(5, 0, card)) != 0
    allowed = legal & E.bit(z3.Extract(5, 0, card)) != 0
    return z3.If(
        z3.Not(held),
        z3.IntVal(1),
        z3.If(allowed, z3.IntVal(0), z3.If(leading, z3.IntVal(2), z3.IntVal(3))),
    )


def _legal_tables(size: int, p: Params) -> list[Table]:
    hand, led, trump = (
        z3.BitVec("hand", E.MASK_BITS),
        z3.BitVec("led", E.CARD_BITS),
        z3.BitVec("trump", 4),
    )
    own = z3.Int("own")
    printed, own_p = {**p, "trump_suit": "printed"}, {**p, "trump_suit": "own"}
    following, leading = _legal_cases(size)
    legal, lead, follows, (judged, verdicts) = _engine_legal(size)
    labels = {"the legal cards": _cards_label}
    name = "proofs.divide.encoding.legal_plays"
    by_reading = z3.If(
        own == 1, E.legal_plays(hand, led, trump, own_p), E.legal_plays(hand, led, trump, printed)
    )
    tables = [
        # The lead first: a mutant's check stops at the first table that disagrees.
        Table(
            name,
            (hand, trump),
            (E.legal_plays(hand, None, trump, p),),
            ("the legal cards",),
            columns(leading, 2),
            lead,
            _show_legal,
            _legal_key,
            labels,
        ),
        Table(
            name,
            (hand, led, trump, own),
            (by_reading,),
            ("the legal cards",),
            columns(following, 4),
            legal,
            _show_legal,
            _legal_key,
            labels,
        ),
    ]
    led_cases = [(led_, t, o) for o in (0, 1) for t in range(13) for led_ in range(52)]
    tables.append(
        Table(
            "proofs.divide.encoding.led_mask",
            (led, trump, own),
            (z3.If(own == 1, E.led_mask(led, trump, own_p), E.led_mask(led, trump, printed)),),
            ("the cards that follow",),
            columns(led_cases, 3),
            follows,
            lambda case: Witness(
                f"Trump Rank {Card(case[1] * 4).rank.label}, {Card(case[0]).pretty} led"
                + (" (Trump Rank cards a suit of their own)" if case[2] else "")
            ),
            labels={"the cards that follow": _cards_label},
        )
    )
    wide = z3.BitVec("led_or_lead", 7)
    card = z3.BitVec("card", 7)
    tables.append(
        Table(
            "proofs.divide.encoding.legal_plays",
            (hand, wide, trump, own, card),
            (_verdict(hand, wide, trump, own == 1, card, p),),
            ("the verdict",),
            judged,
            verdicts,
            _show_verdict,
            labels={"the verdict": lambda v: VERDICTS[v] if v < len(VERDICTS) else "another"},
        )
    )
    return tables + _mask_tables()


def _mask_tables() -> list[Table]:
    """The masks and the card count the encodings are built from, against ``spec.cards``."""
    r, s = z3.BitVec("rank", 4), z3.BitVec("suit", 2)
    m = z3.BitVec("mask", 64)
    rng = random.Random(52)
    counts = [(0,), ((1 << 64) - 1,), ((1 << 52) - 1,)] + [
        (rng.getrandbits(64),) for _ in range(200)
    ]
    return [
        table(
            "proofs.divide.encoding.rank_mask",
            [r],
            [E.rank_mask(r)],
            ("the rank's cards",),
            [(v,) for v in range(13)],
            lambda c: (RANK_MASKS[c[0]],),
            lambda c: Witness(f"rank index {c[0]}"),
        ),
        table(
            "proofs.divide.encoding.suit_mask",
            [s],
            [E.suit_mask(s)],
            ("the suit's cards",),
            [(v,) for v in range(4)],
            lambda c: (SUIT_MASKS[c[0]],),
            lambda c: Witness(f"suit {SUITS[c[0]]}"),
        ),
        table(
            "proofs.divide.encoding.popcount",
            [m],
            [E.popcount(m)],
            ("the count",),
            counts,
            lambda c: (c[0].bit_count(),),
            lambda c: Witness(f"the mask {c[0]:#x}"),
        ),
    ]


def legal_plays_link(rules: DivideRules = PRINTED_RULES) -> Obligation:
    """``divide.link.legal-plays``: the encoding's legal sets and verdicts are the engine's."""
    size = rules.hand_size

    def build(p: Params) -> list[Table]:
        return _legal_tables(size, p)

    return link(
        "divide.link.legal-plays",
        "For every led card (and the lead) under every Trump Rank and both readings of a Trump "
        f"Rank card's suit, on the boundary hands and {HAND_SAMPLE} seeded hands of 1 to {size} "
        f"cards each ({LEAD_SAMPLE} when leading), the encoding's legal cards are exactly the "
        "engine's legal_plays; for every led card the cards that follow are the engine's "
        "led_mask; for a seeded tenth of those hands, every card of the hand and two others "
        "are judged legal or illegal, under the same clause, by the engine's "
        "explain_illegal_play as by the encoding; and the encodings' rank and suit masks and "
        "card count are the spec's.",
        (
            "divide.trick.lead-restriction",
            "divide.trick.follow-suit",
            "divide.trick.void",
            "divide.trick.play-from-hand",
            "divide.ruling.trump-rank-suit",
        ),
        build,
        E.spec_params(4, "printed", rules),
        Mutant(
            "divide.mutant.link.trump-excuses-follow",
            "the encoding lets a Trump Rank card be played when the hand can follow suit",
            {"trump_excuses_follow": True},
        ),
        Mutant(
            "divide.mutant.link.strict-lead-restriction",
            "the encoding forbids leading trump even from an all-trump hand",
            {"all_trump_may_lead": False},
        ),
        engine=(
            "engine.divide.tricks.legal_plays",
            "engine.divide.tricks.led_mask",
            "engine.divide.tricks.explain_illegal_play",
        ),
    )


def obligations(rules: DivideRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """Divide's trick links, in the order ``cardlaw verify`` runs them."""
    return (legal_plays_link(rules), trick_winner_link(rules))
