"""The decision points of a game of Gonza Index.

The rulebook's numbers (starting credits, caps, hand limits, the final round's dice...) are
design numbers: ``data/parameters.toml``, read through the state's ``params``.
"""

from __future__ import annotations

TURN, DISCARD, PROTECT, DECIDE, MINISTER, OVER = range(6)
PHASES = ("turn", "discard", "protect", "decide", "minister", "over")
