"""Course packs are code: running a pack's own Python is asked for once, like workspace trust.

Loading a course executes nothing. But a course's Python exercises carry code of the
course's author: `support` code imported beside the learner's answer, reference solutions,
starters and wrong answers that `validate` runs. Before any of it runs, the course must be
trusted: the bundled course always is; another is trusted by its folder and a hash of all
its Python (`fingerprint`), remembered in `trusted-courses.json` under the data folder, so
a changed pack is asked about again. `--trust` (or `TOOLTUTOR_TRUST=1`) trusts it without
asking, for scripts and CI.

The learner's own answer is not asked about: it is theirs, and it always runs contained
(`checker.sandbox`).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from tooltutor.errors import UserError
from tooltutor.i18n import t

STORE_NAME = "trusted-courses.json"


def fingerprint(course) -> str:
    """A hash of every piece of the course's own Python, in a stable order."""
    import hashlib

    digest = hashlib.sha256()
    for exercise_id in sorted(course.exercises):
        exercise = course.exercises[exercise_id]
        if exercise.kind != "python":
            continue
        spec = exercise.spec()
        parts = [exercise_id, spec.get("support") or "", exercise.starter or ""]
        parts.append(spec.get("solution") or "")
        parts += [w.get("answer", "") for w in spec.get("wrong_answers") or []]
        parts += [r.get("answer", "") for r in spec.get("right_answers") or []]
        for part in parts:
            data = str(part).encode("utf-8", "surrogatepass")
            digest.update(len(data).to_bytes(8, "big") + data)
    from tooltutor.marking import checks_folder

    folder = checks_folder(course)
    for path in sorted(folder.glob("*.py")) if folder.is_dir() else []:
        data = path.read_bytes()
        digest.update(path.name.encode() + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def runs_code(course, exercise=None, *, marking: bool = False) -> bool:
    """Whether marking `exercise` (or any exercise, `marking=True`) or self-testing the
    course (neither) runs the course's own code: support code, Python answers of the
    course's, or checks of its own `checks/` folder."""
    from tooltutor.marking import has_own_checks

    own = has_own_checks(course)
    if exercise is not None:
        return _has_support(exercise) or (own and _uses_own_check(exercise))
    if marking:
        return own or any(_has_support(e) for e in course.exercises.values())
    return own or any(e.kind == "python" for e in course.exercises.values())


def _has_support(exercise) -> bool:
    return exercise.kind == "python" and bool(exercise.spec().get("support"))


def _uses_own_check(exercise) -> bool:
    """A criterion names a check the engine does not have: one of the course's."""
    from checker import criteria  # noqa: F401 (the engine's checks, registered on import)
    from checker.criteria import CHECKS

    return any(spec.get("check") not in CHECKS for spec in exercise.criteria)


def is_bundled(course) -> bool:
    from tooltutor.course import bundled_course_dir

    try:
        return Path(course.root).resolve() == bundled_course_dir().resolve()
    except OSError:
        return False


def _store_path() -> Path:
    from tooltutor.progress import data_dir

    return data_dir() / STORE_NAME


def _load() -> list[dict[str, str]]:
    try:
        data = json.loads(_store_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    entries = data.get("trusted") if isinstance(data, dict) else None
    return [e for e in entries or [] if isinstance(e, dict)]


def is_trusted(course) -> bool:
    """The bundled course, or a folder trusted with exactly this Python in it."""
    if is_bundled(course):
        return True
    folder, key = str(Path(course.root).resolve()), fingerprint(course)
    return any(e.get("path") == folder and e.get("hash") == key for e in _load())


def trust(course) -> None:
    """Remember this course's folder with the hash of its Python as trusted."""
    folder, key = str(Path(course.root).resolve()), fingerprint(course)
    entries = [e for e in _load() if e.get("path") != folder]
    entries.append({"path": folder, "hash": key})
    path = _store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps({"trusted": entries}, indent=2), encoding="utf-8")
    os.replace(temporary, path)


def question(course) -> str:
    """What the learner is asked before the course's code first runs."""
    from tooltutor.course import display_path

    return t(
        "The course in {path} ('{title}') runs Python code of its own (support code for "
        "exercises, reference solutions). It runs in the same sandbox as your answers. Trust "
        "this course and run its code?",
        path=display_path(Path(course.root)),
        title=course.title,
    )


def ensure_trusted(course, *, assume: bool = False, exercise=None, marking: bool = False) -> None:
    """Return when the course's code may run; otherwise ask, or raise `UserError`.

    `assume` is `--trust`; `exercise` / `marking` say what is about to run (see
    `runs_code`). Without a terminal to ask on, an untrusted course is refused with a
    message that says how to trust it.
    """
    if not runs_code(course, exercise, marking=marking) or is_trusted(course):
        return
    if assume or os.environ.get("TOOLTUTOR_TRUST", "").strip() in ("1", "yes", "true"):
        trust(course)
        return
    interactive = sys.stdin.isatty() and sys.stderr.isatty()
    if interactive:
        sys.stderr.write(question(course) + " [y/N] ")
        sys.stderr.flush()
        answer = sys.stdin.readline().strip().lower()
        if answer in ("y", "yes"):
            trust(course)
            return
        raise UserError(t("the course's code was not run: it is not trusted"))
    raise UserError(
        t(
            "this course runs Python code of its own and is not trusted yet: review it, then "
            "run the command again with --trust (or set TOOLTUTOR_TRUST=1)"
        )
    )
