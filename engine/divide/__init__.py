"""Divide's transitions, one module per concern.

``deal`` (chance: first dealer, shuffle, reveal), ``exchange`` (the Great
Divide), ``tricks`` (legal plays, trick winner), ``scoring`` (tokens,
tiebreakers), ``play`` (the trick phase), ``observe`` (what a seat knows),
``events`` (what a record reader wants), ``codec`` (JSON) and ``game`` (the
Game API object :data:`DIVIDE`).
"""
