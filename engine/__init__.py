"""The rules as pure transition functions over immutable states.

``engine`` imports only ``spec``.  Every game implements the one Game API of
:mod:`engine.api`; :mod:`engine.registry` finds games by name and
:mod:`engine.record` reads, writes and replays game records.
"""
