"""The store's tables: ``PRAGMA user_version`` and the ordered MIGRATIONS that bring a file
up to date, all pending ones in one transaction."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable

from tooltutor.progress.faults import FutureSchema, MigrationFailed, rollback


def _migrate_to_1(conn: sqlite3.Connection) -> None:
    """The first schema."""
    for statement in (
        """CREATE TABLE attempts (
            id INTEGER PRIMARY KEY,
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            lesson_id TEXT,
            at TEXT NOT NULL,
            passed INTEGER NOT NULL CHECK (passed IN (0, 1)),
            criteria_passed INTEGER NOT NULL,
            criteria_total INTEGER NOT NULL,
            submission BLOB NOT NULL
        )""",
        "CREATE INDEX attempts_by_exercise ON attempts (course_id, exercise_id, passed)",
        """CREATE TABLE drafts (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            text BLOB NOT NULL,
            saved_at TEXT NOT NULL,
            PRIMARY KEY (course_id, exercise_id)
        )""",
        """CREATE TABLE hints (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            revealed INTEGER NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (course_id, exercise_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE check_answers (
            course_id TEXT NOT NULL,
            lesson_id TEXT NOT NULL,
            check_id TEXT NOT NULL,
            choice_index INTEGER NOT NULL,
            correct INTEGER NOT NULL CHECK (correct IN (0, 1)),
            tries INTEGER NOT NULL,
            answered_at TEXT NOT NULL,
            PRIMARY KEY (course_id, lesson_id, check_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE solutions_viewed (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            viewed_at TEXT NOT NULL,
            PRIMARY KEY (course_id, exercise_id)
        ) WITHOUT ROWID""",
        """CREATE TABLE positions (
            course_id TEXT PRIMARY KEY,
            lesson_id TEXT NOT NULL,
            section INTEGER,
            exercise_id TEXT,
            updated_at TEXT NOT NULL
        ) WITHOUT ROWID""",
    ):
        conn.execute(statement)


def _migrate_to_2(conn: sqlite3.Connection) -> None:
    """Draft revisions and conflict copies; courses told apart by their folder.

    Rows already stored keep their course id as key: the first folder that opens a course
    with that id (or the bundled course, whose id is reserved for it) claims them.
    """
    for statement in (
        "ALTER TABLE drafts ADD COLUMN revision INTEGER NOT NULL DEFAULT 1",
        """CREATE TABLE draft_conflicts (
            course_id TEXT NOT NULL,
            exercise_id TEXT NOT NULL,
            writer TEXT NOT NULL,
            text BLOB NOT NULL,
            saved_at TEXT NOT NULL,
            draft_revision INTEGER NOT NULL,
            PRIMARY KEY (course_id, exercise_id, writer)
        )""",
        """CREATE TABLE course_folders (
            course_id TEXT NOT NULL,
            folder TEXT NOT NULL,
            key TEXT NOT NULL UNIQUE,
            claimed_at TEXT NOT NULL,
            PRIMARY KEY (course_id, folder)
        ) WITHOUT ROWID""",
    ):
        conn.execute(statement)


#: MIGRATIONS[n] upgrades schema version n to n + 1. Append; never edit a shipped one.
MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_migrate_to_1, _migrate_to_2]

#: Tables holding per-exercise rows, cleared by reset_exercise.
EXERCISE_TABLES = ("attempts", "drafts", "draft_conflicts", "hints", "solutions_viewed")
#: Every table keyed by course_id, cleared by reset_course.
COURSE_TABLES = (*EXERCISE_TABLES, "check_answers", "positions")


def schema_version() -> int:
    """The schema version this code writes."""
    return len(MIGRATIONS)


def migrate(conn: sqlite3.Connection, *, probe_write: bool = False) -> None:
    """Bring the schema to `schema_version()`, all steps in one transaction.

    With `probe_write`, also prove the file is writable (a write rolled back), so a
    read-only file is found now rather than at the first save.
    """
    target = schema_version()
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > target:
        raise FutureSchema(version)
    if version == target and not probe_write:
        return
    conn.execute("PRAGMA synchronous = FULL")  # migrations are rare: make them durable
    conn.execute("BEGIN IMMEDIATE")
    try:
        # Re-read under the write lock: another process may have migrated meanwhile.
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > target:
            raise FutureSchema(version)
        conn.execute(f"PRAGMA user_version = {version}")  # the write probe
        if version == target:
            conn.execute("ROLLBACK")
            return
        try:
            for step in range(version, target):
                MIGRATIONS[step](conn)
                conn.execute(f"PRAGMA user_version = {step + 1}")
        except sqlite3.Error as exc:
            raise MigrationFailed(version, exc) from exc
        conn.execute("COMMIT")
    except BaseException:
        rollback(conn)
        raise
    finally:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("PRAGMA synchronous = NORMAL")
