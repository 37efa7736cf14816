"""Which rows are a course's: the key of a course id in one folder (`use_course`), so two
courses with the same id keep separate progress."""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

from tooltutor.progress.connection import now_utc, transaction

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def course_folder(course: Any) -> str | None:
    """The resolved folder of `course`, or None for the bundled course (or no folder)."""
    root = getattr(course, "root", None)
    if root is None:
        return None
    try:
        folder = Path(root).resolve()
        # on first use, not at import: tooltutor.course (2 modules)
        from tooltutor.course import bundled_course_dir

        if folder == bundled_course_dir().resolve():
            return None
    except (OSError, RuntimeError, ValueError):
        return str(Path(os.path.abspath(root)))
    return str(folder)


_ID_LINE = re.compile(rb"^id:[ \t]*[\"']?([A-Za-z0-9_.-]+)", re.MULTILINE)


def course_id_in(folder: str | Path) -> str | None:
    """The id in ``folder/course.yaml`` (its ``id:`` line), or None: no course there."""
    # on first use, not at import: tooltutor.course, ast, copy, dataclasses, ... (16 modules)
    from tooltutor.course.yamlsource import YamlFileError, read_regular_file

    try:
        raw = read_regular_file(Path(folder) / "course.yaml")
    except (YamlFileError, OSError):
        return None
    match = _ID_LINE.search(raw)
    return match.group(1).decode("ascii") if match else None


_bundled_id: list[str | None] = []


def bundled_course_id() -> str | None:
    """The id of the bundled course: reserved for it, so its progress stays its own."""
    if not _bundled_id:
        # on first use, not at import: tooltutor.course (2 modules)
        from tooltutor.course import bundled_course_dir

        _bundled_id.append(course_id_in(bundled_course_dir()))
    return _bundled_id[0]


def claim_course(conn: sqlite3.Connection, course_id: str, folder: str) -> str:
    """The key of (course id, folder), claimed now if this folder is new to the store."""
    find = "SELECT key FROM course_folders WHERE course_id = ? AND folder = ?"
    row = conn.execute(find, (course_id, folder)).fetchone()
    if row:
        return str(row[0])
    with transaction(conn):
        row = conn.execute(find, (course_id, folder)).fetchone()
        if row:
            return str(row[0])
        claims = conn.execute(
            "SELECT folder, key FROM course_folders WHERE course_id = ? ORDER BY claimed_at DESC",
            (course_id,),
        ).fetchall()
        key = None
        if course_id not in {k for _, k in claims} and course_id != bundled_course_id():
            key = course_id  # the first folder with this id: the rows stored under it
        else:
            # A folder whose course has gone (moved, renamed) hands its progress on.
            for old, old_key in claims:
                if course_id_in(old) != course_id:
                    conn.execute(
                        "DELETE FROM course_folders WHERE course_id = ? AND folder = ?",
                        (course_id, old),
                    )
                    key = old_key
                    break
        if key is None:
            key = f"{course_id}@{folder}"
        conn.execute(
            "INSERT INTO course_folders (course_id, folder, key, claimed_at) VALUES (?,?,?,?)",
            (course_id, folder, key, now_utc()),
        )
        return key
