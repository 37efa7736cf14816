"""Several processes on one store, and a process killed in the middle of its writes.

Child processes are real interpreters (``subprocess``) running the store code; each
prints the id of every row it has committed, so the parent knows exactly what must be
in the file afterwards.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tooltutor.exercise_status import PASSED
from tooltutor.progress import open_store

REPO = Path(__file__).resolve().parents[2]
C = "course-a"

WRITER = textwrap.dedent(
    """
    import sys
    from tooltutor.progress import open_store

    name, count = sys.argv[1], int(sys.argv[2])
    print("ready", flush=True)
    sys.stdin.readline()  # wait for "go", so that the writers overlap
    store = open_store()
    assert store.persistent and store.notice is None, store.notice
    for i in range(count):
        if name == "tui":  # the TUI: drafts on every pause, hints, position
            store.save_draft("course-a", "shared", f"tui {i}")
            store.reveal_hint("course-a", "shared", i)
            store.set_position("course-a", "lesson-1", section=i)
        row = store.record_attempt(
            "course-a", f"ex-{name}", passed=i % 2 == 0, criteria_passed=i,
            criteria_total=count, submission=f"{name} {i}", lesson_id="lesson-1",
        )
        print(row, flush=True)
    print("done", flush=True)
    """
)

KILLED = textwrap.dedent(
    """
    import sys
    from tooltutor.progress import open_store

    store = open_store()
    assert store.persistent and store.notice is None, store.notice
    i = 0
    while True:
        store.save_draft("course-a", "ex-1", f"draft {i}")
        row = store.record_attempt(
            "course-a", "ex-1", passed=False, criteria_passed=0, criteria_total=1,
            submission=f"attempt {i} " + "x" * (i % 3000),
        )
        print(i, row, flush=True)
        i += 1
    """
)


def spawn(code: str, home: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, TOOLTUTOR_HOME=str(home))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("existing", [False, True], ids=["new-file", "existing-file"])
def test_two_processes_writing_at_once_lose_nothing(home, existing):
    count = 150
    watcher = None
    if existing:  # a long-lived store in this process too, like a running TUI
        watcher = open_store()
        watcher.record_attempt(
            C, "before", passed=True, criteria_passed=1, criteria_total=1, submission=""
        )
    procs = {name: spawn(WRITER, home, name, str(count)) for name in ("tui", "check")}
    for proc in procs.values():
        assert proc.stdout.readline().strip() == "ready"
    for proc in procs.values():  # both open the store and start writing together
        proc.stdin.write("go\n")
        proc.stdin.flush()
    ids = {}
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        lines = out.split()
        assert lines[-1] == "done"
        ids[name] = [int(x) for x in lines[:-1]]
        assert len(ids[name]) == count
    assert not set(ids["tui"]) & set(ids["check"])

    with open_store() as store:
        assert store.notice is None
        for name in procs:
            got = store.attempts(C, f"ex-{name}")
            assert [a.id for a in got] == ids[name]
            assert [a.submission for a in got] == [f"{name} {i}" for i in range(count)]
        assert store.load_draft(C, "shared").text == f"tui {count - 1}"
        assert store.hints_revealed(C, "shared") == count
        assert store.position(C).section == count - 1
        expected = {"ex-tui": PASSED, "ex-check": PASSED}
        if existing:
            expected["before"] = PASSED
        assert store.statuses(C) == expected
    if watcher is not None:  # the long-lived connection sees the others' writes
        assert len(watcher.attempts(C, "ex-check")) == count
        assert watcher.hints_revealed(C, "shared") == count
        watcher.close()


def test_hints_stay_monotonic_across_processes(home):
    # Two processes reveal hints in opposite orders: the count only ever grows.
    code = textwrap.dedent(
        """
        import sys
        from tooltutor.progress import open_store
        store = open_store()
        order = range(40) if sys.argv[1] == "up" else range(39, -1, -1)
        seen = 0
        for i in order:
            now = store.reveal_hint("course-a", "ex-1", i)
            assert now >= max(seen, i + 1), (now, seen, i)
            seen = now
        print(seen)
        """
    )
    with open_store():
        pass  # create the file first
    procs = [spawn(code, home, d) for d in ("up", "down")]
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert out.strip() == "40"
    with open_store() as store:
        assert store.hints_revealed(C, "ex-1") == 40


@pytest.mark.parametrize("kill_after", [1, 40, 400])
def test_a_process_killed_mid_write_loses_no_committed_row(home, kill_after):
    with open_store():
        pass
    proc = spawn(KILLED, home)
    reported: list[tuple[int, int]] = []
    deadline = time.monotonic() + 30
    while len(reported) < kill_after and time.monotonic() < deadline:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        i, row = line.split()
        reported.append((int(i), int(row)))
    os.kill(proc.pid, signal.SIGKILL)  # while it is writing the next rows
    rest, _ = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    # Rows printed after our last read were committed too: count them as well.
    for line in rest.splitlines():
        parts = line.split()
        if len(parts) == 2:  # the last line may be cut short by the kill
            reported.append((int(parts[0]), int(parts[1])))
    assert len(reported) >= kill_after

    conn = sqlite3.connect(home / "progress.db")
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    with open_store() as store:
        assert store.persistent and store.notice is None
        stored = {a.id: a.submission for a in store.attempts(C, "ex-1")}
        for i, row in reported:
            assert stored[row] == f"attempt {i} " + "x" * (i % 3000)
        # The draft written before the last reported attempt is there, or a later one.
        last_i = reported[-1][0]
        assert int(store.load_draft(C, "ex-1").text.split()[1]) >= last_i
        # And the store goes on working.
        store.save_draft(C, "ex-1", "after the crash")
        assert store.load_draft(C, "ex-1").text == "after the crash"
