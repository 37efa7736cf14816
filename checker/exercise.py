"""Mark one answer to an exercise: `mark(exercise, text) -> Verdict`.

`exercise` is a mapping with the exercise file's fields (`kind`, `api`, `criteria`,
`given`, ... see the course format); `text` is the learner's answer as typed. JSON answers
are parsed with positions, judged by the protocol rules of the exercise's API and by each
criterion; every diagnostic carries the line and column in the learner's text. Marking
never raises for any answer.
"""

from __future__ import annotations

from collections.abc import Mapping

from checker.answer_context import ChoiceContext, JsonContext, parse_choices
from checker.criterion_id import criterion_id
from checker.criterion_run import CANNOT_CHECK, error_text, judge_failed_verdict, run_criteria
from checker.diagnostics import Criterion, Diagnostic, Verdict, code, item_of, split_pointer
from checker.i18n import tr
from checker.text_decoding import NotUtf8Error, decode_utf8, encoding_diagnostic

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["CANNOT_CHECK", "criterion_id", "fold", "mark", "run_criteria"]


def mark(
    exercise: Mapping[str, Any],
    text: str | bytes,
    *,
    model: str | None = None,
    checks: Mapping[str, Any] | None = None,
    filename: str | None = None,
) -> Verdict:
    """The verdict on `text` (or the bytes of an answer file) as an answer to `exercise`.

    `checks` holds the course's own checks (`checker.checks.load_folder`), found before the
    engine's. `filename` is the name of the learner's file, which a Python exercise's
    messages name (default `solution.py`).
    """
    if isinstance(text, bytes):
        try:
            text = decode_utf8(text)
        except NotUtf8Error as problem:
            return _unreadable(exercise, encoding_diagnostic(problem), tr("the file is not UTF-8"))
    kind = exercise.get("kind", "json")
    marker = MARKERS.get(kind)
    if marker is None:
        raise ValueError(f"unknown exercise kind {kind!r}")
    try:
        return marker(exercise, text, model=model, checks=checks, filename=filename)
    except Exception as exc:  # noqa: BLE001 - a judge that fails makes an `error`, never a pass
        return judge_failed_verdict(exercise, error_text(exc))


def mark_json(
    exercise: Mapping[str, Any],
    text: str,
    *,
    model: str | None = None,
    checks: Mapping[str, Any] | None = None,
) -> Verdict:
    # on first use, not at import: checker.source, bisect (3 modules)
    from checker.source import JsonSyntaxError, json_syntax_diagnostic, parse

    try:
        doc = parse(text)
    except JsonSyntaxError as err:
        return _unreadable(
            exercise, json_syntax_diagnostic(err), tr("your answer is not valid JSON yet")
        )
    api = exercise.get("api", "anthropic")
    ctx = JsonContext(doc.value, exercise.get("given"), api, model, answer_linter(api, model))
    criteria, diagnostics = run_criteria(exercise, ctx, checks)
    protocol: list[Diagnostic] = []
    if api != "none" and ctx.messages is not None:
        protocol = ctx.lint().diagnostics
    # The protocol's diagnostics come first: a request the API refuses is the first cause.
    diagnostics = fold(
        protocol + _dedupe(diagnostics), doc.value, foldable={c.id for c in criteria}
    )
    return Verdict(all(c.passed for c in criteria), criteria, _positioned(diagnostics, doc))


def answer_linter(api: str, model: str | None):
    """The protocol rules a JSON answer to an exercise of `api` is judged by (`ctx.lint`)."""

    def lint(value):
        # on first use, not at import: checker.lint, checker.detect, checker.source, ... (6 modules)
        from checker.lint import lint_value

        fmt = api if api in ("anthropic", "openai", "responses") else "auto"
        # A whole body names its own model: the request is judged for that one. The
        # course's model is a Claude model: it says nothing of a request to OpenAI.
        own = isinstance(value, dict) and isinstance(value.get("model"), str)
        model_ = None if own or api in ("openai", "responses") else model
        return lint_value(value, fmt, bare=isinstance(value, list), model=model_, fragment=True)

    return lint


#: how many knock-on notes one diagnostic carries in its hint
MAX_FOLDED = 3


def fold(
    diagnostics: list[Diagnostic], value: Any, *, foldable: set[str] | frozenset = frozenset()
) -> list[Diagnostic]:
    """One diagnostic per wrong item of the answer: the first cause, its knock-ons under it.

    `diagnostics` come in the order they were found (the protocol's, then each criterion's
    in the exercise's order). The first error about an item (`item_of`: a message, an
    entry, a step) leads; a later diagnostic of a criterion in `foldable` about the same
    item is folded under it: dropped when it points at a place already reported (a knock-on
    of the same cause), else added to the lead's hint as "also here". The protocol's own
    diagnostics are never folded away (each is a rule the API applies). Warnings fold
    under an error about their item; the first warning of an item leads the others.
    """
    out: list[Diagnostic] = []
    leads: dict[tuple[str, bool], int] = {}  # (item, is_error) -> index in out
    covered: dict[int, set[str]] = {}
    notes: dict[int, list[str]] = {}
    for d in diagnostics:
        item = item_of(d.path, value) if d.path else None
        lead = None
        if item is not None and d.rule in foldable:
            lead = leads.get((item, True))
            if lead is None and not d.is_error:
                lead = leads.get((item, False))
        if lead is None:
            if item is not None:
                leads.setdefault((item, d.is_error), len(out))
            covered[len(out)] = {d.path}
            out.append(d)
            continue
        if d.path in covered[lead]:
            continue  # the same place, already explained by its first cause
        covered[lead].add(d.path)
        notes.setdefault(lead, []).append(_also(d, item))
    for index, extra in notes.items():
        d = out[index]
        shown = extra[:MAX_FOLDED]
        if len(extra) > MAX_FOLDED:
            shown.append(tr("(and {n} more here)", n=len(extra) - MAX_FOLDED))
        hint = " ".join(([d.hint] if d.hint else []) + shown)
        out[index] = d._replace(hint=hint)
    return out


def _also(d: Diagnostic, item: str) -> str:
    rest = d.path[len(item) :].lstrip("/")
    if not rest:
        return tr("Also here: {message}.", message=d.message.rstrip("."))
    return tr(
        "Also here, at {where}: {message}.",
        where=code("/".join(split_pointer(rest))),
        message=d.message.rstrip("."),
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


def _json_marker(exercise, text, *, model, checks, filename):
    return mark_json(exercise, text, model=model, checks=checks)


def _choice_marker(exercise, text, *, model, checks, filename):
    return mark_choice(exercise, text, checks=checks)


def _python_marker(exercise, text, *, model, checks, filename):
    # the sandbox's parent is imported only when a Python answer is marked (start-up budget)
    from checker.python_exercise import mark_python

    return mark_python(exercise, text, model=model, checks=checks, filename=filename)


#: The marker of each exercise kind, by the name exercise files give it: the checker's side
#: of a kind (the app's is `tooltutor.kinds.KINDS`; a new kind is added to both).
MARKERS = {"json": _json_marker, "choice": _choice_marker, "python": _python_marker}
