"""SQLite connections to a store: hardened (no ``ATTACH``), checked, migrated; in memory or
read-only copies; transactions and the text and time formats rows use."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from tooltutor.progress.faults import Damaged, FutureSchema, MigrationFailed, rollback
from tooltutor.progress.schema import migrate

BUSY_TIMEOUT_S = 5.0


def _deny_attach(action: int, *_args: object) -> int:
    return sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_ATTACH else sqlite3.SQLITE_OK


def harden(conn: sqlite3.Connection) -> sqlite3.Connection:
    """No ``ATTACH`` of other files on this connection, and no functions run from the schema.

    Python 3.11+ sets SQLite's limit of attached databases to 0; 3.10 has no `setlimit`,
    so an authorizer refuses ``ATTACH`` there (checked once per statement prepared, and
    the statement cache prepares each of ours once).
    """
    if hasattr(conn, "setlimit"):
        conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    else:  # pragma: no cover - Python 3.10
        conn.set_authorizer(_deny_attach)
    with contextlib.suppress(sqlite3.Error):
        conn.execute("PRAGMA trusted_schema = OFF")  # SQLite 3.31+; older ones ignore it
    return conn


def connect_file(path: Path) -> sqlite3.Connection:
    """A connection to `path`, checked and migrated; raises on any fault."""
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
    )
    try:
        harden(conn)
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        check_integrity(conn)
        migrate(conn, probe_write=True)
        # Only now that the file is known to be ours: WAL is persistent once set (a no-op
        # afterwards). Where the file system cannot do WAL, the rollback journal still
        # works, with less concurrency.
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
        conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        conn.close()
        raise
    return conn


def memory_connection() -> sqlite3.Connection:
    conn = harden(sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
    migrate(conn)
    return conn


def read_only_copy(path: Path, *, use_wal: bool = True) -> sqlite3.Connection | None:
    """An in-memory copy of the store at `path` read without writing anything, or None.

    ``mode=ro`` reads the WAL too; on read-only media without a ``-shm`` file SQLite
    cannot do that, and ``immutable=1`` reads the main file alone (complete after a
    clean exit, which folds the WAL back in). Only a regular file is read (a FIFO would
    block the open).
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
    except OSError:
        return None
    uri = path.absolute().as_uri()  # ours: percent-encoded, so "?" in a folder stays a "?"
    for params in ("mode=ro", "immutable=1") if use_wal else ("immutable=1",):
        mem = harden(sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
        try:
            src = sqlite3.connect(f"{uri}?{params}", uri=True, timeout=BUSY_TIMEOUT_S)
            try:
                harden(src)
                check_integrity(src)
                src.backup(mem)
            finally:
                src.close()
            migrate(mem)  # an older version is upgraded in memory only
            return mem
        except (sqlite3.Error, Damaged, FutureSchema, MigrationFailed):
            mem.close()
    return None


def check_integrity(conn: sqlite3.Connection) -> None:
    """Raise `Damaged` unless SQLite's quick check finds the file sound (O(size), ~ms)."""
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        raise Damaged("; ".join(str(r[0]) for r in rows[:3]))


def now_utc() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def encode_text(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def decode_text(blob: bytes | str) -> str:
    if isinstance(blob, str):  # written by something else as TEXT
        return blob
    try:
        return bytes(blob).decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return bytes(blob).decode("utf-8", "replace")


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection, mode: str = "IMMEDIATE") -> Iterator[None]:
    """BEGIN (IMMEDIATE takes the write lock first: no read-then-upgrade deadlock)."""
    conn.execute(f"BEGIN {mode}")
    try:
        yield
    except BaseException:
        rollback(conn)
        raise
    conn.execute("COMMIT")
