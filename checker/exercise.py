"""Mark one answer to an exercise: `mark(exercise, text) -> Verdict`.

`exercise` is a mapping with the exercise file's fields (`kind`, `api`, `criteria`,
`given`, ... see the course format); `text` is the learner's answer as typed. JSON answers
are parsed with positions, judged by the protocol rules of the exercise's API and by each
criterion; every diagnostic carries the line and column in the learner's text. Marking
never raises for any answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.criteria import (
    ChoiceContext,
    JsonContext,
    Outcome,
    parse_choices,
    resolve_given,
)
from checker.diagnostics import Criterion, Diagnostic, Verdict
from checker.i18n import tr


def mark(
    exercise: Mapping[str, Any],
    text: str | bytes,
    *,
    model: str | None = None,
    checks: Mapping[str, Any] | None = None,
) -> Verdict:
    """The verdict on `text` (or the bytes of an answer file) as an answer to `exercise`.

    `checks` holds the course's own checks (`checker.checks.load_folder`), found before the
    engine's.
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            return _unreadable(
                exercise, encoding_diagnostic(text, err), tr("the file is not UTF-8")
            )
        text = text.removeprefix("\ufeff")
    kind = exercise.get("kind", "json")
    if kind == "json":
        return mark_json(exercise, text, model=model, checks=checks)
    if kind == "choice":
        return mark_choice(exercise, text, checks=checks)
    if kind == "python":
        from checker.python_exercise import mark_python

        return mark_python(exercise, text, model=model, checks=checks)
    raise ValueError(f"unknown exercise kind {kind!r}")


def criterion_id(spec: Mapping[str, Any]) -> str:
    return spec.get("id") or spec["check"]


def run_criteria(
    exercise: Mapping[str, Any], ctx: Any, checks: Mapping[str, Any] | None = None
) -> tuple[list[Criterion], list[Diagnostic]]:
    """Run each declared criterion on `ctx`; a criterion's diagnostics take its id as rule."""
    from checker.checks import find

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
            outcome = check.function(ctx, params)
        criteria.append(Criterion(spec["label"], outcome.passed, outcome.message, cid))
        for d in outcome.diagnostics:
            diagnostics.append(d if d.rule else _with_rule(d, cid))
    return criteria, diagnostics


def _with_rule(d: Diagnostic, rule: str) -> Diagnostic:
    return Diagnostic(rule, d.severity, d.path, d.message, d.hint, d.line, d.column)


def mark_json(
    exercise: Mapping[str, Any],
    text: str,
    *,
    model: str | None = None,
    checks: Mapping[str, Any] | None = None,
) -> Verdict:
    from checker.lint import lint_value
    from checker.source import JsonSyntaxError, json_syntax_diagnostic, parse

    try:
        doc = parse(text)
    except JsonSyntaxError as err:
        return _unreadable(
            exercise, json_syntax_diagnostic(err), tr("your answer is not valid JSON yet")
        )
    api = exercise.get("api", "anthropic")

    def lint(value):
        fmt = api if api in ("anthropic", "openai") else "auto"
        return lint_value(value, fmt, bare=isinstance(value, list), model=model, fragment=True)

    ctx = JsonContext(doc.value, exercise.get("given"), api, model, lint)
    criteria, diagnostics = run_criteria(exercise, ctx, checks)
    if api != "none" and ctx.messages is not None:
        protocol = ctx.lint().diagnostics
        covered = {d.path for d in protocol if d.is_error}
        # A criterion's pointer at a place a protocol error already explains adds nothing.
        diagnostics = protocol + [d for d in diagnostics if d.path not in covered]
    return Verdict(
        all(c.passed for c in criteria), criteria, _positioned(_dedupe(diagnostics), doc)
    )


def encoding_diagnostic(raw: bytes, err: UnicodeDecodeError) -> Diagnostic:
    """The `input-encoding` error for bytes that are not UTF-8, at the first bad byte."""
    before = raw[: err.start]
    line = before.count(b"\n") + 1
    column = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
    return Diagnostic(
        "input-encoding",
        "error",
        "",
        tr(
            "the file is not UTF-8 text: byte 0x{byte:02x} cannot be decoded",
            byte=raw[err.start],
        ),
        tr("Save the file as UTF-8 (every modern editor can; look for 'encoding' in its menus)."),
        line,
        column,
    )


def _unreadable(exercise: Mapping[str, Any], diagnostic: Diagnostic, why: str) -> Verdict:
    criteria = [
        Criterion(spec["label"], False, tr("Not checked: {why}.", why=why), criterion_id(spec))
        for spec in exercise.get("criteria", [])
    ]
    return Verdict(False, criteria, [diagnostic])


def _dedupe(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for d in diagnostics:
        key = (d.rule, d.path, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out


def _positioned(diagnostics: list[Diagnostic], doc) -> list[Diagnostic]:
    out = []
    for d in diagnostics:
        if d.line is None:
            line, column = doc.locate(d.path)
            d = Diagnostic(d.rule, d.severity, d.path, d.message, d.hint, line, column)
        out.append(d)
    out.sort(key=lambda d: (d.line or 0, d.column or 0))
    return out


def mark_choice(
    exercise: Mapping[str, Any], text: str, *, checks: Mapping[str, Any] | None = None
) -> Verdict:
    ctx = ChoiceContext(list(exercise.get("choices") or []), parse_choices(text))
    criteria, diagnostics = run_criteria(exercise, ctx, checks)
    return Verdict(all(c.passed for c in criteria), criteria, diagnostics)
