"""Divided Ranks' proofs: Z3 encodings, exhaustive checks and query domains."""
