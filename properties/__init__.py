"""Property suite: Hypothesis strategies, stateful machines and invariants over whole games."""
