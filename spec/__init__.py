"""The rules as data: cards, clauses, constants, state types and invariants.

``spec`` is the lowest layer of cardlaw; it imports nothing else of the
project.  Each game has a subpackage (``spec.divide``) holding its rulebook
(clauses and rulings), constants, configuration, state and action types,
and invariants.
"""
