"""Print every game's tensor layout as the Markdown of docs/rl.md: ``python -m
motherlode.rl.tensors`` (tests/rl/test_docs.py checks the page holds exactly this)."""

from __future__ import annotations

from motherlode.engine import get_game
from motherlode.rl.tensors import encoder, games_with_layout


def markdown(game_id: str) -> str:
    game = get_game(game_id)
    enc = encoder(game, game.min_players)
    rows = [
        f"#### {game.title} (`{game_id}`): {enc.size} floats at every player count",
        "",
        "| key | offset | size | encoding |",
        "|---|---:|---:|---|",
    ]
    for name, offset, size, meaning in enc.layout():
        text = meaning.replace("|", "/")
        if len(text) > 120:
            text = text[:117] + "..."
        shown = offset if size else ""
        rows.append(f"| `{name}` | {shown} | {size or ''} | {text} |")
    return "\n".join(rows)


def main() -> None:
    print("\n\n".join(markdown(g) for g in games_with_layout()))


if __name__ == "__main__":
    main()
