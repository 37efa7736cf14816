"""The progress store: what a learner has done, kept in SQLite so it is never lost.

Where: ``data_dir() / "progress.db"``; ``data_dir()`` is ``$TOOLTUTOR_HOME`` when set, else
``platformdirs.user_data_dir("tooltutor")``. Everything is keyed by the course id plus the
stable lesson, exercise and check ids from the course files, never by position, so
reordering or editing a course does not scramble anyone's progress.

API (the CLI and the TUI use only this)::

    store = open_store(path=None)            # never raises for storage faults
    store.notice -> str | None               # say it to the user; take_notice() once
    store.persistent -> bool                 # False: kept in memory, not saved
    store.path -> Path | None                # the file (or where it tried)

    store.record_attempt(course, exercise, *, passed, criteria_passed, criteria_total,
                         submission, lesson_id=None) -> int   # the attempt's id
    store.attempts(course, exercise) -> list[Attempt]          # oldest first
    store.exercise_status(course, exercise) -> "new" | "attempted" | "passed"
    store.statuses(course) -> {exercise: status}               # one query; absent = "new"
    store.failures_since_pass(course, exercise) -> int         # solution offer after 3

    store.save_draft(course, exercise, text)                   # cheap: every pause in typing
    store.load_draft(course, exercise) -> Draft | None
    store.reveal_hint(course, exercise, index) -> int          # revealed count, monotonic
    store.hints_revealed(course, exercise) -> int
    store.mark_solution_viewed(course, exercise); store.solution_viewed(...) -> bool
    store.answer_check(course, lesson, check, choice_index, correct)
    store.check_answer(course, lesson, check) -> CheckAnswer | None
    store.set_position(course, lesson, *, section=None, exercise_id=None)
    store.position(course) -> Position | None
    store.reset_exercise(course, exercise) -> int; store.reset_course(course) -> int
    store.export(course=None, *, texts=False) -> dict          # JSON-ready summary
    store.close()  (also a context manager)

Status: "passed" once any attempt has passed, ever; "attempted" after a failing attempt
only; "new" otherwise (a draft or a hint alone does not make an exercise attempted).
Times are UTC ISO-8601 strings (``2026-05-09T07:35:25.123+00:00``). A learner's text is
stored verbatim as UTF-8 with ``surrogatepass`` in a BLOB, so any ``str`` is accepted,
lone surrogates and NULs included.

Faults never stop the app:

- A damaged file, or one that is not a database (SQLite's ``quick_check`` at open, a
  header check before SQLite touches it), is renamed ``progress.db.broken-<UTC time>``
  (its ``-wal`` beside it), a new store is started, and ``notice`` says so. The next run
  finds a healthy file and says nothing, so the user is told once. Opening holds an
  advisory lock on the folder, so two processes finding the same damage move it once.
- A data folder that cannot be created, or a file that cannot be written: the store
  lives in memory (``persistent`` is False) and ``notice`` says that progress will not be
  saved and where it tried. If the file can still be read, the memory store starts as a
  copy of it, so the learner still sees their progress.
- A file written by a newer tooltutor, or a database that is not ours: left untouched;
  an empty store in memory, with a notice.
- A fault in the middle of a session (disk full, file made read-only, a lock held past
  the busy timeout three times running): the store copies what it has into memory,
  carries on there and sets ``notice``; look at ``notice`` after an operation to show it.
- Two processes (the TUI and ``tooltutor check``) share the file safely: WAL, a busy
  timeout, and ``BEGIN IMMEDIATE`` around every read-modify-write, so no write is lost.
- Bugs in the caller (a closed store, a negative hint index) still raise.

Durability: WAL with ``synchronous=NORMAL`` survives any crash of the process (SIGKILL
included); only a power cut can drop the newest commits. Attempts, resets and migrations
are switched to ``synchronous=FULL`` (the WAL is fsynced at commit): they are rare and
are what "never lost" is about, and the fsync also makes every earlier draft durable.
Drafts stay at NORMAL so a save costs tens of microseconds, not an fsync.

The schema is versioned with ``PRAGMA user_version``; ``MIGRATIONS[n]`` upgrades version
``n`` to ``n + 1``, all pending ones in one transaction.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, TypeVar

NEW = "new"
ATTEMPTED = "attempted"
PASSED = "passed"

DB_NAME = "progress.db"
BUSY_TIMEOUT_S = 5.0

_T = TypeVar("_T")


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Attempt:
    """One submission that was marked."""

    id: int
    exercise_id: str
    lesson_id: str | None
    at: str
    passed: bool
    criteria_passed: int
    criteria_total: int
    submission: str


@dataclass(frozen=True)
class Draft:
    """The latest unsubmitted text of an exercise."""

    text: str
    saved_at: str


@dataclass(frozen=True)
class CheckAnswer:
    """The latest answer to an inline question of a lesson, and how many tries so far."""

    choice_index: int
    correct: bool
    tries: int
    answered_at: str


@dataclass(frozen=True)
class Position:
    """Where the learner was last: a lesson page (``section``) or an exercise."""

    lesson_id: str
    section: int | None
    exercise_id: str | None
    at: str


# --------------------------------------------------------------------------- schema


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    """The first schema."""
    for statement in (
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            lesson_id TEXT,
            at TEXT NOT NULL,
            passed INTEGER NOT NULL CHECK (passed IN (0, 1)),
            criteria_passed INTEGER NOT NULL,
            criteria_total INTEGER NOT NULL,
            submission BLOB NOT NULL
        )""",
        "CREATE INDEX attempts_by_exercise ON attempts (course_id, exercise_id, passed)",
        """CREATE TABLE drafts (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            text BLOB NOT NULL,
            saved_at TEXT NOT NULL,
            PRIMARY KEY (course_id, exercise_id)
        )""",
        """CREATE TABLE hints (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            revealed INTEGER NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (course_id, exercise_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE check_answers (
            course_id TEXT NOT NULL,
            lesson_id TEXT NOT NULL,
            check_id TEXT NOT NULL,
            choice_index INTEGER NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            tries INTEGER NOT NULL,
            answered_at TEXT NOT NULL,
            PRIMARY KEY (course_id, lesson_id, check_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE solutions_viewed (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            viewed_at TEXT NOT NULL,
            PRIMARY KEY (course_id, exercise_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE positions (
            course_id TEXT PRIMARY KEY,
            lesson_id TEXT NOT NULL,
            section INTEGER,
            exercise_id TEXT,
            updated_at TEXT NOT NULL
        ) WITHOUT ROWID""",
    ):
        conn.execute(statement)


#: MIGRATIONS[n] upgrades schema version n to n + 1. Append; never edit a shipped one.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_to_1]

#: Tables holding per-exercise rows, cleared by reset_exercise.
_EXERCISE_TABLES = ("attempts", "drafts", "hints", "solutions_viewed")
#: Every table keyed by course_id, cleared by reset_course.
_COURSE_TABLES = (*_EXERCISE_TABLES, "check_answers", "positions")


def schema_version() -> int:
    """The schema version this code writes."""
    return len(MIGRATIONS)


# --------------------------------------------------------------------------- opening


def data_dir() -> Path:
    """``$TOOLTUTOR_HOME`` if set and not empty, else the platform's user data folder."""
    home = os.environ.get("TOOLTUTOR_HOME")
    if home:
        return Path(home).expanduser().absolute()
    import platformdirs

    return Path(platformdirs.user_data_dir("tooltutor", appauthor=False))


def default_path() -> Path:
    """Where the store lives unless told otherwise."""
    return data_dir() / DB_NAME


def open_store(path: str | os.PathLike[str] | None = None) -> ProgressStore:
    """Open (creating if needed) the store at `path`, default ``default_path()``.

    Never raises for a storage fault: see the module docstring for what it does instead.
    """
    if path is None:
        try:
            path = default_path()
        except Exception as exc:  # platformdirs missing or confused: still run
            return _memory_store(None, MSG_NO_FOLDER.format(folder="(unknown)", reason=exc))
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or exc
        return _memory_store(path, MSG_NO_FOLDER.format(folder=path.parent, reason=reason))
    try:
        # One opener at a time per folder (a few ms, once per process): a process that
        # finds the file damaged closes its connection and renames the file before any
        # other process can open it, so nobody acts on a file that was replaced under it.
        with _folder_lock(path.parent):
            return _open_file(path)
    except _FutureSchema as exc:
        return _memory_store(path, MSG_NEWER.format(path=path, found=exc.version))
    except _MigrationFailed as exc:
        notice = MSG_MIGRATION.format(path=path, found=exc.version, reason=_reason(exc.cause))
        shown = notice + MSG_SHOWN
    except (sqlite3.Error, _Damaged, OSError) as exc:
        reason = _reason(exc)
        if not os.access(path.parent, os.W_OK):  # say why in plain words (a read-only disk)
            reason = f"the folder {path.parent} is read-only; {reason}"
        notice, shown = (
            MSG_CANNOT_WRITE.format(path=path, reason=reason),
            MSG_READ_ONLY.format(path=path, reason=reason),
        )
    # Not writable: show what the file holds if it can be read; new work stays in memory.
    snapshot = _read_only_copy(path)
    if snapshot is not None:
        return ProgressStore(snapshot, path, persistent=False, notice=shown)
    return _memory_store(path, notice)


def _open_file(path: Path) -> ProgressStore:
    """Open `path`, moving it aside first if it is damaged; raises on other faults."""
    try:
        _check_header(path)
        return ProgressStore(_connect_file(path), path, persistent=True)
    except (sqlite3.Error, _Damaged) as exc:
        if not _is_damage(exc):
            raise
    moved = _move_aside(path)
    conn = _connect_file(path)
    return ProgressStore(conn, path, persistent=True, notice=MSG_DAMAGED.format(moved=moved))


_SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_header(path: Path) -> None:
    """Raise `_Damaged` if `path` exists, is not empty and is not an SQLite file.

    Checked before SQLite sees the file: SQLite would delete a stale ``-wal`` beside a
    file it cannot read, and that WAL may hold the newest progress.
    """
    try:
        with open(path, "rb") as f:
            head = f.read(len(_SQLITE_MAGIC))
    except FileNotFoundError:
        return
    if head and head != _SQLITE_MAGIC:
        raise _Damaged("not an SQLite file")


def _connect_file(path: Path) -> sqlite3.Connection:
    """A connection to `path`, checked and migrated; raises on any fault."""
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
    )
    try:
        conn.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
        _check_integrity(conn)
        _migrate(conn, probe_write=True)
        # Only now that the file is known to be ours: WAL is persistent once set (a no-op
        # afterwards). Where the file system cannot do WAL, the rollback journal still
        # works, with less concurrency.
        conn.execute("PRAGMA journal_mode = WAL").fetchone()
        conn.execute("PRAGMA synchronous = NORMAL")
    except BaseException:
        conn.close()
        raise
    return conn


def _memory_connection() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    _migrate(conn)
    return conn


def _memory_store(path: Path | None, notice: str) -> ProgressStore:
    return ProgressStore(_memory_connection(), path, persistent=False, notice=notice)


def _read_only_copy(path: Path) -> sqlite3.Connection | None:
    """An in-memory copy of the store at `path` read without writing anything, or None.

    ``mode=ro`` reads the WAL too; on read-only media without a ``-shm`` file SQLite
    cannot do that, and ``immutable=1`` reads the main file alone (complete after a
    clean exit, which folds the WAL back in).
    """
    if not path.is_file():
        return None
    uri = path.absolute().as_uri()
    for params in ("mode=ro", "immutable=1"):
        mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            src = sqlite3.connect(f"{uri}?{params}", uri=True, timeout=BUSY_TIMEOUT_S)
            try:
                _check_integrity(src)
                src.backup(mem)
            finally:
                src.close()
            _migrate(mem)  # an older version is upgraded in memory only
            return mem
        except (sqlite3.Error, _Damaged, _FutureSchema, _MigrationFailed):
            mem.close()
    return None


def _check_integrity(conn: sqlite3.Connection) -> None:
    """Raise `_Damaged` unless SQLite's quick check finds the file sound (O(size), ~ms)."""
    rows = conn.execute("PRAGMA quick_check").fetchall()
    if rows != [("ok",)]:
        raise _Damaged("; ".join(str(r[0]) for r in rows[:3]))


def _migrate(conn: sqlite3.Connection, *, probe_write: bool = False) -> None:
    """Bring the schema to `schema_version()`, all steps in one transaction.

    With `probe_write`, also prove the file is writable (a write rolled back), so a
    read-only file is found now rather than at the first save.
    """
    target = schema_version()
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > target:
        raise _FutureSchema(version)
    if version == target and not probe_write:
        return
    conn.execute("PRAGMA synchronous = FULL")  # migrations are rare: make them durable
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Re-read under the write lock: another process may have migrated meanwhile.
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > target:
            raise _FutureSchema(version)
        conn.execute(f"PRAGMA user_version = {version}")  # the write probe
        if version == target:
            conn.execute("ROLLBACK")
            return
        try:
            for step in range(version, target):
                MIGRATIONS[step](conn)
                conn.execute(f"PRAGMA user_version = {step + 1}")
        except sqlite3.Error as exc:
            raise _MigrationFailed(version, exc) from exc
        conn.execute("COMMIT")
    except BaseException:
        _rollback(conn)
        raise
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("PRAGMA synchronous = NORMAL")


def _move_aside(path: Path) -> Path:
    """Rename a damaged `path` (and its WAL) to ``<name>.broken-<UTC time>``."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    os.replace(path, target)
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        os.replace(wal, target.with_name(target.name + "-wal"))
    with contextlib.suppress(OSError):
        path.with_name(path.name + "-shm").unlink()  # an index of the WAL, rebuilt at will
    return target


@contextlib.contextmanager
def _folder_lock(folder: Path, wait_s: float = 10.0) -> Iterator[None]:
    """Hold an exclusive advisory lock on `folder` (POSIX flock), best effort.

    Without flock (Windows) or after `wait_s` (a stuck process), it goes on unlocked.
    """
    fd: int | None = None
    try:
        import fcntl

        fd = os.open(folder, os.O_RDONLY)
        deadline = time.monotonic() + wait_s
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.005)
    except (ImportError, OSError):
        pass
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # releases the lock


# --------------------------------------------------------------------------- errors


class _Damaged(Exception):
    """The quick check found the file damaged."""


class _FutureSchema(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(f"schema version {version}")
        self.version = version


class _MigrationFailed(Exception):
    def __init__(self, version: int, cause: BaseException) -> None:
        super().__init__(f"migration from version {version} failed: {cause}")
        self.version = version
        self.cause = cause


_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26


def _error_code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    return code & 0xFF if isinstance(code, int) else None


def _is_damage(exc: BaseException) -> bool:
    if isinstance(exc, _Damaged):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = _error_code(exc)
    if code is not None:
        return code in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


def _is_busy(exc: BaseException) -> bool:
    code = _error_code(exc)
    if code is not None:
        return code in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
    return "locked" in str(exc).lower()


def _is_storage_fault(exc: BaseException) -> bool:
    """A fault of the disk or file, as opposed to a bug in how the store is called."""
    return type(exc) in (sqlite3.OperationalError, sqlite3.DatabaseError)


_REASONS = {
    3: "permission denied",  # SQLITE_PERM
    5: "another program kept the file locked",  # SQLITE_BUSY
    6: "another program kept the file locked",  # SQLITE_LOCKED
    8: "the file or its folder is read-only",  # SQLITE_READONLY
    10: "a disk error",  # SQLITE_IOERR
    11: "the file is damaged",  # SQLITE_CORRUPT
    13: "the disk is full",  # SQLITE_FULL
    14: "the file cannot be opened",  # SQLITE_CANTOPEN
    26: "the file is not a database",  # SQLITE_NOTADB
}


def _reason(exc: BaseException) -> str:
    """A few plain words for the user, with SQLite's own message for the curious."""
    if isinstance(exc, _Damaged):
        return "the file is damaged"
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    code = _error_code(exc)
    plain = _REASONS.get(code) if code is not None else None
    return f"{plain}: {exc}" if plain and plain not in str(exc) else str(exc)


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


# --------------------------------------------------------------------------- helpers


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def _enc(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


def _dec(blob: bytes | str) -> str:
    if isinstance(blob, str):  # written by something else as TEXT
        return blob
    try:
        return bytes(blob).decode("utf-8", "surrogatepass")
    except UnicodeDecodeError:
        return bytes(blob).decode("utf-8", "replace")


@contextlib.contextmanager
def _transaction(conn: sqlite3.Connection, mode: str = "IMMEDIATE") -> Iterator[None]:
    """BEGIN (IMMEDIATE takes the write lock first: no read-then-upgrade deadlock)."""
    conn.execute(f"BEGIN {mode}")
    try:
        yield
    except BaseException:
        _rollback(conn)
        raise
    conn.execute("COMMIT")


def _status(has_attempt: bool, has_pass: bool) -> str:
    return PASSED if has_pass else ATTEMPTED if has_attempt else NEW


# --------------------------------------------------------------------------- the store


class ProgressStore:
    """A learner's progress. Thread-safe: one connection behind a lock."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path | None,
        *,
        persistent: bool,
        notice: str | None = None,
    ) -> None:
        self._conn = conn
        self._lock = threading.RLock()
        #: The database file, or where it was meant to be when not persistent.
        self.path = path
        #: True when progress is written to `path`; False when it lives in memory only.
        self.persistent = persistent
        #: Something the user should be told (once), or None.
        self.notice = notice

    # -- lifecycle

    def take_notice(self) -> str | None:
        """Return the pending notice and clear it, so it is shown only once."""
        with self._lock:
            notice, self.notice = self.notice, None
            return notice

    def close(self) -> None:
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._conn.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        where = str(self.path) if self.persistent else f"memory (not saved to {self.path})"
        return f"<ProgressStore {where}>"

    def _run(self, fn: Callable[[sqlite3.Connection], _T], *, durable: bool = False) -> _T:
        """Run `fn` on the connection, surviving storage faults (see module docstring)."""
        with self._lock:
            busy_retries = 2
            while True:
                conn = self._conn
                sync = durable and self.persistent
                try:
                    if sync:
                        conn.execute("PRAGMA synchronous = FULL")
                    try:
                        return fn(conn)
                    finally:
                        if sync:
                            with contextlib.suppress(sqlite3.Error):
                                conn.execute("PRAGMA synchronous = NORMAL")
                except sqlite3.Error as exc:
                    _rollback(conn)
                    if not self.persistent or not _is_storage_fault(exc):
                        raise
                    if _is_busy(exc) and busy_retries:
                        busy_retries -= 1
                        continue
                    self._fall_back_to_memory(exc)

    def _fall_back_to_memory(self, exc: BaseException) -> None:
        """Carry on in memory with a copy of what is readable, and tell the user."""
        old = self._conn
        mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            old.backup(mem)
            _check_integrity(mem)
            _migrate(mem)
        except (sqlite3.Error, _Damaged, _FutureSchema, _MigrationFailed):
            mem.close()
            mem = _memory_connection()
        with contextlib.suppress(sqlite3.Error):
            old.close()
        self._conn = mem
        self.persistent = False
        self.notice = MSG_LOST_STORAGE.format(path=self.path, reason=_reason(exc))

    # -- attempts and status

    def record_attempt(
        self,
        course_id: str,
        exercise_id: str,
        *,
        passed: bool,
        criteria_passed: int,
        criteria_total: int,
        submission: str,
        lesson_id: str | None = None,
    ) -> int:
        """Store one marked submission (durably: fsynced at commit). Returns its id."""
        row = (
            course_id,
            exercise_id,
            lesson_id,
            _now(),
            int(bool(passed)),
            int(criteria_passed),
            int(criteria_total),
            _enc(submission),
        )

        def write(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO attempts (course_id, exercise_id, lesson_id, at, passed,"
                " criteria_passed, criteria_total, submission) VALUES (?,?,?,?,?,?,?,?)",
                row,
            )
            return int(cur.lastrowid or 0)

        return self._run(write, durable=True)

    def attempts(self, course_id: str, exercise_id: str) -> list[Attempt]:
        """Every attempt at an exercise, oldest first."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT id, exercise_id, lesson_id, at, passed, criteria_passed,"
                " criteria_total, submission FROM attempts"
                " WHERE course_id = ? AND exercise_id = ? ORDER BY id",
                (course_id, exercise_id),
            ).fetchall()
        )
        return [Attempt(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], _dec(r[7])) for r in rows]

    def exercise_status(self, course_id: str, exercise_id: str) -> str:
        """The status of one exercise: "new", "attempted" or "passed"."""
        count, best = self._run(
            lambda c: c.execute(
                "SELECT COUNT(*), MAX(passed) FROM attempts"
                " WHERE course_id = ? AND exercise_id = ?",
                (course_id, exercise_id),
            ).fetchone()
        )
        return _status(count > 0, bool(best))

    def statuses(self, course_id: str) -> dict[str, str]:
        """Status of every exercise with an attempt, in one query; the others are "new"."""
        rows = self._run(
            lambda c: c.execute(
                "SELECT exercise_id, MAX(passed) FROM attempts"
                " WHERE course_id = ? GROUP BY exercise_id",
                (course_id,),
            ).fetchall()
        )
        return {ex: _status(True, bool(best)) for ex, best in rows}

    def failures_since_pass(self, course_id: str, exercise_id: str) -> int:
        """Failing attempts after the latest passing one (all of them if none passed)."""
        return self._run(
            lambda c: c.execute(
                "SELECT COUNT(*) FROM attempts WHERE course_id = ?1 AND exercise_id = ?2"
                " AND passed = 0 AND id > COALESCE((SELECT MAX(id) FROM attempts"
                " WHERE course_id = ?1 AND exercise_id = ?2 AND passed = 1), 0)",
                (course_id, exercise_id),
            ).fetchone()[0]
        )

    # -- drafts, hints, solutions

    def save_draft(self, course_id: str, exercise_id: str, text: str) -> None:
        """Keep `text` as the exercise's draft (one UPSERT, no fsync: call it freely)."""
        args = (course_id, exercise_id, _enc(text), _now())
        self._run(
            lambda c: c.execute(
                "INSERT INTO drafts (course_id, exercise_id, text, saved_at) VALUES (?,?,?,?)"
                " ON CONFLICT (course_id, exercise_id)"
                " DO UPDATE SET text = excluded.text, saved_at = excluded.saved_at",
                args,
            )
        )

    def load_draft(self, course_id: str, exercise_id: str) -> Draft | None:
        row = self._run(
            lambda c: c.execute(
                "SELECT text, saved_at FROM drafts WHERE course_id = ? AND exercise_id = ?",
                (course_id, exercise_id),
            ).fetchone()
        )
        return Draft(_dec(row[0]), row[1]) if row else None

    def reveal_hint(self, course_id: str, exercise_id: str, index: int) -> int:
        """Reveal hint `index` (0-based) and those before it; returns how many are revealed.

        Monotonic: revealing an earlier hint again never hides a later one.
        """
        if index < 0:
            raise ValueError(f"hint index must be >= 0, not {index}")

        def write(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                conn.execute(
                    "INSERT INTO hints (course_id, exercise_id, revealed, updated_at)"
                    " VALUES (?,?,?,?) ON CONFLICT (course_id, exercise_id) DO UPDATE SET"
                    " revealed = max(revealed, excluded.revealed),"
                    " updated_at = excluded.updated_at",
                    (course_id, exercise_id, index + 1, _now()),
                )
                return _hints(conn, course_id, exercise_id)

        return self._run(write)

    def hints_revealed(self, course_id: str, exercise_id: str) -> int:
        return self._run(lambda c: _hints(c, course_id, exercise_id))

    def mark_solution_viewed(self, course_id: str, exercise_id: str) -> None:
        """Remember that the solution was shown (the first time is kept)."""
        self._run(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO solutions_viewed (course_id, exercise_id, viewed_at)"
                " VALUES (?,?,?)",
                (course_id, exercise_id, _now()),
            )
        )

    def solution_viewed(self, course_id: str, exercise_id: str) -> bool:
        return self._run(
            lambda c: (
                c.execute(
                    "SELECT 1 FROM solutions_viewed WHERE course_id = ? AND exercise_id = ?",
                    (course_id, exercise_id),
                ).fetchone()
                is not None
            )
        )

    # -- inline checks and position

    def answer_check(
        self, course_id: str, lesson_id: str, check_id: str, choice_index: int, correct: bool
    ) -> None:
        """Record an answer to a lesson's inline question (the latest one is kept)."""
        self._run(
            lambda c: c.execute(
                "INSERT INTO check_answers (course_id, lesson_id, check_id, choice_index,"
                " correct, tries, answered_at) VALUES (?,?,?,?,?,1,?)"
                " ON CONFLICT (course_id, lesson_id, check_id) DO UPDATE SET"
                " choice_index = excluded.choice_index, correct = excluded.correct,"
                " tries = tries + 1, answered_at = excluded.answered_at",
                (course_id, lesson_id, check_id, int(choice_index), int(bool(correct)), _now()),
            )
        )

    def check_answer(self, course_id: str, lesson_id: str, check_id: str) -> CheckAnswer | None:
        row = self._run(
            lambda c: c.execute(
                "SELECT choice_index, correct, tries, answered_at FROM check_answers"
                " WHERE course_id = ? AND lesson_id = ? AND check_id = ?",
                (course_id, lesson_id, check_id),
            ).fetchone()
        )
        return CheckAnswer(row[0], bool(row[1]), row[2], row[3]) if row else None

    def set_position(
        self,
        course_id: str,
        lesson_id: str,
        *,
        section: int | None = None,
        exercise_id: str | None = None,
    ) -> None:
        """Remember where the learner is: a lesson page, or an exercise of the lesson."""
        self._run(
            lambda c: c.execute(
                "INSERT INTO positions (course_id, lesson_id, section, exercise_id, updated_at)"
                " VALUES (?,?,?,?,?) ON CONFLICT (course_id) DO UPDATE SET"
                " lesson_id = excluded.lesson_id, section = excluded.section,"
                " exercise_id = excluded.exercise_id, updated_at = excluded.updated_at",
                (course_id, lesson_id, section, exercise_id, _now()),
            )
        )

    def position(self, course_id: str) -> Position | None:
        row = self._run(
            lambda c: c.execute(
                "SELECT lesson_id, section, exercise_id, updated_at FROM positions"
                " WHERE course_id = ?",
                (course_id,),
            ).fetchone()
        )
        return Position(*row) if row else None

    # -- reset

    def reset_exercise(self, course_id: str, exercise_id: str) -> int:
        """Forget attempts, draft, hints and solution view of one exercise.

        Returns the number of records removed.
        """

        def write(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                return sum(
                    conn.execute(
                        f"DELETE FROM {table} WHERE course_id = ? AND exercise_id = ?",
                        (course_id, exercise_id),
                    ).rowcount
                    for table in _EXERCISE_TABLES
                )

        return self._run(write, durable=True)

    def reset_course(self, course_id: str) -> int:
        """Forget everything about a course. Returns the number of records removed."""

        def write(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                return sum(
                    conn.execute(f"DELETE FROM {table} WHERE course_id = ?", (course_id,)).rowcount
                    for table in _COURSE_TABLES
                )

        return self._run(write, durable=True)

    # -- export

    def export(self, course_id: str | None = None, *, texts: bool = False) -> dict[str, Any]:
        """Everything known about one course (or all), as JSON-ready data.

        ``{"format": "tooltutor-progress", "schema_version", "exported_at",
        "store": {"path", "persistent"}, "courses": {course_id: {"exercises": {id: {
        "status", "lesson_id", "attempts", "passed_attempts", "failures_since_pass",
        "first_passed_at", "last_attempt_at", "last_criteria_passed",
        "last_criteria_total", "hints_revealed", "solution_viewed", "draft_saved_at"}},
        "checks": {lesson_id: {check_id: {"choice_index", "correct", "tries",
        "answered_at"}}}, "position": {...} | None}}}``. With `texts`, each exercise
        also has "draft" (text or None) and "history" (every attempt with its submission).
        """

        def read(conn: sqlite3.Connection) -> dict[str, Any]:
            with _transaction(conn, "DEFERRED"):  # one consistent snapshot
                return _export(conn, course_id, texts)

        data = self._run(read)
        return {
            "format": "tooltutor-progress",
            "schema_version": schema_version(),
            "exported_at": _now(),
            "store": {
                "path": str(self.path) if self.path else None,
                "persistent": self.persistent,
            },
            "courses": data,
        }


def _hints(conn: sqlite3.Connection, course_id: str, exercise_id: str) -> int:
    row = conn.execute(
        "SELECT revealed FROM hints WHERE course_id = ? AND exercise_id = ?",
        (course_id, exercise_id),
    ).fetchone()
    return int(row[0]) if row else 0


def _export(conn: sqlite3.Connection, course_id: str | None, texts: bool) -> dict[str, Any]:
    if course_id is None:
        course_ids = sorted(
            row[0]
            for row in conn.execute(
                " UNION ".join(f"SELECT course_id FROM {t}" for t in _COURSE_TABLES)
            )
        )
    else:
        course_ids = [course_id]
    return {cid: _export_course(conn, cid, texts) for cid in course_ids}


def _export_course(conn: sqlite3.Connection, course_id: str, texts: bool) -> dict[str, Any]:
    exercises: dict[str, dict[str, Any]] = {}

    def entry(exercise_id: str) -> dict[str, Any]:
        if exercise_id not in exercises:
            exercises[exercise_id] = {
                "status": NEW,
                "lesson_id": None,
                "attempts": 0,
                "passed_attempts": 0,
                "failures_since_pass": 0,
                "first_passed_at": None,
                "last_attempt_at": None,
                "last_criteria_passed": None,
                "last_criteria_total": None,
                "hints_revealed": 0,
                "solution_viewed": False,
                "draft_saved_at": None,
            }
            if texts:
                exercises[exercise_id].update(draft=None, history=[])
        return exercises[exercise_id]

    args = (course_id,)
    for ex, count, passes, first_pass, last_id in conn.execute(
        "SELECT exercise_id, COUNT(*), SUM(passed), MIN(CASE WHEN passed THEN at END),"
        " MAX(id) FROM attempts WHERE course_id = ? GROUP BY exercise_id",
        args,
    ):
        e = entry(ex)
        e.update(
            status=_status(True, passes > 0),
            attempts=count,
            passed_attempts=passes,
            first_passed_at=first_pass,
        )
        lesson, at, cp, ct = conn.execute(
            "SELECT lesson_id, at, criteria_passed, criteria_total FROM attempts WHERE id = ?",
            (last_id,),
        ).fetchone()
        e.update(lesson_id=lesson, last_attempt_at=at, last_criteria_passed=cp)
        e["last_criteria_total"] = ct
    for ex, failures in conn.execute(
        "SELECT a.exercise_id, COUNT(*) FROM attempts a WHERE a.course_id = ?1"
        " AND a.passed = 0 AND a.id > COALESCE((SELECT MAX(b.id) FROM attempts b"
        " WHERE b.course_id = ?1 AND b.exercise_id = a.exercise_id AND b.passed = 1), 0)"
        " GROUP BY a.exercise_id",
        args,
    ):
        entry(ex)["failures_since_pass"] = failures
    for ex, revealed in conn.execute(
        "SELECT exercise_id, revealed FROM hints WHERE course_id = ?", args
    ):
        entry(ex)["hints_revealed"] = revealed
    for (ex,) in conn.execute("SELECT exercise_id FROM solutions_viewed WHERE course_id = ?", args):
        entry(ex)["solution_viewed"] = True
    for ex, saved_at, text in conn.execute(
        "SELECT exercise_id, saved_at, text FROM drafts WHERE course_id = ?", args
    ):
        e = entry(ex)
        e["draft_saved_at"] = saved_at
        if texts:
            e["draft"] = _dec(text)
    if texts:
        for row in conn.execute(
            "SELECT exercise_id, id, at, passed, criteria_passed, criteria_total, submission"
            " FROM attempts WHERE course_id = ? ORDER BY id",
            args,
        ):
            entry(row[0])["history"].append(
                {
                    "id": row[1],
                    "at": row[2],
                    "passed": bool(row[3]),
                    "criteria_passed": row[4],
                    "criteria_total": row[5],
                    "submission": _dec(row[6]),
                }
            )

    checks: dict[str, dict[str, Any]] = {}
    for lesson, check, choice, correct, tries, at in conn.execute(
        "SELECT lesson_id, check_id, choice_index, correct, tries, answered_at"
        " FROM check_answers WHERE course_id = ? ORDER BY lesson_id, check_id",
        args,
    ):
        checks.setdefault(lesson, {})[check] = {
            "choice_index": choice,
            "correct": bool(correct),
            "tries": tries,
            "answered_at": at,
        }
    row = conn.execute(
        "SELECT lesson_id, section, exercise_id, updated_at FROM positions WHERE course_id = ?",
        args,
    ).fetchone()
    position = (
        {"lesson_id": row[0], "section": row[1], "exercise_id": row[2], "at": row[3]}
        if row
        else None
    )
    return {
        "exercises": dict(sorted(exercises.items())),
        "checks": checks,
        "position": position,
    }


# --------------------------------------------------------------------------- messages

MSG_DAMAGED = (
    "Your progress file was damaged, so it was moved aside to {moved} and a new one was "
    "started. Progress from before is in that file."
)
MSG_NO_FOLDER = (
    "Progress will not be saved: the folder {folder} cannot be created ({reason}). "
    "Set TOOLTUTOR_HOME to a folder you can write to."
)
MSG_CANNOT_WRITE = (
    "Progress will not be saved: {path} cannot be written ({reason}). "
    "Set TOOLTUTOR_HOME to a folder you can write to."
)
MSG_READ_ONLY = (
    "Progress will not be saved: {path} cannot be written ({reason}). Your progress so "
    "far is shown, but what you do now is kept only until you quit. Set TOOLTUTOR_HOME "
    "to a folder you can write to."
)
MSG_SHOWN = " Your progress so far is shown; what you do now is kept only until you quit."
MSG_NEWER = (
    "Progress will not be saved: {path} was written by a newer tooltutor (schema version "
    "{found}); it was left untouched. Upgrade tooltutor to keep using it."
)
MSG_MIGRATION = (
    "Progress will not be saved: {path} (schema version {found}) could not be upgraded "
    "({reason}); it was left untouched."
)
MSG_LOST_STORAGE = (
    "Progress can no longer be saved to {path} ({reason}). What you do from now on is "
    "kept only until you quit."
)
