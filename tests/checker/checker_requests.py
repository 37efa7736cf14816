"""Request builders and an independent position oracle for the checker tests."""

from __future__ import annotations

import copy
import json
from typing import Any

WEATHER_SCHEMA = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "City name"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
    },
    "required": ["city"],
}


def user(content: Any) -> dict[str, Any]:
    return {"role": "user", "content": content}


def assistant(content: Any) -> dict[str, Any]:
    return {"role": "assistant", "content": content}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def tool_use(uid: str, name: str = "get_weather", args: Any = None) -> dict[str, Any]:
    return {
        "type": "tool_use",
        "id": uid,
        "name": name,
        "input": {"city": "Paris"} if args is None else args,
    }


def tool_result(uid: str, content: Any = "18 C, light rain", **extra: Any) -> dict[str, Any]:
    block = {"type": "tool_result", "tool_use_id": uid, "content": content}
    block.update(extra)
    return block


def weather_tool(name: str = "get_weather", **extra: Any) -> dict[str, Any]:
    tool = {
        "name": name,
        "description": "Current weather for a city.",
        "input_schema": copy.deepcopy(WEATHER_SCHEMA),
    }
    tool.update(extra)
    return tool


def anthropic_body(messages: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A valid Messages API request with one tool round trip (unless `messages` given)."""
    body: dict[str, Any] = {
        "model": "claude-sonnet-4-5",
        "max_tokens": 1024,
        "tools": [weather_tool()],
        "messages": messages
        if messages is not None
        else [
            user("What's the weather in Paris?"),
            assistant([text("Let me check."), tool_use("toolu_01")]),
            user([tool_result("toolu_01")]),
        ],
    }
    body.update(extra)
    return body


def parallel_body() -> dict[str, Any]:
    """A valid request with a parallel batch of two calls."""
    return anthropic_body(
        [
            user("Weather in Paris and Rome?"),
            assistant(
                [
                    text("Checking both."),
                    tool_use("toolu_a", args={"city": "Paris"}),
                    tool_use("toolu_b", args={"city": "Rome"}),
                ]
            ),
            user([tool_result("toolu_b", "25 C"), tool_result("toolu_a", "18 C")]),
        ]
    )


def fn_tool(name: str = "get_weather", **extra: Any) -> dict[str, Any]:
    function = {
        "name": name,
        "description": "Current weather for a city.",
        "parameters": copy.deepcopy(WEATHER_SCHEMA),
    }
    function.update(extra)
    return {"type": "function", "function": function}


def fn_call(cid: str, name: str = "get_weather", arguments: Any = '{"city": "Paris"}') -> dict:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": arguments}}


def openai_body(messages: list[Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A valid Chat Completions request with one tool round trip (unless `messages` given)."""
    body: dict[str, Any] = {
        "model": "gpt-4o",
        "tools": [fn_tool()],
        "messages": messages
        if messages is not None
        else [
            {"role": "system", "content": "You are helpful."},
            {"role": "user", "content": "What's the weather in Paris?"},
            {"role": "assistant", "content": None, "tool_calls": [fn_call("call_1")]},
            {"role": "tool", "tool_call_id": "call_1", "content": "18 C"},
        ],
    }
    body.update(extra)
    return body


# --------------------------------------------------------------------------- positions


def _escape(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def dump_positions(value: Any, indent: int | str | None = None) -> tuple[str, dict[str, tuple]]:
    """JSON text of `value` (exactly as `json.dumps(value, indent=indent)`) and the
    1-based (line, column) where every value starts, keyed by JSON pointer.

    Written independently of checker.source: it records offsets while serialising.
    """
    out: list[str] = []
    offsets: dict[str, int] = {}
    length = 0
    pad = " " * indent if isinstance(indent, int) else indent

    def write(s: str) -> None:
        nonlocal length
        out.append(s)
        length += len(s)

    def newline(level: int) -> None:
        if pad is not None:
            write("\n" + pad * level)

    def rec(v: Any, ptr: str, level: int) -> None:
        offsets[ptr] = length
        if isinstance(v, dict) and v:
            write("{")
            for n, (k, x) in enumerate(v.items()):
                write("," if n and pad is not None else ", " if n else "")
                newline(level + 1)
                write(json.dumps(k) + ": ")
                rec(x, f"{ptr}/{_escape(k)}", level + 1)
            newline(level)
            write("}")
        elif isinstance(v, list) and v:
            write("[")
            for n, x in enumerate(v):
                write("," if n and pad is not None else ", " if n else "")
                newline(level + 1)
                rec(x, f"{ptr}/{n}", level + 1)
            newline(level)
            write("]")
        else:
            write(json.dumps(v))

    rec(value, "", 0)
    doc = "".join(out)
    assert doc == json.dumps(value, indent=indent), "oracle out of step with json.dumps"
    positions = {}
    for ptr, off in offsets.items():
        positions[ptr] = (doc.count("\n", 0, off) + 1, off - doc.rfind("\n", 0, off))
    return doc, positions


def expected_position(positions: dict[str, tuple], ptr: str) -> tuple:
    """Position of `ptr`, or of its nearest existing ancestor."""
    while ptr not in positions:
        ptr = ptr.rsplit("/", 1)[0]
    return positions[ptr]


def assert_plain_text(diag) -> None:
    """Message and hint are plain text: printable, no Python repr. (Values copied from the
    input keep `[` and `:` as typed; the CLI and the TUI show text without reading markup,
    see tests/checker/test_feedback.py.)"""
    from checker.terminal_text import is_shown

    for field in (diag.message, diag.hint):
        # the one terminal-text policy: every character shown as it is (or a line break)
        assert all(is_shown(ch) or ch in "\n\t" for ch in field), field
        for python_repr in ("Traceback", "object at 0x", "<class", "dict_keys("):
            assert python_repr not in field, field
