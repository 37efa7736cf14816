"""Opening a store: where it lives, creating its folder and file, moving a damaged file
aside, and a store in memory when the file cannot be used (`open_store` never raises for
a storage fault)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from tooltutor.i18n import t
from tooltutor.progress.connection import connect_file, memory_connection, read_only_copy
from tooltutor.progress.faults import (
    MSG_CANNOT_WRITE,
    MSG_DAMAGED,
    MSG_MIGRATION,
    MSG_NEWER,
    MSG_NO_FOLDER,
    MSG_READ_ONLY,
    MSG_RECOVERED,
    MSG_SHOWN,
    Damaged,
    FutureSchema,
    MigrationFailed,
    NotOwnFile,
    is_damage,
    plain_reason,
)
from tooltutor.progress.files import (
    check_header,
    check_still_own,
    forget_created,
    give_wal_a_page,
    make_own_file,
    move_aside,
    side_file,
)
from tooltutor.progress.store import ProgressStore

TYPE_CHECKING = False  # not `typing`'s: importing it would slow every start
if TYPE_CHECKING:
    from typing import Any

DB_NAME = "progress.db"


def data_dir() -> Path:
    """``$TOOLTUTOR_HOME`` if set and not empty, else the platform's user data folder
    (platformdirs', found without importing it on Linux: `tooltutor.user_dirs`)."""
    home = os.environ.get("TOOLTUTOR_HOME")
    if home:
        return Path(home).expanduser().absolute()
    # on first use, not at import: tooltutor.user_dirs (1 module)
    from tooltutor.user_dirs import user_data_dir

    return Path(user_data_dir())


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
        except Exception as exc:  # no home folder, platformdirs missing or confused: still run
            return memory_store(None, t(MSG_NO_FOLDER, folder="(unknown)", reason=exc))
    # Absolute, so that SQLite can never take it for a URI ("file:...?mode=memory").
    path = Path(os.path.abspath(path))
    try:
        _make_folder(path.parent)
    except OSError as exc:
        reason = exc.strerror or exc
        return memory_store(path, t(MSG_NO_FOLDER, folder=path.parent, reason=reason))
    try:
        # One opener at a time per folder (a few ms, once per process): a process that
        # finds the file damaged closes its connection and renames the file before any
        # other process can open it, so nobody acts on a file that was replaced under it.
        with folder_lock(path.parent):
            return _open_file(path)
    except NotOwnFile as exc:
        snapshot = read_only_copy(path, use_wal=exc.use_wal) if exc.readable else None
        if snapshot is not None:
            return ProgressStore(snapshot, path, persistent=False, notice=exc.notice + t(MSG_SHOWN))
        return memory_store(path, exc.notice)
    except FutureSchema as exc:
        return memory_store(path, t(MSG_NEWER, path=path, found=exc.version))
    except MigrationFailed as exc:
        notice = t(MSG_MIGRATION, path=path, found=exc.version, reason=plain_reason(exc.cause))
        shown = notice + t(MSG_SHOWN)
    except (sqlite3.Error, Damaged, OSError) as exc:
        reason = plain_reason(exc)
        if not os.access(path.parent, os.W_OK):  # say why in plain words (a read-only disk)
            reason = f"the folder {path.parent} is read-only; {reason}"
        notice, shown = (
            t(MSG_CANNOT_WRITE, path=path, reason=reason),
            t(MSG_READ_ONLY, path=path, reason=reason),
        )
    # Not writable: show what the file holds if it can be read; new work stays in memory.
    snapshot = read_only_copy(path)
    if snapshot is not None:
        return ProgressStore(snapshot, path, persistent=False, notice=shown)
    return memory_store(path, notice)


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
        created = make_own_file(path, notices)
        check_header(path)
        kept_wal = give_wal_a_page(path)
        checked = os.lstat(path)
        conn = connect_file(path)
        if kept_wal is not None:
            notices.append(t(MSG_RECOVERED, wal=side_file(path, "-wal")))
    except (sqlite3.Error, Damaged) as exc:
        if not is_damage(exc):
            forget_created(path, created)
            raise
        moved = move_aside(path)
        if kept_wal is not None:
            # The log as it was found (closing the connection may have folded it in).
            os.replace(kept_wal, moved.with_name(moved.name + "-wal"))
            kept_wal = None
        notices.append(t(MSG_DAMAGED, moved=moved))
        created = make_own_file(path, notices)
        checked = os.lstat(path)
        try:
            conn = connect_file(path)
        except BaseException:
            forget_created(path, created)
            raise
    except BaseException:
        forget_created(path, created)
        raise
    finally:
        if kept_wal is not None:
            with contextlib.suppress(OSError):
                kept_wal.unlink()
    try:
        check_still_own(path, checked)
    except BaseException:
        conn.close()
        raise
    return ProgressStore(conn, path, persistent=True, notice=" ".join(notices) or None)


def memory_store(path: Path | None, notice: str) -> ProgressStore:
    return ProgressStore(memory_connection(), path, persistent=False, notice=notice)


@contextlib.contextmanager
def folder_lock(folder: Path, wait_s: float = 10.0) -> Iterator[None]:
    """Hold an exclusive advisory lock on `folder` (POSIX flock), best effort.

    Without flock (Windows) or after `wait_s` (a stuck process), it goes on unlocked.
    """
    fd: int | None = None
    try:
        # POSIX only: on Windows the ImportError below means "go on unlocked"
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
