"""`tooltutor check --solution EXERCISE`: the reference solution marked as a learner's
answer, for the course's author. Nothing is recorded; diagnostics point into the exercise
file (at the solution's lines) where the solution is a literal block."""

from __future__ import annotations

import json


def check_solution(args) -> int:
    from tooltutor.commands._common import find_exercise
    from tooltutor.commands.check import _load_with, say_if_not_contained, show_faults
    from tooltutor.errors import UserError
    from tooltutor.i18n import t
    from tooltutor.marking import mark_answer
    from tooltutor.trust import ensure_trusted

    if not args.exercise or args.file:
        raise UserError(
            t("name the exercise whose solution to mark: tooltutor check --solution EXERCISE")
        )
    course = _load_with(args, args.exercise)
    exercise = find_exercise(course, args.exercise, args)
    ensure_trusted(course, assume=getattr(args, "trust", False))
    if exercise.kind == "python":
        say_if_not_contained()
    verdict = mark_answer(course, exercise, exercise.solution)
    show_faults(args, verdict)
    if args.json:
        from checker.results import results_document

        print(json.dumps(results_document(verdict, exercise), indent=2, ensure_ascii=False))
        return 0 if verdict.passed else 1
    from tooltutor.verdict_text import format_verdict

    text, shown, placed = _in_file(exercise, verdict)
    print(format_verdict(exercise, placed, text, shown), end="")
    return 0 if verdict.passed else 1


def _in_file(exercise, verdict):
    """(text, file name, verdict) to print: the exercise file with the diagnostics moved to
    the solution's place in it when they all can be; else the solution alone."""
    from pathlib import Path

    from tooltutor.course import display_path
    from tooltutor.selftest_report import answer_places

    place = answer_places(exercise, "/solution")
    moved = []
    for d in verdict.diagnostics:
        if d.line is None:
            moved.append(d)
            continue
        at = place(d.line, d.column or 1)
        if at is None:
            return exercise.solution, f"{display_path(exercise.path)} (solution)", verdict
        moved.append(d._replace(line=at[0], column=at[1]))
    text = Path(exercise.path).read_text(encoding="utf-8")
    return text, display_path(exercise.path), verdict._replace(diagnostics=moved)
