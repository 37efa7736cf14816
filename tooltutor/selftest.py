"""The instructor's self-test: the solution and every right answer pass, every known-wrong
answer fails as declared.

Also: every starter fails (a learner must have something to do), every criterion names a
check the checker (or the course's own `checks/`) knows for the exercise's kind, with
`params` that fit the check's declared schema, and every id in `fails` is a criterion of
the exercise or a rule id of the checker.
"""

from __future__ import annotations

import difflib
import os

from tooltutor.course import Course, Exercise, Problem


def self_test(course: Course) -> list[Problem]:
    """Problems found by marking each exercise's solution, starter, right and wrong answers."""
    from tooltutor.marking import CourseChecksError, checks_folder, course_checks

    try:
        own = course_checks(course)
    except CourseChecksError as exc:
        return [
            Problem(checks_folder(course), 1, 1, f"the course's checks cannot be loaded: {exc}")
        ]
    exercises = list(course.exercises.values())
    workers = min(len(exercises), 2 * (os.cpu_count() or 1), 4)
    if workers <= 1:
        return [p for e in exercises for p in check_exercise(e, course.model, own)]
    # A Python exercise's answers each run in a sandboxed process and wait on it: marking
    # exercises side by side keeps every core busy (problems stay in course order).
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=workers) as pool:
        found = pool.map(lambda e: check_exercise(e, course.model, own), exercises)
        return [p for problems in found for p in problems]


def _problem(exercise: Exercise, pointer: str, message: str) -> Problem:
    pos = exercise.position(pointer)
    return Problem(exercise.path, pos.line, pos.column, message)


def check_exercise(exercise: Exercise, model: str, own: dict | None = None) -> list[Problem]:
    from checker.checks import find
    from checker.criteria import CHECKS, resolve_given
    from checker.criterion_id import criterion_id
    from checker.exercise import mark
    from checker.rules import RULE_IDS

    problems = []
    criterion_ids = set()
    for i, spec in enumerate(exercise.criteria):
        criterion_ids.add(criterion_id(spec))
        known = find(spec["check"], own)
        if known is None:
            available = {**CHECKS, **(own or {})}
            names = sorted(n for n, c in available.items() if exercise.kind in c.kinds)
            close = difflib.get_close_matches(spec["check"], names, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            problems.append(
                _problem(
                    exercise,
                    f"/criteria/{i}/check",
                    f"unknown check '{spec['check']}' ({hint}checks for {exercise.kind} "
                    f"exercises: {', '.join(names)})",
                )
            )
        elif exercise.kind not in known.kinds:
            problems.append(
                _problem(
                    exercise,
                    f"/criteria/{i}/check",
                    f"check '{spec['check']}' marks {'/'.join(known.kinds)} exercises, "
                    f"not {exercise.kind} ones",
                )
            )
        elif known.params is not None:
            params = resolve_given(spec.get("params") or {}, exercise.given)
            problems += _params_problems(exercise, i, known, params)
    if problems:
        return problems

    spec = exercise.spec()
    verdict = mark(spec, exercise.solution, model=model, checks=own)
    if not verdict.passed:
        failing = [c.label for c in verdict.criteria if not c.passed]
        detail = "; ".join(failing) or verdict.diagnostics[0].message
        problems.append(
            _problem(exercise, "/solution", f"the reference solution does not pass: {detail}")
        )
    for i, right in enumerate(exercise.right_answers):
        verdict = mark(spec, right["answer"], model=model, checks=own)
        if not verdict.passed:
            failing = [c.label for c in verdict.criteria if not c.passed]
            detail = "; ".join(failing) or verdict.diagnostics[0].message
            problems.append(
                _problem(
                    exercise,
                    f"/right_answers/{i}/answer",
                    f"this right answer does not pass: {detail}",
                )
            )
    if exercise.starter.strip() and mark(spec, exercise.starter, model=model, checks=own).passed:
        problems.append(
            _problem(
                exercise, "/starter", "the starter already passes: the learner has nothing to do"
            )
        )
    for i, wrong in enumerate(exercise.wrong_answers):
        verdict = mark(spec, wrong["answer"], model=model, checks=own)
        if verdict.passed:
            problems.append(
                _problem(
                    exercise,
                    f"/wrong_answers/{i}/answer",
                    "this known-wrong answer passes: a criterion is missing or too lenient",
                )
            )
            continue
        failed = {c.id for c in verdict.criteria if not c.passed}
        failed |= {d.rule for d in verdict.diagnostics if d.severity == "error"}
        for j, name in enumerate(wrong["fails"]):
            if name not in criterion_ids and name not in RULE_IDS:
                problems.append(
                    _problem(
                        exercise,
                        f"/wrong_answers/{i}/fails/{j}",
                        f"'{name}' is neither a criterion id of this exercise nor a checker "
                        "rule id",
                    )
                )
            elif name not in failed:
                problems.append(
                    _problem(
                        exercise,
                        f"/wrong_answers/{i}/fails/{j}",
                        f"this wrong answer should fail '{name}' but does not; it fails: "
                        f"{', '.join(sorted(failed))}",
                    )
                )
    return problems


def _params_problems(exercise: Exercise, i: int, check, params) -> list[Problem]:
    """Each way a criterion's `params` break the check's schema, where it stands."""
    from jsonschema import Draft202012Validator

    from checker.schema_errors import check_params_error

    base = f"/criteria/{i}/params"
    errors = sorted(
        Draft202012Validator(check.params).iter_errors(params), key=lambda e: list(e.path)
    )
    return [
        _problem(exercise, base + where, message)
        for error in errors
        for where, message in check_params_error(check.name, error)
    ]
