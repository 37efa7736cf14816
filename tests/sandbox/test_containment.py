"""Escape attempts against the operating-system containment, on Linux: each one against
the in-house sandbox (namespaces, `checker.sandbox.jail`) and against a system bubblewrap,
whichever of them this machine can start (a test of one that cannot start is skipped).

Each answer here runs with the explaining audit hook left out (`explain=False`), so what
stops it is the sandbox alone: the namespaces, the file system view, the limits. Nothing
may change outside the work folder, nothing of the learner's or the course's may be read,
and nothing may outlive the check.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
import uuid
from pathlib import Path

import pytest

from checker.sandbox import Limits, contain, run_python

REPO = Path(__file__).resolve().parents[2]


def _available(kind: str) -> str:
    """ "" when the sandbox `kind` starts here, else why not."""
    if kind == "bubblewrap":
        return contain._probe_bwrap()[1]
    return contain._probe_namespaces()


@pytest.fixture(params=["namespaces", "bubblewrap"], autouse=True)
def sandbox(request, monkeypatch):
    """Each test once per sandbox, the one chosen with TOOLTUTOR_SANDBOX."""
    why = _available(request.param)
    if why:
        pytest.skip(f"no {request.param} sandbox here: {why}")
    monkeypatch.setenv(
        "TOOLTUTOR_SANDBOX", "bwrap" if request.param == "bubblewrap" else "namespaces"
    )
    contain.current.cache_clear()
    assert contain.current().kind == request.param
    yield request.param
    contain.current.cache_clear()


LIMITS = Limits(wall_s=4, cpu_s=5, disk_mb=16, file_mb=8)


def attempt(body: str, **kwargs):
    """Run `body` as the entry `escape()`; return (report, what it returned)."""
    source = "import os, sys, json, subprocess, socket, time\n\n\ndef escape():\n" + "".join(
        f"    {line}\n" for line in body.splitlines()
    )
    report = run_python(
        source,
        entry="escape",
        call={},
        script=[],
        tool_results={},
        runs=1,
        limits=kwargs.pop("limits", LIMITS),
        validator=None,
        explain=False,
        **kwargs,
    )
    returned = report.runs[0].returned if report.runs else None
    return report, returned


def _processes_with(token: str) -> list[str]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if token.encode() in handle.read():
                        found.append(entry)
            except OSError:
                pass
    return found


def test_files_outside_cannot_be_changed_or_removed(tmp_path):
    keep = tmp_path / "keep.txt"
    keep.write_text("mine")
    probe = Path(contain.engine_dir()) / f"probe-{uuid.uuid4().hex}.txt"
    report, returned = attempt(
        f"""
results = []
for action in (lambda: os.remove({str(keep)!r}),
               lambda: open({str(keep)!r}, "w").write("gone"),
               lambda: open({str(probe)!r}, "w").write("escaped"),
               lambda: os.system("rm -f {keep}; echo escaped > {probe}")):
    try:
        results.append(repr(action()))
    except Exception as error:
        results.append(type(error).__name__)
return results"""
    )
    assert report.status == "ok", report.reason
    assert keep.read_text() == "mine"
    assert not probe.exists()
    assert returned[:2] == ["FileNotFoundError", "FileNotFoundError"]
    assert returned[2] in ("OSError", "PermissionError", "FileNotFoundError")


def test_a_shell_and_libc_run_inside_only(tmp_path):
    marker = tmp_path / "from-a-shell.txt"
    report, returned = attempt(
        f"""
import ctypes
libc = ctypes.CDLL(None)
libc.system(b"echo pwned > {marker}")
subprocess.run(["sh", "-c", "echo pwned > {marker}"])
return os.path.exists({str(marker)!r})"""
    )
    assert report.status == "ok", report.reason
    assert not marker.exists()


def test_nothing_it_starts_outlives_the_check():
    token = f"tooltutor-escape-{uuid.uuid4().hex}"
    report, _ = attempt(
        f"""
subprocess.Popen(["sh", "-c", "sleep 30; : {token}"], start_new_session=True)
pid = os.fork()
if pid == 0:
    os.setsid()
    os.execvp("sh", ["sh", "-c", "sleep 30; : {token}"])
return "started"
"""
    )
    assert report.status == "ok", report.reason
    time.sleep(0.2)
    assert _processes_with(token) == []


def test_a_fork_bomb_is_bounded_and_leaves_nothing(tmp_path):
    token = f"tooltutor-bomb-{uuid.uuid4().hex}"
    started = time.monotonic()
    report, _ = attempt(
        f"""
children = 0
while True:
    try:
        if os.fork() == 0:
            os.execvp("sh", ["sh", "-c", "sleep 30; : {token}"])
        children += 1
    except OSError as error:
        return {{"children": children, "error": error.errno}}"""
    )
    assert time.monotonic() - started < LIMITS.wall_s + 3
    assert report.status == "ok", report.reason
    assert report.runs[0].returned["children"] <= contain.PROCESS_ALLOWANCE + 64
    time.sleep(0.2)
    assert _processes_with(token) == []


def test_filling_the_disk_stops_at_the_limit_and_writes_nothing_outside(tmp_path):
    before = shutil.disk_usage(tempfile_dir()).used
    report, returned = attempt(
        """
written = 0
try:
    for n in range(64):
        with open(f"fill-{n}.bin", "wb") as handle:
            for _ in range(8):
                handle.write(b"x" * (1024 * 1024))
                written += 1
except OSError as error:
    return {"written_mb": written, "error": error.strerror}
return {"written_mb": written, "error": None}"""
    )
    assert report.status in ("ok", "output-flood"), report.reason
    assert returned["error"] is not None
    assert returned["written_mb"] <= LIMITS.disk_mb + 1
    after = shutil.disk_usage(tempfile_dir()).used
    assert after - before < 8 * 1024 * 1024


def tempfile_dir() -> str:
    import tempfile

    return tempfile.gettempdir()


def test_no_network_not_even_loopback():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    accepted: list[object] = []
    thread = threading.Thread(target=lambda: accepted.append(server.accept()), daemon=True)
    thread.start()
    report, returned = attempt(
        f"""
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=1)
    return "connected"
except OSError as error:
    return type(error).__name__"""
    )
    server.close()
    assert report.status == "ok", report.reason
    assert returned != "connected" and accepted == []


def test_the_users_files_and_progress_are_not_there(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    (home / "progress.sqlite3").write_text("secret progress")
    report, returned = attempt(
        f"""
seen = {{}}
for path in ({str(home / "progress.sqlite3")!r}, "/etc/shadow", os.path.expanduser("~/.ssh")):
    try:
        with open(path) as handle:
            seen[path] = handle.read()[:10]
    except Exception as error:
        seen[path] = type(error).__name__
return seen"""
    )
    assert report.status == "ok", report.reason
    assert "secret" not in json.dumps(returned)
    assert all(value.endswith("Error") for value in returned.values()), returned


def test_root_is_not_root_inside():
    if os.geteuid() != 0:
        pytest.skip("only meaningful when the checker runs as root")
    report, returned = attempt("return [os.getuid(), os.geteuid()]")
    assert returned == [contain.NOBODY, contain.NOBODY]


def test_a_python_installed_under_tmp_is_still_seen_inside(monkeypatch):
    """A CI runner's venv under /tmp is bound over the private /tmp, not hidden by it."""
    import tempfile

    folder = tempfile.mkdtemp(prefix="tooltutor-prefix-", dir="/tmp")
    try:
        os.chmod(folder, 0o755)
        with open(os.path.join(folder, "seen.txt"), "w") as handle:
            handle.write("here")
        os.chmod(os.path.join(folder, "seen.txt"), 0o644)
        real = contain.interpreter_paths()
        monkeypatch.setattr(contain, "interpreter_paths", lambda: (*real, folder))
        report, returned = attempt(f"return open({os.path.join(folder, 'seen.txt')!r}).read()")
        assert report.status == "ok", report.reason
        assert returned == "here"
    finally:
        shutil.rmtree(folder)


def test_an_abstract_unix_socket_of_the_machine_is_out_of_reach():
    name = f"\0tooltutor-test-{uuid.uuid4().hex}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(name)
    server.listen()
    try:
        report, returned = attempt(
            f"""
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
try:
    client.connect({name!r})
    return "connected"
except OSError as error:
    return type(error).__name__"""
        )
    finally:
        server.close()
    assert report.status == "ok", report.reason
    assert returned != "connected"


def test_no_terminal_to_type_into():
    report, returned = attempt(
        """
import fcntl, termios
seen = []
try:
    open("/dev/tty", "w").write("pwned")
    seen.append("opened /dev/tty")
except OSError as error:
    seen.append(type(error).__name__)
for fd in (0, 1, 2):
    try:
        fcntl.ioctl(fd, termios.TIOCSTI, b"x")
        seen.append(f"typed into {fd}")
    except OSError as error:
        seen.append(type(error).__name__)
return seen"""
    )
    assert report.status == "ok", report.reason
    assert all(item.endswith("Error") for item in returned), returned


def test_the_parent_cannot_be_signalled():
    parent = os.getpid()
    report, returned = attempt(
        f"""
seen = []
for pid in ({parent}, os.getppid()):
    if pid in (0, 1):
        seen.append("no such pid here")
        continue
    try:
        os.kill(pid, 0)
        seen.append(f"reached {{pid}}")
    except OSError as error:
        seen.append(type(error).__name__)
try:
    os.kill(-1, signal.SIGTERM)
except OSError:
    pass
return seen""".replace("signal.SIGTERM", "15")
    )
    assert report.status in ("ok", "crashed"), report.reason
    if report.status == "ok":
        assert not any(item.startswith("reached") for item in returned), returned
    os.kill(os.getpid(), 0)  # we are still here


def test_memory_is_bounded():
    report, returned = attempt(
        """
try:
    block = bytearray(2 * 1024 * 1024 * 1024)
    return len(block)
except MemoryError:
    return "MemoryError"
"""
    )
    assert report.status in ("ok", "memory"), report.reason
    if report.status == "ok":
        assert returned == "MemoryError"


def test_the_parents_environment_is_not_there(monkeypatch):
    secret = f"tooltutor-secret-{uuid.uuid4().hex}"
    monkeypatch.setenv("TOOLTUTOR_TEST_SECRET", secret)
    report, returned = attempt(
        """
found = dict(os.environ)
for pid in ("self", str(os.getppid()), "1"):
    try:
        with open(f"/proc/{pid}/environ", "rb") as handle:
            found[pid] = handle.read().decode("utf-8", "replace")
    except OSError as error:
        found[pid] = type(error).__name__
return found"""
    )
    assert report.status == "ok", report.reason
    assert secret not in json.dumps(returned)


def test_the_course_its_answer_keys_and_the_installed_packages_are_not_there():
    """Only the interpreter and the engine are bound: no exercise YAML, no `checks/`, no
    `site-packages` (where an installed tooltutor keeps the bundled course)."""
    import site
    import sysconfig

    from tooltutor.course import bundled_course_dir

    places = [
        REPO / "exercises/round-trip/02-fix-round-trip.yaml",
        REPO / "checks/loop.py",
        bundled_course_dir() / "course.yaml",
        *[Path(p) for p in site.getsitepackages()],
        Path(sysconfig.get_paths()["purelib"]),
        Path(contain.engine_dir()).parent / "tooltutor",
    ]
    report, returned = attempt(
        f"""
seen = {{}}
for place in {[str(p) for p in places]!r}:
    try:
        if os.path.isdir(place):
            seen[place] = sorted(os.listdir(place))
        else:
            seen[place] = open(place).read(20)
    except OSError as error:
        seen[place] = type(error).__name__
seen["course files anywhere"] = found = []
skip = {{"/proc", "/sys", "/dev", "/usr/share", "/usr/include", "/usr/src", "/usr/bin",
        "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/libexec"}}
for folder, subfolders, names in os.walk("/"):
    subfolders[:] = [d for d in subfolders if os.path.join(folder, d) not in skip]
    found += [os.path.join(folder, n) for n in names if n in ("02-fix-round-trip.yaml", "trim.py")]
return seen""",
        limits=Limits(wall_s=20, cpu_s=20, disk_mb=16, file_mb=8),
    )
    assert report.status == "ok", report.reason
    for place, found in returned.items():
        assert found in ("FileNotFoundError", "PermissionError", []), (place, found)
