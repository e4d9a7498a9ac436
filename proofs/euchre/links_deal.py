"""Euchre's deal and exchange encodings held to the engine.

* ``euchre.link.deal`` — every dealer, with the first and last shuffles and
  a seeded sample of others: the encoding deals positions of the shuffled
  deck; the engine's hands, up-card and undealt cards (``apply_shuffle``,
  called through its module), mapped back through the shuffle to the
  positions they came from, must be those.
* ``euchre.link.exchange`` — for every dealer, a seeded sample of deals,
  every seat making trump in either round, alone or not, and every card the
  dealer may lay down, all played through the Game API: the encoding's
  hands after the pick-up and discard, and what is left face up, are the
  engine's at the first lead; and at every discard, the cards the encoding
  lets the dealer lay down are those the engine lists, and the dealer takes
  the up-card exactly when the encoding says (under the printed rules,
  keep-up-card and sitting-dealer-discards).

>>> from cardlaw.proofs.core import check
>>> report = check(deal_link())
>>> report.status, report.cases, report.mutants[0].caught
('proved', 256, True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import z3

from cardlaw.engine.euchre import deal
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.record import build_record
from cardlaw.proofs.core import Mutant, Obligation, Witness
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.link import Table, link, pairs_table
from cardlaw.proofs.reads import Params
from cardlaw.spec.cards import CARD_BITS, Card, CardSet
from cardlaw.spec.errors import CardlawError
from cardlaw.spec.euchre.actions import DEALERS, NAMES, ORDER_UP, PASS, Action, Discard, Shuffle
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import DECK_SIZE, PLAYERS
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage, initial_state

__all__ = ["deal_link", "exchange_link", "obligations", "positions", "shuffle_sample"]

SHUFFLE_SAMPLE: Final = 62
"""Seeded shuffles per dealer (besides the first and the last)."""

EXCHANGE_DEALS: Final = 6
"""Seeded deals per dealer whose every exchange is played."""


def shuffle_sample(count: int, seed: str) -> list[int]:
    """The first and last shuffles' indices and ``count`` seeded others, in order.

    >>> shuffle_sample(1, "demo")[0], shuffle_sample(1, "demo")[-1] == deal.SHUFFLES.size - 1
    (0, True)
    """
    rng = random.Random(seed)
    return sorted(
        {0, deal.SHUFFLES.size - 1, *(rng.randrange(deal.SHUFFLES.size) for _ in range(count))}
    )


def positions(cards: int, order: Sequence[Card]) -> int:
    """The positions (a 24-bit mask) that the cards ``cards`` hold in the shuffled ``order``.

    >>> positions(CardSet("9D 9H").mask, deal.EUCHRE_CARDS)  # the 2nd and 3rd from the top
    6
    """
    return sum(1 << j for j, card in enumerate(order) if cards >> card & 1)


@functools.cache
def _dealt(rules: EuchreRules) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every dealer and sampled shuffle, and where the engine's deal put each position.

    The engine deals cards; each seat's cards, the up-card and the undealt cards are
    mapped back to their positions in the shuffle (cached for the mutant).
    """
    out = []
    table_state = initial_state(EuchreConfig(rules=rules))
    for number, index in enumerate(shuffle_sample(SHUFFLE_SAMPLE, "euchre.link.deal")):
        order = deal.SHUFFLES.outcome(index).order
        for dealer in range(PLAYERS):
            state = deal.apply_shuffle(table_state._replace(dealer=dealer), Shuffle(order))
            places = (*state.hands, CARD_BITS[state.upcard], state.kitty)
            out.append(((dealer, number), tuple(positions(m, order) for m in places)))
    return tuple(out)


def _deal_tables(rules: EuchreRules, p: Params) -> list[Table]:
    dealer, number = E.nat("dealer"), z3.Int("shuffle")
    hands, up, kitty = E.deal_places(dealer, p)
    names = (*(f"seat {s}'s hand" for s in range(PLAYERS)), "the up-card", "the undealt cards")
    indices = shuffle_sample(SHUFFLE_SAMPLE, "euchre.link.deal")

    def show(case: tuple[int, ...]) -> Witness:
        index = indices[case[1]]
        shuffle = deal.SHUFFLES.outcome(index)
        cards = " ".join(str(c) for c in shuffle.order)
        text = f"seat {case[0]} deals the shuffle {cards} (outcome {index})"
        return _recorded(rules, [(DEALERS[case[0]], shuffle)], text, 0)

    def shown(mask: int) -> str:
        return "positions " + " ".join(str(j + 1) for j in range(DECK_SIZE) if mask >> j & 1)

    return [
        pairs_table(
            "proofs.euchre.encoding.deal_places",
            [dealer, number],
            [*hands, up, kitty],
            names,
            _dealt(rules),
            show,
            labels={name: shown for name in names},
        )
    ]


def deal_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.deal``: the encoding's deal, mapped through real shuffles, is the engine's."""
    p = E.spec_params(rules=rules)
    return link(
        "euchre.link.deal",
        "For every dealer, with the first and last shuffles and "
        f"{SHUFFLE_SAMPLE} seeded others, the positions of the shuffled deck the encoding deals "
        "to each seat, turns up and leaves undealt are those the engine's hands, up-card and "
        "undealt cards come from.",
        ("euchre.deal.five", "euchre.ruling.deal-packets", "euchre.deal.up-card",
         "euchre.ruling.hand-size", "euchre.deal.kitty-hidden"),
        functools.partial(_deal_tables, rules),
        p,
        Mutant(
            "euchre.mutant.link.packet-one-larger",
            "the encoding deals one card more in the first packet, one fewer in the second",
            {"first_packet": rules.first_packet + 1, "second_packet": rules.second_packet - 1},
        ),
        engine=("engine.euchre.deal.apply_shuffle",),
    )  # fmt: skip


Play = tuple[Action, ...]
"""The actions of a game from its start, for a record."""


def _deals(config: EuchreConfig) -> list[tuple[EuchreState, Play]]:
    """Every dealer's sampled deals, through the Game API, with the actions that dealt them."""
    deals: list[tuple[EuchreState, Play]] = []
    for index in shuffle_sample(EXCHANGE_DEALS, "euchre.link.exchange")[:EXCHANGE_DEALS]:
        for dealer in range(PLAYERS):
            actions: Play = (DEALERS[dealer], deal.SHUFFLES.outcome(index))
            state = EUCHRE.new_game(config)
            for action in actions:
                state = EUCHRE.apply(state, action)
            deals.append((state, actions))
    return deals


Row = tuple[tuple[int, ...], tuple[int, ...]]


def _made(dealt: EuchreState, actions: Play) -> list[tuple[EuchreState, Play]]:
    """Every seat making trump in either round on a deal, alone or not (two names a round)."""
    names = tuple(NAMES[s][a] for s in range(4) if s != dealt.upcard & 3 for a in (0, 1))
    made = []
    state = dealt
    for passes in range(2 * PLAYERS):
        for bid in ORDER_UP if passes < PLAYERS else names[::3]:
            made.append((EUCHRE.apply(state, bid), (*actions, *(PASS,) * passes, bid)))
        state = EUCHRE.apply(state, PASS)
    return made


_VARIANTS: Final = ((False, False), (True, False), (False, True))
"""(keep-up-card, sitting-dealer-discards) of the configurations the exchange is played under."""


@dataclass(frozen=True, slots=True)
class _Exchanges:
    """The engine's exchanges, by kind and configuration (:data:`_VARIANTS`), and the plays.

    Every row ends with the number of its play (``plays[number]``, the actions from the
    start), for the witness's record.
    """

    rows: dict[str, dict[tuple[bool, bool], list[Row]]]
    plays: list[Play]


@functools.cache
def _exchange_rows(rules: EuchreRules) -> _Exchanges:
    """Every way trump is made on the sampled deals, each discard played: the engine's hands.

    The exchanges (dealt hands, up-card, dealer, taken, discard -> hands, up-card left face
    up; the printed rules only), the discards listed (the dealer's hand, the up-card -> the
    discards), and whether the dealer took the up-card (ordered up, maker, alone, dealer ->
    taken).  Cached for the mutant.
    """
    rows: dict[str, dict[tuple[bool, bool], list[Row]]] = {
        kind: {v: [] for v in _VARIANTS} for kind in ("exchanges", "discards", "pickups")
    }
    plays: list[Play] = []

    def played(actions: Play) -> int:
        plays.append(actions)
        return len(plays) - 1

    for keep, sitting in _VARIANTS:
        config = EuchreConfig(rules=rules, keep_up_card=keep, sitting_dealer_discards=sitting)
        for dealt, dealing in _deals(config):
            up = CARD_BITS[dealt.upcard]
            for made, making in _made(dealt, dealing):
                number = played(making)
                ordered = int(made.trump == dealt.upcard & 3)
                taken = made.stage == Stage.DISCARD
                pickup = (ordered, made.maker, int(made.alone), dealt.dealer, number)
                rows["pickups"][keep, sitting].append((pickup, (int(taken),)))
                if not taken:
                    rows["exchanges"][keep, sitting].append(
                        ((*dealt.hands, up, dealt.dealer, 0, 0, number), (*made.hands, up))
                    )
                    continue
                listed = [a for a in EUCHRE.legal_actions(made) if isinstance(a, Discard)]
                mask = sum(CARD_BITS[a.card] for a in listed)
                held = made.hands[made.dealer]
                rows["discards"][keep, sitting].append(((held, up, number), (mask,)))
                for action in listed if not (keep or sitting) else ():
                    after = EUCHRE.apply(made, action)
                    laid = CARD_BITS[action.card]
                    case = (*dealt.hands, up, dealt.dealer, 1, laid, played((*making, action)))
                    rows["exchanges"][keep, sitting].append((case, (*after.hands, 0)))
    return _Exchanges(rows, plays)


def _recorded(
    rules: EuchreRules, plays: list[Play], text: str, number: int, **flags: bool
) -> Witness:
    """A witness whose record plays ``plays[number]`` (``cardlaw replay`` reproduces it)."""
    config = EuchreConfig(rules=rules, **flags)
    try:
        record = build_record(EUCHRE, config, plays[number])
    except CardlawError:  # the engine no longer plays it: the text says what was played
        return Witness(text)
    return Witness(f"{text} (see the record)", record=record)


def _exchange_tables(rules: EuchreRules, p: Params) -> list[Table]:
    hands = [z3.BitVec(f"hand{s}", E.MASK_BITS) for s in range(PLAYERS)]
    up, discard = z3.BitVec("up", E.MASK_BITS), z3.BitVec("discard", E.MASK_BITS)
    dealer, taken, number = E.nat("dealer"), z3.Bool("taken"), z3.Int("play")
    after, on_table = E.exchange(hands, up, dealer, taken, discard, p)
    found = _exchange_rows(rules)
    rows, plays = found.rows, found.plays
    names = (*(f"seat {s}'s hand" for s in range(PLAYERS)), "the up-card left face up")
    shown = {name: lambda m: str(CardSet(m)) or "nothing" for name in names}
    shown["the discards"] = lambda m: str(CardSet(m)) or "nothing"

    def show_exchange(case: tuple[int, ...]) -> Witness:
        *dealt, u, d, t, x, n = case
        what = f"takes {CardSet(u)} and lays down {CardSet(x)}" if t else f"leaves {CardSet(u)}"
        held = ", ".join(f"seat {s} {CardSet(h)}" for s, h in enumerate(dealt))
        return _recorded(rules, plays, f"dealt {held}, seat {d} deals and {what}", n)

    six = z3.BitVec("six", E.MASK_BITS)
    ordered, maker, alone = z3.Bool("ordered"), E.nat("maker"), z3.Bool("alone")
    printed = (False, False)
    tables = [
        pairs_table(
            "proofs.euchre.encoding.exchange",
            [*hands, up, dealer, taken, discard, number],
            [*after, on_table],
            names,
            rows["exchanges"][printed],
            show_exchange,
            labels=shown,
        )
    ]
    for keep, sitting in _VARIANTS:
        q = {**p, "keep_up_card": keep, "sitting_dealer_discards": sitting}
        under = "keep-up-card" if keep else "sitting-dealer-discards" if sitting else "printed"
        flags = {"keep_up_card": keep, "sitting_dealer_discards": sitting}

        def show_pickup(
            case: tuple[int, ...], rules_name: str = under, flags: dict[str, bool] = flags
        ) -> Witness:
            o, m, a, d, n = case
            how = "orders the up-card up" if o else "names trump"
            text = (
                f"under the {rules_name} rules seat {d} deals, seat {m} {how}"
                f"{' alone' if a else ''}"
            )
            return _recorded(rules, plays, text, n, **flags)

        def show_discard(case: tuple[int, ...], flags: dict[str, bool] = flags) -> Witness:
            text = f"the dealer holds {CardSet(case[0])} having taken {CardSet(case[1])}"
            return _recorded(rules, plays, text, case[2], **flags)

        tables += [
            pairs_table(
                "proofs.euchre.encoding.discard_options",
                [six, up, number],
                [E.discard_options(six, up, q)],
                ("the discards",),
                rows["discards"][keep, sitting],
                show_discard,
                labels=shown,
            ),
            pairs_table(
                "proofs.euchre.encoding.takes_up_card",
                [ordered, maker, alone, dealer, number],
                [z3.If(E.takes_up_card(ordered, maker, alone, dealer, q), 1, 0)],
                ("whether the dealer takes the up-card",),
                rows["pickups"][keep, sitting],
                show_pickup,
            ),
        ]
    return tables


def exchange_link(rules: EuchreRules = PRINTED_RULES) -> Obligation:
    """``euchre.link.exchange``: the encoding's pick-up, discard and discards are the engine's."""
    p = E.spec_params(rules=rules)
    return link(
        "euchre.link.exchange",
        f"For every dealer and {EXCHANGE_DEALS} seeded deals each, every seat ordering up or "
        "naming trump, alone or not, and every card the dealer may lay down, played through "
        "the Game API: the encoding's hands after the exchange, and the up-card left face up "
        "or not, are the engine's; and whether the dealer takes the up-card and the cards the "
        "encoding lets the dealer lay down are the engine's, under the printed rules, "
        "keep-up-card and sitting-dealer-discards.",
        ("euchre.bid.pick-up", "euchre.ruling.discard-up-card", "euchre.ruling.dealer-sits-out"),
        functools.partial(_exchange_tables, rules),
        p,
        Mutant(
            "euchre.mutant.link.discard-kept",
            "the encoding's dealer keeps the card laid down",
            {"discard_leaves_hand": False},
        ),
        engine=(
            "engine.euchre.bidding.apply_bid",
            "engine.euchre.bidding.apply_discard",
            "engine.euchre.bidding.legal_discards",
            "engine.euchre.bidding.discard_mask",
        ),
    )


def obligations(rules: EuchreRules = PRINTED_RULES) -> tuple[Obligation, ...]:
    """The deal links, in the order ``cardlaw verify`` runs them."""
    return (deal_link(rules), exchange_link(rules))
