"""Terminal drawing of a Goodwill observation (Rich), readable in 100 columns.

Draws from the observation dict only, so it shows exactly what the seat may know.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import PromptHelp
from motherlode.games.goodwill.words import said, words

COLOURS = {"Amber": "yellow", "Black": "bright_white", "Crimson": "red"}


def _names(obs: Mapping[str, Any]) -> list[str]:
    """The seats' names as the table calls them (Player 1... unless named)."""
    return [str(p["name"]) for p in obs["players"]]


def _boss(boss: Mapping[str, Any] | None) -> str:
    if boss is None:
        return "-"
    marks = f"I{boss['innovation']} E{boss['efficiency']} A{boss['advertising']}"
    div = " div" if boss["dividends"] else ""
    return f"{boss['name']} ${boss['salary']} {marks}{div}"


def _policy(boss: Mapping[str, Any]) -> str:
    return "; ".join(boss["policy"]) if boss["policy"] else "no energy policy"


def _companies(obs: Mapping[str, Any]) -> Table:
    table = Table(title="Companies", title_justify="left", expand=False, pad_edge=False)
    for column in ("company", "boss", "capital", "share", "market", "resources", "cost"):
        table.add_column(
            column, justify="right" if column in ("capital", "share", "cost") else "left"
        )
    for c in obs["companies"]:
        name = Text(c["name"], style=COLOURS.get(c["name"], ""))
        if c["bankrupt"]:
            table.add_row(name, "bankrupt", "-", "$0", "0 %", "-", "-")
            continue
        held = ", ".join(f"{k} {r}" for r, k in c["resources"].items() if k)
        table.add_row(
            name,
            _boss(c["boss"]),
            f"${c['capital']}",
            f"${c['share_value']}",
            f"{c['market_share']} %",
            held,
            f"${c['resource_cost']}",
        )
    return table


def _players(obs: Mapping[str, Any], seat: int | None) -> Table:
    values = {c["name"]: c["share_value"] for c in obs["companies"]}
    table = Table(title="Players", title_justify="left", pad_edge=False)
    table.add_column("player")
    table.add_column("cash", justify="right")
    for c in obs["companies"]:
        table.add_column(c["name"], justify="right", style=COLOURS.get(c["name"], ""))
    table.add_column("worth", justify="right")
    for s, p in enumerate(obs["players"]):
        worth = p["cash"] + sum(k * values[name] for name, k in p["shares"].items())
        name = p["name"] + (" (you)" if s == seat else "")
        table.add_row(
            Text(name, style="bold" if s == seat else ""),
            f"${p['cash']}",
            *(str(k) for k in p["shares"].values()),
            f"${worth}",
        )
    return table


def _information(obs: Mapping[str, Any]) -> RenderableType | None:
    spaces = obs["information"]
    if not spaces:
        return None
    lines = Text()
    for info in spaces:
        seen = ", ".join(str(s + 1) for s in info["seen_by"])
        head = f"Information {info['space'] + 1} (players {seen}): "
        if "percentage" in info:
            lines.append(head)
            lines.append(
                f"{info['percentage']} % - {info['left']} / {info['right']}\n", style="bold"
            )
        else:
            lines.append(head + "face down\n", style="dim")
    lines.rstrip()
    return Panel(lines, title="This year's information cards", expand=False)


def _revealed(obs: Mapping[str, Any]) -> RenderableType | None:
    pairs = obs["revealed"]
    if not pairs:
        return None
    ordered = sorted(pairs, key=lambda p: -int(p["percentage"]))
    text = "; ".join(f"{p['percentage']} % {p['left']} / {p['right']}" for p in ordered)
    return Text(f"Last year's information cards (the lowest was dropped): {text}", style="dim")


def _last_transaction(obs: Mapping[str, Any]) -> RenderableType | None:
    last = obs["last_transaction"]
    if last is None:
        return None
    names = _names(obs)
    prices = ", ".join(f"{names[s]} ${p}" for s, p in enumerate(last["prices"]))
    text = Text(f"Last prices: {prices}")
    if last["price"] is None:
        text.append(" - no share changed hands")
    else:
        trades = ", ".join(f"{names[b]} from {names[s]}" for b, s in last["trades"])
        text.append(f" - average ${last['price']}")
        if trades:
            text.append(f": {trades}")
    return text


def _decision(obs: Mapping[str, Any], seat: int | None) -> RenderableType:
    names = _names(obs)
    text = Text(f"Now: {obs['asking']}", style="bold")
    choice = obs.get("partner_choice")
    if choice:
        side = choice["chooses"]
        among = ", ".join(names[s] for s in choice["candidates"])
        text.append(f"\n{names[choice['chooser']]} chooses a {side} at ${choice['price']}")
        text.append(f" among {among}")
    proposal = obs.get("proposal")
    if proposal:
        boss = proposal["boss"]
        voters = ", ".join(f"{names[int(s)]} {k}" for s, k in proposal["voters"].items())
        text.append(f"\nProposed by {names[proposal['proposer']]}: {_boss(boss)}")
        text.append(f" ({_policy(boss)})")
        text.append(f"\nVotes (one per share, {obs['vote_threshold']} yes needed): {voters}")
    if obs.get("simultaneous") and obs.get("committed"):
        text.append("\nAlready decided: " + ", ".join(names[s] for s in obs["committed"]))
    mine = obs.get("my_commitment")
    if seat is not None and mine:
        values = " ".join(str(v) for k, v in mine.items() if k != "type")
        text.append(f"\nYour choice: {mine['type']} {values}")
    return text


def render(obs: Mapping[str, Any], seat: int | None) -> RenderableType:
    """The board for ``seat`` (None: a spectator) from its observation."""
    title = Text(f"Goodwill - year {obs['year']} ({obs['first_year']}-{obs['last_year']})")
    prices = ", ".join(f"{r} ${p}" for r, p in obs["resource_prices"].items())
    parts: list[RenderableType] = [
        title,
        _companies(obs),
        Text(f"Resource prices: {prices}"),
        Text(
            "Available bosses: "
            + "; ".join(
                f"{_boss(b)} ({_policy(b)})" if b["policy"] else _boss(b)
                for b in obs["available_bosses"]
            )
        ),
        _players(obs, seat),
    ]
    for extra in (_information(obs), _revealed(obs), _last_transaction(obs)):
        if extra is not None:
            parts.append(extra)
    last_vote = obs.get("last_vote")
    if last_vote:
        outcome = "passed" if last_vote["passed"] else "failed"
        parts.append(Text(f"Last vote: {last_vote['boss']}, {last_vote['yes']} yes, {outcome}"))
    if obs["over"]:
        names = _names(obs)
        ranking = " > ".join(
            " = ".join(names[s] for s in group) for group in obs.get("ranking", [])
        )
        scores = ", ".join(f"{names[s]} ${v:.0f}" for s, v in enumerate(obs.get("scores", [])))
        parts.append(Text(f"Final: {scores}\nRanking: {ranking}", style="bold"))
    else:
        parts.append(_decision(obs, seat))
    return Group(*parts)


def score_parts(obs: Mapping[str, Any], seat: int) -> str:
    """A player's worth: cash + each company's shares × its share value."""
    value = {c["name"]: 0 if c["bankrupt"] else int(c["share_value"]) for c in obs["companies"]}
    player = obs["players"][seat]
    parts = [f"${player['cash']} cash"]
    for company, held in player["shares"].items():
        if held:
            parts.append(f"{company} {held} × ${value[company]} = ${held * value[company]}")
    return " + ".join(parts)


PROMPT = PromptHelp(score_parts=score_parts, words=words, sentence=said)
