"""A throwaway PostgreSQL server for the tests, and fresh databases on it.

``make test`` installs Debian's PostgreSQL (the Makefile's ``postgresql`` target); the test
session then starts its own server from those binaries: ``initdb`` into a temporary
directory, listening only on 127.0.0.1 on a free port, trusting local connections, with
durability off (``fsync``, ``synchronous_commit``, ``full_page_writes``: a crash loses a
throwaway database, nothing else). It is stopped (``-m immediate``) and its directory
deleted when the session ends. PostgreSQL refuses to run as root, so under root it runs as
the ``postgres`` system user (created if missing) through ``runuser``.

``MOTHERLODE_TEST_DATABASE_URL`` names a database to use instead of starting a server.
Without it and without binaries in ``/usr/lib/postgresql/*/bin/``, :func:`server` raises
:class:`Unavailable`, which the fixtures turn into a skip; a server that is installed but
fails to start is an error (:class:`StartFailed`), never a skip.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import make_url

if TYPE_CHECKING:
    import psycopg

ENV = "MOTHERLODE_TEST_DATABASE_URL"
INSTALLS = Path("/usr/lib/postgresql")
DATABASE = "motherlode_test"
USER = "postgres"
"""The superuser's name (``initdb -U``), and the system user that runs the server as root."""

SETTINGS = {
    "listen_addresses": "'127.0.0.1'",
    "unix_socket_directories": "''",  # TCP on loopback only: no socket file anywhere
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "200",
    "shared_buffers": "32MB",
    "log_min_messages": "warning",
}


class Unavailable(Exception):
    """No PostgreSQL to test on: the reason, for the skip."""


class StartFailed(RuntimeError):
    """PostgreSQL is installed but would not start: an error, never a skip."""


def binaries() -> Path | None:
    """The ``bin`` directory of the newest PostgreSQL installed, if any."""
    found = [d for d in INSTALLS.glob("*/bin") if (d / "initdb").is_file()]
    if not found:
        return None

    def version(d: Path) -> tuple[int, ...]:
        name = d.parent.name
        return tuple(int(p) for p in name.split(".") if p.isdigit())

    return max(found, key=version)


@contextmanager
def server() -> Iterator[str]:
    """The SQLAlchemy URL of a database ``motherlode_test`` on a server of our own, running
    for the ``with`` block; or ``MOTHERLODE_TEST_DATABASE_URL`` where that is set."""
    given = os.environ.get(ENV)
    if given:
        yield given
        return
    bin_dir = binaries()
    if bin_dir is None:
        raise Unavailable(
            f"PostgreSQL tests need PostgreSQL's binaries in {INSTALLS}/*/bin/ "
            f"(`make postgresql` installs them) or {ENV}"
        )
    from psycopg import sql  # imported only where PostgreSQL is used (a quarter second)

    with _running(bin_dir) as port:
        url = f"postgresql+psycopg://{USER}@127.0.0.1:{port}/{DATABASE}"
        with _admin(url) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DATABASE)))
        yield url


def create_database(url: str, name: str | None = None) -> str:
    """Create database ``name`` (default: a new unique name) on ``url``'s server, and
    return ``url`` naming it instead. Needs the CREATEDB privilege."""
    from psycopg import sql

    name = name or f"motherlode_{uuid.uuid4().hex[:16]}"
    with _admin(url) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop ``url``'s database, ending any connection still open to it."""
    from psycopg import sql

    name = make_url(url).database
    assert name, url
    with _admin(url) as admin:
        admin.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def reset_database(url: str) -> None:
    """Empty ``url``'s database: end every other connection to it (a test that left one
    open, even inside a transaction, holds no lock past this) and recreate its ``public``
    schema, so every table, ``alembic_version`` included, sequence and type is gone. For a
    server of our own: it ends other sessions and needs to own the schema."""
    import psycopg

    libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(libpq, autocommit=True) as c:
        c.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        c.execute("DROP SCHEMA public CASCADE")
        c.execute("CREATE SCHEMA public")


def _admin(url: str) -> psycopg.Connection[tuple[object, ...]]:
    """An autocommit connection to the maintenance database ``postgres`` of ``url``'s server."""
    import psycopg

    libpq = make_url(url).set(drivername="postgresql", database="postgres")
    return psycopg.connect(libpq.render_as_string(hide_password=False), autocommit=True)


@contextmanager
def _running(bin_dir: Path) -> Iterator[int]:
    """A server from ``bin_dir`` on a free loopback port, for the ``with`` block."""
    as_root = os.geteuid() == 0
    base = tempfile.gettempdir()
    if as_root and not os.stat(base).st_mode & 0o001:
        base = "/tmp"  # the postgres user must reach its directory
    home = Path(tempfile.mkdtemp(prefix="motherlode-pg-", dir=base))
    data, log = home / "data", home / "server.log"
    run_as: list[str] = []
    if as_root:
        _ensure_system_user()
        shutil.chown(home, USER, USER)
        run_as = ["runuser", "-u", USER, "--"]
    port = 0
    try:
        _run([*run_as, str(bin_dir / "initdb"), "-D", str(data), "-U", USER, "-A", "trust",
              "-E", "UTF8", "--no-locale", "--no-sync", "--no-instructions"], cwd=home)  # fmt: skip
        for attempt in range(3):
            port = _free_port()
            conf = SETTINGS | {"port": str(port)}
            with (data / "postgresql.auto.conf").open("a") as f:
                f.writelines(f"{k} = {v}\n" for k, v in conf.items())
            try:
                _run([*run_as, str(bin_dir / "pg_ctl"), "start", "-D", str(data),
                      "-l", str(log), "-w", "-t", "60"], cwd=home)  # fmt: skip
                break
            except StartFailed:
                if attempt == 2 or "Address already in use" not in _tail(log):
                    raise  # not the port taken between our probe and the server's bind
        yield port
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                [*run_as, str(bin_dir / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate"],
                cwd=home,
                capture_output=True,
                check=False,
            )
        shutil.rmtree(home, ignore_errors=True)


def _run(command: list[str], cwd: Path) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        log = _tail(cwd / "server.log")
        raise StartFailed(
            f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{done.stderr}{log}"
        )


def _tail(log: Path) -> str:
    try:
        return "\n".join(log.read_text(errors="replace").splitlines()[-20:])
    except OSError:
        return ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _ensure_system_user() -> None:
    try:
        pwd.getpwnam(USER)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--user-group", "--no-create-home",
             "--home-dir", "/nonexistent", "--shell", "/usr/sbin/nologin", USER],
            check=True, capture_output=True,
        )  # fmt: skip
