"""The instructor's self-test: every solution passes, every known-wrong answer fails as declared.

Also: every starter fails (a learner must have something to do), every criterion names a
check the checker knows for the exercise's kind, and every id in `fails` is a criterion of
the exercise or a rule id of the checker.
"""

from __future__ import annotations

from tooltutor.course import Course, Exercise, Problem


def self_test(course: Course) -> list[Problem]:
    """Problems found by marking each exercise's solution, starter and wrong answers."""
    problems: list[Problem] = []
    for exercise in course.exercises.values():
        problems += check_exercise(exercise, course.model)
    return problems


def _problem(exercise: Exercise, pointer: str, message: str) -> Problem:
    pos = exercise.position(pointer)
    return Problem(exercise.path, pos.line, pos.column, message)


def check_exercise(exercise: Exercise, model: str) -> list[Problem]:
    from checker.criteria import CHECKS
    from checker.exercise import mark
    from checker.rules import RULE_IDS

    problems = []
    criterion_ids = set()
    for i, spec in enumerate(exercise.criteria):
        criterion_ids.add(spec.get("id") or spec["check"])
        known = CHECKS.get(spec["check"])
        if known is None:
            names = ", ".join(sorted(n for n, c in CHECKS.items() if exercise.kind in c.kinds))
            problems.append(
                _problem(
                    exercise,
                    f"/criteria/{i}/check",
                    f"unknown check '{spec['check']}' (checks for {exercise.kind} exercises: "
                    f"{names})",
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
    if problems:
        return problems

    spec = exercise.spec()
    verdict = mark(spec, exercise.solution, model=model)
    if not verdict.passed:
        failing = [c.label for c in verdict.criteria if not c.passed]
        detail = "; ".join(failing) or verdict.diagnostics[0].message
        problems.append(
            _problem(exercise, "/solution", f"the reference solution does not pass: {detail}")
        )
    if exercise.starter.strip() and mark(spec, exercise.starter, model=model).passed:
        problems.append(
            _problem(
                exercise, "/starter", "the starter already passes: the learner has nothing to do"
            )
        )
    for i, wrong in enumerate(exercise.wrong_answers):
        verdict = mark(spec, wrong["answer"], model=model)
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
