"""`tooltutor validate [DIR] [--lang LANG]`: every problem in a course directory, the exercise
self-test, and the state of each translation (one line per language)."""

from __future__ import annotations

import sys


def add_parser(parser) -> None:
    parser.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        help="course directory (default: --course, else the bundled course)",
    )
    parser.add_argument(
        "--lang",
        dest="validate_lang",
        metavar="LANG",
        help="check only the translation into LANG (default: every language of the course)",
    )
    parser.set_defaults(run=run)


def translated_self_test(course) -> list:
    """The self-test of each translated exercise whose criteria mark differently in its
    language (params given a value of that language, answers written in it)."""
    from tooltutor.course import Problem
    from tooltutor.marking import CourseChecksError, course_checks
    from tooltutor.selftest import check_exercise

    try:
        own = course_checks(course)
    except CourseChecksError:
        return []  # reported by the self-test of the source
    problems = []
    for lang, report in course.translations.items():
        for exercise in report.retuned:
            for p in check_exercise(exercise, course.model, own):
                problems.append(Problem(p.path, p.line, p.column, f"in {lang}: {p.message}"))
    return problems


def run(args) -> int:
    from tooltutor.course import display_path, load_course
    from tooltutor.selftest import self_test

    only = getattr(args, "validate_lang", None)
    course = load_course(
        args.directory or args.course,
        audit_translations=[only] if only else True,
    )
    from tooltutor.trust import ensure_trusted

    problems = list(course.problems)
    if course.lesson_order:
        ensure_trusted(course, assume=getattr(args, "trust", False))
    problems += self_test(course)
    problems += translated_self_test(course)
    for problem in problems:
        print(problem)
    for report in course.translations.values():
        print(report.summary())
    lessons, exercises = len(course.lessons), len(course.exercises)
    where = display_path(course.root)
    errors = sum(p.severity == "error" for p in problems)
    warnings = len(problems) - errors
    if errors:
        print(
            f"{where}: {errors} error{'s' * (errors != 1)}, {warnings} warning"
            f"{'s' * (warnings != 1)} ({lessons} lessons and {exercises} exercises loaded)",
            file=sys.stderr,
        )
        return 1
    print(
        f"{where}: valid: {lessons} lessons, {exercises} exercises, every exercise self-tested"
        + (f" ({warnings} warnings)" if warnings else "")
    )
    return 0
