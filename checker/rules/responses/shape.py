"""`request-shape` for the Responses API: message content, parts and tools it can read.

The document itself (an object with `input`, or a bare array of items; items that are
objects with a `type` or a `role`) is judged by `checker.lint`; here the inside of the
items: a message's `content` is a string or an array of part objects with a string `type`,
and `tools` is an array of objects. Other rules skip values of the wrong type.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type
from checker.i18n import tr
from checker.rules.record import Finding, also_checks
from checker.rules.responses.context import Context


@also_checks("request-shape", api="responses")
def shape(ctx: Context) -> Iterator[Finding]:
    """Message items have content the Responses API can read.

    `content` is a string or an array of content parts (objects with a string `type`);
    a missing or null `content` is `r-message-content-missing`.
    """
    for it in ctx.items:
        if it is None or not it.is_message or it.role in ("tool", "function"):
            continue
        content = it.raw.get("content")
        if content is None or isinstance(content, str):
            continue
        if not isinstance(content, (list, tuple)):
            yield Finding(
                ctx.path(it.index, "content"),
                tr(
                    "`content` of {item} is {type}: it must be a string or an array of "
                    "content parts",
                    item=ctx.where(it.index),
                    type=json_type(content),
                ),
                tr('Write the text as a string, or as `[{"type": "input_text", "text": "..."}]`.'),
            )
            continue
        for j, part in enumerate(content):
            if isinstance(part, dict) and isinstance(part.get("type"), str):
                continue
            if isinstance(part, dict):
                message = tr(
                    "part {j} of {item} has no `type` string", j=j, item=ctx.where(it.index)
                )
                path = ctx.path(it.index, "content", j, "type") if "type" in part else None
            else:
                message = tr(
                    "part {j} of {item} is {type}, not a content part object",
                    j=j,
                    item=ctx.where(it.index),
                    type=json_type(part),
                )
                path = None
            yield Finding(
                path or ctx.path(it.index, "content", j),
                message,
                tr(
                    'Write each part as an object with its type: `{"type": "input_text", '
                    '"text": "..."}` (`output_text` in assistant messages).'
                ),
            )


@also_checks("request-shape", api="responses", scope="body")
def tools_shape(ctx: Context) -> Iterator[Finding]:
    """`tools` is an array of tool objects."""
    if ctx.body is None or ctx.body.get("tools") is None:
        return
    tools = ctx.body["tools"]
    if not isinstance(tools, (list, tuple)):
        yield Finding(
            "/tools",
            tr("`tools` is {type}: it must be an array of tool definitions", type=json_type(tools)),
            tr(
                'Write `"tools": [{"type": "function", "name": "...", "parameters": {...}, '
                '"strict": true}]`.'
            ),
        )
        return
    for k, tool in enumerate(tools):
        if not isinstance(tool, dict):
            yield Finding(
                f"/tools/{k}",
                tr("tool {k} is {type}, not an object", k=k, type=json_type(tool)),
                tr('Write each tool as an object: `{"type": "function", "name": "...", ...}`.'),
            )
