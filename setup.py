"""The optional compiled build (everything else about the package is in pyproject.toml).

By default the package is pure Python: that is what the tests, the mutation testing and the
property suite run (a compiled module cannot be monkeypatched). With ``WCREF_MYPYC=1`` the modules
of :data:`COMPILED` are compiled with mypyc, which the strict typing of ``reference/`` makes
possible; build it non-editable, into its own environment, with mypy present (README, "A compiled
build"):

    python3 -m venv .venv-compiled
    .venv-compiled/bin/pip install . "mypy>=1.10" types-psutil "setuptools>=68"
    WCREF_MYPYC=1 .venv-compiled/bin/pip install --no-build-isolation --no-deps --force-reinstall .

``wcref bench --compare .venv-compiled/bin/wcref`` then times both builds side by side and checks
that they end every game in the same state.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    "reference/engine.py",
    "reference/rules/",
    "reference/play.py",
    "reference/policies.py",
    "reference/chance.py",
    "reference/content/__init__.py",
]
"""What the compiled build compiles: the engine, the rules, the game loop, the policies, chance and
the content tables (the hot path of a game). The model (msgspec structs), the wire format, the
narration and the tools stay Python in both builds."""

ext_modules = []
if os.environ.get("WCREF_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(COMPILED, opt_level="3")

setup(ext_modules=ext_modules)
