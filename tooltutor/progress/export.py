"""A store's progress as a JSON-ready summary (`ProgressStore.export`, `tooltutor progress
--json`)."""

from __future__ import annotations

import sqlite3
from typing import Any

from tooltutor.progress.connection import decode_text
from tooltutor.progress.records import NEW, status_of
from tooltutor.progress.schema import COURSE_TABLES


def export_progress(conn: sqlite3.Connection, course_id: str | None, texts: bool) -> dict[str, Any]:
    if course_id is None:
        course_ids = sorted(
            row[0]
            for row in conn.execute(
                " UNION ".join(f"SELECT course_id FROM {t}" for t in COURSE_TABLES)
            )
        )
    else:
        course_ids = [course_id]
    return {cid: _export_course(conn, cid, texts) for cid in course_ids}


def _export_course(conn: sqlite3.Connection, course_id: str, texts: bool) -> dict[str, Any]:
    args = (course_id,)
    exercises = _Exercises(texts)
    entry = exercises.entry
    _read_attempts(conn, args, entry)
    _read_help_and_drafts(conn, args, entry, texts)
    if texts:
        _read_texts(conn, args, entry)
    return {
        "exercises": dict(sorted(exercises.by_id.items())),
        "checks": _lesson_checks(conn, args),
        "position": _position(conn, args),
    }


class _Exercises:
    """Each exercise's summary, made with its defaults the first time it is named."""

    def __init__(self, texts: bool) -> None:
        self.texts = texts
        self.by_id: dict[str, dict[str, Any]] = {}

    def entry(self, exercise_id: str) -> dict[str, Any]:
        if exercise_id not in self.by_id:
            self.by_id[exercise_id] = {
                "status": NEW,
                "lesson_id": None,
                "attempts": 0,
                "passed_attempts": 0,
                "failures_since_pass": 0,
                "first_passed_at": None,
                "last_attempt_at": None,
                "last_criteria_passed": None,
                "last_criteria_total": None,
                "hints_revealed": 0,
                "solution_viewed": False,
                "draft_saved_at": None,
            }
            if self.texts:
                self.by_id[exercise_id].update(draft=None, history=[], draft_conflicts=[])
        return self.by_id[exercise_id]


def _read_attempts(conn: sqlite3.Connection, args: tuple, entry) -> None:
    """Attempts, passes, the first pass, the last attempt and the failures since a pass."""
    for ex, count, passes, first_pass, last_id in conn.execute(
        "SELECT exercise_id, COUNT(*), SUM(passed), MIN(CASE WHEN passed THEN at END),"
        " MAX(id) FROM attempts WHERE course_id = ? GROUP BY exercise_id",
        args,
    ):
        e = entry(ex)
        e.update(
            status=status_of(True, passes > 0),
            attempts=count,
            passed_attempts=passes,
            first_passed_at=first_pass,
        )
        lesson, at, cp, ct = conn.execute(
            "SELECT lesson_id, at, criteria_passed, criteria_total FROM attempts WHERE id = ?",
            (last_id,),
        ).fetchone()
        e.update(lesson_id=lesson, last_attempt_at=at, last_criteria_passed=cp)
        e["last_criteria_total"] = ct
    for ex, failures in conn.execute(
        "SELECT a.exercise_id, COUNT(*) FROM attempts a WHERE a.course_id = ?1"
        " AND a.passed = 0 AND a.id > COALESCE((SELECT MAX(b.id) FROM attempts b"
        " WHERE b.course_id = ?1 AND b.exercise_id = a.exercise_id AND b.passed = 1), 0)"
        " GROUP BY a.exercise_id",
        args,
    ):
        entry(ex)["failures_since_pass"] = failures


def _read_help_and_drafts(conn: sqlite3.Connection, args: tuple, entry, texts: bool) -> None:
    """Hints revealed, solutions viewed, drafts saved (their text with `texts`)."""
    for ex, revealed in conn.execute(
        "SELECT exercise_id, revealed FROM hints WHERE course_id = ?", args
    ):
        entry(ex)["hints_revealed"] = revealed
    for (ex,) in conn.execute("SELECT exercise_id FROM solutions_viewed WHERE course_id = ?", args):
        entry(ex)["solution_viewed"] = True
    for ex, saved_at, text in conn.execute(
        "SELECT exercise_id, saved_at, text FROM drafts WHERE course_id = ?", args
    ):
        e = entry(ex)
        e["draft_saved_at"] = saved_at
        if texts:
            e["draft"] = decode_text(text)


def _read_texts(conn: sqlite3.Connection, args: tuple, entry) -> None:
    """The drafts set aside by a conflict (newest first) and every submission (oldest first)."""
    for ex, saved_at, text in conn.execute(
        "SELECT exercise_id, saved_at, text FROM draft_conflicts WHERE course_id = ?"
        " ORDER BY saved_at DESC, rowid DESC",
        args,
    ):
        entry(ex)["draft_conflicts"].append({"saved_at": saved_at, "text": decode_text(text)})
    for row in conn.execute(
        "SELECT exercise_id, id, at, passed, criteria_passed, criteria_total, submission"
        " FROM attempts WHERE course_id = ? ORDER BY id",
        args,
    ):
        entry(row[0])["history"].append(
            {
                "id": row[1],
                "at": row[2],
                "passed": bool(row[3]),
                "criteria_passed": row[4],
                "criteria_total": row[5],
                "submission": decode_text(row[6]),
            }
        )


def _lesson_checks(conn: sqlite3.Connection, args: tuple) -> dict[str, dict[str, Any]]:
    """The lessons' quick checks answered: lesson -> check -> the answer."""
    checks: dict[str, dict[str, Any]] = {}
    for lesson, check, choice, correct, tries, at in conn.execute(
        "SELECT lesson_id, check_id, choice_index, correct, tries, answered_at"
        " FROM check_answers WHERE course_id = ? ORDER BY lesson_id, check_id",
        args,
    ):
        checks.setdefault(lesson, {})[check] = {
            "choice_index": choice,
            "correct": bool(correct),
            "tries": tries,
            "answered_at": at,
        }
    return checks


def _position(conn: sqlite3.Connection, args: tuple) -> dict[str, Any] | None:
    """Where the learner was last."""
    row = conn.execute(
        "SELECT lesson_id, section, exercise_id, updated_at FROM positions WHERE course_id = ?",
        args,
    ).fetchone()
    return (
        {"lesson_id": row[0], "section": row[1], "exercise_id": row[2], "at": row[3]}
        if row
        else None
    )
