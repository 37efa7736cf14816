"""`ProgressStore`: a learner's progress, read and written through one connection; storage
faults in the middle of a session carry it on in memory (see the package's docstring)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from tooltutor.i18n import t
from tooltutor.progress.connection import (
    check_integrity,
    decode_text,
    encode_text,
    memory_connection,
    now_utc,
    transaction,
)
from tooltutor.progress.courses import claim_course, course_folder
from tooltutor.progress.faults import (
    MSG_LOST_STORAGE,
    Damaged,
    FutureSchema,
    MigrationFailed,
    is_busy,
    is_storage_fault,
    plain_reason,
    rollback,
)
from tooltutor.progress.records import (
    Attempt,
    CheckAnswer,
    Draft,
    DraftConflict,
    Position,
    status_of,
)
from tooltutor.progress.schema import COURSE_TABLES, EXERCISE_TABLES, migrate, schema_version

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    _T = TypeVar("_T")


class ProgressStore:
    """A learner's progress. Thread-safe: one connection behind a lock."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        path: Path | None,
        *,
        persistent: bool,
        notice: str | None = None,
    ) -> None:
        self._conn = conn
        self._lock = threading.RLock()
        #: The database file, or where it was meant to be when not persistent.
        self.path = path
        #: True when progress is written to `path`; False when it lives in memory only.
        self.persistent = persistent
        #: Something the user should be told (once), or None.
        self.notice = notice
        #: course id -> the key its rows are stored under (`use_course`)
        self._keys: dict[str, str] = {}
        #: (course key, exercise) -> the draft revision this store last loaded or saved
        self._bases: dict[tuple[str, str], int] = {}
        #: drafts whose save met a newer draft: later saves go to the conflict copy
        self._conflicted: set[tuple[str, str]] = set()
        #: names this store's conflict copies (one per store and exercise)
        self._writer = f"{os.getpid()}-{os.urandom(6).hex()}"

    # -- lifecycle

    def take_notice(self) -> str | None:
        """Return the pending notice and clear it, so it is shown only once."""
        with self._lock:
            notice, self.notice = self.notice, None
            return notice

    def close(self) -> None:
        with self._lock, contextlib.suppress(sqlite3.Error):
            self._conn.close()

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        where = str(self.path) if self.persistent else f"memory (not saved to {self.path})"
        return f"<ProgressStore {where}>"

    def _run(self, fn: Callable[[sqlite3.Connection], _T], *, durable: bool = False) -> _T:
        """Run `fn` on the connection, surviving storage faults (see module docstring)."""
        with self._lock:
            busy_retries = 2
            while True:
                conn = self._conn
                sync = durable and self.persistent
                try:
                    if sync:
                        conn.execute("PRAGMA synchronous = FULL")
                    try:
                        return fn(conn)
                    finally:
                        if sync:
                            with contextlib.suppress(sqlite3.Error):
                                conn.execute("PRAGMA synchronous = NORMAL")
                except sqlite3.Error as exc:
                    rollback(conn)
                    if not self.persistent or not is_storage_fault(exc):
                        raise
                    if is_busy(exc) and busy_retries:
                        busy_retries -= 1
                        continue
                    self._fall_back_to_memory(exc)

    def _fall_back_to_memory(self, exc: BaseException) -> None:
        """Carry on in memory with a copy of what is readable, and tell the user."""
        old = self._conn
        mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            old.backup(mem)
            check_integrity(mem)
            migrate(mem)
        except (sqlite3.Error, Damaged, FutureSchema, MigrationFailed):
            mem.close()
            mem = memory_connection()
        with contextlib.suppress(sqlite3.Error):
            old.close()
        self._conn = mem
        self.persistent = False
        self.notice = t(MSG_LOST_STORAGE, path=self.path, reason=plain_reason(exc))

    # -- courses

    def _key(self, course_id: str) -> str:
        return self._keys.get(course_id, course_id)

    def use_course(self, course: Any) -> str:
        """Keep the progress of `course` (a loaded course) under a key of its folder's own.

        Every later call that names ``course.id`` reads and writes that key. Returns the
        key: the plain id for the bundled course and for the first folder seen with that
        id, ``id@folder`` for another folder with the same id. A course object without a
        folder (``root``) keeps its plain id.
        """
        course_id = str(course.id)
        folder = course_folder(course)
        with self._lock:
            if folder is None:
                self._keys.pop(course_id, None)
                return course_id
            key = self._run(lambda c: claim_course(c, course_id, folder))
            self._keys[course_id] = key
            return key

    # -- attempts and status

    def record_attempt(
        self,
        course_id: str,
        exercise_id: str,
        *,
        passed: bool,
        criteria_passed: int,
        criteria_total: int,
        submission: str,
        lesson_id: str | None = None,
    ) -> int:
        """Store one marked submission (durably: fsynced at commit). Returns its id."""
        course_id = self._key(course_id)
        row = (
            course_id,
            exercise_id,
            lesson_id,
            now_utc(),
            int(bool(passed)),
            int(criteria_passed),
            int(criteria_total),
            encode_text(submission),
        )

        def write(conn: sqlite3.Connection) -> int:
            cur = conn.execute(
                "INSERT INTO attempts (course_id, exercise_id, lesson_id, at, passed,"
                " criteria_passed, criteria_total, submission) VALUES (?,?,?,?,?,?,?,?)",
                row,
            )
            return int(cur.lastrowid or 0)

        return self._run(write, durable=True)

    def attempts(self, course_id: str, exercise_id: str) -> list[Attempt]:
        """Every attempt at an exercise, oldest first."""
        course_id = self._key(course_id)
        rows = self._run(
            lambda c: c.execute(
                "SELECT id, exercise_id, lesson_id, at, passed, criteria_passed,"
                " criteria_total, submission FROM attempts"
                " WHERE course_id = ? AND exercise_id = ? ORDER BY id",
                (course_id, exercise_id),
            ).fetchall()
        )
        return [
            Attempt(r[0], r[1], r[2], r[3], bool(r[4]), r[5], r[6], decode_text(r[7])) for r in rows
        ]

    def exercise_status(self, course_id: str, exercise_id: str) -> str:
        """The status of one exercise: "new", "attempted" or "passed"."""
        course_id = self._key(course_id)
        count, best = self._run(
            lambda c: c.execute(
                "SELECT COUNT(*), MAX(passed) FROM attempts"
                " WHERE course_id = ? AND exercise_id = ?",
                (course_id, exercise_id),
            ).fetchone()
        )
        return status_of(count > 0, bool(best))

    def statuses(self, course_id: str) -> dict[str, str]:
        """Status of every exercise with an attempt, in one query; the others are "new"."""
        course_id = self._key(course_id)
        rows = self._run(
            lambda c: c.execute(
                "SELECT exercise_id, MAX(passed) FROM attempts"
                " WHERE course_id = ? GROUP BY exercise_id",
                (course_id,),
            ).fetchall()
        )
        return {ex: status_of(True, bool(best)) for ex, best in rows}

    def failures_since_pass(self, course_id: str, exercise_id: str) -> int:
        """Failing attempts after the latest passing one (all of them if none passed)."""
        course_id = self._key(course_id)
        return self._run(
            lambda c: c.execute(
                "SELECT COUNT(*) FROM attempts WHERE course_id = ?1 AND exercise_id = ?2"
                " AND passed = 0 AND id > COALESCE((SELECT MAX(id) FROM attempts"
                " WHERE course_id = ?1 AND exercise_id = ?2 AND passed = 1), 0)",
                (course_id, exercise_id),
            ).fetchone()[0]
        )

    # -- drafts, hints, solutions

    def save_draft(self, course_id: str, exercise_id: str, text: str) -> DraftConflict | None:
        """Keep `text` as the exercise's draft (one statement, no fsync: call it freely).

        Compare-and-swap: if the draft was saved by someone else since this store last
        loaded or saved it, it is not overwritten; `text` is kept as this store's conflict
        copy and a `DraftConflict` is returned (``first`` the first time: tell the
        learner). None when `text` is now the draft.
        """
        key = (self._key(course_id), exercise_id)
        blob, now = encode_text(text), now_utc()
        with self._lock:
            if key in self._conflicted:
                return self._keep_conflict_copy(key, blob, now, first=False)
            base = self._bases.get(key)
            if base is None:  # never loaded here: the last writer wins, as before
                self._run(
                    lambda c: c.execute(
                        "INSERT INTO drafts (course_id, exercise_id, text, saved_at, revision)"
                        " VALUES (?,?,?,?,1) ON CONFLICT (course_id, exercise_id) DO UPDATE"
                        " SET text = excluded.text, saved_at = excluded.saved_at,"
                        " revision = drafts.revision + 1",
                        (*key, blob, now),
                    )
                )
                return None
            args = (*key, blob, now, base + 1, base)
            saved = self._run(
                lambda c: (
                    c.execute(
                        "INSERT INTO drafts (course_id, exercise_id, text, saved_at, revision)"
                        " VALUES (?1,?2,?3,?4,?5) ON CONFLICT (course_id, exercise_id) DO UPDATE"
                        " SET text = excluded.text, saved_at = excluded.saved_at,"
                        " revision = excluded.revision WHERE drafts.revision = ?6",
                        args,
                    ).rowcount
                )
            )
            if saved:
                self._bases[key] = base + 1
                return None
            return self._keep_conflict_copy(key, blob, now, first=True)

    def _keep_conflict_copy(
        self, key: tuple[str, str], blob: bytes, now: str, *, first: bool
    ) -> DraftConflict | None:
        """The draft is newer than this store's: keep `blob` beside it, not over it."""

        def write(conn: sqlite3.Connection) -> tuple[str, int] | None:
            with transaction(conn):
                row = conn.execute(
                    "SELECT text, saved_at, revision FROM drafts"
                    " WHERE course_id = ? AND exercise_id = ?",
                    key,
                ).fetchone()
                if row is None or encode_text(decode_text(row[0])) == blob:
                    # Reset meanwhile, or the same text: nothing would be lost. Write it.
                    revision = row[2] if row else 1
                    if row is None:
                        conn.execute(
                            "INSERT INTO drafts (course_id, exercise_id, text, saved_at,"
                            " revision) VALUES (?,?,?,?,1)",
                            (*key, blob, now),
                        )
                    return None if row is None else ("same", revision)
                conn.execute(
                    "INSERT INTO draft_conflicts (course_id, exercise_id, writer, text,"
                    " saved_at, draft_revision) VALUES (?,?,?,?,?,?)"
                    " ON CONFLICT (course_id, exercise_id, writer) DO UPDATE SET"
                    " text = excluded.text, saved_at = excluded.saved_at,"
                    " draft_revision = excluded.draft_revision",
                    (*key, self._writer, blob, now, row[2]),
                )
                return row[1], row[2]

        outcome = self._run(write)
        if outcome is None or outcome[0] == "same":
            self._bases[key] = 1 if outcome is None else outcome[1]
            self._conflicted.discard(key)
            return None
        self._conflicted.add(key)
        return DraftConflict(key[1], outcome[0], first)

    def load_draft(self, course_id: str, exercise_id: str) -> Draft | None:
        """The draft, or None; later saves of this store compare with what it loaded."""
        key = (self._key(course_id), exercise_id)
        with self._lock:
            row = self._run(
                lambda c: c.execute(
                    "SELECT text, saved_at, revision FROM drafts"
                    " WHERE course_id = ? AND exercise_id = ?",
                    key,
                ).fetchone()
            )
            self._bases[key] = row[2] if row else 0
            self._conflicted.discard(key)
        return Draft(decode_text(row[0]), row[1], row[2]) if row else None

    def draft_conflicts(self, course_id: str, exercise_id: str) -> list[Draft]:
        """The conflict copies of an exercise's draft, newest first.

        Each is the text a store kept typing into while another had saved the draft;
        ``revision`` is the revision of the draft it was not saved over.
        """
        key = (self._key(course_id), exercise_id)
        rows = self._run(
            lambda c: c.execute(
                "SELECT text, saved_at, draft_revision FROM draft_conflicts"
                " WHERE course_id = ? AND exercise_id = ? ORDER BY saved_at DESC, rowid DESC",
                key,
            ).fetchall()
        )
        return [Draft(decode_text(r[0]), r[1], r[2]) for r in rows]

    def reveal_hint(self, course_id: str, exercise_id: str, index: int) -> int:
        """Reveal hint `index` (0-based) and those before it; returns how many are revealed.

        Monotonic: revealing an earlier hint again never hides a later one.
        """
        course_id = self._key(course_id)
        if index < 0:
            raise ValueError(f"hint index must be >= 0, not {index}")

        def write(conn: sqlite3.Connection) -> int:
            with transaction(conn):
                conn.execute(
                    "INSERT INTO hints (course_id, exercise_id, revealed, updated_at)"
                    " VALUES (?,?,?,?) ON CONFLICT (course_id, exercise_id) DO UPDATE SET"
                    " revealed = max(revealed, excluded.revealed),"
                    " updated_at = excluded.updated_at",
                    (course_id, exercise_id, index + 1, now_utc()),
                )
                return _hints(conn, course_id, exercise_id)

        return self._run(write)

    def hints_revealed(self, course_id: str, exercise_id: str) -> int:
        course_id = self._key(course_id)
        return self._run(lambda c: _hints(c, course_id, exercise_id))

    def mark_solution_viewed(self, course_id: str, exercise_id: str) -> None:
        """Remember that the solution was shown (the first time is kept)."""
        course_id = self._key(course_id)
        self._run(
            lambda c: c.execute(
                "INSERT OR IGNORE INTO solutions_viewed (course_id, exercise_id, viewed_at)"
                " VALUES (?,?,?)",
                (course_id, exercise_id, now_utc()),
            )
        )

    def solution_viewed(self, course_id: str, exercise_id: str) -> bool:
        course_id = self._key(course_id)
        return self._run(
            lambda c: (
                c.execute(
                    "SELECT 1 FROM solutions_viewed WHERE course_id = ? AND exercise_id = ?",
                    (course_id, exercise_id),
                ).fetchone()
                is not None
            )
        )

    # -- inline checks and position

    def answer_check(
        self, course_id: str, lesson_id: str, check_id: str, choice_index: int, correct: bool
    ) -> None:
        """Record an answer to a lesson's inline question (the latest one is kept)."""
        course_id = self._key(course_id)
        self._run(
            lambda c: c.execute(
                "INSERT INTO check_answers (course_id, lesson_id, check_id, choice_index,"
                " correct, tries, answered_at) VALUES (?,?,?,?,?,1,?)"
                " ON CONFLICT (course_id, lesson_id, check_id) DO UPDATE SET"
                " choice_index = excluded.choice_index, correct = excluded.correct,"
                " tries = tries + 1, answered_at = excluded.answered_at",
                (course_id, lesson_id, check_id, int(choice_index), int(bool(correct)), now_utc()),
            )
        )

    def check_answer(self, course_id: str, lesson_id: str, check_id: str) -> CheckAnswer | None:
        course_id = self._key(course_id)
        row = self._run(
            lambda c: c.execute(
                "SELECT choice_index, correct, tries, answered_at FROM check_answers"
                " WHERE course_id = ? AND lesson_id = ? AND check_id = ?",
                (course_id, lesson_id, check_id),
            ).fetchone()
        )
        return CheckAnswer(row[0], bool(row[1]), row[2], row[3]) if row else None

    def set_position(
        self,
        course_id: str,
        lesson_id: str,
        *,
        section: int | None = None,
        exercise_id: str | None = None,
    ) -> None:
        """Remember where the learner is: a lesson page, or an exercise of the lesson."""
        course_id = self._key(course_id)
        self._run(
            lambda c: c.execute(
                "INSERT INTO positions (course_id, lesson_id, section, exercise_id, updated_at)"
                " VALUES (?,?,?,?,?) ON CONFLICT (course_id) DO UPDATE SET"
                " lesson_id = excluded.lesson_id, section = excluded.section,"
                " exercise_id = excluded.exercise_id, updated_at = excluded.updated_at",
                (course_id, lesson_id, section, exercise_id, now_utc()),
            )
        )

    def position(self, course_id: str) -> Position | None:
        course_id = self._key(course_id)
        row = self._run(
            lambda c: c.execute(
                "SELECT lesson_id, section, exercise_id, updated_at FROM positions"
                " WHERE course_id = ?",
                (course_id,),
            ).fetchone()
        )
        return Position(*row) if row else None

    # -- reset

    def reset_exercise(self, course_id: str, exercise_id: str) -> int:
        """Forget attempts, draft, hints and solution view of one exercise.

        Returns the number of records removed.
        """
        course_id = self._key(course_id)

        def write(conn: sqlite3.Connection) -> int:
            with transaction(conn):
                return sum(
                    conn.execute(
                        f"DELETE FROM {table} WHERE course_id = ? AND exercise_id = ?",
                        (course_id, exercise_id),
                    ).rowcount
                    for table in EXERCISE_TABLES
                )

        with self._lock:
            removed = self._run(write, durable=True)
            self._bases[(course_id, exercise_id)] = 0  # no draft now
            self._conflicted.discard((course_id, exercise_id))
        return removed

    def reset_course(self, course_id: str) -> int:
        """Forget everything about a course. Returns the number of records removed."""
        course_id = self._key(course_id)

        def write(conn: sqlite3.Connection) -> int:
            with transaction(conn):
                return sum(
                    conn.execute(f"DELETE FROM {table} WHERE course_id = ?", (course_id,)).rowcount
                    for table in COURSE_TABLES
                )

        with self._lock:
            removed = self._run(write, durable=True)
            for key in [k for k in self._bases if k[0] == course_id]:
                self._bases[key] = 0  # no draft now
            self._conflicted -= {k for k in self._conflicted if k[0] == course_id}
        return removed

    # -- export

    def export(self, course_id: str | None = None, *, texts: bool = False) -> dict[str, Any]:
        """Everything known about one course (or all), as JSON-ready data.

        ``{"format": "tooltutor-progress", "schema_version", "exported_at",
        "store": {"path", "persistent"}, "courses": {course_id: {"exercises": {id: {
        "status", "lesson_id", "attempts", "passed_attempts", "failures_since_pass",
        "first_passed_at", "last_attempt_at", "last_criteria_passed",
        "last_criteria_total", "hints_revealed", "solution_viewed", "draft_saved_at"}},
        "checks": {lesson_id: {check_id: {"choice_index", "correct", "tries",
        "answered_at"}}}, "position": {...} | None}}}``. With `texts`, each exercise
        also has "draft" (text or None), "history" (every attempt with its submission) and
        "draft_conflicts" (``[{"saved_at", "text"}]``, newest first).
        """

        key = None if course_id is None else self._key(course_id)

        def read(conn: sqlite3.Connection) -> dict[str, Any]:
            with transaction(conn, "DEFERRED"):  # one consistent snapshot
                # on first use, not at import: tooltutor.progress (1 module)
                from tooltutor.progress.export import export_progress

                return export_progress(conn, key, texts)

        data = self._run(read)
        if course_id is not None:
            data = {course_id: data[key]}
        return {
            "format": "tooltutor-progress",
            "schema_version": schema_version(),
            "exported_at": now_utc(),
            "store": {
                "path": str(self.path) if self.path else None,
                "persistent": self.persistent,
            },
            "courses": data,
        }


def _hints(conn: sqlite3.Connection, course_id: str, exercise_id: str) -> int:
    row = conn.execute(
        "SELECT revealed FROM hints WHERE course_id = ? AND exercise_id = ?",
        (course_id, exercise_id),
    ).fetchone()
    return int(row[0]) if row else 0
