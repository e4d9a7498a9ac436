"""cardlaw: the formal rulebook, rules engine and rules judge for four card games.

The command line lives in :mod:`cardlaw.cli`; samplers and bots (the only
code that draws random numbers) in :mod:`cardlaw.sampling` and
:mod:`cardlaw.bots`.
"""

__version__ = "0.1.0"
