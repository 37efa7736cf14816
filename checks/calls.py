"""Checks of the two-formats lesson: a conversation converted between Claude's Messages API
and OpenAI's Chat Completions, and the map of fields between them.

- `tool-calls`: one Chat Completions assistant message carrying the calls.
- `tool-messages`: the `tool` messages that answer them, one per result, in order.
- `tool-use-blocks`: one Claude assistant turn holding the calls as `tool_use` blocks.
- `tool-result-blocks`: one Claude `user` message answering them with `tool_result` blocks.
- `text-turn`: a message whose text survives as its `content` string.
- `field-map`: a group of `{anthropic, openai, responses}` entries, each a path or value.
- `function-call-outputs`: the Responses `function_call_output` items answering the calls.

Each names the first cause of a wrong item (out of order, a missing or leftover `Error: `
prefix, the other format's field, a type slip) before any raw difference.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from checker.checks import (
    JsonContext,
    Outcome,
    check,
    describe,
    diag,
    first_difference,
    get_pointer,
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

Problem = tuple[str, str]  # (pointer, message)


def _more_problems(n: int) -> str:
    """` (2 more problems below)`, or "" when there are none."""
    if n < 1:
        return ""
    return trn(n, " ({n} more problem below)", " ({n} more problems below)")


def _outcome(problems: list[Problem]) -> Outcome:
    if not problems:
        return Outcome(True)
    more = _more_problems(len(problems) - 1)
    return Outcome(False, f"{upper(problems[0][1])}{more}.", [diag(p, m) for p, m in problems[:20]])


def _no_messages(ctx: JsonContext) -> Outcome:
    return Outcome(
        False,
        tr("Your answer is {value}; write a JSON array of messages.", value=describe(ctx.value)),
    )


def _text_of(content: Any) -> str | None:
    """The text of a content string or of a list of text parts/blocks (None otherwise)."""
    if isinstance(content, str):
        return content
    if (
        isinstance(content, list)
        and content
        and all(isinstance(p, dict) and p.get("type") == "text" for p in content)
    ):
        texts = [p.get("text") for p in content]
        return "".join(texts) if all(isinstance(t, str) for t in texts) else None
    return None


def _AS_BLOCKS() -> str:  # noqa: N802 - a message, read in the current language
    return tr("the text is right, but as text blocks; the task keeps it the `content` string")


def _shown(value: Any) -> str:
    """A learner's short string as typed, in backticks; anything else as `quote` shows it."""
    if isinstance(value, str) and value.isprintable() and "`" not in value and len(value) <= 60:
        return f"`{value}`"
    return quote(value)


def _order_problem(found: list[Any], wanted: list[str], where: str, what: str) -> Problem | None:
    """ "out of order" when `found` holds exactly the ids of `wanted` in another order;
    `what` is "calls" or "results"."""
    if len(found) != len(wanted) or found == wanted or sorted(map(str, found)) != sorted(wanted):
        return None
    if what == "calls":
        message = tr(
            "the calls are out of order: {first} comes first in the original; keep the "
            "original order",
            first=quote(wanted[0]),
        )
    else:
        message = tr(
            "the results are out of order: the result for {first} comes first, as its call "
            "does; keep the original order",
            first=quote(wanted[0]),
        )
    return (where, message)


_CALL = {
    "type": "object",
    "required": ["id", "name", "input"],
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "input": {}},
    "additionalProperties": False,
}
_RESULT = {
    "type": "object",
    "required": ["id", "content"],
    "properties": {
        "id": {"type": "string"},
        "content": {"type": "string"},
        "is_error": {"type": "boolean"},
    },
    "additionalProperties": False,
}

# ------------------------------------------------------------------------- tool-calls


def _decoded_problem(decoded: Any, want: Any, where: str, i: int) -> Problem | None:
    if same(decoded, want):
        return None
    if isinstance(decoded, str):
        try:
            twice = json.loads(decoded)
        except ValueError:
            twice = _MISSING
        if twice is not _MISSING and same(twice, want):
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


def _call_problems(call: Any, want: Mapping, base: str, i: int) -> list[Problem]:
    if not isinstance(call, dict):
        return [
            (
                base,
                tr("tool call {i} is {value}; each call is an object", i=i, value=describe(call)),
            )
        ]
    if "function" not in call and ("input" in call or call.get("type") == "tool_use"):
        return [
            (
                base,
                tr(
                    "tool call {i} is in Claude's shape (`name` and `input` at its top); Chat "
                    'Completions nests them: `"function": {{"name": ..., "arguments": ...}}`',
                    i=i,
                ),
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
                    "holding JSON text, here {example} written inside a string",
                    i=i,
                    found=describe(arguments),
                    example=_shown(json.dumps(want.get("input"), ensure_ascii=False)),
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
            problem = _decoded_problem(decoded, want.get("input"), where, i)
            if problem:
                out.append(problem)
    return out


_TOOL_CALLS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["calls"],
    "properties": {
        "index": {"type": "integer"},
        "calls": {"type": "array", "items": _CALL, "minItems": 1},
        "text": {"type": "string"},
    },
}


@check("tool-calls", kinds=("json",), params=_TOOL_CALLS_PARAMS)
@safe
def tool_calls(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Chat Completions assistant message carrying `calls` in order.

    Params: `index`, `calls` (a list of `{id, name, input}`), `text` (the expected
    `content`, when the message has one). Each call must keep its id, have
    `type: "function"`, and carry `arguments` as a JSON string that decodes to `input`.
    Calls in another order are named as such; so are a call in Claude's shape and
    arguments encoded twice.
    """
    if ctx.messages is None:
        return _no_messages(ctx)
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
    problems: list[Problem] = []
    content = message.get("content")
    if isinstance(content, list) and any(
        isinstance(b, dict) and b.get("type") == "tool_use" for b in content
    ):
        problems.append(
            (
                base + "/content",
                tr("`tool_use` blocks are Claude's; in Chat Completions calls go in `tool_calls`"),
            )
        )
    elif "text" in params:
        text = _text_of(content)
        wanted_text = str(params["text"]).strip()
        if not isinstance(content, str) and isinstance(text, str) and text.strip() == wanted_text:
            problems.append((base + "/content", _AS_BLOCKS()))
        elif text is None or text.strip() != wanted_text:
            problems.append(
                (
                    base + "/content",
                    tr(
                        "the assistant's words must survive as the message's `content` string, "
                        "{text}; found {found}",
                        text=quote(str(params["text"]), 50),
                        found=describe(content),
                    ),
                )
            )
    calls = message.get("tool_calls", _MISSING)
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
        return _outcome(problems)
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
    ids = [c.get("id") if isinstance(c, dict) else None for c in calls]
    order = _order_problem(ids, [str(w.get("id")) for w in wanted], base + "/tool_calls", "calls")
    if order:
        problems.append(order)
        by_id = {str(w.get("id")): w for w in wanted}
        pairs = [(c, by_id[str(c.get("id"))]) for c in calls]
    else:
        pairs = list(zip(calls, wanted))
    for i, (call, want) in enumerate(pairs):
        problems += _call_problems(call, want, base + pointer("tool_calls", i), i)
    return _outcome(problems)


# ------------------------------------------------------------------------- tool-messages

_PREFIX_LIKE = re.compile(r"^\s*error\s*[:\-]?\s*", re.IGNORECASE)

_RESULTS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["results"],
    "properties": {
        "index": {"type": "integer"},
        "results": {"type": "array", "items": _RESULT, "minItems": 1},
        "prefix": {"type": "string", "minLength": 1},
    },
}


def _content_problem(
    found: Any, result: Mapping, prefix: str, where: str, *, flag: str
) -> Problem | None:
    """What is wrong with a converted result's content (None: it is right).

    `flag` is where the failure goes: "prefix" (Chat Completions: the content starts with
    `prefix`) or "is_error" (Claude: the prefix is dropped, the block's flag says it).
    """
    original = str(result.get("content", ""))
    failed = bool(result.get("is_error"))
    wanted = prefix + original if failed and flag == "prefix" else original
    if isinstance(found, str) and found == wanted:
        return None
    text = _text_of(found)
    if not isinstance(found, str):
        if isinstance(found, (dict, list)) and not isinstance(text, str):
            try:
                decoded = json.loads(original)
            except ValueError:
                decoded = _MISSING
            if decoded is not _MISSING and same(found, decoded):
                return (
                    where,
                    tr(
                        "the content is the result decoded into {value}; keep it as it came, a "
                        "string holding JSON",
                        value=describe(found),
                    ),
                )
        if isinstance(text, str):
            return (
                where,
                tr(
                    "the content is a list of text parts; the task keeps each result's content "
                    "a string, as it was"
                ),
            )
        return (
            where,
            tr("the content is {value}; it is a string, as it was", value=describe(found)),
        )
    if flag == "prefix" and failed:
        if found == original:
            return (
                where,
                tr(
                    "the failed result has no {prefix} prefix: Chat Completions has no error "
                    "flag, so the prefix is all that tells the model the call failed",
                    prefix=quote(prefix),
                ),
            )
        rest = _PREFIX_LIKE.sub("", found, count=1)
        if rest == original or rest.strip() == original.strip():
            return (
                where,
                tr(
                    "the prefix must be exactly {prefix}, with its case, colon and one space; "
                    "found {found}",
                    prefix=quote(prefix),
                    found=quote(found[: len(found) - len(rest)]),
                ),
            )
    if found.startswith(prefix) and found[len(prefix) :] == original:
        if flag == "prefix":
            return _no_prefix(where, prefix)
        return (
            where,
            tr(
                "the content still starts with {prefix}: drop the prefix; `is_error: true` is "
                "what says the call failed",
                prefix=quote(prefix),
            ),
        )
    return (
        where,
        tr(
            "the content must be the original result unchanged{extra}: {wanted}; found {found}",
            extra=tr(", with the prefix") if failed and flag == "prefix" else "",
            wanted=quote(wanted, 80),
            found=quote(found, 80),
        ),
    )


@check("tool-messages", kinds=("json",), params=_RESULTS_PARAMS)
@safe
def tool_messages(ctx: JsonContext, params: Mapping) -> Outcome:
    """From message `index` on, one Chat Completions `tool` message per result, in order.

    Params: `index`, `results` (`{id, content, is_error}`: the Claude results), `prefix`
    (default `Error: `). Each message has role `tool`, the `tool_call_id` of its call and
    the result's content as a string, a failed one with `prefix` in front. Results kept as
    Claude blocks, out of order, with Claude's `tool_use_id`, or with a missing, changed
    or needless prefix are named as such.
    """
    if ctx.messages is None:
        return _no_messages(ctx)
    start = int(params.get("index", 2))
    results = [r for r in params.get("results") or [] if isinstance(r, Mapping)]
    prefix = str(params.get("prefix", "Error: "))
    index, first = ctx.message(start)
    if first is None:
        return Outcome(False, tr("There is no message {index} to carry the results.", index=start))
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
            return _outcome([problem])
    found = [ctx.message(start + k)[1] for k in range(len(results))]
    problems: list[Problem] = []
    ids = [m.get("tool_call_id") if isinstance(m, dict) else None for m in found]
    order = _order_problem(
        ids, [str(r.get("id")) for r in results], ctx.message_ptr(index), "results"
    )
    pairs = list(zip(found, results))
    if order:
        problems.append(order)
        by_id = {str(r.get("id")): r for r in results}
        pairs = [(m, by_id[str(m.get("tool_call_id"))]) for m in found]
    for k, (message, result) in enumerate(pairs):
        at = index + k
        base = ctx.message_ptr(at)
        if message is None:
            problems.append(
                (
                    ctx.messages_ptr,
                    tr(
                        "the tool message answering {id} is missing",
                        id=quote(result.get("id")),
                    ),
                )
            )
            continue
        if not isinstance(message, dict) or message.get("role") != "tool":
            role = message.get("role") if isinstance(message, dict) else None
            problems.append(
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
            )
            continue
        problems += _tool_message_problems(message, result, prefix, base)
    return _outcome(problems)


def _tool_message_problems(message: dict, result: Mapping, prefix: str, base: str) -> list:
    out: list[Problem] = []
    want_id = str(result.get("id"))
    if message.get("tool_call_id") != want_id:
        if "tool_use_id" in message and "tool_call_id" not in message:
            out.append(
                (
                    base + "/tool_use_id",
                    tr(
                        "`tool_use_id` is Claude's name; a Chat Completions `tool` message names "
                        "its call in `tool_call_id`"
                    ),
                )
            )
        else:
            out.append(
                (
                    base + ("/tool_call_id" if "tool_call_id" in message else ""),
                    tr(
                        "this tool message answers {found}; it should answer {id}, the id of "
                        "its call",
                        found=describe(message.get("tool_call_id")),
                        id=quote(want_id),
                    ),
                )
            )
    where = base + "/content"
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
    problem = _content_problem(message.get("content"), result, prefix, where, flag="prefix")
    if problem:
        out.append(problem)
    return out


# ----------------------------------------------------------------------- tool-use-blocks

_USE_BLOCKS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["calls"],
    "properties": {
        "index": {"type": "integer"},
        "calls": {"type": "array", "items": _CALL, "minItems": 1},
        "text": {"type": "string", "description": "the turn's text; none when left out"},
    },
}


@check("tool-use-blocks", kinds=("json",), params=_USE_BLOCKS_PARAMS)
@safe
def tool_use_blocks(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Claude assistant turn holding `calls` as `tool_use` blocks.

    Params: `index`, `calls` (`{id, name, input}`), `text` (the turn's text block, when it
    has one; without it the content holds the calls and nothing else). Each block keeps
    its call's id and name and has the decoded arguments as its `input` object. OpenAI's
    `tool_calls`, an input left as a JSON string, and an empty text block for a `null`
    content are named as such.
    """
    if ctx.messages is None:
        return _no_messages(ctx)
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
    if "tool_calls" in message:
        return _outcome(
            [
                (
                    base + "/tool_calls",
                    tr(
                        "`tool_calls` is OpenAI's; in Claude's format each call is a `tool_use` "
                        "block in the turn's `content` list"
                    ),
                )
            ]
        )
    content = message.get("content")
    if not isinstance(content, list):
        return _outcome(
            [
                (
                    base + "/content",
                    tr(
                        "the content is {value}; the calls go in a `content` list of `tool_use` "
                        "blocks",
                        value=describe(content),
                    ),
                )
            ]
        )
    problems: list[Problem] = []
    uses: list[tuple[int, dict]] = []
    text = params.get("text")
    for i, block in enumerate(content):
        where = base + pointer("content", i)
        if not isinstance(block, dict):
            problems.append(
                (
                    where,
                    tr("block {i} is {value}; a block is an object", i=i, value=describe(block)),
                )
            )
        elif block.get("type") == "text":
            words = block.get("text")
            if text is not None and isinstance(words, str) and words.strip() == text.strip():
                continue
            if isinstance(words, str) and not words.strip():
                message_ = tr(
                    "an empty text block: a `null` content becomes nothing at all, and the API "
                    "rejects empty text"
                )
            else:
                message_ = tr("this text block is not in the original turn")
            problems.append((where, message_))
        elif (
            block.get("type") in ("tool_use", "function") or "input" in block or "function" in block
        ):
            uses.append((i, block))
        else:
            problems.append(
                (
                    where + "/type",
                    tr("block type {type} has no place here", type=describe(block.get("type"))),
                )
            )
    if text is not None and not any(
        isinstance(b, dict)
        and b.get("type") == "text"
        and isinstance(b.get("text"), str)
        and b["text"].strip() == text.strip()
        for b in content
    ):
        problems.append(
            (
                base + "/content",
                tr(
                    "the turn's text {text} is missing: it stays a text block", text=quote(text, 50)
                ),
            )
        )
    if len(uses) != len(wanted):
        problems.append(
            (
                base + "/content",
                trn(
                    len(uses),
                    "the turn holds {n} call; all {wanted} calls belong in this one turn",
                    "the turn holds {n} calls; all {wanted} calls belong in this one turn",
                    wanted=len(wanted),
                ),
            )
        )
    ids = [b.get("id") for _, b in uses]
    order = _order_problem(ids, [str(w.get("id")) for w in wanted], base + "/content", "calls")
    pairs = list(zip(uses, wanted))
    if order:
        problems.append(order)
        by_id = {str(w.get("id")): w for w in wanted}
        pairs = [((i, b), by_id[str(b.get("id"))]) for i, b in uses]
    for k, ((i, block), want) in enumerate(pairs):
        problems += _use_block_problems(block, want, base + pointer("content", i), k)
    return _outcome(problems)


def _use_block_problems(block: dict, want: Mapping, where: str, k: int) -> list[Problem]:
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
    found = block.get("input", _MISSING)
    if found is _MISSING:
        arguments = block.get("arguments")
        out.append(
            (
                where,
                tr(
                    "call {i} has no `input`; Claude names the call's arguments `input`, an object",
                    i=k,
                )
                if arguments is not None
                else tr("call {i} has no `input`", i=k),
            )
        )
    elif isinstance(found, str):
        try:
            decoded = json.loads(found)
        except ValueError:
            decoded = _MISSING
        if decoded is not _MISSING and same(decoded, want.get("input")):
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
        out.append((where + "/input", message))
    elif not same(found, want.get("input")):
        out.append(
            (
                where + "/input",
                tr(
                    "`input` of call {i} is {found}; the call's arguments were {input}",
                    i=k,
                    found=json_text(found),
                    input=json_text(want.get("input")),
                ),
            )
        )
    return out


# --------------------------------------------------------------------- tool-result-blocks


@check("tool-result-blocks", kinds=("json",), params=_RESULTS_PARAMS)
@safe
def tool_result_blocks(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Claude `user` message answering every call, in order.

    Params: `index`, `results` (`{id, content, is_error}`, the content as the converted
    block holds it), `prefix` (default `Error: `, the OpenAI convention a failed result
    came with). Each `tool_result` block has the call's `tool_use_id`, the content as a
    string, and `is_error: true` exactly when the call failed. Results split over several
    messages, out of order, with OpenAI's `tool_call_id`, or with the prefix left in are
    named as such.
    """
    if ctx.messages is None:
        return _no_messages(ctx)
    start = int(params.get("index", 2))
    results = [r for r in params.get("results") or [] if isinstance(r, Mapping)]
    prefix = str(params.get("prefix", "Error: "))
    index, message = ctx.message(start)
    if message is None:
        return Outcome(False, tr("There is no message {index} to carry the results.", index=start))
    base = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != "user":
        role = message.get("role") if isinstance(message, dict) else None
        if role == "tool":
            why = tr(
                "Claude has no `tool` role: every result of the turn goes, as a `tool_result` "
                "block, in the one `user` message that follows it"
            )
        else:
            why = tr(
                "message {index} should be the `user` message holding the results; it has "
                "role {role}",
                index=index,
                role=describe(role),
            )
        return _outcome([(base + ("/role" if isinstance(message, dict) else ""), why)])
    content = message.get("content")
    blocks = [
        (i, b)
        for i, b in enumerate(content if isinstance(content, list) else [])
        if isinstance(b, dict) and b.get("type") == "tool_result"
    ]
    if not blocks:
        return _outcome(
            [
                (
                    base + "/content",
                    tr(
                        "message {index} holds no `tool_result` block; each result is "
                        '`{{"type": "tool_result", "tool_use_id": ..., "content": ...}}`',
                        index=index,
                    ),
                )
            ]
        )
    problems: list[Problem] = []
    if len(blocks) < len(results):
        _, after = ctx.message(index + 1)
        split = (
            isinstance(after, dict)
            and after.get("role") == "user"
            and any(
                isinstance(b, dict) and b.get("type") == "tool_result"
                for b in (after.get("content") if isinstance(after.get("content"), list) else [])
            )
        )
        if split:
            problems.append(
                (
                    ctx.message_ptr(index + 1),
                    tr(
                        "the results are split over two `user` messages; all the results of one "
                        "turn go in the one message right after it (the API rejects a call "
                        "whose result is not there)"
                    ),
                )
            )
        else:
            problems.append(
                (
                    base + "/content",
                    trn(
                        len(blocks),
                        "the message holds {n} result; every call of the turn is answered here "
                        "({wanted})",
                        "the message holds {n} results; every call of the turn is answered here "
                        "({wanted})",
                        wanted=len(results),
                    ),
                )
            )
    ids = [b.get("tool_use_id", b.get("tool_call_id")) for _, b in blocks]
    order = _order_problem(ids, [str(r.get("id")) for r in results], base + "/content", "results")
    pairs = list(zip(blocks, results))
    if order:
        problems.append(order)
        by_id = {str(r.get("id")): r for r in results}
        pairs = [
            ((i, b), by_id[str(b.get("tool_use_id", b.get("tool_call_id")))]) for i, b in blocks
        ]
    for (i, block), result in pairs:
        problems += _result_block_problems(block, result, prefix, base + pointer("content", i))
    return _outcome(problems)


def _result_block_problems(block: dict, result: Mapping, prefix: str, where: str) -> list:
    out: list[Problem] = []
    want_id = str(result.get("id"))
    if block.get("tool_use_id") != want_id:
        if "tool_call_id" in block and "tool_use_id" not in block:
            out.append(
                (
                    where + "/tool_call_id",
                    tr(
                        "`tool_call_id` is OpenAI's name; a `tool_result` block names its call "
                        "in `tool_use_id`"
                    ),
                )
            )
        else:
            out.append(
                (
                    where + ("/tool_use_id" if "tool_use_id" in block else ""),
                    tr(
                        "this result answers {found}; it should answer {id}, the id of its call",
                        found=describe(block.get("tool_use_id")),
                        id=quote(want_id),
                    ),
                )
            )
    failed = bool(result.get("is_error"))
    flag = block.get("is_error", _MISSING)
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
            out.append((where, message))
            return out  # one mistake, said once
        else:
            message = tr(
                "this call failed: its block needs `is_error: true`, or Claude takes the text "
                "for an ordinary result"
            )
        out.append((where + ("/is_error" if flag is not _MISSING else ""), message))
    elif not failed and flag is True:
        out.append(
            (
                where + "/is_error",
                tr("this call worked, so its block takes no `is_error: true`"),
            )
        )
    problem = _content_problem(found, result, prefix, where + "/content", flag="is_error")
    if problem:
        out.append(problem)
    return out


# ----------------------------------------------------------------------------- text-turn

_TEXT_TURN_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["index", "text"],
    "properties": {
        "index": {"type": "integer"},
        "role": {"enum": ["user", "assistant"]},
        "text": {"type": "string"},
    },
}


@check("text-turn", kinds=("json",), params=_TEXT_TURN_PARAMS)
@safe
def text_turn(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` has `role` (default assistant) and `text` as its `content` string.

    The text is compared without surrounding whitespace. A content of text blocks holding
    the right words is named as such (the task keeps it a string).
    """
    if ctx.messages is None:
        return _no_messages(ctx)
    index, message = ctx.message(int(params["index"]))
    role = str(params.get("role", "assistant"))
    text = str(params["text"])
    if message is None:
        return Outcome(False, tr("There is no message {index}.", index=params["index"]))
    base = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != role:
        found = message.get("role") if isinstance(message, dict) else None
        return _outcome(
            [
                (
                    base,
                    tr(
                        "message {index} should be the {role} message {text}; it has role {found}",
                        index=index,
                        role=f"`{role}`",
                        text=quote(text, 40),
                        found=describe(found),
                    ),
                )
            ]
        )
    content = message.get("content")
    if isinstance(content, str) and content.strip() == text.strip():
        return Outcome(True)
    words = _text_of(content)
    if isinstance(words, str) and words.strip() == text.strip():
        message_ = _AS_BLOCKS()
    else:
        message_ = tr(
            "the content must be the original text, {text}; found {found}",
            text=quote(text, 60),
            found=quote(words, 60) if isinstance(words, str) else describe(content),
        )
    return _outcome([(base + "/content", message_)])


# ----------------------------------------------------------------------------- field-map

#: Responses API names: right in another API, wrong in a map of Chat Completions
_RESPONSES_NAMES = frozenset(
    {"function_call", "call_id", "function_call_output", "output", "output_text", "input_text"}
)
#: Chat Completions names: right in another API, wrong in a map of the Responses API
_CHAT_NAMES = frozenset(
    {"tool_calls", "tool_call_id", "finish_reason", "function", "tool", "message", "choices"}
)
_ROLES = frozenset({"user", "assistant", "system", "tool", "developer"})
#: what a learner writes for "no such field" when JSON `null` is meant, in the course's languages
_NULL_WORDS = frozenset(
    {"null", "none", "nil", "n/a", "na", "-", "", "undefined", "nothing"}
    | {"нет", "ничего", "отсутствует", "пусто", "нету", "—"}
)
_FIELD_MAP_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["at", "key"],
    "properties": {
        "at": {"type": "string"},
        "key": {
            "type": "object",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": {"type": ["string", "null"]},
            },
        },
    },
}


def _normal_value(value: Any) -> Any:
    """`value` without spaces, and without a final `[]`: `content[]` is the lesson's way of
    writing the array `content`."""
    if not isinstance(value, str):
        return value
    return re.sub(r"\s+", "", value).removesuffix("[]")


def _chat_name(path: str) -> bool:
    """`path` starts or ends with a name only Chat Completions uses."""
    return path.split(".", 1)[0].split("[", 1)[0] in _CHAT_NAMES or (
        path.rsplit(".", 1)[-1] in _CHAT_NAMES
    )


def _entry_problem(found: Any, want: Any, side: str = "openai") -> str | None:
    """Why `found` is not `want` on `side` (None: it is right), never showing `want`."""
    if _normal_value(found) == _normal_value(want) and type(found) is type(want):
        return None
    if want is None:
        if isinstance(found, str) and found.strip().strip("\"'`").lower() in _NULL_WORDS:
            return tr(
                "{found} is a string; write JSON `null`, without quotes, for a field this "
                "format does not have",
                found=quote(found),
            )
        if side == "responses" and isinstance(found, str):
            bare = _normal_value(found).strip("\"'`")
            if bare in ("status", "completed"):
                return tr(
                    "{found}: a response's `status` says whether it finished, not why; it is "
                    "`completed` when the model asks for function calls too",
                    found=_shown(found),
                )
            if _chat_name(bare):
                return tr(
                    "{found} is a name of Chat Completions; this column is the Responses API",
                    found=_shown(found),
                )
        return tr("{found} is not right", found=_shown(found))
    if found is None:
        return tr("this format has such a field, so `null` is not right here")
    if not isinstance(found, str):
        return tr(
            "{found} is not a string; write the path or value as a string", found=describe(found)
        )
    if not found.strip():
        return tr("this entry is still empty")
    value, target = _normal_value(found), _normal_value(want)
    if target in _ROLES and value.strip("\"'`") not in _ROLES:
        return tr(
            "{found} is not a role: a message's role says who sends it (`user`, `assistant`, "
            "`system` or `tool`)",
            found=_shown(found),
        )
    bare = value.strip("\"'`")
    if bare != value and bare == target:
        return tr(
            "{found} has quotes of its own; write the value without them", found=_shown(found)
        )
    if bare.lower() == target.lower():
        return tr("{found} is not right: names are case-sensitive", found=_shown(found))
    if side == "responses" and target == "call_id" and bare == "id":
        return tr(
            "{found} is the item's own id; the id that pairs a call with its result is "
            "another field of the same item",
            found=_shown(found),
        )
    if side == "responses" and _chat_name(bare):
        return tr(
            "{found} is a name of Chat Completions; this column is the Responses API",
            found=_shown(found),
        )
    if re.sub(r"\.(\d+)(?=\.|$)", r"[\1]", bare) == target:
        return tr("write an array index as `[0]`, as in the task: {found}", found=_shown(found))
    if bare.endswith("." + target):
        return tr(
            "{found} starts above where this group's paths start: drop {extra}",
            found=_shown(found),
            extra=_shown(bare[: len(bare) - len(target)]),
        )
    if target.endswith("." + bare):
        return tr("{found} is only the end of the path: it starts higher up", found=_shown(found))
    if side == "openai" and (
        bare in _RESPONSES_NAMES or bare.rsplit(".", 1)[-1] in _RESPONSES_NAMES
    ):
        return tr(
            "{found} is a name of OpenAI's Responses API; this column is Chat Completions",
            found=_shown(found),
        )
    return tr("{found} is not right", found=_shown(found))


@check("field-map", kinds=("json",), params=_FIELD_MAP_PARAMS)
@safe
def field_map(ctx: JsonContext, params: Mapping) -> Outcome:
    """The group at `at` maps each entry of `key` to its values, one per API (`anthropic`,
    `openai` for Chat Completions, `responses` for the Responses API: the sides `key` has).

    Whitespace does not count, nor a final `[]` on an array's path; `null` is JSON null. A
    wrong value is named by its likely cause (quotes of its own, the string "null", a case
    slip, a path that starts too high or too low, the other OpenAI API's name) and the
    expected value is never shown.
    """
    at = str(params["at"])
    key: Mapping = params["key"]
    group = get_pointer(ctx.value, at, _MISSING)
    if not isinstance(group, dict):
        message = (
            tr("The group {at} is missing.", at=f"`{at.lstrip('/')}`")
            if group is _MISSING
            else tr(
                "The group {at} is {value}; write an object of entries.",
                at=f"`{at.lstrip('/')}`",
                value=describe(group),
            )
        )
        return Outcome(False, message)
    problems: list[Problem] = []
    for entry, sides in key.items():
        where = at + pointer(entry)
        found = group.get(entry, _MISSING)
        if not isinstance(found, dict):
            problems.append(
                (
                    where if found is not _MISSING else at,
                    tr("the entry {entry} is missing", entry=f"`{entry}`")
                    if found is _MISSING
                    else tr(
                        "the entry {entry} is not an object of {sides}",
                        entry=f"`{entry}`",
                        sides=", ".join(f"`{side}`" for side in sides),
                    ),
                )
            )
            continue
        for side, want in sides.items():
            value = found.get(side, _MISSING)
            if value is _MISSING:
                problems.append(
                    (where, tr("{entry} has no {side} value", entry=f"`{entry}`", side=f"`{side}`"))
                )
                continue
            why = _entry_problem(value, want, side)
            if why:
                problems.append(
                    (
                        where + pointer(side),
                        tr("{entry}, {side}: {why}", entry=f"`{entry}`", side=side, why=why),
                    )
                )
    return _outcome(problems)


# ------------------------------------------------------------ the Responses API's next input

_ITEMS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["items"],
    "properties": {
        "items": {"type": "array", "items": {"type": "object"}, "minItems": 1},
    },
}
#: fields of an output item the API fills in that a request may leave out
_ITEM_OPTIONAL = frozenset({"status"})


def _item_text(item: Mapping) -> str | None:
    """The text of a message item: a content string or its text parts joined."""
    content = item.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content:
        texts = [p.get("text") if isinstance(p, dict) else None for p in content]
        if all(isinstance(t, str) for t in texts):
            return "".join(texts)
    return None


def _same_item(found: Any, want: Mapping) -> bool:
    """`found` is `want` sent back: a message by its role and text, any other item field by
    field (the API's `status` may be left out)."""
    if not isinstance(found, dict):
        return False
    if want.get("role") and not want.get("id"):
        return found.get("role") == want["role"] and _item_text(found) == _item_text(want)
    keys = (set(found) | set(want)) - _ITEM_OPTIONAL
    return all(same(found.get(k, _MISSING), want.get(k, _MISSING)) for k in keys)


def _item_label(item: Mapping) -> str:
    kind = item.get("type") or "message"
    return f"`{kind}` {quote(item['id'])}" if item.get("id") else f"`{item.get('role')}` message"


def _find_item(items: list, want: Mapping, start: int) -> int | None:
    """Where `want` stands in `items` (its id, else the first message of its role)."""
    for k in range(start, len(items)):
        item = items[k]
        if not isinstance(item, dict):
            continue
        if want.get("id") and item.get("id") == want["id"]:
            return k
        if not want.get("id") and want.get("role") and item.get("role") == want["role"]:
            return k
    return None


@check("items-resent", kinds=("json",), params=_ITEMS_PARAMS)
@safe
def items_resent(ctx: JsonContext, params: Mapping) -> Outcome:
    """The Responses `input` holds `items` again, unchanged and in their order: the earlier
    input, then the previous response's output items (reasoning included).

    A message counts by its role and text (a string or text parts); any other item field
    by field, except the `status` the API fills in. A dropped reasoning item, a call sent
    back in Chat Completions' shape, an item changed or out of order are named as such.
    """
    if ctx.messages is None:
        return Outcome(
            False,
            tr(
                "Your answer is {value}; write the JSON array of input items (or a request "
                "body whose `input` is that array).",
                value=describe(ctx.value),
            ),
        )
    items, problems, after = ctx.messages, [], 0
    if isinstance(ctx.value, dict) and "previous_response_id" in ctx.value:
        problems.append(
            (
                "/previous_response_id",
                tr(
                    "this task keeps the conversation in `input` itself, without "
                    "`previous_response_id`: send the earlier items again"
                ),
            )
        )
    for want in params["items"]:
        k = _find_item(items, want, 0)
        label = _item_label(want)
        if k is None:
            if want.get("type") == "reasoning":
                message = tr(
                    "the reasoning item {id} is missing: a reasoning model's calls go back "
                    "together with the reasoning item that came before them",
                    id=quote(want.get("id")),
                )
            elif want.get("type") == "function_call" and any(
                isinstance(m, dict) and "tool_calls" in m for m in items
            ):
                message = tr(
                    "{item} is missing: the calls are written as a Chat Completions "
                    "`tool_calls` list; in the Responses API each call goes back as the "
                    "`function_call` item the response held",
                    item=label,
                )
            elif want.get("role") and not want.get("id"):
                message = tr(
                    "the {role} message {text} is missing: the next `input` begins with the "
                    "items of the one before",
                    role=f"`{want['role']}`",
                    text=quote(_item_text(want), 60),
                )
            else:
                message = tr("{item} is missing: send it back as the response gave it", item=label)
            problems.append((ctx.messages_ptr, message))
            continue
        base = ctx.message_ptr(k)
        if k < after:
            problems.append(
                (
                    base,
                    tr(
                        "{item} is out of order: keep the items in the order the conversation "
                        "produced them",
                        item=label,
                    ),
                )
            )
        after = max(after, k)
        if not _same_item(items[k], want):
            found = first_difference(
                {key: v for key, v in items[k].items() if key not in _ITEM_OPTIONAL}
                if isinstance(items[k], dict)
                else items[k],
                {key: v for key, v in want.items() if key not in _ITEM_OPTIONAL},
            )
            where, what = found if found else ("", tr("it differs"))
            problems.append(
                (
                    base + where,
                    tr(
                        "{item} must go back unchanged: at {where}, {what}",
                        item=label,
                        where=where or tr("the top"),
                        what=what,
                    ),
                )
            )
    return _outcome(problems)


_OUTPUTS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["results"],
    "properties": {
        "results": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["call_id", "content"],
                "properties": {
                    "call_id": {"type": "string"},
                    "item_id": {"type": "string"},
                    "content": {"type": "string"},
                    "is_error": {"type": "boolean"},
                },
            },
        },
        "prefix": {"type": "string", "minLength": 1},
    },
}


def _output_problem(found: Any, result: Mapping, prefix: str, where: str) -> Problem | None:
    """What is wrong with a `function_call_output`'s `output` (None: it is right)."""
    original = str(result["content"])
    failed = bool(result.get("is_error"))
    wanted = prefix + original if failed else original
    if found == wanted:
        return None
    if not isinstance(found, str):
        return (
            where,
            tr(
                "`output` is {value}; send the tool's result as the string it came as",
                value=describe(found),
            ),
        )
    if failed and found == original:
        return (
            where,
            tr(
                "the failed result has no {prefix} prefix: the Responses API has no error "
                "flag either, so the prefix is all that tells the model the call failed",
                prefix=quote(prefix),
            ),
        )
    rest = _PREFIX_LIKE.sub("", found, count=1)
    if failed and rest.strip() == original.strip():
        return (
            where,
            tr(
                "the prefix must be exactly {prefix}, with its case, colon and one space; "
                "found {found}",
                prefix=quote(prefix),
                found=quote(found[: len(found) - len(rest)]),
            ),
        )
    if not failed and found == prefix + original:
        return _no_prefix(where, prefix)
    return (
        where,
        tr(
            "`output` must be the result unchanged: {wanted}; found {found}",
            wanted=quote(wanted, 80),
            found=quote(found, 80),
        ),
    )


@check("function-call-outputs", kinds=("json",), params=_OUTPUTS_PARAMS)
@safe
def function_call_outputs(ctx: JsonContext, params: Mapping) -> Outcome:
    """One Responses `function_call_output` item per result, quoting its call's `call_id`.

    Params: `results` (`{call_id, item_id?, content, is_error?}`), `prefix` (default
    `Error: `). Each output is `{"type": "function_call_output", "call_id": ..., "output":
    ...}` with the result's text as a string, a failed one with `prefix` in front. An
    output quoting the call item's own `id` (`item_id`), a Chat Completions `tool` message,
    a result decoded into an object, a missing or needless prefix are named as such.
    """
    if ctx.messages is None:
        return _no_messages(ctx)
    items = ctx.messages
    prefix = str(params.get("prefix", "Error: "))
    problems: list[Problem] = []
    for result in params["results"]:
        call_id, item_id = result["call_id"], result.get("item_id")
        outputs = [
            (k, it)
            for k, it in enumerate(items)
            if isinstance(it, dict) and it.get("type") == "function_call_output"
        ]
        mine = [(k, it) for k, it in outputs if it.get("call_id") == call_id]
        if mine:
            k, item = mine[0]
            calls = [
                j
                for j, it in enumerate(items)
                if isinstance(it, dict)
                and it.get("type") == "function_call"
                and it.get("call_id") == call_id
            ]
            problem = _output_problem(
                item.get("output"), result, prefix, ctx.message_ptr(k, "output")
            )
            if calls and k < calls[0]:
                problem = (
                    ctx.message_ptr(k),
                    tr(
                        "the output for {id} comes before its call: an output follows the "
                        "`function_call` it answers",
                        id=quote(call_id),
                    ),
                )
            if problem:
                problems.append(problem)
            continue
        wrong_id = [(k, it) for k, it in outputs if item_id and it.get("call_id") == item_id]
        chat = [
            (k, it)
            for k, it in enumerate(items)
            if isinstance(it, dict) and it.get("role") == "tool" and call_id in it.values()
        ]
        if wrong_id:
            problems.append(
                (
                    ctx.message_ptr(wrong_id[0][0], "call_id"),
                    tr(
                        "{found} is the call item's own `id`; an output quotes the call's "
                        "`call_id`, {id}",
                        found=quote(item_id),
                        id=quote(call_id),
                    ),
                )
            )
        elif chat:
            problems.append(
                (
                    ctx.message_ptr(chat[0][0]),
                    tr(
                        "the result for {id} is a Chat Completions `tool` message; in the "
                        'Responses API it is an item {{"type": "function_call_output", '
                        '"call_id": ..., "output": ...}}',
                        id=quote(call_id),
                    ),
                )
            )
        else:
            problems.append(
                (
                    ctx.messages_ptr,
                    tr(
                        "there is no `function_call_output` item for {id}: each call gets one, "
                        "quoting its `call_id`",
                        id=quote(call_id),
                    ),
                )
            )
    return _outcome(problems)


def _no_prefix(where, prefix: str):
    """The finding for a result that did not fail but carries the failure prefix."""
    return (
        where,
        tr(
            "this result did not fail, so its content takes no {prefix} prefix",
            prefix=quote(prefix),
        ),
    )
