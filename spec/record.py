"""The game record format's own rules (cited when a record is rejected).

>>> RULEBOOK["record.events-agree"].title
'Events agree with the replay'
"""

from __future__ import annotations

from spec.clauses import Phase, Rulebook, rule

__all__ = ["RULEBOOK"]

RULEBOOK = Rulebook(
    game="record",
    title="Game records",
    source="cardlaw",
    phases=(Phase("record", "Game records"),),
    clauses=(
        rule(
            "record.actions-replay",
            "Actions replay from the start",
            "A record's actions, applied in order from the game's starting state, must each be "
            "legal and must each be taken by the actor the record names.",
            phase="record",
        ),
        rule(
            "record.events-agree",
            "Events agree with the replay",
            "Where a record lists the events of an action (trick winners, tokens, scores), they "
            "must be exactly the events the replay derives.",
            phase="record",
        ),
        rule(
            "record.result-agrees",
            "The result agrees with the replay",
            "Where a record states a result, it must be the result of the replayed game.",
            phase="record",
        ),
    ),
)
"""The clauses of the record format."""
