"""`request-shape` for Chat Completions: messages, parts and tools have the structure it reads."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type, pointer, quote
from checker.i18n import tr
from checker.rules.openai.context import ROLES, Context
from checker.rules.record import Finding, also_checks


@also_checks("request-shape", api="openai")
def shape(ctx: Context) -> Iterator[Finding]:
    """Messages have the structure Chat Completions reads.

    `role` is system, developer, user, assistant, tool (or the old function); `content`
    is a string or an array of parts (a missing one is `o-content-missing`); a text part
    carries a string `text`.
    """
    for m in ctx.msgs:
        if m is None or m.role is None:
            continue
        i = m.index
        if m.role not in ROLES:
            yield Finding(
                ctx.path(i, "role"),
                tr(
                    "`role` is {role}: Chat Completions knows system, developer, user, "
                    "assistant and tool",
                    role=quote(m.role),
                ),
                tr(
                    "Use `user` for your messages, `assistant` for the model's, `tool` for tool "
                    "results."
                ),
            )
            continue
        if m.role in ("tool", "function"):
            continue  # o-tool-content-type and friends
        content = m.content
        if content is None:
            continue  # o-content-missing
        if isinstance(content, str):
            continue
        if not isinstance(content, (list, tuple)):
            yield Finding(
                ctx.path(i, "content"),
                tr(
                    "`content` of {message} is {type}: it must be a string or an array of "
                    "content parts",
                    message=ctx.where(i),
                    type=json_type(content),
                ),
                tr('Write the text as a string, or as `[{"type": "text", "text": "..."}]`.'),
            )
            continue
        for j, part in enumerate(content):
            if (
                isinstance(part, dict)
                and part.get("type") == "text"
                and not isinstance(part.get("text"), str)
            ):
                yield Finding(
                    ctx.path(i, "content", j, "text")
                    if "text" in part
                    else ctx.path(i, "content", j),
                    tr("a text part needs a string `text`"),
                    tr('Write `{"type": "text", "text": "..."}`.'),
                )


@also_checks("request-shape", api="openai", scope="body")
def tools_shape(ctx: Context) -> Iterator[Finding]:
    """`tools` is an array of objects (what each must hold: `o-tool-def-shape`)."""
    if ctx.body is None or ctx.body.get("tools") is None:
        return  # null: o-tools-empty
    tools = ctx.body["tools"]
    if not isinstance(tools, (list, tuple)):
        yield Finding(
            "/tools",
            tr("`tools` is {type}: it must be an array of tool definitions", type=json_type(tools)),
            tr(
                'Write `"tools": [{"type": "function", "function": {"name": "...", '
                '"parameters": {...}}}]`.'
            ),
        )
        return
    for k, tool in enumerate(tools):
        if not isinstance(tool, dict):
            yield Finding(
                pointer("tools", k),
                tr("tool {k} is {type}, not an object", k=k, type=json_type(tool)),
            )
