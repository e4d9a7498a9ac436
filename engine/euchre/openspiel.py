r"""OpenSpiel's euchre logs, judged by cardlaw's rules [euchre.ruling.openspiel].

``pyspiel.serialize_game_and_state(game, state)`` writes a text of sections:
``[Game]`` holds the game's line, such as
``euchre(allow_lone_defender=False,stick_the_dealer=True)`` (``euchre()``
for OpenSpiel's defaults: no lone defender, stick the dealer), and
``[State]`` the state's history, one action id a line.  Nothing here imports
``pyspiel``: the format is text.

How OpenSpiel's action ids (``open_spiel/games/euchre/euchre.h`` and
``euchre.cc``) map to cardlaw's actions:

* Seats: OpenSpiel's North, East, South, West are seats 0 to 3; both go
  clockwise and seats 0 and 2 are partners.
* Cards: id ``rank * 4 + suit``, ranks 9 10 J Q K A (0 to 5) and suits
  Clubs, Diamonds, Hearts, Spades (0 to 3): id 0 is 9♣, 23 is A♠.  It is
  cardlaw's card index less 28.
* History 0, the dealer (0 to 3): ``dealer N``.
* History 1 to 20, the deal, one card at a time: the k-th card dealt
  (k = 0 first) goes to seat ``(dealer + k) mod 4``; history 21 is the
  up-card.  The three cards OpenSpiel never deals lie under it.  Together
  they are one ``shuffle`` that deals the same hands and up-card.
* 24 is ``pass``; 25 to 28 make Clubs, Diamonds, Hearts or Spades trump:
  ``order`` in the first round (the up-card's suit only), ``name X`` in the
  second.
* After a first-round order, one card id: the dealer's ``discard``.
  OpenSpiel always asks for it, even when the dealer sits out.
* Then the maker's 29 (``Alone``) or 30 (``Partner``).  cardlaw decides
  going alone in the bid itself [euchre.ruling.alone-timing], so the answer
  is folded into the ``order`` or ``name`` (``order alone``).
* With ``allow_lone_defender`` (the variant lone-defender), the defenders
  are asked next, first from the dealer's left: 29 ``defend alone``, 30
  ``pass`` [euchre.ruling.defender-alone].  Under cardlaw's own rules a lone
  defender is a difference, where the judging stops.
* The plays: one card id each, ``play X``.

OpenSpiel's euchre is one hand, so the log is judged as the first hand of a
cardlaw game; its returns are the hand's points for each seat, positive for
the team that scored and negative for the other (all zero for a thrown-in
hand).

>>> log = parse_log("[Game]\neuchre()\n[State]\n0\n")
>>> log.stick_the_dealer, log.allow_lone_defender, log.actions
(True, False, (0,))
>>> judge_log(log).to_json()
{'legal': True, 'returns': None, 'error': None, 'finished': False}
>>> parse_log("[Game]\neuchre(deck=32)\n[State]\n")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cardlaw.spec.errors.MalformedInput: unsupported OpenSpiel euchre parameter 'deck' (only ...)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, Literal

from cardlaw.engine.euchre.deal import deal_order
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.spec.cards import Card, CardSet
from cardlaw.spec.errors import IllegalAction, MalformedInput
from cardlaw.spec.euchre.actions import (
    DEALERS,
    DEFEND_ALONE,
    DISCARDS,
    NAMES,
    ORDER_UP,
    PASS,
    PLAYS,
    Action,
)
from cardlaw.spec.euchre.config import EuchreConfig
from cardlaw.spec.euchre.constants import PARTNER, PLAYERS
from cardlaw.spec.euchre.state import EuchreState, Stage
from cardlaw.spec.trace import enforces

__all__ = [
    "ALONE",
    "CARD_OFFSET",
    "PARTNER_ACTION",
    "PASS_ACTION",
    "TRUMP_ACTIONS",
    "Difference",
    "Judgement",
    "OpenSpielLog",
    "RulesChoice",
    "config_for",
    "judge_log",
    "parse_log",
    "serialize_log",
]

CARD_OFFSET: Final = 28
"""cardlaw's card index less OpenSpiel's card id (9♣ is 28 and 0)."""
PASS_ACTION: Final = 24
"""OpenSpiel's pass."""
TRUMP_ACTIONS: Final = range(25, 29)
"""OpenSpiel's ids making Clubs, Diamonds, Hearts, Spades trump."""
ALONE: Final = 29
"""OpenSpiel's "go alone"."""
PARTNER_ACTION: Final = 30
"""OpenSpiel's "play with partner"."""
_LAST_ID: Final = 30
_DEALT: Final = 20  # cards OpenSpiel deals before the up-card
_PARAMETERS: Final = ("allow_lone_defender", "stick_the_dealer")
_NAMES: Final = (*(str(Card(c + CARD_OFFSET)) for c in range(24)), "Pass", "Clubs",
                 "Diamonds", "Hearts", "Spades", "Alone", "Partner")  # fmt: skip

RulesChoice = Literal["openspiel", "cardlaw"]
"""Whose rules judge a log: the cardlaw variant matching its parameters, or cardlaw's defaults."""


@dataclass(frozen=True, slots=True)
class OpenSpielLog:
    """One OpenSpiel euchre game: its two parameters and its history of action ids."""

    allow_lone_defender: bool
    stick_the_dealer: bool
    actions: tuple[int, ...]

    @property
    def game_line(self) -> str:
        """The ``[Game]`` line, both parameters spelled out."""
        return (
            f"euchre(allow_lone_defender={self.allow_lone_defender},"
            f"stick_the_dealer={self.stick_the_dealer})"
        )


def _flag(name: str, value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("true", "1"):
        return True
    if lowered in ("false", "0"):
        return False
    raise MalformedInput(f"OpenSpiel parameter {name} must be True or False, not {value!r}")


def _game(line: str) -> tuple[bool, bool]:
    """``(allow_lone_defender, stick_the_dealer)`` from a ``[Game]`` line."""
    match = re.fullmatch(r"\s*([A-Za-z_]\w*)\s*(?:\((.*)\))?\s*", line)
    if not match:
        raise MalformedInput(f"not an OpenSpiel game line: {line!r}")
    if match.group(1) != "euchre":
        raise MalformedInput(f"only OpenSpiel's euchre is supported, not {match.group(1)!r}")
    values = {"allow_lone_defender": False, "stick_the_dealer": True}
    for item in filter(None, (part.strip() for part in (match.group(2) or "").split(","))):
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep:
            raise MalformedInput(f"OpenSpiel parameter {item!r} needs a value (name=value)")
        if name not in _PARAMETERS:
            raise MalformedInput(
                f"unsupported OpenSpiel euchre parameter {name!r} "
                "(only allow_lone_defender and stick_the_dealer)"
            )
        values[name] = _flag(name, value)
    return values["allow_lone_defender"], values["stick_the_dealer"]


def parse_log(text: str) -> OpenSpielLog:
    r"""Read what ``pyspiel.serialize_game_and_state`` wrote for a euchre game.

    >>> parse_log("[Game]\neuchre(stick_the_dealer=false)\n[State]\n2\n31\n")
    Traceback (most recent call last):
    ...
    cardlaw.spec.errors.MalformedInput: line 5: 31 is not an OpenSpiel euchre action id (0 to 30)
    """
    section = ""
    game: str | None = None
    actions: list[int] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if re.fullmatch(r"\[\w+\]", line):
            section = line
            continue
        if section == "[Game]":
            if game is not None:
                raise MalformedInput(f"line {number}: the [Game] section holds one line")
            game = line
        elif section == "[State]":
            if not re.fullmatch(r"\d+", line):
                raise MalformedInput(f"line {number}: expected an action id, got {line!r}")
            if int(line) > _LAST_ID:
                raise MalformedInput(
                    f"line {number}: {line} is not an OpenSpiel euchre action id (0 to 30)"
                )
            actions.append(int(line))
    if game is None or "[State]" not in text:
        raise MalformedInput("not an OpenSpiel saved game: it needs a [Game] and a [State]")
    allow, stick = _game(game)
    return OpenSpielLog(allow_lone_defender=allow, stick_the_dealer=stick, actions=tuple(actions))


def serialize_log(log: OpenSpielLog) -> str:
    """The text ``pyspiel.deserialize_game_and_state`` loads (what ``serialize`` writes).

    >>> print(serialize_log(OpenSpielLog(False, True, (3,))), end="")
    # Automatically generated by OpenSpiel SerializeGameAndState
    [Meta]
    Version: 1
    <BLANKLINE>
    [Game]
    euchre(allow_lone_defender=False,stick_the_dealer=True)
    [State]
    3
    """
    body = "".join(f"{action}\n" for action in log.actions)
    return (
        "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"
        f"[Game]\n{log.game_line}\n[State]\n{body}"
    )


def config_for(log: OpenSpielLog, rules: RulesChoice = "openspiel") -> EuchreConfig:
    """The configuration judging ``log``: the variant matching its parameters, or the defaults.

    >>> config_for(OpenSpielLog(False, True, ())) == EUCHRE.config(**EUCHRE.variants["openspiel"])
    True
    >>> config_for(OpenSpielLog(True, False, ())).lone_defender
    True
    >>> config_for(OpenSpielLog(False, True, ()), "cardlaw")
    EuchreConfig(players=4, stick_the_dealer=False, rules=EuchreRules())
    """
    if rules == "cardlaw":
        return EuchreConfig()
    return EuchreConfig(
        stick_the_dealer=log.stick_the_dealer,
        keep_up_card=True,
        sitting_dealer_discards=True,
        lone_defender=log.allow_lone_defender,
    )


@dataclass(frozen=True, slots=True)
class Difference:
    """Where a log relied on a rule in which OpenSpiel and cardlaw differ.

    ``refused``: cardlaw's rules refuse the action (else they allow it, but
    the rules in force differed, e.g. a stuck dealer).
    """

    index: int
    clause: str
    text: str
    refused: bool

    def to_json(self) -> dict[str, object]:
        """As JSON."""
        return {"index": self.index, "clause": self.clause, "text": self.text,
                "refused": self.refused}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Judgement:
    """What a log is under the rules judging it."""

    legal: bool
    finished: bool
    returns: tuple[int, int, int, int] | None
    error: str | None
    clause: str | None
    differences: tuple[Difference, ...] = ()

    def to_json(self, with_differences: bool = False) -> dict[str, object]:
        """``{"legal", "returns", "error", "finished"}``, and the differences if asked."""
        data: dict[str, object] = {
            "legal": self.legal,
            "returns": None if self.returns is None else list(self.returns),
            "error": self.error,
            "finished": self.finished,
        }
        if self.clause is not None:
            data["clause"] = self.clause
        if with_differences:
            data["differences"] = [d.to_json() for d in self.differences]
        return data


def _text(cards: list[int]) -> str:
    return str(CardSet(sum(Card(c).bit for c in cards)))


def _what(index: int, action: int) -> str:
    return f"action {index} ({action}: {_NAMES[action]})"


class _Judge:
    """One pass over a log's history, through the engine."""

    def __init__(self, log: OpenSpielLog, rules: RulesChoice) -> None:
        self.log = log
        self.strict = rules == "openspiel"
        self.state: EuchreState = EUCHRE.new_game(config_for(log, rules))
        self.differences: list[Difference] = []
        self.skip: dict[int, str] = {}  # index -> what OpenSpiel asks there (alone, defend)
        self.discard_at = -1
        self.defenders: list[int] = []  # the defenders OpenSpiel asks, in order

    def differ(self, index: int, clause: str, text: str, refused: bool) -> None:
        self.differences.append(Difference(index, clause, text, refused))

    def deal(self, cards: tuple[int, ...]) -> None:
        dealer = self.state.dealer
        hands: dict[int, list[int]] = {seat: [] for seat in range(PLAYERS)}
        for k, card in enumerate(cards[:_DEALT]):
            hands[(dealer + k) % PLAYERS].append(card + CARD_OFFSET)
        upcard = cards[_DEALT] + CARD_OFFSET
        held = {c for hand in hands.values() for c in hand} | {upcard}
        kitty = [c for c in range(CARD_OFFSET, CARD_OFFSET + 24) if c not in held]
        texts = {seat: _text(hand) for seat, hand in hands.items()}
        order = deal_order(dealer, texts, str(Card(upcard)), _text(kitty))
        self.state = EUCHRE.apply(self.state, order)

    def alone_answer(self, index: int) -> bool:
        """Whether the maker's answer (at ``index``, if logged) is Alone."""
        actions = self.log.actions
        return index < len(actions) and actions[index] == ALONE

    def bid(self, index: int, action: int) -> Action:
        state = self.state
        if action == PASS_ACTION:
            return PASS
        if action not in TRUMP_ACTIONS:  # a card: refused by the bidding's clauses
            return PLAYS[action + CARD_OFFSET]
        suit = action - TRUMP_ACTIONS[0]
        first_round = state.stage == Stage.ORDER_UP and suit == state.upcard & 3
        answer = index + 2 if first_round else index + 1
        self.skip[answer] = "alone"
        if first_round:
            self.discard_at = index + 1
        alone = self.alone_answer(answer)
        if self.log.allow_lone_defender and not self.strict:  # else the engine asks them
            self.defenders = self.asked(state.actor)
            self.skip[answer + 1] = "defend"
            if not self.alone_answer(answer + 1):  # the first declined: the second is asked
                self.skip[answer + 2] = "defend"
        stuck = (
            self.log.stick_the_dealer
            and state.stage == Stage.NAME_TRUMP
            and state.actor == state.dealer
        )
        if stuck and not self.strict:
            text = "the dealer was stuck and named trump; cardlaw's rules let the dealer pass"
            self.differ(index, "euchre.ruling.all-pass", text, refused=False)
        return ORDER_UP[alone] if first_round else NAMES[suit][alone]

    def asked(self, maker: int) -> list[int]:
        """The defenders OpenSpiel asks whether to go alone, in order (both, at most)."""
        dealer = self.state.dealer
        first = (dealer + 1) % PLAYERS
        if first in (maker, PARTNER[maker]):
            first = (first + 1) % PLAYERS
        return [first, PARTNER[first]]

    def answer(self, index: int, action: int, what: str) -> bool:
        """Check an Alone/Partner answer; ``False`` once the judging must stop."""
        if what == "alone":
            if action not in (ALONE, PARTNER_ACTION):
                raise IllegalAction(
                    f"the maker must answer Alone or Partner at {_what(index, action)}",
                    clause="euchre.bid.alone",
                )
            return True
        seat = self.defenders.pop(0)
        if action == PARTNER_ACTION:
            return True
        if action != ALONE:
            raise IllegalAction(
                f"defender seat {seat} must answer Alone or Partner at {_what(index, action)}",
                clause="euchre.ruling.defender-alone",
            )
        text = f"defender seat {seat} went alone; cardlaw's rules let only the maker go alone"
        self.differ(index, "euchre.ruling.defender-alone", text, refused=True)
        return False

    def step(self, index: int, action: int) -> bool:
        """Judge one logged action; ``False`` once the judging must stop."""
        if index in self.skip:
            return self.answer(index, action, self.skip.pop(index))
        state = self.state
        if state.stage == Stage.DEFEND:  # the variant lone-defender asks the defenders
            if action not in (ALONE, PARTNER_ACTION):
                raise IllegalAction(
                    f"defender seat {state.actor} must answer Alone or Partner at "
                    f"{_what(index, action)}",
                    clause="euchre.ruling.defender-alone",
                )
            self.state = EUCHRE.apply(state, DEFEND_ALONE if action == ALONE else PASS)
            return True
        if action in (ALONE, PARTNER_ACTION):
            raise IllegalAction(
                f"{_what(index, action)} answers whether to go alone, which OpenSpiel asks only "
                "right after trump is made (and the dealer's discard)",
                clause="euchre.ruling.alone-timing",
            )
        if index == self.discard_at and state.stage != Stage.DISCARD and not self.strict:
            text = f"the dealer, seat {state.dealer}, sat out and discarded; no exchange in cardlaw"
            self.differ(index, "euchre.ruling.dealer-sits-out", text, refused=True)
            return True
        move: Action
        if state.stage in (Stage.ORDER_UP, Stage.NAME_TRUMP):
            move = self.bid(index, action)
        elif state.stage == Stage.DISCARD:
            move = DISCARDS[action + CARD_OFFSET] if action < 24 else PASS
        else:
            move = PLAYS[action + CARD_OFFSET] if action < 24 else PASS
        self.state = EUCHRE.apply(state, move)
        return True


def _opening(judge: _Judge, actions: tuple[int, ...]) -> int:
    """Apply the dealer and the deal; how many log entries they took (all: still dealing)."""
    dealer = actions[0]
    if dealer >= PLAYERS:
        raise IllegalAction(
            f"{_what(0, dealer)}: the first action chooses the dealer, seat 0 to 3",
            clause="euchre.ruling.first-dealer",
        )
    judge.state = EUCHRE.apply(judge.state, DEALERS[dealer])
    dealt = actions[1 : _DEALT + 2]
    seen: set[int] = set()
    for k, card in enumerate(dealt, start=1):
        if card >= 24 or card in seen:
            why = "a card already dealt" if card in seen else "not a card"
            raise IllegalAction(
                f"{_what(k, card)} deals {why}: the deal deals every card once",
                clause="euchre.deal.shuffle",
            )
        seen.add(card)
    if len(dealt) < _DEALT + 1:
        return len(actions)
    judge.deal(dealt)
    return _DEALT + 2


def _returns(state: EuchreState) -> tuple[int, int, int, int]:
    team, points = state.results[0]
    if team < 0:
        return (0, 0, 0, 0)
    signs = [points if seat % 2 == team else -points for seat in range(PLAYERS)]
    return (signs[0], signs[1], signs[2], signs[3])


@enforces("euchre.ruling.openspiel", "euchre.hand.phases")
def judge_log(log: OpenSpielLog, rules: RulesChoice = "openspiel") -> Judgement:
    """Judge an OpenSpiel euchre log as one hand, under ``rules``.

    ``"openspiel"``: the cardlaw variant matching the log's parameters;
    ``"cardlaw"``: cardlaw's defaults, every difference reported with its
    clause (an action refused only by a known difference is noted and passed
    over, so the hand is still scored).

    >>> deal = (1, *range(24))[:22]
    >>> judge_log(OpenSpielLog(False, True, (*deal, 24, 24))).legal
    True
    >>> j = judge_log(OpenSpielLog(False, True, (*deal, 29)))
    >>> j.legal, j.clause
    (False, 'euchre.ruling.alone-timing')
    """
    judge = _Judge(log, rules)
    actions = log.actions
    error: str | None = None
    clause: str | None = None
    index = 0
    try:
        start = _opening(judge, actions) if actions else 0
        for index in range(start, len(actions)):
            if judge.state.results:
                raise IllegalAction(
                    f"{_what(index, actions[index])} comes after the end of the hand: "
                    "OpenSpiel's euchre is one hand",
                    clause="euchre.ruling.openspiel",
                )
            if not judge.step(index, actions[index]):
                break
    except IllegalAction as illegal:
        message = str(illegal)
        where = _what(index, actions[index]) if actions else "action 0"
        error = message if message.startswith("action ") else f"{where}: {message}"
        clause = illegal.clause
    differences = tuple(judge.differences)
    refused = next((d for d in differences if d.refused), None)
    finished = bool(judge.state.results) and error is None
    returns = _returns(judge.state) if finished and not _stopped(differences) else None
    if error is not None:
        return Judgement(False, False, None, error, clause, differences)
    if refused is not None:
        text = f"action {refused.index}: {refused.text} [{refused.clause}]"
        return Judgement(False, finished, returns, text, refused.clause, differences)
    return Judgement(True, finished, returns, None, None, differences)


def _stopped(differences: tuple[Difference, ...]) -> bool:
    """Whether a difference stopped the judging before the end (a lone defender)."""
    return any(d.clause == "euchre.ruling.defender-alone" for d in differences)
