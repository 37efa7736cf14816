"""How the child that runs learner code is contained by the operating system.

On Linux with bubblewrap (`bwrap`) installed, every child runs in its own namespaces:

- no network (a new, empty network namespace);
- a read-only view of only what Python needs (`/usr`, the interpreter's own folders, the
  folder that holds the `checker` package) and nothing else of the machine: the home
  folder, the progress database and every other file of the user are absent;
- a private `/tmp`, and a work folder that is a fresh in-memory file system of bounded
  size (`Limits.disk_mb`), holding a read-only copy of the answer: nothing the code writes
  reaches the disk;
- its own process namespace, killed as a whole when the run ends, so no process it starts
  (one that calls `setsid` included) outlives the check;
- a limit on processes (`RLIMIT_NPROC`); a child started as root becomes `nobody` first,
  since root ignores that limit and every file permission.

Elsewhere (no bwrap, macOS, Windows) the child runs with the resource limits and the
explaining audit hook only, which stop honest mistakes but not code written to get out;
`note()` says so once, and `docs/security.md` lists what each platform gets.
`TOOLTUTOR_SANDBOX=none` turns the containment off (`bwrap` forces it on, failing if it
cannot start).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from checker.i18n import N_, tr

#: the uid a child started as root runs as
NOBODY = 65534
#: processes a child may add to those its user already has
PROCESS_ALLOWANCE = 64

NOTE_NONE = N_(
    "note: learner code runs with resource limits only, not in an operating-system sandbox "
    "({why}); see docs/security.md"
)


@dataclass(frozen=True)
class Containment:
    """How children are started here: `kind` is "bubblewrap" or "none"."""

    kind: str
    bwrap: str | None = None
    #: why there is no sandbox ("" when there is one)
    why: str = ""

    @property
    def contained(self) -> bool:
        return self.kind == "bubblewrap"


@functools.lru_cache(maxsize=1)
def current() -> Containment:
    """What this machine offers (probed once: bwrap must really start a sandbox)."""
    wanted = os.environ.get("TOOLTUTOR_SANDBOX", "auto").strip().lower()
    if wanted == "none":
        return Containment("none", why="TOOLTUTOR_SANDBOX=none")
    if not sys.platform.startswith("linux"):
        return Containment("none", why=f"no sandbox is known for {sys.platform}")
    found = shutil.which("bwrap")
    if found is None:
        if wanted == "bwrap":
            raise RuntimeError("TOOLTUTOR_SANDBOX=bwrap but bwrap is not installed")
        return Containment("none", why=N_("bubblewrap (bwrap) is not installed"))
    probe = [found, *_namespaces(), "--ro-bind", "/", "/", "--", "/bin/true"]
    try:
        ok = subprocess.run(probe, capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ok = False
    if not ok:
        if wanted == "bwrap":
            raise RuntimeError("TOOLTUTOR_SANDBOX=bwrap but bwrap cannot start a sandbox here")
        return Containment("none", why=N_("bwrap cannot create namespaces on this machine"))
    return Containment("bubblewrap", bwrap=found)


def note() -> str:
    """One line for the learner when code runs without a sandbox ("" with one)."""
    box = current()
    return "" if box.contained else tr(NOTE_NONE, why=tr(box.why))


def _namespaces() -> list[str]:
    """New namespaces for everything; as root no user namespace, so `nobody` is real."""
    spaces = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
    spaces.append("--unshare-cgroup-try")
    if os.geteuid() != 0:
        spaces.insert(0, "--unshare-user")
        spaces.append("--disable-userns")
    return spaces


def child_uid() -> int | None:
    """The uid a child should take (None: keep its own): nobody, when we are root."""
    if os.name != "posix" or os.geteuid() != 0:
        return None
    if current().contained or all(_world_readable(p) for p in read_only_paths()):
        return NOBODY
    return None


def process_limit() -> int:
    """`RLIMIT_NPROC` for a child: what its user runs now plus a small allowance."""
    if os.name != "posix":
        return 0
    uid = NOBODY if child_uid() == NOBODY else os.getuid()
    return _tasks_of(uid) + PROCESS_ALLOWANCE


def _tasks_of(uid: int) -> int:
    """How many tasks (processes and threads) `uid` runs now (Linux; 0 elsewhere)."""
    count = 0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return 0
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status", "rb") as handle:
                text = handle.read(2048)
        except OSError:
            continue
        uid_line = text.split(b"\nUid:", 1)[-1].split(None, 1)
        threads = text.split(b"\nThreads:", 1)[-1].split(None, 1)
        if uid_line and uid_line[0].isdigit() and int(uid_line[0]) == uid:
            count += int(threads[0]) if threads and threads[0].isdigit() else 1
    return count


def read_only_paths() -> list[str]:
    """The folders a child must read: the interpreter's and the `checker` package's."""
    from checker.sandbox.plan import PACKAGE_ROOT

    found = []
    for path in (
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        str(Path(os.path.realpath(sys.executable)).parent.parent),
        str(PACKAGE_ROOT),
    ):
        real = os.path.realpath(path)
        if real not in found and not real.startswith("/usr/"):
            found.append(real)
    return found


def _world_readable(path: str) -> bool:
    """Whether any user can reach `path`: every folder on the way lets others in."""
    current_path = Path(path)
    for folder in [current_path, *current_path.parents]:
        try:
            mode = folder.stat().st_mode
        except OSError:
            return False
        if not mode & 0o005:
            return False
    return True


def command(
    python: list[str],
    *,
    work: str,
    files: dict[str, str],
    env: dict[str, str],
    disk_bytes: int,
) -> list[str]:
    """The argv that starts `python` contained (or as is, without a sandbox).

    `files` maps a path inside the work folder to the host file shown there read-only.
    """
    box = current()
    if not box.contained:
        return python
    argv = [box.bwrap or "bwrap", *_namespaces(), "--die-with-parent", "--new-session"]
    argv += ["--ro-bind", "/usr", "/usr"]
    for name in ("lib", "lib64", "lib32", "bin", "sbin"):
        path = Path("/", name)
        if path.is_symlink():
            argv += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            argv += ["--ro-bind", str(path), str(path)]
    for name in ("ld.so.cache", "ld.so.conf", "localtime", "passwd", "group", "nsswitch.conf"):
        argv += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    # The private /tmp comes before the read-only folders: a Python installed under /tmp
    # (a CI runner's venv) is bound on top of it instead of being hidden by it.
    argv += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    made: set[str] = {"/", "/usr", "/tmp", "/etc", "/proc", "/dev"}
    for path in read_only_paths():
        for parent in reversed(Path(path).parents):
            if str(parent) not in made:
                argv += ["--perms", "0755", "--dir", str(parent)]
                made.add(str(parent))
        argv += ["--ro-bind", path, path]
        made.add(path)
    for parent in reversed(Path(work).parents):
        if str(parent) not in made:
            argv += ["--perms", "0755", "--dir", str(parent)]
            made.add(str(parent))
    argv += ["--perms", "0777", "--size", str(disk_bytes), "--tmpfs", work]
    for inside, outside in files.items():
        argv += ["--ro-bind", outside, inside]
    argv += ["--chdir", work, "--clearenv"]
    for key, value in env.items():
        argv += ["--setenv", key, value]
    return [*argv, "--", *python]
