"""Print every game's tensor layout as the Markdown of docs/rl.md: ``python -m
motherlode.rl.tensors`` (tests/rl/test_docs.py checks the page holds exactly this);
``--compact`` prints the compact encodings' layouts instead."""

from __future__ import annotations

import sys

from motherlode.engine import get_game
from motherlode.rl.tensors import games_with_compact, games_with_layout, tensor_encoder
from motherlode.rl.tensors.schema import Block


def _sizes(game_id: str, kind: str) -> str:
    """The vector's size, per player count where it varies."""
    game = get_game(game_id)
    counts = range(game.min_players, game.max_players + 1)
    sizes = {n: tensor_encoder(game, n, None, kind).size for n in counts}
    if len(set(sizes.values())) == 1:
        return f"{sizes[game.min_players]} floats at every player count"
    return "floats by player count: " + ", ".join(f"{n}: {size}" for n, size in sizes.items())


def _offset(block: Block) -> str:
    """A top-level block's offset; ``+k`` for a field of list items, within one item's slot
    (the innermost list's, for a list inside an item)."""
    return str(block.offset) if block.within is None else f"+{block.within}"


def markdown(game_id: str, kind: str = "full") -> str:
    game = get_game(game_id)
    enc = tensor_encoder(game, game.min_players, None, kind)
    rows = [
        f"#### {game.title} (`{game_id}`): {_sizes(game_id, kind)}",
        "",
        "| key | offset | size | encoding |",
        "|---|---:|---:|---|",
    ]
    for block in enc.layout():
        text = block.meaning.replace("|", "/")
        if len(text) > 120:
            text = text[:117] + "..."
        shown = _offset(block) if block.size else ""
        rows.append(f"| `{block.key}` | {shown} | {block.size or ''} | {text} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args not in ([], ["--compact"]):
        raise SystemExit("usage: python -m motherlode.rl.tensors [--compact]")
    if args:
        print("\n\n".join(markdown(g, "compact") for g in games_with_compact()))
    else:
        print("\n\n".join(markdown(g) for g in games_with_layout()))


if __name__ == "__main__":
    main()
