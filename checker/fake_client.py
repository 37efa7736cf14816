"""A scripted, offline stand-in for the official `anthropic` SDK, and the child-side harness.

Everything in this module runs INSIDE the sandboxed child process that `checker.sandbox`
starts for a Python exercise, so it imports the standard library only (the protocol
validator, `checker.lint`, is injected as a plain function).

What the learner's code sees:

- `FakeAnthropic`: the `client` passed to the learner's function. `client.messages.create(**kw)`
  behaves like the SDK's: keyword arguments only, `model`, `max_tokens` and `messages` required
  (`TypeError` otherwise), block objects inside `messages` serialised as the SDK serialises them
  (`model_dump(exclude_unset=True, mode="json")`), anything JSON cannot encode raising the
  SDK's `TypeError`. Each request is serialised, which deep-copies it, recorded, and judged by
  the injected validator; a request the real API would answer with HTTP 400 raises
  `BadRequestError` with the API's kind of message (recorded first, so the checker still sees
  it). Otherwise the next scripted reply comes back as a `Message` with `TextBlock` /
  `ToolUseBlock` content.
- When the script is used up, `create` returns an `end_turn` text reply that says so (marked
  as not scripted in the record), so a loop that checks `stop_reason` ends by itself. A loop
  that does not is stopped at `max_requests` calls (50) by `ModelCallLimitError`.
- `ToolRecorder`: the `run_tool(name, input)` passed to the learner's function. It records
  every call and returns the scripted result for that tool name (a string that says the tool
  does not exist for an unknown name, so the run goes on and every bug can be reported). A
  scripted result `{"$raise": "message"}` makes the call raise `RuntimeError("message")`
  instead (recorded first): a tool that fails, for the learner's code to turn into an
  `is_error` result.
- `support`: the exercise's support code, if it has any, imported as that module before
  the learner's file; `"$support.NAME"` call values are its attributes (see
  `checker.sandbox`).
- `make_anthropic_module()`: what `import anthropic` resolves to in the child. Building a real
  client (`anthropic.Anthropic()`) raises `OfflineExerciseError` with a message that says to
  use the `client` passed in.

`harness_main()` at the bottom is the child's entry point: see its docstring, and
`checker.sandbox` for the parent side and the limits.
"""

from __future__ import annotations

import copy
import datetime
import io
import json
import math
import os
import signal
import sys
import time
import types
from collections.abc import Callable, Iterator, Mapping, MappingView, Sequence, Set
from typing import Any

from checker.i18n import N_, preload_catalog, set_language, tr

Validator = Callable[[dict], list]

#: The validator the harness uses unless told otherwise: `checker.lint`, Anthropic rules.
DEFAULT_VALIDATOR = "checker.fake_client:lint_validate"


# --------------------------------------------------------------------------------------
# Response objects: attribute access and dumps like the SDK's pydantic models
# --------------------------------------------------------------------------------------


class BaseModel:
    """The part of the SDK's pydantic models that lessons use.

    Fields are plain attributes. The SDK tracks which fields the API actually sent ("set"
    fields): `model_dump()` shows every field, while `to_dict()` and request serialisation
    show only the set ones. Models are not subscriptable (`block["id"]` raises `TypeError`,
    as with the real SDK) but iterate as `(field, value)` pairs, so `dict(block)` works.
    """

    _fields: tuple[str, ...] = ()
    #: fields that default to None when not given
    _optional: frozenset[str] = frozenset()
    #: the value of the `type` field, given by default
    _type: str | None = None

    def __init__(self, **data: Any) -> None:
        if self._type is not None:
            data.setdefault("type", self._type)
        missing = [f for f in self._fields if f not in data and f not in self._optional]
        if missing:
            names = ", ".join(repr(m) for m in missing)
            raise TypeError(f"{type(self).__name__}: missing required field(s) {names}")
        object.__setattr__(self, "_set", list(data))
        for name in self._fields:
            object.__setattr__(self, name, data.get(name))
        for name, value in data.items():
            if name not in self._fields:
                object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)
        if not name.startswith("_") and name not in self._set:
            self._set.append(name)

    def _names(self, exclude_unset: bool) -> list[str]:
        if exclude_unset:
            return [n for n in self._fields if n in self._set] + [
                n for n in self._set if n not in self._fields
            ]
        return list(self._fields) + [n for n in self._set if n not in self._fields]

    def _dump(
        self,
        *,
        exclude_unset: bool = False,
        exclude_none: bool = False,
        exclude_defaults: bool = False,
        include: Any = None,
        exclude: Any = None,
    ) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in self._names(exclude_unset):
            if include is not None and name not in include:
                continue
            if exclude is not None and name in exclude:
                continue
            value = getattr(self, name)
            if value is None and (exclude_none or (exclude_defaults and name in self._optional)):
                continue
            out[name] = _dump_value(
                value,
                exclude_unset=exclude_unset,
                exclude_none=exclude_none,
                exclude_defaults=exclude_defaults,
            )
        return out

    def model_dump(
        self,
        *,
        mode: str = "python",
        include: Any = None,
        exclude: Any = None,
        by_alias: bool = False,
        exclude_unset: bool = False,
        exclude_defaults: bool = False,
        exclude_none: bool = False,
        round_trip: bool = False,
        warnings: Any = True,
        **_ignored: Any,
    ) -> dict[str, Any]:
        """A new dict of every field (nested models become dicts too), like pydantic's."""
        if mode not in ("python", "json"):
            raise ValueError(f"mode must be 'python' or 'json', not {mode!r}")
        return self._dump(
            exclude_unset=exclude_unset,
            exclude_none=exclude_none,
            exclude_defaults=exclude_defaults,
            include=include,
            exclude=exclude,
        )

    def model_dump_json(
        self,
        *,
        indent: int | None = None,
        exclude_unset: bool = False,
        exclude_none: bool = False,
        **kwargs: Any,
    ) -> str:
        data = self.model_dump(exclude_unset=exclude_unset, exclude_none=exclude_none, **kwargs)
        if indent is None:
            return json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        return json.dumps(data, ensure_ascii=False, indent=indent)

    def to_dict(
        self,
        *,
        mode: str = "python",
        use_api_names: bool = True,
        exclude_unset: bool = True,
        exclude_defaults: bool = False,
        exclude_none: bool = False,
        warnings: bool = True,
    ) -> dict[str, Any]:
        """The fields the API sent, as a dict (the SDK's `to_dict()` defaults)."""
        return self.model_dump(
            mode=mode,
            exclude_unset=exclude_unset,
            exclude_defaults=exclude_defaults,
            exclude_none=exclude_none,
        )

    def to_json(
        self,
        *,
        indent: int | None = 2,
        use_api_names: bool = True,
        exclude_unset: bool = True,
        exclude_defaults: bool = False,
        exclude_none: bool = False,
        warnings: bool = True,
    ) -> str:
        """The fields the API sent, as JSON text (the SDK's `to_json()` defaults)."""
        return self.model_dump_json(
            indent=indent,
            exclude_unset=exclude_unset,
            exclude_defaults=exclude_defaults,
            exclude_none=exclude_none,
        )

    @property
    def model_fields_set(self) -> set[str]:
        return set(self._set)

    def __iter__(self) -> Iterator[tuple[str, Any]]:
        for name in self._names(False):
            yield name, getattr(self, name)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._dump() == other._dump()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names(False))
        return f"{type(self).__name__}({inner})"


def _dump_value(value: Any, **flags: bool) -> Any:
    if isinstance(value, BaseModel):
        return value._dump(**flags)
    if isinstance(value, list | tuple):
        return [_dump_value(v, **flags) for v in value]
    if isinstance(value, dict):
        return {k: _dump_value(v, **flags) for k, v in value.items()}
    return value


class TextBlock(BaseModel):
    """A text block of a reply: `.type == "text"`, `.text`."""

    _fields = ("citations", "text", "type")
    _optional = frozenset({"citations"})
    _type = "text"


class ToolUseBlock(BaseModel):
    """The model asks for a tool: `.type == "tool_use"`, `.id`, `.name`, `.input` (a dict)."""

    _fields = ("id", "input", "name", "type")
    _type = "tool_use"


class ThinkingBlock(BaseModel):
    _fields = ("signature", "thinking", "type")
    _type = "thinking"


class RedactedThinkingBlock(BaseModel):
    _fields = ("data", "type")
    _type = "redacted_thinking"


class ContentBlock(BaseModel):
    """Any other block type a script may hold: its fields are the keys given."""

    _fields = ("type",)


class Usage(BaseModel):
    _fields = (
        "cache_creation_input_tokens",
        "cache_read_input_tokens",
        "input_tokens",
        "output_tokens",
    )
    _optional = frozenset({"cache_creation_input_tokens", "cache_read_input_tokens"})


class Message(BaseModel):
    """A reply of `messages.create`: `.id`, `.content` (blocks), `.stop_reason`, `.usage`..."""

    _fields = (
        "id",
        "content",
        "model",
        "role",
        "stop_reason",
        "stop_sequence",
        "type",
        "usage",
    )
    _optional = frozenset({"stop_sequence"})
    _type = "message"


_BLOCK_CLASSES: dict[str, type[BaseModel]] = {
    "text": TextBlock,
    "tool_use": ToolUseBlock,
    "thinking": ThinkingBlock,
    "redacted_thinking": RedactedThinkingBlock,
}


def block_from_dict(data: Mapping[str, Any]) -> BaseModel:
    """The SDK object for one content block given as a dict (a fresh copy)."""
    data = copy.deepcopy(dict(data))
    cls = _BLOCK_CLASSES.get(data.get("type"), ContentBlock)  # type: ignore[arg-type]
    return cls(**data)


def message_from_dict(data: Mapping[str, Any]) -> Message:
    """A `Message` from a reply dict in the API's shape (missing envelope fields filled in)."""
    data = copy.deepcopy(dict(data))
    content = [block_from_dict(b) for b in data.pop("content", [])]
    usage = data.pop("usage", None) or {"input_tokens": 1, "output_tokens": 1}
    if "stop_reason" not in data:
        has_tool_use = any(getattr(b, "type", None) == "tool_use" for b in content)
        data["stop_reason"] = "tool_use" if has_tool_use else "end_turn"
    data.setdefault("id", "msg_01OfflineReply")
    data.setdefault("model", "offline-model")
    data.setdefault("role", "assistant")
    data.setdefault("stop_sequence", None)
    return Message(content=content, usage=Usage(**usage), **data)


# --------------------------------------------------------------------------------------
# Errors, named and shaped like the SDK's
# --------------------------------------------------------------------------------------


class AnthropicError(Exception):
    pass


class APIError(AnthropicError):
    """An error answer of the API (the SDK's base class): `.message`, `.body`, `.request`."""

    def __init__(self, message: str, request: Any = None, *, body: object | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.request = request
        self.body = body


class APIStatusError(APIError):
    """The API answered 4xx or 5xx: `.status_code`, `.response`, `.request_id` as well."""

    status_code: int = 500

    def __init__(self, message: str, *, body: object | None = None, request_id: str = "") -> None:
        super().__init__(message, None, body=body)
        self.response = None
        self.request_id = request_id


class BadRequestError(APIStatusError):
    """HTTP 400: the API refused the request as malformed. `str()` is like the SDK's."""

    status_code = 400


class APIConnectionError(APIError):
    def __init__(self, *, message: str = "Connection error.", request: Any = None) -> None:
        super().__init__(message, request, body=None)


class OfflineExerciseError(RuntimeError):
    """Raised when learner code tries to build a real client inside an exercise."""


class ModelCallLimitError(RuntimeError):
    """Raised when one run calls the model more often than any exercise needs."""


class _NotGiven:
    """The SDK's `NOT_GIVEN`: an argument left out (dropped from the request)."""

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = _NotGiven()


def bad_request(message: str, request_id: str = "req_offline") -> BadRequestError:
    """A `BadRequestError` carrying the API's error body for `message`."""
    body = {
        "type": "error",
        "error": {"type": "invalid_request_error", "message": message},
        "request_id": request_id,
    }
    return BadRequestError(f"Error code: 400 - {body}", body=body, request_id=request_id)


# --------------------------------------------------------------------------------------
# Request serialisation: what the SDK would put on the wire
# --------------------------------------------------------------------------------------


class _Unencodable(Exception):
    """A value the SDK's JSON encoder would refuse; `error` is what the SDK raises."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def _placeholder(value: Any) -> str:
    return f"<{type(value).__name__} object: not JSON serializable>"


def encode_request_value(value: Any, *, strict: bool = True) -> Any:
    """`value` as JSON data, the way the SDK encodes a request body.

    Models become their set fields (`model_dump(exclude_unset=True, mode="json")`), mappings
    become dicts, lists/tuples/sets/iterators become lists, dates become ISO strings. What the
    SDK cannot encode raises `_Unencodable` carrying the SDK's own error (`TypeError: Object
    of type X is not JSON serializable`, `ValueError` for NaN or a circular reference); with
    `strict=False` such a value becomes a placeholder string instead.
    """
    return _encode(value, strict, set())


def _fail(value: Any, error: Exception, strict: bool) -> Any:
    if strict:
        raise _Unencodable(error)
    return _placeholder(value)


def _encode(value: Any, strict: bool, active: set[int]) -> Any:
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool:
        return value
    if kind is float:
        if math.isfinite(value):
            return value
        return _fail(value, ValueError("Out of range float values are not JSON compliant"), strict)
    if isinstance(value, BaseModel):
        return _encode(value._dump(exclude_unset=True), strict, active)
    if isinstance(value, str):  # str subclasses, str enums: the string value
        return str.__str__(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return _encode(float(value), strict, active)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, _NotGiven):
        return _fail(value, TypeError("Object of type NotGiven is not JSON serializable"), strict)
    is_mapping = isinstance(value, Mapping)
    is_list = not is_mapping and (
        isinstance(value, list | tuple | set | frozenset | Iterator | MappingView | Set)
        or (isinstance(value, Sequence) and not isinstance(value, bytes | bytearray | memoryview))
    )
    if not (is_mapping or is_list):
        error = TypeError(f"Object of type {kind.__name__} is not JSON serializable")
        return _fail(value, error, strict)
    if id(value) in active:
        return _fail(value, ValueError("Circular reference detected"), strict)
    active.add(id(value))
    try:
        if is_list:
            return [_encode(v, strict, active) for v in value]
        out: dict[str, Any] = {}
        for key, item in value.items():
            if isinstance(key, str):
                name = str.__str__(key)
            elif key is None or isinstance(key, bool | int | float):
                name = json.dumps(key)
            else:
                error = TypeError(
                    f"keys must be str, int, float, bool or None, not {type(key).__name__}"
                )
                if strict:
                    raise _Unencodable(error)
                name = repr(key)
            out[name] = _encode(item, strict, active)
        return out
    finally:
        active.discard(id(value))


def api_error_message(diagnostic: Mapping[str, Any], request: Mapping[str, Any]) -> str:
    """The message the real API would put in its 400 for this diagnostic (`checker.rules`)."""
    from checker.rules.api_text import api_error_message as from_rules

    return from_rules(diagnostic, request)


# --------------------------------------------------------------------------------------
# The fake client
# --------------------------------------------------------------------------------------

#: keyword arguments of `messages.create` that go into the request body
BODY_PARAMS = (
    "max_tokens",
    "messages",
    "model",
    "metadata",
    "service_tier",
    "stop_sequences",
    "stream",
    "system",
    "temperature",
    "thinking",
    "tool_choice",
    "tools",
    "top_k",
    "top_p",
    "container",
    "context_management",
    "mcp_servers",
    "output_config",
)
#: keyword arguments that change how the SDK sends, not what
CLIENT_PARAMS = ("extra_headers", "extra_query", "extra_body", "timeout")
REQUIRED_PARAMS = ("max_tokens", "messages", "model")
MAX_REQUESTS = 50
#: a longer string returned or passed to run_tool is reported cut, as a repr
MAX_REPORTED_CHARS = 1_000_000
#: a scripted tool result `{RAISE_KEY: "message"}` makes run_tool raise RuntimeError(message)
RAISE_KEY = "$raise"
#: a call value that starts so names an attribute of the support module
SUPPORT_PREFIX = "$support."


class Messages:
    """`client.messages`: `create(**kwargs)`."""

    def __init__(self, client: FakeAnthropic) -> None:
        self._client = client

    def create(self, *args: Any, **kwargs: Any) -> Message:
        """Send one request to the scripted model; see `FakeAnthropic`."""
        return self._client._create(args, kwargs)

    def stream(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(tr(STREAM_MESSAGE))


class Anthropic:
    """`anthropic.Anthropic` inside an exercise: building one explains what to use instead."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise OfflineExerciseError(tr(OFFLINE_MESSAGE))


class AsyncAnthropic(Anthropic):
    pass


class FakeAnthropic(Anthropic):
    """The client passed to learner code: plays `script`, records and judges every request.

    `script` is a list of replies in the API's shape (`{"stop_reason": ..., "content":
    [blocks]}`, envelope fields optional). `validate(request) -> [diagnostic dicts]` judges
    each request (None: accept everything). Records: `requests` (every request body that was
    built, rejected ones included), `diagnostics` (one list per request), `errors` (what
    `create` raised: `{"index", "type", "message", "status_code", "rule"}`, `index` None when
    no request was built), `replies` (`{"request", "scripted", "message"}`).
    """

    def __init__(
        self,
        script: Sequence[Mapping[str, Any]],
        *,
        validate: Validator | None = None,
        max_requests: int = MAX_REQUESTS,
        id_seed: str = "0",
    ) -> None:
        self._script = list(script)
        self._validate = validate
        self._max_requests = max_requests
        self._id_seed = id_seed
        self._calls = 0
        self.messages = Messages(self)
        self.requests: list[dict[str, Any]] = []
        self.diagnostics: list[list[dict[str, Any]]] = []
        self.errors: list[dict[str, Any]] = []
        self.replies: list[dict[str, Any]] = []
        self.internal_errors: list[str] = []

    def with_options(self, **_options: Any) -> FakeAnthropic:
        return self

    def __repr__(self) -> str:
        return f"<FakeAnthropic: offline, {len(self._script)} scripted replies>"

    # -- one call of messages.create ----------------------------------------------------

    def _error(self, index: int | None, error: Exception, rule: str | None = None) -> Exception:
        self.errors.append(
            {
                "index": index,
                "type": type(error).__name__,
                "message": str(error),
                "status_code": getattr(error, "status_code", None),
                "rule": rule,
            }
        )
        return error

    def _create(self, args: tuple, kwargs: dict[str, Any]) -> Message:
        if args:
            raise self._error(
                None,
                TypeError(
                    f"Messages.create() takes 1 positional argument but {len(args) + 1} were "
                    "given"
                    + tr(" (pass everything by name: model=..., max_tokens=..., messages=...)")
                ),
            )
        unknown = [k for k in kwargs if k not in BODY_PARAMS and k not in CLIENT_PARAMS]
        if unknown:
            raise self._error(
                None,
                TypeError(f"Messages.create() got an unexpected keyword argument {unknown[0]!r}"),
            )
        given = {k: v for k, v in kwargs.items() if not isinstance(v, _NotGiven)}
        missing = [p for p in REQUIRED_PARAMS if p not in given]
        if missing:
            if len(missing) == 1:
                text = f"Missing required argument: {missing[0]!r}"
            else:
                text = "Missing required arguments: " + ", ".join(repr(m) for m in missing)
            raise self._error(None, TypeError(text))
        if given.get("stream"):
            raise self._error(None, NotImplementedError(tr(STREAM_MESSAGE)))
        self._calls += 1
        if self._calls > self._max_requests:
            raise ModelCallLimitError(tr(TOO_MANY_CALLS, limit=self._max_requests))

        body = {k: v for k, v in given.items() if k in BODY_PARAMS}
        extra_body = given.get("extra_body")
        if isinstance(extra_body, Mapping):
            body.update(extra_body)
        index = len(self.requests)
        try:
            request = encode_request_value(body)
        except _Unencodable as exc:
            self.requests.append(encode_request_value(body, strict=False))
            self.diagnostics.append([])
            raise self._error(index, exc.error) from None
        except RecursionError:
            self.requests.append({"__unencodable__": "nested too deeply"})
            self.diagnostics.append([])
            raise self._error(index, ValueError("Circular reference detected")) from None
        self.requests.append(request)
        diagnostics = self._judge(request)
        self.diagnostics.append(diagnostics)
        errors = [d for d in diagnostics if d.get("severity") == "error"]
        if errors:
            message = api_error_message(errors[0], request)
            rid = f"req_offline{self._id_seed}{index:02d}"
            raise self._error(index, bad_request(message, rid), str(errors[0].get("rule")))
        return self._reply(index, request)

    def _judge(self, request: dict[str, Any]) -> list[dict[str, Any]]:
        if self._validate is None:
            return []
        try:
            found = self._validate(copy.deepcopy(request))
            return [dict(d) for d in found]
        except Exception as exc:  # a bug of the validator must not be blamed on the learner
            self.internal_errors.append(f"validator failed: {type(exc).__name__}: {exc}")
            return []

    def _reply(self, index: int, request: Mapping[str, Any]) -> Message:
        position = len(self.replies)
        scripted = position < len(self._script)
        entry = dict(self._script[position]) if scripted else extra_reply()
        entry.setdefault("id", f"msg_01Offline{self._id_seed}R{position:03d}")
        if isinstance(request.get("model"), str):
            entry.setdefault("model", request["model"])
        if "usage" not in entry:
            entry["usage"] = {
                "input_tokens": max(1, len(json.dumps(request)) // 4),
                "output_tokens": max(1, len(json.dumps(entry.get("content", []))) // 4),
            }
        message = message_from_dict(entry)
        object.__setattr__(message, "_reply_index", index)
        self.replies.append({"request": index, "scripted": scripted, "message": message.to_dict()})
        return message


class ToolRecorder:
    """`run_tool(name, input)`: records each call and returns the scripted result.

    A scripted result `{"$raise": "message"}` (that one key) raises `RuntimeError(message)`.
    """

    def __init__(self, results: Mapping[str, Any]) -> None:
        self._results = dict(results)
        self.calls: list[dict[str, Any]] = []

    def __call__(self, name: Any, input: Any = None) -> Any:  # noqa: A002 - the SDK's word
        self.calls.append({"name": to_jsonable(name), "input": to_jsonable(input)})
        if isinstance(name, str) and name in self._results:
            result = self._results[name]
            if isinstance(result, dict) and set(result) == {RAISE_KEY}:
                raise RuntimeError(str(result[RAISE_KEY]))
            return copy.deepcopy(result)
        known = ", ".join(sorted(self._results)) or tr("none")
        return tr(UNKNOWN_TOOL, name=name, known=known)

    def __repr__(self) -> str:
        return f"<run_tool: scripted tools {', '.join(sorted(self._results)) or 'none'}>"


def support_value(support: types.ModuleType | None, name: str) -> Any:
    """`support.NAME`, or what `support.NAME()` returns when `name` ends with "()"."""
    call = name.endswith("()")
    attr = name[:-2] if call else name
    if support is None:
        raise LookupError(f"'$support.{name}' is used but the exercise has no support code")
    if not hasattr(support, attr):
        raise LookupError(f"the support code defines no {attr!r}")
    value = getattr(support, attr)
    return value() if call else value


def to_jsonable(value: Any, *, depth: int = 0) -> Any:
    """`value` as JSON data for the report: models as dicts, the rest as `{"__repr__": ...}`.

    A `Message` a fake client returned becomes its dict plus `"__reply__"`: the index of the
    request it answered.
    """
    if depth > 50:
        return {"__repr__": "... (nested too deeply)"}
    kind = type(value)
    if kind is str and len(value) > MAX_REPORTED_CHARS:
        return {"__repr__": f"{value[:2000]!r}... ({len(value)} characters in all)"}
    if value is None or kind is str or kind is int or kind is bool:
        return value
    if kind is float:
        return value if math.isfinite(value) else {"__repr__": repr(value)}
    if isinstance(value, BaseModel):
        data = to_jsonable(value.to_dict(), depth=depth + 1)
        reply = getattr(value, "_reply_index", None)
        if reply is not None:
            data = {"__reply__": reply, **data}
        return data
    if kind is list or kind is tuple:
        return [to_jsonable(v, depth=depth + 1) for v in value]
    if kind is dict and all(type(k) is str for k in value):
        return {k: to_jsonable(v, depth=depth + 1) for k, v in value.items()}
    try:
        text = repr(value)
    except Exception as exc:
        text = f"<{kind.__name__} object (repr failed: {type(exc).__name__})>"
    return {"__repr__": text[:2000]}


def lint_validate(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The default validator: `checker.lint`'s Anthropic rules, as diagnostic dicts."""
    from checker.lint import lint_value

    model = request.get("model")
    result = lint_value(
        request, "anthropic", bare=False, model=model if isinstance(model, str) else None
    )
    return [d.to_dict() for d in result.diagnostics]


# --------------------------------------------------------------------------------------
# `import anthropic` inside an exercise
# --------------------------------------------------------------------------------------


def make_anthropic_module() -> types.ModuleType:
    """A module that stands in for the `anthropic` package (and `anthropic.types`)."""
    module = types.ModuleType("anthropic", "Offline stand-in for the anthropic SDK.")
    sdk_types = types.ModuleType("anthropic.types", "Offline stand-in for anthropic.types.")
    for cls in (
        Message,
        TextBlock,
        ToolUseBlock,
        ThinkingBlock,
        RedactedThinkingBlock,
        ContentBlock,
        Usage,
    ):
        setattr(sdk_types, cls.__name__, cls)

    def types_getattr(name: str) -> Any:
        # The SDK's request types (MessageParam, ToolParam...) are TypedDicts: dicts.
        if name.endswith("Param"):
            return dict
        raise AttributeError(f"module 'anthropic.types' has no attribute {name!r}")

    sdk_types.__getattr__ = types_getattr  # type: ignore[method-assign]
    exported = {
        "Anthropic": Anthropic,
        "Client": Anthropic,
        "AsyncAnthropic": AsyncAnthropic,
        "AsyncClient": AsyncAnthropic,
        "AnthropicError": AnthropicError,
        "APIError": APIError,
        "APIStatusError": APIStatusError,
        "APIConnectionError": APIConnectionError,
        "BadRequestError": BadRequestError,
        "NOT_GIVEN": NOT_GIVEN,
        "NotGiven": _NotGiven,
        "types": sdk_types,
        "__version__": "0.0.0+offline",
    }
    for name, value in exported.items():
        setattr(module, name, value)
    module.__path__ = []  # a package, so `import anthropic.types` works
    return module


def install_anthropic_module() -> None:
    module = make_anthropic_module()
    sys.modules["anthropic"] = module
    sys.modules["anthropic.types"] = module.types


# --------------------------------------------------------------------------------------
# The child-side harness
# --------------------------------------------------------------------------------------


class _Stream(io.TextIOBase):
    """`sys.stdout` / `sys.stderr` in the child: into the harness's bounded buffer."""

    encoding = "utf-8"
    errors = "replace"

    def __init__(self, harness: _Harness, name: str) -> None:
        super().__init__()
        self._harness = harness
        self.name = name
        self.buffer = _BinaryStream(self)

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._harness.output(text)
        return len(text)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False


class _BinaryStream(io.RawIOBase):
    def __init__(self, text: _Stream) -> None:
        super().__init__()
        self._text = text

    def write(self, data: Any) -> int:
        data = bytes(data)
        self._text.write(data.decode("utf-8", "replace"))
        return len(data)

    def writable(self) -> bool:
        return True


class _RunState:
    def __init__(self, index: int, plan: Mapping[str, Any], harness: _Harness) -> None:
        self.index = index
        self.client = FakeAnthropic(
            plan["script"],
            validate=harness.validate,
            max_requests=harness.limits["max_requests"],
            id_seed=str(index + 1),
        )
        self.recorder = ToolRecorder(plan["tool_results"])
        self.ids = plan.get("ids", {})
        self.output: list[str] = []
        self.kept = 0
        self.truncated = False
        self.returned: Any = None
        self.exception: dict[str, Any] | None = None
        self.finished = False
        self.expected: Any = None
        self.mutated: list[str] = []

    def kwargs(self, call: Mapping[str, Any], support: types.ModuleType | None) -> dict[str, Any]:
        """The entry's arguments: the special values (`$client`, `$support.NAME`) resolved.

        Raises `LookupError` (an author's mistake) for a `$support.` value that names nothing.
        """
        special = {"$client": self.client, "$run_tool": self.recorder}
        out = {}
        for key, value in call.items():
            if isinstance(value, str) and value.startswith(SUPPORT_PREFIX):
                value = support_value(support, value[len(SUPPORT_PREFIX) :])
            elif isinstance(value, str):
                value = special.get(value, value)
            out[key] = value
        return out

    def snapshot(self, kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """What the arguments hold now, to tell afterwards which ones the entry changed."""
        taken = {}
        for key, value in kwargs.items():
            if value is self.client or value is self.recorder or callable(value):
                continue
            try:
                taken[key] = ("json", json.dumps(value, allow_nan=True))
            except (TypeError, ValueError, RecursionError):
                try:
                    taken[key] = ("copy", copy.deepcopy(value))
                except Exception:
                    continue
        return taken

    def changed(self, kwargs: Mapping[str, Any], taken: Mapping[str, Any]) -> list[str]:
        """The names of the arguments that differ from their snapshot."""
        out = []
        for key, (how, before) in taken.items():
            try:
                if how == "json":
                    same = json.dumps(kwargs[key], allow_nan=True) == before
                else:
                    same = bool(kwargs[key] == before)
            except Exception:
                same = False
            if not same:
                out.append(key)
        return out

    def to_dict(self, note: str) -> dict[str, Any]:
        client = self.client
        text = "".join(self.output)
        if self.truncated:
            text += note
        return {
            "index": self.index,
            "ids": self.ids,
            "requests": client.requests,
            "diagnostics": client.diagnostics,
            "request_errors": client.errors,
            "replies": client.replies,
            "tool_calls": self.recorder.calls,
            "returned": self.returned,
            "exception": self.exception,
            "stdout": text,
            "truncated": self.truncated,
            "finished": self.finished,
            "expected": self.expected,
            "mutated": self.mutated,
        }


class _Harness:
    """One child process: import the learner's file, call its entry once per planned run."""

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.config = config
        self.limits: dict[str, Any] = dict(config["limits"])
        self.path: str = config["source_path"]
        self.display: str = config["display_name"]
        self.entry: str = config["entry"]
        self.validate: Validator | None = None
        self.runs: list[_RunState] = []
        self.current: _RunState | None = None
        self.total_output = 0
        self.internal_errors: list[str] = []
        self.result_fd = -1
        self._finishing = False
        self._reserve: bytearray | None = None
        self._source_lines: list[str] = []
        self.support: types.ModuleType | None = None

    # -- output ------------------------------------------------------------------------

    def output(self, text: str) -> None:
        run = self.current or (self.runs[-1] if self.runs else None)
        self.total_output += len(text)
        if run is not None:
            room = self.limits["output_chars"] - run.kept
            if room > 0:
                piece = text[:room]
                run.output.append(piece)
                run.kept += len(piece)
            if len(text) > max(room, 0):
                run.truncated = True
        if self.total_output > self.limits["flood_chars"]:
            stuck = self.learner_frames_from_stack(sys._getframe())
            self.finish("output-flood", {"printed": self.total_output, "stuck_at": stuck})

    # -- learner frames ----------------------------------------------------------------

    def _frame_entry(self, code: Any, line: int | None) -> dict[str, Any]:
        text = ""
        if line and 0 < line <= len(self._source_lines):
            text = self._source_lines[line - 1].strip()
        return {"file": self.display, "line": line, "function": code.co_name, "code": text}

    def learner_frames_from_traceback(self, tb: Any) -> list[dict[str, Any]]:
        frames = []
        while tb is not None:
            code = tb.tb_frame.f_code
            if code.co_filename == self.path:
                frames.append(self._frame_entry(code, tb.tb_lineno))
            tb = tb.tb_next
        return _collapse(frames)

    def learner_frames_from_stack(self, frame: Any) -> list[dict[str, Any]]:
        frames = []
        while frame is not None:
            if frame.f_code.co_filename == self.path:
                frames.append(self._frame_entry(frame.f_code, frame.f_lineno))
            frame = frame.f_back
        frames.reverse()
        return _collapse(frames)

    def describe(self, exc: BaseException) -> dict[str, Any]:
        try:
            message = str(exc)
        except Exception:
            message = f"<{type(exc).__name__} whose message could not be shown>"
        if len(message) > 4000:
            message = message[:4000] + " ..."
        frames = self.learner_frames_from_traceback(exc.__traceback__)
        name = type(exc).__name__
        return {
            "type": name,
            "message": message,
            "frames": frames,
            "text": format_exception_text(name, message, frames),
        }

    # -- the run -----------------------------------------------------------------------

    def main(self) -> None:
        self._set_limits()
        self.result_fd = os.open(
            self.config["result_path"], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600
        )
        self.validate = self._load_validator(self.config.get("validator"))
        install_anthropic_module()
        sys.stdout = sys.__stdout__ = _Stream(self, "<stdout>")  # type: ignore[misc]
        sys.stderr = sys.__stderr__ = _Stream(self, "<stderr>")  # type: ignore[misc]
        sys.stdin = sys.__stdin__ = io.StringIO("")  # type: ignore[misc]
        sys.argv = [self.display]
        with open(self.path, encoding="utf-8") as handle:
            source = handle.read()
        self._source_lines = source.splitlines()
        code = compile(source, self.path, "exec", dont_inherit=True)
        install_guards(self.config["work_dir"])
        sys.dont_write_bytecode = True
        signal.signal(signal.SIGALRM, self._on_deadline)
        remaining = self.config["deadline"] - time.time()
        signal.setitimer(signal.ITIMER_REAL, max(remaining, 0.01))
        self._reserve = bytearray(4 * 1024 * 1024)

        plans = self.config["runs"]
        self.runs.append(_RunState(0, plans[0], self))
        self.current = self.runs[0]
        if self.config.get("support_path"):
            self.support = self._import_support(self.config["support_path"])
        name = self.config["module_name"]
        module = types.ModuleType(name if name not in sys.modules else "solution")
        module.__file__ = self.path
        sys.modules[module.__name__] = module
        outcome = self._call(lambda: exec(code, module.__dict__))
        if outcome is not None:
            kind, exc_info = outcome
            self.current = None
            if kind == "exception":
                self.finish("import-error", {"exception": exc_info})
            self.finish(kind, exc_info)

        function = module.__dict__.get(self.entry)
        problem = self._check_entry(module, function)
        if problem is not None:
            self.finish("missing-entry", problem)

        for index, plan in enumerate(plans):
            if index > 0:
                self.runs.append(_RunState(index, plan, self))
            run = self.runs[index]
            self.current = run
            kwargs = self._prepare(run, plan["call"])
            taken = run.snapshot(kwargs)
            outcome = self._call(lambda f=function, kw=kwargs: f(**kw), run=run)
            run.mutated = run.changed(kwargs, taken)
            if outcome is None:
                run.finished = True
            else:
                kind, detail = outcome
                if kind == "exception":
                    if detail.pop("binding", False):
                        self.current = None
                        self.finish("missing-entry", self._signature_problem(function, detail))
                    run.exception = detail
                    run.finished = True
                else:
                    run.exception = detail.get("exception")
                    self.finish(kind, detail)
        self.current = None
        self.finish("ok")

    def _import_support(self, path: str) -> types.ModuleType:
        """Import the exercise's support code as the module `support` (a failure is ours)."""
        import importlib.util

        module = None
        try:
            spec = importlib.util.spec_from_file_location("support", path)
            module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
            sys.modules["support"] = module
            spec.loader.exec_module(module)  # type: ignore[union-attr]
        except BaseException as exc:
            self.internal_errors.append(f"support code failed: {type(exc).__name__}: {exc}")
            self.current = None
            self.finish("internal-error")
        return module  # type: ignore[return-value]

    def _prepare(self, run: _RunState, call: Mapping[str, Any]) -> dict[str, Any]:
        """The run's arguments, and the support's `expected(**arguments)` for it."""
        try:
            kwargs = run.kwargs(call, self.support)
            expected = getattr(self.support, "expected", None)
            if callable(expected):
                run.expected = to_jsonable(expected(**kwargs))
        except BaseException as exc:
            self.internal_errors.append(
                f"support code failed in run {run.index + 1}: {type(exc).__name__}: {exc}"
            )
            self.current = None
            self.finish("internal-error")
        return kwargs

    def _call(self, action: Callable[[], Any], run: _RunState | None = None) -> Any:
        """Run learner code. None when it returned; else (kind, detail)."""
        try:
            value = action()
        except MemoryError as exc:
            self._reserve = None
            return "memory", {"exception": self.describe(exc)}
        except SystemExit as exc:
            described = self.describe(exc)
            return "crashed", {
                "how": "sys.exit",
                "code": to_jsonable(exc.code),
                "exception": described,
            }
        except BaseException as exc:
            described = self.describe(exc)
            # A TypeError with no frame of the learner's: the call itself did not bind.
            if run is not None and isinstance(exc, TypeError) and not described["frames"]:
                described["binding"] = True
            return "exception", described
        if run is not None:
            run.returned = to_jsonable(value)
        return None

    def _check_entry(self, module: types.ModuleType, function: Any) -> dict[str, Any] | None:
        defined = sorted(
            name
            for name, value in vars(module).items()
            if isinstance(value, types.FunctionType) and value.__module__ == module.__name__
        )
        if function is None:
            import difflib

            close = difflib.get_close_matches(self.entry, defined, n=1)
            return {
                "kind": "missing",
                "defined": defined,
                "suggestion": close[0] if close else None,
            }
        if not callable(function):
            return {"kind": "not-callable", "found": type(function).__name__}
        code = getattr(function, "__code__", None)
        if code is not None and code.co_flags & 0x80:  # CO_COROUTINE: `async def`
            return {"kind": "async"}
        return None

    def _signature_problem(self, function: Any, detail: dict[str, Any]) -> dict[str, Any]:
        code = getattr(function, "__code__", None)
        params = list(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]) if code else []
        return {
            "kind": "signature",
            "expected": list(self.config["runs"][0]["call"]),
            "found": params,
            "message": detail.get("message", ""),
        }

    def _on_deadline(self, signum: int, frame: Any) -> None:
        if self._finishing:
            return
        stuck = self.learner_frames_from_stack(frame)
        self.finish("timeout", {"stuck_at": stuck})

    # -- set-up --------------------------------------------------------------------------

    def _set_limits(self) -> None:
        import resource

        limits = self.limits
        cpu = int(limits["cpu_s"])
        for name, soft, hard in (
            ("RLIMIT_CPU", cpu, cpu + 1),
            ("RLIMIT_AS", limits["memory_bytes"], limits["memory_bytes"]),
            ("RLIMIT_FSIZE", limits["file_bytes"], limits["file_bytes"]),
            ("RLIMIT_CORE", 0, 0),
        ):
            kind = getattr(resource, name, None)
            if kind is None:
                continue
            try:
                resource.setrlimit(kind, (soft, hard))
            except (ValueError, OSError) as exc:
                self.internal_errors.append(f"could not set {name}: {exc}")

    def _load_validator(self, spec: str | None) -> Validator | None:
        if not spec:
            return None
        target, _, attr = spec.rpartition(":")
        try:
            if target.endswith(".py"):
                namespace: dict[str, Any] = {"__name__": "_tooltutor_validator"}
                with open(target, encoding="utf-8") as handle:
                    exec(compile(handle.read(), target, "exec"), namespace)
                function = namespace[attr]
            else:
                import importlib

                function = getattr(importlib.import_module(target), attr)
                if function is lint_validate:
                    import checker.lint  # noqa: F401 - imported now, before the guards go up
        except Exception as exc:
            self.internal_errors.append(f"validator {spec!r} unavailable: {exc!r}")
            return None
        return function

    # -- the end -------------------------------------------------------------------------

    def finish(self, status: str, detail: Mapping[str, Any] | None = None) -> None:
        """Write the result and end the process at once. Never returns."""
        if self._finishing:  # another thread got here first: wait for it to exit
            while True:
                signal.pause()  # pragma: no cover
        self._finishing = True
        signal.setitimer(signal.ITIMER_REAL, 0)
        self._reserve = None
        note = self.config["truncation_note"]
        try:
            result = {
                "nonce": self.config["nonce"],
                "status": status,
                "detail": dict(detail or {}),
                "runs": [run.to_dict(note) for run in self.runs],
                "internal_errors": self.internal_errors
                + [e for run in self.runs for e in run.client.internal_errors],
            }
            data = _dumps_bounded(result, self.limits["result_bytes"])
        except BaseException as exc:  # MemoryError, or something unencodable: say so briefly
            data = json.dumps(
                {
                    "nonce": self.config["nonce"],
                    "status": "memory" if isinstance(exc, MemoryError) else "internal-error",
                    "detail": {},
                    "runs": [],
                    "internal_errors": [f"could not write the result: {type(exc).__name__}"],
                }
            ).encode()
        try:
            view = memoryview(data)
            while view:
                written = os.write(self.result_fd, view)
                view = view[written:]
            os.close(self.result_fd)
        except BaseException:
            os._exit(71)
        os._exit(0)


def _collapse(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Long runs of the same frame (deep recursion) shortened as Python does."""
    out: list[dict[str, Any]] = []
    repeat = 0
    for frame in frames:
        if out and all(out[-1].get(k) == frame[k] for k in ("line", "function")):
            repeat += 1
            if repeat >= 3:
                if "repeated" not in out[-1]:
                    out.append({**frame, "repeated": 0})
                out[-1]["repeated"] += 1
                continue
        else:
            repeat = 0
        out.append(frame)
    return out


def format_exception_text(name: str, message: str, frames: list[dict[str, Any]]) -> str:
    """A traceback of the learner's own frames only, paths shown as `solution.py:LINE`."""
    lines = []
    if frames:
        lines.append(tr("Traceback (your code only, most recent call last):"))
        for frame in frames:
            if "repeated" in frame:
                lines.append(tr("  [the line above repeated {n} more times]", n=frame["repeated"]))
                continue
            lines.append(f"  {frame['file']}:{frame['line']} in {frame['function']}")
            if frame["code"]:
                lines.append(f"    {frame['code']}")
    lines.append(f"{name}: {message}" if message else name)
    return "\n".join(lines)


def _dumps_bounded(result: dict[str, Any], limit: int) -> bytes:
    """The result as JSON in at most about `limit` bytes, dropping the bulkiest parts first."""
    data = json.dumps(result, ensure_ascii=False, default=repr).encode("utf-8")
    if len(data) <= limit:
        return data
    for run in result["runs"]:
        run["requests"] = [{"__omitted__": "too large to report"} for _ in run["requests"]]
        run["replies"] = []
    result["internal_errors"].append("requests omitted: the result was too large")
    data = json.dumps(result, ensure_ascii=False, default=repr).encode("utf-8")
    if len(data) <= limit:
        return data
    for run in result["runs"]:
        run["returned"] = {"__repr__": "(too large to report)"}
        run["diagnostics"] = []
    data = json.dumps(result, ensure_ascii=False, default=repr).encode("utf-8")
    if len(data) <= limit:
        return data
    result["runs"] = []
    result["internal_errors"] = ["the result was too large to report"]
    return json.dumps(result, ensure_ascii=False, default=repr).encode("utf-8")


# --------------------------------------------------------------------------------------
# Guards: no processes, no network, no writes outside the work folder
# --------------------------------------------------------------------------------------

_PROCESS_EVENTS = frozenset(
    {
        "os.fork",
        "os.forkpty",
        "os.posix_spawn",
        "os.spawn",
        "os.system",
        "os.exec",
        "os.startfile",
        "subprocess.Popen",
    }
)
_NETWORK_EVENTS = frozenset(
    {
        "socket.connect",
        "socket.bind",
        "socket.sendto",
        "socket.sendmsg",
        "socket.getaddrinfo",
        "socket.gethostbyname",
        "socket.gethostbyname_ex",
        "socket.gethostbyaddr",
        "socket.getnameinfo",
    }
)
#: event -> (position of a path argument that gets changed, position of its dir_fd or -1)
_PATH_EVENTS: dict[str, tuple[tuple[int, int], ...]] = {
    "os.remove": ((0, 1),),
    "os.rmdir": ((0, 1),),
    "os.mkdir": ((0, 2),),
    "os.chmod": ((0, 2),),
    "os.chown": ((0, 3),),
    "os.utime": ((0, 3),),
    "os.truncate": ((0, -1),),
    "os.rename": ((0, 2), (1, 3)),
    "os.link": ((1, 3),),
    "os.symlink": ((1, 2),),
    "os.setxattr": ((0, -1),),
    "os.removexattr": ((0, -1),),
}
_OTHER_EVENTS = frozenset(
    {"open", "os.kill", "os.killpg", "ctypes.dlopen", "ctypes.dlsym", "import"}
    | {"resource.setrlimit", "resource.prlimit", "sqlite3.connect"}
)
_WATCHED = _PROCESS_EVENTS | _NETWORK_EVENTS | frozenset(_PATH_EVENTS) | _OTHER_EVENTS
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def install_guards(work_dir: str) -> None:
    """Refuse, from now on, what an exercise must not do: an audit hook (PEP 578).

    Audit hooks cannot be removed, and the events are raised by the interpreter itself, so
    this holds for every way in (os, subprocess, multiprocessing, pty, socket, urllib...):

    - new processes (fork, spawn, exec, system, subprocess): `PermissionError`;
    - the network (connect, bind, send, name look-ups): `ConnectionRefusedError`;
    - writing, creating, renaming or deleting files outside `work_dir`: `PermissionError`;
    - signals to other processes, changing resource limits, loading C libraries with
      `ctypes`: `PermissionError`;
    - SQLite databases outside `work_dir` (`sqlite3.connect` opens files in C code, which
      raises no `open` event): `PermissionError`, so an exercise cannot touch the
      learner's progress database by connecting to it.

    `_posixsubprocess.fork_exec`, which raises no event, is replaced, and importing that
    module again is refused.
    """
    import _posixsubprocess
    from urllib.parse import unquote, urlsplit

    def fork_exec(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(tr(PROCESS_BLOCKED))

    _posixsubprocess.fork_exec = fork_exec
    work = os.path.realpath(work_dir)
    own_pid = os.getpid()
    own_group = os.getpgrp()

    def writable(path: Any, dir_fd: Any = None) -> bool:
        if isinstance(path, int):
            return True  # an open file descriptor: its opening was checked
        try:
            path = os.fsdecode(path)
            if dir_fd is not None and not os.path.isabs(path):
                path = os.path.join(os.readlink(f"/proc/self/fd/{dir_fd}"), path)
            full = os.path.realpath(path)
        except Exception:
            return False
        return full == work or full.startswith(work + os.sep) or full == os.devnull

    def database_allowed(name: Any) -> bool:
        """An SQLite database name (a path, `:memory:`, or a `file:` URI) in `work`."""
        try:
            name = os.fsdecode(name)
        except Exception:
            return False
        if name in ("", ":memory:"):
            return True
        if name.startswith("file:"):  # a URI (read as one when `uri=True`): check its path
            parts = urlsplit(name)
            if "mode=memory" in parts.query or parts.path in ("", ":memory:"):
                return True
            return writable(unquote(parts.path))
        return writable(name)

    def hook(event: str, args: tuple) -> None:
        if event not in _WATCHED:
            return
        if event == "open":
            flags = args[2]
            if isinstance(flags, int) and flags & _WRITE_FLAGS and not writable(args[0]):
                raise PermissionError(tr(WRITE_BLOCKED, path=args[0]))
        elif event in _PATH_EVENTS:
            for position, fd_position in _PATH_EVENTS[event]:
                dir_fd = args[fd_position] if 0 <= fd_position < len(args) else None
                path = args[position] if position < len(args) else None
                if not writable(path, dir_fd if isinstance(dir_fd, int) and dir_fd >= 0 else None):
                    raise PermissionError(tr(WRITE_BLOCKED, path=path))
        elif event in _NETWORK_EVENTS:
            raise ConnectionRefusedError(tr(NETWORK_BLOCKED))
        elif event in _PROCESS_EVENTS:
            raise PermissionError(tr(PROCESS_BLOCKED))
        elif event == "os.kill":
            if args[0] not in (own_pid, 0, -own_group):
                raise PermissionError(tr(SIGNAL_BLOCKED))
        elif event == "os.killpg":
            if args[0] not in (own_group, 0):
                raise PermissionError(tr(SIGNAL_BLOCKED))
        elif event in ("ctypes.dlopen", "ctypes.dlsym"):
            raise PermissionError(tr(CTYPES_BLOCKED))
        elif event in ("resource.setrlimit", "resource.prlimit"):
            raise PermissionError(tr(LIMITS_BLOCKED))
        elif event == "import" and args[0] == "_posixsubprocess":
            raise PermissionError(tr(PROCESS_BLOCKED))
        elif event == "sqlite3.connect" and not database_allowed(args[0]):
            raise PermissionError(tr(DATABASE_BLOCKED, path=args[0]))

    sys.addaudithook(hook)


def harness_main(config_path: str) -> None:
    """The child process: read the plan, set the limits and guards, run, report, exit.

    The plan comes as a JSON file that is deleted once read (the learner's code cannot see
    it, nor the nonce in it). The result goes to a file opened before the learner's code is
    imported, outside the folder it may write to, and carries the nonce back. The process
    always ends with `os._exit`, so neither leftover threads nor `atexit` handlers of the
    learner's code can hold it up.
    """
    with open(config_path, encoding="utf-8") as handle:
        config = json.load(handle)
    os.unlink(config_path)
    # The learner's language, chosen in the parent; its catalog is loaded before the guards.
    set_language(config.get("language"))
    preload_catalog()
    harness = _Harness(config)
    try:
        harness.main()
    except BaseException as exc:  # a bug of ours: report it, never as the learner's fault
        harness.internal_errors.append(f"harness failed: {type(exc).__name__}: {exc}")
        harness.current = None
        if harness.result_fd < 0:
            os._exit(70)
        harness.finish("internal-error")


# --------------------------------------------------------------------------------------
# What the learner reads (English templates, translated where they are used: `tr`).
# Errors that imitate Python or the SDK (TypeError from `create`, BadRequestError bodies,
# JSON encoding errors) stay in English, as the real ones are.
# --------------------------------------------------------------------------------------

OFFLINE_MESSAGE = N_(
    "this exercise runs offline: use the `client` passed to your function instead of "
    "creating anthropic.Anthropic() (it plays the model's scripted replies and records what "
    "you send)"
)
STREAM_MESSAGE = N_(
    "streaming is not available in exercises: call client.messages.create(...) without stream=True"
)
TOO_MANY_CALLS = N_(
    "the model was called {limit} times in one run, which is more than any exercise needs: "
    'a loop that calls the model must stop when `stop_reason` is not "tool_use"'
)
UNKNOWN_TOOL = N_("error: there is no tool named {name!r} (tools: {known})")
NETWORK_BLOCKED = N_("no network in exercises: use the client passed to your function")
PROCESS_BLOCKED = N_(
    "starting processes is not allowed in exercises: do the work inside your function"
)
WRITE_BLOCKED = N_(
    "exercises may only write files in their own folder, not {path!r}: use a relative path"
)
SIGNAL_BLOCKED = N_("exercises may only send signals to their own process")
DATABASE_BLOCKED = N_(
    "exercises may only open SQLite databases in their own folder (or ':memory:'), "
    "not {path!r}: use a relative path"
)
CTYPES_BLOCKED = N_("ctypes is not available in exercises")
LIMITS_BLOCKED = N_("exercises cannot change their own limits")
#: the reply `create` gives once the script is used up (its text is translated: `extra_reply`)
EXTRA_REPLY: dict[str, Any] = {
    "stop_reason": "end_turn",
    "content": [
        {
            "type": "text",
            "text": N_(
                "(no more scripted replies: this exercise expected fewer calls to the model)"
            ),
        }
    ],
}


def extra_reply() -> dict[str, Any]:
    """A fresh copy of `EXTRA_REPLY`, its text in the current language."""
    reply = copy.deepcopy(EXTRA_REPLY)
    for block in reply["content"]:
        block["text"] = tr(block["text"])
    return reply
