"""Euchre's proofs.

Z3 encodings of its rules, the obligations ``cardlaw verify euchre`` checks,
the query domains of ``cardlaw query euchre``, and whole games that realise
the witnesses.
"""
