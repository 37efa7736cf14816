"""The pieces the thinking rule tests (test_rules_thinking.py) build their request bodies
from, beside checker_requests.py.
"""

from __future__ import annotations

from checker_requests import (
    assistant,
    tool_result,
    tool_use,
    user,
    weather_tool,
)

Q = "What's the weather in Paris?"
SIG = "EqQBCkgIBxABGAIqQLk3sF0yZbW9p1nQ2xv6mJ4kT8aR0cE5uH7iL3oN9qS1tV2wX4yZ6bD8fG0hJ2kM4nP6rT8vX0"


def thinking(words: str = "I should call get_weather.", **extra) -> dict:
    block = {"type": "thinking", "thinking": words, "signature": SIG}
    block.update(extra)
    return block


def redacted(data: str = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr") -> dict:
    return {"type": "redacted_thinking", "data": data}


def body(messages=None, *, model="claude-sonnet-4-5", max_tokens=4096, tools=True, **extra):
    out = {"model": model, "max_tokens": max_tokens}
    if tools:
        out["tools"] = [weather_tool()]
    out["messages"] = messages if messages is not None else [user(Q)]
    out.update(extra)
    return out


ENABLED = {"type": "enabled", "budget_tokens": 2048}
ADAPTIVE = {"type": "adaptive"}


def loop(*opener_blocks, model="claude-sonnet-4-5", **extra):
    """A request in the middle of a tool loop whose opening assistant turn has these blocks."""
    blocks = list(opener_blocks) or [tool_use("toolu_01")]
    return body([user(Q), assistant(blocks), user([tool_result("toolu_01")])], model=model, **extra)
