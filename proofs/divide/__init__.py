"""Divide's Z3 encodings, witness scenarios and proof obligations."""
