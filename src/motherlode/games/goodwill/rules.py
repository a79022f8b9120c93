"""Goodwill: the state and the turn of a year, section by section of the rulebook.

A year is four phases.  1: four information pairs are drawn and each player privately sees
the ones its seat may see.  2: for Amber, Black and Crimson in turn, two transactions (every
player sets a secret price at once; the highest buys from the lowest holder at the average
price) and a possible boss replacement (a shareholder proposes, the shareholders vote).
3: the events are revealed and played (``events.py``).  4: each company's result is paid or
collected, bankruptcies resolved, the year marker advanced (``results.py``).

Only phase 2 asks anything of the players, so the state is always in one of its decisions:
``price`` (simultaneous), ``partner`` (one player of the smaller group), ``propose`` (one
shareholder) or ``vote`` (the shareholders at once); ``over`` at the end.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from motherlode.engine import Action, State
from motherlode.engine.actions import JsonValue
from motherlode.engine.parameters import Parameters
from motherlode.engine.words import T
from motherlode.games.goodwill import events, results, view
from motherlode.games.goodwill.actions import (
    MAX_PRICE,
    PARTNERS,
    PASS,
    PRICES,
    VOTES,
    Partner,
    Pass,
    Price,
    Propose,
    Vote,
    names_of,
    proposals,
)
from motherlode.games.goodwill.components import COMPANIES, Components
from motherlode.games.goodwill.options import GoodwillOptions
from motherlode.games.goodwill.rulebook import (
    OVER,
    PARTNER,
    PRICE,
    PROPOSE,
    VOTE,
    shares_in_play,
    vote_threshold,
)
from motherlode.games.goodwill.terms import (
    Words,
    boss_or_nobody,
    card_words,
    comma_list,
    resources_held,
)
from motherlode.games.goodwill.transactions import Deal, match_prices


class Fixed(NamedTuple):
    """What a game's setup derives from its cards, its numbers and its player count."""

    proposals: tuple[Propose, ...]
    in_play: tuple[int, ...]
    threshold: int
    seen_by: tuple[tuple[int, ...], ...]
    """The seats that face each information space."""


_FIXED: dict[tuple[int, int, int], tuple[Components, Parameters, Fixed]] = {}


def fixed_for(comp: Components, p: Parameters, n: int) -> Fixed:
    """:class:`Fixed` for these components, numbers and players, made once (found by
    identity: both are kept while their files and overrides stay the same)."""
    key = (id(comp), id(p), n)
    known = _FIXED.get(key)
    if known is not None and known[0] is comp and known[1] is p:
        return known[2]
    visible = comp.visible
    fixed = Fixed(
        proposals(names_of(comp)),
        tuple(shares_in_play(n, c, p) for c in range(len(COMPANIES))),
        vote_threshold(n, p),
        tuple(
            tuple(s for s in range(n) if space in visible[s])
            for space in range(p.information_pairs)
        ),
    )
    if len(_FIXED) >= 64:
        _FIXED.clear()
    _FIXED[key] = (comp, p, fixed)
    return fixed


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` (an Amber share, a Black share)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def transaction_words(
    company: str, number: int, names: tuple[str, ...], prices: tuple[int, ...], deal: Deal | None
) -> T:
    """The log's line of a transaction: every price revealed, and what came of them."""
    outcome: T
    if deal is None:
        outcome = T("no share changes hands")
    elif deal.excluded:
        outcome = T(
            "average ${price} (without the cash: {players})",
            price=deal.price,
            players=", ".join(names[s] for s in deal.excluded),
        )
    else:
        outcome = T("average ${price}", price=deal.price)
    named: list[Words] = [
        T("{player} ${price}", player=name, price=price)
        for name, price in zip(names, prices, strict=True)
    ]
    return T(
        "{company}, transaction {number}: {prices}; {outcome}",
        company=company,
        number=number,
        prices=comma_list(named),
        outcome=outcome,
    )


def votes_words(cast: tuple[tuple[str, bool, int], ...], yes: int, passed: bool) -> T:
    """The log's line of a vote: each shareholder's vote and shares, and the outcome."""
    votes = comma_list(
        [
            T("{player} yes ({shares})", player=name, shares=shares)
            if aye
            else T("{player} no ({shares})", player=name, shares=shares)
            for name, aye, shares in cast
        ]
    )
    if passed:
        return T("Votes: {votes}: {yes} yes, replaced", votes=votes, yes=yes)
    return T("Votes: {votes}: {yes} yes, not replaced", votes=votes, yes=yes)


def _dollars(action: Action) -> int:
    assert isinstance(action, Price)
    return action.dollars


def _yes(action: Action) -> bool:
    assert isinstance(action, Vote)
    return action.yes


class GoodwillState(State):
    """One game of Goodwill.

    Per company (Amber, Black, Crimson): ``capital``, ``market`` (market share in %),
    ``resources`` (tokens counted by type), ``boss`` (a boss card number, None when the
    company has none) and ``bankrupt``.  On the price board: ``resource_price`` and
    ``year``.  The bosses: ``available``, ``boss_deck`` (top first).  Per seat: ``cash`` and
    ``shares`` (by company).  This year's ``information`` pairs; ``revealed``: last year's.
    Said aloud this year: ``year_prices``, each transaction's prices.
    The decision under way: ``phase``, ``company``, ``transaction``, and the partner choice
    (``deal``, ``choosers``, ``candidates``) or the boss vote (``proposer``, ``proposal``).
    """

    options: GoodwillOptions
    comp: Components
    """The cards and the board this game is played with (the options' components)."""
    params: Parameters
    """The design numbers (``data/parameters.toml`` and the designer's overrides)."""

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        """SETUP, in the rulebook's order."""
        n = self.num_players
        comp = self.comp = self.options.load()
        p = self.params = self.options.parameters
        fixed = fixed_for(comp, p, n)
        self.proposals = fixed.proposals
        """``proposals[boss]`` proposes boss card number ``boss``: shared instances."""
        self.in_play = fixed.in_play
        """The share cards of each company dealt to the players."""
        self.year = self.options.start_year
        self.capital: list[int] = list(p.start_capital)
        self.market: list[int] = list(p.start_market)
        self.bankrupt = [False] * len(COMPANIES)
        self.bank = 0
        """What the bank has taken in minus what it has paid out (it never runs out)."""
        pool = [r for r, count in enumerate(comp.resource_pool) for _ in range(count)]
        self.rng.shuffle(pool)
        kinds = len(comp.resources)
        self.resources = [[0] * kinds for _ in COMPANIES]
        """Resource tokens of each company, counted by type (oil, coal, workers)."""
        k = p.start_resources
        for c in range(len(COMPANIES)):
            for r in pool[k * c : k * c + k]:
                self.resources[c][r] += 1
        self.resource_price: list[int] = [p.start_price] * kinds
        bosses: list[int] = list(range(len(comp.bosses)))
        self.rng.shuffle(bosses)
        self.boss: list[int | None] = list(bosses[: len(COMPANIES)])
        rest = bosses[len(COMPANIES) :]
        self.available = rest[: p.available_bosses]
        self.boss_deck = rest[p.available_bosses :]
        self.boss_deck_unknown = len(self.boss_deck)
        """How many cards at the top of the boss deck nobody has seen (the rest were put at
        the bottom in view of everyone)."""
        deck = [c for c in range(len(COMPANIES)) for _ in range(self.in_play[c])]
        self.rng.shuffle(deck)
        self.shares = [[0] * len(COMPANIES) for _ in range(n)]
        for i, company in enumerate(deck):
            self.shares[i % n][company] += 1
        self.cash: list[int] = [p.start_cash] * n
        self.threshold = fixed.threshold
        self._seen_by = fixed.seen_by
        self.information: tuple[tuple[int, int], ...] = ()
        """This year's pairs (percentage, event card number) on the information spaces."""
        self.revealed: tuple[tuple[int, int], ...] = ()
        """Last year's pairs, revealed in phase 3 and public since."""
        self.phase = PRICE
        self.company = 0
        self.transaction = 0
        self.deal: Deal | None = None
        self.choosers: tuple[int, ...] = ()
        self.candidates: tuple[int, ...] = ()
        self.proposers: tuple[int, ...] = ()
        self.proposer: int | None = None
        self.proposal: int | None = None
        self.voters: tuple[int, ...] = ()
        self.last_prices: tuple[int, ...] = ()
        self.year_prices: tuple[tuple[int, tuple[int, ...]], ...] = ()
        """(company, every seat's price) of each transaction this year: said aloud, so
        public, and what the others' prices tell of the information they saw."""
        self.last_deal: Deal | None = None
        self.last_trades: tuple[tuple[int, int], ...] = ()
        self.last_vote: tuple[int, int, bool, tuple[int, ...]] | None = None
        """(boss, yes votes, passed, seats that voted yes) of the last vote."""
        self._asked: tuple[int, ...] = ()
        self._simultaneous = False
        if self.logging:
            self.log(self._game_words(n))
            for c, name in enumerate(COMPANIES):
                self.log(
                    T(
                        "{company}: ${capital}, {market} %, resources {resources}, boss {boss}",
                        company=name,
                        capital=self.capital[c],
                        market=self.market[c],
                        resources=resources_held(self.resources[c], comp.resources),
                        boss=self.boss_words(c),
                    )
                )
            self.log(
                T("Available bosses: {bosses}", bosses=", ".join(self.boss_names(self.available)))
            )
        self._start_year()

    def _game_words(self, n: int) -> T:
        """The log's first line: the players, the years and the variants played."""
        first, last = self.options.start_year, self.params.last_year
        dividends, cash_only = self.options.dividends, self.options.cash_only
        if dividends and cash_only:
            return T(
                "Goodwill for {players} players, {first} to {last}, dividends, cash only",
                players=n,
                first=first,
                last=last,
            )
        if dividends:
            return T(
                "Goodwill for {players} players, {first} to {last}, dividends",
                players=n,
                first=first,
                last=last,
            )
        if cash_only:
            return T(
                "Goodwill for {players} players, {first} to {last}, cash only",
                players=n,
                first=first,
                last=last,
            )
        return T(
            "Goodwill for {players} players, {first} to {last}", players=n, first=first, last=last
        )

    # ------------------------------------------------------------- the year

    def _start_year(self) -> None:
        """1 - DRAWING AND PLACING THE EVENTS: 4 pairs, each seen by the seats it faces.

        Every card returns to its deck and the decks are shuffled at the end of each year
        (4 - END OF THE YEAR, II), so drawing 4 of the full decks is the same as dealing
        from a shuffled deck.
        """
        comp, pairs = self.comp, self.params.information_pairs
        percentages = self.rng.sample(comp.percentages, pairs)
        cards = self.rng.sample(range(len(comp.events)), pairs)
        self.information = tuple(zip(percentages, cards, strict=True))
        self.year_prices = ()
        if self.logging:
            self.log(
                T(
                    "Year {year}: {count} information cards are placed face down",
                    year=self.year,
                    count=pairs,
                )
            )
            for space, (pct, card) in enumerate(self.information):
                seen_by = self.seen_by(space)
                if seen_by:
                    self.log(
                        T(
                            "Information {number}: {percentage} % - {card}",
                            number=space + 1,
                            percentage=pct,
                            card=card_words(comp.events[card]),
                        ),
                        to=frozenset(seen_by),
                        space=space,
                        percentage=pct,
                        card=card,
                    )
        self._review(0)

    def _review(self, company: int) -> None:
        """2 - TRANSACTIONS AND REPLACEMENT OF THE BOSS, from ``company`` on.

        A bankrupt company has no shares left to trade and no boss: it is skipped.
        """
        while company < len(COMPANIES) and self.bankrupt[company]:
            company += 1
        if company == len(COMPANIES):
            self._end_year()
            return
        self.company = company
        self.transaction = 0
        self._ask_prices()

    def _ask_prices(self) -> None:
        self.phase = PRICE
        self._asked = tuple(range(self.num_players))
        self._simultaneous = True

    def _end_year(self) -> None:
        """Phases 3 and 4, then the next year or the end of the game."""
        events.reveal_events(self)
        results.year_results(self)
        if self.year == self.params.last_year:
            self.phase = OVER
            self._asked = ()
            self._simultaneous = False
            if self.logging:
                scores = self.scores()
                each: list[Words] = [
                    T("{player} ${score:.0f}", player=self.seat_name(s), score=scores[s])
                    for s in range(len(scores))
                ]
                self.log(T("The game is over: {scores}", scores=comma_list(each)))
            return
        self.year += 1
        self._start_year()

    # ---------------------------------------------------------- transactions

    def _resolve(self, actions: dict[int, Action]) -> None:
        if self.phase == VOTE:
            self._count_votes(actions)
        else:
            self._reveal_prices(actions)

    def _reveal_prices(self, actions: dict[int, Action]) -> None:
        """TRANSACTION: the prices are revealed together and the deal resolved."""
        n = self.num_players
        prices = tuple(_dollars(actions[s]) for s in range(n))
        c = self.company
        holders = [self.shares[s][c] > 0 for s in range(n)]
        deal = match_prices(prices, holders, self.cash)
        self.last_prices = prices
        self.year_prices += ((c, prices),)
        self.last_deal = deal
        self.last_trades = ()
        if self.logging:  # words made only when read: a line every transaction
            names = tuple(self.seat_name(s) for s in range(n))
            company, number = COMPANIES[c], self.transaction + 1
            self.log(
                lambda: transaction_words(company, number, names, prices, deal),
                prices=list(prices),
            )
        if deal is None:
            self._after_transaction()
            return
        if len(deal.buyers) == len(deal.sellers):
            for buyer, seller in zip(deal.buyers, deal.sellers, strict=True):
                self._trade(buyer, seller, deal.price)
            self._after_transaction()
            return
        self.deal = deal
        if deal.choosers_are_buyers:
            self.choosers, self.candidates = deal.buyers, deal.sellers
        else:
            self.choosers, self.candidates = deal.sellers, deal.buyers
        self._ask_partner()

    def _ask_partner(self) -> None:
        """SPECIAL SITUATIONS: the smaller group chooses, in seat order, each partner once."""
        self.phase = PARTNER
        self._asked = (self.choosers[0],)
        self._simultaneous = False

    def _play(self, seat: int, action: Action) -> None:
        if self.phase == PARTNER:
            assert isinstance(action, Partner)
            self._choose_partner(seat, action)
        else:
            self._propose(seat, action)

    def _choose_partner(self, seat: int, action: Partner) -> None:
        deal = self.deal
        assert deal is not None
        partner = action.player - 1
        if self.logging:
            self.log(
                T(
                    "{player} chooses {partner} as trading partner",
                    player=self.seat_name(seat),
                    partner=self.seat_name(partner),
                )
            )
        if deal.choosers_are_buyers:
            self._trade(seat, partner, deal.price)
        else:
            self._trade(partner, seat, deal.price)
        self.candidates = tuple(s for s in self.candidates if s != partner)
        self.choosers = self.choosers[1:]
        if self.choosers:
            self._ask_partner()
            return
        self.deal = None
        self.candidates = ()
        self._after_transaction()

    def _trade(self, buyer: int, seller: int, price: int) -> None:
        """The buyer pays the seller and takes one share: it is compulsory."""
        c = self.company
        self.cash[buyer] -= price
        self.cash[seller] += price
        self.shares[buyer][c] += 1
        self.shares[seller][c] -= 1
        self.last_trades = (*self.last_trades, (buyer, seller))
        if self.logging:
            who = {"seller": self.seat_name(seller), "buyer": self.seat_name(buyer)}
            if article(COMPANIES[c]) == "an":
                said = T(
                    "{seller} sells an {company} share to {buyer} for ${price}",
                    company=COMPANIES[c],
                    price=price,
                    **who,
                )
            else:
                said = T(
                    "{seller} sells a {company} share to {buyer} for ${price}",
                    company=COMPANIES[c],
                    price=price,
                    **who,
                )
            self.log(said)

    def _after_transaction(self) -> None:
        self.transaction += 1
        if self.transaction < self.params.transactions_per_company:
            self._ask_prices()
            return
        c = self.company
        self.proposers = tuple(s for s in range(self.num_players) if self.shares[s][c])
        self._next_proposer()

    # ----------------------------------------------------- replacing the boss

    def _next_proposer(self) -> None:
        """REPLACING THE BOSS: each shareholder, in seat order, may promote a new boss.

        One replacement at most per company and year; after a failed vote the next
        shareholder may propose (docs/goodwill.md).
        """
        if not self.proposers or not self.available:
            self._review(self.company + 1)
            return
        self.proposer, self.proposers = self.proposers[0], self.proposers[1:]
        self.proposal = None
        self.phase = PROPOSE
        self._asked = (self.proposer,)
        self._simultaneous = False

    def _propose(self, seat: int, action: Action) -> None:
        if isinstance(action, Pass):
            if self.logging:
                self.log(
                    T(
                        "{player} passes: no new boss proposed for {company}",
                        player=self.seat_name(seat),
                        company=COMPANIES[self.company],
                    )
                )
            self._next_proposer()
            return
        assert isinstance(action, Propose)
        boss = self.comp.boss_named(action.boss)
        self.proposal = boss
        c = self.company
        self.phase = VOTE
        self.voters = tuple(s for s in range(self.num_players) if self.shares[s][c])
        self._asked = self.voters
        self._simultaneous = True
        if self.logging:
            self.log(
                T(
                    "{player} proposes {boss} to replace {old} at {company}: the shareholders vote",
                    player=self.seat_name(seat),
                    boss=action.boss,
                    old=self.boss_words(c),
                    company=COMPANIES[c],
                )
            )

    def _count_votes(self, actions: dict[int, Action]) -> None:
        """Each share = 1 vote; 6 yes (5 with 4 players) or more replaces the boss."""
        c = self.company
        boss = self.proposal
        assert boss is not None
        ayes = tuple(s for s in self.voters if _yes(actions[s]))
        yes = sum(self.shares[s][c] for s in ayes)
        passed = yes >= self.threshold
        self.last_vote = (boss, yes, passed, ayes)
        if self.logging:  # words made only when read
            cast = tuple((self.seat_name(s), s in ayes, self.shares[s][c]) for s in self.voters)
            self.log(lambda: votes_words(cast, yes, passed))
        self.proposal = None
        self.proposer = None
        if passed:
            self.replace_boss(c, boss)
            self._review(c + 1)
        else:
            self._next_proposer()

    def replace_boss(self, company: int, boss: int) -> None:
        """The old boss to the bottom of the deck, the new one on the board, draw one."""
        old = self.boss[company]
        if old is not None:
            self.boss_deck.append(old)
        self.available.remove(boss)
        self.boss[company] = boss
        self.draw_available_boss()
        if self.logging:
            self.log(
                T(
                    "{boss} now runs {company}; available: {bosses}",
                    boss=self.comp.bosses[boss].name,
                    company=COMPANIES[company],
                    bosses=", ".join(self.boss_names(self.available)),
                )
            )

    def draw_available_boss(self) -> None:
        """The top boss card of the deck is placed face up with the available bosses."""
        if self.boss_deck:
            self.available.append(self.boss_deck.pop(0))
            if self.boss_deck_unknown:
                self.boss_deck_unknown -= 1

    def boss_to_bottom(self, company: int) -> None:
        """A boss who leaves (scandal, bankruptcy) goes to the bottom of the boss deck."""
        old = self.boss[company]
        if old is not None:
            self.boss_deck.append(old)
            self.boss[company] = None

    # ---------------------------------------------------------- the contract

    def _to_act(self) -> tuple[int, ...]:
        return self._asked

    def _is_simultaneous(self) -> bool:
        return self._simultaneous

    def _legal(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == PRICE:
            return list(PRICES)
        if phase == VOTE:
            return list(VOTES)
        if phase == PARTNER:
            return [PARTNERS[s] for s in self.candidates]
        if phase == PROPOSE:
            proposal = self.proposals
            return [PASS, *(proposal[b] for b in self.available)]
        return []

    def _illegal_reason(self, seat: int, action: Action) -> T | None:
        """Why ``action`` is not allowed now, in words; None when it is."""
        phase = self.phase
        if isinstance(action, Price):
            if phase != PRICE:
                return T("no price is asked now: {asking}", asking=self.asking_words())
            if not 0 <= action.dollars <= MAX_PRICE:
                return T(
                    "the price wheels give $0 to ${most}, not ${price}",
                    most=MAX_PRICE,
                    price=action.dollars,
                )
            return None
        if isinstance(action, Partner):
            if phase != PARTNER:
                return T("nobody is choosing a partner now: {asking}", asking=self.asking_words())
            if action.player - 1 not in self.candidates:
                return T(
                    "Player {number} is not a possible partner; choose one of {choices}",
                    number=action.player,
                    choices=", ".join(str(s + 1) for s in self.candidates),
                )
            return None
        if isinstance(action, Propose | Pass):
            if phase != PROPOSE:
                return T("no boss may be proposed now: {asking}", asking=self.asking_words())
            if isinstance(action, Propose):
                boss = self.comp.boss_named(action.boss)
                available = ", ".join(self.boss_names(self.available))
                if boss is None:
                    return T(
                        "there is no boss named {boss}; available: {available}",
                        boss=repr(action.boss),
                        available=available,
                    )
                if boss not in self.available:
                    return T(
                        "{boss} is not an available boss; available: {available}",
                        boss=action.boss,
                        available=available,
                    )
            return None
        if isinstance(action, Vote):
            if phase != VOTE:
                return T("there is no vote now: {asking}", asking=self.asking_words())
            return None
        return T("{action} is not a Goodwill action", action=str(action))

    def asking(self) -> str:
        """What the game waits for, in words (English: the observation's ``asking``)."""
        return str(self.asking_words())

    def asking_words(self) -> T:
        """What the game waits for, its words kept for every language."""
        company = COMPANIES[self.company]
        if self.phase == PRICE:
            return T(
                "everyone sets a price for {company} (transaction {number})",
                company=company,
                number=self.transaction + 1,
            )
        if self.phase == PARTNER:
            return T("{player} chooses a partner", player=self.seat_name(self._asked[0]))
        if self.phase == PROPOSE:
            return T(
                "{player} may propose a new boss for {company}",
                player=self.seat_name(self._asked[0]),
                company=company,
            )
        if self.phase == VOTE:
            return T("the shareholders of {company} vote", company=company)
        return T("the game is over")

    # ------------------------------------------------------------ the view

    def seen_by(self, space: int) -> tuple[int, ...]:
        """The seats that may look at information space ``space``."""
        return self._seen_by[space]

    def boss_words(self, company: int) -> Words:
        """The boss's name, or 'nobody' in the reader's language."""
        boss = self.boss[company]
        return boss_or_nobody(None if boss is None else self.comp.bosses[boss].name)

    def boss_names(self, bosses: list[int]) -> list[str]:
        cards = self.comp.bosses
        return [cards[b].name for b in bosses]

    def share_value(self, company: int) -> int:
        """END OF THE GAME: a share is worth the capital divided by 10, rounded up."""
        if self.bankrupt[company]:
            return 0
        return results.share_value(self.capital[company], self.params.shares_per_company)

    def _observe(self, seat: int | None) -> dict[str, JsonValue]:
        return view.observation(self, seat)

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-draw the information pairs ``seat`` has not seen, and the unseen boss deck."""
        self._redraw_except(set(self.comp.visible[seat]), rng)

    def _redraw_unseen(self, rng: random.Random) -> None:
        """Re-draw the information pairs no seat faces, and the unseen boss deck."""
        faced = {s for s in range(len(self.information)) if self.seen_by(s)}
        self._redraw_except(faced, rng)

    def _redraw_except(self, mine: set[int], rng: random.Random) -> None:
        """Re-draw the information pairs on spaces outside ``mine`` (from the pools the
        pairs on ``mine`` leave), and shuffle the unknown top of the boss deck."""
        if self.information:
            comp = self.comp
            seen = [pair for space, pair in enumerate(self.information) if space in mine]
            pct_pool = [p for p in comp.percentages if all(p != s[0] for s in seen)]
            card_pool = [e for e in range(len(comp.events)) if all(e != s[1] for s in seen)]
            hidden = [space for space in range(len(self.information)) if space not in mine]
            pcts = rng.sample(pct_pool, len(hidden))
            cards = rng.sample(card_pool, len(hidden))
            pairs = list(self.information)
            for space, pct, card in zip(hidden, pcts, cards, strict=True):
                pairs[space] = (pct, card)
            self.information = tuple(pairs)
        unknown = self.boss_deck_unknown
        if unknown > 1:
            top = self.boss_deck[:unknown]
            rng.shuffle(top)
            self.boss_deck[:unknown] = top

    def clone(self) -> GoodwillState:
        new = super().clone()
        new.capital = self.capital[:]
        new.market = self.market[:]
        new.bankrupt = self.bankrupt[:]
        new.resources = [r[:] for r in self.resources]
        new.resource_price = self.resource_price[:]
        new.boss = self.boss[:]
        new.available = self.available[:]
        new.boss_deck = self.boss_deck[:]
        new.shares = [s[:] for s in self.shares]
        new.cash = self.cash[:]
        return new

    # ---------------------------------------------------------------- score

    def scores(self) -> tuple[float, ...]:
        """END OF THE GAME: cash + shares x capital / 10 rounded up (Cash only: cash)."""
        if self.options.cash_only:
            return tuple(float(c) for c in self.cash)
        values = [self.share_value(c) for c in range(len(COMPANIES))]
        return tuple(
            float(self.cash[s] + sum(k * v for k, v in zip(self.shares[s], values, strict=True)))
            for s in range(self.num_players)
        )
