"""The engine's checks of JSON and choice answers, and the place that registers them all.

Importing this module registers every check the engine holds: the ones below (protocol,
roles, user-text, message-equals, tool-result, result-json, json-schema, equals, choice)
and those of `checker.json_checks` and `checker.python_checks`. The registry, `@check`
and `Outcome` live in `checker.check_registry`, the contexts a check reads in
`checker.answer_context`; their names are also importable from here, as before.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

# the engine's other modules of checks: imported here to register them
import checker.json_checks  # noqa: F401
import checker.python_checks  # noqa: F401
from checker.answer_context import (
    ChoiceContext,
    JsonContext,
    not_messages,
    parse_choices,
)
from checker.check_registry import (
    _TARGET,
    CHECKS,
    INDEX,
    NO_PARAMS,
    POINTER,
    WORDS,
    CheckSpec,
    Outcome,
    check,
    criterion_id,
    params_schema,
    resolve_given,
)
from checker.diagnostics import (
    describe,
    diag,
    item_of,
    json_text,
    pointer,
    quote,
    schema_type,
    split_pointer,
    wrong_type,
)
from checker.i18n import tr, trn
from checker.jsonpointer import resolve as get_pointer

__all__ = [  # the names modules of checks imported from here before they had owners
    "CHECKS",
    "INDEX",
    "NO_PARAMS",
    "POINTER",
    "WORDS",
    "_TARGET",
    "CheckSpec",
    "ChoiceContext",
    "JsonContext",
    "Outcome",
    "check",
    "criterion_id",
    "diag",
    "first_difference",
    "get_pointer",
    "not_messages",
    "params_schema",
    "parse_choices",
    "resolve_given",
]

#: a default for `get_pointer` that marks an absent value
_ABSENT = object()


# --------------------------------------------------------------------------- JSON answers


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


def first_difference(actual: Any, expected: Any, path: str = "") -> tuple[str, str] | None:
    """(pointer, what differs) for the first place `actual` departs from `expected`, named
    where it can be (a wrong type, an item too many, items out of order)."""
    found = _Differences(0, reveal=True, sent=True)
    found.compare(actual, expected, path)
    if not found.out:
        return None
    where, what, _ = found.out[0]
    return where, what


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


#: diagnostics one criterion reports at most (the message counts them all)
MAX_DIAGNOSTICS = 40

JSON_SCHEMA_PARAMS = params_schema(
    {"schema": {"type": ["object", "boolean"]}, "at": POINTER}, ("schema",)
)
EQUALS_PARAMS = params_schema(
    {
        "key": {"description": "the expected value, any JSON"},
        "at": POINTER,
        "unordered": {
            "description": "true, or the pointers (`*` for any token) of the lists whose "
            "order does not matter",
            "oneOf": [{"type": "boolean"}, {"type": "array", "items": {"type": "string"}}],
        },
        "ignore_false": {"type": "array", "items": {"type": "string"}},
        "ignore_whitespace": {"type": "boolean"},
        "tolerance": {"type": "number", "minimum": 0},
        "reveal": {"type": "boolean"},
    },
    ("key",),
)


@check("json-schema", kinds=("json",), params=JSON_SCHEMA_PARAMS)
def json_schema(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) validates against the JSON Schema `schema`.

    Each problem is a diagnostic where it stands, in the order of the answer's text; the
    message counts the items at fault (an entry, a message), not every keyword broken.
    """
    from checker.schema_tools import validation_errors

    schema = params["schema"]
    at = params.get("at", "")
    ptr, target = ctx.resolve(at, whole_is_array=_wants_array(schema))
    problems = validation_errors(schema, target)
    if not problems:
        return Outcome(True)
    diags = [diag(ptr + p, m) for p, m in problems[:MAX_DIAGNOSTICS]]
    items = {item_of(p, target) for p, _ in problems}
    first_path, first_message = problems[0]
    return Outcome(
        False,
        trn(
            len(items),
            "{n} part of the answer does not fit the expected shape. First, at {where}: {problem}",
            "{n} parts of the answer do not fit the expected shape. First, at {where}: {problem}",
            where=ptr + first_path or tr("the top"),
            problem=first_message,
        ),
        diags,
    )


def _wants_array(schema: Any) -> bool:
    return isinstance(schema, Mapping) and (
        schema.get("type") == "array" or "items" in schema or "prefixItems" in schema
    )


def _pattern_matches(pattern: str, ptr: str) -> bool:
    a, b = split_pointer(pattern), split_pointer(ptr)
    return len(a) == len(b) and all(x in ("*", y) for x, y in zip(a, b))


def _normalise(value: Any, ptr: str, params: Mapping) -> Any:
    unordered = params.get("unordered", False)
    ignore_false = set(params.get("ignore_false", []))
    if isinstance(value, dict):
        return {
            k: _normalise(v, ptr + pointer(k), params)
            for k, v in value.items()
            if not (k in ignore_false and v is False)
        }
    if isinstance(value, list):
        items = [_normalise(v, ptr + pointer(i), params) for i, v in enumerate(value)]
        if unordered is True or (
            isinstance(unordered, list) and any(_pattern_matches(p, ptr) for p in unordered)
        ):
            items.sort(key=_canon)
        return items
    if isinstance(value, str) and params.get("ignore_whitespace"):
        return "".join(value.split())
    return value


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _numbers_close(a: Any, b: Any, tolerance: float) -> bool:
    numeric = (int, float)
    return (
        isinstance(a, numeric)
        and isinstance(b, numeric)
        and not isinstance(a, bool)
        and not isinstance(b, bool)
        and abs(a - b) <= tolerance
    )


def _json_equal(a: Any, b: Any, tolerance: float = 0) -> bool:
    """JSON equality: true is not 1; numbers within `tolerance` are equal."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_json_equal(a[k], b[k], tolerance) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_json_equal(x, y, tolerance) for x, y in zip(a, b))
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    return a == b or _numbers_close(a, b, tolerance)


class _Differences:
    """Where an answer departs from a key: (pointer, what, expected) triples, each named
    by what went wrong (a wrong type, a missing prefix, an item listed twice, items out
    of order) before any raw difference."""

    def __init__(self, tolerance: float, reveal: bool, *, sent: bool = False) -> None:
        self.tolerance = tolerance
        self.reveal = reveal
        #: the key is what the API sent (a turn to resend): an extra key is named as such
        self.sent = sent
        self.out: list[tuple[str, str, Any]] = []

    def add(self, path: str, what: str, expected: Any = None) -> None:
        self.out.append((path, what, expected))

    def compare(self, actual: Any, expected: Any, path: str) -> None:
        if _json_equal(actual, expected, self.tolerance):
            return
        if isinstance(expected, dict) and isinstance(actual, dict):
            for key in expected:
                if key not in actual:
                    self.add(path, tr("{key} is missing", key=quote(key)))
                else:
                    self.compare(actual[key], expected[key], path + pointer(key))
            for key in actual:
                if key not in expected:
                    if self.sent:
                        what = tr("the key {key} was not in what the API sent", key=quote(key))
                    else:
                        what = tr("{key} is not expected here", key=quote(key))
                    self.add(path + pointer(key), what)
        elif isinstance(expected, list) and isinstance(actual, list):
            self.compare_lists(actual, expected, path)
        else:
            self.add(path, self.scalar(actual, expected), expected)

    def scalar(self, actual: Any, expected: Any) -> str:
        """What is wrong with `actual` where `expected` stands, named where it can be."""
        wanted = schema_type(expected)
        own = schema_type(actual)
        numbers = ("integer", "number")
        if own != wanted and not (own in numbers and wanted in numbers):
            return wrong_type(actual, [wanted if wanted not in numbers else "number"]) or ""
        if isinstance(actual, str) and isinstance(expected, str):
            return self.text(actual, expected)
        return tr("{value} is not right", value=describe(actual))

    def text(self, actual: str, expected: str) -> str:
        value = describe(actual)
        if actual and expected.endswith(actual):
            prefix = expected[: len(expected) - len(actual)]
            if self.reveal or not prefix.strip(" :").isalnum() or len(prefix) <= 8:
                return tr("{value} lacks the prefix {prefix}", value=value, prefix=quote(prefix))
            return tr("{value} lacks a prefix: the rest matches", value=value)
        if expected and actual.endswith(expected):
            return tr(
                "{value} has {extra} before the expected text",
                value=value,
                extra=quote(actual[: len(actual) - len(expected)]),
            )
        if actual and expected.startswith(actual):
            return tr("{value} stops short: the end of the text is missing", value=value)
        if actual.casefold() == expected.casefold():
            return tr("{value} differs only in upper and lower case", value=value)
        if "".join(actual.split()) == "".join(expected.split()):
            return tr("{value} differs only in spaces", value=value)
        return tr("{value} is not right", value=value)

    def compare_lists(self, actual: list, expected: list, path: str) -> None:
        want = Counter(_canon(e) for e in expected)
        rest: list[tuple[int, Any]] = []  # (index in the answer, item), repeats left out
        seen: Counter = Counter()
        for i, item in enumerate(actual):
            c = _canon(item)
            seen[c] += 1
            if want[c] and seen[c] > want[c]:
                self.add(path + pointer(i), tr("{item} is listed twice", item=json_text(item)))
            else:
                rest.append((i, item))
        surplus = len(rest) - len(expected)
        if surplus > 0:
            extra = [(i, item) for i, item in rest if not want[_canon(item)]][:surplus]
            for i, item in extra:
                self.add(path + pointer(i), tr("{item} is not expected here", item=json_text(item)))
            dropped = {i for i, _ in extra}
            rest = [(i, item) for i, item in rest if i not in dropped]
        if len(rest) == len(expected):
            pairs = [(i, a, e) for (i, a), e in zip(rest, expected) if _canon(a) != _canon(e)]
            if not pairs:
                return
            if sorted(_canon(a) for _, a in rest) == sorted(want.elements()):
                i, item, _ = pairs[0]
                self.add(
                    path,
                    tr(
                        "the right items, but out of order: {item} (at {where}) is out of place",
                        item=json_text(item),
                        where=path + pointer(i),
                    ),
                )
                return
            for i, item, e in pairs:
                self.compare(item, e, path + pointer(i))
            return
        if len(rest) < len(expected) and all(want[_canon(item)] for _, item in rest):
            missing = len(expected) - len(rest)
            self.add(path, trn(missing, "{n} item is missing", "{n} items are missing"))
            return
        for (i, item), e in zip(rest, expected):
            self.compare(item, e, path + pointer(i))
        self.add(
            path,
            trn(
                len(expected),
                "expected {n} item, found {found}",
                "expected {n} items, found {found}",
                found=len(actual),
            ),
        )


def _found_elsewhere(ctx: JsonContext, ptr: str, key: Any, at: str, params: Mapping) -> str | None:
    """ "out of order" when the item expected at `ptr` (an array element) stands at another
    index of the same array."""
    tokens = split_pointer(ptr)
    if not tokens or not tokens[-1].isdigit():
        return None
    parent = get_pointer(ctx.value, pointer(*tokens[:-1]), None)
    if not isinstance(parent, list):
        return None
    here = int(tokens[-1])
    expected = _normalise(key, at, params)
    tolerance = float(params.get("tolerance", 0))
    for index, item in enumerate(parent):
        if index != here and _json_equal(_normalise(item, at, params), expected, tolerance):
            return tr(
                "out of order: what belongs here stands at {other}",
                other=pointer(*tokens[:-1], index),
            )
    return None


@check("equals", kinds=("json",), params=EQUALS_PARAMS)
def equals(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) equals `key` (lists unordered where declared).

    `at` is written against what the exercise asks for: with a request body for an
    answer, `/2` is the third message. Each difference is named (a wrong type, a missing
    prefix, an item listed twice, items out of order) before any raw difference; with
    `reveal`, a hint shows the expected value.
    """
    at = params.get("at", "")
    key = params["key"]
    ptr, _ = ctx.resolve(at, whole_is_array=isinstance(key, list))
    actual = get_pointer(ctx.value, ptr, _ABSENT)
    reveal = bool(params.get("reveal", False))
    found = _Differences(float(params.get("tolerance", 0)), reveal)
    if actual is _ABSENT:
        found.add(ptr, tr("{where} is missing", where=ptr or tr("the answer")), key)
    else:
        expected = _normalise(key, at, params)
        found.compare(_normalise(actual, at, params), expected, ptr)
    out = found.out
    if not out:
        return Outcome(True)
    elsewhere = _found_elsewhere(ctx, ptr, key, at, params)
    if elsewhere is not None:
        out = [(ptr, elsewhere, None)]
    diags = []
    for path, what, want in out[:MAX_DIAGNOSTICS]:
        hint = tr("expected {value}", value=describe(want)) if reveal and want is not None else ""
        diags.append(diag(path, what, hint))
    shown = "; ".join(f"{p or tr('the answer')}: {w}" for p, w, _ in out[:3])
    more = tr(" (and {n} more)", n=len(out) - 3) if len(out) > 3 else ""
    return Outcome(
        False,
        trn(
            len(out),
            "{n} place differs from the answer key: {places}{more}.",
            "{n} places differ from the answer key: {places}{more}.",
            places=shown,
            more=more,
        ),
        diags,
    )


# --------------------------------------------------------------------------- choice answers


#: words a learner writes between ids (`7 and 13`, `turns 7, 13`); dropped unless an id
FILLER_WORDS = frozenset({"and", "&", "e", "turn", "turns", "turno", "turnos", "option", "options"})


@check("choice", kinds=("choice",), params=NO_PARAMS)
def choice(ctx: ChoiceContext, params: Mapping) -> Outcome:
    """The chosen options are exactly the correct ones; each wrong pick shows its feedback."""
    by_id = {str(c["id"]).lower(): c for c in ctx.choices}
    chosen_ids = [c for c in ctx.chosen if c in by_id or c not in FILLER_WORDS]
    unknown = [c for c in chosen_ids if c not in by_id]
    if unknown:
        return Outcome(
            False,
            trn(
                len(unknown),
                "{chosen} is not one of the options ({options}).",
                "{chosen} are not among the options ({options}).",
                chosen=", ".join(quote(u) for u in unknown),
                options=", ".join(by_id),
            ),
        )
    if not chosen_ids:
        return Outcome(
            False, tr("Pick an option: write its id ({options}).", options=", ".join(by_id))
        )
    correct = {str(c["id"]).lower() for c in ctx.choices if c["correct"]}
    chosen = set(chosen_ids)
    if chosen == correct:
        return Outcome(True, " ".join(by_id[c]["feedback"] for c in dict.fromkeys(chosen_ids)))
    wrong = [by_id[c]["feedback"] for c in dict.fromkeys(chosen_ids) if c not in correct]
    missed = len(correct - chosen)
    parts = wrong[:]
    if missed and not wrong:
        parts.append(
            trn(
                missed,
                "Right so far, but {n} more option holds too.",
                "Right so far, but {n} more options hold too.",
            )
        )
    return Outcome(False, " ".join(parts))
