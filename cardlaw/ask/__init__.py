"""``cardlaw ask GAME ...``: questions about one game, one module per game.

``cardlaw/ask/<package>.py`` defines ``app``, a ``typer.Typer`` whose
commands answer questions about that game (``cardlaw ask divided-ranks
census``); :mod:`cardlaw.commands.ask` finds them.
"""
