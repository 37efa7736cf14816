"""Mark a python exercise: run the learner's code against the scripted model, then judge.

The code runs in a limited child process (`checker.sandbox.run_python`), once per planned
run: twice, or once more than the exercise has `variants` (each later run with other ids),
with the exercise's `support` code importable there as `support`. When the code could not
run to the end (syntax error, missing entry, endless loop, crash, memory, output flood)
every criterion is left unchecked and one diagnostic says why, at the learner's
file:line:col where there is one. Otherwise each criterion reads the recorded runs, and
every request the code sent is also judged by the protocol rules, so all bugs show at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker import loop_checks, python_checks  # noqa: F401  (register the python checks)
from checker.criterion_id import criterion_id
from checker.criterion_run import judge_failed_verdict, run_criteria
from checker.diagnostics import Criterion, Diagnostic, Verdict
from checker.i18n import N_, tr
from checker.python_checks import PythonContext, refusal

#: run status -> diagnostic rule id, for runs that could not finish
STATUS_RULES = {
    "syntax-error": "python-syntax",
    "missing-entry": "python-missing-entry",
    "import-error": "python-import-error",
    "timeout": "python-timeout",
    "memory": "python-memory",
    "crashed": "python-crashed",
    "output-flood": "python-output-flood",
    "internal-error": "python-internal-error",
}
#: why an exercise whose script or support code cannot run is not judged
MALFORMED_EXERCISE = N_("the exercise's script or support code is malformed ({why})")


def mark_python(
    exercise: Mapping[str, Any],
    text: str,
    *,
    model: str | None = None,
    checks: Mapping[str, Any] | None = None,
    filename: str | None = None,
) -> Verdict:
    # on first use, not at import: checker.sandbox, checker.rules, base64, ... (56 modules)
    from checker.sandbox import run_python
    from checker.sandbox.plan import MalformedExercise

    variants = exercise.get("variants") or []
    try:
        report = run_python(
            text,
            entry=exercise["entry"],
            call=exercise.get("call") or {},
            script=exercise.get("script") or [],
            tool_results=exercise.get("tool_results") or {},
            runs=max(2, len(variants) + 1),
            variants=variants,
            support=exercise.get("support"),
            filename=filename or "solution.py",
        )
    except MalformedExercise as exc:  # the author's mistake: an `error`, said as such
        return judge_failed_verdict(exercise, tr(MALFORMED_EXERCISE, why=str(exc)))
    if report.status != "ok":
        return _not_run(exercise, report)
    if report.internal_errors:  # a judge of the parent failed (the request judge, the key)
        return judge_failed_verdict(exercise, report.internal_errors[0], _printed(report))
    criteria, diagnostics = run_criteria(exercise, PythonContext(report, exercise), checks)
    diagnostics = _exception_diagnostics(report) + _request_diagnostics(report) + diagnostics
    return Verdict(all(c.passed for c in criteria), criteria, diagnostics, _printed(report))


def _not_run(exercise: Mapping[str, Any], report) -> Verdict:
    line = column = None
    if report.syntax_error is not None:
        line, column = report.syntax_error.line, report.syntax_error.col
    else:
        frame = _last_frame(report)
        if frame:
            line = frame.get("line")
    rule = STATUS_RULES.get(report.status, "python-crashed")
    diagnostic = Diagnostic(rule, "error", "", report.reason, "", line, column)
    criteria = [
        Criterion(
            spec["label"],
            False,
            tr("Not checked: your code did not run to the end."),
            criterion_id(spec),
        )
        for spec in exercise.get("criteria", [])
    ]
    return Verdict(False, criteria, [diagnostic], _printed(report))


def _printed(report) -> str:
    """What the learner's code printed, run by run (a header per run when several did)."""
    runs = [run for run in report.runs if run.stdout]
    if len(runs) == 1:
        return runs[0].stdout
    return "".join(
        tr("--- run {n} ---", n=run.index + 1) + "\n" + run.stdout.rstrip("\n") + "\n"
        for run in runs
    )


def _last_frame(report) -> dict | None:
    for run in report.runs:
        if run.exception is not None:
            frames = [f for f in run.exception.frames if "line" in f]
            if frames:
                return frames[-1]
    return None


def _exception_diagnostics(report) -> list[Diagnostic]:
    """The learner's exception, once, at its line.

    When it is the API refusing one of the code's own requests (a `BadRequestError` the
    parent recorded), the request is named as the fault and the advice is to fix it (its
    problems follow as their own diagnostics), never to catch the error.
    """
    # on first use, not at import: checker.sandbox, signal (4 modules)
    from checker.sandbox.reasons import HINT_BAD_REQUEST, HINT_LATER_RUN

    for run in report.runs:
        if run.exception is None:
            continue
        frames = [f for f in run.exception.frames if "line" in f]
        line = frames[-1]["line"] if frames else None
        error = refusal(run)
        if error is not None:
            message = tr(
                "run {run}: the API refused request {request}, so `client.messages.create` "
                "raised {type}",
                run=run.index + 1,
                request=error.index + 1,
                type=run.exception.type,
            )
            hint = tr(HINT_BAD_REQUEST)
        else:
            message = tr(
                "run {run} raised {type}: {message}",
                run=run.index + 1,
                type=run.exception.type,
                message=run.exception.message,
            )
            earlier = report.runs[: run.index]
            hint = (
                tr(HINT_LATER_RUN) if earlier and all(r.exception is None for r in earlier) else ""
            )
        return [Diagnostic("python-exception", "error", "", message, hint, line, None)]
    return []


def _scripted_ids(run) -> list[str]:
    """The ids of the calls the scripted model made in a run (new in every run)."""
    ids = []
    for reply in run.replies or []:
        message = reply.get("message") if isinstance(reply, dict) else None
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            if isinstance(block, dict) and isinstance(block.get("id"), str):
                ids.append(block["id"])
    return ids


def _no_fixed_ids(hint: str, ids: list[str]) -> str:
    """A hint with each scripted call id written as `call.id`: the ids change from run to
    run, so a hint that says `"tool_use_id": "toolu_01..."` would advise an id written into
    the code, which fails the next run."""
    for call_id in sorted(set(ids), key=len, reverse=True):
        out, rest = "", hint
        while call_id in rest:
            at = rest.index(call_id)
            before, after = rest[:at], rest[at + len(call_id) :]
            if before.endswith('"') and after.startswith('"'):
                before, after = before[:-1], after[1:]
            in_code = (out + before).count("`") % 2 == 1
            out += before + ("call.id" if in_code else "`call.id`")
            rest = after
        hint = out + rest
    return hint


def _request_diagnostics(report) -> list[Diagnostic]:
    """Protocol errors of the requests the code sent, each named by request and run; a
    hint never names a call id (see `_no_fixed_ids`)."""
    out, seen = [], set()
    for run in report.runs:
        ids = _scripted_ids(run)
        for k, diagnostics in enumerate(run.diagnostics):
            for d in diagnostics:
                if d.get("severity") != "error" or (d["rule"], k) in seen:
                    continue
                seen.add((d["rule"], k))
                out.append(
                    Diagnostic(
                        d["rule"],
                        "error",
                        f"/requests/{k}" + d.get("path", ""),
                        tr("request {request}: {message}", request=k + 1, message=d["message"]),
                        _no_fixed_ids(d.get("hint", ""), ids),
                    )
                )
    return out
