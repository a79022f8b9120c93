"""docs/rl.md shows the observation layouts the code has (``python -m motherlode.rl.tensors``)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

from motherlode.rl.tensors import __main__ as layouts

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_layout_section_is_the_generated_one() -> None:
    text = DOC.read_text()
    start = text.index("<!-- layouts: python -m motherlode.rl.tensors -->\n")
    start = text.index("\n", start) + 1
    end = text.index("<!-- /layouts -->")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        layouts.main()
    assert text[start:end] == printed.getvalue(), "run python -m motherlode.rl.tensors"
