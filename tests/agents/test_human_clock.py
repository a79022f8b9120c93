"""The terminal's clock for decisions the rules time (GOLDFIX's TIMED AUCTIONS): an answer
within the time counts; once the time is up the seat gets the rules' timeout move."""

from __future__ import annotations

import io
import os
import pty
import select
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from motherlode.agents.human import HumanAgent
from motherlode.games.goldfix.actions import Bid, Move, Pass
from motherlode.games.goldfix.core import BID, PRE_ROLL
from motherlode.games.goldfix.rules import GoldfixState
from tests.games.goldfix.helpers import at_move, at_pre_roll, new


class Clock:
    """A fake clock that each scripted answer moves on by its own delay."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def scripted(clock: Clock, answers: list[tuple[float, str]]) -> Callable[[str], str]:
    def ask(prompt: str) -> str:
        delay, text = answers.pop(0)
        clock.now += delay
        return text

    return ask


def at_auction(**options: object) -> GoldfixState:
    state = new(**options)  # type: ignore[arg-type]
    at_move(state, 0, 3, (1, 6))
    state.apply(0, Move(1))  # the MINE LEASE AUCTION
    assert state.phase == BID
    return state


def agent(clock: Clock, answers: list[tuple[float, str]]) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=140)
    return HumanAgent(console, ask=scripted(clock, answers), clock=clock), out


def test_a_bid_in_time_counts() -> None:
    state = at_auction(tabletopia="timed-auctions", auction_timer=20)
    clock = Clock()
    human, out = agent(clock, [(5.0, "bid 30")])
    assert human.act(state, 1) == Bid(30)
    assert "20 s to decide" in out.getvalue()


def test_a_bid_after_the_time_is_up_is_a_pass() -> None:
    state = at_auction(tabletopia="timed-auctions", auction_timer=20)
    clock = Clock()
    human, out = agent(clock, [(25.0, "bid 30")])
    assert human.act(state, 1) == Pass()
    assert "Time is up (20 s): pass" in out.getvalue()


def test_a_refused_answer_leaves_the_clock_running() -> None:
    state = at_auction(tabletopia="timed-auctions", auction_timer=30)
    clock = Clock()
    human, out = agent(clock, [(10.0, "bid 3"), (25.0, "bid 30")])
    assert human.act(state, 2) == Pass()  # 35 s in all
    assert "Time is up (30 s)" in out.getvalue()


def test_untimed_decisions_wait_as_long_as_it_takes() -> None:
    state = at_auction()  # the full game: auctions are not timed
    clock = Clock()
    human, out = agent(clock, [(600.0, "bid 30")])
    assert human.act(state, 1) == Bid(30)
    assert "to decide" not in out.getvalue()
    state = new(tabletopia="timed-auctions")
    at_pre_roll(state, 0)
    assert state.phase == PRE_ROLL
    human, out = agent(clock, [(600.0, "roll")])
    assert str(human.act(state, 0)) == "roll"


def test_a_person_cannot_type_the_tables_time_up() -> None:
    state = new(time_limit=30)
    at_pre_roll(state, 0)
    clock = Clock()
    human, out = agent(clock, [(1.0, "time-up"), (1.0, "roll")])
    assert str(human.act(state, 0)) == "roll"
    assert "only the table plays time-up" in out.getvalue()


def test_at_a_real_terminal_the_wait_is_cut_off_when_the_time_is_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No scripted ``ask``: the prompt waits on a terminal (a pseudo-terminal nobody types
    into) with ``select`` and gives up when the clock runs out, with the rules' pass.  (In
    a thread: a prompt that ignored the clock would wait for ever.)"""
    state = at_auction(tabletopia="timed-auctions", auction_timer=20)
    main, other = pty.openpty()
    chosen: list[object] = []
    with os.fdopen(other, "r") as terminal:
        monkeypatch.setattr(sys, "stdin", terminal)
        clock = Clock()
        monkeypatch.setattr(select, "select", waited(clock, select.select))
        out = io.StringIO()
        human = HumanAgent(Console(file=out, width=140), clock=clock)
        thread = threading.Thread(target=lambda: chosen.append(human.act(state, 1)))
        thread.start()
        thread.join(5)
        os.close(main)  # (ends a wait that was not cut off)
        thread.join(5)
    assert chosen == [Pass()]
    assert "Time is up (20 s): pass" in out.getvalue()


def waited(clock: Clock, real: Callable[..., Any]) -> Callable[..., Any]:
    """``select`` that lets the fake clock run out the time it was asked to wait (after a
    real wait of at most a tenth of a second, with nothing to read)."""

    def wait(r: Any, w: Any, x: Any, timeout: float) -> Any:
        assert timeout == 20.0
        ready = real(r, w, x, 0.1)
        clock.now += timeout
        return ready

    return wait
