"""Split's configuration: the mode, the player count, the aids and the turn limit.

>>> SplitConfig()
SplitConfig(mode='competitive', players=4, aids=(), max_turns=2000, rules=SplitRules())
>>> SplitConfig(mode="cooperative", players=3, rules=SplitRules(cards_dealt=8))
SplitConfig(mode='cooperative', players=3, aids=(0, 100), max_turns=2000, \
rules=SplitRules(cards_dealt=8))
>>> SplitConfig(players=2, rules=SplitRules(cards_dealt=20))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: 6 players dealt CARDS_DEALT=20 cards each and the dealer's \
DEALER_EXTRA=2 need 122 cards from the 101 shuffled [split.deal.seven]
>>> SplitConfig(players=7)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: competitive Split is for 2 to 6 players, not 7
>>> SplitConfig(mode="cooperative", players=2)
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: cooperative Split is for 3 to 5 players, not 2
>>> SplitConfig(put_under_wild=True)
SplitConfig(mode='competitive', players=4, aids=(), max_turns=2000, rules=SplitRules(), \
put_under_wild=True)
>>> SplitConfig(aids=(0,))
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: aids belong to the cooperative game only
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, get_args

from cardlaw.spec.configs import require_choice, require_flag, whole_number
from cardlaw.spec.errors import MalformedInput
from cardlaw.spec.split.constants import (
    AID_CARDS,
    COMPETITIVE_PLAYERS,
    COOPERATIVE_PLAYERS,
    DEFAULT_MAX_TURNS,
    Mode,
)
from cardlaw.spec.split.parameters import PRINTED_RULES, SplitRules, check_rules
from cardlaw.spec.trace import enforces
from cardlaw.spec.variants import Variant

__all__ = ["PLAYER_COUNTS", "VARIANTS", "Mode", "SplitConfig", "SplitRules"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitConfig:
    """How a game of Split is set up.

    Attributes:
        mode: ``"competitive"`` (the default; one player wins
            [split.end.first-empty]) or ``"cooperative"`` (the table wins or
            loses together [split.setup.modes], variant *cooperative*).
        players: 2 to 6 in the competitive game [split.ruling.player-count],
            3 to 5 in the cooperative game [split.coop.players].
        aids: which of the set-aside cards 0 and 100 the players may use in
            the cooperative game [split.coop.aid-use, split.ruling.coop-harder]:
            ``(0, 100)`` by default there, ``(0,)`` for the variant
            *cooperative-no-100*, ``(100,)`` for *cooperative-no-0* and ``()``
            for *cooperative-no-aids*.  Always ``()`` in the competitive game
            (left out, it takes the mode's default).
        max_turns: the turn limit [split.ruling.turn-limit]: a game still
            running after this many turns ends as a draw (2000 by default).
        rules: the numbers of the rules (:mod:`spec.split.parameters`), the
            printed ones unless a designer changed some (``--set``); the deal
            must fit the deck for the largest table of the mode.
        put_under_wild: which card an opener short of standard cards may put
            under the draw pile [split.ruling.put-under-card].  ``False`` (the
            default, the document's rule): any card.  ``True`` (variant
            *put-under-wild*, cardlaw's earlier reading): only a wild card.
            Shown only when set, so the default configuration reads as it
            always has.
    """

    mode: Mode = "competitive"
    players: int = 4
    aids: tuple[int, ...] | None = None
    max_turns: int = DEFAULT_MAX_TURNS
    rules: SplitRules = PRINTED_RULES
    put_under_wild: bool = field(default=False, repr=False)

    def __repr__(self) -> str:
        wild = ", put_under_wild=True" if self.put_under_wild else ""
        return (
            f"SplitConfig(mode={self.mode!r}, players={self.players!r}, aids={self.aids!r}, "
            f"max_turns={self.max_turns!r}, rules={self.rules!r}{wild})"
        )

    @enforces(
        "split.setup.modes",
        "split.ruling.player-count",
        "split.coop.players",
        "split.ruling.coop-harder",
        "split.ruling.turn-limit",
        "split.ruling.put-under-card",
    )
    def __post_init__(self) -> None:
        require_choice("mode", self.mode, get_args(Mode))
        require_flag("put_under_wild", self.put_under_wild)
        players = whole_number(self.players, "players")
        counts = COMPETITIVE_PLAYERS if self.mode == "competitive" else COOPERATIVE_PLAYERS
        if players not in counts:
            raise MalformedInput(
                f"{self.mode} Split is for {counts[0]} to {counts[-1]} players, not {players}"
            )
        if whole_number(self.max_turns, "max_turns") < 1:
            raise MalformedInput(f"max_turns must be at least 1, not {self.max_turns}")
        aids = self.aids
        if aids is None:
            aids = AID_CARDS if self.mode == "cooperative" else ()
        if not isinstance(aids, tuple | list):
            raise MalformedInput(f"aids must be a list of 0 and/or 100, not {aids!r}")
        for aid in aids:
            if whole_number(aid, "an aid") not in AID_CARDS:
                raise MalformedInput(f"an aid is the 0 or the 100, not {aid!r}")
        if len(set(aids)) != len(aids):
            raise MalformedInput("an aid is given twice")
        if aids and self.mode != "cooperative":
            raise MalformedInput("aids belong to the cooperative game only")
        object.__setattr__(self, "aids", tuple(sorted(aids)))
        if type(self.rules) is not SplitRules:
            raise MalformedInput(f"rules must be Split's rules, not {self.rules!r}")
        check_rules(self.rules, self.mode)

    @property
    def cooperative(self) -> bool:
        """Whether this is the cooperative game."""
        return self.mode == "cooperative"

    @property
    def aid_mask(self) -> int:
        """The mask of the aids players may use (0 in the competitive game).

        >>> SplitConfig(mode="cooperative", aids=(100,)).aid_mask == 1 << 100
        True
        """
        mask = 0
        for aid in self.aids or ():
            mask |= 1 << aid
        return mask


PLAYER_COUNTS: Final[tuple[int, ...]] = COMPETITIVE_PLAYERS
"""The player counts of the default, competitive game [split.ruling.player-count]."""


def _harder(name: str, aids: tuple[int, ...], summary: str) -> Variant:
    """A harder cooperative game, with fewer aids [split.ruling.coop-harder]."""
    return Variant(
        name=name,
        options={"mode": "cooperative", "aids": aids},
        clause="split.ruling.coop-harder",
        summary=summary,
        players=COOPERATIVE_PLAYERS,
    )


VARIANTS: Final[tuple[Variant, ...]] = (
    Variant(
        name="cooperative",
        options={"mode": "cooperative"},
        clause="split.setup.modes",
        summary="The cooperative game: the table wins or loses together, with both aids.",
        players=COOPERATIVE_PLAYERS,
    ),
    _harder("cooperative-no-0", (100,), "The cooperative game with the 100 as the only aid."),
    _harder("cooperative-no-100", (0,), "The cooperative game with the 0 as the only aid."),
    _harder("cooperative-no-aids", (), "The cooperative game with neither aid."),
    Variant(
        name="put-under-wild",
        options={"put_under_wild": True},
        clause="split.ruling.put-under-card",
        summary="An opener short of standard cards may put only a wild card under the draw "
        "pile (cardlaw's earlier reading).",
    ),
)
"""Split's named variants: the cooperative game and its harder forms, and the old
put-under reading."""
