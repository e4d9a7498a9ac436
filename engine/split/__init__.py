"""Split's transitions, one module per concern.

``piles`` (the pure rule fragments: what may be played, the opening cards,
whose turn is next), ``deal`` (chance: the dealer, the shuffle and deal, the
reshuffles), ``opening`` (opening piles, putting cards under, resets),
``turn`` (moving the middle card, playing a card or an aid), ``observe``
(what a seat knows), ``events`` (what a record reader wants), ``codec``
(JSON), ``spot`` (a judge's position files), ``explain`` (reasons for a
decision), ``position`` (solver positions), ``solver`` (the cooperative
solver) and ``game`` (the manifest, :data:`~engine.split.game.MANIFEST`, and
the Game API object run from it, :data:`~engine.split.game.SPLIT`).
"""
