"""bench/web_load.py on PostgreSQL: one, two and three server processes, and 100 tables.

    python bench/web_load_pg.py            # starts a throwaway server (tests/postgres.py)

Needs Debian's PostgreSQL binaries (``make postgresql``).  Each run gets a fresh database on
a server that this script starts and stops (durability off, loopback only), so its figures
are the server processes', the client's and the database's, all on this machine.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.postgres import create_database, server  # noqa: E402

RUNS = [(1, 50, 2), (2, 50, 2), (3, 50, 1), (2, 100, 1)]
"""(server processes, tables, runs)."""


def main() -> int:
    failed = 0
    with server() as url:
        for processes, tables, runs in RUNS:
            for _ in range(runs):
                database = create_database(url).replace("postgresql://", "postgresql+psycopg://")
                command = [sys.executable, str(ROOT / "bench" / "web_load.py")]
                command += ["--tables", str(tables), "--processes", str(processes)]
                command += ["--database-url", database]
                print(f"--- {processes} process(es), {tables} tables", flush=True)
                failed |= subprocess.run(command, check=False, cwd=ROOT).returncode
    return failed


if __name__ == "__main__":
    raise SystemExit(main())
