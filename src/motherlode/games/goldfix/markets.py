"""BULLION MARKET (p10), TAXES (p12) and the RISK FLASH SALE: bullion meets the Bank.

All BULLION MARKETs are broker plays: the landing player (or the RISK broker card's
holder) brokers a sale for all players.  The broker sets the commission on the two
BULLION MARKET squares (LEVEL A: 0%, 10%, 15% or 20%, the DASHBOARD's rates, where 0% is
self-broker mode, selling for nobody else; LEVEL B: no 0%; E-Z: fixed at 10%).  At the
GOLDFIX corner the only alternative to self-brokering is a fixed 25%; RISK broker cards
fix their rate.  Then every player with bullion says, all at once, how much of the vault
to sell; sellers pay the broker's commission; the GOLDFIX falls (-$100, -$200 at the
corner, as printed on a card) only if any bullion was sold.

A part of ``rules.GoldfixState``, built on the core alone.  Hooks it offers (declared on
the core): ``_open_market``, ``_pay_bullion_tax``, ``_pay_corporation_tax``,
``_toggle_tax`` and ``_goldfix_up`` (RISK cards), ``_flash_sale`` (a HOLD card, in
``preroll``).  Hooks it uses: none.
"""

from __future__ import annotations

from motherlode.engine import Action
from motherlode.engine.words import T
from motherlode.games.goldfix import money
from motherlode.games.goldfix.actions import Commission, Sell
from motherlode.games.goldfix.core import COMMISSION, SELL, GoldfixCore

_SELLS = [Sell(p) for p in money.SALE_PERCENTS]
_COMMISSIONS = {r: Commission(r) for r in money.COMMISSION_RATES}


class BullionMarketRules(GoldfixCore):
    """BULLION MARKET sales, bullion and corporation taxes, FLASH SALE cards."""

    # ------------------------------------------------------------ BULLION MARKET

    def square_rates(self, corner: bool) -> tuple[int, ...]:
        """The commissions a broker may choose on a board square."""
        self_broker = self.options.bullion_market_level == "A"
        if corner:
            rate = self.params.goldfix_corner_commission
            if self.options.tabletopia == "no-auctions":
                return (rate,)  # "non-negotiable ... except the CORNER, which remains at 25%"
            return (0, rate) if self_broker else (rate,)
        if self.options.effective_fixed_commissions:
            return (self.params.fixed_commission,)
        return money.BOARD_SQUARE_RATES if self_broker else money.BOARD_SQUARE_RATES[1:]

    def _open_market(self, broker: int, source: str, rates: tuple[int, ...], drop: int) -> None:
        """A bullion sale brokered by ``broker`` at one of ``rates``; GOLDFIX -``drop``."""
        self.market_broker = broker
        self.market_source = source
        self.market_rates = rates
        self.market_drop = drop
        holders = [s for s in self.active_seats() if self.vault[s] > 0]
        if not holders:
            if self.logging:
                self.log(T("{source}: nobody has bullion to sell", source=source))
            return
        if len(rates) == 1:
            self._set_commission(rates[0])
        elif holders == [broker]:
            self._set_commission(rates[0])  # only the broker sells: the rate is moot
        else:
            if self.logging:
                self.log(
                    T(
                        "{source}: {player} is the broker",
                        source=source,
                        player=self.seat_name(broker),
                    )
                )
            self._ask(COMMISSION, (broker,))

    def _legal_commissions(self) -> list[Action]:
        return [_COMMISSIONS[r] for r in self.market_rates]

    def _set_commission(self, rate: int) -> None:
        """The rate is set: every player with bullion (only the broker at 0%) decides."""
        self.market_rate = rate
        broker = self.market_broker
        sellers = tuple(
            s for s in self.active_seats() if self.vault[s] > 0 and (rate or s == broker)
        )
        if self.logging:
            source = self.market_source
            if rate:
                self.log(T("{source}: commission {rate}% (for all)", source=source, rate=rate))
            else:
                self.log(
                    T(
                        "{source}: commission {rate}% (self-broker mode, selling for nobody else)",
                        source=source,
                        rate=rate,
                    )
                )
        if sellers:
            self._ask(SELL, sellers)
        else:
            self._idle()

    def _legal_sells(self) -> list[Action]:
        return list(_SELLS)

    def _resolve_sales(self, actions: dict[int, Action]) -> None:
        """Every seller's share goes to the Bank at the GOLDFIX; then the GOLDFIX falls."""
        broker = self.market_broker
        sold = 0
        for seat in self.seats_from(broker):
            action = actions.get(seat)
            if not isinstance(action, Sell):
                continue
            koz = money.sale_quantity(self.vault[seat], action.percent)
            if not koz:
                continue
            sale = money.bullion_sale(koz, self.goldfix, self.market_rate)
            self._remove_bullion(seat, koz)
            if seat == broker:
                self._receive(seat, sale.gross)
            else:
                self._receive(seat, sale.net)
                self._receive(broker, sale.commission)
            sold += koz
            if self.logging:
                player = self.seat_name(seat)
                if seat == broker:
                    self.log(
                        T(
                            "{player} sells {koz} kOz for ${gross}M",
                            player=player,
                            koz=koz,
                            gross=sale.gross,
                        )
                    )
                else:
                    self.log(
                        T(
                            "{player} sells {koz} kOz for ${gross}M (${commission}M commission)",
                            player=player,
                            koz=koz,
                            gross=sale.gross,
                            commission=sale.commission,
                        )
                    )
        if sold:
            before = self.goldfix
            self.goldfix = money.goldfix_down(self.goldfix, self.market_drop)
            if self.logging:
                self.log(
                    T(
                        "{koz} kOz sold: GOLDFIX ${before:,} -> ${after:,}",
                        koz=sold,
                        before=before,
                        after=self.goldfix,
                    )
                )
        elif self.logging:
            self.log(T("No bullion was sold: the GOLDFIX does not move"))
        self._idle()

    # ------------------------------------------------------------------- TAXES

    def _pay_bullion_tax(self, seat: int, percent: int, what: str | T) -> None:
        """BULLION TAX: ``percent`` of the vault's GOLDFIX value."""
        tax = money.bullion_tax(self.vault[seat], self.goldfix, percent)
        if self.logging:
            self.log(
                T(
                    "{player} pays {tax_name} {percent}% on {koz} kOz: ${tax}M",
                    player=self.seat_name(seat),
                    tax_name=what,
                    percent=percent,
                    koz=self.vault[seat],
                    tax=tax,
                )
            )
        self._pay(seat, tax)

    def _pay_corporation_tax(self, seat: int, percent: int, what: str | T) -> None:
        """CORPORATION TAX: ``percent`` of NET CASH (0 if negative) plus asset valuations."""
        tax = money.corporation_tax(
            self.cash[seat], self.notes[seat], self.asset_value(seat), percent, self.params
        )
        if self.logging:
            self.log(
                T(
                    "{player} pays {tax_name} {percent}%: ${tax}M",
                    player=self.seat_name(seat),
                    tax_name=what,
                    percent=percent,
                    tax=tax,
                )
            )
        self._pay(seat, tax)

    def _toggle_tax(self) -> None:
        """TAX BUDGET DAY: LOW becomes HIGH, HIGH becomes LOW, for everyone."""
        self.tax = "HIGH" if self.tax == "LOW" else "LOW"
        if self.logging:
            self.log(T("TAX BUDGET DAY: the tax rate is now {tax}", tax=self.tax))

    def _goldfix_up(self) -> None:
        before = self.goldfix
        self.goldfix = money.goldfix_up(self.goldfix, self.params.goldfix_rise)
        if self.logging:
            self.log(T("GOLDFIX ${before:,} -> ${after:,}", before=before, after=self.goldfix))

    # -------------------------------------------------------------- FLASH SALE

    def _flash_sale(self, seat: int, deal: str, amount: int) -> None:
        """Sell ``amount`` % of the vault to the Bank, or buy ``amount`` kOz, at the GOLDFIX."""
        if deal == "sell":
            koz = self._remove_bullion(seat, money.sale_quantity(self.vault[seat], amount))
            value = money.bullion_value(koz, self.goldfix)
            if self.logging:
                self.log(
                    T(
                        "FLASH SALE: {player} sells {koz} kOz for ${value}M",
                        player=self.seat_name(seat),
                        koz=koz,
                        value=value,
                    )
                )
            self._receive(seat, value)
        else:
            value = money.bullion_value(amount, self.goldfix)
            if self.logging:
                self.log(
                    T(
                        "FLASH SALE: {player} buys {koz} kOz for ${value}M",
                        player=self.seat_name(seat),
                        koz=amount,
                        value=value,
                    )
                )
            self._pay(seat, value)
            self._add_bullion(seat, amount)
