"""4 - END OF THE YEAR (calculation of the result), Dividends, and company bankruptcy.

Functions on a :class:`~motherlode.games.goodwill.rules.GoodwillState`; bots call them on
their own copies to look ahead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from motherlode.engine.words import T
from motherlode.games.goodwill import market
from motherlode.games.goodwill.components import COMPANIES

if TYPE_CHECKING:
    from motherlode.games.goodwill.rules import GoodwillState


def share_value(capital: int, shares: int) -> int:
    """END OF THE GAME: "the value of the company capital divided by 10 (rounded up)": by
    the shares of a company (``param.shares_per_company``)."""
    return -(-capital // shares)


def market_shares(state: GoodwillState) -> T:
    """The log's line of market shares (names and numbers: joined here)."""
    shares = ", ".join(f"{name} {state.market[c]} %" for c, name in enumerate(COMPANIES))
    return T("Market shares: {shares}", shares=shares)


def resource_cost(state: GoodwillState, company: int) -> int:
    """The "amount of resource prices": every token at its resource's price."""
    prices = state.resource_price
    return sum(k * prices[r] for r, k in enumerate(state.resources[company]))


def salary(state: GoodwillState, company: int) -> int:
    """The boss's salary (a company without a boss pays none)."""
    boss = state.boss[company]
    return 0 if boss is None else state.comp.bosses[boss].salary


def company_result(state: GoodwillState, company: int) -> int:
    """I- CALCULATION OF THE RESULT: market share - resource prices - boss's salary."""
    return state.market[company] - resource_cost(state, company) - salary(state, company)


def year_results(state: GoodwillState) -> None:
    """I- CALCULATION OF THE RESULT for every company, then the bankruptcies.

    A loss is paid from the capital to the bank; a company that cannot pay goes bankrupt.
    A profit is paid by the bank to the capital, or, with Dividends and a boss who gives
    them, shared out: the tens of the result to the shareholders, the rest to the capital
    (a result "> 5": ``param.dividend_floor``).  "Bankrupts are resolved after all the
    calculations of the results."
    """
    failing = []
    floor = state.params.dividend_floor
    for c in range(len(COMPANIES)):
        if state.bankrupt[c]:
            continue
        result = company_result(state, c)
        if state.logging:
            state.log(
                T(
                    "{company}: {market} - {resources} - {salary} = {result}",
                    company=COMPANIES[c],
                    market=state.market[c],
                    resources=resource_cost(state, c),
                    salary=salary(state, c),
                    result=result,
                )
            )
        if result < 0:
            if state.capital[c] < -result:
                failing.append(c)
                if state.logging:
                    state.log(
                        T("{company} cannot pay ${amount}", company=COMPANIES[c], amount=-result)
                    )
                continue
            state.capital[c] += result
            state.bank -= result
        elif result > 0:
            if gives_dividends(state, c) and result > floor:
                pay_dividends(state, c, result)
            else:
                state.capital[c] += result
                state.bank -= result
    if failing:
        go_bankrupt(state, failing)


def gives_dividends(state: GoodwillState, company: int) -> bool:
    """Dividends (advanced mode): the boss of the company must "give dividends"."""
    boss = state.boss[company]
    return state.options.dividends and boss is not None and state.comp.bosses[boss].dividends


def pay_dividends(state: GoodwillState, company: int, result: int) -> None:
    """Dividends: a tenth of the result per share, only the tens; the rest to the capital.

    "There are 10 shares for each companies (even for Crimson in a 4-player game), so when
    having a share you win a tenth of the result" (``param.shares_per_company``).
    A share removed in a 4-player game (Crimson) is nobody's: its part stays in the bank.
    """
    shares = state.params.shares_per_company
    per_share = result // shares
    rest = result - per_share * shares
    paid = 0
    for seat, held in enumerate(state.shares):
        amount = per_share * held[company]
        state.cash[seat] += amount
        paid += amount
    state.capital[company] += rest
    state.bank -= paid + rest
    if state.logging:
        state.log(
            T(
                "{company} pays ${dividend} a share and keeps ${rest}",
                company=COMPANIES[company],
                dividend=per_share,
                rest=rest,
            )
        )


def go_bankrupt(state: GoodwillState, companies: Sequence[int]) -> None:
    """SITUATION OF A COMPANY BANKRUPTCY, for companies failing at the same moment.

    The shares are worth 0 and taken back from the players; the boss goes to the bottom of
    the boss deck; the market shares are shared out fifty-fifty between the companies left.
    """
    freed = 0
    for c in companies:
        state.bankrupt[c] = True
        state.bank += state.capital[c]
        state.capital[c] = 0
        for held in state.shares:
            held[c] = 0
        state.boss_to_bottom(c)
        state.resources[c] = [0] * len(state.resources[c])
        freed += state.market[c]
        state.market[c] = 0
        if state.logging:
            state.log(
                T("{company} goes bankrupt: its shares are worth nothing", company=COMPANIES[c])
            )
    market.share_out(state.market, [not b for b in state.bankrupt], freed)
    if state.logging:
        state.log(market_shares(state))
