"""The messages between the parent and a child that runs learner code: one JSON object a line.

The child is not trusted: whatever it sends is data, read with a bounded buffer and checked
against the shapes below before use (`check_child_message`). A line that is too long, not
JSON, or not one of these shapes is a `ProtocolError`: the run fails with a clear reason,
and the parent never crashes on it.

Child -> parent:

- `{"op": "create", "body": {...}, "unencodable": null | {"type", "message"}}`: one call of
  `client.messages.create`, the request as the SDK would send it; the parent records it,
  judges it and answers `{"reply": {...}}` or `{"error": {"type", "message", "body",
  "request_id"}}`. With `unencodable` the SDK would have raised before sending: the parent
  records it and does not answer.
- `{"op": "tool", "name": ..., "input": ...}`: one call of `run_tool`; the parent answers
  `{"result": ...}` or `{"raise": "message"}`.
- `{"op": "client-error", "type", "message"}`: `create` refused its arguments (no answer).
- `{"op": "stop", "status", "detail"}`: the run cannot go on (missing entry, import error,
  timeout, memory, output flood, exit): why, and where in the learner's code.
- `{"op": "done", "returned", "exception", "arguments": {"before", "after"}}`: the entry
  returned or raised; `arguments` holds what each argument held before and after the call
  (JSON data), which the parent compares with what it sent.
- `{"op": "expected", "runs": [...], "arguments": [...]}`: (a reference child, which runs
  only the exercise's support code) the key of each run, and the arguments it was made
  from.

Parent -> child: first `{"op": "config", ...}` (what to run), then one answer per request.
"""

from __future__ import annotations

import json
import os
from typing import Any

#: the largest request the Messages API accepts (it answers HTTP 413 beyond)
MAX_REQUEST_BYTES = 32 * 1024 * 1024
#: the longest line either side reads
MAX_LINE = MAX_REQUEST_BYTES + 1024 * 1024

STOP_STATUSES = (
    "missing-entry",
    "import-error",
    "timeout",
    "memory",
    "crashed",
    "output-flood",
    "internal-error",
)


class ProtocolError(Exception):
    """A message that breaks the protocol; `str()` says how, in a few words."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as a line (non-JSON values become their repr, never an error)."""
    return json.dumps(message, ensure_ascii=False, default=repr).encode("utf-8") + b"\n"


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class LineReader:
    """Lines from a file descriptor, each at most `MAX_LINE` bytes."""

    def __init__(self, fd: int, limit: int = MAX_LINE) -> None:
        self.fd = fd
        self.limit = limit
        self.buffer = bytearray()
        self.closed = False

    def feed(self) -> list[bytes]:
        """Read what is there (one `os.read`) and return the complete lines it finished."""
        chunk = os.read(self.fd, 65536)
        if not chunk:
            self.closed = True
            if self.buffer:
                raise ProtocolError("a message ended without its line break")
            return []
        self.buffer += chunk
        lines = []
        while True:
            end = self.buffer.find(b"\n")
            if end < 0:
                break
            lines.append(bytes(self.buffer[:end]))
            del self.buffer[: end + 1]
        if len(self.buffer) > self.limit:
            raise ProtocolError("a message longer than the limit")
        return lines

    def read_line(self) -> bytes:
        """Block until one complete line has arrived (the child's side of a request)."""
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                return line
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise ProtocolError("the other side closed the channel")
            self.buffer += chunk
            if len(self.buffer) > self.limit:
                raise ProtocolError("a message longer than the limit")


def decode(line: bytes) -> dict[str, Any]:
    """The message of one line; ProtocolError when it is not a JSON object."""
    try:
        value = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("a line that is not JSON") from None
    if not isinstance(value, dict):
        raise ProtocolError("a message that is not an object")
    return value


# --------------------------------------------------------------------------- the shapes


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _frame_ok(frame: Any) -> bool:
    if not isinstance(frame, dict):
        return False
    line = frame.get("line")
    return (
        _is_str(frame.get("file"))
        and (line is None or (isinstance(line, int) and not isinstance(line, bool)))
        and _is_str(frame.get("function"))
        and _is_str(frame.get("code", ""))
        and isinstance(frame.get("repeated", 0), int)
    )


def exception_ok(value: Any) -> bool:
    """A learner exception as the child describes it: type, message, frames, text."""
    return (
        isinstance(value, dict)
        and _is_str(value.get("type"))
        and _is_str(value.get("message"))
        and _is_str(value.get("text", ""))
        and isinstance(value.get("frames", []), list)
        and len(value.get("frames", [])) <= 2000
        and all(_frame_ok(f) for f in value.get("frames", []))
    )


def _frames_ok(value: Any) -> bool:
    return isinstance(value, list) and len(value) <= 2000 and all(_frame_ok(f) for f in value)


#: detail keys the parent reads, and the types it reads them as
_DETAIL_TYPES: dict[str, tuple[type, ...]] = {
    "kind": (str,),
    "found": (str, list),
    "suggestion": (str, type(None)),
    "defined": (list,),
    "how": (str,),
    "code": (str, int, type(None), dict, list, bool, float),
    "message": (str,),
    "expected": (list,),
    "printed": (int,),
    "cpu": (bool,),
}


def _detail_ok(detail: Any) -> bool:
    if not isinstance(detail, dict):
        return False
    if "exception" in detail and not exception_ok(detail["exception"]):
        return False
    if "stuck_at" in detail and not _frames_ok(detail["stuck_at"]):
        return False
    return all(
        isinstance(detail[key], types) for key, types in _DETAIL_TYPES.items() if key in detail
    )


def check_child_message(message: dict[str, Any]) -> str:
    """The op of a valid child message; ProtocolError for anything else."""
    op = message.get("op")
    if op == "create":
        unencodable = message.get("unencodable")
        if not isinstance(message.get("body"), dict):
            raise ProtocolError("a request that is not an object")
        if unencodable is not None and not (
            isinstance(unencodable, dict)
            and _is_str(unencodable.get("type"))
            and _is_str(unencodable.get("message"))
        ):
            raise ProtocolError("a malformed encoding error")
        return op
    if op == "tool":
        if "name" not in message:
            raise ProtocolError("a tool call without a name")
        return op
    if op == "client-error":
        if not (_is_str(message.get("type")) and _is_str(message.get("message"))):
            raise ProtocolError("a malformed client error")
        return op
    if op == "stop":
        status = message.get("status")
        if status not in STOP_STATUSES or not _detail_ok(message.get("detail", {})):
            raise ProtocolError("a malformed stop")
        return op
    if op == "done":
        exception = message.get("exception")
        arguments = message.get("arguments")
        if exception is not None and not exception_ok(exception):
            raise ProtocolError("a malformed exception")
        if not (
            isinstance(arguments, dict)
            and set(arguments) == {"before", "after"}
            and all(isinstance(v, dict) for v in arguments.values())
        ):
            raise ProtocolError("malformed states of the arguments")
        if "returned" not in message:
            raise ProtocolError("a result without its value")
        return op
    if op == "expected":
        runs, arguments = message.get("runs"), message.get("arguments")
        if not (
            isinstance(runs, list)
            and isinstance(arguments, list)
            and len(arguments) == len(runs)
            and all(isinstance(a, dict) for a in arguments)
        ):
            raise ProtocolError("malformed expected values")
        return op
    raise ProtocolError("an unknown message")
