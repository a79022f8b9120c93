"""WebSocket helpers for API tests."""

from __future__ import annotations

from typing import Any


def receive(socket: Any) -> Any:
    """The next frame that is not a presence update (who is online comes and goes as the
    test's own sockets connect; the tests that care read those frames themselves)."""
    while True:
        frame = socket.receive_json()
        if not (isinstance(frame, dict) and frame.get("type") == "presence"):
            return frame
