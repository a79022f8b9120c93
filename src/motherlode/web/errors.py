"""The one error a live-table request is refused with, shared by the service and its parts."""

from __future__ import annotations

from collections.abc import Callable

from motherlode.engine.words import T
from motherlode.web.limits import clip


class ServiceError(Exception):
    """A refused request: an HTTP status and a message for the person.  The message may be
    words (:class:`~motherlode.engine.words.T`): ``message`` is then its English, and
    :meth:`message_in` the same in the language the request is answered in."""

    def __init__(self, status: int, message: str | T) -> None:
        self.words = message if isinstance(message, T) else None
        text = clip(str(message))  # an error never echoes more than an excerpt of the input
        super().__init__(text)
        self.status = status
        self.message = text

    def message_in(self, translate: Callable[[str], str] | None) -> str:
        if self.words is None or translate is None:
            return self.message
        return clip(self.words.render(translate))


def refusal(exc: BaseException) -> str | T:
    """What an engine error says, as words where the game wrote words (``IllegalAction(T(…))``)."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, T) else str(exc)
