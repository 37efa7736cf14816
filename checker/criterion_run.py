"""Running an exercise's criteria on an answer's context, whatever the kind of exercise."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.check_registry import Outcome, resolve_given
from checker.criterion_id import criterion_id
from checker.diagnostics import Criterion, Diagnostic, Verdict
from checker.i18n import N_, tr

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
CHECK_FAILED = N_("the check {check} of this criterion failed ({error})")
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


def run_criteria(
    exercise: Mapping[str, Any], ctx: Any, checks: Mapping[str, Any] | None = None
) -> tuple[list[Criterion], list[Diagnostic]]:
    """Run each declared criterion on `ctx`; a criterion's diagnostics take its id as rule."""
    from checker.checks import find  # the lookup imports every check: on first use

    criteria: list[Criterion] = []
    diagnostics: list[Diagnostic] = []
    given = exercise.get("given")
    for spec in exercise.get("criteria", []):
        cid = criterion_id(spec)
        check = find(spec["check"], checks)
        if check is None:
            outcome = Outcome(
                False,
                tr("this exercise names an unknown check {check}", check=repr(spec["check"])),
            )
        else:
            params = resolve_given(spec.get("params") or {}, given)
            try:
                outcome = check.function(ctx, params)
                if not isinstance(outcome, Outcome):
                    raise TypeError(f"the check returned {type(outcome).__name__}, not Outcome")
            except Exception as exc:  # noqa: BLE001 - a judge that fails is an `error`, not a pass
                why = tr(CHECK_FAILED, check=repr(spec["check"]), error=error_text(exc))
                criteria.append(Criterion(spec["label"], False, tr(NOT_JUDGED), cid))
                diagnostics.append(judge_failed(why))
                continue
        criteria.append(Criterion(spec["label"], outcome.passed, outcome.message, cid))
        for d in outcome.diagnostics:
            diagnostics.append(d if d.rule else _with_rule(d, cid))
    return criteria, diagnostics


def _with_rule(d: Diagnostic, rule: str) -> Diagnostic:
    return Diagnostic(rule, d.severity, d.path, d.message, d.hint, d.line, d.column)
