"""The pieces the body rule tests (test_rules_body.py) build their request bodies from,
beside checker_requests.py.
"""

from __future__ import annotations

from checker_requests import (
    assistant,
    user,
)

Q = "What's the weather in Paris?"


def body(messages=None, *, model="claude-sonnet-4-5", max_tokens=1024, **extra):
    out = {"model": model, "max_tokens": max_tokens}
    out["messages"] = messages if messages is not None else [user(Q)]
    out.update(extra)
    return out


def without(key, **extra):
    out = body(**extra)
    out.pop(key)
    return out


def system_message(words="The user switched to read-only mode: do not edit files.", **extra):
    message = {"role": "system", "content": words}
    message.update(extra)
    return message


def mid_system(model, **extra):
    return body(
        [user("Start the refactor."), system_message(), assistant("Understood."), user("Go on.")],
        model=model,
        **extra,
    )
