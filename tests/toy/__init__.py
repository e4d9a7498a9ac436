"""High Card, a toy game defined by nothing but a manifest and its rule functions.

Two players, thirteen Spades, three cards each, three tricks: the higher card
takes each trick.  It is the worked example of ``docs/adding-a-game.rst``:

* :mod:`tests.toy.spec` — the rules as data: rulebook, configuration and its
  variant, actions, state, invariants (what ``spec/<game>/`` holds);
* :mod:`tests.toy.rules` — the rule functions: chance, legal actions, the
  transitions, observation, result and events (what ``engine/<game>/`` holds);
* :mod:`tests.toy.codec` — the configuration and states as JSON;
* :mod:`tests.toy.game` — the phases table and the manifest: ``TOY``;
* :mod:`tests.toy.adapter` — how the generic contract suite exercises it.

The toy is no game of cardlaw's: ``cardlaw games`` does not list it.  A test
that needs it in the registry (records, the command line) registers it for
its own run (``tests.games.OUTSIDE``, the ``outside_games`` marker).
"""
