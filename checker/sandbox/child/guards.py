"""The audit hook of the child: it explains an exercise's mistakes, it is not the boundary.

Python's audit hooks (PEP 578) see most of what code asks the interpreter for, so the hook
turns the usual mistakes of an exercise into a clear error at the learner's line: starting
a process, opening a network connection, writing outside the work folder, opening an
SQLite database that is not the exercise's own, loading C code with `ctypes`. Code written
to get around it can (Python's documentation says so): what contains the process is the
operating system (`checker.sandbox.contain`), and what decides the verdict is the parent.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from checker.i18n import N_, tr

_PROCESS_EVENTS = frozenset(
    {
        "os.fork",
        "os.forkpty",
        "os.posix_spawn",
        "os.spawn",
        "os.system",
        "os.exec",
        "os.startfile",
        "subprocess.Popen",
    }
)
_NETWORK_EVENTS = frozenset(
    {
        "socket.connect",
        "socket.bind",
        "socket.sendto",
        "socket.sendmsg",
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyname_ex",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
    }
)
#: event -> (position of a path argument that gets changed, position of its dir_fd or -1)
_PATH_EVENTS: dict[str, tuple[tuple[int, int], ...]] = {
    "os.remove": ((0, 1),),
    "os.rmdir": ((0, 1),),
    "os.mkdir": ((0, 2),),
    "os.chmod": ((0, 2),),
    "os.chown": ((0, 3),),
    "os.utime": ((0, 3),),
    "os.truncate": ((0, -1),),
    "os.rename": ((0, 2), (1, 3)),
    "os.link": ((1, 3),),
    "os.symlink": ((1, 2),),
    "os.setxattr": ((0, -1),),
    "os.removexattr": ((0, -1),),
}
_OTHER_EVENTS = frozenset(
    {"open", "os.kill", "os.killpg", "ctypes.dlopen", "ctypes.dlsym", "import"}
    | {"resource.setrlimit", "resource.prlimit", "sqlite3.connect"}
)
_WATCHED = _PROCESS_EVENTS | _NETWORK_EVENTS | frozenset(_PATH_EVENTS) | _OTHER_EVENTS
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def install_guards(work_dir: str) -> None:
    """Refuse, from now on, what an exercise must not do: an audit hook (PEP 578).

    Audit hooks cannot be removed, and the events are raised by the interpreter itself, so
    this holds for every way in (os, subprocess, multiprocessing, pty, socket, urllib...):

    - new processes (fork, spawn, exec, system, subprocess): `PermissionError`;
    - the network (connect, bind, send, name look-ups): `ConnectionRefusedError`;
    - writing, creating, renaming or deleting files outside `work_dir`: `PermissionError`;
    - signals to other processes, changing resource limits, loading C libraries with
      `ctypes`: `PermissionError`;
    - SQLite databases outside `work_dir` (`sqlite3.connect` opens files in C code, which
      raises no `open` event): `PermissionError`, so an exercise cannot touch the
      learner's progress database by connecting to it.

    `_posixsubprocess.fork_exec`, which raises no event, is replaced, and importing that
    module again is refused.
    """
    import _posixsubprocess
    from urllib.parse import unquote, urlsplit

    # Everything the hook reads is bound here, before any learner code runs: no module
    # global (of this module or another) is a switch that turns it off.
    watched, path_events = frozenset(_WATCHED), dict(_PATH_EVENTS)
    network_events, process_events = frozenset(_NETWORK_EVENTS), frozenset(_PROCESS_EVENTS)
    write_flags = _WRITE_FLAGS
    texts = _refusals()
    realpath, fsdecode, readlink = os.path.realpath, os.fsdecode, os.readlink
    join, isabs, sep, devnull = os.path.join, os.path.isabs, os.sep, os.devnull
    permission, refused = PermissionError, ConnectionRefusedError

    def fork_exec(*args: Any, **kwargs: Any) -> Any:
        raise permission(texts["process"])

    _posixsubprocess.fork_exec = fork_exec
    work = realpath(work_dir)
    own_pid = os.getpid()
    own_group = os.getpgrp()

    def writable(path: Any, dir_fd: Any = None) -> bool:
        if isinstance(path, int):
            return True  # an open file descriptor: its opening was checked
        try:
            path = fsdecode(path)
            if dir_fd is not None and not isabs(path):
                path = join(readlink(f"/proc/self/fd/{dir_fd}"), path)
            full = realpath(path)
        except Exception:
            return False
        return full in (work, devnull) or full.startswith(work + sep)

    def database_allowed(name: Any) -> bool:
        """An SQLite database name (a path, `:memory:`, or a `file:` URI) in `work`."""
        try:
            name = fsdecode(name)
        except Exception:
            return False
        if name in ("", ":memory:"):
            return True
        if name.startswith("file:"):  # a URI (read as one when `uri=True`): check its path
            parts = urlsplit(name)
            if "mode=memory" in parts.query or parts.path in ("", ":memory:"):
                return True
            return writable(unquote(parts.path))
        return writable(name)

    def hook(event: str, args: tuple) -> None:
        if event not in watched:
            return
        if event == "open":
            flags = args[2]
            if isinstance(flags, int) and flags & write_flags and not writable(args[0]):
                raise permission(texts["write"].format(path=args[0]))
        elif event in path_events:
            for position, fd_position in path_events[event]:
                dir_fd = args[fd_position] if 0 <= fd_position < len(args) else None
                path = args[position] if position < len(args) else None
                if not writable(path, dir_fd if isinstance(dir_fd, int) and dir_fd >= 0 else None):
                    raise permission(texts["write"].format(path=path))
        elif event in network_events:
            raise refused(texts["network"])
        elif event in process_events:
            raise permission(texts["process"])
        elif event == "os.kill":
            if args[0] == -1 or args[0] not in (own_pid, 0, -own_group):
                raise permission(texts["signal"])
        elif event == "os.killpg":
            if args[0] not in (own_group, 0):
                raise permission(texts["signal"])
        elif event in ("ctypes.dlopen", "ctypes.dlsym"):
            raise permission(texts["ctypes"])
        elif event in ("resource.setrlimit", "resource.prlimit"):
            raise permission(texts["limits"])
        elif event == "import" and args[0] == "_posixsubprocess":
            raise permission(texts["process"])
        elif event == "sqlite3.connect" and not database_allowed(args[0]):
            raise permission(texts["database"].format(path=args[0]))

    sys.addaudithook(hook)


def _refusals() -> dict[str, str]:
    """What each refusal says, in the learner's language: read once, when the guards go in."""
    return {
        name: tr(text)
        for name, text in (
            ("network", NETWORK_BLOCKED),
            ("process", PROCESS_BLOCKED),
            ("write", WRITE_BLOCKED),
            ("signal", SIGNAL_BLOCKED),
            ("database", DATABASE_BLOCKED),
            ("ctypes", CTYPES_BLOCKED),
            ("limits", LIMITS_BLOCKED),
        )
    }


NETWORK_BLOCKED = N_("no network in exercises: use the client passed to your function")
PROCESS_BLOCKED = N_(
    "starting processes is not allowed in exercises: do the work inside your function"
)
WRITE_BLOCKED = N_(
    "exercises may only write files in their own folder, not {path!r}: use a relative path"
)
SIGNAL_BLOCKED = N_("exercises may only send signals to their own process")
DATABASE_BLOCKED = N_(
    "exercises may only open SQLite databases in their own folder (or ':memory:'), "
    "not {path!r}: use a relative path"
)
CTYPES_BLOCKED = N_("ctypes is not available in exercises")
LIMITS_BLOCKED = N_("exercises cannot change their own limits")
