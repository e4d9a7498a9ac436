"""Split's transitions, one module per concern.

``piles`` (the pure rule fragments: what may be played, the opening cards,
whose turn is next), ``deal`` (chance: the dealer, the shuffle and deal, the
reshuffles), ``opening`` (opening piles, putting cards under, resets),
``turn`` (moving the middle card, playing a card or an aid), ``observe``
(what a seat knows), ``events`` (what a record reader wants), ``codec``
(JSON), ``position`` (solver positions), ``solver`` (the cooperative
solver) and ``game`` (the Game API object :data:`~engine.split.game.SPLIT`).
"""
