"""Output paths checked before a long job, so a bad path is one clear error up front, not a traceback
after minutes of work.

:func:`directory_problem` says why a directory cannot be used to write into (it is a file, it lies
under a file, it cannot be created), or None when it can.
"""

from __future__ import annotations

import os
from pathlib import Path


def directory_problem(path: Path) -> str | None:
    """Why ``path`` cannot be a directory to write files into, or None. Creates it when missing (with
    its parents), as the commands that write into it do."""
    if path.exists() and not path.is_dir():
        return f"{path} is a file, not a directory"
    for parent in path.parents:
        if parent.exists() and not parent.is_dir():
            return f"{path} lies under {parent}, which is a file"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot create {path}: {exc.strerror or exc}"
    if not os.access(path, os.W_OK | os.X_OK):
        return f"cannot write into {path}: permission denied"
    return None


__all__ = ["directory_problem"]
