"""Storage faults: a damaged file, a folder that cannot be written, files not ours.

Tests run as root, for whom ``chmod`` does not make a folder read-only. A folder that
cannot be created is simulated with a path under a regular FILE
(``TOOLTUTOR_HOME=<file>/sub``: mkdir fails with ENOTDIR, as it would with EACCES or
EROFS). A file that cannot be written is simulated by monkeypatching ``sqlite3.connect``
to open it with SQLite's own read-only mode (``?mode=ro``), so the errors are SQLite's
real ones.
"""

from __future__ import annotations

import sqlite3
import threading

import pytest

from tooltutor import progress
from tooltutor.progress import PASSED, open_store

C = "course-a"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def fill(store, n=3):
    for i in range(n):
        store.record_attempt(
            C, f"ex-{i}", passed=True, criteria_passed=1, criteria_total=1, submission=str(i)
        )
    store.save_draft(C, "ex-0", "draft")


def broken_files(folder):
    return sorted(p.name for p in folder.iterdir() if ".broken-" in p.name)


def assert_works(store):
    store.record_attempt(C, "x", passed=True, criteria_passed=1, criteria_total=1, submission="")
    store.save_draft(C, "x", "text")
    assert store.exercise_status(C, "x") == PASSED
    assert store.load_draft(C, "x").text == "text"


# --------------------------------------------------------------------------- damage


@pytest.mark.parametrize(
    "content",
    [b"this is not a database\n" * 50, b"SQLite format 3\x00" + b"\xff" * 5000],
    ids=["text-file", "bad-header"],
)
def test_a_file_that_is_not_a_database_is_moved_aside_once(home, content):
    home.mkdir()
    db = home / "progress.db"
    db.write_bytes(content)
    with open_store() as s:
        assert s.persistent
        notice = s.take_notice()
        assert notice and "damaged" in notice
        [moved] = broken_files(home)
        assert moved.startswith("progress.db.broken-")
        assert moved in notice
        assert (home / moved).read_bytes() == content  # kept, untouched
        assert_works(s)
    with open_store() as s:  # the next run is quiet and keeps the new progress
        assert s.notice is None
        assert s.exercise_status(C, "x") == PASSED
    assert len(broken_files(home)) == 1


def test_damage_inside_a_valid_database_is_found(home):
    with open_store() as s:
        fill(s, 200)  # several pages of attempts
    db = home / "progress.db"
    data = bytearray(db.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    for offset in range(2 * page, len(data), page):  # scribble over every page but the first two
        data[offset : offset + 64] = b"\xa5" * 64
    db.write_bytes(bytes(data))
    with open_store() as s:
        assert s.persistent
        assert "damaged" in s.take_notice()
        assert s.statuses(C) == {}
        assert_works(s)
    assert len(broken_files(home)) == 1


def test_the_wal_of_a_damaged_file_goes_with_it(home):
    home.mkdir()
    (home / "progress.db").write_bytes(b"garbage" * 100)
    (home / "progress.db-wal").write_bytes(b"stale wal")
    (home / "progress.db-shm").write_bytes(b"stale shm")
    with open_store() as s:
        assert s.persistent and s.notice
        assert_works(s)
    names = broken_files(home)
    assert len(names) == 2
    assert names[1] == names[0] + "-wal"
    assert (home / names[1]).read_bytes() == b"stale wal"


def test_many_openers_of_one_damaged_file_move_it_aside_once(home):
    home.mkdir()
    (home / "progress.db").write_bytes(b"garbage" * 100)
    stores = []

    def opener():
        stores.append(open_store())

    threads = [threading.Thread(target=opener) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert len(stores) == 6
        assert all(s.persistent for s in stores)
        assert sum(1 for s in stores if s.notice) == 1  # told once
        assert len(broken_files(home)) == 1
        for s in stores:
            assert_works(s)
        assert len(stores[0].attempts(C, "x")) == 6  # all on the same new file
    finally:
        for s in stores:
            s.close()


# --------------------------------------------------------------------------- no place to write


def test_a_data_folder_that_cannot_be_created_keeps_progress_in_memory(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TOOLTUTOR_HOME", str(blocker / "sub"))
    with open_store() as s:
        assert not s.persistent
        notice = s.take_notice()
        assert "will not be saved" in notice
        assert str(blocker / "sub") in notice  # says where it tried
        assert "TOOLTUTOR_HOME" in notice
        assert_works(s)  # the app still runs
        assert s.export()["store"]["persistent"] is False
    assert blocker.read_text() == "not a folder"


def make_sqlite_read_only(monkeypatch):
    """Make every file SQLite opens read-only, as on a read-only disk or folder."""
    real_connect = sqlite3.connect

    def connect(database, *args, **kwargs):
        if database != ":memory:" and not kwargs.get("uri"):
            database = f"file:{database}?mode=ro"
            kwargs["uri"] = True
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", connect)


def test_a_read_only_database_keeps_progress_in_memory(home, monkeypatch):
    with open_store() as s:
        fill(s)
    before = (home / "progress.db").read_bytes()
    make_sqlite_read_only(monkeypatch)
    with open_store() as s:
        assert not s.persistent
        notice = s.take_notice()
        assert "will not be saved" in notice and "read-only" in notice
        assert str(home / "progress.db") in notice
        assert "progress so far is shown" in notice
        # What was saved before is still seen; new work is kept in memory.
        assert s.statuses(C) == {f"ex-{i}": PASSED for i in range(3)}
        assert s.load_draft(C, "ex-0").text == "draft"
        assert_works(s)
    assert (home / "progress.db").read_bytes() == before


def test_a_new_database_in_a_read_only_folder(home, monkeypatch):
    home.mkdir()
    make_sqlite_read_only(monkeypatch)
    with open_store() as s:
        assert not s.persistent
        assert "will not be saved" in s.take_notice()
        assert_works(s)
    assert list(home.iterdir()) == []


def test_a_fault_mid_session_carries_progress_into_memory(home):
    s = open_store()
    fill(s)
    # The disk turns read-only under the running app: swap in a read-only connection
    # to the same file, so the next write fails with SQLite's real error.
    s._conn.close()
    s._conn = sqlite3.connect(
        f"file:{home / 'progress.db'}?mode=ro",
        uri=True,
        isolation_level=None,
        check_same_thread=False,
    )
    s.save_draft(C, "ex-1", "typed after the fault")  # does not raise
    assert not s.persistent
    assert "can no longer be saved" in s.take_notice()
    assert s.load_draft(C, "ex-1").text == "typed after the fault"
    assert s.load_draft(C, "ex-0").text == "draft"  # what was there is still seen
    assert s.statuses(C) == {f"ex-{i}": PASSED for i in range(3)}
    s.close()


def test_programming_errors_are_not_swallowed(home):
    s = open_store()
    s.close()
    with pytest.raises(sqlite3.ProgrammingError):
        s.save_draft(C, "ex-1", "after close")
    assert s.persistent


# --------------------------------------------------------------------------- not our file


def test_a_file_from_a_newer_tooltutor_is_left_untouched(home):
    home.mkdir()
    db = home / "progress.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {progress.schema_version() + 1}")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with open_store() as s:
        assert not s.persistent
        notice = s.take_notice()
        assert "newer tooltutor" in notice and "will not be saved" in notice
        assert_works(s)
    assert db.read_bytes() == before
    assert broken_files(home) == []


def test_a_foreign_database_is_left_untouched(home):
    home.mkdir()
    db = home / "progress.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE attempts (something_else TEXT)")  # same name, not ours
    conn.execute("INSERT INTO attempts VALUES ('precious')")
    conn.commit()
    conn.close()
    with open_store() as s:
        assert not s.persistent
        assert "could not be upgraded" in s.take_notice()
        assert_works(s)
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT * FROM attempts").fetchall() == [("precious",)]
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    conn.close()
