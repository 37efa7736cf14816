"""The pieces the Chat Completions rule tests (test_rules_openai_new.py) build their
request bodies from.
"""

from __future__ import annotations

import copy

from checker_requests import (
    fn_call,
)

ASK = {"role": "user", "content": "What's the weather in Paris?"}
SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
}
STRICT_SCHEMA = {**SCHEMA, "additionalProperties": False}


def body(model="gpt-4o", messages=None, **extra):
    """A request with the given fields (no tools unless given)."""
    out = {"model": model, "messages": [ASK] if messages is None else messages}
    out.update(extra)
    return out


def tool(name="get_weather", **function):
    function.setdefault("parameters", copy.deepcopy(SCHEMA))
    return {"type": "function", "function": {"name": name, **function}}


def strict_tool(name="get_weather", parameters=None, **function):
    params = copy.deepcopy(STRICT_SCHEMA if parameters is None else parameters)
    return tool(name, strict=True, parameters=params, **function)


def custom_tool(name="apply_patch", **custom):
    return {"type": "custom", "custom": {"name": name, **custom}}


def with_tools(*tools, model="gpt-4o", **extra):
    return body(model, tools=list(tools), **extra)


def calls(*entries, content=None):
    return {"role": "assistant", "content": content, "tool_calls": list(entries)}


def tool_msg(cid, content="18 C", **extra):
    return {"role": "tool", "tool_call_id": cid, "content": content, **extra}


def nested(levels):
    schema = {"type": "string"}
    for _ in range(levels):
        schema = {
            "type": "object",
            "properties": {"a": schema},
            "required": ["a"],
            "additionalProperties": False,
        }
    return schema


AUDIO_PART = {"type": "input_audio", "input_audio": {"data": "UklGRiQAAABXQVZF", "format": "wav"}}
LONG_ID = "portkey-6aa6db90-1b84-4155-9f32-f658c97d6b1b"
ROUND_TRIP = [ASK, calls(fn_call("call_1")), tool_msg("call_1")]
