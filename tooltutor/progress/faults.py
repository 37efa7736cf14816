"""What goes wrong with a store's file, told apart (damage, a lock held, a file that is not
ours, a newer schema), and what the learner is told about it."""

from __future__ import annotations

import contextlib
import sqlite3

from tooltutor.i18n import N_, t


class Damaged(Exception):
    """The quick check found the file damaged."""


class NotOwnFile(Exception):
    """The file may not be written: a link, a second name, or changed while opening."""

    def __init__(self, notice: str, *, readable: bool, use_wal: bool = True) -> None:
        super().__init__(notice)
        self.notice = notice
        #: whether the memory store may start as a copy of what the file holds
        self.readable = readable
        #: whether that copy may read the -wal beside it (not when the -wal is the link)
        self.use_wal = use_wal


class FutureSchema(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(f"schema version {version}")
        self.version = version


class MigrationFailed(Exception):
    def __init__(self, version: int, cause: BaseException) -> None:
        super().__init__(f"migration from version {version} failed: {cause}")
        self.version = version
        self.cause = cause


_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26


def error_code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)  # Python 3.11+
    return code & 0xFF if isinstance(code, int) else None


def is_damage(exc: BaseException) -> bool:
    if isinstance(exc, Damaged):
        return True
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    code = error_code(exc)
    if code is not None:
        return code in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text


def is_busy(exc: BaseException) -> bool:
    code = error_code(exc)
    if code is not None:
        return code in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED
    return "locked" in str(exc).lower()


def is_storage_fault(exc: BaseException) -> bool:
    """A fault of the disk or file, as opposed to a bug in how the store is called."""
    return type(exc) in (sqlite3.OperationalError, sqlite3.DatabaseError)


_REASONS = {
    3: N_("permission denied"),  # SQLITE_PERM
    5: N_("another program kept the file locked"),  # SQLITE_BUSY
    6: N_("another program kept the file locked"),  # SQLITE_LOCKED
    8: N_("the file or its folder is read-only"),  # SQLITE_READONLY
    10: N_("a disk error"),  # SQLITE_IOERR
    11: N_("the file is damaged"),  # SQLITE_CORRUPT
    13: N_("the disk is full"),  # SQLITE_FULL
    14: N_("the file cannot be opened"),  # SQLITE_CANTOPEN
    26: N_("the file is not a database"),  # SQLITE_NOTADB
}


def plain_reason(exc: BaseException) -> str:
    """A few plain words for the user, with SQLite's own message for the curious."""
    if isinstance(exc, Damaged):
        return t("the file is damaged")
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    code = error_code(exc)
    plain = t(_REASONS[code]) if code in _REASONS else None
    return f"{plain}: {exc}" if plain and plain not in str(exc) else str(exc)


def rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


MSG_DAMAGED = N_(
    "Your progress file was damaged, so it was moved aside to {moved} and a new one was "
    "started. Progress from before is in that file."
)
MSG_NO_FOLDER = N_(
    "Progress will not be saved: the folder {folder} cannot be created ({reason}). "
    "Set TOOLTUTOR_HOME to a folder you can write to."
)
MSG_CANNOT_WRITE = N_(
    "Progress will not be saved: {path} cannot be written ({reason}). "
    "Set TOOLTUTOR_HOME to a folder you can write to."
)
MSG_READ_ONLY = N_(
    "Progress will not be saved: {path} cannot be written ({reason}). Your progress so "
    "far is shown, but what you do now is kept only until you quit. Set TOOLTUTOR_HOME "
    "to a folder you can write to."
)
MSG_SHOWN = N_(" Your progress so far is shown; what you do now is kept only until you quit.")
MSG_NEWER = N_(
    "Progress will not be saved: {path} was written by a newer tooltutor (schema version "
    "{found}); it was left untouched. Upgrade tooltutor to keep using it."
)
MSG_MIGRATION = N_(
    "Progress will not be saved: {path} (schema version {found}) could not be upgraded "
    "({reason}); it was left untouched."
)
MSG_SYMLINK = N_(
    "Progress will not be saved: {path} is a symbolic link (to {target}), and tooltutor "
    "writes only to a file of its own, never through a link; it was left untouched. To go "
    "on saving, set TOOLTUTOR_HOME to the folder the link points to, or put the file "
    "itself in place of the link."
)
MSG_HARD_LINK = N_(
    "Progress will not be saved: {path} has {names} names (hard links), so it can be "
    "changed through a name elsewhere, and tooltutor writes only to a file of its own; it "
    "was left untouched. To go on saving, close every tooltutor and start again (a copy of "
    "its own is then made), or delete the other names."
)
MSG_LINK_BROKEN = N_(
    "Your progress file {path} had a second name elsewhere (a hard link); tooltutor now "
    "keeps a copy of its own, and the other name keeps the old one, which no longer changes."
)
MSG_NOT_A_FILE = N_(
    "Your progress file {path} was not a regular file ({kind}), so it was moved aside to "
    "{moved} and a new one was started."
)
MSG_SIDE_NOT_A_FILE = N_(
    "{path}, beside your progress file, was not a regular file ({kind}); it was moved "
    "aside to {moved}."
)
MSG_CHANGED = N_(
    "Progress will not be saved: {path} was replaced by something other than a file of "
    "tooltutor's own while it was being opened; it was left as it is."
)
MSG_RECOVERED = N_(
    "Your progress file was found empty beside its write-ahead log ({wal}); the progress "
    "was recovered from the log."
)
MSG_LOST_STORAGE = N_(
    "Progress can no longer be saved to {path} ({reason}). What you do from now on is "
    "kept only until you quit."
)
