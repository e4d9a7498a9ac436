"""Divided Ranks' engine: one module per concern, declared in :mod:`engine.divided_ranks.game`.

``deal`` (chance: who splits first, the shuffle, the coin-flip reserve order),
``draft`` (splits and choices), ``reserve`` (the reserve turns), ``build``
(the two hands), ``evaluate`` (five-card hands by table), ``arrange`` (the
best builds of ten cards), ``scoring`` (comparing builds), ``census`` (every
holding's best build), ``observe`` (what each player may know), ``events``,
``codec``, ``position`` and ``explain`` (a judge's position files and the
reasons for a ruling) and ``game``.
"""
