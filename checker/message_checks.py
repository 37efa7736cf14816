"""The engine's checks of a messages array: protocol, roles, user-text, message-equals,
tool-result, result-json."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from checker.answer_context import JsonContext, not_messages
from checker.answer_key_checks import first_difference
from checker.check_registry import INDEX, NO_PARAMS, WORDS, Outcome, check, params_schema
from checker.diagnostics import (
    describe,
    diag,
    pointer,
    quote,
)
from checker.i18n import tr, trn

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def _role(message: Any) -> str:
    if isinstance(message, dict):
        role = message.get("role")
        return role if isinstance(role, str) else describe(role)
    return f"({describe(message)})"


@check("protocol", kinds=("json",), params=NO_PARAMS)
def protocol(ctx: JsonContext, params: Mapping) -> Outcome:
    """The request is one the API would accept (every protocol rule of the exercise's API)."""
    if ctx.messages is None and not isinstance(ctx.value, dict):
        return not_messages(ctx)
    errors = ctx.lint().errors
    if not errors:
        return Outcome(True, tr("The API would accept this request."))
    rules = sorted({d.rule for d in errors})
    return Outcome(
        False,
        trn(
            len(errors),
            "The API would reject this request with a 400: {n} problem ({rules}). "
            "The first: {first}",
            "The API would reject this request with a 400: {n} problems ({rules}). "
            "The first: {first}",
            rules=", ".join(rules),
            first=errors[0].message,
        ),
    )


@check(
    "roles",
    kinds=("json",),
    params=params_schema({"roles": {"type": "array", "items": {"type": "string"}}}, ("roles",)),
)
def roles(ctx: JsonContext, params: Mapping) -> Outcome:
    """The messages have exactly the roles `params.roles`, in order."""
    if ctx.messages is None:
        return not_messages(ctx)
    expected = list(params["roles"])
    actual = [_role(m) for m in ctx.messages]
    if actual == expected:
        return Outcome(True)
    values = {"n": len(expected), "roles": ", ".join(expected), "actual": ", ".join(actual)}
    if not actual:
        message = tr("Expected {n} messages with roles {roles}; yours are none.", **values)
    elif len(actual) == 1:
        message = tr("Expected {n} messages with roles {roles}; yours is {actual}.", **values)
    else:
        message = tr("Expected {n} messages with roles {roles}; yours are {actual}.", **values)
    index = next((i for i, (a, e) in enumerate(zip(actual, expected)) if a != e), None)
    hint = ""
    if "tool" in actual and ctx.api == "anthropic":
        hint = tr(
            "`tool` is the OpenAI role. In the Messages API a tool result travels in a "
            "`user` message, as a `tool_result` content block."
        )
    elif "system" in actual and ctx.api == "anthropic":
        hint = tr("The Messages API takes the system prompt as the top-level `system` field.")
    if index is None:
        index = min(len(actual), len(expected)) - (1 if len(actual) > len(expected) else 0)
        index = max(index, 0)
        if len(actual) < len(expected):
            where = tr("{message} (missing here)", message=message)
        else:
            where = tr("{message} (one too many here)", message=message)
        path = ctx.message_ptr(index) if actual else ctx.messages_ptr
        return Outcome(False, message, [diag(path, where, hint)])
    path = ctx.message_ptr(index, "role")
    return Outcome(
        False,
        message,
        [
            diag(
                path,
                tr(
                    "message {index} should have role {role}",
                    index=index,
                    role=quote(expected[index]),
                ),
                hint,
            )
        ],
    )


@check(
    "user-text",
    kinds=("json",),
    params=params_schema({"index": INDEX, "text": {"type": "string"}, "what": WORDS}, ("text",)),
)
def user_text(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is the user's text `text`: a string, or one text block holding it."""
    if ctx.messages is None:
        return not_messages(ctx)
    index, message = ctx.message(int(params.get("index", 0)))
    text = str(params["text"])
    if message is None:
        return Outcome(False, tr("There is no message {index}.", index=params.get("index", 0)))
    path = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != "user":
        what = params["what"] if "what" in params else tr("the user's message")
        return Outcome(
            False, tr("Message {index} should be {what}, with role `user`.", index=index, what=what)
        )
    content = message.get("content")
    if (
        isinstance(content, list)
        and len(content) == 1
        and isinstance(content[0], dict)
        and content[0].get("type") == "text"
    ):
        content = content[0].get("text")
    if isinstance(content, str) and content.strip() == text.strip():
        return Outcome(True)
    found = describe(content)
    return Outcome(
        False,
        tr(
            "Message {index} should carry the user's words exactly: {text}.",
            index=index,
            text=quote(text, 80),
        ),
        [
            diag(
                path + "/content",
                tr("expected the user's words, found {value}", value=found),
                tr("Resend the user's question word for word."),
            )
        ],
    )


ENVELOPE_FIELDS = ("stop_reason", "stop_sequence", "id", "type", "model", "usage")


@check(
    "message-equals",
    kinds=("json",),
    params=params_schema(
        {"index": INDEX, "message": {"type": "object"}, "what": WORDS}, ("index", "message")
    ),
)
def message_equals(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is `message` exactly: a given turn resent unchanged (role and content)."""
    if ctx.messages is None:
        return not_messages(ctx)
    expected = params["message"]
    index, actual = ctx.message(int(params["index"]))
    what = params["what"] if "what" in params else tr("message {index}", index=params["index"])
    what = what[:1].upper() + what[1:]
    if actual is None:
        return Outcome(False, tr("{what} is missing.", what=what))
    if isinstance(actual, dict):
        extra = [k for k in actual if k in ENVELOPE_FIELDS and k not in expected]
        if extra:
            path = ctx.message_ptr(index, extra[0])
            return Outcome(
                False,
                tr(
                    "{what} carries {key}, which belongs to the response envelope, not to a "
                    "message. A message holds only `role` and `content`.",
                    what=what,
                    key=quote(extra[0]),
                ),
                [diag(path, tr("remove {key} from the message", key=quote(extra[0])))],
            )
    found = first_difference(actual, expected)
    if found is None:
        return Outcome(True)
    path, difference = found  # relative to the message
    return Outcome(
        False,
        tr(
            "{what} must be resent exactly as the API returned it, its whole `content` list "
            "included: at {where}, {difference}.",
            what=what,
            where=path or tr("the top"),
            difference=difference,
        ),
        [diag(ctx.message_ptr(index) + path, difference, tr("Copy the turn unchanged."))],
    )


def _tool_results(content: Any) -> list[tuple[int, dict]]:
    if not isinstance(content, list):
        return []
    return [
        (i, b)
        for i, b in enumerate(content)
        if isinstance(b, dict) and b.get("type") == "tool_result"
    ]


@check(
    "tool-result",
    kinds=("json",),
    params=params_schema(
        {
            "id": {"type": "string"},
            "tool_name": {"type": "string"},
            "index": INDEX,
            "first": {"type": "boolean"},
            "is_error": {"type": "boolean"},
        },
        ("id",),
    ),
)
def tool_result(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` (default: the last) holds, first, a `tool_result` for call `id`."""
    if ctx.messages is None:
        return not_messages(ctx)
    call_id = str(params["id"])
    tool_name = params.get("tool_name")
    index, message = ctx.message(int(params.get("index", -1)))
    if message is None:
        return Outcome(False, tr("There is no message to hold the tool result."))
    base = ctx.message_ptr(index)
    if not isinstance(message, dict):
        return Outcome(False, tr("Message {index} is not an object.", index=index))
    if message.get("role") != "user":
        why = tr(
            "The tool result travels in a `user` message; message {index} has role {role}.",
            index=index,
            role=quote(message.get("role")),
        )
        if message.get("role") == "tool" and ctx.api == "anthropic":
            why += " " + tr(
                "`tool` is the OpenAI role. In the Messages API a tool result travels in a "
                "`user` message, as a `tool_result` content block."
            )
        return Outcome(
            False,
            why,
            [diag(base + "/role", tr("a tool_result goes in a `user` message"))],
        )
    content = message.get("content")
    results = _tool_results(content)
    if not results:
        return Outcome(
            False,
            tr(
                "Message {index} holds no `tool_result` block. The answer to call {id} goes in "
                'a content block {{"type": "tool_result", "tool_use_id": {json_id}, '
                '"content": ...}}.',
                index=index,
                id=quote(call_id),
                json_id=json.dumps(call_id),
            ),
            [diag(base + "/content", tr("no tool_result block here"))],
        )
    matching = [(i, b) for i, b in results if b.get("tool_use_id") == call_id]
    if not matching:
        i, block = results[0]
        used = block.get("tool_use_id")
        if tool_name is not None and used == tool_name:
            why = tr(
                "`tool_use_id` is {used}, the tool's name. It must be the id of the call, {id}: "
                "results are matched to calls by id.",
                used=quote(used),
                id=quote(call_id),
            )
        else:
            why = tr(
                "`tool_use_id` is {used}, but the call's id is {id}. Copy the `id` of the "
                "tool_use block exactly: results are matched to calls by id.",
                used=quote(used),
                id=quote(call_id),
            )
        return Outcome(False, why, [diag(base + pointer("content", i, "tool_use_id"), why)])
    position, block = matching[0]
    if params.get("first", True) and position != 0:
        return Outcome(
            False,
            tr(
                "Something stands before the tool_result in this message. Results come first "
                "in the user message that answers a tool call; any text goes after them."
            ),
            [diag(base + pointer("content", 0), tr("move this block after the tool_result"))],
        )
    if not params.get("is_error", False) and block.get("is_error") is True:
        return Outcome(
            False,
            tr(
                "The tool worked, so `is_error` should be absent (or false). `is_error: true` "
                "tells the model the call failed."
            ),
            [
                diag(
                    base + pointer("content", position, "is_error"),
                    tr("the call did not fail"),
                )
            ],
        )
    return Outcome(True)


def _find_result_block(ctx: JsonContext, call_id: str) -> tuple[str, dict] | None:
    """The tool_result for `call_id`; else the last message's first one (its id is judged
    by `tool-result`, its content here)."""
    for mi in range(len(ctx.messages or []) - 1, -1, -1):
        message = ctx.messages[mi]
        if isinstance(message, dict):
            for bi, block in _tool_results(message.get("content")):
                if block.get("tool_use_id") == call_id:
                    return ctx.message_ptr(mi, "content", bi), block
    index, last = ctx.message(-1)
    if isinstance(last, dict):
        for bi, block in _tool_results(last.get("content")):
            return ctx.message_ptr(index, "content", bi), block
    return None


def _walk(value: Any):
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from _walk(v)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v)


def _carries(value: Any, want: Mapping) -> bool:
    if "number" in want:
        number = want["number"]
        token = re.compile(rf"(?<![\d.]){re.escape(str(number))}(?![\d])")
        return any(
            (isinstance(v, (int, float)) and not isinstance(v, bool) and v == number)
            or (isinstance(v, str) and token.search(v) is not None)
            for v in _walk(value)
        )
    pattern = re.compile(str(want["text"]), re.IGNORECASE)
    return any(isinstance(v, str) and pattern.search(v) for v in _walk(value))


@check(
    "result-json",
    kinds=("json",),
    params=params_schema(
        {
            "id": {"type": "string"},
            "example": {"type": "string"},
            "carries": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "text": {"type": "string"},
                        "number": {"type": "number"},
                        "name": {"type": "string"},
                    },
                    "additionalProperties": False,
                    "oneOf": [{"required": ["text"]}, {"required": ["number"]}],
                },
            },
        },
        ("id",),
    ),
)
def result_json(ctx: JsonContext, params: Mapping) -> Outcome:
    """The result for call `id` has content a program can parse as JSON, carrying `carries`."""
    if ctx.messages is None:
        return not_messages(ctx)
    call_id = str(params["id"])
    found = _find_result_block(ctx, call_id)
    if found is None:
        return Outcome(
            False, tr("There is no tool_result for call {id} to read.", id=quote(call_id))
        )
    path, block = found
    content = block.get("content")
    if isinstance(content, list):
        texts = [b.get("text") for b in content if isinstance(b, dict) and b.get("type") == "text"]
        text = "".join(t for t in texts if isinstance(t, str)) if texts else None
    else:
        text = content
    if not isinstance(text, str):
        return Outcome(
            False,
            tr(
                "The result's `content` should be a string (or text blocks) holding JSON; "
                "found {value}.",
                value=describe(content),
            ),
            [diag(path + "/content", tr("put the tool's output here as a JSON string"))],
        )
    try:
        data = json.loads(text)
        if isinstance(data, str):
            # a JSON string literal is prose in quotes: a program must parse what it holds
            text = data
            data = json.loads(text)
    except ValueError:
        example = params.get("example", "")
        if example:
            message = tr(
                "The result's content is {text}, which a program cannot parse. Send the tool's "
                "output as JSON text, such as {example}: the model reads it, and so can your "
                "tests.",
                text=quote(text, 40),
                example=example,
            )
        else:
            message = tr(
                "The result's content is {text}, which a program cannot parse. Send the tool's "
                "output as JSON text: the model reads it, and so can your tests.",
                text=quote(text, 40),
            )
        return Outcome(False, message, [diag(path + "/content", tr("not parseable as JSON"))])
    missing = [
        w.get("name", describe(w)) for w in params.get("carries", []) if not _carries(data, w)
    ]
    if missing:
        return Outcome(
            False,
            tr(
                "The result parses, but it does not carry {missing}.",
                missing=", ".join(missing),
            ),
            [diag(path + "/content", tr("missing: {missing}", missing=", ".join(missing)))],
        )
    return Outcome(True)
