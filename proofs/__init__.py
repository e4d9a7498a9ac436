"""Proofs: Z3 encodings of the rules and the obligations cardlaw verify checks."""
