"""Request bodies the linter tests share: one valid and one broken body per API."""

from __future__ import annotations

import copy
import json

TOOL = {
    "name": "get_weather",
    "description": "The weather in a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
}
ANTHROPIC_VALID = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 256,
    "messages": [{"role": "user", "content": "What is the weather in Lisbon?"}],
    "tools": [TOOL],
}
#: a tool call answered by plain text: the API answers 400 (a-tool-result-missing)
ANTHROPIC_BROKEN = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 256,
    "messages": [
        {"role": "user", "content": "What is the weather in Lisbon?"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {}}
            ],
        },
        {"role": "user", "content": "thanks"},
    ],
    "tools": [TOOL],
}
ANTHROPIC_RULE = "a-tool-result-missing"

CHAT_VALID = {"model": "gpt-5", "messages": [{"role": "user", "content": "Hello"}]}
#: a tool message that answers no call (o-tool-msg-orphan)
CHAT_BROKEN = {
    "model": "gpt-5",
    "messages": [
        {"role": "user", "content": "Hello"},
        {"role": "tool", "tool_call_id": "call_1", "content": "sunny"},
    ],
}
CHAT_RULE = "o-tool-msg-orphan"

RESPONSES_VALID = {"model": "gpt-5", "input": "Hello"}
#: an output for a call that is not in the input (r-function-call-output-orphan)
RESPONSES_BROKEN = {
    "model": "gpt-5",
    "input": [{"type": "function_call_output", "call_id": "call_9", "output": "sunny"}],
}
RESPONSES_RULE = "r-function-call-output-orphan"


def body(name: str) -> dict:
    """A fresh copy of one of the bodies above, by name."""
    return copy.deepcopy(globals()[name])


def line(value) -> str:
    return json.dumps(value)
