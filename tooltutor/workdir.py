"""Exercise files on disk, for learners who work in their own editor.

`tooltutor start EXERCISE` writes the exercise's draft (or starter) to
`DIR/<lesson-id>/<exercise-id>.json|.py|.txt` and remembers it as the current exercise in
`DIR/.tooltutor-current`. `watch` follows that exercise, and `check`, `hint`, `next` and
`start` take it when no exercise is named, as rustlings does; the work folder is found
from inside it too (`find_workdir`). A file is never overwritten unless asked.
"""

from __future__ import annotations

import os
from pathlib import Path

from tooltutor import kinds
from tooltutor.course import Course, Exercise
from tooltutor.course.yamlsource import YamlFileError, read_regular_file
from tooltutor.errors import UserError
from tooltutor.exercise_status import PASSED
from tooltutor.i18n import t

DEFAULT_DIR = "tooltutor-work"
CURRENT = ".tooltutor-current"


def exercise_file(workdir: Path, exercise: Exercise) -> Path:
    """Where the answer to `exercise` lives under `workdir`."""
    return workdir / exercise.lesson / f"{exercise.id}{exercise.file_suffix}"


def initial_text(exercise: Exercise, draft_text: str | None) -> str:
    """What a new exercise file holds: the saved draft if there is one, else the starter
    (a choice exercise's file has its options as comments above the answer: see
    `tooltutor.kinds`)."""
    return kinds.of(exercise).file_text(exercise, draft_text)


def answer_text(exercise: Exercise, text: str) -> str:
    """The answer in a file as the checker reads it (a choice file's comment lines are
    left out). `check` and `watch` both read an exercise file through this."""
    return kinds.of(exercise).answer_text(exercise, text)


def draft_text(exercise: Exercise, text: str) -> str:
    """What is kept as the draft of a file's text (a choice exercise's answer alone, as
    the terminal UI keeps its drafts)."""
    return kinds.of(exercise).draft_text(exercise, text)


def write_exercise(workdir: Path, exercise: Exercise, text: str, *, force: bool) -> Path:
    """Write the exercise file and make it current; `UserError` rather than overwrite."""
    path = exercise_file(workdir, exercise)
    if path.exists() and not force:
        raise UserError(
            t(
                "{path} already exists; keep working in it, or pass --force to replace it "
                "with your saved draft (or the starter)",
                path=path,
            )
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        set_current(workdir, exercise.id)
    except OSError as exc:
        raise UserError(
            t("cannot write {path}: {reason}", path=path, reason=exc.strerror or exc)
        ) from None
    return path


def open_exercise(workdir: Path, exercise: Exercise, store, course: Course) -> tuple[Path, str]:
    """Make `exercise` the current one, writing its file if it has none (from the saved
    draft, else the starter). Returns the file and what was written into it ("" when the
    file was there and is kept as it is)."""

    path = exercise_file(workdir, exercise)
    if os.path.lexists(path):
        try:
            set_current(workdir, exercise.id)
        except OSError as exc:
            raise UserError(
                t(
                    "cannot write {path}: {reason}",
                    path=workdir / CURRENT,
                    reason=exc.strerror or exc,
                )
            ) from None
        return path, ""
    load = getattr(store, "load_draft", None)
    draft = load(course.id, exercise.id) if load is not None else None
    write_exercise(
        workdir, exercise, initial_text(exercise, draft.text if draft else None), force=False
    )
    saved = draft is not None and draft.text.strip()
    return path, t("your saved draft") if saved else t("the starter")


def set_current(workdir: Path, exercise_id: str) -> None:
    (workdir / CURRENT).write_text(exercise_id + "\n", encoding="utf-8")


def find_workdir(given: str | os.PathLike[str] | None) -> Path:
    """The work folder: `given` (``--dir``), else the one the current folder is in or holds.

    Like git finds its repository: the current folder or one of its parents that holds a
    `.tooltutor-current` (so the commands work from inside the work folder too), else
    `./tooltutor-work`.
    """
    if given is not None:
        return Path(given)
    here = Path.cwd()
    default = Path(DEFAULT_DIR)
    if (here / DEFAULT_DIR / CURRENT).is_file():
        return default
    for depth, folder in enumerate([here, *here.parents][:4]):
        if (folder / CURRENT).is_file():
            return Path(*([".."] * depth)) if depth else Path(".")
    return default


def read_current(workdir: Path) -> str | None:
    """The id in `workdir`'s `.tooltutor-current` (maybe ""), or None when there is no such
    file to read."""
    try:  # an id is short: a huge file is not ours; a FIFO or a device is never opened
        raw = read_regular_file(workdir / CURRENT, 1024, head=True)
    except (OSError, YamlFileError):
        return None
    return raw.decode("utf-8", errors="replace").strip()


def current_exercise(workdir: Path, course: Course) -> Exercise:
    """The exercise `watch` follows in `workdir`; `UserError` with what to do if none."""
    marker = workdir / CURRENT
    if not workdir.is_dir():
        raise UserError(
            t(
                "no folder {workdir}: start an exercise first, e.g. 'tooltutor start {id}'",
                workdir=workdir,
                id=first_exercise_id(course),
            )
        )
    exercise_id = read_current(workdir)
    if exercise_id is None:
        raise UserError(
            t(
                "{workdir} has no current exercise: start one with 'tooltutor start EXERCISE "
                "--dir {workdir}'",
                workdir=workdir,
            )
        )
    exercise = course.exercise(exercise_id)
    if exercise is None:
        shown = exercise_id if len(exercise_id) <= 80 else exercise_id[:77] + "..."
        raise UserError(
            t(
                "the current exercise '{id}' (in {marker}) is not in this course{hint}: start "
                "one with 'tooltutor start EXERCISE --dir {workdir}'",
                id=shown,
                marker=marker,
                hint=did_you_mean(exercise_id, list(course.exercises)),
                workdir=workdir,
            )
        )
    return exercise


def close_names(given: str, known: list[str]) -> list[str]:
    """The (at most three) known names closest to `given`: a part of one matches too."""
    # on first use, not at import: difflib, heapq (3 modules)
    import difflib

    if len(given) > 80:
        return []
    low = given.lower()
    near = [k for k in known if len(low) >= 3 and (low in k.lower() or k.lower() in low)]
    near += [k for k in difflib.get_close_matches(given, known, n=3, cutoff=0.6) if k not in near]
    return near[:3]


def did_you_mean(given: str, known: list[str]) -> str:
    """`; did you mean a, b?` with the known names closest to `given`, or ""."""
    near = close_names(given, known)
    return f"; did you mean {', '.join(near)}?" if near else ""


def exercise_for_file(path: Path, course: Course) -> Exercise | None:
    """The exercise whose file `tooltutor start` wrote at `path` (its name says which)."""
    name = path.name
    for exercise in course.exercises.values():
        if name == f"{exercise.id}{exercise.file_suffix}":
            return exercise
    return None


def course_order(course: Course) -> list[Exercise]:
    """Every exercise of the course, lesson by lesson."""
    return [ex for lesson in course.lessons for ex in lesson.exercise_items]


def first_exercise_id(course: Course) -> str:
    order = course_order(course)
    return order[0].id if order else "EXERCISE"


def next_unfinished(
    course: Course, statuses: dict[str, str], after: Exercise | None = None
) -> Exercise | None:
    """The first exercise not passed yet after `after` in course order, coming round to
    the start of the course (None when every other one is passed). Without `after`, the
    first one of the course not passed."""
    order = course_order(course)
    ids = [ex.id for ex in order]
    start = ids.index(after.id) + 1 if after is not None and after.id in ids else 0
    for exercise in order[start:] + order[:start]:
        if exercise is not after and statuses.get(exercise.id) != PASSED:
            return exercise
    return None


def next_exercise(course: Course, exercise: Exercise) -> Exercise | None:
    """The exercise after `exercise` in course order (None after the last)."""
    order = [ex for lesson in course.lessons for ex in lesson.exercise_items]
    ids = [ex.id for ex in order]
    if exercise.id not in ids:
        return None
    index = ids.index(exercise.id)
    return order[index + 1] if index + 1 < len(order) else None
