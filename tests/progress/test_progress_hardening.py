"""The store writes only to a file of its own (issue 15, item 4).

A database that is a symbolic link or has a second name (a hard link), or that is not a
regular file, is never written through; the store opens its file by an absolute path
(never an SQLite URI); ``ATTACH`` is off; the data folder is created 0700 and the file
0600. An empty database beside a write-ahead log that holds data is recovered, not
deleted.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tooltutor import progress
from tooltutor.exercise_status import PASSED
from tooltutor.progress import connection, open_store, opening, schema

C = "course-a"
REPO = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX file types and modes")


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("TOOLTUTOR_HOME", str(folder))
    return folder


def seed(path: Path, n: int = 3) -> None:
    """A store at `path` with `n` passed attempts and a draft, closed cleanly."""
    with open_store(path) as s:
        assert s.persistent, s.notice
        for i in range(n):
            s.record_attempt(
                C, f"ex-{i}", passed=True, criteria_passed=1, criteria_total=1, submission="ok"
            )
        s.save_draft(C, "ex-0", "my draft")


def opened_within(seconds: float, fn):
    """Run `fn` in a thread: it must return within `seconds` (an open that blocks fails)."""
    box: dict = {}

    def target():
        try:
            box["value"] = fn()
        except BaseException as exc:  # pragma: no cover - shown by the assert below
            box["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if "error" in box:
        raise box["error"]
    return box["value"]


# --------------------------------------------------------------------------- links


@posix_only
def test_a_symlinked_database_is_never_written_through(home, tmp_path):
    elsewhere = tmp_path / "elsewhere" / "progress.db"
    elsewhere.parent.mkdir()
    seed(elsewhere)
    before = elsewhere.read_bytes()
    home.mkdir()
    (home / "progress.db").symlink_to(elsewhere)
    with open_store() as s:
        assert not s.persistent
        notice = s.take_notice()
        assert "symbolic link" in notice and str(elsewhere) in notice
        assert "TOOLTUTOR_HOME" in notice  # what to do about it
        assert s.statuses(C) == {f"ex-{i}": PASSED for i in range(3)}  # shown, read only
        s.save_draft(C, "ex-0", "typed now")
        s.record_attempt(C, "new", passed=True, criteria_passed=1, criteria_total=1, submission="")
    assert elsewhere.read_bytes() == before  # nothing written through the link
    assert (home / "progress.db").is_symlink()  # left as the learner made it
    assert not (home / "progress.db-wal").exists()


@posix_only
def test_a_symlinked_wal_is_never_written_through(home, tmp_path):
    seed(home / "progress.db")
    target = tmp_path / "someone-elses-file"
    target.write_bytes(b"precious")
    (home / "progress.db-wal").symlink_to(target)
    with open_store() as s:
        assert not s.persistent
        assert "symbolic link" in s.take_notice()
        assert s.exercise_status(C, "ex-1") == PASSED  # the database itself is read
        s.save_draft(C, "ex-0", "typed now")
    assert target.read_bytes() == b"precious"


@posix_only
def test_a_hard_link_while_another_tooltutor_has_it_open_is_not_written(home, tmp_path):
    running = open_store()  # a TUI that opened its store before the link was made
    assert running.persistent
    running.record_attempt(C, "ex-1", passed=True, criteria_passed=1, criteria_total=1,
                           submission="before")  # fmt: skip
    work = tmp_path / "work"
    work.mkdir()
    os.link(home / "progress.db", work / "stolen.db")  # what learner code once did
    try:
        with open_store() as s:
            assert not s.persistent
            notice = s.take_notice()
            assert "2 names (hard links)" in notice and "close every tooltutor" in notice
            assert s.exercise_status(C, "ex-1") == PASSED
            s.save_draft(C, "ex-1", "not saved")
        assert (home / "progress.db").stat().st_nlink == 2  # left as it was
    finally:
        running.close()


@posix_only
def test_a_hard_link_is_broken_when_no_tooltutor_has_the_file_open(home, tmp_path):
    seed(home / "progress.db")
    work = tmp_path / "work"
    work.mkdir()
    os.link(home / "progress.db", work / "stolen.db")
    stolen_before = (work / "stolen.db").read_bytes()
    with open_store() as s:
        assert s.persistent
        notice = s.take_notice()
        assert "second name" in notice and "copy of its own" in notice
        assert s.statuses(C) == {f"ex-{i}": PASSED for i in range(3)}
        s.record_attempt(C, "after", passed=True, criteria_passed=1, criteria_total=1,
                         submission="")  # fmt: skip
        # Truncating or overwriting the other name no longer reaches the store.
        (work / "stolen.db").write_bytes(b"")
        assert s.exercise_status(C, "after") == PASSED
    assert (home / "progress.db").stat().st_nlink == 1
    assert stolen_before  # the other name kept the old copy until it was truncated
    with open_store() as s:
        assert s.persistent and s.notice is None  # told once
        assert s.exercise_status(C, "after") == PASSED


@posix_only
@pytest.mark.parametrize("kind", ["fifo", "folder", "socket"])
def test_a_database_that_is_not_a_regular_file_is_moved_aside(home, kind, tmp_path):
    import socket

    home.mkdir()
    db = home / "progress.db"
    sock = None
    if kind == "fifo":
        os.mkfifo(db)
    elif kind == "folder":
        db.mkdir()
        (db / "notes.txt").write_text("kept")
    else:
        if len(str(db)) > 100:
            pytest.skip("socket path too long")
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(db))
    try:
        s = opened_within(10, open_store)  # opening a FIFO must never wait for a writer
        with s:
            assert s.persistent
            notice = s.take_notice()
            assert "not a regular file" in notice and "moved aside" in notice
            s.save_draft(C, "ex-0", "works")
        moved = [p for p in home.iterdir() if ".not-a-file-" in p.name]
        assert len(moved) == 1
        if kind == "folder":
            assert (moved[0] / "notes.txt").read_text() == "kept"
        assert stat.S_ISREG(db.lstat().st_mode)
    finally:
        if sock is not None:
            sock.close()


@posix_only
def test_a_fifo_in_place_of_the_wal_never_blocks(home):
    seed(home / "progress.db")
    os.mkfifo(home / "progress.db-wal")
    s = opened_within(10, open_store)
    with s:
        assert s.persistent
        assert "beside your progress file" in s.take_notice()
        assert s.exercise_status(C, "ex-2") == PASSED


# --------------------------------------------------------------------------- the file itself


@posix_only
def test_the_data_folder_is_created_0700_and_the_file_0600(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "a" / "b" / "home"))
    old = os.umask(0o022)
    try:
        with open_store() as s:
            assert s.persistent
            s.save_draft(C, "ex-0", "x")
            folder = s.path.parent
            assert stat.S_IMODE(folder.stat().st_mode) == 0o700
            for name in ("progress.db", "progress.db-wal", "progress.db-shm"):
                if (folder / name).exists():
                    assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
    finally:
        os.umask(old)


def test_a_uri_is_only_ever_a_file_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    tricky = "file:progress.db?mode=memory&cache=shared"
    with open_store(tricky) as s:
        assert s.persistent
        assert s.path == tmp_path / tricky and s.path.is_absolute()
        s.save_draft(C, "ex-0", "on disk")
    assert (tmp_path / tricky).is_file()  # a file of that very name, not a memory database
    with open_store(tmp_path / tricky) as s:
        assert s.load_draft(C, "ex-0").text == "on disk"


def test_attach_is_refused_on_every_connection_of_the_store(home, tmp_path):
    other = tmp_path / "other.db"
    with open_store() as s, pytest.raises(sqlite3.Error):
        s._conn.execute("ATTACH DATABASE ? AS other", (str(other),))
    assert not other.exists()
    mem = connection.memory_connection()
    with pytest.raises(sqlite3.Error):
        mem.execute("ATTACH DATABASE ? AS other", (str(other),))
    mem.close()
    assert not other.exists()


def _python_310() -> str | None:
    for candidate in (
        shutil.which("python3.10"),
        str(Path.home() / ".pyenv/versions/3.10.13/bin/python3.10"),
    ):
        if candidate and Path(candidate).is_file():
            probe = subprocess.run([candidate, "-c", "import sqlite3"], capture_output=True)
            if probe.returncode == 0:
                return candidate
    return None


@pytest.mark.skipif(sys.version_info < (3, 11), reason="this interpreter is the 3.10 case")
def test_attach_is_refused_on_python_3_10_too(tmp_path):
    """3.10 has no Connection.setlimit: the authorizer refuses ATTACH there."""
    python = _python_310()
    if python is None:
        pytest.skip("no Python 3.10 on this machine")
    code = (
        "import sqlite3, sys\n"
        "assert not hasattr(sqlite3.Connection, 'setlimit')\n"
        "from tooltutor.progress import open_store\n"
        "s = open_store(sys.argv[1])\n"
        "assert s.persistent, s.notice\n"
        "s.save_draft('c', 'e', 'x')\n"
        "try:\n"
        "    s._conn.execute('ATTACH DATABASE ? AS o', (sys.argv[2],))\n"
        "except sqlite3.DatabaseError as exc:\n"
        "    print('refused', exc)\n"
        "assert s.load_draft('c', 'e').text == 'x'\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    other = tmp_path / "other.db"
    run = subprocess.run(
        [python, "-c", code, str(tmp_path / "home" / "progress.db"), str(other)],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("refused") and "not authorized" in run.stdout
    assert not other.exists()


# ------------------------------------------------------------- an empty file, a live WAL


def wal_only_database(folder: Path) -> bytes:
    """A store whose whole content is in its WAL, as a process killed before any
    checkpoint leaves it, with the main file then emptied (truncated, or copied at size 0).
    Returns the WAL's bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    db = folder / "progress.db"
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    for migration in schema.MIGRATIONS:
        migration(conn)
    conn.execute(f"PRAGMA user_version = {progress.schema_version()}")
    for i in range(20):
        conn.execute(
            "INSERT INTO attempts (course_id, exercise_id, lesson_id, at, passed,"
            " criteria_passed, criteria_total, submission) VALUES (?,?,?,?,?,?,?,?)",
            (C, f"ex-{i}", None, "2026-01-01T00:00:00.000+00:00", 1, 1, 1, b"kept"),
        )
    conn.execute(
        "INSERT INTO drafts (course_id, exercise_id, text, saved_at, revision) VALUES (?,?,?,?,1)",
        (C, "ex-0", b"the newest draft", "2026-01-01T00:00:00.000+00:00"),
    )
    # Copy the files while the connection still holds them (no checkpoint yet).
    copy = folder.parent / (folder.name + "-copy")
    copy.mkdir()
    shutil.copyfile(folder / "progress.db-wal", copy / "progress.db-wal")
    (copy / "progress.db").write_bytes(b"")
    conn.close()
    shutil.rmtree(folder)
    copy.rename(folder)
    return (folder / "progress.db-wal").read_bytes()


def test_an_empty_database_beside_a_live_wal_is_recovered(home):
    wal = wal_only_database(home)
    assert (home / "progress.db").stat().st_size == 0 and len(wal) > 4096
    with open_store() as s:
        assert s.persistent
        notice = s.take_notice()
        assert "recovered from the log" in notice
        assert s.statuses(C) == {f"ex-{i}": PASSED for i in range(20)}
        assert s.load_draft(C, "ex-0").text == "the newest draft"
        s.save_draft(C, "ex-0", "and on it goes")
    assert not [p for p in home.iterdir() if ".broken-" in p.name]  # not set aside
    conn = sqlite3.connect(home / "progress.db")
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()
    with open_store() as s:
        assert s.notice is None
        assert s.load_draft(C, "ex-0").text == "and on it goes"


def test_plain_sqlite_would_have_deleted_that_wal(tmp_path):
    """Why the store steps in: SQLite takes the WAL of an empty file for a leftover."""
    wal_only_database(tmp_path / "plain")
    conn = sqlite3.connect(tmp_path / "plain" / "progress.db")
    assert conn.execute("SELECT name FROM sqlite_master").fetchall() == []
    conn.close()
    assert not (tmp_path / "plain" / "progress.db-wal").exists()


def test_an_emptied_database_whose_wal_is_not_whole_is_set_aside_with_its_wal(home):
    """The main file of a store in use truncated to 0: the WAL holds only the newest pages,
    so no sound database can be rebuilt; both are kept, moved aside, never deleted."""
    seed(home / "progress.db", n=50)
    keeper = open_store()  # holds the WAL open, with the latest commits in it
    keeper._conn.execute("PRAGMA wal_autocheckpoint = 0")
    keeper.record_attempt(C, "newest", passed=True, criteria_passed=1, criteria_total=1,
                          submission="x" * 5000)  # fmt: skip
    copy = home.parent / "copy"
    copy.mkdir()
    shutil.copyfile(home / "progress.db-wal", copy / "progress.db-wal")
    wal = (copy / "progress.db-wal").read_bytes()
    (copy / "progress.db").write_bytes(b"")
    keeper.close()
    with open_store(copy / "progress.db") as s:
        assert s.persistent
        notice = s.take_notice()
        assert "damaged" in notice and "moved aside" in notice
    moved = sorted(p.name for p in copy.iterdir() if ".broken-" in p.name)
    assert len(moved) == 2 and moved[1].endswith("-wal")
    assert (copy / moved[1]).read_bytes() == wal  # the log, byte for byte


def test_an_empty_file_beside_no_wal_is_still_just_a_new_store(home):
    home.mkdir()
    (home / "progress.db").write_bytes(b"")
    with open_store() as s:
        assert s.persistent and s.notice is None
        s.save_draft(C, "ex-0", "x")


def test_a_file_swapped_while_sqlite_opens_it_is_not_used(home, monkeypatch):
    """The checks run before SQLite opens the file by name and again after: a file put in
    its place in between (here: right after the connect) is noticed, never written."""
    seed(home / "progress.db")
    real_connect = opening.connect_file

    def connect_then_swap(path):
        conn = real_connect(path)
        os.replace(path, path.with_name("moved-away.db"))
        path.write_bytes(b"")  # another file now has the name
        return conn

    monkeypatch.setattr(opening, "connect_file", connect_then_swap)
    with open_store() as s:
        assert not s.persistent
        assert "was replaced" in s.take_notice()
        s.save_draft(C, "ex-0", "kept in memory")
    assert (home / "progress.db").read_bytes() == b""
