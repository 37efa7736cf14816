"""Learner code that misbehaves, marked as `tooltutor check` and the TUI mark it.

Each fault runs the real sandbox through `checker.exercise.mark` on a python exercise of
the bundled course, and must end in a failing verdict whose diagnostic says why, within
the sandbox's limits (time, memory, output), leaving everything outside the exercise's
folder (the progress database included) as it was. `tests/sandbox` tests the same
guards one level down, on `run_python`'s report.
"""

from __future__ import annotations

import json
import resource
import socket
import time

import pytest

from checker.exercise import mark
from checker.sandbox import DEFAULT_LIMITS
from tooltutor.course import load_course
from tooltutor.exercise_status import PASSED
from tooltutor.marking import course_checks
from tooltutor.progress import open_store

HEAD = "import os, sys, signal\n\ndef handle_turn(client, user_text, tools, run_tool):\n"
#: The longest a marking may take: the wall limit, the grace before the kill, start-up.
MAX_SECONDS = DEFAULT_LIMITS.wall_s + DEFAULT_LIMITS.grace_s + 3.0


@pytest.fixture(scope="module")
def exercise():
    return load_course(None).exercise("fix-round-trip")


def body(*lines: str) -> str:
    return HEAD + "".join(f"    {line}\n" for line in lines)


def judge(exercise, source: str):
    """The verdict on `source`, the seconds it took, and its one-line explanation."""
    started = time.monotonic()
    verdict = mark(exercise.spec(), source)
    elapsed = time.monotonic() - started
    assert not verdict.passed
    assert verdict.status in ("fail", "error")
    assert len(verdict.criteria) == len(exercise.criteria)
    assert verdict.diagnostics, "a fault must come with a reason"
    reason = " ".join(d.message for d in verdict.diagnostics if d.severity == "error")
    assert reason.strip()
    assert elapsed < MAX_SECONDS, f"took {elapsed:.1f}s"
    json.dumps(verdict.to_dict())  # what `check --json` prints
    return verdict, elapsed, reason


# fault -> (code of handle_turn, words the reason must hold)
FAULTS = {
    "endless-loop": (body("while True:", "    pass"), "still running after 5 seconds"),
    "memory-bomb": (body("x = 'a' * 10**11", "return x"), "more than 512 MB of memory"),
    "memory-creep": (
        body("hoard = []", "while True:", "    hoard.append(bytearray(10**6))"),
        "more than 512 MB of memory",
    ),
    "fork-bomb": (body("while True:", "    os.fork()"), "starting processes is not allowed"),
    "subprocess": (
        body("import subprocess", "subprocess.run(['sh', '-c', ':(){ :|:& };:'])"),
        "starting processes is not allowed",
    ),
    "multiprocessing": (
        body("import multiprocessing", "multiprocessing.Process(target=print).start()"),
        "starting processes is not allowed",
    ),
    "os-system": (body("os.system('echo hi')"), "starting processes is not allowed"),
    "sys-exit": (body("sys.exit(0)"), "sys.exit(0)"),
    "sys-exit-at-import": ("import sys\nsys.exit(3)\n", "sys.exit(3)"),
    "os-_exit": (body("os._exit(0)"), "exit code 0"),
    "sigkill-itself": (body("os.kill(os.getpid(), signal.SIGKILL)"), "SIGKILL"),
    "sigsegv-itself": (body("os.kill(os.getpid(), signal.SIGSEGV)"), "SIGSEGV"),
    "sigterm-itself": (body("os.kill(os.getpid(), signal.SIGTERM)"), "SIGTERM"),
    "signal-the-parent": (
        body("os.kill(os.getppid(), signal.SIGTERM)"),
        "only send signals to their own process",
    ),
    "signal-every-process": (
        body("os.kill(-1, signal.SIGTERM)"),
        "only send signals to their own process",
    ),
    "ignore-the-deadline": (
        body("signal.signal(signal.SIGALRM, signal.SIG_IGN)", "while True:", "    pass"),
        "still running",
    ),
    "raise-keyboard-interrupt": (body("raise KeyboardInterrupt"), "KeyboardInterrupt"),
    "output-flood": (body("while True:", "    print('x' * 1000)"), "printed more than 1024 KB"),
    "raw-output-flood": (
        body("while True:", "    os.write(1, b'x' * 65536)"),
        "printed more than 1024 KB",
    ),
    "write-outside": (
        body("open('/tmp/tooltutor-escape.txt', 'w').write('x')"),
        "may only write files in their own folder",
    ),
    "network": (
        body("import socket", "socket.create_connection(('example.com', 80), timeout=3)"),
        "no network in exercises",
    ),
    "endless-recursion": (
        body("return handle_turn(client, user_text, tools, run_tool)"),
        "RecursionError",
    ),
    "syntax-bomb": ("x = " + "(" * 100_000 + ")" * 100_000 + "\n", "could not read"),
    "nul-byte": ("def handle_turn(\0):\n    pass\n", "null bytes"),
}


#: slow (the wall limit each time); tests/sandbox covers the same at the report level
SLOW_FAULTS = ("ignore-the-deadline",)


@pytest.mark.parametrize(
    "fault",
    [pytest.param(f, marks=pytest.mark.slow) if f in SLOW_FAULTS else f for f in FAULTS],
)
def test_a_fault_ends_in_a_failing_verdict_with_its_reason(exercise, fault):
    source, words = FAULTS[fault]
    _, elapsed, reason = judge(exercise, source)
    assert words in reason, reason
    if fault in ("endless-loop", "ignore-the-deadline"):
        assert elapsed >= DEFAULT_LIMITS.wall_s - 0.5  # stopped by the limit, not by luck


def test_a_memory_bomb_stays_under_the_memory_limit(exercise):
    judge(exercise, FAULTS["memory-creep"][0])
    biggest_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert biggest_kb < (DEFAULT_LIMITS.memory_mb + 64) * 1024


def test_an_output_flood_reaches_the_learner_cut_short(exercise):
    verdict, _, _ = judge(exercise, FAULTS["output-flood"][0])
    assert len(json.dumps(verdict.to_dict())) < 64 * 1024


def test_writing_outside_leaves_no_file(exercise, tmp_path):
    target = tmp_path / "outside.txt"
    _, _, reason = judge(exercise, body(f"open({str(target)!r}, 'w').write('x')"))
    assert "may only write files in their own folder" in reason
    assert not target.exists()


def test_deleting_outside_leaves_the_file(exercise, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    _, _, reason = judge(exercise, body(f"os.remove({str(target)!r})"))
    assert "may only write files in their own folder" in reason
    assert target.read_text() == "keep me"


def seeded_store(home):
    with open_store() as store:
        store.record_attempt(
            "c", "done", passed=True, criteria_passed=1, criteria_total=1, submission="mine"
        )
        store.save_draft("c", "draft", "typed")
    return home / "progress.db"


def assert_store_intact():
    with open_store() as store:
        assert store.notice is None
        assert store.exercise_status("c", "done") == PASSED
        assert store.load_draft("c", "draft").text == "typed"


@pytest.mark.parametrize(
    "how",
    [
        "open(DB, 'r+b').write(b'garbage')",
        "open(DB, 'w').close()",
        "os.truncate(DB, 0)",
        "os.remove(DB)",
        "os.rename(DB, DB + '.gone')",
        "sqlite3.connect(DB).execute('DELETE FROM attempts').connection.commit()",
        "sqlite3.connect('file:' + DB + '?mode=rw', uri=True).execute('DROP TABLE drafts')",
    ],
)
def test_touching_the_progress_database_is_refused(exercise, home, how):
    db = seeded_store(home)
    before = db.read_bytes()
    source = body("import sqlite3", f"DB = {str(db)!r}", how, "return 'done'")
    _, _, reason = judge(exercise, source)
    assert "PermissionError" in reason and "own folder" in reason, reason
    assert db.read_bytes() == before
    assert_store_intact()


def test_the_network_stays_closed_even_to_a_local_listener(exercise):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(1)
        server.settimeout(0.2)
        port = server.getsockname()[1]
        _, _, reason = judge(
            exercise, body("import socket", f"socket.create_connection(('127.0.0.1', {port}))")
        )
        assert "no network in exercises" in reason
        with pytest.raises(OSError):
            server.accept()


def test_warnings_about_the_learners_code_stay_out_of_our_output(exercise):
    """`"\\d"` makes Python warn when it compiles the code; the warning is the learner's
    business (their run shows it), not a line on the terminal of `check` or the TUI."""
    import warnings

    from checker.sandbox import find_syntax_error

    pattern = 'PATTERN = "\\d+"\n\n\n'
    source = exercise.solution.replace("def handle_turn", pattern + "def handle_turn", 1)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert find_syntax_error(source) is None
        # the exercise names a check of the course's own (`results-carry-output`)
        verdict = mark(exercise.spec(), source, checks=course_checks(load_course(None)))
    assert verdict.passed, [c.message for c in verdict.criteria if not c.passed]
    assert [str(w.message) for w in seen] == []
