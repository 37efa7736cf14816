"""What the rules know of Claude models: reading a model id's version, and what it supports.

The facts live in the capability table (`checker.models.claude`, with the source and read
date of each); this module reads ids for the rules. A model id that is not in the table is
unknown; `claude_version` still reads its version for the rules that go by generation.
"""

from __future__ import annotations

import functools
import re

from checker.models import did_you_mean
from checker.models.claude import (  # noqa: F401 (the table, as the rules import it)
    ALL_EFFORT,
    CURRENT_MODELS,
    CURRENT_MODELS_PAGE,
    DOCS,
    EFFORT_LEVELS,
    MIGRATION_GUIDE,
    MODEL_DEPRECATIONS,
    MODELS,
    MODELS_OVERVIEW,
    NO_PREFILL_FROM,
    RETIRED_BEFORE,
    ClaudeModel,
    normal_id,
)

_BY_ID: dict[str, ClaudeModel] = {mid: m for m in MODELS for mid in m.ids}


@functools.lru_cache(maxsize=64)
def model_info(model: str | None) -> ClaudeModel | None:
    """The table's entry for a model id (also dated or platform-decorated), or None."""
    if not isinstance(model, str):
        return None
    return _BY_ID.get(normal_id(model))


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
    if not found or did_you_mean(model) is not None:  # a typo of a known id: not read
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


def is_current(model: str | None) -> bool:
    """True for an id (alias, dated snapshot or platform id) of a model in `CURRENT_MODELS`."""
    info = model_info(model)
    return info is not None and info.name in CURRENT_MODELS


def current_ids() -> tuple[str, ...]:
    """The alias of each current model, newest generation first."""
    rows = sorted(
        (m for m in MODELS if m.name in CURRENT_MODELS), key=lambda m: m.version, reverse=True
    )
    return tuple(m.ids[0] for m in rows)


def is_retired(model: str | None) -> bool:
    """True for a Claude id older than every model the Claude API still serves."""
    if not isinstance(model, str) or model_info(model) is not None:
        return False
    version = claude_version(model)
    return version is not None and version < RETIRED_BEFORE


def thinking_default(model: str | None) -> str | None:
    """How a model thinks when `thinking` is omitted: "off", "on", "always", or None
    (unknown model, or no model)."""
    info = model_info(model)
    if info is not None:
        return info.thinking_default
    version = claude_version(model) if isinstance(model, str) else None
    if version is not None and version < (5, 0):
        return "off"
    return None


def thinking_state(body: dict | None, model: str | None) -> str:
    """How the request thinks: "manual" (`enabled`), "adaptive", "between_tools", "off"
    (`disabled`, or omitted on a model that does not think by default), "default-on"
    (omitted on a model that thinks by default), or "unknown" (no body, an unknown model
    with `thinking` omitted, or a `thinking` value of the wrong shape)."""
    if body is None:
        return "unknown"
    thinking = body.get("thinking")
    if thinking is None:
        default = thinking_default(model)
        if default is None:
            return "unknown"
        return "off" if default == "off" else "default-on"
    kind = thinking.get("type") if isinstance(thinking, dict) else None
    if not isinstance(kind, str):
        return "unknown"
    return {
        "enabled": "manual",
        "adaptive": "adaptive",
        "between_tools": "between_tools",
        "disabled": "off",
    }.get(kind, "unknown")
