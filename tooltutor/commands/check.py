"""`tooltutor check EXERCISE FILE [--json] [--no-record]`: mark an answer, as the TUI does."""

from __future__ import annotations

import json


def add_parser(parser) -> None:
    parser.add_argument("exercise", metavar="EXERCISE", help="exercise id (see 'tooltutor list')")
    parser.add_argument("file", metavar="FILE", help="your answer file, or - for standard input")
    parser.add_argument(
        "--json", action="store_true", help="print Exercism results.json v3 plus diagnostics"
    )
    parser.add_argument(
        "--no-record", action="store_true", help="do not record this attempt in your progress"
    )
    parser.set_defaults(run=run)


def say_if_not_contained() -> None:
    """One line on standard error when learner code runs without an OS sandbox here."""
    import sys

    from checker.sandbox.contain import note

    text = note()
    if text:
        print(f"tooltutor: {text}", file=sys.stderr)


def run(args) -> int:
    from tooltutor.commands._common import find_exercise, load_course_or_fail
    from tooltutor.marking import has_own_checks, mark_answer
    from tooltutor.submission import read_answer

    course = load_course_or_fail(args, only_exercise=args.exercise)
    exercise = find_exercise(course, args.exercise)
    raw = read_answer(args.file)
    if exercise.kind == "python" or has_own_checks(course):
        from tooltutor.trust import ensure_trusted

        ensure_trusted(course, assume=getattr(args, "trust", False), exercise=exercise)
    if exercise.kind == "python":
        say_if_not_contained()
    verdict = mark_answer(course, exercise, raw)
    notice = None
    if not args.no_record:
        from tooltutor.progress import open_store

        store = open_store(course=course)  # keyed by the course's folder too
        store.record_attempt(
            course.id,
            exercise.id,
            passed=verdict.passed,
            criteria_passed=sum(c.passed for c in verdict.criteria),
            criteria_total=len(verdict.criteria),
            submission=raw.decode("utf-8", errors="replace"),
            lesson_id=exercise.lesson,
        )
        notice = store.notice
    if args.json:
        print(json.dumps(verdict.to_dict(), indent=2, ensure_ascii=False))
    else:
        from tooltutor.verdict_text import format_verdict

        name = "<stdin>" if args.file == "-" else args.file
        text = raw.decode("utf-8", errors="replace")
        print(format_verdict(exercise, verdict, text, name), end="")
        if notice:
            from tooltutor.i18n import t

            print(t("note: {notice}", notice=notice))
    return 0 if verdict.passed else 1
