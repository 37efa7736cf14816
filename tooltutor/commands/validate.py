"""`tooltutor validate [DIR] [--lang LANG] [--strict] [--verbose] [--max-fact-age DAYS]
[--write-schemas]`: every problem in a course directory, the exercise self-test (with why
an answer was not marked as declared), model facts the lessons show that are older than
DAYS, and the state of each translation (one line per language)."""

from __future__ import annotations

import sys

from tooltutor.commands._common import add_trust_option
from tooltutor.commands.parser import HelpFormatter
from tooltutor.i18n import help_language, set_language, t, tn


def global_options_epilog() -> str:
    """The options every command takes, written before the command's name."""
    return t(
        "global options (write them before the command, as in 'tooltutor --trust validate "
        "DIR'; see 'tooltutor --help'):\n"
        "  --course DIR   the course folder (also $TOOLTUTOR_COURSE)\n"
        "  --trust        run the course's own code without asking (also $TOOLTUTOR_TRUST=1)\n"
        "  --lang LANG    the language of the interface and the course (also $TOOLTUTOR_LANG)\n"
    )


def add_parser(parser) -> None:
    parser.formatter_class = HelpFormatter
    parser.epilog = global_options_epilog()
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

    add_trust_option(parser)
    parser.add_argument(
        "--strict",
        action="store_true",
        help=t(
            "fail (exit 1) on warnings too, an incomplete or stale translation among them: for CI"
        ),
    )
    parser.add_argument(
        "--verbose",
        "-v",
        action="store_true",
        help=t(
            "show how every answer of the self-test was marked, every criterion and the "
            "output of the code"
        ),
    )
    parser.add_argument(
        "--max-fact-age",
        type=int,
        default=None,
        metavar="DAYS",
        help=t(
            "warn when a model fact the lessons show (a facts placeholder) was read more "
            "than DAYS days ago (default: 90)"
        ),
    )
    parser.add_argument(
        "--write-schemas",
        action="store_true",
        help=t(
            "write the course's schemas/ for editors: the course format, and the checks it "
            "can use with their parameters"
        ),
    )
    parser.set_defaults(run=run)


def translated_self_test(course) -> list:
    """The self-test of each translated exercise whose criteria mark differently in its
    language (params given a value of that language, answers written in it)."""
    # on first use, not at import: tooltutor.course, tooltutor.marking, ... (69 modules)
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
                problems.append(
                    Problem(
                        p.path, p.line, p.column, f"in {lang}: {p.message}", p.severity, p.details
                    )
                )
    return problems


def run(args) -> int:
    # on first use, not at import: tooltutor.course, tooltutor.selftest, ... (39 modules)
    from tooltutor.course import load_course
    from tooltutor.selftest import self_test

    only = getattr(args, "validate_lang", None)
    set_language(interface_language(args))
    verbose = getattr(args, "verbose", False)
    course = load_course(
        args.directory or args.course,
        audit_translations=[only] if only else True,
    )
    # on first use, not at import: tooltutor.trust, tooltutor.kinds, ast, ... (33 modules)
    from tooltutor.trust import ensure_trusted

    # asked first, whatever else is wrong with the course: nothing of its code is imported
    # or run before the answer (loading it ran none)
    ensure_trusted(course, assume=getattr(args, "trust", False))
    problems = list(course.problems)
    problems += model_problems(course)
    # on first use: only validate reads the dates of the model table's facts
    from tooltutor.course.facts_check import DEFAULT_MAX_AGE_DAYS, fact_problems

    max_age = getattr(args, "max_fact_age", None)
    problems += fact_problems(course, DEFAULT_MAX_AGE_DAYS if max_age is None else max_age)
    # on first use, not at import: tooltutor.course, tooltutor.kinds, ... (34 modules)
    from tooltutor.course.translation.check_messages import check_message_problems

    problems += check_message_problems(course)
    problems += self_test(course, verbose=verbose)
    problems += translated_self_test(course)
    # on first use, not at import: tooltutor.yaml_portability, errno, fnmatch, ... (8 modules)
    from tooltutor.yaml_portability import portability_problems

    problems += portability_problems(course.root)
    if getattr(args, "write_schemas", False) and course.lesson_order:
        problems += write_schemas(course)
    for problem in problems:
        print(problem.text())
    for report in course.translations.values():
        print(report.summary())
    return _summary(course, problems, strict=getattr(args, "strict", False))


def _summary(course, problems: list, *, strict: bool) -> int:
    # on first use, not at import: tooltutor.course, tooltutor.kinds, ... (32 modules)
    from tooltutor.course import display_path

    where = display_path(course.root)
    errors = sum(p.severity == "error" for p in problems)
    warnings = sum(p.severity == "warning" for p in problems)
    incomplete = [r.lang for r in course.translations.values() if not r.complete]
    counts = {
        "where": where,
        "lessons": tn(len(course.lessons), "{n} lesson", "{n} lessons"),
        "exercises": tn(len(course.exercises), "{n} exercise", "{n} exercises"),
        "warnings": tn(warnings, "{n} warning", "{n} warnings"),
    }
    if errors or (strict and (warnings or incomplete)):
        counts["errors"] = tn(errors, "{n} error", "{n} errors")
        sys.stdout.flush()  # the problems above, before the summary on the other stream
        if strict and not errors:
            why = (
                t(
                    "--strict: warnings fail; incomplete translation: {languages}",
                    languages=", ".join(incomplete),
                )
                if incomplete
                else t("--strict: warnings fail")
            )
            line = t(
                "{where}: {errors}, {warnings} ({why}) ({lessons} and {exercises} loaded)",
                why=why,
                **counts,
            )
        else:
            line = t("{where}: {errors}, {warnings} ({lessons} and {exercises} loaded)", **counts)
        print(line, file=sys.stderr)
        return 1
    if warnings:
        line = t(
            "{where}: valid: {lessons}, {exercises}, every exercise self-tested ({warnings})",
            **counts,
        )
    else:
        line = t("{where}: valid: {lessons}, {exercises}, every exercise self-tested", **counts)
    print(line)
    return 0


def interface_language(args) -> str | None:
    """The language of validate's own words: the global `--lang` (`tooltutor --lang ru
    validate`), else `TOOLTUTOR_LANG`, else the locale; None for English. Not validate's
    own `--lang`, which names the translation to check, not the reader's language."""
    lang = getattr(args, "lang", None)
    return help_language(["--lang", lang] if lang else [])


def write_schemas(course) -> list:
    """Write the course's `schemas/` (the format, and the checks it can use)."""
    # on first use, not at import: tooltutor.course, tooltutor.marking, ... (76 modules)
    from tooltutor.course import Problem
    from tooltutor.marking import CourseChecksError, course_checks
    from tooltutor.scaffold import copy_schemas

    try:
        own = course_checks(course)
    except CourseChecksError:
        own = None  # reported by the self-test
    target = copy_schemas(course.root, own if own is not None else {})
    print(f"wrote the schemas in {target}")
    if own is None:
        return [
            Problem(
                target,
                1,
                1,
                "the schemas know the engine's checks only: the course's checks/ cannot be "
                "imported (see above)",
                "warning",
            )
        ]
    return []


def model_problems(course) -> list:
    """A warning when the course's `model` is not a current Claude model: the lessons show
    it in every example, and a legacy or unknown id teaches requests that may fail."""
    # on first use, not at import: checker.rules, tooltutor.course, ... (102 modules)
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
