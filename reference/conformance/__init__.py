"""Conformance: checking any White Castle implementation against the reference.

- :mod:`~reference.conformance.adapter`: what an implementation under test must do (the Python face
  of the protocol), the reference's in-process adapter and the failure type.
- :mod:`~reference.conformance.protocol`: the JSON Lines protocol's messages and JSON Schema
  (docs/protocol.md); :mod:`~reference.conformance.server`: the reference behind it (``wcref serve``);
  :mod:`~reference.conformance.process`: a program speaking it, as an Implementation.
- :mod:`~reference.conformance.harness` and :mod:`~reference.conformance.verify`: vectors, perft and
  differential games (``wcref verify``), with :mod:`~reference.conformance.attribution` naming the rule
  of a divergence and :mod:`~reference.conformance.compare` locating it.
- :mod:`~reference.conformance.perft`: perft counts and their data file;
  :mod:`~reference.conformance.bench`: round trips per second.

The vector format, its files and the one vector runner belong to the rules book
(:mod:`reference.book.vectors`); the harness runs that runner on the implementation shadowed by the
reference (:class:`~reference.conformance.harness.Lockstep`).
"""
