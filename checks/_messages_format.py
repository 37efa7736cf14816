"""Anthropic's Messages API, read for the two-formats checks (see `_chat_format` for what a
reader offers).

Here a turn's calls live in the assistant message's `content` list as `tool_use` blocks,
each `{"type": "tool_use", "id", "name", "input"}` with the input an object; all the
results of a turn live in the one `user` message after it, as `tool_result` blocks naming
their call in `tool_use_id`, the content a string, a failed call flagged `is_error: true`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from checker.checks import JsonContext, describe, json_text, pointer, quote, same, tr, trn

from ._findings import MISSING, Problem, content_problem

#: where a turn's calls are, under its message
CALLS_AT = "content"

# ---------------------------------------------------------------------------- the calls


def call_id(block: Any) -> Any:
    return block.get("id")


def _block_problem(block: Any, where: str, i: int, text: str | None) -> Problem | None:
    """What is wrong with block `i`, not a call, of the turn (None: it belongs)."""
    if not isinstance(block, dict):
        return (where, tr("block {i} is {value}; a block is an object", i=i, value=describe(block)))
    if block.get("type") == "text":
        words = block.get("text")
        if text is not None and isinstance(words, str) and words.strip() == text.strip():
            return None
        if isinstance(words, str) and not words.strip():
            return (
                where,
                tr(
                    "an empty text block: a `null` content becomes nothing at all, and the API "
                    "rejects empty text"
                ),
            )
        return (where, tr("this text block is not in the original turn"))
    return (
        where + "/type",
        tr("block type {type} has no place here", type=describe(block.get("type"))),
    )


def _is_call(block: Any) -> bool:
    """A block meant as a call: Claude's `tool_use`, or one in OpenAI's shape."""
    return (
        isinstance(block, dict)
        and block.get("type") != "text"
        and (
            block.get("type") in ("tool_use", "function") or "input" in block or "function" in block
        )
    )


def _has_text(content: list, text: str) -> bool:
    return any(
        isinstance(b, dict)
        and b.get("type") == "text"
        and isinstance(b.get("text"), str)
        and b["text"].strip() == text.strip()
        for b in content
    )


def turn_calls(
    message: dict, base: str, params: Mapping, index: int, wanted: list
) -> tuple[list[tuple[str, Any]] | None, list[Problem]]:
    """The `tool_use` blocks of the assistant message at `base`, each with its pointer (None:
    there is no content list of them to judge), and what is wrong around them."""
    if "tool_calls" in message:
        problem = (
            base + "/tool_calls",
            tr(
                "`tool_calls` is OpenAI's; in Claude's format each call is a `tool_use` "
                "block in the turn's `content` list"
            ),
        )
        return None, [problem]
    content = message.get("content")
    if not isinstance(content, list):
        problem = (
            base + "/content",
            tr(
                "the content is {value}; the calls go in a `content` list of `tool_use` blocks",
                value=describe(content),
            ),
        )
        return None, [problem]
    problems: list[Problem] = []
    uses: list[tuple[str, Any]] = []
    text = params.get("text")
    for i, block in enumerate(content):
        where = base + pointer("content", i)
        if _is_call(block):  # a text block is text, whatever else it holds
            uses.append((where, block))
        else:
            problem = _block_problem(block, where, i, text)
            if problem:
                problems.append(problem)
    if text is not None and not _has_text(content, text):
        problems.append(
            (
                base + "/content",
                tr(
                    "the turn's text {text} is missing: it stays a text block", text=quote(text, 50)
                ),
            )
        )
    return uses, problems


def count_problem(base: str, found: int, wanted: int) -> Problem:
    return (
        base + "/content",
        trn(
            found,
            "the turn holds {n} call; all {wanted} calls belong in this one turn",
            "the turn holds {n} calls; all {wanted} calls belong in this one turn",
            wanted=wanted,
        ),
    )


def _input_problem(block: dict, want: Mapping, where: str, k: int) -> Problem | None:
    """What is wrong with a block's `input`: the call's input as an object."""
    found = block.get("input", MISSING)
    if found is MISSING:
        return (
            where,
            tr(
                "call {i} has no `input`; Claude names the call's arguments `input`, an object",
                i=k,
            )
            if block.get("arguments") is not None
            else tr("call {i} has no `input`", i=k),
        )
    if isinstance(found, str):
        try:
            decoded = json.loads(found)
        except ValueError:
            decoded = MISSING
        if decoded is not MISSING and same(decoded, want.get("input")):
            message = tr(
                "`input` of call {i} is a string holding JSON; Claude's `input` is the object "
                "itself: decode the `arguments` string",
                i=k,
            )
        else:
            message = tr(
                "`input` of call {i} is {found}; it is the call's arguments as an object, {input}",
                i=k,
                found=describe(found),
                input=json_text(want.get("input")),
            )
        return (where + "/input", message)
    if not same(found, want.get("input")):
        return (
            where + "/input",
            tr(
                "`input` of call {i} is {found}; the call's arguments were {input}",
                i=k,
                found=json_text(found),
                input=json_text(want.get("input")),
            ),
        )
    return None


def call_problems(block: dict, want: Mapping, where: str, k: int) -> list[Problem]:
    """What is wrong with call `k` at `where`, against the original `want` (id, name, input)."""
    if "function" in block:
        return [
            (
                where,
                tr(
                    "call {i} keeps OpenAI's `function` object; a `tool_use` block has `id`, "
                    "`name` and `input` at its top",
                    i=k,
                ),
            )
        ]
    out: list[Problem] = []
    if block.get("type") != "tool_use":
        out.append(
            (
                where + "/type",
                tr(
                    'call {i} needs `"type": "tool_use"`; found {found}',
                    i=k,
                    found=describe(block.get("type")),
                ),
            )
        )
    if block.get("id") != want.get("id"):
        out.append(
            (
                where + "/id",
                tr(
                    "call {i} has id {found}; keep the original id {id}",
                    i=k,
                    found=describe(block.get("id")),
                    id=quote(want.get("id")),
                ),
            )
        )
    if block.get("name") != want.get("name"):
        out.append(
            (
                where + "/name",
                tr(
                    "call {i} names {found}; it should be {name}",
                    i=k,
                    found=describe(block.get("name")),
                    name=quote(want.get("name")),
                ),
            )
        )
    problem = _input_problem(block, want, where, k)
    return out + [problem] if problem else out


# -------------------------------------------------------------------------- the results


def result_id(block: Any) -> Any:
    return block.get("tool_use_id", block.get("tool_call_id"))


def results_at(ctx: JsonContext, index: int) -> str:
    """Where the results, as a whole, are named: the content of their message."""
    return ctx.message_ptr(index) + "/content"


def _role_problem(message: Any, base: str, index: int) -> Problem:
    role = message.get("role") if isinstance(message, dict) else None
    if role == "tool":
        why = tr(
            "Claude has no `tool` role: every result of the turn goes, as a `tool_result` "
            "block, in the one `user` message that follows it"
        )
    else:
        why = tr(
            "message {index} should be the `user` message holding the results; it has role {role}",
            index=index,
            role=describe(role),
        )
    return (base + ("/role" if isinstance(message, dict) else ""), why)


def _result_blocks(message: Any) -> list[tuple[int, dict]]:
    content = message.get("content") if isinstance(message, dict) else None
    return [
        (i, b)
        for i, b in enumerate(content if isinstance(content, list) else [])
        if isinstance(b, dict) and b.get("type") == "tool_result"
    ]


def _too_few(ctx: JsonContext, index: int, found: int, wanted: int) -> Problem:
    """Fewer blocks than results: split over two `user` messages, or some left out."""
    _, after = ctx.message(index + 1)
    if isinstance(after, dict) and after.get("role") == "user" and _result_blocks(after):
        return (
            ctx.message_ptr(index + 1),
            tr(
                "the results are split over two `user` messages; all the results of one "
                "turn go in the one message right after it (the API rejects a call "
                "whose result is not there)"
            ),
        )
    return (
        ctx.message_ptr(index) + "/content",
        trn(
            found,
            "the message holds {n} result; every call of the turn is answered here ({wanted})",
            "the message holds {n} results; every call of the turn is answered here ({wanted})",
            wanted=wanted,
        ),
    )


def turn_results(
    ctx: JsonContext, start: int, index: int, message: Any, results: list
) -> tuple[list[tuple[str, Any, int]] | None, list[Problem]]:
    """The `tool_result` blocks of the `user` message at `index`, each as `(pointer, block,
    index)` (None: the message is something else to judge first)."""
    base = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != "user":
        return None, [_role_problem(message, base, index)]
    blocks = _result_blocks(message)
    if not blocks:
        problem = (
            base + "/content",
            tr(
                "message {index} holds no `tool_result` block; each result is "
                '`{{"type": "tool_result", "tool_use_id": ..., "content": ...}}`',
                index=index,
            ),
        )
        return None, [problem]
    problems = (
        [_too_few(ctx, index, len(blocks), len(results))] if len(blocks) < len(results) else []
    )
    return [(base + pointer("content", i), b, index) for i, b in blocks], problems


def _id_problem(block: dict, want_id: str, where: str) -> Problem | None:
    if block.get("tool_use_id") == want_id:
        return None
    if "tool_call_id" in block and "tool_use_id" not in block:
        return (
            where + "/tool_call_id",
            tr(
                "`tool_call_id` is OpenAI's name; a `tool_result` block names its call "
                "in `tool_use_id`"
            ),
        )
    return (
        where + ("/tool_use_id" if "tool_use_id" in block else ""),
        tr(
            "this result answers {found}; it should answer {id}, the id of its call",
            found=describe(block.get("tool_use_id")),
            id=quote(want_id),
        ),
    )


def _flag_problem(
    block: dict, failed: bool, prefix: str, where: str
) -> tuple[Problem | None, bool]:
    """What is wrong with the block's `is_error`, and whether that is the one mistake to say
    (the prefix kept in place of the flag)."""
    flag = block.get("is_error", MISSING)
    found = block.get("content")
    if failed and flag is not True:
        if isinstance(flag, str):
            message = tr(
                "`is_error` is the string {value}; it takes a boolean, `true`, without quotes",
                value=quote(flag),
            )
        elif isinstance(found, str) and found.startswith(prefix):
            message = tr(
                "the {prefix} prefix stayed in the content and `is_error` is not set: drop the "
                "prefix and set `is_error: true`, the flag Claude reads",
                prefix=quote(prefix),
            )
            return (where, message), True
        else:
            message = tr(
                "this call failed: its block needs `is_error: true`, or Claude takes the text "
                "for an ordinary result"
            )
        return (where + ("/is_error" if flag is not MISSING else ""), message), False
    if not failed and flag is True:
        return (
            where + "/is_error",
            tr("this call worked, so its block takes no `is_error: true`"),
        ), False
    return None, False


def result_problems(
    ctx: JsonContext, unit: tuple[str, Any, int], result: Mapping, prefix: str
) -> list[Problem]:
    """What is wrong with the `tool_result` block answering `result`."""
    where, block, _ = unit
    out: list[Problem] = []
    problem = _id_problem(block, str(result.get("id")), where)
    if problem:
        out.append(problem)
    flag, alone = _flag_problem(block, bool(result.get("is_error")), prefix, where)
    if flag:
        out.append(flag)
    if alone:
        return out  # one mistake, said once
    problem = content_problem(
        block.get("content"), result, prefix, where + "/content", flag="is_error"
    )
    if problem:
        out.append(problem)
    return out
