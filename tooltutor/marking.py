"""Marking an answer with the course's own checks: one place for `check`, `watch`, the TUI
and `validate`; and marking it then recording the attempt (`mark_and_record`), one place
for `check`, `watch` and the TUI.

A course may keep checks of its own in a `checks/` folder beside its `course.yaml`
(`checker.checks`). They are course code: nothing of them is imported when the course is
loaded, and only once the course is trusted (`tooltutor.trust`): without that decision
`course_checks` raises `trust.NotTrusted` instead of importing anything. The bundled
course's checks are product code, shipped and reviewed with the engine: they run in this
process. Any other course's checks run in a sandboxed child of their own, from the
snapshot the trust decision hashed (`checker.course_checks_host`): records in, findings
out. A folder that cannot be imported is a problem of the course, reported with the file
and line that failed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from checker.checks import FolderChecks, folder_index, load_folder
from checker.exercise import mark
from tooltutor import trust
from tooltutor.course.cache import CourseCache, file_stamp
from tooltutor.i18n import use_checker_language

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

CHECKS_FOLDER = "checks"

_loaded: dict[tuple[str, tuple], Mapping[str, Any]] = {}
_hosts: dict[tuple[str, str], Any] = {}


class CourseChecksError(Exception):
    """The course's `checks/` could not be imported; `str()` says where and why. `problem`
    is (file, line, column, message, traceback lines) when the checks' child said it."""

    def __init__(self, why: str, problem: tuple | None = None) -> None:
        super().__init__(why)
        self.problem = problem


def checks_folder(course) -> Path:
    return Path(course.root) / CHECKS_FOLDER


def has_own_checks(course) -> bool:
    folder = checks_folder(course)
    return folder.is_dir() and any(folder.glob("*.py"))


def _stamp(folder: Path) -> tuple:
    return tuple(
        (p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(folder.glob("*.py"))
    )


def course_checks(course, *, on_demand: bool = False) -> Mapping[str, Any]:
    """The checks of the course's own `checks/` folder, once its code is trusted.

    The bundled course's are imported here, once per version of the folder; another
    course's are loaded in their sandboxed child, from the trusted snapshot. Raises
    `trust.NotTrusted` for a course no decision allows, `CourseChecksError` for checks
    that cannot be imported. `on_demand`: the bundled course's modules are imported as
    marking asks for their checks (`checker.checks.FolderChecks`), so marking one answer
    imports only the modules it needs, once a whole load has been seen to succeed.
    """
    if trust.is_bundled(course):
        return _bundled_checks(course, on_demand)
    code = trust.trusted_code(course)  # fail closed: never import what was not trusted
    sources = code.check_sources()
    if not sources:
        return {}
    key = (str(checks_folder(course).resolve()), code.files_digest)
    host = _hosts.get(key)
    # the sandboxed host (subprocess, the sandbox) only for another course's checks
    from checker.course_checks_host import CheckHost, ChecksNotLoaded

    if host is None:
        host = _hosts[key] = CheckHost(
            sources, str(checks_folder(course).resolve()), code.check_catalogs()
        )
    try:
        return host.specs()
    except ChecksNotLoaded as exc:
        raise CourseChecksError(str(exc), exc.problem) from None


def _bundled_checks(course, on_demand: bool = False) -> Mapping[str, Any]:
    folder = checks_folder(course)
    if not has_own_checks(course):
        return {}
    key = (str(folder.resolve()), _stamp(folder))
    checks = _loaded.get(key)
    try:
        if checks is None:
            checks = _loaded[key] = _load_bundled(folder, on_demand)
        if not on_demand and isinstance(checks, FolderChecks):
            checks.load_all()
    except Exception as exc:
        _loaded.pop(key, None)
        raise CourseChecksError(_where(exc, folder)) from None
    return checks


def _load_bundled(folder: Path, on_demand: bool) -> Mapping[str, Any]:
    """The folder's checks: on demand when the cache says which module declares each (an
    earlier whole load of the same files), else all of them, and the cache told."""
    stamp = tuple(file_stamp(p) for p in sorted(folder.glob("*.py")))
    cache = CourseCache()
    index = cache.get_check_index(folder, stamp) if on_demand else None
    if index is not None:
        return FolderChecks(folder, index)
    checks = load_folder(folder)
    cache.put_check_index(folder, stamp, folder_index(folder, checks))
    return checks


def _where(exc: BaseException, folder: Path) -> str:
    """`checks/tools.py:12: NameError: ...`: the frame of the course's file that failed."""
    import traceback  # only when a course's checks fail to load: not on `check`'s path

    frames = [
        f for f in traceback.extract_tb(exc.__traceback__) if f.filename.startswith(str(folder))
    ]
    name = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}:{exc.lineno}:{exc.offset or 1}: {name}"
    if frames:
        return f"{frames[-1].filename}:{frames[-1].lineno}: {name}"
    return f"{folder}: {name}"


def mark_answer(course, exercise, answer: str | bytes, filename: str | None = None):
    """The checker's verdict on `answer` (blocking: seconds for Python exercises).

    `filename` is the learner's file: a Python exercise's messages name it (its last part)
    instead of `solution.py`. A diagnostic at a line always has a column (1 when the
    checker knows only the line), so that `file:line:col` is three numbers everywhere.
    """
    use_checker_language(course.lang)
    extra = {"filename": filename} if filename else {}
    own = course_checks(course, on_demand=True)
    verdict = mark(exercise.spec(), answer, model=course.model, checks=own, **extra)
    return with_columns(verdict, answer)


def mark_and_record(
    store,
    course,
    exercise,
    answer: str | bytes,
    *,
    submission: str,
    filename: str | None = None,
    record: bool = True,
    only_a_pass: bool = False,
):
    """Mark `answer` (`mark_answer`), then record the attempt in the progress `store`.

    `submission` is the text stored with the attempt (the whole file as the learner saved
    it). Nothing is recorded with ``record=False`` (`check --no-record`), nor, with
    ``only_a_pass=True``, when the answer fails (`watch`'s first look at a file: an
    untouched starter is not an attempt). Returns the verdict.
    """
    verdict = mark_answer(course, exercise, answer, filename=filename)
    if record and (verdict.passed or not only_a_pass):
        store.record_attempt(
            course.id,
            exercise.id,
            passed=verdict.passed,
            criteria_passed=sum(c.passed for c in verdict.criteria),
            criteria_total=len(verdict.criteria),
            submission=submission,
            lesson_id=exercise.lesson,
        )
    return verdict


def with_columns(verdict, answer: str | bytes = ""):
    """`verdict` where every diagnostic at a line has a column: where the checker knows
    only the line (a Python exception's frame), the line's first character that is not
    blank, so that `file:line:col` is three numbers and the caret points at the code."""
    if not any(d.line is not None and d.column is None for d in verdict.diagnostics):
        return verdict
    if isinstance(answer, bytes):
        answer = answer.decode("utf-8", errors="replace")
    lines = answer.removeprefix("\ufeff").split("\n")

    def column(line: int) -> int:
        if 1 <= line <= len(lines):
            source = lines[line - 1]
            return len(source) - len(source.lstrip(" \t")) + 1 if source.strip() else 1
        return 1

    diagnostics = [
        d._replace(column=column(d.line)) if d.line is not None and d.column is None else d
        for d in verdict.diagnostics
    ]
    return verdict._replace(diagnostics=diagnostics)
