"""Z3 helpers shared by Euchre's obligations: the real rules, fresh cards, reading a model.

The obligations' claims compare against :data:`REAL`, the rules as read from
``spec/euchre`` when this module is imported, so a mutant (which changes only
the parameters an obligation is built with) cannot change what is claimed.

>>> s = z3.Solver()
>>> cards, premise = card_vars(2, "c")
>>> s.add(*premise, cards[0] == int(Card("JS")))
>>> s.check(), Card(value(s.model(), cards[0])).pretty, true(s.model(), cards[1] != cards[0])
(sat, 'J♠', True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

import z3

from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.record import Replay, build_record, replay_record
from cardlaw.proofs.core import Witness
from cardlaw.proofs.euchre import encoding as E
from cardlaw.proofs.terms import Params
from cardlaw.proofs.terms import model_int as value
from cardlaw.proofs.terms import model_true as true
from cardlaw.spec.cards import Card
from cardlaw.spec.euchre import constants as K
from cardlaw.spec.euchre.actions import Action
from cardlaw.spec.euchre.config import EuchreConfig

__all__ = [
    "DECK_CARDS",
    "REAL",
    "SUITS",
    "Params",
    "card_vars",
    "number_word",
    "record_witness",
    "true",
    "value",
]


REAL: Final = E.spec_params()
"""The real rules: the claims' reference, which mutants never change."""

SUITS: Final = "♣♦♥♠"
"""The suits' signs, by suit number."""

DECK_CARDS: Final = tuple(Card(c) for c in range(52) if K.EUCHRE_DECK >> c & 1)
"""The 24 cards of the Euchre deck."""


_WORDS: Final = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
)  # fmt: skip


def number_word(count: int) -> str:
    """A small number in words, a larger one in figures.

    >>> number_word(5), number_word(24)
    ('five', '24')
    """
    return _WORDS[count] if 0 <= count < len(_WORDS) else str(count)


def card_vars(n: int, prefix: str) -> tuple[list[z3.BitVecRef], list[z3.BoolRef]]:
    """``n`` fresh card variables, and the premise that they are distinct Euchre cards."""
    cards = [z3.BitVec(f"{prefix}{i}", E.CARD_BITS) for i in range(n)]
    return cards, [*(E.is_card(c, REAL) for c in cards), z3.Distinct(*cards)]


def record_witness(
    text: str, config: EuchreConfig, actions: Sequence[Action], shows: Callable[[Replay], bool]
) -> Witness:
    """Replay a game through the engine as a record; note whether it shows what it claims."""
    record = build_record(EUCHRE, config, actions)
    replay = replay_record(record)
    return Witness(text=text, record=record, replayed=replay.legal and shows(replay))
