"""What a judge can tell is wrong with a Split position: situations the rules never reach.

:mod:`engine.split.spot` reads a position; :func:`judge` then names every
situation in it that no game could reach, each with the clause it breaks.
"""

from __future__ import annotations

from cardlaw.spec.split.cards import STANDARD_MASK
from cardlaw.spec.split.state import CLOCKWISE, SplitState

__all__ = ["fresh_problems", "judge"]


def judge(state: SplitState, *, fresh: bool) -> list[str]:
    """What a judge can tell is unreachable in a position, in the rules' words (with clause ids).

    ``fresh``: the piles were just opened (then how they were opened is checked too).
    """
    problems: list[str] = []
    n = state.players
    cooperative = state.config.cooperative
    most = state.config.rules.most_held
    left, right, middle = state.left, state.right, state.middle
    for p, hand in enumerate(state.hands):
        if not hand and not cooperative:
            problems.append(
                f"seat {p} holds no cards: the game would be over [split.end.first-empty]"
            )
        if cooperative and hand.bit_count() > most:
            problems.append(
                f"seat {p} holds {hand.bit_count()} cards: in cooperative play no hand ever "
                f"holds more than {most} after the opening [split.coop.lose-on-reset]"
            )
    if cooperative and not state.hands[state.actor]:
        problems.append(
            f"seat {state.actor} is to move with no cards: empty hands are skipped "
            "[split.ruling.coop-empty-hand]"
        )
    if cooperative and not any(state.hands):
        problems.append("every hand is empty: the table has won [split.coop.win]")
    if n == 2 and state.direction != CLOCKWISE:
        problems.append("with two players the direction never changes [split.wild.two-players]")
    low, high = min(left, right), max(left, right)
    if middle >= 0 and STANDARD_MASK >> middle & 1 and not low < middle < high:
        problems.append(
            f"the standard card {middle} cannot be in the middle: it is not between the piles "
            f"{left} and {right} [split.turn.play-between]"
        )
    if fresh:
        problems += fresh_problems(state)
    return problems


def fresh_problems(state: SplitState) -> list[str]:
    """What is wrong with piles just opened: how they were opened, and the direction."""
    problems: list[str] = []
    left, right = state.left, state.right
    if not (STANDARD_MASK >> left & 1 and STANDARD_MASK >> right & 1):
        problems.append(
            f"the new piles {left} | {right} hold a Wild/Reverse card: piles are opened with "
            "standard cards (list any cards played onto them since under 'under') "
            "[split.open.piles]"
        )
    elif left > right:
        problems.append(
            f"the new piles {left} | {right}: the lower card starts the left pile (list any "
            "cards played onto them since under 'under') [split.ruling.pile-sides]"
        )
    else:
        opener = state.opener
        outside = state.hands[opener] & STANDARD_MASK & ~((1 << right) - 1 & ~((1 << left + 1) - 1))
        if outside:
            card = outside.bit_length() - 1
            problems.append(
                f"seat {opener} opened {left} | {right} (the piles were just opened and seat "
                f"{state.actor} plays first) but holds {card}: an opener opens with their "
                "lowest and highest standard cards [split.reset.cheating]"
            )
    if state.direction != CLOCKWISE:
        problems.append("play restarts clockwise when piles are opened [split.ruling.after-reset]")
    return problems
