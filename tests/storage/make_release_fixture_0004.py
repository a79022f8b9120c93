"""Write ``data/release-f01c017.sql``: a database as commit f01c017 (the release before
accounts, schema 0004) left it, for ``test_release_0004.py`` to upgrade and resume.

Run it with the OLD code on the path, from the root of this checkout::

    git worktree add /tmp/prev-release f01c017
    PYTHONPATH=/tmp/prev-release/src:/tmp/prev-release .venv/bin/python \\
        tests/storage/make_release_fixture_0004.py
    git worktree remove --force /tmp/prev-release

It plays, through that release's own web app, what its live server held: a person against
a random bot part-way; two people on the "normal" clock part-way (the clock's banks and
deadline stored with the table); a private table with one seat still open; an all-bot
Carcassonne game played to the end; a running Goodwill table with two people and a bot.
Every running table is left waiting for a person.  The database goes out as SQL text and
the people's seat tokens beside it, so the test can act as them.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

import motherlode

OLD_ROOT = Path(motherlode.__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
NAME = "release-f01c017"
REVISION = "0004_table_people"


def main() -> None:
    versions = OLD_ROOT / "src" / "motherlode" / "storage" / "migrations" / "versions"
    if sorted(p.name for p in versions.glob("0*.py"))[-1] != f"{REVISION}.py":
        sys.exit(f"{motherlode.__file__} is not at {REVISION}: run this against that release")
    from fastapi.testclient import TestClient

    from motherlode.engine import register
    from motherlode.web.app import create_app
    from motherlode.web.limits import Limits
    from tests.engine import nuggets
    from tests.storage.make_release_fixture import Fixture

    register(nuggets.GAME, replace=True)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "old.db"
        tokens: dict[str, dict[str, str]] = {}
        # seeded deals at tables with people: a test fixture, not a live table
        limits = Limits(allow_client_seed=True)
        with TestClient(create_app(f"sqlite:///{path}", limits=limits)) as client:
            play(Fixture(client, tokens))
        connection = sqlite3.connect(path)
        try:
            connection.execute("DELETE FROM presence")  # the process's connections are gone
            connection.commit()
            sql = "\n".join(connection.iterdump()) + "\n"
        finally:
            connection.close()
    DATA.mkdir(exist_ok=True)
    (DATA / f"{NAME}.sql").write_text(sql)
    (DATA / f"{NAME}.tokens.json").write_text(json.dumps(tokens, indent=2) + "\n")
    print(f"wrote {DATA / NAME}.sql ({len(sql)} characters) and its tokens")


def play(f: Any) -> None:
    """The tables, through a ``make_release_fixture.Fixture`` of the old checkout."""
    solo = f.table("nuggets", ["human", "random"], seed=21)
    f.play_people(solo, moves=3)
    clocked = f.table("nuggets", ["human", "human"], seed=22, settings={"clock": "normal"})
    f.play_people(clocked, moves=2)
    # a private table: one person, one seat still open (nobody moves before it is taken)
    f.table("nuggets", ["human", "open"], seed=23, settings={"private": True})
    bots = f.table("carcassonne", ["heuristic", "heuristic"], seed=24)
    f.settle(bots, until_over=True)
    goodwill = f.table("goodwill", ["human", "heuristic", "human"], seed=25)
    f.play_people(goodwill, moves=4)


if __name__ == "__main__":
    main()
