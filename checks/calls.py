"""Checks of the two-formats lesson: a Chat Completions assistant message carries the calls."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from checker.checks import (
    JsonContext,
    Outcome,
    check,
    describe,
    diag,
    json_text,
    pointer,
    quote,
    safe,
    same,
    tr,
    trn,
    upper,
)

_MISSING = object()


def _more_problems(n: int) -> str:
    """` (2 more problems below)`, or "" when there are none."""
    if n < 1:
        return ""
    return trn(n, " ({n} more problem below)", " ({n} more problems below)")


def _openai_text(content: Any) -> str | None:
    """The text of a Chat Completions message content: a string or text parts."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(
        isinstance(p, dict) and p.get("type") == "text" for p in content
    ):
        texts = [p.get("text") for p in content]
        return "".join(texts) if all(isinstance(t, str) for t in texts) else None
    return None


def _call_problems(call: Any, want: Mapping, base: str, i: int) -> list[tuple[str, str]]:
    if not isinstance(call, dict):
        return [
            (
                base,
                tr("tool call {i} is {value}; each call is an object", i=i, value=describe(call)),
            )
        ]
    out = []
    if call.get("id") != want.get("id"):
        out.append(
            (
                base + "/id",
                tr(
                    "tool call {i} has id {found}; keep the original id {id}",
                    i=i,
                    found=describe(call.get("id")),
                    id=quote(want.get("id")),
                ),
            )
        )
    if call.get("type") != "function":
        out.append(
            (
                base + "/type",
                tr(
                    'tool call {i} needs `"type": "function"`; found {found}',
                    i=i,
                    found=describe(call.get("type")),
                ),
            )
        )
    function = call.get("function")
    if not isinstance(function, dict):
        return out + [
            (
                base,
                tr(
                    "tool call {i} needs a `function` object holding `name` and `arguments`; "
                    "found {found}",
                    i=i,
                    found=describe(function),
                ),
            )
        ]
    if function.get("name") != want.get("name"):
        out.append(
            (
                base + "/function/name",
                tr(
                    "tool call {i} names {found}; it should be {name}",
                    i=i,
                    found=describe(function.get("name")),
                    name=quote(want.get("name")),
                ),
            )
        )
    arguments = function.get("arguments", _MISSING)
    where = base + "/function/arguments"
    if arguments is _MISSING:
        out.append((base + "/function", tr("tool call {i} has no `arguments`", i=i)))
    elif not isinstance(arguments, str):
        out.append(
            (
                where,
                tr(
                    "`arguments` of tool call {i} is {found}; in Chat Completions it is a string "
                    "holding JSON, such as {example}",
                    i=i,
                    found=describe(arguments),
                    example=quote(json.dumps(want.get("input"))),
                ),
            )
        )
    else:
        try:
            decoded = json.loads(arguments)
        except ValueError:
            out.append(
                (
                    where,
                    tr(
                        "`arguments` of tool call {i} is not valid JSON text: {text}",
                        i=i,
                        text=quote(arguments, 40),
                    ),
                )
            )
        else:
            if not same(decoded, want.get("input")):
                out.append(
                    (
                        where,
                        tr(
                            "`arguments` of tool call {i} decodes to {value}, not to the "
                            "original input",
                            i=i,
                            value=json_text(decoded),
                        ),
                    )
                )
    return out


@check("tool-calls", kinds=("json",))
@safe
def tool_calls(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Chat Completions assistant message carrying `calls` in order.

    Params: `index`, `calls` (a list of `{id, name, input}`), `text` (the expected
    `content`, when the message has one). Each call must keep its id, have
    `type: "function"`, and carry `arguments` as a JSON string that decodes to `input`.
    """
    if ctx.messages is None:
        return Outcome(
            False,
            tr(
                "Your answer is {value}; write a JSON array of messages.",
                value=describe(ctx.value),
            ),
        )
    index, message = ctx.message(int(params.get("index", 1)))
    wanted = [c for c in params.get("calls") or [] if isinstance(c, Mapping)]
    if message is None:
        return Outcome(
            False,
            tr(
                "There is no message {index} to carry the tool calls.",
                index=params.get("index", 1),
            ),
        )
    base = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != "assistant":
        role = message.get("role") if isinstance(message, dict) else None
        return Outcome(
            False,
            tr(
                "Message {index} should be the assistant turn with the calls; it has role {role}.",
                index=index,
                role=describe(role),
            ),
            [diag(base, tr("the calls belong in an assistant message"))],
        )
    problems: list[tuple[str, str]] = []
    if "text" in params:
        text = _openai_text(message.get("content"))
        if text is None or text.strip() != str(params["text"]).strip():
            problems.append(
                (
                    base + "/content",
                    tr(
                        "the assistant's words must survive as the message's `content` string, "
                        "{text}; found {found}",
                        text=quote(str(params["text"]), 50),
                        found=describe(message.get("content")),
                    ),
                )
            )
    calls = message.get("tool_calls", _MISSING)
    if "content" in message and isinstance(message["content"], list):
        blocks = [b.get("type") for b in message["content"] if isinstance(b, dict)]
        if "tool_use" in blocks:
            problems.append(
                (
                    base + "/content",
                    tr(
                        "`tool_use` blocks are Claude's; in Chat Completions calls go in "
                        "`tool_calls`"
                    ),
                )
            )
    if not isinstance(calls, list):
        found = describe(None if calls is _MISSING else calls)
        problems.append(
            (
                base,
                trn(
                    len(wanted),
                    "message {index} needs `tool_calls`, a list of {n} call; found {found}",
                    "message {index} needs `tool_calls`, a list of {n} calls; found {found}",
                    index=index,
                    found=found,
                ),
            )
        )
    else:
        if len(calls) != len(wanted):
            problems.append(
                (
                    base + "/tool_calls",
                    trn(
                        len(calls),
                        "`tool_calls` holds {n} call; all {wanted} calls of the Claude turn "
                        "belong in this one list",
                        "`tool_calls` holds {n} calls; all {wanted} calls of the Claude turn "
                        "belong in this one list",
                        wanted=len(wanted),
                    ),
                )
            )
        for i, (call, want) in enumerate(zip(calls, wanted)):
            problems += _call_problems(call, want, base + pointer("tool_calls", i), i)
    if not problems:
        return Outcome(True)
    more = _more_problems(len(problems) - 1)
    first = problems[0][1]
    return Outcome(False, f"{upper(first)}{more}.", [diag(p, m) for p, m in problems[:20]])
