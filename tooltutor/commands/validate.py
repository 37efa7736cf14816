"""`tooltutor validate [DIR] [--lang LANG]`: every problem in a course directory, the exercise
self-test, and the state of each translation (one line per language)."""

from __future__ import annotations

import sys

from tooltutor.i18n import t


def add_parser(parser) -> None:
    parser.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        help=t("course directory (default: --course, else the bundled course)"),
    )
    parser.add_argument(
        "--lang",
        dest="validate_lang",
        metavar="LANG",
        help=t("check only the translation into LANG (default: every language of the course)"),
    )
    from tooltutor.commands._common import add_trust_option

    add_trust_option(parser)
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

    # asked first, whatever else is wrong with the course: nothing of its code is imported
    # or run before the answer (loading it ran none)
    ensure_trusted(course, assume=getattr(args, "trust", False))
    problems = list(course.problems)
    problems += model_problems(course)
    problems += self_test(course)
    problems += translated_self_test(course)
    from tooltutor.yaml_portability import portability_problems

    problems += portability_problems(course.root)
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
        + (f" ({warnings} warning{'s' * (warnings != 1)})" if warnings else "")
    )
    return 0


def model_problems(course) -> list:
    """A warning when the course's `model` is not a current Claude model: the lessons show
    it in every example, and a legacy or unknown id teaches requests that may fail."""
    from checker.rules.anthropic.models import CURRENT_MODELS_PAGE, current_ids, is_current
    from tooltutor.course import Problem
    from tooltutor.course.yamlsource import read_yaml

    if not course.model or is_current(course.model):
        return []
    path = course.root / "course.yaml"
    line, column = 1, 1
    try:
        pos = read_yaml(path).locate("/model")
        line, column = pos.line, pos.column
    except Exception:  # noqa: BLE001 - the place is a courtesy; the warning stands anyway
        pass
    message = MODEL_NOT_CURRENT.format(
        model=course.model, current=", ".join(current_ids()), page=CURRENT_MODELS_PAGE
    )
    return [Problem(path, line, column, message, "warning")]


MODEL_NOT_CURRENT = (
    "`model: {model}` is not a current Claude model ({current}; see {page}): "
    "the lessons show it in every example, so move the course to a current id"
)
