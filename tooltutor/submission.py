"""Read a learner's answer file, with limits and clear messages (`read_answer`)."""

from __future__ import annotations

import os
import stat
import sys
import time

from tooltutor.bounded_read import read_at_most
from tooltutor.errors import UserError
from tooltutor.i18n import N_, number, t, tn

#: Largest answer file read, in bytes ($TOOLTUTOR_MAX_FILE_BYTES overrides).
DEFAULT_MAX_BYTES = 10_000_000


def max_file_bytes() -> int:
    """The largest answer or request file `check`, `lint` and `watch` read, in bytes."""
    try:
        limit = int(os.environ.get("TOOLTUTOR_MAX_FILE_BYTES", DEFAULT_MAX_BYTES))
    except ValueError:
        return DEFAULT_MAX_BYTES
    return limit if limit >= 0 else DEFAULT_MAX_BYTES


def describe_limit(limit: int) -> str:
    """The size limit in words, in the interface's language: "10 MB", or "1,500 bytes"."""
    if limit >= 1_000_000 and limit % 1_000_000 == 0:
        return t("{size} MB", size=number(limit // 1_000_000))
    return tn(limit, "{size} byte", "{size} bytes", size=number(limit, grouped=True))


class FileTooBig(UserError):
    """A file over the size limit (`too_big`)."""


def too_big(name: str, limit: int, what: str = N_("an answer")) -> UserError:
    """The refusal of a file over the limit, naming the setting that changes it (`what`
    is English, marked with `N_`: it is translated here)."""
    return FileTooBig(
        t(
            "{path} is larger than {limit}; that is too big for {what} "
            "(set TOOLTUTOR_MAX_FILE_BYTES to change the limit)",
            path=name,
            limit=describe_limit(limit),
            what=t(what),
        )
    )


def read_answer(
    name: str | os.PathLike[str],
    *,
    pipes: bool = True,
    what: str = "an answer",
    stdin_name: str = "-",
) -> bytes:
    """The bytes of an answer file (`-` for stdin) within the size limit: the one reader
    of `check`, `watch`, `lint`, `reset` and the TUI.

    Raises `FileTooBig` over the limit (however the file grew while it was read), and
    `UserError` with the reason when it cannot be read (see `read_answer_file`, and its
    `pipes`). `what` and `stdin_name` name the file and its use in the refusal.
    """
    limit = max_file_bytes()
    if name == "-":
        raw = sys.stdin.buffer.read(limit + 1)
        shown = stdin_name
    else:
        raw = read_answer_file(name, limit, pipes=pipes, what=what)
        shown = os.fspath(name)
    if len(raw) > limit:
        raise too_big(shown, limit, what)
    return raw


def read_answer_text(name: str | os.PathLike[str]) -> str:
    """The text of an answer file as an editor shows it, within the size limit: UTF-8 with
    bad bytes replaced, every line ending read as a newline (a pipe is refused)."""
    text = read_answer(name, pipes=False).decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


#: Seconds `read_answer_file` waits for a pipe's writer to write more before giving up.
PIPE_WAIT_S = 10.0

_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_NOCTTY = getattr(os, "O_NOCTTY", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_BINARY = getattr(os, "O_BINARY", 0)


def read_answer_file(
    name: str | os.PathLike[str],
    limit: int | None = None,
    *,
    pipes: bool = True,
    wait: float | None = None,
    what: str = "an answer",
) -> bytes:
    """At most `limit` + 1 bytes of an answer file, never waiting on it for good.

    A regular file's size is checked with `fstat` before it is read (a huge sparse file is
    refused without reading). A folder, a device or a socket is refused. A named pipe
    (FIFO, or a shell's ``<(...)``) is opened without waiting for a writer and read while
    data keeps coming; after `wait` seconds without any (nothing writing to it), it is
    refused. With ``pipes=False`` (``watch``, which reads the file at every save) a pipe is
    refused at once. Raises `UserError` with the reason (`FileTooBig` naming `what` when
    the file is over the limit).
    """
    limit = max_file_bytes() if limit is None else limit
    wait = PIPE_WAIT_S if wait is None else wait
    shown = os.fspath(name)
    try:
        mode = os.stat(name).st_mode  # before opening: opening a FIFO or a device may wait
    except FileNotFoundError:
        raise UserError(t("{path}: no such file", path=shown)) from None
    except OSError as exc:
        raise UserError(
            t("{path}: cannot read it ({reason})", path=shown, reason=exc.strerror or exc)
        ) from None
    _refuse_kind(shown, mode, pipes)
    try:
        fd = os.open(name, os.O_RDONLY | _O_NONBLOCK | _O_NOCTTY | _O_CLOEXEC | _O_BINARY)
    except FileNotFoundError:
        raise UserError(t("{path}: no such file", path=shown)) from None
    except OSError as exc:
        raise UserError(
            t("{path}: cannot read it ({reason})", path=shown, reason=exc.strerror or exc)
        ) from None
    try:
        st = os.fstat(fd)
        _refuse_kind(shown, st.st_mode, pipes)  # swapped since the stat: check again
        if stat.S_ISREG(st.st_mode):
            if st.st_size > limit:
                raise too_big(shown, limit, what)
            return read_at_most(fd, limit)
        return _read_pipe(fd, shown, limit, wait)
    except OSError as exc:
        raise UserError(
            t("{path}: cannot read it ({reason})", path=shown, reason=exc.strerror or exc)
        ) from None
    finally:
        os.close(fd)


def _refuse_kind(name: str, mode: int, pipes: bool) -> None:
    if stat.S_ISDIR(mode):
        raise UserError(t("{path} is a folder; give the file that holds your answer", path=name))
    if stat.S_ISREG(mode) or (pipes and stat.S_ISFIFO(mode)):
        return
    what = {stat.S_IFIFO: N_("a named pipe (FIFO)"), stat.S_IFSOCK: N_("a socket")}.get(
        stat.S_IFMT(mode), N_("a device")
    )
    raise UserError(
        t(
            "{path} is {what}, not a regular file; give the file that holds your answer",
            path=name,
            what=t(what),
        )
        + (t(" (or - to read standard input)") if pipes else "")
    )


def _read_pipe(fd: int, name: str, limit: int, wait: float) -> bytes:
    """Read a pipe opened non-blocking until its writer closes it (or `limit` + 1 bytes)."""
    if os.name != "posix":  # pragma: no cover - no O_NONBLOCK or select on files there
        return read_at_most(fd, limit)
    # on first use, not at import: select (1 module)
    import select

    chunks, total = [], 0
    deadline = time.monotonic() + wait
    while total <= limit:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise UserError(
                t(
                    "nothing was written to {path} for {wait}: it is a named pipe (FIFO), "
                    "which has data only while a program writes to it; give the file that "
                    "holds your answer",
                    path=name,
                    wait=tn(wait, "{n} second", "{n} seconds"),
                )
            )
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            continue  # no writer yet, or a writer that is quiet
        try:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
        except BlockingIOError:
            continue
        if not chunk:
            break  # the writer closed it
        chunks.append(chunk)
        total += len(chunk)
        deadline = time.monotonic() + wait  # quiet is counted from the last data
    return b"".join(chunks)
