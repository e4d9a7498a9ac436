"""Euchre's transitions, one module per concern.

``deal`` (chance: first dealer, shuffle and deal), ``bidding`` (the two rounds
of bidding, going alone, the dealer's discard), ``tricks`` (effective suits,
legal plays, trick winner), ``scoring`` (the points of a hand), ``play`` (the
trick phase, the end of a hand and of the game), ``observe`` (what a seat
knows), ``events`` (what a record reader wants), ``codec`` (JSON), ``position``
and ``explain`` (a judge's positions and reasons) and ``game`` (the manifest,
and :data:`~engine.euchre.game.EUCHRE` on the Game API).
"""
