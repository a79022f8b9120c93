"""Goodwill's variants (rulebook, "Variants"), with the rulebook's defaults."""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import GameOptions, option

LAST_YEAR = 1957
"""END OF THE GAME: "The game ends when it is the end of the year 1957"."""


@dataclass(frozen=True)
class GoodwillOptions(GameOptions):
    """Game length, Advanced player mode (dividends), Variant for expert players (cash only)."""

    start_year: int = option(
        1953,
        "Game length: where the year marker starts; 1953 plays 5 years (the rulebook's "
        "setup), 1954 a short game of 4 years, 1951 a long game of 7 years",
        choices=(1951, 1953, 1954),
        title="Game length",
        sentence="Where the year marker starts.",
        labels={
            1951: "Long: 7 years, from 1951",
            1953: "Standard: 5 years, from 1953",
            1954: "Short: 4 years, from 1954",
        },
    )
    dividends: bool = option(
        False,
        "Advanced player mode, Dividends: a boss who gives dividends pays the tens of a "
        "result above $5 to the shareholders",
        title="Dividends (advanced players)",
        sentence=(
            "Yes: a boss who gives dividends pays the tens of any result above $5 to the "
            "shareholders."
        ),
    )
    cash_only: bool = option(
        False,
        "Variant for expert players, Cash only: only cash counts at the end (play it with "
        "dividends)",
        title="Cash only (expert variant)",
        sentence="Yes: only cash counts at the end; the rulebook plays it together with dividends.",
        advanced=True,
    )

    @property
    def years(self) -> int:
        """How many years (turns) the game lasts."""
        return LAST_YEAR - self.start_year + 1
