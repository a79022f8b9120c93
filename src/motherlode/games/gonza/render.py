"""Drawing a Gonza Index observation in the terminal (Rich), from the observation alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from motherlode.engine import MotherlodeError, PromptHelp
from motherlode.games.gonza.options import GonzaOptions
from motherlode.games.gonza.words import said, words

COLOURS = ("red", "blue", "green", "yellow", "magenta")
FACE_LABEL = {
    "up": "stock +1",
    "down": "stock -1",
    "earn": "earn 1",
    "place": "place",
    "bid": "bid",
    "event": "EVENT",
}


def _player(seat: int, obs: Mapping[str, Any], me: int | None, *, long: bool = False) -> Text:
    """'P2' (a column head), or 'P2 AI (you)' (long): AI for a Minister AI player."""
    label = f"P{seat + 1}"
    style = f"bold {COLOURS[seat % len(COLOURS)]}"
    if seat == me:
        style += " underline"
    if long:
        if seat in obs.get("minister", []):
            label += " AI"
        if seat == me:
            label += " (you)"
    return Text(label, style=style)


def _track(corp: Mapping[str, Any]) -> Text:
    text = Text()
    for i, value in enumerate(corp["track"]):
        if i:
            text.append(" ")
        if i == corp["position"]:
            text.append(f"[{value}]", style="bold reverse")
        elif i == corp["start"]:
            text.append(str(value), style="underline")
        else:
            text.append(str(value), style="dim")
    return text


def _market(obs: Mapping[str, Any], me: int | None) -> Table:
    n = obs["num_players"]
    table = Table(
        title="The Gonza Index",
        title_justify="left",
        caption="\\[n]: the value marker; underlined: the white start space",
        caption_justify="left",
        pad_edge=False,
    )
    table.add_column("Corporation", no_wrap=True)
    table.add_column("Type", style="cyan", no_wrap=True)
    table.add_column("Value track", no_wrap=True)
    for s in range(n):
        table.add_column(_player(s, obs, me), justify="right")
    table.add_column(f"/{obs['cap']}", justify="right")
    for corp in obs["corporations"]:
        credits = [str(k) if k else "." for k in corp["credits"]]
        table.add_row(
            Text(corp["name"]) + Text(f" {corp['id']}", style="dim"),
            corp["type"],
            _track(corp),
            *credits,
            str(corp["total"]),
        )
    return table


def _brokers(obs: Mapping[str, Any], me: int | None) -> Table:
    n = obs["num_players"]
    table = Table(
        title=f"Broker cards (deck {obs['broker_deck']})", title_justify="left", pad_edge=False
    )
    table.add_column("Card", no_wrap=True)
    table.add_column("Effect", ratio=1)
    for s in range(n):
        table.add_column(_player(s, obs, me), justify="right")
    for card in obs["broker"]:
        bids = [str(b) if b else "." for b in card["bids"]]
        name = Text(card["name"])
        if card["ai"]:
            name.append(" AI", style="bold")
        name.append(f"\n{card['id']}", style="dim")
        table.add_row(name, card["text"], *bids)
    return table


def _players(obs: Mapping[str, Any], me: int | None) -> Table:
    table = Table(title="Players", title_justify="left", pad_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column("Credits", justify="right")
    table.add_column("Supply", justify="right")
    table.add_column("Score", justify="right")
    table.add_column("Broker cards", ratio=1)
    for s, player in enumerate(obs["players"]):
        cards = ", ".join(
            f"{c['name']} ({c['id']}{', end' if c['when'] == 'end' else ''})"
            for c in player["cards"]
        )
        marker = Text("> ", style="bold") if s == obs["active"] else Text("  ")
        table.add_row(
            marker + _player(s, obs, me, long=True),
            str(player["credits"]),
            str(player["supply"]),
            str(player["score"]),
            cards or "-",
        )
    return table


def _dice(obs: Mapping[str, Any]) -> Text:
    text = Text("Dice: ")
    for i, die in enumerate(obs["dice"], 1):
        label = f"{i}:{FACE_LABEL[die['face']]}"
        style = "white on grey23" if die["black"] else "black on yellow"
        if die["used"]:
            style = "dim strike"
        text.append(f" {label} ", style=style)
        text.append(" ")
    if not obs["dice"]:
        text.append("-")
    if obs["rerolls_left"]:
        text.append(f"  re-rolls left: {obs['rerolls_left']}")
    return text


def _tokens_needed(obs: Mapping[str, Any]) -> int:
    """Event tokens that initiate an event, from the options the observation names."""
    try:
        needed: int = GonzaOptions.from_dict(obs.get("options")).parameters.event_tokens
    except MotherlodeError:  # a folder gone since: the rulebook's
        needed = GonzaOptions().parameters.event_tokens
    return needed


def _status(obs: Mapping[str, Any], me: int | None) -> Text:
    tokens = obs["event_tokens"]
    text = Text()
    if obs["over"]:
        text.append("Game over. ", style="bold")
        ranking = obs.get("ranking", [])
        if ranking:
            winners = " and ".join(f"P{s + 1}" for s in ranking[0])
            text.append(f"Winner: {winners}. ")
    else:
        text.append("Turn: ")
        text.append_text(_player(obs["active"], obs, me, long=True))
        text.append(f"  ({obs['phase']})  ")
    text.append("Event track: " + "●" * tokens + "○" * (_tokens_needed(obs) - tokens))
    text.append(f"  event cards left: {obs['event_deck']}")
    if obs["final_round"]:
        text.append("  FINAL ROUND", style="bold red")
    return text


def _prompts(obs: Mapping[str, Any]) -> list[RenderableType]:
    out: list[RenderableType] = []
    decision = obs.get("decision")
    if decision:
        out.append(
            Panel(
                f"{decision['text']}: {', '.join(decision['choices'])}",
                title="Minister AI tie",
                expand=False,
            )
        )
    protect = obs.get("protect")
    if protect:
        out.append(
            Panel(
                f"An event card is revealed: P{protect['seat'] + 1} may play {protect['card']}",
                title="Safe harbour?",
                expand=False,
            )
        )
    return out


def render(obs: Mapping[str, Any], seat: int | None) -> RenderableType:
    """The market, the broker cards, the players, the dice and any question asked."""
    events = obs["events_done"]
    parts: list[RenderableType] = [_status(obs, seat)]
    if events:
        last = events[-1]
        note = " (cancelled by Safe Harbour)" if obs.get("event_cancelled") else ""
        parts.append(Text(f"Last event: {last['name']}: {last['text']}{note}"))
    parts += [_market(obs, seat), _brokers(obs, seat), _players(obs, seat), _dice(obs)]
    parts += _prompts(obs)
    return Group(*parts)


def score_parts(obs: Mapping[str, Any], seat: int) -> str:
    """END OF THE GAME: personal supply + each corporation's credits × its value + the broker
    cards' end-game bonus (what the score holds beyond the first two)."""
    player = obs["players"][seat]
    parts = [f"{player['credits']} in personal supply"]
    total = int(player["credits"])
    for corp in obs["corporations"]:
        held = int(corp["credits"][seat])
        if held:
            parts.append(f"{corp['name']} {held} × {corp['value']} = {held * corp['value']}")
            total += held * int(corp["value"])
    bonus = int(obs["scores"][seat]) - total
    if bonus:
        parts.append(f"broker cards {bonus:+d}")
    return " + ".join(parts)


PROMPT = PromptHelp(score_parts=score_parts, words=words, sentence=said)
