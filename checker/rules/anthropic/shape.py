"""`request-shape` for the Messages API: content blocks and tools have the structure it reads.

Every other rule skips a value of an unexpected type, because these checks report it once.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import describe, json_type, pointer
from checker.i18n import tr
from checker.rules.anthropic.context import Context
from checker.rules.record import Finding, also_checks

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


@also_checks("request-shape", api="anthropic")
def shape(ctx: Context) -> Iterator[Finding]:
    """Content blocks have the structure the Messages API reads.

    A message's `content` is a string or an array of blocks; every block is an object with
    a string `type`; `text` blocks carry a string `text`; `tool_use` blocks an `id` and a
    `name`; `tool_result` blocks a `tool_use_id` and, if present, a boolean `is_error`.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        i, content = m.index, m.content
        if "content" not in m.raw:
            yield Finding(
                ctx.path(i),
                tr("{message} has no `content`", message=ctx.where(i)),
                tr(
                    "Every message needs `content`: a string, or an array of blocks such as "
                    '`{"type": "text", "text": "..."}`.'
                ),
            )
            continue
        if isinstance(content, str):
            continue
        if not isinstance(content, (list, tuple)):
            yield Finding(
                ctx.path(i, "content"),
                tr(
                    "`content` of {message} is {type}: it must be a string or an array of "
                    "content blocks",
                    message=ctx.where(i),
                    type=json_type(content),
                ),
                tr(
                    "Write the text as a string, or a list of blocks (wrap a single block in "
                    "an array)."
                )
                if isinstance(content, dict)
                else tr("Write the text as a string, or a list of blocks."),
            )
            continue
        for j, block in enumerate(content):
            if isinstance(block, dict) and _block_ok(block):
                continue
            where = ctx.path(i, "content", j)
            if not isinstance(block, dict):
                yield Finding(
                    where,
                    tr(
                        "content block {j} of {message} is {type}, not an object",
                        j=j,
                        message=ctx.where(i),
                        type=json_type(block),
                    ),
                    tr(
                        'Each block is an object with a `type`, e.g. `{"type": "text", "text": '
                        '"Hello"}`.'
                    ),
                )
                continue
            btype = block.get("type")
            if not isinstance(btype, str):
                yield Finding(
                    where if "type" not in block else where + "/type",
                    tr(
                        "content block {j} of {message} has no `type` string",
                        j=j,
                        message=ctx.where(i),
                    ),
                    tr("Give each block a `type`: `text`, `image`, `tool_use`, `tool_result`..."),
                )
                continue
            yield from _block_shape(ctx, i, j, block)


def _block_ok(block: dict[str, Any]) -> bool:
    """Fast path: True when `_block_shape` has nothing to say about `block`."""
    btype = block.get("type")
    if btype == "text":
        return isinstance(block.get("text"), str)
    if btype == "tool_use":
        return isinstance(block.get("id"), str) and isinstance(block.get("name"), str)
    if btype == "tool_result":
        return isinstance(block.get("tool_use_id"), str) and isinstance(
            block.get("is_error", False), bool
        )
    return isinstance(btype, str)


def _block_shape(ctx: Context, i: int, j: int, block: dict[str, Any]) -> Iterator[Finding]:
    where = ctx.path(i, "content", j)
    btype = block["type"]
    if btype == "text" and not isinstance(block.get("text"), str):
        yield Finding(
            where + "/text" if "text" in block else where,
            tr(
                "a `text` block needs a string `text`, found {type}",
                type=json_type(block.get("text")),
            )
            if "text" in block
            else tr("a `text` block without `text`"),
            tr('Write `{"type": "text", "text": "..."}`.'),
        )
    elif btype == "tool_use":
        for key in ("id", "name"):
            if not isinstance(block.get(key), str):
                yield Finding(
                    where + "/" + key if key in block else where,
                    tr(
                        "a `tool_use` block needs a string `{key}`, found {type}",
                        key=key,
                        type=json_type(block[key]),
                    )
                    if key in block
                    else tr("a `tool_use` block needs a string `{key}`", key=key),
                    tr(
                        "Resend the assistant's `tool_use` blocks exactly as the API returned "
                        "them (`type`, `id`, `name`, `input`)."
                    ),
                )
    elif btype == "tool_result":
        uid = block.get("tool_use_id")
        if not isinstance(uid, str):
            other = next((k for k in ("tool_call_id", "id") if k in block), None)
            if "tool_use_id" in block:
                message = tr("`tool_use_id` must be a string, found {type}", type=json_type(uid))
            elif other == "tool_call_id":
                message = tr(
                    "this `tool_result` has `tool_call_id`, the OpenAI name: Anthropic "
                    "calls it `tool_use_id`"
                )
            elif other == "id":
                message = tr("this `tool_result` has `id`; the field is called `tool_use_id`")
            else:
                message = tr("this `tool_result` has no `tool_use_id`")
            yield Finding(
                where + "/tool_use_id" if "tool_use_id" in block else where,
                message,
                tr('Set `"tool_use_id"` to the `id` of the `tool_use` block it answers.'),
            )
        if "is_error" in block and not isinstance(block["is_error"], bool):
            yield Finding(
                where + "/is_error",
                tr(
                    "`is_error` must be `true` or `false`, found {value}",
                    value=describe(block["is_error"]),
                ),
                tr('Write `"is_error": true` for a failed tool run, or leave it out.'),
            )


@also_checks("request-shape", api="anthropic", scope="body")
def tools_shape(ctx: Context) -> Iterator[Finding]:
    """`tools` is an array of tool objects."""
    if ctx.body is None or "tools" not in ctx.body:
        return
    tools = ctx.body["tools"]
    if not isinstance(tools, (list, tuple)):
        yield Finding(
            "/tools",
            tr("`tools` is {type}: it must be an array of tool definitions", type=json_type(tools)),
            tr('Write `"tools": [{"name": "...", "description": "...", "input_schema": {...}}]`.'),
        )
        return
    for k, tool in enumerate(tools):
        if not isinstance(tool, dict):
            yield Finding(
                pointer("tools", k),
                tr("tool {k} is {type}, not an object", k=k, type=json_type(tool)),
                tr('Each tool is an object: `{"name": "...", "input_schema": {...}}`.'),
            )
