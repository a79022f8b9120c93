"""Errors a person can read: every message says what was wrong and, where it helps, what to do."""

from __future__ import annotations


class MotherlodeError(Exception):
    """Base of every error motherlode raises on purpose."""


class IllegalAction(MotherlodeError):
    """An action that the rules do not allow now; the state is left untouched."""


class BadOptions(MotherlodeError):
    """Game options that are unknown, of the wrong type or out of range."""


class BadAction(MotherlodeError):
    """An action that cannot be parsed (malformed JSON or text notation)."""


class BadRecord(MotherlodeError):
    """A game record that is corrupt, incomplete or does not match this software."""


class BadSeat(MotherlodeError, ValueError):
    """A seat number that does not exist at this table."""


class UnknownGame(MotherlodeError):
    """A game id that no installed package registers."""
