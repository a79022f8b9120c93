"""The words Gold am Yukon's page draws that its renderer cannot name itself (issue 32).

The observation's ``words`` (the turn's story, why the game ended) are sentences the rules
write; the renderer translates them by their templates, so the page's catalog lists those.
"""

from __future__ import annotations

from collections.abc import Iterable

from motherlode.engine import Game
from motherlode.games.yukon.story import NARRATION


def browser_messages(game: Game) -> Iterable[str]:
    return NARRATION
