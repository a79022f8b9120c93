"""Shared test setup: the fixture game is registered for the engine's own tests only."""

from motherlode.engine import register
from tests.engine import nuggets

register(nuggets.GAME, replace=True)
