"""What the checks of the Python exercises share: runs chosen, outcomes, text of a result.

Each check reads the recorded runs of the learner's function (`checker.sandbox.RunReport`)
in the parent process and passes only when it holds in every run it looks at. Most take
`runs: [1, 3]` (run numbers, from 1) to look at some runs only. Where the right answer
depends on data the exercise's support code builds, its key (`support.expected`, computed
in a process that runs no learner code) is `RunResult.expected`.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, quote, tr, trn

if TYPE_CHECKING:
    from checker.checks import PythonContext


#: the keys a tool_result block may carry
RESULT_KEYS = frozenset({"type", "tool_use_id", "content", "is_error", "cache_control"})
#: a scripted tool result of this one key makes run_tool raise (see checker.sandbox.scripted)
RAISE_KEY = "$raise"


# --------------------------------------------------------------------------- helpers


def selected(ctx: PythonContext, params: Mapping) -> list:
    """The runs a criterion looks at: `params["runs"]` (numbers from 1), or all."""
    wanted = params.get("runs")
    if not isinstance(wanted, list):
        return list(ctx.runs)
    return [run for run in ctx.runs if run.index + 1 in wanted]


def raised(run) -> Outcome | None:
    """A failed Outcome when the run ended in an exception of the learner's code."""
    if run.exception is None:
        return None
    return Outcome(
        False,
        tr(
            "Run {run} raised {type}: {message}. Return a result instead of letting the error "
            "escape.",
            run=run.index + 1,
            type=run.exception.type,
            message=quote(run.exception.message, 120),
        ),
    )


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


def _judged(runs: list, result_of, no_run: str):
    """(run, what it returned, None) for each finished run, or (run, None, the failed
    Outcome) for a run whose result cannot be judged; one failed Outcome (`no_run`) when
    no run ran to the end. Every check over returned values loops over this."""
    if not runs:
        yield None, None, Outcome(False, no_run)
    for run in runs:
        returned, problem = result_of(run)
        yield run, returned, problem
