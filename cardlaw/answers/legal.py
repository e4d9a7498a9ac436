"""Is this action legal here, and why (``cardlaw ask GAME legal``): a position and an action.

>>> from cardlaw.engine.registry import GAMES
>>> game = GAMES["divide"]
>>> print(legal(game, game.position_example).verdict)
seat 3 may: play 3H, play 10C, play JD
>>> answer = legal(game, game.position_example, action="play 10H")
>>> answer.extra["action_is_legal"], answer.verdict
(False, "illegal: 10♥ is not in the player's hand")
>>> legal(game, game.position_example, action="dance")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: --action: ...
"""

from __future__ import annotations

from collections.abc import Mapping

from cardlaw.answers import Answer, answer_of, explained
from cardlaw.engine.api import AnyGame
from cardlaw.engine.jsonio import JSON
from cardlaw.engine.manifest import Staged
from cardlaw.spec.errors import CardlawError, MalformedInput

__all__ = ["judge", "legal"]


def legal(
    game: AnyGame,
    position: Mapping[str, JSON],
    player: int | None = None,
    action: str | None = None,
) -> Answer:
    """Judge the position document ``position`` of ``game`` (see :func:`judge`)."""
    return judge(game, game.position_from_json(dict(position)), player, action)


def judge(game: AnyGame, state: Staged, player: int | None, action: str | None) -> Answer:
    """The legal actions in ``state`` for ``player``, or whether ``action`` is legal and why.

    ``player`` defaults to the seat to act; a seat whose turn it is not may do nothing.
    """
    mover = game.to_move(state)
    if player is not None and player != mover:
        if not isinstance(player, int) or not 0 <= player < state.config.players:
            raise MalformedInput(f"there is no seat {player}")
        who = "nobody: the game is over" if mover is None else f"seat {mover}"
        return answer_of(
            f"seat {player} may do nothing now: it is {who}'s turn",
            [f"Only the seat to act may act; that is {who}"],
            [game.turn_clause],
            game,
            legal=[],
        )
    legal_actions = [game.action_text(a) for a in game.legal_actions(state)]
    if action is None:
        count = len(legal_actions)
        return answer_of(
            f"seat {mover} may: " + ", ".join(legal_actions),
            [f"{count} legal action{'s' * (count != 1)} for seat {mover}"],
            [],
            game,
            legal=legal_actions,
        )
    try:
        parsed = game.parse_action(action)
    except CardlawError as error:
        raise MalformedInput(f"--action: {error}") from None
    ok, explanation = game.explain(state, parsed)
    return explained(explanation, game, legal=legal_actions, action_is_legal=ok)
