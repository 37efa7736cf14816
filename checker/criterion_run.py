"""Running an exercise's criteria on an answer's context, whatever the kind of exercise."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.check_registry import Outcome, resolve_given
from checker.criterion_id import criterion_id
from checker.diagnostics import Criterion, Diagnostic
from checker.i18n import N_, tr

#: what a learner reads when a check fails on an answer it did not foresee
CANNOT_CHECK = N_(
    "This part of your answer could not be checked: its shape is too far from what the "
    "exercise asks for. Compare it with the shape shown in the task."
)


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
            except Exception:  # noqa: BLE001 - an answer must never crash the marking
                outcome = Outcome(False, tr(CANNOT_CHECK))
        criteria.append(Criterion(spec["label"], outcome.passed, outcome.message, cid))
        for d in outcome.diagnostics:
            diagnostics.append(d if d.rule else _with_rule(d, cid))
    return criteria, diagnostics


def _with_rule(d: Diagnostic, rule: str) -> Diagnostic:
    return Diagnostic(rule, d.severity, d.path, d.message, d.hint, d.line, d.column)
