"""The structure of server tool blocks: a call's fields, and what its result block holds.

Registered from `server_tools` (it imports this module), so it runs right after the
server tool pairing rules.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.server_tools import (
    MESSAGES_API,
    SERVER_RESULT_TYPES,
    SERVER_TOOLS,
    indexed_blocks,
)
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: result block type -> {content variant type: required fields as (name, JSON kind)}
_ERROR = (("error_code", "string"),)
VARIANTS: dict[str, dict[str, tuple[tuple[str, str], ...]]] = {
    "web_fetch_tool_result": {
        "web_fetch_result": (("url", "string"), ("content", "object")),
        "web_fetch_tool_result_error": _ERROR,
    },
    "code_execution_tool_result": {
        "code_execution_result": (
            ("stdout", "string"),
            ("stderr", "string"),
            ("return_code", "integer"),
            ("content", "array"),
        ),
        "encrypted_code_execution_result": (
            ("encrypted_stdout", "string"),
            ("stderr", "string"),
            ("return_code", "integer"),
            ("content", "array"),
        ),
        "code_execution_tool_result_error": _ERROR,
    },
    "bash_code_execution_tool_result": {
        "bash_code_execution_result": (
            ("stdout", "string"),
            ("stderr", "string"),
            ("return_code", "integer"),
            ("content", "array"),
        ),
        "bash_code_execution_tool_result_error": _ERROR,
    },
    "text_editor_code_execution_tool_result": {
        "text_editor_code_execution_view_result": (("content", "string"), ("file_type", "string")),
        "text_editor_code_execution_create_result": (("is_file_update", "boolean"),),
        "text_editor_code_execution_str_replace_result": (),
        "text_editor_code_execution_tool_result_error": _ERROR,
    },
    "tool_search_tool_result": {
        "tool_search_tool_search_result": (("tool_references", "array"),),
        "tool_search_tool_result_error": _ERROR,
    },
    "web_search_tool_result": {"web_search_tool_result_error": _ERROR},
}
_WEB_SEARCH_RESULT = (
    ("url", "string"),
    ("title", "string"),
    ("encrypted_content", "string"),
)


def _is(value: Any, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "array":
        return isinstance(value, (list, tuple))
    return isinstance(value, dict)


def _resend_hint() -> str:
    return tr("Resend the block exactly as the API returned it, with all its fields.")


@rule(
    "a-server-tool-block-shape",
    api="anthropic",
    sources=(SERVER_TOOLS, MESSAGES_API),
    api_message="{loc}: {detail}",
    example="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
      {"type": "web_search_result", "url": "https://example.com/q", "title": "Q"}
    ]}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
    fix="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
      {"type": "web_search_result", "url": "https://example.com/q", "title": "Q",
       "encrypted_content": "EqgfCioIARgB"}
    ]}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
)
def server_tool_block_shape(ctx: Context) -> Iterator[Finding]:
    """Server tool blocks carry the fields the API reads.

    A `server_tool_use` has a string `id`, a string `name` and an object `input`. A result
    block has a string `tool_use_id` and a `content` of its tool's shape: a list of
    `web_search_result` blocks (each with `url`, `title` and the opaque
    `encrypted_content`) or an error object for web search; a `web_fetch_result` with its
    `document`, a `code_execution_result`, a `tool_search_tool_search_result`... or that
    tool's `*_error` object for the others. These blocks are the API's own output: resend
    them unchanged. A content variant tooltutor does not know is a warning (new variants
    appear); a missing or mistyped required field is an error.
    """
    for m, hits in indexed_blocks(ctx):
        for j, block in hits:
            kind = block["type"]
            if kind == "server_tool_use":
                yield from _call_shape(ctx.path(m.index, "content", j), block)
            elif kind in SERVER_RESULT_TYPES:
                yield from _result_shape(ctx.path(m.index, "content", j), kind, block)


def _call_shape(base: str, block: dict[str, Any]) -> Iterator[Finding]:
    for key, kind in (("id", "string"), ("name", "string"), ("input", "object")):
        if key not in block:
            yield Finding(
                base,
                tr("this `server_tool_use` block has no `{key}`", key=key),
                _resend_hint(),
            )
        elif not _is(block[key], kind):
            yield Finding(
                base + pointer(key),
                tr(
                    "`{key}` of a `server_tool_use` block is {type}, not {kind}",
                    key=key,
                    type=json_type(block[key]),
                    kind=_kind_words(kind),
                ),
                _resend_hint(),
            )


def _kind_words(kind: str) -> str:
    return {
        "string": tr("a string"),
        "integer": tr("a whole number"),
        "boolean": tr("a boolean"),
        "array": tr("an array"),
        "object": tr("an object"),
    }[kind]


def _result_shape(base: str, kind: str, block: dict[str, Any]) -> Iterator[Finding]:
    if not isinstance(block.get("tool_use_id"), str):
        yield Finding(
            base + ("/tool_use_id" if "tool_use_id" in block else ""),
            tr("this {type} block needs a string `tool_use_id`", type=code(kind)),
            tr("Set `tool_use_id` to the `id` of the `server_tool_use` block it answers."),
        )
    if "content" not in block:
        yield Finding(
            base, tr("this {type} block has no `content`", type=code(kind)), _resend_hint()
        )
        return
    content = block["content"]
    path = base + "/content"
    if kind == "web_search_tool_result" and isinstance(content, (list, tuple)):
        for n, item in enumerate(content):
            yield from _fields(path + pointer(n), item, "web_search_result", _WEB_SEARCH_RESULT)
        return
    variants = VARIANTS.get(kind)
    if variants is None:
        return  # advisor_tool_result (beta): not checked
    if not isinstance(content, dict):
        yield Finding(
            path,
            tr(
                "`content` of a {type} block is {found}: it must be {expected}",
                type=code(kind),
                found=json_type(content),
                expected=tr("a list of `web_search_result` blocks or an error object")
                if kind == "web_search_tool_result"
                else tr("an object"),
            ),
            _resend_hint(),
        )
        return
    variant = content.get("type")
    if not isinstance(variant, str) or variant not in variants:
        known = ", ".join(code(v) for v in variants)
        if isinstance(variant, str):
            yield warning(
                path + "/type",
                tr(
                    "`content.type` of a {type} block is {value}, which tooltutor does not "
                    "know (known: {known})",
                    type=code(kind),
                    value=quote(variant),
                    known=known,
                ),
                _resend_hint(),
            )
        else:
            yield Finding(
                path + ("/type" if "type" in content else ""),
                tr(
                    "the `content` of a {type} block needs a `type`: one of {known}",
                    type=code(kind),
                    known=known,
                ),
                _resend_hint(),
            )
        return
    yield from _fields(path, content, variant, variants[variant])


def _fields(
    path: str, item: Any, variant: str, required: tuple[tuple[str, str], ...]
) -> Iterator[Finding]:
    if not isinstance(item, dict):
        yield Finding(
            path,
            tr(
                "this item is {type}, not a {variant} object",
                type=json_type(item),
                variant=code(variant),
            ),
            _resend_hint(),
        )
        return
    if variant == "web_search_result" and item.get("type") != variant:
        yield Finding(
            path + ("/type" if "type" in item else ""),
            tr(
                "each item of a `web_search_tool_result` "
                "list is a `web_search_result`, not {value}",
                value=describe(item.get("type")),
            ),
            _resend_hint(),
        )
        return
    for key, kind in required:
        if key not in item:
            yield Finding(
                path,
                tr("this {variant} has no `{key}`", variant=code(variant), key=key),
                tr(
                    "Resend the result exactly as the API returned it: fields such as "
                    "`encrypted_content` are opaque and cannot be made up."
                )
                if key.startswith("encrypted")
                else _resend_hint(),
            )
        elif not _is(item[key], kind):
            yield Finding(
                path + pointer(key),
                tr(
                    "`{key}` of a {variant} is {type}, not {kind}",
                    key=key,
                    variant=code(variant),
                    type=json_type(item[key]),
                    kind=_kind_words(kind),
                ),
                _resend_hint(),
            )
