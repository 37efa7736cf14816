"""What the learner's code holds in the child: SDK-shaped objects, errors and encoding.

The classes imitate the official `anthropic` SDK as far as lessons use it: attribute access
on blocks, `model_dump()`, `to_dict()`, `BadRequestError` and friends, and the way the SDK
turns a request's arguments into JSON. They carry data only: the scripted model, the
records and the judging live in the parent (`checker.sandbox.scripted`).
"""

from __future__ import annotations

import copy
import datetime
import json
import math
import sys
import types
from collections.abc import Iterator, Mapping, MappingView, Sequence, Set
from typing import Any

from checker.i18n import N_, tr

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


class RequestTooLargeError(APIStatusError):
    """HTTP 413: the request is larger than the API accepts."""

    status_code = 413


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


class Anthropic:
    """`anthropic.Anthropic` inside an exercise: building one explains what to use instead."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise OfflineExerciseError(tr(OFFLINE_MESSAGE))


class AsyncAnthropic(Anthropic):
    pass


def to_jsonable(value: Any, *, depth: int = 0) -> Any:
    """`value` as JSON data for the report: models as dicts, the rest as `{"__repr__": ...}`.

    An SDK object becomes the fields it holds plus `"__sdk__"`, its class name. Nothing here
    says which reply an object is: the parent decides that by comparing what it gets with
    the replies it issued (`checker.python_checks.returned_reply`).
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
        return {"__sdk__": type(value).__name__, **data} if isinstance(data, dict) else data
    if kind is list or kind is tuple:
        return [to_jsonable(v, depth=depth + 1) for v in value]
    if kind is dict and all(type(k) is str for k in value):
        return {k: to_jsonable(v, depth=depth + 1) for k, v in value.items()}
    try:
        text = repr(value)
    except Exception as exc:
        text = f"<{kind.__name__} object (repr failed: {type(exc).__name__})>"
    return {"__repr__": text[:2000]}


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
        "RequestTooLargeError": RequestTooLargeError,
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


OFFLINE_MESSAGE = N_(
    "this exercise runs offline: use the `client` passed to your function instead of "
    "creating anthropic.Anthropic() (it plays the model's scripted replies and records what "
    "you send)"
)
STREAM_MESSAGE = N_(
    "streaming is not available in exercises: call client.messages.create(...) without stream=True"
)
