"""Benchmarks: what ``cardlaw bench`` measures, one module per kind of figure.

* :mod:`cardlaw.bench.playouts`: random playouts, ours beside the game's
  reference (``cardlaw bench GAME``), with :mod:`cardlaw.bench.adapters`
  (through OpenSpiel's and PettingZoo's APIs), :mod:`cardlaw.bench.extras`
  (a game's own figures) and :mod:`cardlaw.bench.references` (the other
  implementations, timed the same way);
* :mod:`cardlaw.bench.solver`: Split's cooperative solver (``--solver``);
* :mod:`cardlaw.bench.workers`: ``cardlaw simulate`` with 1 and N workers
  (``--workers N``);
* :mod:`cardlaw.bench.suite`: the test suite and ``cardlaw verify``
  (``cardlaw bench suite``);
* :mod:`cardlaw.bench.run`: the whole of ``cardlaw bench``, printed.

Which reference and which figures belong to which game is said once, in the
game's record (:mod:`cardlaw.games`: ``bench``).
"""
