"""Commands beyond the core, each module with ``register(app)``.

:mod:`cardlaw.cli` calls each ``register`` explicitly, in the order ``cardlaw
--help`` lists the commands (``ask``'s also takes the games' own questions,
:data:`cardlaw.ask.TOPICS`).
"""
