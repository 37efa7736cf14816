"""Running an exercise's criteria on an answer's context, whatever the kind of exercise.

A check that raises, or returns something other than an `Outcome`, is a bug of the check,
never of the answer: its criterion fails, and carries a `CheckFault` (the check, the file
and line where it went wrong, the exception and its traceback) for the author's eyes
(`validate`, `check --debug`, `TOOLTUTOR_DEBUG=1`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from checker.check_registry import Outcome, resolve_given
from checker.criterion_id import criterion_id
from checker.diagnostics import Criterion, Diagnostic, Verdict
from checker.i18n import N_, course_catalog, tr
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: what a learner reads when a check fails on an answer it did not foresee
CANNOT_CHECK = N_(
    "This part of your answer could not be checked: its shape is too far from what the "
    "exercise asks for. Compare it with the shape shown in the task."
)
#: the rule of a diagnostic that says the judging itself failed: the verdict is `error`
MARKING_ERROR = "marking-error"
NOT_JUDGED = N_("Not checked: the marking of this exercise failed (not your answer).")
JUDGE_FAILED = N_(
    "The checker could not judge this answer: {why}. This is not a verdict on your answer, "
    "and it cannot pass until it is judged."
)
#: the learner reads which check failed; the author sees why (`CheckFault`: `validate`,
#: `check --debug`, `TOOLTUTOR_DEBUG=1`), an exception's text being no use to a learner
CHECK_FAILED = N_("the check {check} of this criterion failed")
#: a criterion judged only after others (`after:`): not ticked while one of them is unmet
NOT_YET = N_("Not checked until this is met: {label}")
JUDGE_FAILED_HINT = N_(
    "If the exercise comes with the course, this is a fault of the exercise or of "
    "tooltutor: please report it."
)


def judge_failed(why: str) -> Diagnostic:
    """The diagnostic of a judge that failed (a check, the protocol rules, the scripted
    model's judge): it makes the verdict `error`, never a pass."""
    return Diagnostic(MARKING_ERROR, "error", "", tr(JUDGE_FAILED, why=why), tr(JUDGE_FAILED_HINT))


def judge_failed_verdict(exercise: Mapping[str, Any], why: str, output: str = "") -> Verdict:
    """A verdict of `error`: every criterion unchecked, one diagnostic that says why."""
    criteria = [
        Criterion(spec["label"], False, tr(NOT_JUDGED), criterion_id(spec))
        for spec in exercise.get("criteria", [])
    ]
    return Verdict(False, criteria, [judge_failed(why)], output)


def error_text(exc: BaseException) -> str:
    """`KeyError: 'x'`, bounded, for a message."""
    try:
        text = f"{type(exc).__name__}: {exc}"
    except Exception:  # noqa: BLE001 - an exception whose str() fails still has a type
        text = type(exc).__name__
    return text if len(text) <= 300 else text[:300] + "..."


class CheckFault(NamedTuple):
    """A check's own bug, met while marking: where, what, and the whole traceback."""

    check: str
    #: the file and line of the check's code where it went wrong (the innermost frame in
    #: the check's folder; its definition when it returned a wrong value)
    file: str
    line: int
    #: `KeyError: 'when'`, or what the check returned instead of an `Outcome`
    error: str
    traceback: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "check": self.check,
            "file": self.file,
            "line": self.line,
            "error": self.error,
            "traceback": self.traceback,
        }

    @classmethod
    def from_dict(cls, data: Any) -> CheckFault | None:
        """The fault `to_dict` gave, or None when `data` is not one (from a child)."""
        if not isinstance(data, Mapping):
            return None
        check, file, line = data.get("check"), data.get("file"), data.get("line")
        error, text = data.get("error"), data.get("traceback", "")
        if not (
            all(isinstance(v, str) for v in (check, file, error, text))
            and isinstance(line, int)
            and not isinstance(line, bool)
        ):
            return None
        return cls(check, file, max(line, 1), error, text)

    def headline(self) -> str:
        """`checks/calendar.py:14: check 'names-day' raised KeyError: 'when'`."""
        return f"{_shown(self.file)}:{self.line}: check '{self.check}' {self.error}"


def run_criteria(
    exercise: Mapping[str, Any], ctx: Any, checks: Mapping[str, Any] | None = None
) -> tuple[list[Criterion], list[Diagnostic]]:
    """Run each declared criterion on `ctx`; a criterion's diagnostics take its id as rule."""
    from checker.checks import find  # the lookup imports every check: on first use

    criteria: list[Criterion] = []
    diagnostics: list[Diagnostic] = []
    given = exercise.get("given")
    met: dict[str, Criterion] = {}
    labels = {
        criterion_id(c): c.get("hidden_label") or c["label"] for c in exercise.get("criteria", [])
    }
    for spec in exercise.get("criteria", []):
        cid = criterion_id(spec)
        unmet = [c for c in spec.get("after") or () if c in met and not met[c].passed]
        if unmet:  # judged once the criteria it builds on hold: never a tick before that
            # (a criterion that keeps its label back, no spoilers, is named by its neutral one)
            label = labels[unmet[0]]
            criteria.append(Criterion(spec["label"], False, tr(NOT_YET, label=label), cid))
            met[cid] = criteria[-1]
            continue
        check = find(spec["check"], checks)
        fault = None
        if check is None:
            outcome = Outcome(
                False,
                tr("this exercise names an unknown check {check}", check=repr(spec["check"])),
            )
        else:
            outcome, fault = _run_one(check, ctx, spec.get("params") or {}, given)
            if outcome is None:  # the check broke: the verdict is `error`, never a pass
                why = tr(CHECK_FAILED, check=repr(spec["check"]))
                criteria.append(Criterion(spec["label"], False, tr(NOT_JUDGED), cid, fault))
                met[cid] = criteria[-1]
                diagnostics.append(judge_failed(why))
                continue
        criteria.append(Criterion(spec["label"], outcome.passed, outcome.message, cid, fault))
        met[cid] = criteria[-1]
        for d in outcome.diagnostics:
            diagnostics.append(d if d.rule else _with_rule(d, cid))
    return criteria, diagnostics


def _run_one(
    check: Any, ctx: Any, raw: Any, given: Any
) -> tuple[Outcome | None, CheckFault | None]:
    """The check's outcome and no fault; no outcome and its fault when the check itself
    broke (it raised, returned something else than an `Outcome`, or its params name a part
    of `given` that is not there); its outcome and the fault when `safe` caught an
    exception inside it (an answer shape it did not foresee: the author sees the fault)."""
    try:
        params = resolve_given(raw, given)
    except KeyError as exc:
        file, line = check.origin
        what = f"got params naming nothing in `given`: {exc}"
        return None, CheckFault(check.name, file, line, what)
    return call_check(check, ctx, params)


def call_check(check: Any, ctx: Any, params: Any) -> tuple[Outcome | None, CheckFault | None]:
    """`check` run on `ctx` with its params resolved, as `_run_one` says (the course
    checks' child calls this too: the same faults, wherever the check runs)."""
    try:
        with course_catalog(check.catalog):
            outcome = check.function(ctx, params)
        if not isinstance(outcome, Outcome) or not all(
            isinstance(d, Diagnostic) for d in outcome.diagnostics
        ):
            return None, _returned_fault(check, outcome)
        raised = getattr(outcome, "raised", None)  # caught inside the check by `safe`
        if isinstance(raised, BaseException):
            return outcome, raised_fault(check, raised)
    except Exception as exc:  # noqa: BLE001 - a judge that fails is an `error`, not a pass
        return None, raised_fault(check, exc)
    return outcome, None


def raised_fault(check: Any, exc: BaseException) -> CheckFault:
    carried = getattr(exc, "fault", False)  # found where the check ran (its child)
    if isinstance(carried, CheckFault):
        return carried
    if carried is None:  # the check's child failed (stopped answering, ran out of time)
        file, line = check.origin
        return CheckFault(check.name, file, line, f"failed: {exc}")
    # on first use, not at import: traceback, textwrap (2 modules)
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)[1:]  # from the check's own call on
    file, line = check.origin
    folder = os.path.dirname(file)
    own = [f for f in frames if os.path.dirname(f.filename) == folder]
    if own or frames:
        file, line = (own or frames)[-1].filename, (own or frames)[-1].lineno or line
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return CheckFault(check.name, file, line, f"raised {type(exc).__name__}: {exc}", text)


def _returned_fault(check: Any, outcome: Any) -> CheckFault:
    file, line = check.origin
    if isinstance(outcome, Outcome):
        bad = next(d for d in outcome.diagnostics if not isinstance(d, Diagnostic))
        what = f"put {type(bad).__name__} {bad!r:.80} in `diagnostics`: use diag(path, message)"
    else:
        what = (
            f"returned {type(outcome).__name__} {outcome!r:.80}, not an Outcome: "
            "return Outcome(True) or Outcome(False, message)"
        )
    return CheckFault(check.name, file, line, what)


def _shown(path: str) -> str:
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def _with_rule(d: Diagnostic, rule: str) -> Diagnostic:
    return Diagnostic(rule, d.severity, d.path, d.message, d.hint, d.line, d.column)
