"""OpenAI Chat Completions, read for the two-formats checks.

A reader of a wire format (this one, `_messages_format`, `_responses_format`) says where a
turn's calls live and how to read a call's id, name and input; where the results that
answer them live and how to read a result's id and content; and says what is wrong with
each in the format's own terms. The checks (`calls.py`, `results.py`) hold the concept:
which message, how many, in which order, paired with which original.

Here a turn's calls live in the assistant message's `tool_calls` list, each
`{"id", "type": "function", "function": {"name", "arguments"}}` with the input as JSON
text in `arguments`; each result is a message of its own, role `tool`, naming its call in
`tool_call_id`, its content a string with the failure prefix in front when the call failed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from checker.checks import JsonContext, describe, json_text, pointer, quote, same, tr, trn

from ._findings import MISSING, Problem, as_blocks, content_problem, shown, text_of

#: where a turn's calls are, under its message
CALLS_AT = "tool_calls"

# ---------------------------------------------------------------------------- the calls


def call_id(call: Any) -> Any:
    return call.get("id") if isinstance(call, dict) else None


def _content_findings(message: dict, base: str, params: Mapping) -> list[Problem]:
    """Claude's `tool_use` blocks in the content, or the turn's text not kept a string."""
    content = message.get("content")
    if isinstance(content, list) and any(
        isinstance(b, dict) and b.get("type") == "tool_use" for b in content
    ):
        return [
            (
                base + "/content",
                tr("`tool_use` blocks are Claude's; in Chat Completions calls go in `tool_calls`"),
            )
        ]
    if "text" not in params:
        return []
    text = text_of(content)
    wanted_text = str(params["text"]).strip()
    if not isinstance(content, str) and isinstance(text, str) and text.strip() == wanted_text:
        return [(base + "/content", as_blocks())]
    if text is None or text.strip() != wanted_text:
        return [
            (
                base + "/content",
                tr(
                    "the assistant's words must survive as the message's `content` string, "
                    "{text}; found {found}",
                    text=quote(str(params["text"]), 50),
                    found=describe(content),
                ),
            )
        ]
    return []


def turn_calls(
    message: dict, base: str, params: Mapping, index: int, wanted: list
) -> tuple[list[tuple[str, Any]] | None, list[Problem]]:
    """The calls of the assistant message at `base`, each with its pointer (None: there is
    no list of them to judge), and what is wrong around them."""
    problems = _content_findings(message, base, params)
    calls = message.get("tool_calls", MISSING)
    if not isinstance(calls, list):
        found = describe(None if calls is MISSING else calls)
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
        return None, problems
    return [(base + pointer("tool_calls", i), c) for i, c in enumerate(calls)], problems


def count_problem(base: str, found: int, wanted: int) -> Problem:
    return (
        base + "/tool_calls",
        trn(
            found,
            "`tool_calls` holds {n} call; all {wanted} calls of the Claude turn "
            "belong in this one list",
            "`tool_calls` holds {n} calls; all {wanted} calls of the Claude turn "
            "belong in this one list",
            wanted=wanted,
        ),
    )


def _decoded_problem(decoded: Any, want: Any, where: str, i: int) -> Problem | None:
    if same(decoded, want):
        return None
    if isinstance(decoded, str):
        try:
            twice = json.loads(decoded)
        except ValueError:
            twice = MISSING
        if twice is not MISSING and same(twice, want):
            return (
                where,
                tr(
                    "`arguments` of tool call {i} is encoded twice: it decodes to a string that "
                    "holds JSON again; encode the input object once",
                    i=i,
                ),
            )
    return (
        where,
        tr(
            "`arguments` of tool call {i} decodes to {value}; the call's input was {input}",
            i=i,
            value=json_text(decoded),
            input=json_text(want),
        ),
    )


def _input_problem(function: dict, want: Mapping, base: str, i: int) -> Problem | None:
    """What is wrong with a call's `arguments`: the JSON text of its input."""
    arguments = function.get("arguments", MISSING)
    where = base + "/function/arguments"
    if arguments is MISSING:
        return (base + "/function", tr("tool call {i} has no `arguments`", i=i))
    if not isinstance(arguments, str):
        return (
            where,
            tr(
                "`arguments` of tool call {i} is {found}; in Chat Completions it is a string "
                "holding JSON text, here {example} written inside a string",
                i=i,
                found=describe(arguments),
                example=shown(json.dumps(want.get("input"), ensure_ascii=False)),
            ),
        )
    try:
        decoded = json.loads(arguments)
    except ValueError:
        return (
            where,
            tr(
                "`arguments` of tool call {i} is not valid JSON text: {text}",
                i=i,
                text=quote(arguments, 40),
            ),
        )
    return _decoded_problem(decoded, want.get("input"), where, i)


def _shape_problem(call: Any, base: str, i: int) -> Problem | None:
    """A call that is no object, or is in Claude's shape."""
    if not isinstance(call, dict):
        return (
            base,
            tr("tool call {i} is {value}; each call is an object", i=i, value=describe(call)),
        )
    if "function" not in call and ("input" in call or call.get("type") == "tool_use"):
        return (
            base,
            tr(
                "tool call {i} is in Claude's shape (`name` and `input` at its top); Chat "
                'Completions nests them: `"function": {{"name": ..., "arguments": ...}}`',
                i=i,
            ),
        )
    return None


def call_problems(call: Any, want: Mapping, base: str, i: int) -> list[Problem]:
    """What is wrong with call `i` at `base`, against the original `want` (id, name, input)."""
    shape = _shape_problem(call, base, i)
    if shape:
        return [shape]
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
    problem = _input_problem(function, want, base, i)
    return out + [problem] if problem else out


# -------------------------------------------------------------------------- the results


def result_id(message: Any) -> Any:
    return message.get("tool_call_id") if isinstance(message, dict) else None


def results_at(ctx: JsonContext, index: int) -> str:
    """Where the results, as a whole, are named: the first of their messages."""
    return ctx.message_ptr(index)


def turn_results(
    ctx: JsonContext, start: int, index: int, first: Any, results: list
) -> tuple[list[tuple[str, Any, int]] | None, list[Problem]]:
    """The `tool` messages from message `start` on, one per result, each as `(pointer,
    message, index)` (None: they are something else to judge first)."""
    if isinstance(first, dict) and isinstance(first.get("content"), list):
        blocks = [b for b in first["content"] if isinstance(b, dict)]
        if any(b.get("type") == "tool_result" for b in blocks):
            problem = (
                ctx.message_ptr(index),
                tr(
                    "the results are still Claude's `tool_result` blocks in one message; in Chat "
                    "Completions each result is a message of its own, with role `tool`"
                ),
            )
            return None, [problem]
    units = [
        (ctx.message_ptr(index + k), ctx.message(start + k)[1], index + k)
        for k in range(len(results))
    ]
    return units, []


def result_problems(
    ctx: JsonContext, unit: tuple[str, Any, int], result: Mapping, prefix: str
) -> list[Problem]:
    """What is wrong with the `tool` message answering `result`."""
    base, message, at = unit
    if message is None:
        return [
            (
                ctx.messages_ptr,
                tr("the tool message answering {id} is missing", id=quote(result.get("id"))),
            )
        ]
    if not isinstance(message, dict) or message.get("role") != "tool":
        role = message.get("role") if isinstance(message, dict) else None
        return [
            (
                base,
                tr(
                    "message {index} should be the `tool` message answering {id}; it has "
                    "role {role}",
                    index=at,
                    id=quote(result.get("id")),
                    role=describe(role),
                ),
            )
        ]
    return _tool_message_problems(message, result, prefix, base)


def _id_problem(message: dict, want_id: str, base: str) -> Problem | None:
    if message.get("tool_call_id") == want_id:
        return None
    if "tool_use_id" in message and "tool_call_id" not in message:
        return (
            base + "/tool_use_id",
            tr(
                "`tool_use_id` is Claude's name; a Chat Completions `tool` message names "
                "its call in `tool_call_id`"
            ),
        )
    return (
        base + ("/tool_call_id" if "tool_call_id" in message else ""),
        tr(
            "this tool message answers {found}; it should answer {id}, the id of its call",
            found=describe(message.get("tool_call_id")),
            id=quote(want_id),
        ),
    )


def _tool_message_problems(message: dict, result: Mapping, prefix: str, base: str) -> list[Problem]:
    out: list[Problem] = []
    problem = _id_problem(message, str(result.get("id")), base)
    if problem:
        out.append(problem)
    if "is_error" in message:
        out.append(
            (
                base + "/is_error",
                tr(
                    "a Chat Completions `tool` message has no `is_error`; the failure travels as "
                    "the {prefix} prefix of its content",
                    prefix=quote(prefix),
                ),
            )
        )
        if result.get("is_error") and message.get("content") == result.get("content"):
            return out  # one mistake: the flag kept where the prefix should be
    problem = content_problem(
        message.get("content"), result, prefix, base + "/content", flag="prefix"
    )
    if problem:
        out.append(problem)
    return out
