"""How a child that runs code tooltutor did not write is contained by the operating system.

Every child (a learner's run, the reference run of support code, a course's own checks)
gets the same view, from one description (`view`), entered one of two ways on Linux:

- `namespaces`: the in-house sandbox (`checker.sandbox.jail`), entered by the child itself
  through the C library: what the README's two commands give on a current Linux, with
  unprivileged user namespaces (root needs none);
- `bubblewrap`: a system `bwrap`, when one is installed and works; it is preferred then,
  being the older and more widely reviewed tool.

Either way the child has:

- no network (a new, empty network namespace: not even loopback, nor the machine's
  abstract Unix sockets);
- a read-only view of only what Python needs (`/usr` and the C libraries, the
  interpreter and its standard library, with every `site-packages` folder hidden) and the
  engine, bound alone at `ENGINE_MOUNT`: the home folder, the progress database, the
  course's files (its exercises, solutions, `checks/`) and every other file are absent;
- a private `/tmp`, and a work folder that is a fresh in-memory file system of bounded
  size (`Limits.disk_mb`), holding read-only copies of the files it is given;
- its own process namespace, killed as a whole when the run ends (`setsid` included);
- a limit on processes (`RLIMIT_NPROC`); as root it becomes `nobody` first.

Where neither works (another system, a kernel without user namespaces, or one that
restricts them), `note()` says exactly what is missing and what that means: the child
runs with resource limits and the explaining audit hook only, and never as root: it
becomes `nobody`, or is refused unless `TOOLTUTOR_ALLOW_ROOT=1`.

`TOOLTUTOR_SANDBOX` chooses: `auto` (default), `bwrap` or `namespaces` (that one or an
error), `none` (no containment, said in the note).
"""

from __future__ import annotations

import contextlib
import functools
import glob
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from checker.i18n import N_, tr

#: the uid a child started as root runs as
NOBODY = 65534
#: processes a child may add to those its user already has
PROCESS_ALLOWANCE = 64
#: where the engine (the folder `checker`, and what a course's checks import) is seen
ENGINE_MOUNT = "/tooltutor-engine"
#: third-party packages the course-checks child may import (the check API's schemas)
CHECK_DEPENDENCIES = (
    "jsonschema",
    "jsonschema_specifications",
    "referencing",
    "rpds",
    "attr",
    "attrs",
    "idna",
    "typing_extensions",
)

NOTE_NONE = N_(
    "note: learner code is not contained by the operating system here ({why}): it runs "
    "with your rights, limited only in time, memory, file size and processes, and an "
    "audit hook that explains mistakes but can be bypassed by code written to get out; "
    "see docs/security.md"
)
NOTE_NOBODY = N_(
    "note: learner code is not contained by the operating system here ({why}): it runs as "
    "the user nobody, limited in time, memory, file size and processes, and can read what "
    "every user of this machine can read and reach the network; see docs/security.md"
)
REFUSED_ROOT = N_(
    "tooltutor does not run exercise code as root without an operating-system sandbox, "
    "and the user nobody cannot read this Python ({why}). Run tooltutor as a normal user, "
    "or set TOOLTUTOR_ALLOW_ROOT=1 to run it as root anyway."
)


@dataclass(frozen=True)
class Containment:
    """How children are started here: `kind` is "namespaces", "bubblewrap" or "none"."""

    kind: str
    bwrap: str | None = None
    #: why there is no sandbox ("" when there is one)
    why: str = ""
    #: the ways that were tried and why each failed
    tried: tuple[str, ...] = field(default=())

    @property
    def contained(self) -> bool:
        return self.kind != "none"


@functools.lru_cache(maxsize=1)
def current() -> Containment:
    """What this machine offers (probed once: the sandbox must really start)."""
    wanted = os.environ.get("TOOLTUTOR_SANDBOX", "auto").strip().lower() or "auto"
    if wanted == "none":
        return Containment("none", why="TOOLTUTOR_SANDBOX=none")
    if wanted not in ("auto", "bwrap", "bubblewrap", "namespaces"):
        raise RuntimeError(f"TOOLTUTOR_SANDBOX={wanted}: use auto, namespaces, bwrap or none")
    if not sys.platform.startswith("linux"):
        if wanted != "auto":
            raise RuntimeError(f"TOOLTUTOR_SANDBOX={wanted} but {sys.platform} has no sandbox")
        return Containment("none", why=f"no sandbox is known for {sys.platform}")
    failures = []
    if wanted in ("auto", "bwrap", "bubblewrap"):
        found, problem = _probe_bwrap()
        if found:
            return Containment("bubblewrap", bwrap=found)
        failures.append(problem)
        if wanted != "auto":
            raise RuntimeError(f"TOOLTUTOR_SANDBOX={wanted} but {problem}")
    problem = _probe_namespaces()
    if not problem:
        return Containment("namespaces")
    failures.append(problem)
    if wanted == "namespaces":
        raise RuntimeError(f"TOOLTUTOR_SANDBOX=namespaces but {problem}")
    return Containment("none", why="; ".join(failures), tried=tuple(failures))


def note() -> str:
    """One line for the learner when code runs without a sandbox ("" with one)."""
    box = current()
    if box.contained:
        return ""
    why = "; ".join(tr(part) for part in (box.tried or (box.why,)))
    return tr(NOTE_NOBODY if child_uid() == NOBODY else NOTE_NONE, why=why)


def _probe_bwrap() -> tuple[str | None, str]:
    found = shutil.which("bwrap")
    if found is None:
        return None, N_("bubblewrap (bwrap) is not installed")
    probe = [found, *_bwrap_namespaces(), "--ro-bind", "/", "/", "--", "/bin/true"]
    try:
        ok = subprocess.run(probe, capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        ok = False
    return (found, "") if ok else (None, N_("bwrap cannot create namespaces on this machine"))


def _probe_namespaces() -> str:
    """Empty when the in-house sandbox starts here, else what is missing.

    A success is remembered (`_probe_key`: this user, kernel, boot and Python) in the
    user's cache folder, so that a command pays for the probe once per boot, not on every
    run; a child that then fails to enter the sandbox forgets it (`forget_probe`).
    """
    # on first use, not at import: checker.sandbox, ctypes, platform, struct (7 modules)
    from checker.sandbox import jail

    why = jail.supported()
    if why:
        return why
    key = _probe_key()
    if key and _probe_cache().get("ok") == key:
        return ""
    why = _run_probe()
    if not why and key:
        _remember_probe(key)
    return why


def _run_probe() -> str:
    with tempfile.TemporaryDirectory(prefix="tooltutor-probe-") as tmp:
        work = os.path.join(tmp, "work")
        os.mkdir(work)
        ops = view(work=work, files={}, disk_bytes=1 << 20)
        code = "import os; os.write(1, b'contained')"
        argv = command(code, work=work, files={}, disk_bytes=1 << 20, kind="namespaces", ops=ops)
        try:
            done = subprocess.run(argv, capture_output=True, timeout=20, cwd=tmp)
        except (OSError, subprocess.SubprocessError) as exc:
            return f"the in-house sandbox could not start ({exc})"
    if done.returncode == 0 and done.stdout == b"contained":
        return ""
    said = done.stderr.decode("utf-8", "replace").strip().splitlines()
    detail = said[-1].removeprefix("tooltutor-jail: ") if said else f"exit {done.returncode}"
    if "unshare" in detail:
        return f"unprivileged user namespaces are not available ({detail})"
    return f"the in-house sandbox cannot start here ({detail})"


def _probe_key() -> str:
    try:
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as handle:
            boot = handle.read().strip()
    except OSError:
        return ""
    return f"{os.getuid()}|{os.uname().release}|{boot}|{interpreter()}|{engine_dir()}"


def _probe_cache_path() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "tooltutor", f"sandbox-{os.getuid()}.json")


def _probe_cache() -> dict:
    try:
        with open(_probe_cache_path(), encoding="utf-8") as handle:
            value = json.load(handle)
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _remember_probe(key: str) -> None:
    path = _probe_cache_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump({"ok": key}, handle)
        os.replace(temporary, path)
    except OSError:
        pass  # no cache folder: probe again next time


def forget_probe() -> None:
    """A child could not enter the sandbox after all: probe again next time."""
    with contextlib.suppress(OSError):
        os.remove(_probe_cache_path())


def _bwrap_namespaces() -> list[str]:
    """New namespaces for everything; as root no user namespace, so `nobody` is real."""
    spaces = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts"]
    spaces.append("--unshare-cgroup-try")
    if os.geteuid() != 0:
        spaces.insert(0, "--unshare-user")
        spaces.append("--disable-userns")
    return spaces


# --------------------------------------------------------------------------- the user


def child_uid() -> int | None:
    """The uid a child should take (None: keep its own): nobody, when we are root and it
    can run as nobody (contained, or everything it reads is open to every user)."""
    if os.name != "posix" or os.geteuid() != 0:
        return None
    if current().contained or all(_world_readable(p) for p in interpreter_paths()):
        return NOBODY
    return None


def refusal() -> str:
    """Why a child may not start at all ("" when it may): root, with no sandbox, where
    nobody cannot read the interpreter, unless `TOOLTUTOR_ALLOW_ROOT=1`."""
    if os.name != "posix" or os.geteuid() != 0 or child_uid() is not None:
        return ""
    if os.environ.get("TOOLTUTOR_ALLOW_ROOT", "").strip() in ("1", "yes", "true"):
        return ""
    unreadable = next(p for p in interpreter_paths() if not _world_readable(p))
    return tr(REFUSED_ROOT, why=f"{unreadable} is not open to other users")


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


# --------------------------------------------------------------------------- the view


def interpreter() -> str:
    """The Python a child runs: this one's real executable (not a virtual environment's
    link, whose folder holds the installed packages)."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    return os.path.realpath(base)


@functools.lru_cache(maxsize=1)
def interpreter_paths() -> tuple[str, ...]:
    """What the interpreter needs that is not under `/usr`: its executable, its standard
    library (with `lib-dynload`) and its shared library."""
    found: list[str] = []
    stdlib = os.path.dirname(os.path.realpath(os.__file__))
    candidates = [interpreter(), stdlib]
    if sysconfig.get_config_var("Py_ENABLE_SHARED"):
        libdir = sysconfig.get_config_var("LIBDIR") or ""
        candidates += sorted(glob.glob(os.path.join(libdir, "libpython*.so*")))
    for path in candidates:
        real = os.path.realpath(path)
        if os.path.exists(real) and real not in found and not real.startswith("/usr/"):
            found.append(real)
    return tuple(found)


def hidden_paths() -> list[str]:
    """The installed-packages folders inside what a child sees: shown empty."""
    stdlib = os.path.dirname(os.path.realpath(os.__file__))
    patterns = [
        os.path.join(stdlib, "site-packages"),
        os.path.join(stdlib, "dist-packages"),
        "/usr/lib/python3*/site-packages",
        "/usr/lib/python3*/dist-packages",
        "/usr/local/lib/python3*/site-packages",
        "/usr/local/lib/python3*/dist-packages",
    ]
    found = []
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            real = os.path.realpath(path)
            if os.path.isdir(real) and real not in found:
                found.append(real)
    return found


def engine_dir() -> str:
    """The engine's own folder (the package `checker`)."""
    return str(Path(__file__).resolve().parent.parent)


def dependency_dirs() -> dict[str, str]:
    """name -> the folder (or file) of each package of `CHECK_DEPENDENCIES` installed here."""
    # on first use, not at import: importlib (2 modules)
    import importlib.util

    found = {}
    for name in CHECK_DEPENDENCIES:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            continue
        if spec is None:
            continue
        if spec.submodule_search_locations:
            found[name] = os.path.realpath(list(spec.submodule_search_locations)[0])
        elif spec.origin and os.path.exists(spec.origin):
            found[os.path.basename(spec.origin)] = os.path.realpath(spec.origin)
    return found


def view(
    *,
    work: str,
    files: dict[str, str],
    disk_bytes: int,
    shown: dict[str, str] | None = None,
) -> list[list]:
    """What a child sees, as steps (see `checker.sandbox.jail`): `files` maps a path in the
    work folder to the host file shown there read-only; `shown` maps a path inside to a
    host folder shown read-only (the engine's dependencies, a course's checks)."""
    ops: list[list] = [["bind", "/usr", "/usr", True]]
    for name in ("lib", "lib64", "lib32", "bin", "sbin"):
        path = Path("/", name)
        if path.is_symlink():
            ops.append(["symlink", os.readlink(path), str(path)])
        elif path.is_dir():
            ops.append(["bind", str(path), str(path), True])
    for name in ("ld.so.cache", "ld.so.conf", "localtime", "passwd", "group", "nsswitch.conf"):
        if os.path.isfile(f"/etc/{name}"):
            ops.append(["bind", f"/etc/{name}", f"/etc/{name}", True])
    ops += [["proc"], ["dev"], ["tmpfs", "/tmp", 16 << 20, 0o1777]]
    # after the private /tmp: a Python installed under /tmp (a CI runner's) is bound over it
    for path in interpreter_paths():
        ops.append(["bind", path, path, True])
    ops += [["hide", path] for path in hidden_paths()]
    ops.append(["bind", engine_dir(), f"{ENGINE_MOUNT}/checker", True])
    for inside, outside in (shown or {}).items():
        ops.append(["bind", outside, inside, True])
    ops.append(["tmpfs", work, disk_bytes, 0o777])
    for inside, outside in files.items():
        ops.append(["bind", outside, inside, True])
    return ops


# --------------------------------------------------------------------------- the command


#: the first lines of a contained child: enter the in-house sandbox (loaded by file path,
#: so nothing of the engine is imported before the view exists)
_JAIL = (
    "import sys, importlib.util as u; "
    "s = u.spec_from_file_location('_tooltutor_jail', {path!r}); "
    "m = u.module_from_spec(s); s.loader.exec_module(m); m.enter({spec!r}); "
)
_ENGINE = "import sys; sys.path.insert(0, {root!r}); "


def command(
    main: str,
    *,
    work: str,
    files: dict[str, str],
    disk_bytes: int,
    env: dict[str, str] | None = None,
    shown: dict[str, str] | None = None,
    keep_fds: tuple[int, ...] = (),
    kind: str | None = None,
    ops: list[list] | None = None,
    site: bool = False,
) -> list[str]:
    """The argv that runs the Python source `main`, contained, with the engine importable.

    `files` and `shown` as in `view`; `keep_fds` are descriptors the child is given (the
    supervisor of the in-house sandbox closes its copies). `site=True` keeps the installed
    packages importable when there is no sandbox (a course's checks need the engine's
    dependencies; contained, they are bound beside the engine).
    """
    kind = kind or current().kind
    flags = ["-I", "-X", "utf8"]
    if kind == "none":
        root = str(Path(engine_dir()).parent)
        python = [sys.executable, *flags, *([] if site else ["-S"])]
        return [*python, "-c", _ENGINE.format(root=root) + main]
    python = [interpreter(), *flags, "-S"]
    ops = (
        ops if ops is not None else view(work=work, files=files, disk_bytes=disk_bytes, shown=shown)
    )
    engine = _ENGINE.format(root=ENGINE_MOUNT)
    if kind == "namespaces":
        spec = {"root": _new_root(work), "ops": ops, "chdir": work, "close_fds": list(keep_fds)}
        jail = str(Path(__file__).resolve().parent / "jail.py")
        code = _JAIL.format(path=jail, spec=json.dumps(spec)) + engine + main
        return [*python, "-c", code]
    argv = [current().bwrap or "bwrap", *_bwrap_namespaces(), "--die-with-parent", "--new-session"]
    argv += _bwrap_steps(ops)
    argv += ["--chdir", work, "--clearenv"]
    for key, value in (env or {}).items():
        argv += ["--setenv", key, value]
    return [*argv, "--", *python, "-c", engine + main]


def _new_root(work: str) -> str:
    """An empty host folder beside the work folder, on which the new root is mounted."""
    root = f"{work}.root"
    os.makedirs(root, mode=0o700, exist_ok=True)
    return root


def _bwrap_steps(ops: list[list]) -> list[str]:
    """The steps of `view` as bubblewrap's arguments."""
    argv: list[str] = []
    made: set[str] = {"/"}

    def parents(path: str) -> None:
        for parent in reversed(Path(path).parents):
            if str(parent) not in made:
                argv.extend(["--perms", "0755", "--dir", str(parent)])
                made.add(str(parent))

    for op in ops:
        kind = op[0]
        if kind == "bind":
            parents(op[2])
            argv += ["--ro-bind" if op[3] else "--bind", op[1], op[2]]
            made.add(op[2])
        elif kind == "symlink":
            argv += ["--symlink", op[1], op[2]]
        elif kind == "tmpfs":
            parents(op[1])
            argv += ["--perms", f"{op[3]:04o}", "--size", str(op[2]), "--tmpfs", op[1]]
            made.add(op[1])
        elif kind == "hide":
            argv += ["--perms", "0555", "--tmpfs", op[1]]
        elif kind == "dev":
            argv += ["--dev", "/dev"]
            made.add("/dev")
        elif kind == "proc":
            argv += ["--proc", "/proc"]
            made.add("/proc")
        elif kind == "dir":
            parents(op[1] + "/x")
    return argv
