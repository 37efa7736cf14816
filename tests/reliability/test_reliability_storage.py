"""Storage faults, end to end: processes killed while they write, a data folder that turns
read-only, a disk that fills up, a damaged database or cache. No committed progress may be
lost, the learner is told in plain words, and the program keeps working.

`tests/progress` covers the store's own fault handling in one process (a file that is not
a database, scribbled pages, a folder that cannot be created, SQLite's read-only mode, a
fault mid-session, files of a newer tooltutor, two writers at once, three kills). This
file adds what the issue asks beyond that: many kill rounds with random timing and every
kind of write (the real `tooltutor check` among them), a really read-only file system and
a really full one (a tmpfs in a private mount namespace, when the tests may mount: as
root), a file-size limit (RLIMIT_FSIZE, which needs nothing special), byte damage at
random places, and a damaged course cache.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from reliability_helpers import REPO, assert_clean, run_cli
from slow_share import bounded

from tooltutor.exercise_status import PASSED
from tooltutor.progress import open_store

C = "course-a"
ROUNDS_FAST = 5
ROUNDS_SLOW = bounded(100)

WRITER = textwrap.dedent(
    """
    import random, sys
    from tooltutor.progress import open_store

    seed = int(sys.argv[1])
    rng = random.Random(seed)
    store = open_store()
    assert store.persistent and store.notice is None, store.notice
    print("ready", flush=True)
    i = 0
    while True:
        op = rng.choice("AAADDHQP")
        if op == "A":
            size = rng.randrange(20000)
            row = store.record_attempt(
                "course-a", f"ex-{i % 7}", passed=i % 3 == 0, criteria_passed=1,
                criteria_total=2, submission=f"{seed} {i} " + "x" * size,
            )
            print("A", i, row, size, flush=True)
        elif op == "D":
            store.save_draft("course-a", "drafted", f"{seed} {i}")
            print("D", i, flush=True)
        elif op == "H":
            print("H", store.reveal_hint("course-a", "hinted", i % 50), flush=True)
        elif op == "Q":
            store.answer_check("course-a", "lesson-1", f"q{i % 5}", i % 4, i % 2 == 0)
            print("Q", i, flush=True)
        else:
            store.set_position("course-a", "lesson-1", section=i)
            print("P", i, flush=True)
        i += 1
    """
)


def child_env(home: Path, **extra: str) -> dict[str, str]:
    env = {**os.environ, "TOOLTUTOR_HOME": str(home), **extra}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    return env


def spawn(code: str, home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(home),
    )


def integrity(db: Path) -> None:
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        conn.close()


# --------------------------------------------------------------------------- SIGKILL


def kill_round(home: Path, seed: int, committed: dict) -> None:
    """Start a writer, kill it at a random moment, and check that what it said it had
    committed is all there."""
    rng = random.Random(seed)
    proc = spawn(WRITER, home, str(seed))
    assert proc.stdout.readline().strip() == "ready", proc.stderr.read()
    time.sleep(rng.uniform(0.0, 0.25))
    os.kill(proc.pid, signal.SIGKILL)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        kind = parts[0]
        try:  # the last line may be cut short by the kill
            if kind == "A" and len(parts) == 4:
                i, row, size = map(int, parts[1:])
                committed["attempts"][row] = f"{seed} {i} " + "x" * size
            elif kind == "D" and len(parts) == 2:
                committed["draft"] = (seed, int(parts[1]))
            elif kind == "H" and len(parts) == 2:
                committed["hints"] = max(committed["hints"], int(parts[1]))
            elif kind == "P" and len(parts) == 2:
                committed["position"] = (seed, int(parts[1]))
        except ValueError:
            continue


def check_committed(home: Path, committed: dict) -> None:
    integrity(home / "progress.db")
    with open_store() as store:
        assert store.persistent and store.notice is None, store.notice
        stored = {}
        for n in range(7):
            stored.update({a.id: a.submission for a in store.attempts(C, f"ex-{n}")})
        for row, submission in committed["attempts"].items():
            assert stored.get(row) == submission, f"attempt {row} lost or changed"
        if committed["draft"] is not None:
            seed, i = committed["draft"]
            text = store.load_draft(C, "drafted").text.split()
            # that draft, or one written after it (the kill may come after the print)
            assert (int(text[0]), int(text[1])) >= (seed, i)
        assert store.hints_revealed(C, "hinted") >= committed["hints"]
    assert not [p for p in home.iterdir() if ".broken-" in p.name], "the file was damaged"


def kill_check_command(home: Path, seed: int, answer: Path) -> None:
    """The real `tooltutor check`, killed at a random moment of its run."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tooltutor", "check", "write-tool-result", str(answer)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=child_env(home),
    )
    time.sleep(random.Random(seed).uniform(0.05, 0.4))
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)


def run_kill_rounds(home: Path, rounds: int, tmp_path: Path) -> int:
    with open_store() as store:
        store.record_attempt(C, "before", passed=True, criteria_passed=1, criteria_total=1,
                             submission="kept")  # fmt: skip
    committed = {"attempts": {}, "draft": None, "hints": 0, "position": None}
    answer = tmp_path / "answer.json"
    answer.write_text("[]")
    killed = 0
    for seed in range(rounds):
        if seed % 10 == 9:
            kill_check_command(home, seed, answer)
        else:
            kill_round(home, seed, committed)
        killed += 1
        check_committed(home, committed)
    with open_store() as store:
        assert store.exercise_status(C, "before") == PASSED
        store.save_draft(C, "after", "the store still works")
        assert store.load_draft(C, "after").text == "the store still works"
    assert len(committed["attempts"]) > rounds // 2  # the writers did write
    return killed


def test_sigkill_during_writes_loses_nothing_committed(home, tmp_path):
    assert run_kill_rounds(home, ROUNDS_FAST, tmp_path) == ROUNDS_FAST


@pytest.mark.slow
def test_sigkill_during_writes_loses_nothing_committed_100_rounds(home, tmp_path):
    assert run_kill_rounds(home, ROUNDS_SLOW, tmp_path) == ROUNDS_SLOW


# --------------------------------------------------------------------------- file systems

SEED = textwrap.dedent(
    """
    from tooltutor.progress import open_store
    from tooltutor.course import load_course
    course = load_course()
    with open_store() as store:
        assert store.persistent
        store.record_attempt(course.id, "write-tool-result", passed=True, criteria_passed=6,
                             criteria_total=6, submission="my answer")
        store.save_draft(course.id, "fix-round-trip", "my draft")
    print("seeded")
    """
)
VERIFY = textwrap.dedent(
    """
    import sqlite3, sys
    from tooltutor.progress import open_store
    from tooltutor.course import load_course
    course = load_course()
    conn = sqlite3.connect(sys.argv[1] + "/progress.db")
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    with open_store() as store:
        assert store.persistent and store.notice is None, store.notice
        assert store.exercise_status(course.id, "write-tool-result") == "passed"
        assert store.load_draft(course.id, "fix-round-trip").text == "my draft"
        store.save_draft(course.id, "x", "works again")
    print("verified")
    """
)


def can_mount() -> bool:
    if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("mount"):
        return False
    probe = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "sh", "-c",
         "d=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs $d && umount $d && rmdir $d"],
        capture_output=True,
    )  # fmt: skip
    return probe.returncode == 0


needs_mount = pytest.mark.skipif(
    not can_mount(), reason="needs root and mount namespaces (a real tmpfs)"
)


def in_private_mount(tmp_path: Path, home: Path, body: str) -> str:
    """Run the shell `body` in a mount namespace of its own: the tmpfs it mounts on
    $H vanishes with it. $PY is this Python; $SEED, $VERIFY are the scripts above."""
    home.mkdir(parents=True, exist_ok=True)
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(_solution("write-tool-result")))
    script = textwrap.dedent(
        """
        H="$1"; PY="$2"; ANSWER="$3"
        run() { echo "--- $*"; "$PY" -m tooltutor "$@" 2>&1; echo "rc=$?"; }
        """
    ) + textwrap.dedent(body)
    proc = subprocess.run(
        ["unshare", "--mount", "--propagation", "private", "bash", "-c", script, "script",
         str(home), sys.executable, str(answer)],
        capture_output=True,
        text=True,
        env=child_env(home, SEED=SEED, VERIFY=VERIFY),
        timeout=120,
    )  # fmt: skip
    return proc.stdout + proc.stderr


def _solution(exercise_id: str):
    from tooltutor.course import load_course

    return json.loads(load_course().exercise(exercise_id).solution)


def sections(output: str) -> dict[str, str]:
    """`--- command` headed parts of the output."""
    parts, name = {}, "setup"
    for line in output.splitlines():
        if line.startswith("--- "):
            name = line[4:]
            parts[name] = ""
        else:
            parts[name] = parts.get(name, "") + line + "\n"
    return parts


@needs_mount
def test_a_read_only_data_folder(tmp_path, home):
    output = in_private_mount(
        tmp_path,
        home,
        """
        mount -t tmpfs -o size=16m tmpfs "$H"
        "$PY" -c "$SEED"
        mount -o remount,ro "$H"
        run progress
        run check write-tool-result "$ANSWER"
        run list
        run start fix-round-trip --dir "$H/../work"
        mount -o remount,rw "$H"
        "$PY" -c "$VERIFY" "$H"
        """,
    )
    assert "seeded" in output and "verified" in output, output
    parts = sections(output)
    for name, text in parts.items():
        if name == "setup":
            continue
        assert "Traceback" not in text, text
        if not name.startswith("start"):  # `start` only reads progress: nothing to warn of
            assert "will not be saved" in text and "is read-only" in text, (name, text)
    assert "rc=0" in parts["progress"] and "Done: 1 of" in parts["progress"]
    assert "rc=0" in parts["check write-tool-result " + str(tmp_path / "answer.json")]
    assert "[x] write-tool-result" in parts["list"]  # what was saved before still shows
    assert "your saved draft" in parts[f"start fix-round-trip --dir {home}/../work"]


@needs_mount
def test_a_full_disk(tmp_path, home):
    output = in_private_mount(
        tmp_path,
        home,
        """
        mount -t tmpfs -o size=4m tmpfs "$H"   # room for the store and the course cache
        "$PY" -c "$SEED"
        "$PY" -m tooltutor list > /dev/null 2>&1   # the course cache fills some space too
        dd if=/dev/zero of="$H/filler" bs=4k > /dev/null 2>&1
        df -k "$H" | tail -1
        head -c 400000 /dev/zero | tr '\\0' 'x' > /tmp/tooltutor-big-answer-$$
        run check write-tool-result /tmp/tooltutor-big-answer-$$
        run check write-tool-result "$ANSWER"
        run progress
        rm -f "$H/filler" /tmp/tooltutor-big-answer-$$
        "$PY" -c "$VERIFY" "$H"
        """,
    )
    assert "seeded" in output and "verified" in output, output
    parts = sections(output)
    for name, text in parts.items():
        if name == "setup":
            continue
        assert "Traceback" not in text, text
        assert "rc=0" in text or "rc=1" in text, (name, text)
    told = "".join(text for name, text in parts.items() if name != "setup")
    assert "saved" in told and ("disk is full" in told or "full" in told), told


RLIMIT_WRITER = textwrap.dedent(
    """
    import os, resource, signal, sys
    from tooltutor.progress import open_store

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
    store = open_store()
    assert store.persistent, store.notice
    home = os.environ["TOOLTUTOR_HOME"]
    largest = max(os.path.getsize(os.path.join(home, n)) for n in os.listdir(home))
    resource.setrlimit(resource.RLIMIT_FSIZE, (largest + 8192, resource.RLIM_INFINITY))
    for i in range(50):  # each attempt is larger than what the file may still grow by
        store.record_attempt("course-a", "big", passed=False, criteria_passed=0,
                             criteria_total=1, submission=f"{i} " + "x" * 100_000)
        if not store.persistent:
            break
    store.save_draft("course-a", "big", "typed after the disk filled")
    print(json.dumps({
        "persistent": store.persistent,
        "notice": store.take_notice(),
        "draft": store.load_draft("course-a", "big").text,
        "kept": store.exercise_status("course-a", "before"),
    }))
    """
).replace("import os,", "import json, os,")


def test_a_file_size_limit_is_met_like_a_full_disk(home):
    with open_store() as store:
        store.record_attempt(C, "before", passed=True, criteria_passed=1, criteria_total=1,
                             submission="kept")  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-c", RLIMIT_WRITER],
        capture_output=True,
        text=True,
        env=child_env(home),
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["persistent"] is False
    assert "can no longer be saved" in result["notice"]
    assert result["draft"] == "typed after the disk filled"  # kept in memory, app goes on
    assert result["kept"] == PASSED
    integrity(home / "progress.db")
    with open_store() as store:
        assert store.persistent and store.notice is None
        assert store.exercise_status(C, "before") == PASSED


# --------------------------------------------------------------------------- damage


def seeded(home: Path, attempts: int = 300) -> dict[int, str]:
    with open_store() as store:
        rows = {}
        for i in range(attempts):
            rows[
                store.record_attempt(C, f"ex-{i % 9}", passed=True, criteria_passed=1,
                                     criteria_total=1, submission=f"answer {i} " + "y" * 300)
            ] = f"answer {i} " + "y" * 300  # fmt: skip
        store.save_draft(C, "ex-0", "draft")
    return rows


def damage_rounds(home: Path, rounds: int) -> None:
    """Flip bytes at random places of a good database, again and again; each time the
    program opens it, says what happened, and goes on; nothing is deleted."""
    seeded(home)
    db = home / "progress.db"
    pristine = db.read_bytes()
    rng = random.Random(11)
    for n in range(rounds):
        for leftover in home.iterdir():
            if leftover.is_file():
                leftover.unlink()
        data = bytearray(pristine)
        how = rng.choice(["flip", "zero-page", "truncate", "wal-garbage", "shm-garbage"])
        if how == "flip":
            for _ in range(rng.randrange(1, 40)):
                data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif how == "zero-page":
            page = rng.randrange(len(data) // 4096) * 4096
            data[page : page + 4096] = bytes(4096)
        elif how == "truncate":
            del data[rng.randrange(len(data)) :]
        db.write_bytes(bytes(data))
        if how == "wal-garbage":
            (home / "progress.db-wal").write_bytes(rng.randbytes(rng.randrange(1, 40000)))
        if how == "shm-garbage":
            (home / "progress.db-shm").write_bytes(rng.randbytes(32768))
        with open_store() as store:
            notice = store.take_notice()
            if how in ("wal-garbage", "shm-garbage"):
                # a WAL or shared-memory file SQLite cannot use is ignored: nothing lost
                assert notice is None, (n, how, notice)
                assert store.load_draft(C, "ex-0").text == "draft"
                assert len(store.attempts(C, "ex-0")) == 34
            elif notice:
                assert "damaged" in notice or "will not be saved" in notice, notice
            store.save_draft(C, "after", f"round {n}")
            assert store.load_draft(C, "after").text == f"round {n}"
        moved = [p for p in home.iterdir() if ".broken-" in p.name and "-wal" not in p.name]
        if moved:  # the damaged file is kept for recovery, byte for byte
            assert moved[0].read_bytes() == bytes(data)


def test_a_damaged_database_is_set_aside_and_the_program_goes_on(home):
    damage_rounds(home, 20)


@pytest.mark.slow
def test_a_damaged_database_is_set_aside_and_the_program_goes_on_100_rounds(home):
    damage_rounds(home, bounded(100))


def test_a_damaged_database_through_the_command_line(home, tmp_path):
    seeded(home, 20)
    db = home / "progress.db"
    db.write_bytes(db.read_bytes()[:5000] + b"\xa5" * 20000)
    answer = tmp_path / "answer.json"
    answer.write_text("[]")
    first = run_cli("check", "write-tool-result", str(answer))
    assert first.code == 1
    assert_clean(first)
    assert "damaged" in first.both and "moved aside" in first.both
    again = run_cli("progress")
    assert again.code == 0 and "damaged" not in again.both  # told once
    assert_clean(again)


def test_a_damaged_course_cache_costs_only_time(home):
    from tooltutor.course import load_course

    clean = load_course()
    cache = home / "cache"
    files = [p for p in cache.rglob("*") if p.is_file()]
    assert files, "loading the course fills the cache"
    rng = random.Random(5)
    for n, path in enumerate(files):
        data = path.read_bytes()
        choice = n % 4
        if choice == 0:
            path.write_bytes(b"")
        elif choice == 1:
            path.write_bytes(data[: len(data) // 2])
        elif choice == 2:
            path.write_bytes(rng.randbytes(len(data)))
        else:
            path.write_bytes(data[:50] + rng.randbytes(200) + data[250:])
    again = load_course()
    assert [str(p) for p in again.problems] == [str(p) for p in clean.problems] == []
    assert list(again.exercises) == list(clean.exercises)
    assert [le.id for le in again.lessons] == [le.id for le in clean.lessons]
    listing = run_cli("list")
    assert listing.code == 0
    assert_clean(listing)
