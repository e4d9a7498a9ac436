"""Step-by-step reasons for Split's decisions, with the clauses they apply.

These read the same functions the engine plays by (:mod:`engine.split.piles`),
so an explanation can never disagree with a game.

>>> from cardlaw.spec.split.cards import NumberSet
>>> answer = explain_play(NumberSet("12 45 99").mask, 30, 60)
>>> answer.verdict
'may play 45, 99*'
>>> for step in answer.steps:
...     print(step)
The piles show 30 and 60: a standard card must lie strictly between them [split.turn.play-between]
12 is not between 30 and 60 [split.ruling.strictly-between]
45 is between 30 and 60: it may be played [split.turn.play-between]
99* is a Wild/Reverse card: it may be played whatever the piles show [split.wild.any-time]
The player may also reset instead of playing [split.reset.choose]
"""

from __future__ import annotations

from cardlaw.engine.explaining import Step, engine_verdict, explained, verdict_on
from cardlaw.engine.manifest import Engine, Explanation
from cardlaw.engine.split.piles import place, playable_mask
from cardlaw.engine.split.turn import can_play, usable_aids
from cardlaw.spec.parameters import spelled
from cardlaw.spec.split.actions import Action, Aid, Move, Play, Reset
from cardlaw.spec.split.cards import WILD_MASK, NumberCard, NumberSet
from cardlaw.spec.split.state import SplitState, Stage

__all__ = ["explain_action", "explain_play"]


def _names(mask: int) -> str:
    return ", ".join(card.pretty for card in NumberSet(mask))


def _card_steps(hand: int, left: int, right: int) -> tuple[int, list[Step]]:
    """The playable cards of ``hand`` on piles ``left`` | ``right``, and a step per card."""
    low, high = min(left, right), max(left, right)
    playable = playable_mask(hand, left, right)
    steps: list[Step] = [
        (
            f"The piles show {left} and {right}: a standard card must lie strictly between them",
            "split.turn.play-between",
        )
    ]
    for card in NumberSet(hand):
        if card.is_wild:
            if playable >> card & 1:
                steps.append(
                    (
                        f"{card.pretty} is a Wild/Reverse card: it may be played whatever the "
                        "piles show",
                        "split.wild.any-time",
                    )
                )
            else:
                steps.append(
                    (
                        f"{card.pretty} is a Wild/Reverse card, but the last card of the hand: "
                        "a hand may not end with a wild card",
                        "split.end.no-wild-finish",
                    )
                )
        elif playable >> card & 1:
            steps.append(
                (f"{card} is between {low} and {high}: it may be played", "split.turn.play-between")
            )
        else:
            steps.append(
                (f"{card} is not between {low} and {high}", "split.ruling.strictly-between")
            )
    return playable, steps


def _blocked(cooperative: bool) -> tuple[str, Step]:
    if cooperative:
        return (
            "nothing can be played: the player must reset, and the table loses",
            (
                "Nothing can be played, neither a card nor an aid: a reset is required, and in "
                "cooperative play that loses the game",
                "split.coop.lose-on-reset",
            ),
        )
    return (
        "no card can be played: the player must reset",
        ("No card can be played: the player must reset", "split.turn.must-reset"),
    )


def explain_play(
    hand: int, left: int, right: int, *, middle: int = -1, cooperative: bool = False, aids: int = 0
) -> Explanation:
    """Which cards of ``hand`` may be played on the piles, and why; or that the player must reset.

    With a ``middle`` card, it first goes onto the left or the right pile, as
    the player chooses: the answer covers both.  ``aids`` is the mask of the
    aids still usable (cooperative play).

    >>> from cardlaw.spec.split.cards import NumberSet
    >>> print(explain_play(NumberSet("47 66 5").mask, 33, 71, middle=52).verdict)
    ... # doctest: +NORMALIZE_WHITESPACE
    after moving 52 onto the left pile (52 | 71) may play 66;
    onto the right pile (33 | 52) may play 47
    >>> explain_play(NumberSet("99").mask, 30, 60).verdict
    'no card can be played: the player must reset'
    """
    aid_names = _names(aids)
    aid_steps: list[Step] = (
        [
            (
                f"The aid{'s' * (aids.bit_count() > 1)} {aid_names} beside the table may be played "
                "instead of a card",
                "split.coop.aid-use",
            )
        ]
        if aids
        else []
    )
    if middle < 0:
        playable, steps = _card_steps(hand, left, right)
        steps += aid_steps
        options = [_names(playable)] if playable else []
        if aids:
            options.append(f"the aid {aid_names}")
        if options:
            verdict = "may play " + "; or ".join(options)
            if not cooperative:
                steps.append(("The player may also reset instead of playing", "split.reset.choose"))
            return explained(verdict, steps)
        verdict, step = _blocked(cooperative)
        return explained(verdict, [*steps, step])
    steps = [
        (
            f"First the middle card {NumberCard(middle).pretty} goes onto the left or the right "
            "pile, as the player chooses; its number becomes the pile's",
            "split.turn.move-middle",
        )
    ]
    parts = []
    any_play = False
    for side in ("left", "right"):
        new_left, new_right = place(left, right, side, middle)
        playable, card_steps = _card_steps(hand, new_left, new_right)
        steps.append(
            (
                f"Onto the {side} pile: the piles show {new_left} | {new_right}",
                "split.turn.move-middle",
            )
        )
        steps += card_steps[1:]
        where = f"onto the {side} pile ({new_left} | {new_right})"
        if playable:
            any_play = True
            parts.append(f"{where} may play {_names(playable)}")
        else:
            parts.append(f"{where} nothing")
    steps += aid_steps
    if not any_play and not aids:
        verdict, step = _blocked(cooperative)
        return explained(
            f"whichever pile {NumberCard(middle).pretty} goes onto, {verdict}", [*steps, step]
        )
    verdict = f"after moving {NumberCard(middle).pretty} " + "; ".join(parts)
    if aids:
        verdict += f"; or the aid {aid_names}"
    return explained(verdict, steps)


def explain_action(
    engine: Engine[SplitState, Action], state: SplitState, action: Action
) -> tuple[bool, Explanation]:
    """Whether ``action`` is legal in ``state``, and why, step by step.

    The verdict is the engine's own (``apply`` either accepts the action or
    names the clause it breaks); the steps spell out the reasoning.

    >>> from cardlaw.engine.split.game import SPLIT
    >>> from cardlaw.engine.split.spot import EXAMPLE
    >>> state = SPLIT.position_from_json(EXAMPLE)
    >>> legal, why = SPLIT.explain(state, Play(66))
    >>> legal, why.verdict
    (False, "illegal: seat 1 must move the middle card onto a pile (or reset) now, not 'play 66'")
    >>> legal, why = SPLIT.explain(state, Move("left"))
    >>> legal, why.steps[-2]
    (True, 'Then seat 1 may play 66, 90* [split.turn.play-between]')
    """
    mover = state.actor
    legal, after, reason, clause = engine_verdict(engine, state, action)
    cooperative = state.config.cooperative
    steps: list[Step] = []
    if state.stage in (Stage.MOVE, Stage.PLAY):
        hand = state.hands[mover]
        steps.append(
            (f"Seat {mover} is to act and holds {NumberSet(hand).pretty}", "split.turn.order")
        )
        if isinstance(action, Move) and state.stage == Stage.MOVE:
            left, right = place(state.left, state.right, action.side, state.middle)
            steps.append(
                (
                    f"The middle card {NumberCard(state.middle).pretty} goes onto the "
                    f"{action.side} pile: the piles show {left} | {right}",
                    "split.turn.move-middle",
                )
            )
            playable = playable_mask(hand, left, right)
            if playable:
                steps.append(
                    (f"Then seat {mover} may play {_names(playable)}", "split.turn.play-between")
                )
            elif not usable_aids(state):
                steps.append(
                    (f"Then seat {mover} can play no card and must reset", "split.turn.must-reset")
                )
        elif isinstance(action, Play) and state.stage == Stage.PLAY and hand >> action.card & 1:
            _, card_steps = _card_steps(hand, state.left, state.right)
            steps.append(card_steps[0])
            steps += [
                s for s in card_steps[1:] if s[0].startswith(NumberCard(action.card).pretty + " ")
            ]
        elif isinstance(action, Aid) and cooperative and state.stage == Stage.PLAY:
            usable = _names(usable_aids(state)) or "none"
            steps.append(
                (f"The aids still beside the table and usable: {usable}", "split.coop.aid-use")
            )
        elif isinstance(action, Reset):
            steps += _reset_steps(state)
    then: list[Step] = []
    if after is not None and isinstance(action, Play | Aid):
        then = _after_play_steps(state, action.card, after)
    return verdict_on(
        action,
        mover,
        (legal, reason, clause),
        steps,
        legal_clause=_clause_of(action, state),
        then=then,
    )


def _after_play_steps(state: SplitState, card: int, after: SplitState) -> list[Step]:
    """What follows a card put in the middle: the end, or who moves it next."""
    mover = state.actor
    if after.stage == Stage.OVER:
        if state.config.cooperative:
            return [("Every hand is now empty: the table wins", "split.coop.win")]
        return [(f"Seat {mover}'s hand is now empty: seat {mover} wins", "split.end.first-empty")]
    if WILD_MASK >> card & 1:
        if state.players == 2:
            return [
                (
                    f"With two players the direction stays: seat {after.actor} moves the "
                    f"{NumberCard(card).pretty} onto a pile next",
                    "split.wild.two-players",
                )
            ]
        return [
            (
                f"A Wild/Reverse card turns the direction of play: seat {after.actor}, on the "
                f"other side, moves the {NumberCard(card).pretty} onto a pile next",
                "split.wild.reverse",
            )
        ]
    return [(f"Seat {after.actor} moves the {card} onto a pile next", "split.turn.order")]


def _reset_steps(state: SplitState) -> list[Step]:
    hand = state.hands[state.actor]
    if state.stage == Stage.PLAY:
        playable = playable_mask(hand, state.left, state.right)
    else:
        playable = 0
        for side in ("left", "right"):
            playable |= playable_mask(hand, *place(state.left, state.right, side, state.middle))
    able = can_play(state)
    if state.config.cooperative:
        if able:
            what = _names(playable) or "nothing from hand"
            aids = usable_aids(state)
            extra = f" and the aid {_names(aids)}" if aids else ""
            return [
                (
                    f"Seat {state.actor} can still play {what}{extra}",
                    "split.ruling.coop-no-chosen-reset",
                )
            ]
        if state.stage == Stage.MOVE:
            return [
                (
                    "Whichever pile the middle card goes onto, nothing can be played; the card "
                    "is moved first",
                    "split.ruling.move-onto-pile",
                )
            ]
        return [_blocked(True)[1]]
    if able:
        return [
            (
                f"Seat {state.actor} could still play ({_names(playable) or 'after moving'}), "
                "but may reset by choice at any point before playing",
                "split.reset.choose",
            ),
            (
                "A reset may come before or after moving the middle card",
                "split.ruling.reset-timing",
            ),
            _reset_procedure(state),
        ]
    return [
        (f"Seat {state.actor} can play no card: it must reset", "split.turn.must-reset"),
        _reset_procedure(state),
    ]


def _reset_procedure(state: SplitState) -> Step:
    draw = spelled(state.config.rules.reset_draw)
    return (
        f"The table goes to the discard pile, the player draws {draw} cards and opens new piles "
        "with their lowest and highest standard cards",
        "split.reset.draw-three",
    )


def _clause_of(action: Action, state: SplitState) -> str:
    if isinstance(action, Reset):
        return "split.coop.lose-on-reset" if state.config.cooperative else "split.reset.choose"
    if isinstance(action, Play):
        return "split.wild.any-time" if WILD_MASK >> action.card & 1 else "split.turn.play-between"
    return {Move: "split.turn.move-middle", Aid: "split.coop.aid-use"}.get(
        type(action), "split.turn.order"
    )
