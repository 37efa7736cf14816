"""Schema versions: ``PRAGMA user_version`` and the ordered MIGRATIONS list."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from tooltutor import progress
from tooltutor.exercise_status import ATTEMPTED, PASSED
from tooltutor.progress import open_store, schema

C = "course-a"
V1_TABLES = {"attempts", "drafts", "hints", "check_answers", "solutions_viewed", "positions"}


@pytest.fixture
def db(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    return tmp_path / "home" / "progress.db"


def tables(path):
    conn = sqlite3.connect(path)
    try:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        return names, conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def test_version_is_the_number_of_migrations():
    assert progress.schema_version() == len(schema.MIGRATIONS) >= 1


def test_an_empty_file_is_version_0_and_gets_the_schema(db):
    db.write_bytes(b"")
    with open_store() as s:
        assert s.persistent and s.notice is None
        s.save_draft(C, "ex-1", "hello")
    names, version = tables(db)
    assert names >= V1_TABLES
    assert version == progress.schema_version()


def test_a_version_0_database_with_other_tables_keeps_them(db):
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.execute("INSERT INTO notes VALUES ('mine')")
    conn.commit()
    conn.close()
    with open_store() as s:
        assert s.persistent and s.notice is None
    names, version = tables(db)
    assert V1_TABLES | {"notes"} <= names and version == progress.schema_version()
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT text FROM notes").fetchall() == [("mine",)]
    conn.close()


def handcraft_v1(db):
    """A version-1 file as tooltutor 1 left it, rows written with plain SQL."""
    conn = sqlite3.connect(db, isolation_level=None)
    schema.MIGRATIONS[0](conn)
    conn.execute("PRAGMA user_version = 1")
    t = "2026-01-02T03:04:05.000+00:00"
    conn.execute(
        "INSERT INTO attempts (course_id, exercise_id, lesson_id, at, passed,"
        " criteria_passed, criteria_total, submission) VALUES (?,?,?,?,?,?,?,?)",
        (C, "ex-1", "lesson-1", t, 1, 3, 3, b'{"ok": true}'),
    )
    conn.execute(
        "INSERT INTO attempts (course_id, exercise_id, lesson_id, at, passed,"
        " criteria_passed, criteria_total, submission) VALUES (?,?,?,?,?,?,?,?)",
        (C, "ex-2", "lesson-1", t, 0, 1, 3, "caf\u00e9 \ud800".encode("utf-8", "surrogatepass")),
    )
    conn.execute("INSERT INTO drafts VALUES (?,?,?,?)", (C, "ex-2", b"draft", t))
    conn.execute("INSERT INTO hints VALUES (?,?,?,?)", (C, "ex-2", 2, t))
    conn.close()


def _add_tags(conn):
    """A hypothetical version 2: tags on drafts, and a new table."""
    conn.execute("ALTER TABLE drafts ADD COLUMN tag TEXT NOT NULL DEFAULT 'none'")
    conn.execute("CREATE TABLE bookmarks (course_id TEXT, item TEXT)")


def test_an_older_version_is_migrated_and_keeps_every_row(db, monkeypatch):
    handcraft_v1(db)
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, _add_tags])
    with open_store() as s:
        assert s.persistent and s.notice is None
        assert s.statuses(C) == {"ex-1": PASSED, "ex-2": ATTEMPTED}
        assert s.attempts(C, "ex-2")[0].submission == "caf\u00e9 \ud800"
        assert s.load_draft(C, "ex-2").text == "draft"
        assert s.hints_revealed(C, "ex-2") == 2
        s.save_draft(C, "ex-3", "new")
    names, version = tables(db)
    assert version == len(schema.MIGRATIONS) and "bookmarks" in names  # the one added
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT exercise_id, tag FROM drafts ORDER BY 1").fetchall() == [
        ("ex-2", "none"),
        ("ex-3", "none"),
    ]
    conn.close()


def test_a_failing_migration_changes_nothing(db, monkeypatch):
    handcraft_v1(db)

    def broken(conn):
        conn.execute("CREATE TABLE half_done (x)")
        # Fails half way on this file's data (two attempts in lesson-1), as a real
        # migration might on data nobody foresaw; an empty store migrates fine.
        conn.execute("CREATE UNIQUE INDEX one_per_lesson ON attempts (course_id, lesson_id)")

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, broken])
    with open_store() as s:
        assert not s.persistent  # left untouched, progress kept in memory this run
        notice = s.take_notice()
        assert "could not be upgraded" in notice and "version 1" in notice
        s.save_draft(C, "ex-9", "still works")
    names, version = tables(db)
    assert version == 1 and "half_done" not in names  # all or nothing
    monkeypatch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
    with open_store() as s:  # the old version still opens it, rows intact
        assert s.persistent and s.statuses(C) == {"ex-1": PASSED, "ex-2": ATTEMPTED}


def test_openers_racing_on_an_old_file_migrate_it_once(db, monkeypatch):
    handcraft_v1(db)
    calls = []

    def once(conn):
        calls.append(1)
        _add_tags(conn)  # CREATE TABLE would fail if it ran twice

    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, once])
    stores = []
    threads = [threading.Thread(target=lambda: stores.append(open_store())) for _ in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert len(stores) == 5 and all(s.persistent and s.notice is None for s in stores)
        assert len(calls) == 1
    finally:
        for s in stores:
            s.close()
    assert tables(db)[1] == len(schema.MIGRATIONS)


def test_an_older_file_that_cannot_be_written_is_upgraded_in_memory_only(db, monkeypatch):
    handcraft_v1(db)
    before = db.read_bytes()
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, _add_tags])
    real_connect = sqlite3.connect

    def read_only(database, *args, **kwargs):  # as on a read-only disk (see faults tests)
        if database != ":memory:" and not kwargs.get("uri"):
            database, kwargs["uri"] = f"file:{database}?mode=ro", True
        return real_connect(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with open_store() as s:
        assert not s.persistent
        assert "progress so far is shown" in s.take_notice()
        assert s.statuses(C) == {"ex-1": PASSED, "ex-2": ATTEMPTED}
        s.save_draft(C, "ex-3", "in memory")
        assert s.load_draft(C, "ex-3").text == "in memory"
    monkeypatch.undo()
    assert db.read_bytes() == before
