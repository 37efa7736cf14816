"""What the rules know of Claude models: reading a model id's version, and what it supports."""

from __future__ import annotations

import functools
import re

#: Claude versions from which an assistant prefill is rejected.
NO_PREFILL_FROM = (4, 6)


@functools.lru_cache(maxsize=64)
def claude_version(model: str) -> tuple[int, int] | None:
    """(major, minor) of a Claude model id, or None when `model` is not a Claude id.

    Reads both naming styles: `claude-3-5-sonnet-20241022` (version first) and
    `claude-sonnet-4-5-20250929`, `claude-opus-4-6`, `claude-sonnet-5` (family first), also
    with platform decorations (`anthropic.claude-opus-4-6-v1:0`, `...@20250101`).
    """
    if not isinstance(model, str):
        return None
    found = re.search(r"claude", model.lower())
    if not found:
        return None
    tokens = [t for t in re.split(r"[-._@:/ ]", model.lower()[found.end() :]) if t]
    for n, token in enumerate(tokens):
        if token.isdigit() and len(token) <= 2:
            major = int(token)
            minor = 0
            if n + 1 < len(tokens) and tokens[n + 1].isdigit() and len(tokens[n + 1]) <= 2:
                minor = int(tokens[n + 1])
            return major, minor
        if token.isdigit():  # a date before any version: not a model id we can read
            return None
    return None
