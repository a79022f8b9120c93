"""Issue 28: 2,000 tables through one server process, and its memory stays bounded.

Bot-only tables of every game (random bots, no pause) are created and played to the end
through the API, twenty at a time; finished tables leave the process's memory (see
``TableService.unload_idle``) and each is read back once from the database afterwards.  The
resident memory after the first 200 tables (imports, caches and the allocator warmed up)
may grow by at most :data:`GROWTH_MIB` over the rest: before tables were let go, every 100
finished tables kept 8-10 MiB.  Run by ``make soak`` (about 15 minutes), never by
``make test``; the figures it prints are quoted in docs/web.md.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from motherlode.engine import games, get_game
from motherlode.web.app import create_app
from motherlode.web.limits import Limits

TABLES = 2000
WARM_UP = 200
AT_ONCE = 20
GROWTH_MIB = 25.0


def resident_mib() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@pytest.mark.soak
def test_2000_tables_through_one_process_keep_memory_bounded(tmp_path: Path) -> None:
    limits = Limits(unload_after=0, max_tables=TABLES, tables_per_client=TABLES)
    ids = sorted(games())
    start = time.perf_counter()
    with TestClient(create_app(f"sqlite:///{tmp_path / 'soak.db'}", limits=limits)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        playing: list[str] = []
        finished: list[str] = []
        warm = peak = 0.0
        for k in range(TABLES):
            game = ids[k % len(ids)]
            seats = [{"agent": "random"}] * get_game(game).min_players
            body = {"game": game, "seats": seats, "settings": {"bot_delay_ms": 0}}
            response = client.post("/api/tables", json=body)
            assert response.status_code == 201, response.text
            playing.append(response.json()["id"])
            while len(playing) >= AT_ONCE or (k == TABLES - 1 and playing):
                view = client.get(f"/api/tables/{playing[0]}").json()
                if view["status"] == "finished":
                    finished.append(playing.pop(0))
                else:
                    time.sleep(0.01)
            if k + 1 == WARM_UP:
                warm = resident_mib()
            peak = max(peak, resident_mib())
        # every table is still there, from the database: a few of them read back
        for table in finished[:: TABLES // 20]:
            assert client.get(f"/api/tables/{table}").json()["status"] == "finished"
        service.unload_idle(time.monotonic() + 60)
        end = resident_mib()
        loaded = len(service.tables)
    elapsed = time.perf_counter() - start
    print(
        f"\nweb soak: {TABLES} bot tables in {elapsed:.0f} s; resident memory {warm:.1f} MiB "
        f"after {WARM_UP}, {end:.1f} MiB at the end (peak {peak:.1f}); {loaded} tables loaded"
    )
    assert len(finished) == TABLES
    assert loaded == 0
    assert end - warm <= GROWTH_MIB, (warm, end)
