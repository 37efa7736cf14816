"""Working in your own editor: `tooltutor start` and `tooltutor watch`."""

from __future__ import annotations

import io
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from tooltutor.course import load_course
from tooltutor.progress import open_store
from tooltutor.watch import WatchSession
from tooltutor.watch_events import Event

COURSE = load_course(None)
EXERCISE = COURSE.exercise("write-tool-result")


def test_start_writes_the_starter_and_refuses_to_overwrite(run, tmp_path):
    result = run("start", "write-tool-result", "--dir", tmp_path / "work", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    path = tmp_path / "work/round-trip/write-tool-result.json"
    assert path.read_text() == EXERCISE.starter
    assert str(path.relative_to(tmp_path)) in result.stdout or str(path) in result.stdout
    assert "tooltutor watch" in result.stdout
    path.write_text("my work")
    again = run("start", "write-tool-result", "--dir", tmp_path / "work", cwd=tmp_path)
    assert again.returncode == 0 and "already exists: it is kept as it is" in again.stdout
    assert path.read_text() == "my work", "nothing a learner typed is overwritten"


def test_start_force_restores_the_saved_draft(run, tmp_path):
    home = tmp_path / "home"
    store = open_store(home / "progress.db")
    store.save_draft(COURSE.id, "write-tool-result", "[1, 2, 3]")
    store.close()
    work = tmp_path / "work"
    env = {"TOOLTUTOR_HOME": str(home)}
    run("start", "write-tool-result", "--dir", work, extra_env=env)
    assert (work / "round-trip/write-tool-result.json").read_text() == "[1, 2, 3]"


class FakeStore:
    def __init__(self):
        self.attempts, self.drafts, self.hints = [], {}, 0

    def save_draft(self, course, exercise, text):
        self.drafts[exercise] = text

    def record_attempt(self, course, exercise, **kw):
        self.attempts.append((exercise, kw["passed"]))

    def hints_revealed(self, course, exercise):
        return self.hints

    def reveal_hint(self, course, exercise, index):
        self.hints = index + 1

    def take_notice(self):
        return None


def test_a_burst_of_writes_is_one_check(tmp_path):
    path = tmp_path / "round-trip/write-tool-result.json"
    path.parent.mkdir(parents=True)
    path.write_text(EXERCISE.solution)
    store = FakeStore()
    session = WatchSession(COURSE, EXERCISE, tmp_path, store, out=io.StringIO(), debounce=0.2)
    for _ in range(5):
        session.events.put(Event("change"))
    session.events.put(Event("key", "q"))
    assert session.run() == 0
    # the check when it starts (it passes, so it counts), then one for the five writes
    assert store.attempts == [("write-tool-result", True)] * 2
    assert store.drafts["write-tool-result"] == EXERCISE.solution


class Watch:
    """`tooltutor watch --poll` in a subprocess, its output collected line by line."""

    def __init__(self, workdir: Path, home: Path):
        env = {**os.environ, "TOOLTUTOR_HOME": str(home), "NO_COLOR": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tooltutor", "watch", str(workdir), "--poll"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)

    def wait_for(self, text: str, timeout: float = 20) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.1)
            except queue.Empty:
                continue
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"{text!r} never appeared; output:\n{''.join(self.seen)}")

    def key(self, letter: str):
        self.proc.stdin.write(letter + "\n")
        self.proc.stdin.flush()


def test_watch_marks_on_save_records_progress_and_moves_on(run, tmp_path):
    work, home = tmp_path / "work", tmp_path / "home"
    assert (
        run(
            "start", "write-tool-result", "--dir", work, extra_env={"TOOLTUTOR_HOME": str(home)}
        ).returncode
        == 0
    )
    path = work / "round-trip/write-tool-result.json"
    watch = Watch(work, home)
    try:
        watch.wait_for("Watching")
        watch.wait_for("FAIL:")  # it checks once when it starts
        path.write_text('[{"role": "user", "content": "hi"}]')
        watch.wait_for("--- check 2")
        watch.wait_for("FAIL:")
        for _ in range(4):  # an editor's burst of writes
            path.write_text(EXERCISE.solution)
            time.sleep(0.02)
        watch.wait_for("PASS:")
        watch.key("h")
        watch.wait_for("Hint 1 of")
        path.unlink()
        watch.key("r")
        watch.wait_for("is gone")
        watch.key("n")
        watch.wait_for("fix-round-trip")
        watch.wait_for("--- check 4")  # the next exercise is checked at once
        watch.key("q")
        assert watch.proc.wait(timeout=10) == 0
    finally:
        watch.proc.kill()
    # the check when it starts, one on each save, and one when it moved on
    assert sum("--- check" in line for line in watch.seen) == 4
    assert (work / "round-trip/fix-round-trip.py").exists()
    listing = json.loads(run("list", "--json", extra_env={"TOOLTUTOR_HOME": str(home)}).stdout)
    statuses = {e["id"]: e["status"] for lesson in listing["lessons"] for e in lesson["exercises"]}
    assert statuses["write-tool-result"] == "passed"
