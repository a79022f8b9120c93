"""Seats played by the Minister AI bot make those players Minister AI players of SOLO PLAY."""

import pytest

from motherlode.engine import BadOptions
from motherlode.table import Table


def test_minister_seats_set_the_minister_option() -> None:
    table = Table.create("gonza", ["human", "minister", "random", "minister"], seed=3)
    assert table.state.options.minister == "2,4"  # type: ignore[attr-defined]
    assert table.state.ai == (False, True, False, True)  # type: ignore[attr-defined]


def test_no_minister_seat_leaves_the_option_alone() -> None:
    table = Table.create("gonza", ["human", "random"], seed=3)
    assert table.state.options.minister == ""  # type: ignore[attr-defined]


def test_an_explicit_minister_option_wins() -> None:
    """The minister bot may also play an ordinary seat when the option says so."""
    table = Table.create("gonza", ["minister", "minister"], seed=3, options={"minister": "1"})
    assert table.state.options.minister == "1"  # type: ignore[attr-defined]
    assert table.state.ai == (True, False)  # type: ignore[attr-defined]
    with pytest.raises(BadOptions, match="option minister"):
        Table.create("gonza", ["human", "minister"], seed=3, options={"minister": "7"})
