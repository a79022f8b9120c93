"""A game being played: seats, bots, the record and persistence hooks.

The one service the CLI, the web server and the simulator all go through.
"""

from motherlode.table.table import Seat, Table

__all__ = ["Seat", "Table"]
