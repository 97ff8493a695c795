"""The rules book: the executable rules documentation, its examples as portable vectors, the rendered
book and traceability.

It sits between the engine and conformance: it reads ``scenarios/*.feature`` and runs every example
on the engine; :mod:`reference.conformance` replays the vectors it exports against other
implementations. Nothing here implements a rule (see ``traceability.NOT_IMPLEMENTATION``).

- :mod:`~reference.book.scenarios`: the Gherkin feature files of ``scenarios/``, read into typed
  examples (tags, outlines, keys).
- :mod:`~reference.book.steps`: the step library: runs an example's steps on the engine and records
  it as a draft (setup, start state, actions, expectations).
- :mod:`~reference.book.vectors`: the vector format (one type, ``Vector``), exporting every example
  to ``reference/vectors/`` (``wcref generate``, ``wcref vectors``), reading, loading and selecting vector files, the ID registry
  and the schema (the one runner of a vector against an implementation is conformance's:
  :mod:`reference.conformance.vectors`).
- :mod:`~reference.book.render`: the rules book as HTML (``wcref docs``).
- :mod:`~reference.book.traceability`: register ID -> the code, examples and properties that
  implement, show and check it (``wcref rules``).
"""
