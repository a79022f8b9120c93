"""Options of Gold am Yukon.

The rulebook names no variants.  Two options fill gaps it leaves (docs/yukon.md): the board
itself (``components``), since the map is reconstructed (load a TOML file matching a
physical copy), and the stalemate rule, since teams can wall each other in for good and the
rulebook's two ends of the game then never come.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.games.yukon.components import Board, BoardError, load_board


@dataclass(frozen=True)
class YukonOptions(GameOptions):
    components: str = option(
        "",
        "a board TOML file (claims with number, q, r, nuggets) to play on instead of the "
        "built-in reconstructed map (see data/board.toml)",
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
        """The board these options play on; BadOptions if the file cannot be used."""
        try:
            return load_board(self.components)
        except BoardError as exc:
            raise BadOptions(f"option components: {exc}") from None
