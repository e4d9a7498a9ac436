"""The game record format's own rules (cited when a record is rejected).

>>> RULEBOOK["record.events-agree"].title
'Events agree with the replay'
"""

from __future__ import annotations

from cardlaw.spec.clauses import Phase, Rulebook, rule

__all__ = ["RULEBOOK"]

RULEBOOK = Rulebook(
    game="record",
    title="Game records",
    source="cardlaw",
    phases=(Phase("record", "Game records"),),
    clauses=(
        rule(
            "record.well-formed",
            "A record is well formed",
            "A record has exactly the fields its format names, at every level, each of the "
            "kind and range the format gives it: the format's name and version, a known game, "
            "a configuration that game accepts, a seed that is a whole number or null, one name "
            "per seat, actions that each name a seat of the game or chance and give the action "
            "as readable text, events of the kinds the game derives, each with its own fields, "
            "and a result, of the game's form or null, which every record states. A record that "
            "is not well formed is not judged at all: it is rejected as unreadable, naming "
            "every field that is wrong, before any action is replayed.",
            phase="record",
        ),
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
            "The result a record states must be the result of the replayed game; a stated "
            "null means the game is not finished, and is wrong for a finished game.",
            phase="record",
        ),
        rule(
            "record.seed-true",
            "The seed is true",
            "Where a record names a seed, every chance outcome in it must be, in order, the "
            "one cardlaw's sampler draws from that seed: the seed's own chance stream, which no "
            "player's choices affect, picks each outcome from the outcomes possible at that "
            "moment. A record without a seed (a game entered by hand) claims nothing about "
            "how its chance outcomes came about.",
            phase="record",
        ),
    ),
)
"""The clauses of the record format."""
