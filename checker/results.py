"""A verdict as Exercism's results.json, version 3 (the test runner interface:
https://exercism.org/docs/building/tooling/test-runners/interface), plus our own fields.

- `status` is `pass` when every criterion is met, `error` when none could be checked (the
  answer could not be read, or its code was stopped: a timeout, a crash), else `fail`;
  each test's status agrees with it (`error` for every test of an `error` document).
- `message` is null unless the status is `error`; a test's `message` is null when it
  passed and says why when it did not.
- `output` is what the learner's code printed (Python exercises), at most 500 characters
  as the interface asks, with a note when it was cut; null when nothing was printed.
- `test_code` says what the criterion checks, as the check and its parameters.
- `task_id` is left out: the interface makes it optional, and an exercise here is one task.

Our additions: `passed` (top level and per test), `id` and `label` per test, and
`diagnostics[]` (every problem found, with its rule, place and hint).
"""

from __future__ import annotations

import json
from typing import Any

#: The interface's limit on a test's `output`.
OUTPUT_LIMIT = 500
TRUNCATED_NOTE = "\n[output truncated: only the first 500 characters are shown]"


def results_document(verdict, exercise: Any = None) -> dict[str, Any]:
    """The results.json v3 document of `verdict`; `exercise` (its declaration, a mapping
    or an object with `criteria`) gives each test its `test_code`."""
    status = verdict.status
    stopped = verdict.stopped_by() if status == "error" else None
    message = None
    if stopped is not None:
        message = stopped.message or stopped.rule
    output = bounded_output(getattr(verdict, "output", ""))
    codes = _test_codes(exercise)
    tests = [
        criterion.to_dict(
            status="error" if stopped and not criterion.passed else None,
            output=output,
            test_code=codes.get(criterion.id),
        )
        for criterion in verdict.criteria
    ]
    return {
        "version": 3,
        "status": status,
        "message": message,
        "passed": verdict.passed,
        "tests": tests,
        "diagnostics": [d.to_dict() for d in verdict.diagnostics],
    }


def error_document(message: str) -> dict[str, Any]:
    """A valid results.json for an answer that was never marked (no such exercise, a file
    that cannot be read, a usage error): status `error`, no tests."""
    return {
        "version": 3,
        "status": "error",
        "message": message,
        "passed": False,
        "tests": [],
        "diagnostics": [],
    }


def bounded_output(text: str) -> str | None:
    """`text` cut to the interface's 500 characters (with a note), None when empty."""
    if not text:
        return None
    if len(text) <= OUTPUT_LIMIT:
        return text
    return text[:OUTPUT_LIMIT] + TRUNCATED_NOTE


def _test_codes(exercise: Any) -> dict[str, str]:
    if exercise is None:
        return {}
    specs = exercise.get("criteria") if isinstance(exercise, dict) else exercise.criteria
    # on first use, not at import: checker.criterion_id (1 module)
    from checker.criterion_id import criterion_id

    return {criterion_id(spec): criterion_code(spec) for spec in specs or []}


def criterion_code(spec) -> str:
    """`roles(roles=["user", "assistant", "user"])`: the check a criterion runs."""
    params = spec.get("params") or {}
    shown = ", ".join(
        f"{key}={json.dumps(value, ensure_ascii=False, sort_keys=True)}"
        for key, value in params.items()
    )
    return f"{spec['check']}({shown})"
