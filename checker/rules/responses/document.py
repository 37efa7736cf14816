"""A Responses API document as `checker.lint` reads it: its signs, its shape, its rules.

`lint` asks `responses_body`, `responses_items` and `responses_tools` whether a body or a
bare array is a Responses request (see `checker.lint.detect_format` for the tie-breaks),
and hands a Responses document to `lint_responses`: the `request-shape` of `input` and
of each item, then the `r-*` rules of this package.
"""

from __future__ import annotations

from typing import Any

from checker.diagnostics import Diagnostic, LintResult, json_type, pointer
from checker.i18n import tr
from checker.rules.responses import check

#: Top-level fields only a Responses request (or response) has.
RESPONSES_FIELDS = (
    "input",
    "previous_response_id",
    "conversation",
    "instructions",
    "max_output_tokens",
    "include",
)
#: Item types of a Responses `input` (a typed `message` counts when it has a role).
RESPONSES_ITEMS = frozenset(
    (  # noqa: SIM905 (a word list reads better than 30 quoted items)
        "function_call function_call_output reasoning item_reference custom_tool_call "
        "custom_tool_call_output web_search_call file_search_call computer_call "
        "computer_call_output local_shell_call local_shell_call_output shell_call "
        "shell_call_output apply_patch_call apply_patch_call_output mcp_list_tools "
        "mcp_approval_request mcp_approval_response mcp_call image_generation_call "
        "code_interpreter_call compaction tool_search_call tool_search_output"
    ).split()
)
_ENVELOPE = frozenset(("stop_reason", "stop_sequence", "usage", "model"))
RESPONSES_PARTS = frozenset(("input_text", "input_image", "input_file", "output_text"))
#: Hosted tool types of the Responses API (Anthropic's server tools carry a date suffix).
RESPONSES_TOOLS = frozenset(
    (  # noqa: SIM905
        "web_search web_search_preview web_search_2025_08_26 web_search_preview_2025_03_11 "
        "file_search code_interpreter image_generation mcp computer_use_preview local_shell "
        "shell apply_patch namespace tool_search"
    ).split()
)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def responses_body(body: dict[str, Any]) -> bool:
    """A body with a field that only the Responses API has (or a Responses response)."""
    if any(key in body for key in RESPONSES_FIELDS):
        return True
    if any(isinstance(body.get(key), dict) for key in ("reasoning", "text", "prompt")):
        return True  # (a `prompt` string is the legacy Completions API)
    return body.get("object") == "response" and isinstance(body.get("output"), list)


def responses_items(items: Any) -> bool:
    """Items or content parts of the Responses shape among `items`."""
    if not isinstance(items, (list, tuple)):
        return False
    for m in items:
        if not isinstance(m, dict):
            continue
        kind = _text(m.get("type"))
        content = m.get("content")
        if kind in RESPONSES_ITEMS:
            return True
        if kind == "message" and isinstance(content, str) and not _ENVELOPE.intersection(m):
            return True  # (an Anthropic response pasted as a message has its envelope)
        if isinstance(content, (list, tuple)):
            for part in content:
                if isinstance(part, dict) and _text(part.get("type")) in RESPONSES_PARTS:
                    return True
    return False


def responses_tools(body: dict[str, Any]) -> bool:
    """Flat function tools, hosted Responses tools, or a flat `tool_choice`."""
    tools = body.get("tools")
    for tool in tools if isinstance(tools, (list, tuple)) else ():
        if not isinstance(tool, dict) or "input_schema" in tool or "function" in tool:
            continue
        kind = _text(tool.get("type"))
        if kind in RESPONSES_TOOLS or (kind in ("function", "custom") and "name" in tool):
            return True
    choice = body.get("tool_choice")
    if isinstance(choice, dict):
        kind = choice.get("type")
        return kind == "allowed_tools" or (kind == "function" and "name" in choice)
    return False


def lint_responses(
    obj: dict[str, Any] | list[Any] | tuple[Any, ...],
    out: list[Diagnostic],
    *,
    bare: bool | None,
    model: str | None,
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
    out.extend(check(items, body=body, prefix=prefix, model=model, complete=not fragment))
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
