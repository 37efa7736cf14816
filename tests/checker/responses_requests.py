"""The pieces the Responses API rule tests build their request bodies from."""

from __future__ import annotations

import copy
from typing import Any

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
    "additionalProperties": False,
}


def tool(name: str = "get_weather", **extra: Any) -> dict[str, Any]:
    out = {"type": "function", "name": name, "parameters": copy.deepcopy(SCHEMA), "strict": True}
    out.update(extra)
    return out


def user(content: Any = "What's the weather in Paris?") -> dict[str, Any]:
    return {"role": "user", "content": content}


def said(text: str = "It's 18 C.", **extra: Any) -> dict[str, Any]:
    out = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": text}],
    }
    out.update(extra)
    return out


def call(cid: str = "call_1", name: str = "get_weather", **extra: Any) -> dict[str, Any]:
    out = {"type": "function_call", "call_id": cid, "name": name, "arguments": '{"city": "Paris"}'}
    out.update(extra)
    return out


def out(cid: str = "call_1", output: Any = "18 C", **extra: Any) -> dict[str, Any]:
    item = {"type": "function_call_output", "call_id": cid, "output": output}
    item.update(extra)
    return item


def rs(rid: str = "rs_0a1b2c3d", **extra: Any) -> dict[str, Any]:
    item = {"type": "reasoning", "id": rid, "summary": [], "encrypted_content": "gAAAAABq..."}
    item.update(extra)
    return item


def req(*items: Any, model: str = "gpt-5.5", **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": model, "input": list(items) if items else "Hi"}
    body.update(extra)
    return body


ROUND_TRIP = req(user(), call(), out(), tools=[tool()])
