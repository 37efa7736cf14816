"""The client and `run_tool` the learner's code is given: thin proxies to the parent.

`ProxyClient.messages.create(**kwargs)` checks its arguments as the SDK does, encodes the
request as the SDK would put it on the wire, and sends it through a `transport` (a function
from a message to the answer: the pipe to the parent in the child, a `ScriptedModel` in
tests). The answer becomes a `Message`, or the SDK's error. Nothing is recorded here: the
parent records what arrives, so nothing this process holds can change a verdict.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from checker.i18n import tr
from checker.sandbox.child.sdk import (
    BODY_PARAMS,
    CLIENT_PARAMS,
    REQUIRED_PARAMS,
    STREAM_MESSAGE,
    Anthropic,
    BadRequestError,
    Message,
    ModelCallLimitError,
    RequestTooLargeError,
    _NotGiven,
    _Unencodable,
    encode_request_value,
    message_from_dict,
    to_jsonable,
)
from checker.sandbox.protocol import MAX_REQUEST_BYTES

Transport = Callable[[dict[str, Any]], Any]


class Messages:
    """`client.messages`: `create(**kwargs)`."""

    def __init__(self, client: ProxyClient) -> None:
        self._client = client

    def create(self, *args: Any, **kwargs: Any) -> Message:
        """Send one request to the scripted model; see `ProxyClient`."""
        return self._client._create(args, kwargs)

    def stream(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(tr(STREAM_MESSAGE))


class ProxyClient(Anthropic):
    """The `client` passed to learner code: each `messages.create` goes to the parent."""

    def __init__(self, transport: Transport) -> None:
        self._send = transport
        self.messages = Messages(self)

    def with_options(self, **_options: Any) -> ProxyClient:
        return self

    def __repr__(self) -> str:
        return "<anthropic client: offline, plays the exercise's scripted replies>"

    def _refuse(self, error: Exception) -> Exception:
        self._send({"op": "client-error", "type": type(error).__name__, "message": str(error)})
        return error

    def _create(self, args: tuple, kwargs: dict[str, Any]) -> Message:
        if args:
            raise self._refuse(
                TypeError(
                    f"Messages.create() takes 1 positional argument but {len(args) + 1} were "
                    "given"
                    + tr(" (pass everything by name: model=..., max_tokens=..., messages=...)")
                )
            )
        unknown = [k for k in kwargs if k not in BODY_PARAMS and k not in CLIENT_PARAMS]
        if unknown:
            raise self._refuse(
                TypeError(f"Messages.create() got an unexpected keyword argument {unknown[0]!r}")
            )
        given = {k: v for k, v in kwargs.items() if not isinstance(v, _NotGiven)}
        missing = [p for p in REQUIRED_PARAMS if p not in given]
        if missing:
            if len(missing) == 1:
                text = f"Missing required argument: {missing[0]!r}"
            else:
                text = "Missing required arguments: " + ", ".join(repr(m) for m in missing)
            raise self._refuse(TypeError(text))
        if given.get("stream"):
            raise self._refuse(NotImplementedError(tr(STREAM_MESSAGE)))
        body = {k: v for k, v in given.items() if k in BODY_PARAMS}
        extra_body = given.get("extra_body")
        if isinstance(extra_body, Mapping):
            body.update(extra_body)
        try:
            request = encode_request_value(body)
        except _Unencodable as exc:
            shown = encode_request_value(body, strict=False)
            self._send({"op": "create", "body": shown, "unencodable": _described(exc.error)})
            raise exc.error from None
        except RecursionError:
            error = ValueError("Circular reference detected")
            shown = {"__unencodable__": "nested too deeply"}
            self._send({"op": "create", "body": shown, "unencodable": _described(error)})
            raise error from None
        if len(json.dumps(request, ensure_ascii=False).encode("utf-8")) > MAX_REQUEST_BYTES:
            error = _too_large()
            shown = {"__omitted__": "larger than the API accepts"}
            self._send({"op": "create", "body": shown, "unencodable": _described(error)})
            raise error
        answer = self._send({"op": "create", "body": request, "unencodable": None})
        if isinstance(answer, dict) and isinstance(answer.get("reply"), dict):
            return message_from_dict(answer["reply"])
        error = answer.get("error") if isinstance(answer, dict) else None
        if not isinstance(error, dict):
            raise RuntimeError("the offline model gave no answer")
        if error.get("type") == "ModelCallLimitError":
            raise ModelCallLimitError(str(error.get("message")))
        raise BadRequestError(
            str(error.get("message")),
            body=error.get("body"),
            request_id=str(error.get("request_id", "")),
        )


def _too_large() -> RequestTooLargeError:
    body = {
        "type": "error",
        "error": {
            "type": "request_too_large",
            "message": "Request exceeds the maximum allowed number of bytes.",
        },
    }
    error = RequestTooLargeError(f"Error code: 413 - {body}", body=body)
    return error


def _described(error: Exception) -> dict[str, str]:
    return {"type": type(error).__name__, "message": str(error)}


class RunTool:
    """`run_tool(name, input)`: asks the parent for the scripted result of that tool."""

    def __init__(self, transport: Transport) -> None:
        self._send = transport

    def __call__(self, name: Any, input: Any = None) -> Any:  # noqa: A002 - the SDK's word
        answer = self._send({"op": "tool", "name": to_jsonable(name), "input": to_jsonable(input)})
        if isinstance(answer, dict) and "raise" in answer:
            raise RuntimeError(str(answer["raise"]))
        return answer.get("result") if isinstance(answer, dict) else None

    def __repr__(self) -> str:
        return "<run_tool: runs the exercise's scripted tools>"
