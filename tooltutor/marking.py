"""Marking an answer with the course's own checks: one place for `check`, `watch`, the TUI
and `validate`.

A course may keep checks of its own in a `checks/` folder beside its `course.yaml`
(`checker.checks`). They are course code: they are imported only when an exercise is
marked or self-tested, never when the course is loaded, and only once the course is
trusted (`tooltutor.trust`; the bundled course is). A folder that cannot be imported is a
problem of the course, reported with the file and line that failed.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

CHECKS_FOLDER = "checks"

_loaded: dict[tuple[str, tuple], dict] = {}


class CourseChecksError(Exception):
    """The course's `checks/` could not be imported; `str()` says where and why."""


def checks_folder(course) -> Path:
    return Path(course.root) / CHECKS_FOLDER


def has_own_checks(course) -> bool:
    folder = checks_folder(course)
    return folder.is_dir() and any(folder.glob("*.py"))


def _stamp(folder: Path) -> tuple:
    return tuple(
        (p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.glob("*.py"))
    )


def course_checks(course) -> dict[str, Any]:
    """The checks of the course's own `checks/` folder, imported once per version of it."""
    folder = checks_folder(course)
    if not has_own_checks(course):
        return {}
    key = (str(folder.resolve()), _stamp(folder))
    if key not in _loaded:
        from checker.checks import load_folder

        try:
            _loaded[key] = load_folder(folder)
        except Exception as exc:
            raise CourseChecksError(_where(exc, folder)) from None
    return _loaded[key]


def _where(exc: BaseException, folder: Path) -> str:
    """`checks/tools.py:12: NameError: ...`: the frame of the course's file that failed."""
    frames = [
        f for f in traceback.extract_tb(exc.__traceback__) if f.filename.startswith(str(folder))
    ]
    name = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}:{exc.lineno}:{exc.offset or 1}: {name}"
    if frames:
        return f"{frames[-1].filename}:{frames[-1].lineno}: {name}"
    return f"{folder}: {name}"


def mark_answer(course, exercise, answer: str | bytes):
    """The checker's verdict on `answer` (blocking: seconds for Python exercises)."""
    from checker.exercise import mark
    from tooltutor.i18n import use_checker_language

    use_checker_language(course.lang)
    return mark(exercise.spec(), answer, model=course.model, checks=course_checks(course))
