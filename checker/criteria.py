"""The place that registers all the engine's checks (and names them for older imports).

Importing this module registers every check the engine holds, from its modules of checks:
`checker.message_checks` (protocol, roles, user-text, message-equals, tool-result,
result-json), `checker.answer_key_checks` (json-schema, equals), `checker.choice_checks`
(choice), `checker.json_checks`, `checker.python_checks` and `checker.loop_checks` (the
tool loop). None of them imports this
module. The registry, `@check` and `Outcome` live in `checker.check_registry`, the
contexts a check reads in `checker.answer_context`; their names are also importable from
here, as before.
"""

from __future__ import annotations

# the engine's modules of checks: imported here to register them
from checker import (  # noqa: F401 (each registers its checks)
    choice_checks,
    json_checks,
    loop_checks,
    message_checks,
    python_checks,
)
from checker.answer_context import (
    ChoiceContext,
    JsonContext,
    not_messages,
    parse_choices,
)
from checker.answer_key_checks import first_difference
from checker.check_registry import (
    _TARGET,
    CHECKS,
    INDEX,
    NO_PARAMS,
    POINTER,
    WORDS,
    CheckSpec,
    Outcome,
    check,
    params_schema,
    resolve_given,
)
from checker.criterion_id import criterion_id
from checker.diagnostics import diag
from checker.jsonpointer import resolve as get_pointer

__all__ = [  # the names modules of checks imported from here before they had owners
    "CHECKS",
    "INDEX",
    "NO_PARAMS",
    "POINTER",
    "WORDS",
    "_TARGET",
    "CheckSpec",
    "ChoiceContext",
    "JsonContext",
    "Outcome",
    "check",
    "criterion_id",
    "diag",
    "first_difference",
    "get_pointer",
    "not_messages",
    "params_schema",
    "parse_choices",
    "resolve_given",
]
