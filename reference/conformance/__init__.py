"""Conformance: checking any White Castle implementation against the reference.

:mod:`reference.conformance.adapter` defines what an implementation under test must do (the Python
face of the language-neutral protocol) and the in-process adapter of the reference itself.
"""
