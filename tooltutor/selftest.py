"""The instructor's self-test: the solution and every right answer pass, every known-wrong
answer fails as declared.

Also: every starter fails (a learner must have something to do), every criterion names a
check the checker (or the course's own `checks/`) knows for the exercise's kind, with
`params` that fit the check's declared schema and `$given/...` references that name a
part of `given`, and every id in `fails` is a criterion of the exercise or a rule id of
the checker.

An answer not marked as declared is reported with what `check` would print for it
(`tooltutor.selftest_report`); a check that raised while marking it is reported at the
check's own file and line, with its traceback: a bug of the check, not of the answer.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from tooltutor.course import Course, Exercise, Problem


def self_test(course: Course, *, verbose: bool = False) -> list[Problem]:
    """Problems found by marking each exercise's solution, starter, right and wrong answers."""
    # on first use, not at import: tooltutor.marking, checker.answer_context, ... (33 modules)
    from tooltutor.marking import CourseChecksError, checks_folder, course_checks

    try:
        own = course_checks(course)
    except CourseChecksError as exc:
        return [checks_problem(checks_folder(course), exc)]
    problems = declaration_problems(own)
    exercises = list(course.exercises.values())
    workers = min(len(exercises), 2 * (os.cpu_count() or 1), 4)

    def one(exercise: Exercise) -> list[Problem]:
        return check_exercise(exercise, course.model, own, verbose=verbose)

    if workers <= 1:
        found = [one(e) for e in exercises]
    else:
        # A Python exercise's answers each run in a sandboxed process and wait on it:
        # marking exercises side by side keeps every core busy (problems stay in order).
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=workers) as pool:
            found = list(pool.map(one, exercises))
    return problems + _once([p for problems in found for p in problems])


def checks_problem(folder: Path, exc: Exception) -> Problem:
    """The course's `checks/` could not be imported: at the file and line that failed, with
    what to do and the course's part of the traceback."""
    told = getattr(exc, "problem", None)  # said by the checks' child, where they ran
    if told is not None:
        path, line, column, message, details = told
        return Problem(Path(path), line, column, message, details=details)
    cause = exc.__cause__ or exc.__context__
    if cause is None:
        return Problem(folder, 1, 1, f"the course's checks cannot be loaded: {exc}")
    # on first use, not at import: checker.checks_import, textwrap, traceback (4 modules)
    from checker.checks_import import import_problem

    path, line, column, message, details = import_problem(cause, folder)
    return Problem(path, line, column, message, details=details)


def declaration_problems(own: dict | None) -> list[Problem]:
    """Mistakes in how the course's checks are declared that importing them cannot show:
    a `params` that is no JSON Schema, a check that takes the place of an engine check."""
    # on first use, not at import: checker.criteria, checker.answer_context, ... (23 modules)
    from checker.criteria import CHECKS

    problems = []
    for name, spec in sorted((own or {}).items()):
        file, line = spec.origin
        if spec.params is not None:
            # on first use, not at import: jsonschema, attr, attrs, idna, ... (92 modules)
            from jsonschema import Draft202012Validator
            from jsonschema.exceptions import SchemaError

            try:
                Draft202012Validator.check_schema(spec.params)
            except SchemaError as exc:
                where = "/".join(str(p) for p in exc.absolute_path) or "the top"
                problems.append(
                    Problem(
                        Path(file),
                        line,
                        1,
                        f"check '{name}': its params= is not a valid JSON Schema (at {where}: "
                        f"{exc.message})",
                    )
                )
        if name in CHECKS:
            problems.append(
                Problem(
                    Path(file),
                    line,
                    1,
                    f"check '{name}' takes the place of the engine's check of the same name in "
                    "this course: rename it unless that is what you mean",
                    "warning",
                )
            )
    return problems


def _once(problems: list[Problem]) -> list[Problem]:
    """The problems, a check's bug met by several answers reported once."""
    seen, out = set(), []
    for p in problems:
        key = (p.path, p.line, p.column, p.message)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _problem(exercise: Exercise, pointer: str, message: str, details=()) -> Problem:
    pos = exercise.position(pointer)
    return Problem(exercise.path, pos.line, pos.column, message, details=tuple(details))


def check_exercise(
    exercise: Exercise, model: str, own: dict | None = None, *, verbose: bool = False
) -> list[Problem]:
    # on first use, not at import: tooltutor.selftest_python (1 module)
    from tooltutor.selftest_python import python_problems

    problems = criteria_problems(exercise, own) + fails_problems(exercise)
    problems += python_problems(exercise)
    if any(p.severity == "error" for p in problems):
        return problems
    warnings = problems
    return warnings + _Marking(exercise, model, own, verbose).run()


def criteria_problems(exercise: Exercise, own: dict | None) -> list[Problem]:
    """Each criterion names a check of the exercise's kind, with params that fit it."""
    # on first use, not at import: checker.checks, checker.criteria, ... (27 modules)
    from checker.checks import find
    from checker.criteria import CHECKS

    problems = []
    for i, spec in enumerate(exercise.criteria):
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
        else:
            missing = _given_problems(exercise, i, spec.get("params") or {})
            problems += missing
            if known.params is not None and not missing:
                problems += _params_problems(exercise, i, known, spec.get("params") or {})
    return problems


def fails_problems(exercise: Exercise) -> list[Problem]:
    """Each id in a wrong answer's `fails`, and in a criterion's `also_hides`, is a
    criterion of the exercise or a rule id."""
    # on first use, not at import: checker.criterion_id, checker.rules, ... (101 modules)
    from checker.criterion_id import criterion_id
    from checker.rules import RULE_IDS

    ids = [criterion_id(spec) for spec in exercise.criteria]
    problems = []
    for i, wrong in enumerate(exercise.wrong_answers):
        for j, name in enumerate(wrong["fails"]):
            if name in ids or name in RULE_IDS:
                continue
            close = difflib.get_close_matches(name, ids, n=1) or difflib.get_close_matches(
                name, sorted(RULE_IDS), n=1
            )
            hint = f"did you mean '{close[0]}'? " if close else ""
            problems.append(
                _problem(
                    exercise,
                    f"/wrong_answers/{i}/fails/{j}",
                    f"'{name}' is neither a criterion id of this exercise nor a checker rule "
                    f"id ({hint}this exercise's criteria: {', '.join(ids)})",
                )
            )
    for i, spec in enumerate(exercise.criteria):
        for j, name in enumerate(spec.get("also_hides") or []):
            if name in ids or name in RULE_IDS:
                continue
            close = difflib.get_close_matches(name, ids, n=1) or difflib.get_close_matches(
                name, sorted(RULE_IDS), n=1
            )
            hint = f"did you mean '{close[0]}'? " if close else ""
            problems.append(
                _problem(
                    exercise,
                    f"/criteria/{i}/also_hides/{j}",
                    f"'{name}' is neither a criterion id of this exercise nor a checker rule "
                    f"id, so it hides nothing ({hint}this exercise's criteria: {', '.join(ids)})",
                )
            )
    return problems


class _Marking:
    """Marking each answer of one exercise, and saying why one is not marked as declared."""

    def __init__(self, exercise: Exercise, model: str, own: dict | None, verbose: bool):
        self.exercise, self.model, self.own, self.verbose = exercise, model, own, verbose
        self.spec = exercise.spec()
        self.problems: list[Problem] = []
        self.faults: set[tuple] = set()

    def mark(self, answer: str, what: str):
        # on first use, not at import: checker.exercise, checker.answer_context, ... (19 modules)
        from checker.exercise import mark

        verdict = mark(self.spec, answer, model=self.model, checks=self.own)
        for criterion in verdict.criteria:
            fault = criterion.fault
            if fault is not None and (fault.file, fault.line, fault.error) not in self.faults:
                self.faults.add((fault.file, fault.line, fault.error))
                self.problems.append(_fault_problem(fault, self.exercise, what))
        return verdict

    def why(self, pointer: str, answer: str, verdict) -> list[str]:
        # on first use, not at import: tooltutor.selftest_report, textwrap (2 modules)
        from tooltutor.selftest_report import why_lines

        return why_lines(self.exercise, pointer, answer, verdict, verbose=self.verbose)

    def run(self) -> list[Problem]:
        exercise = self.exercise
        verdict = self.mark(exercise.solution, "the reference solution")
        if not verdict.passed:
            self.problems.append(
                _problem(
                    exercise,
                    "/solution",
                    f"the reference solution does not pass: {_failing(verdict)}",
                    self.why("/solution", exercise.solution, verdict),
                )
            )
        elif self.verbose:
            self.problems.append(self._note("/solution", "the reference solution", verdict))
        for i, right in enumerate(exercise.right_answers):
            pointer = f"/right_answers/{i}/answer"
            verdict = self.mark(right["answer"], f"right answer {i + 1}")
            if not verdict.passed:
                self.problems.append(
                    _problem(
                        exercise,
                        pointer,
                        f"this right answer does not pass: {_failing(verdict)}",
                        self.why(pointer, right["answer"], verdict),
                    )
                )
            elif self.verbose:
                self.problems.append(self._note(pointer, f"right answer {i + 1}", verdict))
        if exercise.starter.strip():
            verdict = self.mark(exercise.starter, "the starter")
            if verdict.passed:
                self.problems.append(
                    _problem(
                        exercise,
                        "/starter",
                        "the starter already passes: the learner has nothing to do; make it "
                        "fail at least one criterion",
                    )
                )
        for i, wrong in enumerate(exercise.wrong_answers):
            self._wrong(i, wrong)
        return self.problems

    def _wrong(self, i: int, wrong: dict) -> None:
        exercise = self.exercise
        pointer = f"/wrong_answers/{i}/answer"
        verdict = self.mark(wrong["answer"], f"wrong answer {i + 1}")
        declared = ", ".join(wrong["fails"])
        if verdict.passed:
            self.problems.append(
                _problem(
                    exercise,
                    pointer,
                    f"this known-wrong answer passes every criterion, though it should fail "
                    f"{declared}: a criterion is missing or too lenient",
                    self.why(pointer, wrong["answer"], verdict) if self.verbose else (),
                )
            )
            return
        failed = {c.id for c in verdict.criteria if not c.passed}
        failed |= {d.rule for d in verdict.diagnostics if d.severity == "error"}
        for j, name in enumerate(wrong["fails"]):
            if name not in failed:
                self.problems.append(
                    _problem(
                        exercise,
                        f"/wrong_answers/{i}/fails/{j}",
                        f"this wrong answer should fail '{name}' but does not; it fails: "
                        f"{', '.join(sorted(failed))} (remove '{name}' from `fails`, or make "
                        "its criterion stricter)",
                        self.why(pointer, wrong["answer"], verdict),
                    )
                )
        if self.verbose:
            self.problems.append(self._note(pointer, f"wrong answer {i + 1}", verdict))

    def _note(self, pointer: str, what: str, verdict) -> Problem:
        # on first use, not at import: tooltutor.verdict_text, textwrap (2 modules)
        from tooltutor.verdict_text import result_line

        return Problem(
            self.exercise.path,
            self.exercise.position(pointer).line,
            self.exercise.position(pointer).column,
            f"{what}: {result_line(verdict)}",
            "note",
            tuple(self.why(pointer, "", verdict)),
        )


def _failing(verdict) -> str:
    failing = [c for c in verdict.criteria if not c.passed]
    if not failing:
        return verdict.diagnostics[0].message if verdict.diagnostics else "?"
    labels = "; ".join(c.label for c in failing)
    return f"{len(failing)} of {len(verdict.criteria)} criteria fail ({labels})"


def _fault_problem(fault, exercise: Exercise, what: str) -> Problem:
    # on first use, not at import: tooltutor.selftest_report, textwrap (2 modules)
    from tooltutor.selftest_report import fault_lines

    return Problem(
        Path(fault.file),
        fault.line,
        1,
        f"check '{fault.check}' {fault.error} (marking {what} of exercise '{exercise.id}'): "
        "a bug of the check, not of the answer; learners would see this exercise's marking "
        "fail",
        details=tuple(fault_lines(fault)),
    )


def _given_problems(exercise: Exercise, i: int, params) -> list[Problem]:
    """A `$given/...` reference in the params that names no part of `given`."""
    # on first use, not at import: checker.jsonpointer (2 modules)
    from checker.jsonpointer import resolve

    problems = []
    for pointer, text in _strings(params, ""):
        if not text.startswith("$given"):
            continue
        reference = text[len("$given") :]
        if reference and not reference.startswith("/"):
            message = f"'{text}' is not a reference: write $given/PART (a JSON pointer)"
        else:
            try:
                resolve(exercise.given, reference)
                continue
            except KeyError:
                message = _missing_reference(exercise.given, text)
        problems.append(_problem(exercise, f"/criteria/{i}/params{pointer}", message))
    return problems


def _missing_reference(given, text: str) -> str:
    # on first use, not at import: checker.jsonpointer (2 modules)
    from checker.jsonpointer import resolve, split

    tokens = split(text[len("$given") :])
    found, prefix = given, ""
    for token in tokens:
        keys = list(found) if isinstance(found, dict) else []
        try:
            found = resolve(found, "/" + token.replace("~", "~0").replace("/", "~1"))
        except KeyError:
            close = difflib.get_close_matches(token, keys, n=1)
            hint = f" (did you mean '$given{prefix}/{close[0]}'?)" if close else ""
            if given is None:
                return f"'{text}' names a part of `given`, but this exercise has no `given`"
            listed = ", ".join(keys) if keys else "no keys"
            return (
                f"'{text}' names nothing in `given`: '{token}' is not in "
                f"{('$given' + prefix) if prefix else '`given`'} ({listed}){hint}"
            )
        prefix += "/" + token
    return f"'{text}' names nothing in `given`"


def _strings(value, pointer: str):
    if isinstance(value, str):
        yield pointer, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, f"{pointer}/{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{pointer}/{index}")


def _params_problems(exercise: Exercise, i: int, check, raw) -> list[Problem]:
    """Each way a criterion's `params` break the check's schema, where it stands."""
    # on first use, not at import: jsonschema, attr, attrs, idna, ... (92 modules)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    # on first use, not at import: checker.criteria, checker.schema_errors, ... (24 modules)
    from checker.criteria import resolve_given
    from checker.schema_errors import check_params_error

    params = resolve_given(raw, exercise.given)
    base = f"/criteria/{i}/params"
    try:
        Draft202012Validator.check_schema(check.params)
        errors = sorted(
            Draft202012Validator(check.params).iter_errors(params), key=lambda e: list(e.path)
        )
    except (SchemaError, TypeError, ValueError):
        return []  # the check's own declaration: reported at its file (declaration_problems)
    return [
        _problem(exercise, base + where, message)
        for error in errors
        for where, message in check_params_error(check.name, error, check.params)
    ]
