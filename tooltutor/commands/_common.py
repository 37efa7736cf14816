"""What several subcommands share: loading the course and telling the user about problems."""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial

from tooltutor.errors import UserError
from tooltutor.i18n import resolve_language, set_language, t, tn, use_checker_language


def load_course_or_fail(args, *, only_exercise: str | None = None):
    """The course named by `--course` (or the bundled one), warning once about problems.

    It is shown in the language of `--lang`, else `$TOOLTUTOR_LANG`, else the locale (see
    `i18n.resolve_language`), and the interface and the checker speak that language from now
    on.
    `only_exercise` loads just that exercise (see `load_course`). Raises `UserError` when
    not even `course.yaml` could be read.
    """
    # on first use, not at import: tooltutor.course, tooltutor.kinds, ... (35 modules)
    from tooltutor.course import load_course

    choose = partial(resolve_language, getattr(args, "lang", None))
    course = load_course(args.course, choose, only_exercise=only_exercise)
    set_language(course.lang)
    use_checker_language(course.lang)  # its notes (the sandbox's) come before any marking
    if not course.lesson_order:
        first = course.problems[0] if course.problems else t("the course could not be loaded")
        raise UserError(t("cannot load the course: {problem}", problem=first))
    if course.errors:
        print(
            tn(
                len(course.errors),
                "tooltutor: warning: the course has {n} problem; the broken parts are left "
                "out (run 'tooltutor validate' to see them)",
                "tooltutor: warning: the course has {n} problems; the broken parts are left "
                "out (run 'tooltutor validate' to see them)",
            ),
            file=sys.stderr,
        )
    return course


def plain_output(stream=None) -> bool:
    """True when output should be plain text: not a terminal, NO_COLOR set, or TERM=dumb."""
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return True
    return not (hasattr(stream, "isatty") and stream.isatty())


def find_exercise(course, exercise_id: str, args=None):
    """The exercise with this id, or a `UserError` that suggests close matches.

    A course loaded with one exercise only (`only_exercise`) is loaded whole with `args`
    to find the close matches.
    """
    exercise = course.exercise(exercise_id)
    if exercise is not None:
        return exercise
    if args is not None and not course.lessons:
        course = load_course_or_fail(args)
        exercise = course.exercise(exercise_id)
        if exercise is not None:
            return exercise
    raise UserError(unknown_exercise(course, exercise_id))


def unknown_exercise(course, given: str, *, nor_file: bool = False) -> str:
    """The message for an exercise id the course does not have (a lesson id: say so).
    `nor_file`: it is not the name of a file either."""
    # on first use, not at import: tooltutor.workdir, tooltutor.course, ... (34 modules)
    from tooltutor.workdir import did_you_mean

    shown = given if len(given) <= 80 else given[:77] + "..."
    lesson = course.find_lesson(given)
    if lesson is not None:
        return (
            f"'{shown}' is a lesson, not an exercise: read it with 'tooltutor show {lesson.id}'"
            f"; its exercises are {', '.join(e.id for e in lesson.exercise_items) or 'none'}"
        )
    hint = did_you_mean(given, list(course.exercises))
    what = "no exercise or file" if nor_file else "no exercise"
    return f"{what} '{shown}' in this course{hint} (see 'tooltutor list')"


def find_lesson(course, key: str):
    """The lesson with this id or number, or a `UserError` that suggests close matches
    (and points to `start` when `key` is an exercise's id)."""
    # on first use, not at import: tooltutor.workdir, tooltutor.course, ... (34 modules)
    from tooltutor.workdir import did_you_mean

    lesson = course.find_lesson(key)
    if lesson is not None:
        return lesson
    shown = key if len(key) <= 80 else key[:77] + "..."
    exercise = course.exercise(key)
    if exercise is not None:
        return_to = course.lesson(exercise.lesson)
        where = f" of lesson {return_to.number} ({return_to.id})" if return_to else ""
        raise UserError(
            f"'{shown}' is an exercise{where}, not a lesson: work on it with "
            f"'tooltutor start {exercise.id}'"
            + (f", or read its lesson with 'tooltutor show {return_to.id}'" if return_to else "")
        )
    hint = did_you_mean(key, [le.id for le in course.lessons])
    if not hint:
        # on first use, not at import: tooltutor.workdir, tooltutor.course, ... (34 modules)
        from tooltutor.workdir import close_names

        close = close_names(key, list(course.exercises))
        if close:
            hint = t("; did you mean the exercise {id} (tooltutor start {id})?", id=close[0])
    known = ", ".join(f"{le.number} {le.id}" for le in course.lessons)
    raise UserError(
        t(
            "no lesson '{lesson}' in this course{hint} (lessons: {known})",
            lesson=shown,
            hint=hint,
            known=known,
        )
    )


def add_trust_option(parser) -> None:
    """`--trust` after the command too (`tooltutor validate --trust DIR`), as before it."""
    parser.add_argument(
        "--trust",
        action="store_true",
        default=argparse.SUPPRESS,
        help=t(
            "trust the course's own code (its exercises' Python, its checks/) without "
            "asking, and remember it (also $TOOLTUTOR_TRUST=1)"
        ),
    )
