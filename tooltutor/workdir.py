"""Exercise files on disk, for learners who work in their own editor.

`tooltutor start EXERCISE` writes the exercise's draft (or starter) to
`DIR/<lesson-id>/<exercise-id>.json|.py|.txt` and remembers it as the current exercise in
`DIR/.tooltutor-current`, which `tooltutor watch DIR` follows. A file is never overwritten
unless asked.
"""

from __future__ import annotations

from pathlib import Path

from tooltutor.course import Course, Exercise
from tooltutor.errors import UserError

DEFAULT_DIR = "tooltutor-work"
CURRENT = ".tooltutor-current"


def exercise_file(workdir: Path, exercise: Exercise) -> Path:
    """Where the answer to `exercise` lives under `workdir`."""
    return workdir / exercise.lesson / f"{exercise.id}{exercise.file_suffix}"


def initial_text(exercise: Exercise, draft_text: str | None) -> str:
    """What a new exercise file holds: the saved draft if there is one, else the starter."""
    if draft_text is not None and draft_text.strip():
        return draft_text
    if exercise.kind == "choice":
        return choice_starter(exercise)
    return exercise.starter


def choice_starter(exercise: Exercise) -> str:
    """A choice exercise as a text file: the options as comments, the answer below them."""
    lines = [f"# {exercise.title}", "#"]
    lines += [f"# {c['id']}) {c['text']}" for c in exercise.choices or []]
    lines += ["#", "# Write the id(s) of your answer on the next line, e.g. b  or  a, c", ""]
    return "\n".join(lines) + exercise.starter


def answer_text(exercise: Exercise, text: str) -> str:
    """The answer in a file as the checker reads it (comment lines of choice files dropped)."""
    if exercise.kind != "choice":
        return text
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def write_exercise(workdir: Path, exercise: Exercise, text: str, *, force: bool) -> Path:
    """Write the exercise file and make it current; `UserError` rather than overwrite."""
    path = exercise_file(workdir, exercise)
    if path.exists() and not force:
        raise UserError(
            f"{path} already exists; keep working in it, or pass --force to replace it "
            "with your saved draft (or the starter)"
        )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        set_current(workdir, exercise.id)
    except OSError as exc:
        raise UserError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def set_current(workdir: Path, exercise_id: str) -> None:
    (workdir / CURRENT).write_text(exercise_id + "\n", encoding="utf-8")


def current_exercise(workdir: Path, course: Course) -> Exercise:
    """The exercise `watch` follows in `workdir`; `UserError` with what to do if none."""
    marker = workdir / CURRENT
    if not workdir.is_dir():
        raise UserError(
            f"no folder {workdir}: start an exercise first, e.g. 'tooltutor start "
            "write-tool-result'"
        )
    from tooltutor.yamlsource import YamlFileError, read_regular_file

    try:  # an id is short: a huge file is not ours; a FIFO or a device is never opened
        raw = read_regular_file(marker, 1024, head=True)
        exercise_id = raw.decode("utf-8", errors="replace").strip()
    except (OSError, YamlFileError):
        raise UserError(
            f"{workdir} has no current exercise: start one with 'tooltutor start EXERCISE "
            f"--dir {workdir}'"
        ) from None
    exercise = course.exercise(exercise_id)
    if exercise is None:
        shown = exercise_id if len(exercise_id) <= 80 else exercise_id[:77] + "..."
        raise UserError(
            f"the current exercise '{shown}' (in {marker}) is not in this course: start one "
            f"with 'tooltutor start EXERCISE --dir {workdir}'"
        )
    return exercise


def next_exercise(course: Course, exercise: Exercise) -> Exercise | None:
    """The exercise after `exercise` in course order (None after the last)."""
    order = [ex for lesson in course.lessons for ex in lesson.exercise_items]
    ids = [ex.id for ex in order]
    if exercise.id not in ids:
        return None
    index = ids.index(exercise.id)
    return order[index + 1] if index + 1 < len(order) else None
