"""Options: The Goldmines on or off, and the tile file."""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.games.carcassonne.components import TileSetError, load_tileset


@dataclass(frozen=True)
class CarcassonneOptions(GameOptions):
    goldmines: bool = option(
        True,
        "The Goldmines: 8 gold tiles in the bag, gold bars claimed with features",
        title="The Goldmines",
        sentence=(
            "Yes: the expansion's 8 gold tiles go in the bag; each lays two gold bars, which "
            "go to whoever scores a feature they lie on, worth more the more you hold."
        ),
    )
    components: str = option(
        "",
        "a TOML tile file to play with instead of the built-in tiles (see data/tiles.toml)",
        web=False,
    )

    def validate(self) -> None:
        try:
            load_tileset(self.components)
        except TileSetError as exc:
            raise BadOptions(f"option components: {exc}") from None

    @property
    def expansions(self) -> tuple[str, ...]:
        """The tile expansions in the bag."""
        return ("base", "goldmines") if self.goldmines else ("base",)
