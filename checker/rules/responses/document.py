"""A Responses API document as `checker.lint` reads it: its shape, then its rules.

`checker.detect` tells a Responses request from the others; `checker.lint` hands it to
`lint_responses`: the `request-shape` of `input` and of each item, then the `r-*` rules
of this package.
"""

from __future__ import annotations

from checker.diagnostics import Diagnostic, LintResult, json_type, pointer
from checker.i18n import tr
from checker.rules.responses import check

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def lint_responses(
    obj: dict[str, Any] | list[Any] | tuple[Any, ...],
    out: list[Diagnostic],
    *,
    bare: bool | None,
    model: str | None,
    headers: Any = None,
    fragment: bool,
) -> LintResult:
    """The Responses API: a body with `input` (a string or items), or a bare item array."""
    body: dict[str, Any] | None = None
    if isinstance(obj, (list, tuple)):
        items, prefix = list(obj), ""
        if not items:
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    "",
                    tr("there are no input items: a request needs at least one"),
                    tr('Add a user message: `{"role": "user", "content": "Hello"}`.'),
                )
            )
    else:
        if obj.get("object") == "response" and "input" not in obj:
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    "/input",
                    tr(
                        "this is a Responses API response (it has `object: response` and "
                        "`output`), not a request: it has no `input`"
                    ),
                    tr(
                        "Lint the request you send: the next request's `input` holds the "
                        "`output` items you pass back, then your new items (or use "
                        "`previous_response_id`)."
                    ),
                )
            )
            return LintResult.of("responses", out)
        value = obj.get("input")
        items, prefix = (list(value) if isinstance(value, (list, tuple)) else []), "/input"
        if value is not None and not isinstance(value, (str, list, tuple)):
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    "/input",
                    tr(
                        "`input` is {type}: it must be a string or an array of input items",
                        type=json_type(value),
                    ),
                    tr(
                        'Write `"input": "Hello"` or `"input": [{"role": "user", "content": '
                        '"Hello"}]`.'
                    ),
                )
            )
        body = None if bare else obj
    out.extend(item_shape(items, prefix))
    out.extend(
        check(items, body=body, prefix=prefix, model=model, complete=not fragment, headers=headers)
    )
    return LintResult.of("responses", out)


def item_shape(items: list[Any], prefix: str) -> list[Diagnostic]:
    """`request-shape` for what the Responses API requires of every input item."""
    out: list[Diagnostic] = []
    for i, item in enumerate(items):
        path = prefix + pointer(i)
        if not isinstance(item, dict):
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    path,
                    tr(
                        "`input[{i}]` is {type}, not an input item object",
                        i=i,
                        type=json_type(item),
                    ),
                    tr(
                        'Each item is an object: a message `{"role": "user", "content": "..."}` '
                        'or an item with a `type`, such as `{"type": "function_call_output", '
                        "...}`."
                    ),
                )
            )
            continue
        role = item.get("role")
        if "role" in item and not isinstance(role, str):
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    path + "/role",
                    tr("`role` of `input[{i}]` is {type}, not a string", i=i, type=json_type(role)),
                    tr(
                        'Give every message a `role`: `"user"`, `"assistant"`, `"developer"` '
                        'or `"system"`.'
                    ),
                )
            )
        elif item.get("type") is None and "role" not in item:
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    path,
                    tr("`input[{i}]` has no `type` and no `role`", i=i),
                    tr(
                        'Give a message its `role` (`{"role": "user", "content": "..."}`); '
                        "other items name their `type`."
                    ),
                )
            )
        elif item.get("type") == "message" and "role" not in item:
            out.append(
                Diagnostic(
                    "request-shape",
                    "error",
                    path,
                    tr("`input[{i}]` is a message with no `role`", i=i),
                    tr(
                        'Give every message a `role`: `"user"`, `"assistant"`, `"developer"` '
                        'or `"system"`.'
                    ),
                )
            )
    return out
