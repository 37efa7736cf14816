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

    store.use_course(course) -> str                            # key the course by its folder
    store.save_draft(course, exercise, text) -> DraftConflict | None   # cheap: every pause
    store.load_draft(course, exercise) -> Draft | None         # also the base of later saves
    store.draft_conflicts(course, exercise) -> list[Draft]     # texts a save did not put in
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

Courses: the rows of a course are keyed by its id. Two courses with the same id in
different folders keep separate progress: `use_course` (called by every command and the
TUI with the course they loaded) maps the id to a key of that folder's own, and every call
afterwards names the course by its id as before. The first folder seen with an id keeps the
plain id as its key (so progress stored before folders were told apart stays with the
course the learner has), a later one gets ``id@folder``; the bundled course always has its
plain id; a folder whose course is gone (moved) hands its key to the next folder with that
id.

Drafts are compare-and-swap: each carries a revision, and a store saves over the revision
it last loaded or saved. When another process (a second TUI, ``watch``) saved the draft
since, the save does not overwrite it: the text is kept as a conflict copy
(`draft_conflicts`) and `save_draft` returns a `DraftConflict` the caller shows; later
saves of that store keep updating its copy until it loads the draft again. A store that
never loaded the draft writes as before (last writer wins).

Status: "passed" once any attempt has passed, ever; "attempted" after a failing attempt
only; "new" otherwise (a draft or a hint alone does not make an exercise attempted).
Times are UTC ISO-8601 strings (``2026-05-09T07:35:25.123+00:00``). A learner's text is
stored verbatim as UTF-8 with ``surrogatepass`` in a BLOB, so any ``str`` is accepted,
lone surrogates and NULs included.

The file is the store's own: it is created 0600 in a folder created 0700, opened by an
absolute path (never an SQLite URI), and a database (or its ``-wal`` / ``-shm``) that is
a symbolic link, has a second name (a hard link), or is not a regular file is not written
to: see `open_store`. ``ATTACH`` is switched off on every connection.

Faults never stop the app:

- A damaged file, or one that is not a database (SQLite's ``quick_check`` at open, a
  header check before SQLite touches it), is renamed ``progress.db.broken-<UTC time>``
  (its ``-wal`` beside it), a new store is started, and ``notice`` says so. The next run
  finds a healthy file and says nothing, so the user is told once. Opening holds an
  advisory lock on the folder, so two processes finding the same damage move it once.
- An empty file beside a write-ahead log that holds data (the file truncated, or copied
  without its last checkpoint): SQLite would delete that log, so the store first gives the
  file one blank page, SQLite replays the log, and the progress in it is kept (with a
  notice). If the log does not make a sound database, both are moved aside as damaged.
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
import re
import sqlite3
import stat
import struct
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
    """The latest unsubmitted text of an exercise (or a conflict copy of one)."""

    text: str
    saved_at: str
    #: counts the saves of the draft (1 for the first); a conflict copy: the revision of
    #: the draft it was not saved over
    revision: int = 0


@dataclass(frozen=True)
class DraftConflict:
    """What `save_draft` returns when it did not overwrite a draft saved by someone else.

    The text that was not saved is kept as a conflict copy (`draft_conflicts`); the draft
    stays as the other writer left it.
    """

    exercise_id: str
    #: when the draft that was kept was saved (UTC ISO-8601)
    other_saved_at: str
    #: True for the first conflict since this store loaded the draft: tell the learner now
    first: bool


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


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Draft revisions and conflict copies; courses told apart by their folder.

    Rows already stored keep their course id as key: the first folder that opens a course
    with that id (or the bundled course, whose id is reserved for it) claims them.
    """
    for statement in (
        "ALTER TABLE drafts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1",
        """CREATE TABLE draft_conflicts (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            writer TEXT NOT NULL,
            text BLOB NOT NULL,
            saved_at TEXT NOT NULL,
            draft_revision INTEGER NOT NULL,
            PRIMARY KEY (course_id, exercise_id, writer)
        )""",
        """CREATE TABLE course_folders (
            course_id TEXT NOT NULL,
            folder TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE,
            claimed_at TEXT NOT NULL,
            PRIMARY KEY (course_id, folder)
        ) WITHOUT ROWID""",
    ):
        conn.execute(statement)


#: MIGRATIONS[n] upgrades schema version n to n + 1. Append; never edit a shipped one.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_to_1, _migrate_to_2]

#: Tables holding per-exercise rows, cleared by reset_exercise.
_EXERCISE_TABLES = ("attempts", "drafts", "draft_conflicts", "hints", "solutions_viewed")
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


def open_store(path: str | os.PathLike[str] | None = None, *, course: Any = None) -> ProgressStore:
    """Open (creating if needed) the store at `path`, default ``default_path()``.

    With `course` (a loaded course), the store is keyed to it at once (`use_course`).
    Never raises for a storage fault: see the module docstring for what it does instead.
    """
    store = _open_store(path)
    if course is not None:
        store.use_course(course)
    return store


def _open_store(path: str | os.PathLike[str] | None) -> ProgressStore:
    if path is None:
        try:
            path = default_path()
        except Exception as exc:  # platformdirs missing or confused: still run
            return _memory_store(None, MSG_NO_FOLDER.format(folder="(unknown)", reason=exc))
    # Absolute, so that SQLite can never take it for a URI ("file:...?mode=memory").
    path = Path(os.path.abspath(path))
    try:
        _make_folder(path.parent)
    except OSError as exc:
        reason = exc.strerror or exc
        return _memory_store(path, MSG_NO_FOLDER.format(folder=path.parent, reason=reason))
    try:
        # One opener at a time per folder (a few ms, once per process): a process that
        # finds the file damaged closes its connection and renames the file before any
        # other process can open it, so nobody acts on a file that was replaced under it.
        with _folder_lock(path.parent):
            return _open_file(path)
    except _NotOwnFile as exc:
        snapshot = _read_only_copy(path, use_wal=exc.use_wal) if exc.readable else None
        if snapshot is not None:
            return ProgressStore(snapshot, path, persistent=False, notice=exc.notice + MSG_SHOWN)
        return _memory_store(path, exc.notice)
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


def _make_folder(folder: Path) -> None:
    """Create the data folder readable by its owner only (0700); its parents as usual."""
    if folder.is_dir():
        return
    folder.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        if not folder.is_dir():
            raise


def _open_file(path: Path) -> ProgressStore:
    """Open `path`, moving it aside first if it is damaged; raises on other faults."""
    notices: list[str] = []
    created = kept_wal = None
    try:
        created = _make_own_file(path, notices)
        _check_header(path)
        kept_wal = _give_wal_a_page(path)
        checked = os.lstat(path)
        conn = _connect_file(path)
        if kept_wal is not None:
            notices.append(MSG_RECOVERED.format(wal=_side(path, "-wal")))
    except (sqlite3.Error, _Damaged) as exc:
        if not _is_damage(exc):
            _forget_created(path, created)
            raise
        moved = _move_aside(path)
        if kept_wal is not None:
            # The log as it was found (closing the connection may have folded it in).
            os.replace(kept_wal, moved.with_name(moved.name + "-wal"))
            kept_wal = None
        notices.append(MSG_DAMAGED.format(moved=moved))
        created = _make_own_file(path, notices)
        checked = os.lstat(path)
        try:
            conn = _connect_file(path)
        except BaseException:
            _forget_created(path, created)
            raise
    except BaseException:
        _forget_created(path, created)
        raise
    finally:
        if kept_wal is not None:
            with contextlib.suppress(OSError):
                kept_wal.unlink()
    try:
        _check_still_own(path, checked)
    except BaseException:
        conn.close()
        raise
    return ProgressStore(conn, path, persistent=True, notice=" ".join(notices) or None)


# -- the store's own file: no link, no second name, nothing but a regular file

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)
#: A new file of our own: never through a link, never an existing file.
_CREATE_PRIVATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY


def _side(path: Path, suffix: str) -> Path:
    """The ``-wal`` or ``-shm`` file SQLite keeps beside `path`."""
    return path.with_name(path.name + suffix)


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in a few words."""
    for test, words in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISLNK, "a symbolic link"),
    ):
        if test(mode):
            return words
    return "not a regular file"


def _open_regular(path: Path, flags: int) -> int:
    """A descriptor of `path` opened without following a link and without waiting (a FIFO
    opens at once); `_NotOwnFile` unless it is a regular file."""
    fd = os.open(path, flags | _O_NOFOLLOW | _O_NONBLOCK | _O_CLOEXEC | _O_BINARY)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _NotOwnFile(MSG_CHANGED.format(path=path), readable=False)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _make_own_file(path: Path, notices: list[str]) -> os.stat_result | None:
    """Make sure `path` and its ``-wal`` and ``-shm`` are the store's own files.

    Appends to `notices` what was done (a FIFO moved aside, a hard link broken); raises
    `_NotOwnFile` when the file may not be written: a symbolic link, or a second name
    while another process may have it open. Creates `path` (0600) when it is missing, and
    then returns its stat (see `_forget_created`).
    """
    wal, shm = _side(path, "-wal"), _side(path, "-shm")
    for target in (path, wal, shm):
        try:
            st = os.lstat(target)
        except FileNotFoundError:
            continue
        if stat.S_ISLNK(st.st_mode):
            try:
                points_to = os.readlink(target)
            except OSError:
                points_to = "?"
            raise _NotOwnFile(
                MSG_SYMLINK.format(path=target, target=points_to),
                readable=os.path.isfile(path),
                use_wal=target == path,
            )
        if not stat.S_ISREG(st.st_mode):
            # Nothing to keep in a FIFO or a device; a folder is kept as it is, renamed.
            moved = _set_aside(target, "not-a-file")
            template = MSG_NOT_A_FILE if target == path else MSG_SIDE_NOT_A_FILE
            notices.append(template.format(path=target, kind=_kind(st.st_mode), moved=moved))
            continue
        if st.st_nlink > 1:
            if target == path and not (wal.exists() or shm.exists()):
                # Closed everywhere (SQLite removes both when the last connection closes):
                # take a copy of our own; the other name keeps the old one.
                _break_link(path)
                notices.append(MSG_LINK_BROKEN.format(path=path))
                continue
            raise _NotOwnFile(
                MSG_HARD_LINK.format(path=target, names=st.st_nlink),
                readable=os.path.isfile(path),
                use_wal=target == path,
            )
    if os.path.lexists(path):
        return None
    try:
        fd = os.open(path, _CREATE_PRIVATE, 0o600)
    except FileExistsError:
        return None
    try:
        return os.fstat(fd)
    finally:
        os.close(fd)


def _forget_created(path: Path, created: os.stat_result | None) -> None:
    """Remove the empty file `_make_own_file` created, when it could not be opened after
    all (a read-only disk): nothing is left behind."""
    if created is None:
        return
    with contextlib.suppress(OSError):
        st = os.lstat(path)
        if (st.st_dev, st.st_ino) == (created.st_dev, created.st_ino) and st.st_size == 0:
            path.unlink()


def _check_still_own(path: Path, checked: os.stat_result) -> None:
    """After SQLite opened the files by name: `path` is still the file checked before
    (`checked`), and it and its -wal and -shm are regular files with one name each."""
    for target in (path, _side(path, "-wal"), _side(path, "-shm")):
        try:
            st = os.lstat(target)
        except FileNotFoundError:
            if target == path:
                raise _NotOwnFile(MSG_CHANGED.format(path=path), readable=False) from None
            continue
        same = target != path or (st.st_dev, st.st_ino) == (checked.st_dev, checked.st_ino)
        if not same or not stat.S_ISREG(st.st_mode) or st.st_nlink > 1:
            raise _NotOwnFile(MSG_CHANGED.format(path=target), readable=False)


def _break_link(path: Path) -> None:
    """Replace `path` by a copy of it with one name (0600), atomically."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.copy")
    _copy_private(path, tmp)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def _copy_private(source: Path, target: Path) -> None:
    """Copy the regular file `source` to a new file `target` (0600), fsynced."""
    src = _open_regular(source, os.O_RDONLY)
    try:
        dst = os.open(target, _CREATE_PRIVATE, 0o600)
        try:
            while True:
                chunk = os.read(src, 1 << 20)
                if not chunk:
                    break
                view = memoryview(chunk)
                while view:
                    view = view[os.write(dst, view) :]
            os.fsync(dst)
        except BaseException:
            os.close(dst)
            with contextlib.suppress(OSError):
                target.unlink()
            raise
        os.close(dst)
    finally:
        os.close(src)


_WAL_MAGIC = (0x377F0682, 0x377F0683)
_WAL_HEADER, _WAL_FRAME_HEADER = 32, 24


def _give_wal_a_page(path: Path) -> Path | None:
    """An empty `path` beside a WAL that holds frames: write one blank page into `path`.

    SQLite deletes the WAL of a database file of size 0 (it takes it for a leftover);
    with one page in the file it replays the WAL instead, and every page the WAL holds is
    read from there. When it did that, returns a copy of the WAL as found (to set aside
    with the file should the log not make a sound database); else None.
    """
    wal = _side(path, "-wal")
    try:
        if os.lstat(path).st_size != 0 or os.lstat(wal).st_size < _WAL_HEADER:
            return None
        fd = _open_regular(wal, os.O_RDONLY)
        try:
            head = os.read(fd, _WAL_HEADER)
            size = os.fstat(fd).st_size
        finally:
            os.close(fd)
    except (FileNotFoundError, _NotOwnFile):
        return None
    magic, _version, page_size = struct.unpack(">III", head[:12])
    if magic not in _WAL_MAGIC or not 512 <= page_size <= 65536 or page_size & (page_size - 1):
        return None
    if size < _WAL_HEADER + _WAL_FRAME_HEADER + page_size:
        return None  # not one whole frame: nothing to recover
    kept = path.with_name(f".{path.name}-wal.{os.getpid()}.{os.urandom(4).hex()}.kept")
    _copy_private(wal, kept)
    fd = _open_regular(path, os.O_WRONLY)
    try:
        if os.fstat(fd).st_size != 0:
            kept.unlink()
            return None
        view = memoryview(bytes(page_size))
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
    return kept


def _set_aside(path: Path, label: str) -> Path:
    """Rename `path` to ``<name>.<label>-<UTC time>`` (its content untouched)."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    os.replace(path, target)
    return target


_SQLITE_MAGIC = b"SQLite format 3\x00"


def _check_header(path: Path) -> None:
    """Raise `_Damaged` if `path` exists, is not empty and is not an SQLite file.

    Checked before SQLite sees the file: SQLite would delete a stale ``-wal`` beside a
    file it cannot read, and that WAL may hold the newest progress.
    """
    try:
        fd = _open_regular(path, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        head = os.read(fd, len(_SQLITE_MAGIC))
    finally:
        os.close(fd)
    if head and head != _SQLITE_MAGIC:
        raise _Damaged("not an SQLite file")


def _deny_attach(action: int, *_args: object) -> int:
    return sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_ATTACH else sqlite3.SQLITE_OK


def _harden(conn: sqlite3.Connection) -> sqlite3.Connection:
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


def _connect_file(path: Path) -> sqlite3.Connection:
    """A connection to `path`, checked and migrated; raises on any fault."""
    conn = sqlite3.connect(
        str(path), timeout=BUSY_TIMEOUT_S, isolation_level=None, check_same_thread=False
    )
    try:
        _harden(conn)
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
    conn = _harden(sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
    _migrate(conn)
    return conn


def _memory_store(path: Path | None, notice: str) -> ProgressStore:
    return ProgressStore(_memory_connection(), path, persistent=False, notice=notice)


def _read_only_copy(path: Path, *, use_wal: bool = True) -> sqlite3.Connection | None:
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
        mem = _harden(sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False))
        try:
            src = sqlite3.connect(f"{uri}?{params}", uri=True, timeout=BUSY_TIMEOUT_S)
            try:
                _harden(src)
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


class _NotOwnFile(Exception):
    """The file may not be written: a link, a second name, or changed while opening."""

    def __init__(self, notice: str, *, readable: bool, use_wal: bool = True) -> None:
        super().__init__(notice)
        self.notice = notice
        #: whether the memory store may start as a copy of what the file holds
        self.readable = readable
        #: whether that copy may read the -wal beside it (not when the -wal is the link)
        self.use_wal = use_wal


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


# --------------------------------------------------------------------------- courses


def course_folder(course: Any) -> str | None:
    """The resolved folder of `course`, or None for the bundled course (or no folder)."""
    root = getattr(course, "root", None)
    if root is None:
        return None
    try:
        folder = Path(root).resolve()
        from tooltutor.course import bundled_course_dir

        if folder == bundled_course_dir().resolve():
            return None
    except (OSError, RuntimeError, ValueError):
        return str(Path(os.path.abspath(root)))
    return str(folder)


_ID_LINE = re.compile(rb"^id:[ \t]*[\"']?([A-Za-z0-9_.-]+)", re.MULTILINE)


def _course_id_in(folder: str | Path) -> str | None:
    """The id in ``folder/course.yaml`` (its ``id:`` line), or None: no course there."""
    from tooltutor.course.yamlsource import YamlFileError, read_regular_file

    try:
        raw = read_regular_file(Path(folder) / "course.yaml")
    except (YamlFileError, OSError):
        return None
    match = _ID_LINE.search(raw)
    return match.group(1).decode("ascii") if match else None


_bundled_id: list[str | None] = []


def _bundled_course_id() -> str | None:
    """The id of the bundled course: reserved for it, so its progress stays its own."""
    if not _bundled_id:
        from tooltutor.course import bundled_course_dir

        _bundled_id.append(_course_id_in(bundled_course_dir()))
    return _bundled_id[0]


def _claim_course(conn: sqlite3.Connection, course_id: str, folder: str) -> str:
    """The key of (course id, folder), claimed now if this folder is new to the store."""
    find = "SELECT key FROM course_folders WHERE course_id = ? AND folder = ?"
    row = conn.execute(find, (course_id, folder)).fetchone()
    if row:
        return str(row[0])
    with _transaction(conn):
        row = conn.execute(find, (course_id, folder)).fetchone()
        if row:
            return str(row[0])
        claims = conn.execute(
            "SELECT folder, key FROM course_folders WHERE course_id = ? ORDER BY claimed_at DESC",
            (course_id,),
        ).fetchall()
        key = None
        if course_id not in {k for _, k in claims} and course_id != _bundled_course_id():
            key = course_id  # the first folder with this id: the rows stored under it
        else:
            # A folder whose course has gone (moved, renamed) hands its progress on.
            for old, old_key in claims:
                if _course_id_in(old) != course_id:
                    conn.execute(
                        "DELETE FROM course_folders WHERE course_id = ? AND folder = ?",
                        (course_id, old),
                    )
                    key = old_key
                    break
        if key is None:
            key = f"{course_id}@{folder}"
        conn.execute(
            "INSERT INTO course_folders (course_id, folder, key, claimed_at) VALUES (?,?,?,?)",
            (course_id, folder, key, _now()),
        )
        return key


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
        #: course id -> the key its rows are stored under (`use_course`)
        self._keys: dict[str, str] = {}
        #: (course key, exercise) -> the draft revision this store last loaded or saved
        self._bases: dict[tuple[str, str], int] = {}
        #: drafts whose save met a newer draft: later saves go to the conflict copy
        self._conflicted: set[tuple[str, str]] = set()
        #: names this store's conflict copies (one per store and exercise)
        self._writer = f"{os.getpid()}-{os.urandom(6).hex()}"

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

    # -- courses

    def _key(self, course_id: str) -> str:
        return self._keys.get(course_id, course_id)

    def use_course(self, course: Any) -> str:
        """Keep the progress of `course` (a loaded course) under a key of its folder's own.

        Every later call that names ``course.id`` reads and writes that key. Returns the
        key: the plain id for the bundled course and for the first folder seen with that
        id, ``id@folder`` for another folder with the same id. A course object without a
        folder (``root``) keeps its plain id.
        """
        course_id = str(course.id)
        folder = course_folder(course)
        with self._lock:
            if folder is None:
                self._keys.pop(course_id, None)
                return course_id
            key = self._run(lambda c: _claim_course(c, course_id, folder))
            self._keys[course_id] = key
            return key

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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
        return self._run(
            lambda c: c.execute(
                "SELECT COUNT(*) FROM attempts WHERE course_id = ?1 AND exercise_id = ?2"
                " AND passed = 0 AND id > COALESCE((SELECT MAX(id) FROM attempts"
                " WHERE course_id = ?1 AND exercise_id = ?2 AND passed = 1), 0)",
                (course_id, exercise_id),
            ).fetchone()[0]
        )

    # -- drafts, hints, solutions

    def save_draft(self, course_id: str, exercise_id: str, text: str) -> DraftConflict | None:
        """Keep `text` as the exercise's draft (one statement, no fsync: call it freely).

        Compare-and-swap: if the draft was saved by someone else since this store last
        loaded or saved it, it is not overwritten; `text` is kept as this store's conflict
        copy and a `DraftConflict` is returned (``first`` the first time: tell the
        learner). None when `text` is now the draft.
        """
        key = (self._key(course_id), exercise_id)
        blob, now = _enc(text), _now()
        with self._lock:
            if key in self._conflicted:
                return self._keep_conflict_copy(key, blob, now, first=False)
            base = self._bases.get(key)
            if base is None:  # never loaded here: the last writer wins, as before
                self._run(
                    lambda c: c.execute(
                        "INSERT INTO drafts (course_id, exercise_id, text, saved_at, revision)"
                        " VALUES (?,?,?,?,1) ON CONFLICT (course_id, exercise_id) DO UPDATE"
                        " SET text = excluded.text, saved_at = excluded.saved_at,"
                        " revision = drafts.revision + 1",
                        (*key, blob, now),
                    )
                )
                return None
            args = (*key, blob, now, base + 1, base)
            saved = self._run(
                lambda c: (
                    c.execute(
                        "INSERT INTO drafts (course_id, exercise_id, text, saved_at, revision)"
                        " VALUES (?1,?2,?3,?4,?5) ON CONFLICT (course_id, exercise_id) DO UPDATE"
                        " SET text = excluded.text, saved_at = excluded.saved_at,"
                        " revision = excluded.revision WHERE drafts.revision = ?6",
                        args,
                    ).rowcount
                )
            )
            if saved:
                self._bases[key] = base + 1
                return None
            return self._keep_conflict_copy(key, blob, now, first=True)

    def _keep_conflict_copy(
        self, key: tuple[str, str], blob: bytes, now: str, *, first: bool
    ) -> DraftConflict | None:
        """The draft is newer than this store's: keep `blob` beside it, not over it."""

        def write(conn: sqlite3.Connection) -> tuple[str, int] | None:
            with _transaction(conn):
                row = conn.execute(
                    "SELECT text, saved_at, revision FROM drafts"
                    " WHERE course_id = ? AND exercise_id = ?",
                    key,
                ).fetchone()
                if row is None or _enc(_dec(row[0])) == blob:
                    # Reset meanwhile, or the same text: nothing would be lost. Write it.
                    revision = row[2] if row else 1
                    if row is None:
                        conn.execute(
                            "INSERT INTO drafts (course_id, exercise_id, text, saved_at,"
                            " revision) VALUES (?,?,?,?,1)",
                            (*key, blob, now),
                        )
                    return None if row is None else ("same", revision)
                conn.execute(
                    "INSERT INTO draft_conflicts (course_id, exercise_id, writer, text,"
                    " saved_at, draft_revision) VALUES (?,?,?,?,?,?)"
                    " ON CONFLICT (course_id, exercise_id, writer) DO UPDATE SET"
                    " text = excluded.text, saved_at = excluded.saved_at,"
                    " draft_revision = excluded.draft_revision",
                    (*key, self._writer, blob, now, row[2]),
                )
                return row[1], row[2]

        outcome = self._run(write)
        if outcome is None or outcome[0] == "same":
            self._bases[key] = 1 if outcome is None else outcome[1]
            self._conflicted.discard(key)
            return None
        self._conflicted.add(key)
        return DraftConflict(key[1], outcome[0], first)

    def load_draft(self, course_id: str, exercise_id: str) -> Draft | None:
        """The draft, or None; later saves of this store compare with what it loaded."""
        key = (self._key(course_id), exercise_id)
        with self._lock:
            row = self._run(
                lambda c: c.execute(
                    "SELECT text, saved_at, revision FROM drafts"
                    " WHERE course_id = ? AND exercise_id = ?",
                    key,
                ).fetchone()
            )
            self._bases[key] = row[2] if row else 0
            self._conflicted.discard(key)
        return Draft(_dec(row[0]), row[1], row[2]) if row else None

    def draft_conflicts(self, course_id: str, exercise_id: str) -> list[Draft]:
        """The conflict copies of an exercise's draft, newest first.

        Each is the text a store kept typing into while another had saved the draft;
        ``revision`` is the revision of the draft it was not saved over.
        """
        key = (self._key(course_id), exercise_id)
        rows = self._run(
            lambda c: c.execute(
                "SELECT text, saved_at, draft_revision FROM draft_conflicts"
                " WHERE course_id = ? AND exercise_id = ? ORDER BY saved_at DESC, rowid DESC",
                key,
            ).fetchall()
        )
        return [Draft(_dec(r[0]), r[1], r[2]) for r in rows]

    def reveal_hint(self, course_id: str, exercise_id: str, index: int) -> int:
        """Reveal hint `index` (0-based) and those before it; returns how many are revealed.

        Monotonic: revealing an earlier hint again never hides a later one.
        """
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
        return self._run(lambda c: _hints(c, course_id, exercise_id))

    def mark_solution_viewed(self, course_id: str, exercise_id: str) -> None:
        """Remember that the solution was shown (the first time is kept)."""
        course_id = self._key(course_id)
        self._run(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO solutions_viewed (course_id, exercise_id, viewed_at)"
                " VALUES (?,?,?)",
                (course_id, exercise_id, _now()),
            )
        )

    def solution_viewed(self, course_id: str, exercise_id: str) -> bool:
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)
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
        course_id = self._key(course_id)

        def write(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                return sum(
                    conn.execute(
                        f"DELETE FROM {table} WHERE course_id = ? AND exercise_id = ?",
                        (course_id, exercise_id),
                    ).rowcount
                    for table in _EXERCISE_TABLES
                )

        with self._lock:
            removed = self._run(write, durable=True)
            self._bases[(course_id, exercise_id)] = 0  # no draft now
            self._conflicted.discard((course_id, exercise_id))
        return removed

    def reset_course(self, course_id: str) -> int:
        """Forget everything about a course. Returns the number of records removed."""
        course_id = self._key(course_id)

        def write(conn: sqlite3.Connection) -> int:
            with _transaction(conn):
                return sum(
                    conn.execute(f"DELETE FROM {table} WHERE course_id = ?", (course_id,)).rowcount
                    for table in _COURSE_TABLES
                )

        with self._lock:
            removed = self._run(write, durable=True)
            for key in [k for k in self._bases if k[0] == course_id]:
                self._bases[key] = 0  # no draft now
            self._conflicted -= {k for k in self._conflicted if k[0] == course_id}
        return removed

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
        also has "draft" (text or None), "history" (every attempt with its submission) and
        "draft_conflicts" (``[{"saved_at", "text"}]``, newest first).
        """

        key = None if course_id is None else self._key(course_id)

        def read(conn: sqlite3.Connection) -> dict[str, Any]:
            with _transaction(conn, "DEFERRED"):  # one consistent snapshot
                return _export(conn, key, texts)

        data = self._run(read)
        if course_id is not None:
            data = {course_id: data[key]}
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
                exercises[exercise_id].update(draft=None, history=[], draft_conflicts=[])
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
        for ex, saved_at, text in conn.execute(
            "SELECT exercise_id, saved_at, text FROM draft_conflicts WHERE course_id = ?"
            " ORDER BY saved_at DESC, rowid DESC",
            args,
        ):
            entry(ex)["draft_conflicts"].append({"saved_at": saved_at, "text": _dec(text)})
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
MSG_SYMLINK = (
    "Progress will not be saved: {path} is a symbolic link (to {target}), and tooltutor "
    "writes only to a file of its own, never through a link; it was left untouched. To go "
    "on saving, set TOOLTUTOR_HOME to the folder the link points to, or put the file "
    "itself in place of the link."
)
MSG_HARD_LINK = (
    "Progress will not be saved: {path} has {names} names (hard links), so it can be "
    "changed through a name elsewhere, and tooltutor writes only to a file of its own; it "
    "was left untouched. To go on saving, close every tooltutor and start again (a copy of "
    "its own is then made), or delete the other names."
)
MSG_LINK_BROKEN = (
    "Your progress file {path} had a second name elsewhere (a hard link); tooltutor now "
    "keeps a copy of its own, and the other name keeps the old one, which no longer changes."
)
MSG_NOT_A_FILE = (
    "Your progress file {path} was not a regular file ({kind}), so it was moved aside to "
    "{moved} and a new one was started."
)
MSG_SIDE_NOT_A_FILE = (
    "{path}, beside your progress file, was not a regular file ({kind}); it was moved "
    "aside to {moved}."
)
MSG_CHANGED = (
    "Progress will not be saved: {path} was replaced by something other than a file of "
    "tooltutor's own while it was being opened; it was left as it is."
)
MSG_RECOVERED = (
    "Your progress file was found empty beside its write-ahead log ({wal}); the progress "
    "was recovered from the log."
)
MSG_LOST_STORAGE = (
    "Progress can no longer be saved to {path} ({reason}). What you do from now on is "
    "kept only until you quit."
)
