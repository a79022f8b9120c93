"""The one error a live-table request is refused with, shared by the service and its parts."""

from __future__ import annotations

from motherlode.web.limits import clip


class ServiceError(Exception):
    """A refused request: an HTTP status and a message for the person."""

    def __init__(self, status: int, message: str) -> None:
        message = clip(message)  # an error never echoes more than an excerpt of the input
        super().__init__(message)
        self.status = status
        self.message = message
