"""Split's proofs.

Z3 encodings of its rules, the obligations ``cardlaw verify split`` checks,
the query domains of ``cardlaw query split``, and whole games that realise
the witnesses (two games that never end).
"""
