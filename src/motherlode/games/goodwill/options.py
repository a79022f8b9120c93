"""Goodwill's variants (rulebook, "Variants"), with the rulebook's defaults.

``components`` names a designer's folder of component files and / or a
``parameters.toml``, each overriding the keys it holds (``components.py`` and
``data/parameters.toml``: the capitals, prices, counts and years are design numbers).
The checks that need both, the numbers against the cards they count, are here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from motherlode.engine import BadOptions, GameOptions, option
from motherlode.engine.components import ComponentError
from motherlode.engine.parameters import Parameters
from motherlode.games.goodwill.components import COMPANIES, FILES, Components, load_components


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

    components: str = option(
        "",
        "a folder of your own component files (board.toml, bosses.toml, events.toml) and / "
        "or parameters.toml, each holding only the keys you change",
        web=False,
    )

    component_files = FILES

    @property
    def years(self) -> int:
        """How many years (turns) the game lasts."""
        last: int = self.parameters.last_year
        return last - self.start_year + 1

    def to_dict(self) -> dict[str, Any]:
        """As the engine's, without an empty ``components``: the rulebook's game keeps the
        options its records and observations have always shown."""
        out = super().to_dict()
        if not self.components:
            del out["components"]
        return out

    def load(self) -> Components:
        """The components these options play with (the designer's folder over ours)."""
        try:
            return load_components(self.components)
        except ComponentError as exc:
            raise BadOptions(f"option components: {exc}") from None

    def validate(self) -> None:
        comps = self.load()
        p = self.parameters
        if self.start_year > p.last_year:
            raise BadOptions(
                f"option start_year: {self.start_year} is after the last year "
                f"(param.last_year: {p.last_year})"
            )
        known = _CHECKED.get((id(p), id(comps)))  # (options are made for every new game)
        if known is None or known[0] is not p or known[1] is not comps:
            _check_numbers(p)
            _check_counts(p, comps)
            if len(_CHECKED) >= 64:
                _CHECKED.clear()
            _CHECKED[id(p), id(comps)] = (p, comps)


_CHECKED: dict[tuple[int, int], tuple[Parameters, Components]] = {}
"""The numbers and components found to fit each other (by identity: both are kept while
their files and overrides stay the same)."""


def _check_numbers(p: Parameters) -> None:
    """The design numbers against each other."""
    if sum(p.start_market) != 100 or any(m % 5 for m in p.start_market):
        raise BadOptions(
            f"param.start_market: {list(p.start_market)} must be steps of 5 making 100 % "
            "(the market share scale)"
        )
    if not p.price_min <= p.start_price <= p.price_max:
        raise BadOptions(
            f"param.start_price: ${p.start_price} is off the price scale "
            f"(param.price_min ${p.price_min} to param.price_max ${p.price_max})"
        )
    for n, removed in enumerate(p.crimson_removed, 3):
        if removed >= p.shares_per_company:
            raise BadOptions(
                f"param.crimson_removed: {removed} at {n} players leaves no Crimson share "
                f"(param.shares_per_company: {p.shares_per_company})"
            )
    for n, votes in enumerate(p.vote_threshold, 3):
        if votes > p.shares_per_company:
            raise BadOptions(
                f"param.vote_threshold: {votes} at {n} players is more votes than shares "
                f"(param.shares_per_company: {p.shares_per_company})"
            )


def _check_counts(p: Parameters, comps: Components) -> None:
    """The design numbers against the components they count."""
    pairs = p.information_pairs
    if len(comps.events) < pairs or len(comps.percentages) < pairs:
        raise BadOptions(
            f"param.information_pairs: {pairs} pairs a year, but there are "
            f"{len(comps.events)} event cards (events.toml) and {len(comps.percentages)} "
            "percentages (board.toml)"
        )
    spaces = max(i for seen in comps.visible for i in seen)
    if spaces >= pairs:
        raise BadOptions(
            f"board.toml [information]: 'visible' names space {spaces}, but there are "
            f"{pairs} information spaces (0 to {pairs - 1}; param.information_pairs)"
        )
    bosses = len(COMPANIES) + p.available_bosses
    if len(comps.bosses) < bosses:
        raise BadOptions(
            f"param.available_bosses: {bosses} bosses are needed (3 on the companies and "
            f"{p.available_bosses} available), but bosses.toml has {len(comps.bosses)}"
        )
    tokens = len(COMPANIES) * p.start_resources
    if sum(comps.resource_pool) < tokens:
        raise BadOptions(
            f"param.start_resources: the companies draw {tokens} resource tokens, but "
            f"board.toml [resources] pool holds {sum(comps.resource_pool)}"
        )
