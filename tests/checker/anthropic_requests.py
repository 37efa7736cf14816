"""The pieces the first Anthropic rule tests (test_checker_anthropic.py) build their
request bodies from, beside checker_requests.py.
"""

from __future__ import annotations

import copy

from checker_requests import (
    anthropic_body,
    assistant,
    text,
    tool_use,
    user,
)

Q = "What's the weather in Paris?"


def base_messages():
    return anthropic_body()["messages"]


def with_messages(*messages, **extra):
    return anthropic_body(list(messages), **extra)


def changed(body, fn):
    body = copy.deepcopy(body)
    fn(body)
    return body


def round_trip(result_block, *, before=None, after=None):
    """Request whose third message holds `result_block` (plus blocks before/after)."""
    content = [*(before or []), result_block, *(after or [])]
    return with_messages(
        user(Q), assistant([text("Let me check."), tool_use("toolu_01")]), user(content)
    )


def tools(*tool_list, **extra):
    return anthropic_body(tools=list(tool_list), **extra)
