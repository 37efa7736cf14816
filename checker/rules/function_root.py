"""The root of an OpenAI function's `parameters`, judged alike in both OpenAI formats.

Chat Completions (`o-parameters-invalid`) and Responses (`r-parameters-invalid`) refuse
the same roots, with or without `strict`: one that is not `"type": "object"` ("schema
must be a JSON Schema of 'type: "object"', got 'type: "None"'", what a Zod discriminated
union becomes), and an object root with a union or a negation beside its type ("schema
must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top
level").
"""

from __future__ import annotations

from checker.diagnostics import code, describe
from checker.i18n import tr
from checker.rules.record import Finding

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: how the API words these 400s (both formats' rules declare them as `other_wordings`):
#: elie222/inbox-zero#2272 (Responses, 2026), nspady/google-calendar-mcp#39 (Chat
#: Completions, 2025), LionSR/TeXRA#4274 (GPT-5.5, 2026)
ROOT_WORDINGS = (
    "Invalid schema for function '{value}': schema must be a JSON Schema of "
    "'type: \"object\"', got 'type: \"None\"'.",
    "Invalid schema for function '{value}': schema must have type 'object' and not have "
    "'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.",
    "Invalid function '{value}': schema must have type 'object' and not contain "
    "'oneOf'/'anyOf'/'allOf' at the top level.",
)

#: what the API refuses beside `"type": "object"` at the root
TOP_LEVEL_REFUSED = ("oneOf", "anyOf", "allOf", "enum", "not")
_UNIONS = ("anyOf", "oneOf", "allOf")


def _wrap_hint() -> str:
    return tr(
        "Wrap the union in a property: "
        '`{"type": "object", "properties": {"result": {"anyOf": [...]}}}`.'
    )


def root_problem(path: str, params: dict[str, Any]) -> Finding | None:
    """What is wrong with the root of `params` (a dict) at pointer `path`, or None."""
    kind = params.get("type")
    if kind == "object":
        key = next((k for k in TOP_LEVEL_REFUSED if k in params), None)
        if key is None:
            return None
        return Finding(
            f"{path}/{key}",
            tr(
                '`parameters` has {key} beside `"type": "object"` at its root: the API '
                "refuses `oneOf`, `anyOf`, `allOf`, `enum` and `not` there",
                key=code(key),
            ),
            _wrap_hint(),
        )
    union = next((key for key in _UNIONS if key in params), None)
    if isinstance(kind, list) and "object" in kind:
        return Finding(
            path + "/type",
            tr(
                'the root `type` is {value}: the API expects exactly `"object"` there',
                value=describe(kind),
            ),
            tr('Write `"type": "object"` at the root.'),
            "warning",
        )
    if union is not None and "type" not in params:
        message = tr(
            "the root of `parameters` is a union ({key}): it must be a schema of "
            '`"type": "object"`',
            key=code(union),
        )
        hint = _wrap_hint()
    else:
        message = (
            tr('`parameters` has no `type`: it must be a schema of `"type": "object"`')
            if "type" not in params
            else tr(
                '`parameters` has type {value}: it must be a schema of `"type": "object"`',
                value=describe(kind),
            )
        )
        hint = tr(
            "The arguments are always an object: put each one under `properties`, e.g. "
            '`{"type": "object", "properties": {"city": {"type": "string"}}}`.'
        )
    return Finding(path + "/type" if "type" in params else path, message, hint)
