"""Exercise criteria: named marking functions that an exercise's YAML lists with parameters.

An exercise declares `criteria: [{check, label, id?, params?}]`. Each `check` names a
function registered here with `@check(name, kinds)`; it receives a context (the learner's
parsed answer and what the exercise gives) and its `params`, and returns an `Outcome`:
passed or not, a message in the learner's terms, and optional diagnostics that point at
the place in the answer to fix (their `rule` is the criterion's id).

A string parameter `"$given/pointer"` stands for the value at that JSON pointer inside
the exercise's `given`, so a fixture is written once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from checker.diagnostics import Diagnostic, describe, pointer, quote, split_pointer
from checker.i18n import tr, trn


@dataclass
class Outcome:
    """What one criterion found."""

    passed: bool
    message: str = ""
    #: where to look; `rule` left empty is filled with the criterion's id
    diagnostics: list[Diagnostic] = field(default_factory=list)


@dataclass(frozen=True)
class CheckSpec:
    name: str
    function: Callable[..., Outcome]
    kinds: tuple[str, ...]
    doc: str
    #: JSON Schema of the check's `params` (None: not declared)
    params: Mapping[str, Any] | None = None


#: check name -> its spec, for the engine's own checks. Filled by `@check`;
#: `checker.python_checks` adds python ones. A course's own checks go to its own registry
#: (`checker.checks.load_folder`).
CHECKS: dict[str, CheckSpec] = {}
#: where `@check` registers: CHECKS, or the registry of the course folder being loaded
_TARGET: list[dict[str, CheckSpec]] = [CHECKS]


def check(
    name: str,
    kinds: tuple[str, ...] = ("json",),
    *,
    params: Mapping[str, Any] | None = None,
):
    """Register a marking function under `name` for exercises of the given kinds.

    `params` is the JSON Schema of the check's parameters: `validate` reports a criterion
    whose `params` break it at its file:line:col (an unknown key with "did you mean").
    """

    def register(function: Callable[..., Outcome]) -> Callable[..., Outcome]:
        doc = (function.__doc__ or "").strip()
        _TARGET[-1][name] = CheckSpec(name, function, kinds, doc, params)
        return function

    return register


def resolve_given(value: Any, given: Any) -> Any:
    """Replace every `"$given/pointer"` string inside `value` by that part of `given`."""
    if isinstance(value, str) and value.startswith("$given"):
        return get_pointer(given, value[len("$given") :])
    if isinstance(value, list):
        return [resolve_given(v, given) for v in value]
    if isinstance(value, dict):
        return {k: resolve_given(v, given) for k, v in value.items()}
    return value


_MISSING = object()


def get_pointer(value: Any, ptr: str, default: Any = _MISSING) -> Any:
    """The value at JSON pointer `ptr` (KeyError, or `default`, when absent)."""
    for token in split_pointer(ptr):
        if isinstance(value, Mapping) and token in value:
            value = value[token]
        elif (
            isinstance(value, list)
            and token.lstrip("-").isdigit()
            and -len(value) <= int(token) < len(value)
        ):
            value = value[int(token)]
        else:
            if default is _MISSING:
                raise KeyError(ptr)
            return default
    return value


# --------------------------------------------------------------------------- JSON answers


class JsonContext:
    """A parsed JSON answer, with helpers to find its messages and point into it."""

    def __init__(self, value: Any, given: Any, api: str, model: str | None, lint: Callable):
        self.value = value
        self.given = given
        self.api = api
        self.model = model
        self._lint = lint
        self._lint_result = None
        if isinstance(value, list):
            self.messages, self.messages_ptr = value, ""
        elif isinstance(value, dict) and isinstance(value.get("messages"), list):
            self.messages, self.messages_ptr = value["messages"], "/messages"
        else:
            self.messages, self.messages_ptr = None, ""

    def lint(self):
        if self._lint_result is None:
            self._lint_result = self._lint(self.value)
        return self._lint_result

    def message_ptr(self, index: int, *rest: str | int) -> str:
        return self.messages_ptr + pointer(index, *rest)

    def message(self, index: int) -> tuple[int, Any]:
        """(absolute index, message) for a possibly negative index; (-1, None) if absent."""
        if not self.messages or not -len(self.messages) <= index < len(self.messages):
            return -1, None
        index %= len(self.messages)
        return index, self.messages[index]


def not_messages(ctx: JsonContext) -> Outcome:
    shape = describe(ctx.value)
    return Outcome(
        False,
        tr(
            "Your answer is {shape}; this exercise wants a JSON array of messages "
            "(or a request body whose `messages` is that array).",
            shape=shape,
        ),
    )


def diag(path: str, message: str, hint: str = "", severity: str = "error") -> Diagnostic:
    return Diagnostic(rule="", severity=severity, path=path, message=message, hint=hint)


def _role(message: Any) -> str:
    if isinstance(message, dict):
        role = message.get("role")
        return role if isinstance(role, str) else describe(role)
    return f"({describe(message)})"


@check("protocol", kinds=("json",))
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


@check("roles", kinds=("json",))
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


@check("user-text", kinds=("json",))
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
                tr("found {value}", value=found),
                tr("Resend the user's question word for word."),
            )
        ],
    )


def first_difference(actual: Any, expected: Any, path: str = "") -> tuple[str, str] | None:
    """(pointer, what differs) for the first place `actual` departs from `expected`."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return path, tr("expected an object, found {value}", value=describe(actual))
        for key in expected:
            if key not in actual:
                return path, tr("the key {key} is missing", key=quote(key))
            found = first_difference(actual[key], expected[key], path + pointer(key))
            if found:
                return found
        for key in actual:
            if key not in expected:
                return path + pointer(key), tr(
                    "the key {key} was not in what the API sent", key=quote(key)
                )
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list):
            return path, tr("expected an array, found {value}", value=describe(actual))
        for i, (a, e) in enumerate(zip(actual, expected)):
            found = first_difference(a, e, path + pointer(i))
            if found:
                return found
        if len(actual) != len(expected):
            return path, trn(
                len(expected),
                "expected {n} item, found {found}",
                "expected {n} items, found {found}",
                found=len(actual),
            )
        return None
    if type(actual) is not type(expected) and not (
        isinstance(actual, (int, float))
        and isinstance(expected, (int, float))
        and not isinstance(actual, bool)
        and not isinstance(expected, bool)
    ):
        return path, _expected_found(expected, actual)
    if actual != expected:
        return path, _expected_found(expected, actual)
    return None


def _expected_found(expected: Any, actual: Any) -> str:
    return tr(
        "expected {expected}, found {found}", expected=describe(expected), found=describe(actual)
    )


ENVELOPE_FIELDS = ("stop_reason", "stop_sequence", "id", "type", "model", "usage")


@check("message-equals", kinds=("json",))
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


@check("tool-result", kinds=("json",))
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
        return Outcome(
            False,
            tr(
                "The tool result travels in a `user` message; message {index} has role {role}.",
                index=index,
                role=quote(message.get("role")),
            ),
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


@check("result-json", kinds=("json",))
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


@check("json-schema", kinds=("json",))
def json_schema(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) validates against the JSON Schema `schema`."""
    from checker.schema_tools import validation_errors

    at = params.get("at", "")
    target = get_pointer(ctx.value, at, None)
    problems = validation_errors(params["schema"], target)
    if not problems:
        return Outcome(True)
    diags = [diag(at + p, m) for p, m in problems[:20]]
    first_path, first_message = problems[0]
    return Outcome(
        False,
        trn(
            len(problems),
            "{n} part of the answer does not fit the expected shape. First, at {where}: {problem}",
            "{n} parts of the answer do not fit the expected shape. First, at {where}: {problem}",
            where=at + first_path or tr("the top"),
            problem=first_message,
        ),
        diags,
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
            items.sort(key=lambda v: json.dumps(v, sort_keys=True, default=str))
        return items
    if isinstance(value, str) and params.get("ignore_whitespace"):
        return "".join(value.split())
    return value


def _numbers_close(a: Any, b: Any, tolerance: float) -> bool:
    numeric = (int, float)
    return (
        isinstance(a, numeric)
        and isinstance(b, numeric)
        and not isinstance(a, bool)
        and not isinstance(b, bool)
        and abs(a - b) <= tolerance
    )


def _differences(actual: Any, expected: Any, path: str, tolerance: float, out: list) -> None:
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in expected:
            if key not in actual:
                out.append((path, tr("{key} is missing", key=quote(key)), None))
            else:
                _differences(actual[key], expected[key], path + pointer(key), tolerance, out)
        for key in actual:
            if key not in expected:
                out.append(
                    (path + pointer(key), tr("{key} is not expected here", key=quote(key)), None)
                )
    elif isinstance(expected, list) and isinstance(actual, list) and len(actual) == len(expected):
        for i, (a, e) in enumerate(zip(actual, expected)):
            _differences(a, e, path + pointer(i), tolerance, out)
    elif actual != expected and not _numbers_close(actual, expected, tolerance):
        out.append((path, tr("{value} is not right", value=describe(actual)), expected))


@check("equals", kinds=("json",))
def equals(ctx: JsonContext, params: Mapping) -> Outcome:
    """The answer (or the part at `at`) equals `key` (lists unordered where declared)."""
    at = params.get("at", "")
    actual = get_pointer(ctx.value, at, None)
    expected = _normalise(params["key"], at, params)
    normal = _normalise(actual, at, params)
    out: list = []
    _differences(normal, expected, at, float(params.get("tolerance", 0)), out)
    if not out:
        return Outcome(True)
    reveal = params.get("reveal", False)
    diags = []
    for path, what, want in out[:20]:
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


def parse_choices(text: str) -> list[str]:
    """The choice ids in a choice answer: `b`, `a, c`, or a JSON array `["a", "c"]`."""
    text = text.strip()
    if text.startswith("["):
        try:
            value = json.loads(text)
        except (ValueError, RecursionError):  # not JSON, or nested too deeply: read words
            value = None
        if isinstance(value, list):
            return [str(v).strip().lower() for v in value]
    return [t.lower() for t in re.split(r"[\s,;]+", text) if t]


@check("choice", kinds=("choice",))
def choice(ctx: ChoiceContext, params: Mapping) -> Outcome:
    """The chosen options are exactly the correct ones; each wrong pick shows its feedback."""
    by_id = {c["id"]: c for c in ctx.choices}
    unknown = [c for c in ctx.chosen if c not in by_id]
    if unknown:
        return Outcome(
            False,
            tr(
                "{chosen} is not one of the options ({options}).",
                chosen=", ".join(quote(u) for u in unknown),
                options=", ".join(by_id),
            ),
        )
    if not ctx.chosen:
        return Outcome(
            False, tr("Pick an option: write its id ({options}).", options=", ".join(by_id))
        )
    correct = {c["id"] for c in ctx.choices if c["correct"]}
    chosen = set(ctx.chosen)
    if chosen == correct:
        return Outcome(True, " ".join(by_id[c]["feedback"] for c in ctx.chosen))
    wrong = [by_id[c]["feedback"] for c in ctx.chosen if c not in correct]
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


@dataclass
class ChoiceContext:
    choices: list[dict]
    chosen: list[str]


# The engine's other general checks register themselves on import.
import checker.json_checks  # noqa: E402, F401
import checker.python_checks  # noqa: E402, F401
