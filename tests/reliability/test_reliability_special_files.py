"""A FIFO, a device or a huge sparse file where a course file or an answer is expected
(issue 15, item 4): refused before it is read, with a clear message, and nothing waits.

Opening a FIFO for reading blocks until a writer comes, and reading a sparse file of
terabytes takes hours; every test here runs what it tries under a time limit.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from reliability_helpers import FIXTURE_COURSE, run_cli

from tooltutor.course import load_course
from tooltutor.course.yamlsource import YamlFileError, read_regular_file
from tooltutor.errors import UserError
from tooltutor.submission import read_answer_file

pytestmark = pytest.mark.skipif(os.name != "posix", reason="FIFOs and devices are POSIX")

LESSON = "lessons/01-why-tools.yaml"
EXERCISE = "exercises/why-tools/01-pick-one.yaml"
HUGE = 10**12  # a terabyte, sparse: nothing on disk


def within(seconds: float, fn):
    """`fn()` in a thread; fail if it is still running after `seconds` (a block)."""
    box: dict = {}

    def target():
        try:
            box["value"] = fn()
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    started = time.monotonic()
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"blocked for {seconds} s"
    box["elapsed"] = time.monotonic() - started
    return box


def make_special(path: Path, kind: str) -> None:
    if path.exists():
        path.unlink()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")  # endless: reading it would never finish
    elif kind == "sparse":
        with open(path, "wb") as handle:
            handle.truncate(HUGE)
    else:  # pragma: no cover
        raise ValueError(kind)


WORDS = {
    "fifo": "cannot read the file: it is a named pipe (FIFO), not a regular file",
    "device": "cannot read the file: it is a device, not a regular file",
    "sparse": f"file is {HUGE:,} bytes; course files may be at most 1,000,000",
}


@pytest.fixture
def course_copy(tmp_path):
    root = tmp_path / "course"
    shutil.copytree(FIXTURE_COURSE, root)
    return root


# --------------------------------------------------------------------------- course files


@pytest.mark.parametrize("kind", ["fifo", "device", "sparse"])
@pytest.mark.parametrize("where", [LESSON, EXERCISE])
def test_a_special_lesson_or_exercise_file_is_refused_and_the_rest_loads(course_copy, kind, where):
    make_special(course_copy / where, kind)
    box = within(10, lambda: load_course(course_copy, use_cache=False))
    assert "error" not in box, box.get("error")
    assert box["elapsed"] < 5
    course = box["value"]
    found = [f"{p.path.relative_to(course_copy).as_posix()}:{p.line}:{p.column}: {p.message}"
             for p in course.problems]  # fmt: skip
    assert f"{where}:1:1: {WORDS[kind]}" in found, found
    assert [b.path.relative_to(course_copy).as_posix() for b in course.broken] == [where]
    assert course.exercise("write-tool-result") is not None  # the rest of the course loads
    # With the cache on (a second load), the same.
    again = within(10, lambda: load_course(course_copy))["value"]
    assert any(WORDS[kind] in p.message for p in again.problems)


@pytest.mark.parametrize("kind", ["fifo", "device", "sparse"])
def test_a_special_course_yaml_is_refused(course_copy, kind):
    make_special(course_copy / "course.yaml", kind)
    box = within(10, lambda: load_course(course_copy))
    course = box["value"]
    assert [str(p).endswith(f"course.yaml:1:1: {WORDS[kind]}") for p in course.problems] == [
        True
    ], course.problems
    assert course.lesson_order == []


@pytest.mark.parametrize("kind", ["fifo", "sparse"])
def test_every_command_refuses_a_special_course_yaml_without_waiting(course_copy, kind):
    make_special(course_copy / "course.yaml", kind)
    for args in (["list"], ["progress"], ["validate", str(course_copy)]):
        full = args if args[0] == "validate" else ["--course", str(course_copy), *args]
        run = run_cli(*full, timeout=30)
        assert run.code in (1, 2), (args, run.code, run.both)
        assert "course.yaml:1:1" in run.both and WORDS[kind] in run.both, run.both
        assert "Traceback" not in run.both


def test_a_sparse_course_file_is_refused_without_reading_it(course_copy, monkeypatch):
    make_special(course_copy / LESSON, "sparse")
    reads = []
    real_read = os.read

    def counting_read(fd, n):
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", counting_read)
    with pytest.raises(YamlFileError) as caught:
        read_regular_file(course_copy / LESSON)
    assert reads == []  # refused on fstat's size alone
    assert caught.value.message == WORDS["sparse"]


def test_a_file_swapped_for_a_fifo_after_the_stat_still_opens_at_once(tmp_path, monkeypatch):
    """The type is checked again on the opened descriptor (O_NONBLOCK: no wait)."""
    fifo = tmp_path / "lesson.yaml"
    os.mkfifo(fifo)
    real_stat = os.stat

    def regular_stat(path, *args, **kwargs):  # as if it was a file at the time of the stat
        return (
            real_stat(FIXTURE_COURSE / "course.yaml")
            if Path(path) == fifo
            else real_stat(path, *args, **kwargs)
        )

    monkeypatch.setattr(os, "stat", regular_stat)
    box = within(5, lambda: read_regular_file(fifo))
    assert isinstance(box["error"], YamlFileError)
    assert "named pipe" in box["error"].message


# --------------------------------------------------------------------------- answer files


def test_a_fifo_answer_with_no_writer_does_not_block(tmp_path):
    fifo = tmp_path / "answer.json"
    os.mkfifo(fifo)
    box = within(5, lambda: read_answer_file(fifo, 1000, wait=0.5))
    assert isinstance(box["error"], UserError), box
    assert "nothing was written to" in str(box["error"]) and "named pipe" in str(box["error"])


def test_a_fifo_answer_with_a_writer_is_read(tmp_path):
    """`tooltutor check EX <(generate-answer)` and the like keep working."""
    fifo = tmp_path / "answer.json"
    os.mkfifo(fifo)

    def writer():
        time.sleep(0.2)
        with open(fifo, "wb") as handle:
            handle.write(b"[1, ")
            handle.flush()
            time.sleep(0.2)
            handle.write(b"2]")

    threading.Thread(target=writer, daemon=True).start()
    box = within(5, lambda: read_answer_file(fifo, 1000, wait=3))
    assert box.get("value") == b"[1, 2]", box


def test_a_fifo_answer_over_the_limit_stops_at_the_limit(tmp_path):
    fifo = tmp_path / "answer.json"
    os.mkfifo(fifo)
    stop = threading.Event()

    def writer():
        try:
            with open(fifo, "wb") as handle:
                while not stop.is_set():
                    handle.write(b"x" * 4096)
        except BrokenPipeError:
            pass

    threading.Thread(target=writer, daemon=True).start()
    box = within(5, lambda: read_answer_file(fifo, 10_000, wait=3))
    stop.set()
    assert len(box["value"]) == 10_001  # read_answer then says "larger than"


@pytest.mark.parametrize("kind", ["device", "sparse"])
def test_a_device_or_a_sparse_answer_is_refused_without_reading(tmp_path, kind):
    path = tmp_path / "answer.json"
    make_special(path, kind)
    box = within(5, lambda: read_answer_file(path, 10_000_000))
    message = str(box["error"])
    if kind == "device":
        assert "is a device, not a regular file" in message and "(or - to read" in message
    else:
        assert "is larger than 10 MB" in message


def test_check_with_a_fifo_and_no_writer_ends_with_a_message(tmp_path):
    fifo = tmp_path / "answer.json"
    os.mkfifo(fifo)
    code = (
        "import sys, tooltutor.submission as s; s.PIPE_WAIT_S = 0.5\n"
        "from tooltutor.cli import main; sys.exit(main(sys.argv[1:]))\n"
    )
    repo = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(repo), "NO_COLOR": "1"}
    run = subprocess.run(
        [sys.executable, "-c", code, "check", "write-tool-result", str(fifo)],
        capture_output=True, text=True, env=env, timeout=30,
    )  # fmt: skip
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert "nothing was written to" in run.stderr
    assert "Traceback" not in run.stderr


def test_check_with_a_device_is_refused(tmp_path):
    run = run_cli("check", "write-tool-result", "/dev/zero", timeout=30)
    assert run.code == 2 and "is a device, not a regular file" in run.err


def test_check_reads_a_fifo_that_is_written(tmp_path):
    fifo = tmp_path / "answer.json"
    os.mkfifo(fifo)
    writer = subprocess.Popen(
        ["sh", "-c", f"sleep 0.3; printf '[]' > '{fifo}'"],
    )
    try:
        run = run_cli("check", "write-tool-result", str(fifo), timeout=30)
    finally:
        writer.wait(timeout=10)
    assert run.code == 1, run.both  # a verdict (a wrong answer), not a refusal
    assert "met." in run.both


# --------------------------------------------------------------------------- watch


@pytest.mark.parametrize("kind", ["fifo", "device", "sparse"])
def test_watch_refuses_a_special_exercise_file_and_goes_on(tmp_path, kind):
    from tooltutor.watch import WatchSession
    from tooltutor.workdir import exercise_file

    course = load_course()
    exercise = course.exercise("write-tool-result")

    class Store:
        def save_draft(self, *args):  # pragma: no cover - nothing is marked
            raise AssertionError("nothing may be saved")

        def record_attempt(self, *args, **kwargs):  # pragma: no cover
            raise AssertionError("nothing may be recorded")

    out = io.StringIO()
    session = WatchSession(course, exercise, tmp_path, Store(), out=out)
    path = exercise_file(tmp_path, exercise)
    path.parent.mkdir(parents=True)
    make_special(path, kind)
    box = within(5, session.check)
    assert "error" not in box, box.get("error")
    said = out.getvalue()
    if kind == "sparse":
        assert "is larger than 10 MB" in said
    else:
        what = "a named pipe (FIFO)" if kind == "fifo" else "a device"
        assert f"cannot read: {path} is {what}, not a regular file" in said, said


def test_watch_refuses_a_fifo_marker_without_waiting(tmp_path):
    work = tmp_path / "work"
    assert run_cli("start", "write-tool-result", "--dir", str(work)).code == 0
    marker = work / ".tooltutor-current"
    marker.unlink()
    os.mkfifo(marker)
    run = run_cli("watch", str(work), "--poll", stdin=b"q\n", cwd=tmp_path, timeout=30)
    assert run.code == 2 and "has no current exercise" in run.err
