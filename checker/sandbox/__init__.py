"""Run learner Python against a scripted model, judged by the parent, contained by the OS.

The parent side (`parent`, `scripted`, `plan`, `report`, `reasons`, `contain`) keeps the
script, the records and the verdict; the child side (`child/`) holds the learner's code and
a thin SDK-shaped client that talks to the parent over a pipe (`protocol`). See
`checker.sandbox.parent` for the whole story and `docs/security.md` for what is contained
on each platform.

Names are loaded on first use, so the child, which imports `checker.sandbox.child`, loads
none of the parent's code.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "run_python": "parent",
    "resolve_validator": "parent",
    "DEFAULT_VALIDATOR": "parent",
    "Limits": "report",
    "DEFAULT_LIMITS": "report",
    "STATUSES": "report",
    "RunReport": "report",
    "RunResult": "report",
    "LearnerException": "report",
    "RequestError": "report",
    "ToolCall": "report",
    "SyntaxErrorInfo": "report",
    "find_syntax_error": "plan",
    "plan_runs": "plan",
    "rewrite_id": "plan",
    "collect_ids": "plan",
    "replace_ids": "plan",
    "PACKAGE_ROOT": "plan",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
