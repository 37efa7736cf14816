"""Valid Anthropic requests of a chosen length, for the lint benchmarks."""

from __future__ import annotations

import json


def _tool(name: str) -> dict:
    return {
        "name": name,
        "description": f"Look up {name.replace('_', ' ')} for one city.",
        "input_schema": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "City name"}},
            "required": ["city"],
        },
    }


def _round(k: int) -> list[dict]:
    """One assistant turn with two parallel calls, and the user turn with both results."""
    return [
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": f"Step {k}: checking two things."},
                {
                    "type": "tool_use",
                    "id": f"toolu_{k}a",
                    "name": "get_weather",
                    "input": {"city": "Lisboa"},
                },
                {
                    "type": "tool_use",
                    "id": f"toolu_{k}b",
                    "name": "get_time",
                    "input": {"city": "Porto"},
                },
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": f"toolu_{k}a",
                    "content": '{"condition": "sunny", "temp_c": 26}',
                },
                {
                    "type": "tool_result",
                    "tool_use_id": f"toolu_{k}b",
                    "content": [{"type": "text", "text": "14:05"}],
                },
            ],
        },
    ]


def request(messages: int) -> dict:
    """A request with three tools and `messages` messages of parallel tool rounds."""
    history: list[dict] = [{"role": "user", "content": "Plan my week in Lisboa."}]
    k = 0
    while len(history) + 2 <= messages:
        k += 1
        history += _round(k)
    if len(history) < messages:  # an even count: one more user line (merged by the API)
        history.append({"role": "user", "content": "One more thing: thanks!"})
    return {
        "model": "claude-sonnet-5",
        "max_tokens": 1024,
        "tools": [_tool("get_weather"), _tool("get_time"), _tool("search_docs")],
        "messages": history,
    }


def request_json(messages: int) -> str:
    return json.dumps(request(messages), indent=2)
