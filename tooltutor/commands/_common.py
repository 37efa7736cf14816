"""What several subcommands share: loading the course and telling the user about problems."""

from __future__ import annotations

import os
import sys

from tooltutor.errors import UserError


def load_course_or_fail(args, *, only_exercise: str | None = None):
    """The course named by `--course` (or the bundled one), warning once about problems.

    It is shown in the language of `--lang`, else `$TOOLTUTOR_LANG`, else the locale (see
    `i18n.resolve_language`), and the interface speaks that language from now on.
    `only_exercise` loads just that exercise (see `load_course`). Raises `UserError` when
    not even `course.yaml` could be read.
    """
    from functools import partial

    from tooltutor.course import load_course
    from tooltutor.i18n import resolve_language, set_language

    choose = partial(resolve_language, getattr(args, "lang", None))
    course = load_course(args.course, choose, only_exercise=only_exercise)
    set_language(course.lang)
    if not course.lesson_order:
        first = course.problems[0] if course.problems else "the course could not be loaded"
        raise UserError(f"cannot load the course: {first}")
    if course.errors:
        from tooltutor.i18n import tn

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


def find_exercise(course, exercise_id: str):
    """The exercise with this id, or a `UserError` that suggests close matches."""
    exercise = course.exercise(exercise_id)
    if exercise is None:
        import difflib

        close = difflib.get_close_matches(exercise_id, list(course.exercises), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise UserError(f"no exercise '{exercise_id}' in this course{hint} (see 'tooltutor list')")
    return exercise
