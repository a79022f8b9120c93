"""Options of Gold am Yukon.

The rulebook names no variants.  Two options fill gaps it leaves (docs/yukon.md): the board
itself (``components``), since the map is reconstructed (a designer's folder holding a
``board.toml`` matching a physical copy, and / or a ``parameters.toml``), and the stalemate
rule, since teams can wall each other in for good and the rulebook's two ends of the game
then never come.  The design numbers (stones per team, the retiring claim...) are in
``data/parameters.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.engine.components import ComponentError
from motherlode.games.yukon.components import FILES, Board, load_board


@dataclass(frozen=True)
class YukonOptions(GameOptions):
    component_files = FILES

    components: str = option(
        "",
        "a folder with your own board.toml (claims with number, q, r, nuggets) and / or "
        "parameters.toml (only the keys you change) to play with instead of the built-in "
        "reconstructed map and the rulebook's numbers (see data/)",
        web=False,
    )

    stalemate_rounds: int = option(
        100,
        "the game also ends when no claim has been staked for this many rounds (our rule for "
        "a board where no team can reach a claim any more)",
        min=1,
        max=100_000,
        title="Stalemate limit",
        sentence="The game also ends when no claim has been staked for this many rounds.",
        advanced=True,
    )

    def validate(self) -> None:
        self.load_board()

    def load_board(self) -> Board:
        """The board these options play on; BadOptions if the folder cannot be used."""
        try:
            return load_board(self.components)
        except ComponentError as exc:
            raise BadOptions(f"option components: {exc}") from None
