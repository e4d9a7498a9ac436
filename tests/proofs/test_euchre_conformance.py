"""Every Z3 encoding of a Euchre rule fragment agrees exactly with the engine."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlaw.engine.euchre.bidding import bid_history
from cardlaw.engine.euchre.deal import SHUFFLES, apply_first_dealer, apply_shuffle
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.euchre.scoring import game_over, hand_score
from cardlaw.engine.euchre.tricks import (
    LEFT_BOWER,
    RIGHT_BOWER,
    effective_suit,
    follow_mask,
    legal_plays,
    suit_cards,
    trick_winner,
    winning_value,
)
from cardlaw.proofs.euchre import encoding as E
from cardlaw.spec.cards import CARD_BITS
from cardlaw.spec.euchre.actions import DEALERS, Discard, Shuffle
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import EUCHRE_DECK, PLAYERS, TEAM_OF
from cardlaw.spec.euchre.parameters import PRINTED_RULES, EuchreRules
from cardlaw.spec.euchre.state import EuchreState, Stage, initial_state, up_card_taken
from tests.games import random_walk
from tests.proofs.conformance import card, mask, value

pytestmark = pytest.mark.clauses(
    "euchre.cards.left-bower",
    "euchre.cards.trump-order",
    "euchre.cards.plain-order",
    "euchre.trick.follow-suit",
    "euchre.trick.void",
    "euchre.trick.winner",
    "euchre.score.makers",
    "euchre.score.march",
    "euchre.score.alone-march",
    "euchre.score.euchred",
    "euchre.ruling.all-pass",
    "euchre.ruling.deal-packets",
    "euchre.bid.pick-up",
    "euchre.bid.makers",
    "euchre.hand.dealer-rotation",
    "euchre.end.ten",
)

P = E.spec_params()
STICK = E.spec_params(stick_the_dealer=True)

RULES = (
    PRINTED_RULES,
    EuchreRules(target=7, cards_each=3, maker_points=2, march_points=3, alone_march_points=5,
                euchre_points=1),
    EuchreRules(target=11, cards_each=4),
    EuchreRules(cards_each=2, march_points=1, euchre_points=4),
)  # fmt: skip
"""The printed rules and overrides: the encodings must agree with the engine under each."""
by_rules = pytest.mark.parametrize("rules", RULES, ids=repr)
DECK = [c for c in range(52) if EUCHRE_DECK >> c & 1]

cards = st.sampled_from(DECK)
suits = st.integers(0, 3)
hands = st.sets(cards, min_size=1, max_size=6).map(lambda s: sum(1 << c for c in s))


def suit(value: int) -> z3.BitVecRef:
    return z3.BitVecVal(value, 2)


@given(cards, suits)
def test_effective_suit_and_bowers(c: int, trump: int) -> None:
    assert value(E.effective_suit(card(c), suit(trump), P)) == effective_suit(c, trump)
    assert value(E.right_bower(suit(trump), P)) == RIGHT_BOWER[trump]
    assert value(E.left_bower(suit(trump), P)) == LEFT_BOWER[trump]
    assert value(E.is_card(card(c), P)) == 1


@given(st.integers(0, 63))
def test_is_card(c: int) -> None:
    assert value(E.is_card(card(c), P)) == (c < 52 and EUCHRE_DECK >> c & 1)


@given(suits, suits, cards)
def test_suit_cards_and_follow_mask(s: int, trump: int, led: int) -> None:
    assert value(E.suit_cards(suit(s), suit(trump), P)) == suit_cards(s, trump)
    assert value(E.follow_mask(card(led), suit(trump), P)) == follow_mask(led, trump)


@given(hands, st.one_of(st.none(), cards), suits)
def test_legal_plays(hand: int, led: int | None, trump: int) -> None:
    if led is not None:
        hand &= ~(1 << led)
        if not hand:
            return
    engine = legal_plays(hand, -1 if led is None else led, trump)
    z3_led = None if led is None else card(led)
    assert value(E.legal_plays(mask(hand), z3_led, suit(trump), P)) == engine


@given(st.lists(cards, min_size=3, max_size=4, unique=True), suits)
def test_trick_winner(trick: list[int], trump: int) -> None:
    position, best = E.trick_winner([card(c) for c in trick], suit(trump), P)
    engine = trick_winner(tuple(trick), trump)
    assert value(position) == engine
    assert value(best) == trick[engine]


@given(cards, cards, cards, suits)
def test_winning_value_and_beats_order_like_the_engine(
    a: int, b: int, led: int, trump: int
) -> None:
    """Values differ from the engine's numbers, never their order; ``beats`` says the same."""
    led_suit = effective_suit(led, trump)
    va, vb = (value(E.winning_value(card(c), suit(trump), suit(led_suit), P)) for c in (a, b))
    ea, eb = winning_value(a, trump, led_suit), winning_value(b, trump, led_suit)
    assert (va > vb) == (ea > eb) and (va == 0) == (ea == 0)
    assert value(E.beats(card(a), card(b), card(led), suit(trump), P)) == (ea > eb)


@by_rules
@given(st.integers(0, 1), st.integers(0, 5), st.booleans())
def test_hand_score(rules: EuchreRules, makers: int, tricks: int, alone: bool) -> None:
    tricks = min(tricks, rules.tricks)
    p = E.spec_params(rules=rules)
    makers_score, points = E.hand_score(E.count(tricks), z3.BoolVal(alone), p)
    team = makers if value(makers_score) else 1 - makers
    assert (team, value(points)) == hand_score(makers, tricks, alone, rules)


@by_rules
@given(st.integers(0, 12), st.integers(0, 12))
def test_game_over(rules: EuchreRules, a: int, b: int) -> None:
    p = E.spec_params(rules=rules)
    assert value(E.game_over((E.count(a), E.count(b)), p)) == game_over((a, b), rules.target)


@by_rules
@given(st.integers(0, SHUFFLES.size - 1), st.integers(0, 3))
def test_deal_places(rules: EuchreRules, index: int, dealer: int) -> None:
    """The encoding deals positions; mapped through a real shuffle they are the engine's hands."""
    shuffle = SHUFFLES.outcome(index)
    table = apply_first_dealer(initial_state(EuchreConfig(rules=rules)), DEALERS[dealer])
    state = apply_shuffle(table, shuffle)
    places, up, kitty = E.deal_places(E.count(dealer), E.spec_params(rules=rules))

    def cards_at(term: z3.BitVecRef) -> int:
        positions = value(term)
        return sum(CARD_BITS[shuffle.order[j]] for j in range(24) if positions >> j & 1)

    assert tuple(cards_at(h) for h in places) == state.hands
    assert cards_at(up) == CARD_BITS[state.upcard] and cards_at(kitty) == state.kitty


def _passing_walk(config: EuchreConfig, seed: int) -> list[tuple[EuchreState, Any]]:
    """A random game whose players pass four times in five: many hands are thrown in."""
    rng = random.Random(seed)
    state = EUCHRE.new_game(config)
    walk: list[tuple[EuchreState, Any]] = []
    for _ in range(6000):
        mover = EUCHRE.to_move(state)
        if mover is None:
            break
        if mover == "chance":
            space = EUCHRE.chance_outcomes(state)
            assert space is not None
            action = space.outcome(rng.randrange(space.size))
        else:
            legal = EUCHRE.legal_actions(state)
            passing = [a for a in legal if a.text == "pass"]
            action = passing[0] if passing and rng.random() < 0.8 else rng.choice(legal)
        walk.append((state, action))
        state = EUCHRE.apply(state, action)
    walk.append((state, None))
    return walk


def _hands_of(walk: list[tuple[EuchreState, Any]]) -> list[EuchreState]:
    """The states right after each hand of a game ended (scored or thrown in)."""
    out = []
    for (before, _), (after, _) in itertools.pairwise(walk):
        if len(after.results) > len(before.results):
            out.append(after)
    return out


@by_rules
@given(st.integers(0, 2**32), st.booleans())
@settings(max_examples=25, deadline=None)
def test_game_run_matches_real_games(rules: EuchreRules, seed: int, stick: bool) -> None:
    """Feed a real game's choices (passes, tricks, alone) to the encoding: same course."""
    walk = _passing_walk(EuchreConfig(stick_the_dealer=stick, rules=rules), seed)
    ended = _hands_of(walk)
    if not ended:
        return
    p = E.spec_params(stick_the_dealer=stick, rules=rules)
    run = E.game_run(len(ended), p)
    fixed = [run.first_dealer == ended[0].dealer]
    for k, hand in enumerate(ended):
        passes = sum(bid == "pass" for _, bid in bid_history(hand))
        made = hand.maker >= 0
        fixed += [
            run.passes[k] == passes,
            run.makers_tricks[k] == (hand.won[TEAM_OF[hand.maker]] if made else 0),
            run.alone[k] == hand.alone,
        ]
    # The real game's choices fix every variable: the premise (every choice legal) must hold,
    # and every term of the run takes the engine's value.
    solver = z3.Solver()
    solver.add(*run.premise, *fixed)
    assert solver.check() == z3.sat
    model = solver.model()

    def at(term: z3.ExprRef) -> int:
        return value(model.eval(term, model_completion=True))

    for k, hand in enumerate(ended):
        step = run.steps[k]
        assert at(step.thrown_in) == (hand.maker < 0)
        if hand.maker >= 0:
            assert at(step.maker) == hand.maker
        assert tuple(at(s) for s in run.scores[k + 1]) == hand.scores
        assert at(run.dealers[k]) == hand.dealer
        assert at(run.over[k + 1]) == (hand.stage == Stage.OVER)
    last = ended[-1]
    if last.stage == Stage.OVER:
        assert at(run.hands) == len(last.results)


@given(st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_stuck_dealer_may_not_pass(seed: int) -> None:
    """The encoding's legal number of passes is the engine's: a stuck dealer never passes."""
    for stick in (False, True):
        p = STICK if stick else P
        legal, thrown, _ = E.bidding(E.count(2 * PLAYERS), E.count(seed % PLAYERS), p)
        assert value(legal) == (not stick) and value(thrown) == 1
    walk = random_walk(EUCHRE, EuchreConfig(stick_the_dealer=True), seed, limit=400)
    for state, _ in walk:
        if state.stage == Stage.NAME_TRUMP and state.actor == state.dealer:
            assert all(a.text != "pass" for a in EUCHRE.legal_actions(state))


@by_rules
@given(st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_exchange_matches_engine(rules: EuchreRules, seed: int) -> None:
    """The encoding's pick-up and discard give the engine's hands at the first trick."""
    dealt = None
    for state, action in random_walk(EUCHRE, EuchreConfig(rules=rules), seed, limit=600):
        if dealt is not None and state.stage == Stage.TRICKS and not state.tricks:
            if not state.trick:
                taken = up_card_taken(state)
                hands, table = E.exchange(
                    [mask(h) for h in dealt.hands],
                    mask(CARD_BITS[state.upcard]),
                    E.count(state.dealer),
                    z3.BoolVal(taken),
                    mask(CARD_BITS[state.discard] if taken else 0),
                    E.spec_params(rules=rules),
                )
                assert tuple(value(h) for h in hands) == state.hands
                assert value(table) == (0 if taken else CARD_BITS[state.upcard])
            dealt = None
        if isinstance(action, Shuffle):
            dealt = EUCHRE.apply(state, action)


@given(st.integers(0, 2**32))
@settings(max_examples=25, deadline=None)
def test_game_run_first_steps_match_hand_step(seed: int) -> None:
    """``game_run`` is ``hand_step`` chained: the first deal of a run is one step."""
    run = E.game_run(1, P)
    step = E.hand_step(
        (E.count(0), E.count(0)),
        run.first_dealer,
        run.passes[0],
        run.makers_tricks[0],
        run.alone[0],
        P,
    )
    fixed = [
        (run.first_dealer, E.count(seed % 4)),
        (run.passes[0], E.count(seed % 9)),
        (run.makers_tricks[0], E.count(seed % 6)),
        (run.alone[0], z3.BoolVal(seed % 2 == 1)),
    ]
    for a, b in zip(run.scores[1], step.scores, strict=True):
        assert value(z3.substitute(a, *fixed)) == value(z3.substitute(b, *fixed))


def test_spec_params_come_from_spec() -> None:
    from cardlaw.spec.euchre import constants as K

    p = E.spec_params()
    assert p["target"] == K.TARGET and p["majority"] == K.MAJORITY
    assert p["alone_march_points"] == K.ALONE_MARCH_POINTS and p["deck"] == K.EUCHRE_DECK
    assert len(p["trump_order"]) == 7 and len(p["plain_order"]) == len(K.EUCHRE_RANKS)
    assert E.spec_params(stick_the_dealer=True)["stick_the_dealer"] is True


@pytest.mark.clauses("euchre.score.alone-march")
def test_changing_a_rule_parameter_changes_what_is_proven() -> None:
    """ALONE_MARCH_POINTS=5: the claim follows the rules (two hands), and the printed claim
    (three hands) is refuted by the encoding of the changed rules."""
    from cardlaw.proofs.core import check, verdict
    from cardlaw.proofs.euchre import obligations as euchre_obligations

    oid = "euchre.game.fewest-hands"
    real = next(o for o in euchre_obligations.OBLIGATIONS if o.id == oid)
    assert check(real).status == "proved"
    five = euchre_obligations.build(EuchreRules(alone_march_points=5))
    rebuilt = next(o for o in five if o.id == oid)
    assert rebuilt.params["alone_march_points"] == 5 and "before hand 2" in rebuilt.statement
    assert check(rebuilt).status == "proved"  # two lone marches end a game, and no fewer
    assert verdict(real.build(rebuilt.params)).status == "refuted"  # not three any more


@pytest.mark.clauses("euchre.ruling.endless-game", "euchre.ruling.all-pass")
def test_the_looping_witness_is_a_record_replay_accepts(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cardlaw verify --witnesses`` writes the endless loop; ``cardlaw replay`` accepts it."""
    from cardlaw.cli import main
    from cardlaw.engine.record import load_record, replay_record

    def run(*args: str) -> int:
        try:
            return main(list(args))
        except SystemExit as exit:
            return int(exit.code or 0)

    oid = "euchre.game.ends.throw-in"
    assert run("verify", "euchre", "--property", oid, "--witnesses", str(tmp_path)) == 0
    out = capsys.readouterr().out
    assert "refuted" in out and "replayed through the engine" in out
    path = tmp_path / f"{oid}.json"
    assert run("replay", str(path)) == 0
    replay = replay_record(load_record(path.read_text()))
    start, end = replay.states[2], replay.final  # after the first deal, after the fifth
    assert (start.scores, start.dealer, start.hands) == (end.scores, end.dealer, end.hands)
    assert end.results == ((-1, 0),) * PLAYERS and EUCHRE.result(end) is None


def _passing(rng: random.Random, actions: tuple[Any, ...]) -> Any:
    """Mostly pass, so that hands are thrown in and dealers get stuck."""
    passing = [a for a in actions if a.text == "pass"]
    return passing[0] if passing and rng.random() < 0.8 else rng.choice(actions)


@pytest.mark.clauses("euchre.bid.first-round", "euchre.bid.second-round", "euchre.ruling.up-card")
@given(st.integers(0, 2**32), st.booleans())
@settings(max_examples=25, deadline=None)
def test_bid_options_and_steps_match_the_engine(seed: int, stick: bool) -> None:
    """At every bid of a game, the bids listed and where the bidding stands after the one taken."""
    p = STICK if stick else P
    config = EuchreConfig(stick_the_dealer=stick)
    for state, action in random_walk(EUCHRE, config, seed, limit=300, policy=_passing):
        if state.stage not in (Stage.ORDER_UP, Stage.NAME_TRUMP) or action is None:
            continue
        round_, actor = E.count(int(state.stage == Stage.NAME_TRUMP)), E.count(state.actor)
        dealer, up = E.count(state.dealer), suit(state.upcard & 3)
        listed = EUCHRE.legal_actions(state)
        mask = sum(1 << k for k, bid in enumerate(E.BIDS) if bid in listed)
        assert value(E.bid_options(round_, actor, dealer, up, p)) == mask
        bidding = E.BidState(round_, actor, z3.BoolVal(False), z3.BoolVal(False), E.count(0),
                             suit(0), z3.BoolVal(False))  # fmt: skip
        legal, after = E.bid_step(bidding, E.count(E.BIDS.index(action)), dealer, up, p)
        real = EUCHRE.apply(state, action)
        assert value(legal) == 1
        assert bool(value(after.made)) == (real.maker >= 0)
        assert bool(value(after.thrown)) == (real.stage == Stage.DEAL)
        if real.maker >= 0:
            made = (value(after.maker), value(after.trump), bool(value(after.alone)))
            assert made == (real.maker, real.trump, real.alone)
        elif real.stage != Stage.DEAL:
            assert value(after.actor) == real.actor


@pytest.mark.clauses("euchre.trick.first-lead", "euchre.ruling.lone-lead", "euchre.bid.pick-up")
@given(st.integers(0, 2**32), st.sampled_from(["default", "lone", "sitting", "keep"]))
@settings(max_examples=25, deadline=None)
def test_pick_up_discards_and_first_lead_match_the_engine(seed: int, variant: str) -> None:
    config = EuchreConfig(
        lone_defender=variant == "lone",
        sitting_dealer_discards=variant == "sitting",
        keep_up_card=variant == "keep",
    )
    p = E.spec_params(
        lone_defender=config.lone_defender,
        keep_up_card=config.keep_up_card,
        sitting_dealer_discards=config.sitting_dealer_discards,
    )
    for state, action in random_walk(EUCHRE, config, seed, limit=400):
        if action is None:
            break
        after = EUCHRE.apply(state, action)
        if state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP) and after.maker >= 0:
            ordered = z3.BoolVal(state.stage == Stage.ORDER_UP)
            took = E.takes_up_card(
                ordered, E.count(after.maker), z3.BoolVal(after.alone), E.count(after.dealer), p
            )
            assert bool(value(took)) == (after.stage == Stage.DISCARD)
        if state.stage == Stage.DISCARD:
            listed = sum(
                CARD_BITS[a.card] for a in EUCHRE.legal_actions(state) if isinstance(a, Discard)
            )
            up, held = CARD_BITS[state.upcard], state.hands[state.dealer]
            assert value(E.discard_options(mask(held), mask(up), p)) == listed
        if after.stage == Stage.TRICKS and state.stage != Stage.TRICKS:
            leader = E.first_leader(
                E.count(after.dealer), E.count(after.maker), z3.BoolVal(after.alone),
                E.count(max(after.defender, 0)), z3.BoolVal(after.defender >= 0), p,
            )  # fmt: skip
            assert value(leader) == after.leader


@pytest.mark.clauses("euchre.end.ten", "euchre.hand.dealer-rotation")
@by_rules
@given(st.integers(0, 14), st.integers(0, 14), st.integers(0, 3))
def test_winner_and_next_dealer(rules: EuchreRules, a: int, b: int, dealer: int) -> None:
    from cardlaw.engine.euchre.events import result

    p = E.spec_params(rules=rules)
    state = initial_state(EuchreConfig(rules=rules))._replace(scores=(a, b))
    if game_over((a, b), rules.target) and not (a >= rules.target and b >= rules.target):
        state = state._replace(stage=Stage.OVER)
    ended = result(state)
    want = -1 if ended is None else ended.winner
    if not (a >= rules.target and b >= rules.target):  # never both: one team scores a hand
        assert value(E.winner((E.count(a), E.count(b)), p)) == want
    assert value(E.next_dealer(E.count(dealer), p)) == (dealer + 1) % PLAYERS
