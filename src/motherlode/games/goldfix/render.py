"""Terminal drawing of a GOLDFIX observation (Rich), from the observation dict only.

Three parts, each under 100 columns: the GOLDFIX ladder, tax and prices; the board in
rows of ten squares, with each cocopan shown by its seat number in its colour; and the
DASHBOARD's player table (cash, notes, bullion, net worth, mine assets, HOLD cards),
then the decision being asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.games.goldfix import money

COLOURS = {
    "Blue": "bold blue",
    "Red": "bold red",
    "Green": "bold green",
    "Cyan": "bold cyan",
    "Purple": "bold magenta",
    "Orange": "bold dark_orange",
}

SHORT = {
    "BANK": "BANK",
    "GOLDFIX +$100": "GF +100",
    "MINE LEASE AUCTION": "ML AUCT",
    "DRILL REPORT AUCTION": "DR AUCT",
    "RISK": "RISK",
    "BULLION TAX": "BUL TAX",
    "BULLION MARKET": "BUL MKT",
    "TAX BUDGET DAY": "TAX DAY",
    "GOLDFIX CORNER": "GF CORNR",
    "MERCHANT BANK": "MERCH BK",
    "CORPORATION TAX": "CORP TAX",
}
CELL = 9


def _style(name: str) -> str:
    return COLOURS.get(name, "bold")


def _header(obs: Mapping[str, Any]) -> Text:
    prices = obs["prices"]
    text = Text()
    text.append(f"GOLDFIX ${obs['goldfix']:,}", style="bold yellow")
    text.append(f"   Tax {obs['tax']}", style="bold red" if obs["tax"] == "HIGH" else "bold")
    text.append(
        f"   ML min ${prices['mine_lease']}M  HG ${prices['headgear']}M  "
        f"DR min ${prices['drill_report']}M  interest ${obs['interest_per_note']}M/note"
    )
    limit = f"  circuit limit {obs['circuit_limit']}" if obs.get("circuit_limit") else ""
    text.append(f"\nWINNER ${obs['winner_cash']:,}M with no loan notes{limit}", style="dim")
    decks = obs["decks"]
    text.append(
        f"   decks: ML {decks['mine_leases']}  DR {decks['drill_reports']}  RISK {decks['risk']}",
        style="dim",
    )
    return text


def _board(obs: Mapping[str, Any]) -> Table:
    """The squares in rows of ten: the name (a mine in its owner's colour, * when it is
    producing), then the square's number and the cocopans standing on it."""
    players = obs["players"]
    table = obs["mines"]
    mines = {square: m for m, square in enumerate(table["squares"])}
    colours = [p["cocopan"] for p in players]
    grid = Table.grid(padding=(0, 1))
    board = obs["board"]
    per_row = 10
    for _ in range(per_row):
        grid.add_column(width=CELL, no_wrap=True, overflow="crop")
    for row in range(0, len(board), per_row):
        cells = []
        for index in range(row, min(row + per_row, len(board))):
            name = board[index]
            mine = mines.get(index)
            if mine is not None:
                owner = table["lease"][mine]
                style = _style(colours[owner]) if owner >= 0 else ""
                cell = Text(name[: CELL - 1], style=style)
                if table["headgear"][mine]:
                    cell.append("*", style=style)
            else:
                cell = Text(SHORT.get(name, name)[:CELL], style="dim")
            cell.append(f"\n{index:>2} ", style="dim")
            for p in players:
                if p["active"] and p["position"] == index:
                    cell.append(str(p["seat"] + 1), style=_style(p["cocopan"]) + " reverse")
            cells.append(cell)
        grid.add_row(*cells)
    return grid


def _assets(obs: Mapping[str, Any], seat: int) -> str:
    table = obs["mines"]
    parts = []
    for m, name in enumerate(table["names"]):
        reports = table["drill_reports"][2 * m : 2 * m + 2].count(seat)
        if table["lease"][m] == seat:
            extra = ("+HG" if table["headgear"][m] else "") + (f"+{reports}DR" if reports else "")
            parts.append(name + extra)
        elif reports:
            parts.append(f"{name} {reports}DR")
    return ", ".join(parts) or "-"


def _players(obs: Mapping[str, Any], seat: int | None) -> Table:
    table = Table(expand=False, show_edge=False, pad_edge=False)
    for title, justify in (
        ("player", "left"),
        ("square", "left"),
        ("cash $M", "right"),
        ("notes", "right"),
        ("kOz", "right"),
        ("worth $M", "right"),
        ("mine assets (*=producing)", "left"),
        ("HOLD", "left"),
    ):
        table.add_column(title, justify=justify)  # type: ignore[arg-type]
    for p in obs["players"]:
        name = Text(f"{p['seat'] + 1} {p['name']}", style=_style(p["cocopan"]))
        if p["seat"] == obs["turn"]:
            name.append(" <", style="bold")
        if seat is not None and p["seat"] == seat:
            name.append(" (you)", style="dim")
        if not p["active"]:
            table.add_row(name, "BANKRUPT", "", "", "", str(p["net_worth"]), "", "", style="dim")
            continue
        table.add_row(
            name,
            SHORT.get(p["square"], p["square"] or ""),
            f"{p['cash']:,}",
            str(p["notes"]),
            str(p["bullion"]),
            f"{p['net_worth']:,}",
            _assets(obs, p["seat"]),
            ", ".join(p["holds"]) or "",
        )
    return table


def _decision(obs: Mapping[str, Any]) -> Text:
    decision = obs.get("decision")
    text = Text()
    if obs.get("dice"):
        a, b = obs["dice"]
        text.append(f"Dice {a} and {b}.  ", style="bold")
    if obs.get("over"):
        winner = obs.get("winner")
        if winner is not None:
            text.append(f"Game over: {obs['players'][winner]['name']} wins", style="bold green")
        else:
            text.append("Game over: ranked by net worth", style="bold green")
        if obs.get("end"):
            text.append(f" ({obs['end']})")
        return text
    if decision:
        text.append(decision["text"])
        if decision.get("lots"):
            text.append("\nLots: " + ", ".join(decision["lots"]), style="dim")
            text.append(f"  minimum bid ${decision['minimum_bid']}M", style="dim")
            if decision.get("tie_bid"):
                text.append(f"  re-bid above ${decision['tie_bid']}M", style="bold")
        if decision.get("deal"):
            text.append(_deal(obs, decision["deal"]))
        if decision.get("rate") is not None:
            text.append(f"\nCommission {decision['rate']}%", style="dim")
        if decision.get("question"):
            text.append(f"\n{decision['title']}: {decision['question']}", style="bold")
        if decision.get("red"):
            text.append(f"\nRed die: {decision['red']}", style="bold red")
    return text


def _deal(obs: Mapping[str, Any], deal: Mapping[str, Any]) -> Text:
    """Both sides of a deal, what each is worth at the GOLDFIX, and who gains what."""
    text = Text()
    state = "proposed" if deal["proposed"] else "being drafted"
    text.append(
        f"\nDeal {state} (proposal {max(deal['proposals'], 1)} of at most {deal['rounds']}):",
        style="bold",
    )
    for key in ("gives", "gets"):
        side = deal[key]
        name = obs["players"][side["seat"]]["name"]
        items = [f"ML-{m}" for m in side["mine_leases"]]
        items += [f"DR-{m}" for m in side["drill_reports"]]
        items += [f"{side['bullion']} kOz"] if side["bullion"] else []
        items += [f"${side['cash']}M"] if side["cash"] else []
        items += [f"{side['notes']} LOAN NOTE(s)"] if side["notes"] else []
        loans = f", draws {side['overdrafts']} overdraft(s)" if side["overdrafts"] else ""
        worth = money.dollars(side["value"])
        text.append(
            f"\n  {name} gives {' + '.join(items) or 'nothing'} (worth {worth}); "
            f"net worth {money.signed(side['gain'])}{loans}"
        )
    return text


def render(obs: Mapping[str, Any], seat: int | None) -> Group:
    """The whole table for ``seat`` (None: a spectator)."""
    return Group(
        Panel(_header(obs), title="GOLDFIX", expand=False),
        _board(obs),
        _players(obs, seat),
        Panel(_decision(obs), expand=False),
    )
