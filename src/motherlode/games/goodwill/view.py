"""What a seat sees: the JSON-ready observation of a Goodwill game.

Everything here is open information except the information pairs, of which a seat sees only
those of the spaces it faces (a spectator sees none until they are revealed).  The other
players' secret prices and votes are never on the state until revealed, so they cannot
show here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine.actions import JsonValue
from motherlode.games.goodwill import results
from motherlode.games.goodwill.components import COMPANIES, Boss, Components
from motherlode.games.goodwill.rulebook import OVER, PARTNER, PRICE, VOTE

if TYPE_CHECKING:
    from motherlode.games.goodwill.rules import GoodwillState


def boss_json(boss: Boss, names: tuple[str, ...]) -> dict[str, JsonValue]:
    """A boss card as the observation shows it (``names``: the resources')."""
    return {
        "name": boss.name,
        "salary": boss.salary,
        "innovation": boss.innovation,
        "efficiency": boss.efficiency,
        "advertising": boss.advertising,
        "policy": [f"{names[give]} -> {names[use]}" for give, use in boss.policy],
        "dividends": boss.dividends,
    }


_BOSS_CARDS: dict[int, tuple[Components, tuple[dict[str, JsonValue], ...]]] = {}
"""The views of the boss cards by set of components (by identity: hashing the whole set
would cost more than the views)."""


def _boss_cards(comp: Components) -> tuple[dict[str, JsonValue], ...]:
    """The views of a game's boss cards, made once per set of components."""
    known = _BOSS_CARDS.get(id(comp))
    if known is None or known[0] is not comp:
        if len(_BOSS_CARDS) >= 16:
            _BOSS_CARDS.clear()
        known = _BOSS_CARDS[id(comp)] = (
            comp,
            tuple(boss_json(b, comp.resources) for b in comp.bosses),
        )
    return known[1]


def boss_card(state: GoodwillState, boss: int) -> dict[str, JsonValue]:
    """A fresh copy of the view of boss card number ``boss``."""
    card = _boss_cards(state.comp)[boss]
    return {**card, "policy": list(card["policy"])}


def observation(state: GoodwillState, seat: int | None) -> dict[str, JsonValue]:
    """The board, the players, this seat's informations and the decision under way."""
    comp = state.comp
    names = comp.resources
    phase = state.phase
    companies: list[JsonValue] = []
    for c, name in enumerate(COMPANIES):
        boss = state.boss[c]
        companies.append(
            {
                "name": name,
                "capital": state.capital[c],
                "share_value": state.share_value(c),
                "market_share": state.market[c],
                "resources": dict(zip(names, state.resources[c], strict=True)),
                "resource_cost": results.resource_cost(state, c),
                "boss": None if boss is None else boss_card(state, boss),
                "bankrupt": state.bankrupt[c],
                "shares": state.in_play[c],
            }
        )
    view: dict[str, JsonValue] = {
        "year": state.year,
        "first_year": state.options.start_year,
        "last_year": state.params.last_year,
        "phase": phase,
        "company": None if phase == OVER else COMPANIES[state.company],
        "transaction": state.transaction + 1 if phase in (PRICE, PARTNER) else None,
        "asking": state.asking(),
        "resource_prices": dict(zip(names, state.resource_price, strict=True)),
        "design": {  # what the board prints: a designer's variant shows its own
            "transactions_per_company": state.params.transactions_per_company,
            "price_min": state.params.price_min,
            "price_max": state.params.price_max,
        },
        "companies": companies,
        "available_bosses": [boss_card(state, b) for b in state.available],
        "boss_deck": {
            "cards": len(state.boss_deck),
            "known_bottom": state.boss_names(state.boss_deck[state.boss_deck_unknown :]),
        },
        "vote_threshold": state.threshold,
        "players": [
            {
                "name": state.seat_name(s),
                "cash": state.cash[s],
                "shares": dict(zip(COMPANIES, state.shares[s], strict=True)),
            }
            for s in range(state.num_players)
        ],
        "information": information(state, seat),
        "revealed": [pair_json(state, space, pair) for space, pair in enumerate(state.revealed)],
        "last_transaction": last_transaction(state),
        "partner_choice": None,
        "proposal": None,
        "last_vote": None,
    }
    if seat is not None:
        view["my_information"] = list(comp.visible[seat])
    deal = state.deal
    if phase == PARTNER and deal is not None:
        view["partner_choice"] = {
            "chooser": state.choosers[0],
            "chooses": "seller" if deal.choosers_are_buyers else "buyer",
            "candidates": list(state.candidates),
            "waiting": list(state.choosers[1:]),
            "price": deal.price,
        }
    if phase == VOTE and state.proposal is not None:
        view["proposal"] = {
            "proposer": state.proposer,
            "boss": boss_card(state, state.proposal),
            "voters": {str(s): state.shares[s][state.company] for s in state.voters},
        }
    if state.last_vote is not None:
        boss, yes, passed, ayes = state.last_vote
        view["last_vote"] = {
            "boss": comp.bosses[boss].name,
            "yes": yes,
            "passed": passed,
            "voted_yes": list(ayes),
        }
    return view


def information(state: GoodwillState, seat: int | None) -> list[JsonValue]:
    """The information spaces: a seat sees the pairs of its own spaces only."""
    out: list[JsonValue] = []
    mine = state.comp.visible[seat] if seat is not None else ()
    for space, pair in enumerate(state.information):
        if space in mine:
            out.append(pair_json(state, space, pair))
        else:
            out.append({"space": space, "seen_by": list(state.seen_by(space))})
    return out


def pair_json(state: GoodwillState, space: int, pair: tuple[int, int]) -> dict[str, JsonValue]:
    """An information pair face up: its percentage and its event card."""
    pct, number = pair
    card = state.comp.events[number]
    return {
        "space": space,
        "seen_by": list(state.seen_by(space)),
        "percentage": pct,
        "card": number,
        "left": card.left.label,
        "right": card.right.label,
    }


def last_transaction(state: GoodwillState) -> JsonValue:
    """The last revealed prices and what came of them."""
    if not state.last_prices:
        return None
    deal = state.last_deal
    return {
        "prices": list(state.last_prices),
        "price": None if deal is None else deal.price,
        "buyers": [] if deal is None else list(deal.buyers),
        "sellers": [] if deal is None else list(deal.sellers),
        "excluded": [] if deal is None else list(deal.excluded),
        "trades": [list(t) for t in state.last_trades],
    }
