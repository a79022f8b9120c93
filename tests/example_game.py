"""The example game package (examples/panning), installed once per test process into a
folder of its own, and commands run with that folder on the path.

The package is installed as a user would (a wheel built from its pyproject.toml), not
imported from the source tree, so these tests show what the issue promises: a game from
outside motherlode, found only through its entry point, without a line changed here."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "panning"


@cache
def installed() -> Path:
    target = Path(tempfile.mkdtemp(prefix="motherlode-example-"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "uv",
            "pip",
            "install",
            "--quiet",
            "--python",
            sys.executable,
            "--target",
            str(target),
            "--no-deps",
            str(EXAMPLE),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return target


def example_env() -> dict[str, str]:
    """The environment of a process that has the example game installed."""
    path = [str(installed()), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in path if p)}


def run(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run ``python ARGS`` with the example installed; fails with its output."""
    done = subprocess.run(
        [sys.executable, *args],
        check=False,
        env=example_env(),
        capture_output=True,
        text=True,
        timeout=600,
        **kwargs,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done


def motherlode(*args: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """The ``motherlode`` command, in a process with the example installed."""
    return run(["-c", "from motherlode.cli import main; main()", *args], **kwargs)
