"""Mutation testing of the games' rules: mutmut over ``engine/<game>/``, run by ``python -m tests.mutation``.

See ``DEVELOPERS.md`` ("Mutation testing") and :mod:`tests.mutation.command`.
"""
