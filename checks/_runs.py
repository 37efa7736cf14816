"""What the checks of the Python exercises share: runs chosen, outcomes, text of a result.

Each check reads the recorded runs of the learner's function (`checker.sandbox.RunReport`)
in the parent process and passes only when it holds in every run it looks at. Most take
`runs: [1, 3]` (run numbers, from 1) to look at some runs only. Where the right answer
depends on data the exercise's support code builds, its key (`support.expected`, computed
in a process that runs no learner code) is `RunResult.expected`.

A check reports the first cause it finds, once; a criterion that cannot be judged because
of a fault another criterion names (the function raised, returned no block) says so in a
short "not judged yet" line instead of describing the knock-on effect as a fault of its own.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, quote, tr, trn

if TYPE_CHECKING:
    from checker.checks import PythonContext


#: the keys a tool_result block may carry
RESULT_KEYS = frozenset({"type", "tool_use_id", "content", "is_error", "cache_control"})
#: a scripted tool result of this one key makes run_tool raise (see checker.sandbox.scripted)
RAISE_KEY = "$raise"

#: what the offline client raises when the API (or the SDK) refuses a request
REQUEST_ERRORS = frozenset(
    {
        "BadRequestError",
        "RequestTooLargeError",
        "ModelCallLimitError",
        "APIError",
        "APIStatusError",
    }
)

# --------------------------------------------------------------------- params schemas

#: `runs: [1, 3]`: the run numbers (from 1) a criterion looks at; all when left out
RUNS_SCHEMA = {
    "type": "array",
    "items": {"type": "integer", "minimum": 1},
    "description": "the run numbers (from 1) the criterion looks at; all runs when left out",
}


def params_schema(properties: Mapping[str, Any] | None = None, required=()) -> dict:
    """The JSON Schema of a check's params: these properties, nothing else."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": dict(properties or {}),
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


# --------------------------------------------------------------------------- helpers


def selected(ctx: PythonContext, params: Mapping) -> list:
    """The runs a criterion looks at: `params["runs"]` (numbers from 1), or all."""
    wanted = params.get("runs")
    if not isinstance(wanted, list):
        return list(ctx.runs)
    return [run for run in ctx.runs if run.index + 1 in wanted]


def _support_classes(ctx: Any) -> set[str]:
    """The exception classes the exercise's support code defines (the scenario's own)."""
    exercise = getattr(ctx, "exercise", None)
    support = exercise.get("support") if isinstance(exercise, Mapping) else None
    if not isinstance(support, str):
        return set()
    return set(re.findall(r"^class (\w+)\b", support, flags=re.MULTILINE))


def fault_of(run, ctx: Any = None) -> str | None:
    """Whose fault the run's exception is: "scenario" (a failure the exercise provokes on
    purpose and the code should handle: an exception class of the support code, the
    scripted failure of run_tool, `re.error` for a pattern the call gave), "request" (the
    API or the SDK refused the learner's request), "bug" (anything else: the learner's own
    code raised it, a NameError, a KeyError, its own `raise`); None when the run raised
    nothing."""
    exc = run.exception
    if exc is None:
        return None
    kind = exc.type
    if kind in _support_classes(ctx):
        return "scenario"
    scripted = {
        str(v[RAISE_KEY])
        for v in (run.tool_results or {}).values()
        if isinstance(v, dict) and set(v) == {RAISE_KEY}
    }
    if kind == "RuntimeError" and exc.message in scripted:
        return "scenario"
    refused = {e.type for e in run.request_errors or []}
    if kind in REQUEST_ERRORS or kind in refused:
        return "request"
    if kind == "error":  # re.error: a pattern the call gave that does not compile
        return "scenario"
    return "bug"


def _line_of(run) -> tuple[int | None, str]:
    frames = [f for f in run.exception.frames if isinstance(f, dict) and "line" in f]
    if not frames:
        return None, ""
    return frames[-1].get("line"), str(frames[-1].get("code") or "").strip()


def not_scenario(run, ctx: Any = None) -> Outcome | None:
    """A failed Outcome when the run's exception is the learner's own bug or a refused
    request; None when it raised nothing or a failure of the scenario (which each check
    words for itself). "Catch it" advice would contradict both: the fix is elsewhere."""
    fault = fault_of(run, ctx)
    exc = run.exception
    if fault == "bug":
        line, text = _line_of(run)
        if line is not None:
            return Outcome(
                False,
                tr(
                    "Run {run} stopped with {type} at line {line} of your code ({code}): "
                    "{message}. That is a bug in the function itself, not a failure to catch: "
                    "fix that line.",
                    run=run.index + 1,
                    type=exc.type,
                    line=line,
                    code=quote(text, 60),
                    message=quote(exc.message, 120),
                ),
            )
        return Outcome(
            False,
            tr(
                "Run {run} stopped with {type}: {message}. That is a bug in the function "
                "itself, not a failure to catch: fix it.",
                run=run.index + 1,
                type=exc.type,
                message=quote(exc.message, 120),
            ),
        )
    if fault == "request":
        errors = [e for e in run.request_errors or [] if e.type == exc.type] or list(
            run.request_errors or []
        )
        error = errors[-1] if errors else None
        if error is not None and error.index is not None and error.status_code == 400:
            return Outcome(
                False,
                tr(
                    "Run {run} stopped at request {request}: the API rejects it with a 400 "
                    "({rule}), so `client.messages.create` raised {type}. The request is what "
                    "needs fixing, not the error handling.",
                    run=run.index + 1,
                    request=error.index + 1,
                    rule=error.rule or "?",
                    type=exc.type,
                ),
            )
        return Outcome(
            False,
            tr(
                "Run {run} stopped: `client.messages.create` raised {type} ({message}). The "
                "call to the API is what needs fixing.",
                run=run.index + 1,
                type=exc.type,
                message=quote(exc.message, 120),
            ),
        )
    return None


def raised(run, ctx: Any = None) -> Outcome | None:
    """A failed Outcome when the run ended in an exception of the learner's code."""
    if run.exception is None:
        return None
    problem = not_scenario(run, ctx)
    if problem:
        return problem
    return Outcome(
        False,
        tr(
            "Run {run} raised {type}: {message}. Return a result instead of letting the error "
            "escape.",
            run=run.index + 1,
            type=_exception_name(run),
            message=quote(run.exception.message, 120),
        ),
    )


def is_sentence(value: Any, code: Any = None) -> bool:
    """Text a model can act on: at least two words apart (not one identifier such as
    "refund_order"), not a placeholder ("error", "x", "TODO") and not the error's own code
    repeated."""
    if not isinstance(value, str):
        return False
    words = re.findall(r"[^\W\d_]{2,}", value)
    if len(words) < 2 or len(value.split()) < 2:
        # "refund_order" or "not-run" is an identifier, not words a model can act on
        return False
    return not (isinstance(code, str) and value.strip().strip(".").lower() == code.lower())


def content_text(content: Any) -> str | None:
    """A tool_result's content as text: the string, or its text blocks joined; else None."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content:
        parts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        if len(parts) == len(content) and all(isinstance(p, str) for p in parts):
            return "".join(parts)
    return None


def estimate_tokens(value: Any) -> int:
    """The course estimator: one token per four characters of compact JSON, rounded up."""
    try:
        text = json.dumps(value, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    return math.ceil(len(text) / 4)


def _per_run(value: Any, position: int) -> Any:
    """`value[position]` for a list given one item per run, else `value` itself."""
    if isinstance(value, list):
        return value[position] if position < len(value) else None
    return value


def _shown(value: Mapping, key: str) -> str:
    """A field of the learner's result for a message: its value, or "missing"."""
    return quote(value[key]) if key in value else tr("missing")


def _count_matches(n: int) -> str:
    return trn(n, "{n} match", "{n} matches")


def _exception_name(run) -> str:
    name = run.exception.type
    return "re.error" if name == "error" else name


def _location(item: Mapping) -> tuple[str, int] | None:
    """A returned match's (file, line), when both have the right types (else None)."""
    file, line = item.get("file"), item.get("line")
    if isinstance(file, str) and isinstance(line, int) and not isinstance(line, bool):
        return file, line
    return None


def _is_flag(value: Any) -> bool:
    return value is True


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _found(value: Any) -> str:
    """A value named with its JSON type, for a type slip: `the string "true"`, `null`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return tr("the boolean {flag}", flag=json.dumps(value))
    if isinstance(value, (int, float)):
        return tr("the number {number}", number=quote(value))
    if isinstance(value, str):
        return tr("the string {text}", text=quote(value, 40))
    return quote(value, 40)


def type_slip(value: Any, kind: str) -> str:
    """`a boolean, not the string "true"`: what `value` should have been, and what it is.

    `kind` is "boolean", "number", "whole number" or "string".
    """
    found = _found(value)
    if kind == "boolean":
        return tr("a boolean (true or false), not {found}", found=found)
    if kind == "whole number":
        return tr("a whole number, not {found}", found=found)
    if kind == "number":
        return tr("a number, not {found}", found=found)
    return tr("a string, not {found}", found=found)


def _judged(runs: list, result_of, no_run: str):
    """(run, what it returned, None) for each finished run, or (run, None, the failed
    Outcome) for a run whose result cannot be judged; one failed Outcome (`no_run`) when
    no run ran to the end. Every check over returned values loops over this."""
    if not runs:
        yield None, None, Outcome(False, no_run)
    for run in runs:
        returned, problem = result_of(run)
        yield run, returned, problem
