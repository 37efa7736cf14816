"""The in-house sandbox of a child, on Linux: namespaces and a private file system view,
entered by the child itself through the C library, before any code it was given runs.

This is what bubblewrap does, for the one layout the children need, so that the README's
two commands give containment on a current Linux without installing anything else:

1. `unshare` new user (unless root), mount, pid, network, IPC and UTS namespaces; the
   user keeps its own uid inside (root keeps root until the harness becomes `nobody`);
2. `fork`: the new process is pid 1 of its own pid namespace; when it ends, the kernel
   ends every process left in it, a `setsid` one included. The first process stays
   outside as its supervisor: it waits, passes the exit status on (128+N for a signal,
   as bubblewrap does), kills the namespace on SIGTERM, and dies with its parent;
3. pid 1 builds the view on a fresh in-memory root: the read-only folders it is given
   (`bind`), in-memory folders (`tmpfs`: the work folder, sized), `/dev`'s harmless
   devices, `/proc` of its own pid namespace, folders it hides (`hide`), then
   `pivot_root`s into it and detaches the machine's file system;
4. pid 1 starts the child (pid 2, so that a signal it sends itself is delivered) and
   reaps until it ends; the child gives up the capabilities the user namespace gave and
   sets `no_new_privs`.

The network namespace is empty (not even loopback is up, and abstract Unix sockets are
per namespace); nothing of the machine is visible but what was bound. The module is
standard library only and is loaded by file path (not as part of `checker`), so nothing
of the engine is imported before the view exists.

`spec`: {"root": a host folder for the new root, "ops": [...], "chdir": path,
"keep_fds": [...], "root_uid": bool}. Each op is one of ["dir", path],
["bind", source, target, read_only], ["tmpfs", path, size_bytes, mode],
["symlink", target, path], ["hide", path], ["dev"], ["proc"].
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import platform
import signal
import stat
import sys

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000

MS_RDONLY = 1
MS_NOSUID = 2
MS_NODEV = 4
MS_NOEXEC = 8
MS_REMOUNT = 32
MS_NOATIME = 1024
MS_NODIRATIME = 2048
MS_BIND = 4096
MS_REC = 16384
MS_PRIVATE = 1 << 18
MS_RELATIME = 1 << 21
MS_STRICTATIME = 1 << 24
MNT_DETACH = 2

PR_SET_PDEATHSIG = 1
PR_CAPBSET_DROP = 24
PR_SET_NO_NEW_PRIVS = 38

#: syscall numbers the C library has no wrapper for
SYSCALLS = {
    "x86_64": {"pivot_root": 155, "capset": 126},
    "aarch64": {"pivot_root": 41, "capset": 91},
}

#: exit status of a child that could not enter its sandbox (the parent's probe reads it)
FAILED = 97

_DEVICES = ("null", "zero", "full", "random", "urandom")


class JailError(OSError):
    """A step of entering the sandbox failed; `str()` says which, and why."""


_libc = None


def _c():
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    return _libc


def _check(result: int, what: str) -> int:
    if result < 0:
        err = ctypes.get_errno()
        raise JailError(err, f"{what}: {os.strerror(err)}")
    return result


def _mount(source: str | None, target: str, fstype: str | None, flags: int, data: str | None):
    enc = os.fsencode
    _check(
        _c().mount(
            enc(source) if source else None,
            enc(target),
            enc(fstype) if fstype else None,
            ctypes.c_ulong(flags),
            enc(data) if data else None,
        ),
        f"mount {source or fstype} on {target}",
    )


def supported() -> str:
    """ "" when this machine can run the sandbox at all, else why not (before trying)."""
    if not sys.platform.startswith("linux"):
        return f"no namespaces on {sys.platform}"
    if platform.machine() not in SYSCALLS:
        return f"the in-house sandbox does not know the system calls of {platform.machine()}"
    return ""


def enter(spec: dict | str) -> None:
    """Enter the sandbox `spec` describes; returns in pid 1, inside. Never returns in the
    supervisor. On failure the process exits with `FAILED`, the reason on stderr."""
    if isinstance(spec, str):
        spec = json.loads(spec)
    try:
        _enter(spec)
    except BaseException as exc:  # noqa: BLE001 - any failure: no sandbox, and say why
        try:
            os.write(2, f"tooltutor-jail: {exc}\n".encode("utf-8", "replace"))
        finally:
            os._exit(FAILED)


def _enter(spec: dict) -> None:
    why = supported()
    if why:
        raise JailError(why)
    root_user = os.geteuid() == 0
    uid, gid = os.getuid(), os.getgid()
    flags = CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
    if not root_user:
        flags |= CLONE_NEWUSER
    _check(_c().unshare(ctypes.c_int(flags)), "unshare")
    if not root_user:
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"{uid} {uid} 1")
        _write("/proc/self/gid_map", f"{gid} {gid} 1")
    first = os.fork()
    if first:
        _supervise(first, spec)
    # pid 1 of the new pid namespace: build the view, then start the child and reap
    _check(_c().prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "prctl(PDEATHSIG)")
    _build(spec)
    os.chdir(spec.get("chdir") or "/")
    child = os.fork()
    if child:
        _init(child, spec)
    # pid 2: the child itself (a signal it sends itself is delivered, as to any process)
    _check(_c().prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "prctl(PDEATHSIG)")
    if not root_user:
        _drop_capabilities()
    _check(_c().prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "prctl(NO_NEW_PRIVS)")


def _write(path: str, text: str) -> None:
    fd = os.open(path, os.O_WRONLY)
    try:
        os.write(fd, text.encode())
    finally:
        os.close(fd)


def _supervise(child: int, spec: dict) -> None:
    """The process outside: pass on the child's status; SIGTERM or our parent's end kills
    the namespace. Never returns."""
    for fd in spec.get("close_fds", []):
        with contextlib.suppress(OSError):
            os.close(fd)

    def stop(signum, frame):
        try:
            os.kill(child, signal.SIGKILL)
        finally:
            os._exit(128 + signal.SIGKILL)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    _c().prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)  # dies with tooltutor
    while True:
        try:
            _, status = os.waitpid(child, 0)
        except ChildProcessError:
            os._exit(FAILED)
        except InterruptedError:
            continue
        if os.WIFEXITED(status):
            os._exit(os.WEXITSTATUS(status))
        if os.WIFSIGNALED(status):
            os._exit(128 + os.WTERMSIG(status))


def _init(child: int, spec: dict) -> None:
    """pid 1: reap every process until `child` ends, then end with its status (which
    ends every process left in the namespace). Never returns."""
    for fd in spec.get("close_fds", []):
        with contextlib.suppress(OSError):
            os.close(fd)
    while True:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            os._exit(FAILED)
        except InterruptedError:
            continue
        if pid != child:
            continue
        if os.WIFEXITED(status):
            os._exit(os.WEXITSTATUS(status))
        os._exit(128 + os.WTERMSIG(status) if os.WIFSIGNALED(status) else FAILED)


def _build(spec: dict) -> None:
    """The new root: a small in-memory file system holding only what `ops` put there."""
    base = spec["root"]
    _mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    _mount("tmpfs", base, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755")
    for op in spec["ops"]:
        kind = op[0]
        if kind == "dir":
            os.makedirs(base + op[1], mode=0o755, exist_ok=True)
        elif kind == "bind":
            _bind(op[1], base + op[2], read_only=bool(op[3]))
        elif kind == "tmpfs":
            target = base + op[1]
            os.makedirs(target, exist_ok=True)
            _mount("tmpfs", target, "tmpfs", MS_NOSUID | MS_NODEV, f"size={op[2]},mode={op[3]:o}")
        elif kind == "hide":
            if os.path.isdir(base + op[1]):
                _mount("tmpfs", base + op[1], "tmpfs", MS_NOSUID | MS_NODEV, "size=4k,mode=0555")
        elif kind == "symlink":
            os.makedirs(os.path.dirname(base + op[2]), exist_ok=True)
            os.symlink(op[1], base + op[2])
        elif kind == "dev":
            _devices(base)
        elif kind == "proc":
            os.makedirs(base + "/proc", exist_ok=True)
            # a container that hides parts of /proc: Python runs without one
            with contextlib.suppress(JailError):
                _mount("proc", base + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
        else:
            raise JailError(f"unknown step {kind!r}")
    os.chdir(base)
    _check(_c().syscall(SYSCALLS[platform.machine()]["pivot_root"], b".", b"."), "pivot_root")
    _check(_c().umount2(b".", MNT_DETACH), "detaching the old root")
    os.chdir("/")
    _mount(None, "/", None, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, None)


def _bind(source: str, target: str, *, read_only: bool) -> None:
    """`source` shown at `target` (the same kind of thing: a folder or a file)."""
    info = os.stat(source)
    if stat.S_ISDIR(info.st_mode):
        os.makedirs(target, exist_ok=True)
    else:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if not os.path.exists(target):
            os.close(os.open(target, os.O_WRONLY | os.O_CREAT, 0o644))
    _mount(source, target, None, MS_BIND | MS_REC, None)
    if read_only:
        # a remount keeps the flags the kernel locked on the original mount
        locked = 0
        flags = os.statvfs(source).f_flag
        for have, want in (
            (os.ST_NOSUID, MS_NOSUID),
            (os.ST_NODEV, MS_NODEV),
            (os.ST_NOEXEC, MS_NOEXEC),
            (getattr(os, "ST_NOATIME", 1024), MS_NOATIME),
            (getattr(os, "ST_NODIRATIME", 2048), MS_NODIRATIME),
            (getattr(os, "ST_RELATIME", 4096), MS_RELATIME),
        ):
            if flags & have:
                locked |= want
        _mount(None, target, None, MS_REMOUNT | MS_BIND | MS_RDONLY | locked, None)


def _devices(base: str) -> None:
    dev = base + "/dev"
    os.makedirs(dev, exist_ok=True)
    _mount("tmpfs", dev, "tmpfs", MS_NOSUID, "size=64k,mode=0755")
    for name in _DEVICES:
        _bind(f"/dev/{name}", f"{dev}/{name}", read_only=False)
    for name, target in (
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ):
        os.symlink(target, f"{dev}/{name}")
    os.makedirs(f"{dev}/shm", mode=0o1777, exist_ok=True)


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


class _CapData(ctypes.Structure):
    _fields_ = [
        ("effective", ctypes.c_uint32),
        ("permitted", ctypes.c_uint32),
        ("inheritable", ctypes.c_uint32),
    ]


def _drop_capabilities() -> None:
    """Give up every capability the new user namespace gave (and the bounding set)."""
    for cap in range(64):
        if _c().prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0:
            break  # past the last capability this kernel knows
    header = _CapHeader(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3
    data = (_CapData * 2)()
    number = SYSCALLS[platform.machine()]["capset"]
    _check(_c().syscall(number, ctypes.byref(header), ctypes.byref(data)), "capset")
