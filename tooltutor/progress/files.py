"""The store's own file: created 0600, never through a link, never a second name or
anything but a regular file; a write-ahead log kept, a damaged file moved aside."""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from tooltutor.i18n import t
from tooltutor.progress.faults import (
    MSG_CHANGED,
    MSG_HARD_LINK,
    MSG_LINK_BROKEN,
    MSG_NOT_A_FILE,
    MSG_SIDE_NOT_A_FILE,
    MSG_SYMLINK,
    Damaged,
    NotOwnFile,
)

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)
#: A new file of our own: never through a link, never an existing file.
_CREATE_PRIVATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC | _O_BINARY


def side_file(path: Path, suffix: str) -> Path:
    """The ``-wal`` or ``-shm`` file SQLite keeps beside `path`."""
    return path.with_name(path.name + suffix)


def file_kind(mode: int) -> str:
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


def open_regular(path: Path, flags: int) -> int:
    """A descriptor of `path` opened without following a link and without waiting (a FIFO
    opens at once); `NotOwnFile` unless it is a regular file."""
    fd = os.open(path, flags | _O_NOFOLLOW | _O_NONBLOCK | _O_CLOEXEC | _O_BINARY)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotOwnFile(t(MSG_CHANGED, path=path), readable=False)
    except BaseException:
        os.close(fd)
        raise
    return fd


def make_own_file(path: Path, notices: list[str]) -> os.stat_result | None:
    """Make sure `path` and its ``-wal`` and ``-shm`` are the store's own files.

    Appends to `notices` what was done (a FIFO moved aside, a hard link broken); raises
    `NotOwnFile` when the file may not be written: a symbolic link, or a second name
    while another process may have it open. Creates `path` (0600) when it is missing, and
    then returns its stat (see `forget_created`).
    """
    wal, shm = side_file(path, "-wal"), side_file(path, "-shm")
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
            raise NotOwnFile(
                t(MSG_SYMLINK, path=target, target=points_to),
                readable=os.path.isfile(path),
                use_wal=target == path,
            )
        if not stat.S_ISREG(st.st_mode):
            # Nothing to keep in a FIFO or a device; a folder is kept as it is, renamed.
            moved = set_aside(target, "not-a-file")
            template = MSG_NOT_A_FILE if target == path else MSG_SIDE_NOT_A_FILE
            notices.append(t(template, path=target, kind=file_kind(st.st_mode), moved=moved))
            continue
        if st.st_nlink > 1:
            if target == path and not (wal.exists() or shm.exists()):
                # Closed everywhere (SQLite removes both when the last connection closes):
                # take a copy of our own; the other name keeps the old one.
                break_link(path)
                notices.append(t(MSG_LINK_BROKEN, path=path))
                continue
            raise NotOwnFile(
                t(MSG_HARD_LINK, path=target, names=st.st_nlink),
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


def forget_created(path: Path, created: os.stat_result | None) -> None:
    """Remove the empty file `make_own_file` created, when it could not be opened after
    all (a read-only disk): nothing is left behind."""
    if created is None:
        return
    with contextlib.suppress(OSError):
        st = os.lstat(path)
        if (st.st_dev, st.st_ino) == (created.st_dev, created.st_ino) and st.st_size == 0:
            path.unlink()


def check_still_own(path: Path, checked: os.stat_result) -> None:
    """After SQLite opened the files by name: `path` is still the file checked before
    (`checked`), and it and its -wal and -shm are regular files with one name each."""
    for target in (path, side_file(path, "-wal"), side_file(path, "-shm")):
        try:
            st = os.lstat(target)
        except FileNotFoundError:
            if target == path:
                raise NotOwnFile(t(MSG_CHANGED, path=path), readable=False) from None
            continue
        same = target != path or (st.st_dev, st.st_ino) == (checked.st_dev, checked.st_ino)
        if not same or not stat.S_ISREG(st.st_mode) or st.st_nlink > 1:
            raise NotOwnFile(t(MSG_CHANGED, path=target), readable=False)


def break_link(path: Path) -> None:
    """Replace `path` by a copy of it with one name (0600), atomically."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.copy")
    copy_private(path, tmp)
    try:
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def copy_private(source: Path, target: Path) -> None:
    """Copy the regular file `source` to a new file `target` (0600), fsynced."""
    src = open_regular(source, os.O_RDONLY)
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


def give_wal_a_page(path: Path) -> Path | None:
    """An empty `path` beside a WAL that holds frames: write one blank page into `path`.

    SQLite deletes the WAL of a database file of size 0 (it takes it for a leftover);
    with one page in the file it replays the WAL instead, and every page the WAL holds is
    read from there. When it did that, returns a copy of the WAL as found (to set aside
    with the file should the log not make a sound database); else None.
    """
    wal = side_file(path, "-wal")
    try:
        if os.lstat(path).st_size != 0 or os.lstat(wal).st_size < _WAL_HEADER:
            return None
        fd = open_regular(wal, os.O_RDONLY)
        try:
            head = os.read(fd, _WAL_HEADER)
            size = os.fstat(fd).st_size
        finally:
            os.close(fd)
    except (FileNotFoundError, NotOwnFile):
        return None
    magic, page_size = int.from_bytes(head[0:4], "big"), int.from_bytes(head[8:12], "big")
    if magic not in _WAL_MAGIC or not 512 <= page_size <= 65536 or page_size & (page_size - 1):
        return None
    if size < _WAL_HEADER + _WAL_FRAME_HEADER + page_size:
        return None  # not one whole frame: nothing to recover
    kept = path.with_name(f".{path.name}-wal.{os.getpid()}.{os.urandom(4).hex()}.kept")
    copy_private(wal, kept)
    fd = open_regular(path, os.O_WRONLY)
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


def set_aside(path: Path, label: str) -> Path:
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


def check_header(path: Path) -> None:
    """Raise `Damaged` if `path` exists, is not empty and is not an SQLite file.

    Checked before SQLite sees the file: SQLite would delete a stale ``-wal`` beside a
    file it cannot read, and that WAL may hold the newest progress.
    """
    try:
        fd = open_regular(path, os.O_RDONLY)
    except FileNotFoundError:
        return
    try:
        head = os.read(fd, len(_SQLITE_MAGIC))
    finally:
        os.close(fd)
    if head and head != _SQLITE_MAGIC:
        raise Damaged("not an SQLite file")


def move_aside(path: Path) -> Path:
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
