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

    `role` is system, developer, user, assistant, tool (or the old function); user, system
    and developer messages need `content` (a string or an array of parts); an assistant
    message needs `content` or `tool_calls`; a text part carries a string `text`.
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
            if m.role == "assistant" and ("tool_calls" in m.raw or "function_call" in m.raw):
                continue
            yield Finding(
                ctx.path(i, "content") if "content" in m.raw else ctx.path(i),
                tr(
                    "{message} ({role}) has no content and no `tool_calls`",
                    message=ctx.where(i),
                    role=m.role,
                )
                if m.role == "assistant"
                else tr("{message} ({role}) has no content", message=ctx.where(i), role=m.role),
                tr("Give the message `content`: a string, or an array of parts."),
            )
            continue
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
    """`tools` is an array of `{"type": "function", "function": {...}}`."""
    if ctx.body is None or "tools" not in ctx.body:
        return
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
        path = pointer("tools", k)
        if not isinstance(tool, dict):
            yield Finding(
                path,
                tr("tool {k} is {type}, not an object", k=k, type=json_type(tool)),
            )
            continue
        kind = tool.get("type")
        if kind == "custom":
            continue
        fn = tool.get("function")
        if kind == "function" and isinstance(fn, dict) and isinstance(fn.get("name"), str):
            continue
        if "input_schema" in tool or ("name" in tool and "function" not in tool):
            message = tr(
                "tool {k} is in the Anthropic shape (flat `name` and `input_schema`); "
                "Chat Completions wraps it in a `function` object",
                k=k,
            )
        elif not isinstance(fn, dict):
            message = tr("tool {k} has no `function` object", k=k)
        elif kind != "function":
            message = tr('tool {k} needs `"type": "function"`', k=k)
        else:
            message = tr("the `function` of tool {k} has no `name` string", k=k)
        yield Finding(
            path,
            message,
            tr(
                'Write `{"type": "function", "function": {"name": "...", "description": "...", '
                '"parameters": {"type": "object", "properties": {...}}}}`.'
            ),
        )
