"""The installed package: a wheel built from the project ships every test vector, and a regular (not
editable) install finds them where the code looks (``reference.book.vectors.VECTORS_DIR``, the
default of ``wcref verify``), away from any source checkout.

The wheel is built offline from a copy of the project (``pip wheel --no-build-isolation`` with the
setuptools of the test extra), so the checkout gets no ``build/`` or ``*.egg-info`` of its own."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from reference.book.vectors import VECTORS_DIR, load_vectors

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import importlib.resources, json, reference.book.vectors as v
found, problems = v.load_vectors()
packaged = importlib.resources.files("reference").joinpath("vectors")
print(json.dumps({
    "module": v.__file__,
    "directory": str(v.VECTORS_DIR),
    "ids": [x.id for x in found],
    "problems": [p.reason for p in problems],
    "resources": sorted(e.name for e in packaged.iterdir()),
}))
"""


def _pip(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", *args, "--no-deps", "--no-index", "--quiet"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _build_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copyfile(ROOT / name, source / name)
    for package in ("reference", "properties"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    _pip("wheel", "--no-build-isolation", "--wheel-dir", str(tmp_path / "dist"), str(source))
    [wheel] = (tmp_path / "dist").glob("wcref-*.whl")
    return wheel


def test_a_wheel_ships_the_vectors_and_an_installed_wcref_finds_them(tmp_path: Path) -> None:
    kept = sorted(p.name for p in VECTORS_DIR.iterdir())
    vectors, _ = load_vectors(VECTORS_DIR)
    assert len(vectors) > 300
    wheel = _build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        prefix = "reference/vectors/"
        shipped = sorted(n.removeprefix(prefix) for n in archive.namelist() if n.startswith(prefix))
    assert shipped == kept

    site = tmp_path / "site"
    _pip("install", "--target", str(site), str(wheel))
    elsewhere = tmp_path / "elsewhere"  # not the checkout: nothing of it is importable from here
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    probe = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=elsewhere, env=env, capture_output=True, text=True, check=False
    )
    assert probe.returncode == 0, probe.stderr
    found = json.loads(probe.stdout)
    assert Path(found["module"]).is_relative_to(site)
    assert Path(found["directory"]) == site / "reference" / "vectors"
    assert found["ids"] == [v.id for v in vectors]
    assert found["problems"] == []
    assert found["resources"] == kept

    verify = subprocess.run(
        [
            sys.executable,
            "-m",
            "reference.cli",
            "verify",
            "--run",
            "SEALS.*",
            "--games",
            "0",
            "--perft-depth",
            "0",
        ],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert f"vectors: {len(vectors)} found in {site / 'reference' / 'vectors'}" in verify.stdout
    passed = sum(v.id.startswith("SEALS.") for v in vectors)
    assert passed > 0
    assert f"; {passed} passed, 0 failed" in verify.stdout
