"""Options: The Goldmines on or off, and a designer's components folder."""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.engine.components import ComponentError
from motherlode.games.carcassonne.components import FILES, load_tileset


@dataclass(frozen=True)
class CarcassonneOptions(GameOptions):
    component_files = FILES

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
        "a folder with your own tiles.toml (see data/tiles.toml) and / or parameters.toml "
        "(only the numbers you change: followers, points) to play with",
        web=False,
    )

    def validate(self) -> None:
        try:
            load_tileset(self.components)
        except ComponentError as exc:
            raise BadOptions(f"option components: {exc}") from None
        tiers = self.parameters.gold_bar_tiers
        if list(tiers) != sorted(set(tiers)):
            raise BadOptions(
                f"param.gold_bar_tiers: the tiers must rise, one after another, got {list(tiers)}"
            )

    @property
    def expansions(self) -> tuple[str, ...]:
        """The tile expansions in the bag."""
        return ("base", "goldmines") if self.goldmines else ("base",)
