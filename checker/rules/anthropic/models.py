"""What the rules know of Claude models: reading a model id's version, and what it supports.

`MODELS` is the one table of Claude models the rules consult (checked 2026-12-01 against
the models overview, the per-model "What's new" pages, the model deprecations page and
the Anthropic SDK's `ModelParam`). A fact the docs and field reports disagree on is `None`
(unknown): the rules only warn about it. A model id that is not in the table is unknown
too; `claude_version` still reads its version for the rules that go by generation.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

DOCS = "https://platform.claude.com/docs/en"
MODELS_OVERVIEW = f"{DOCS}/about-claude/models/overview"
#: the models overview's current address, which lists the current lineup; each older
#: model's page marks it "Legacy" (e.g. `models/sonnet-5/overview`)
CURRENT_MODELS_PAGE = f"{DOCS}/models/overview"
MODEL_DEPRECATIONS = f"{DOCS}/about-claude/model-deprecations"
MIGRATION_GUIDE = f"{DOCS}/about-claude/models/migration-guide"

#: Claude versions from which an assistant prefill is rejected.
NO_PREFILL_FROM = (4, 6)
#: Claude versions before this one are retired on the Claude API (Claude Opus 4.1 was the
#: last, in August 2026); requests to them fail with a 404 `not_found_error`.
RETIRED_BEFORE = (4, 5)
#: the effort levels `output_config.effort` takes on the newest models
EFFORT_LEVELS = ("low", "medium", "high", "xhigh", "max")
ALL_EFFORT = frozenset(EFFORT_LEVELS)


class ClaudeModel(NamedTuple):
    """One Claude model and what the API accepts from it. `None` means not known for sure."""

    name: str
    #: the API ids: the alias first, then dated snapshots
    ids: tuple[str, ...]
    version: tuple[int, int]
    #: the largest `max_tokens` (Messages API; the Batch API may allow more with a beta)
    max_output: int | None
    #: thinking when the request has no `thinking`: "off", "on" (adaptive by default) or
    #: "always" (adaptive, cannot be turned off)
    thinking_default: str
    #: `thinking.type: "enabled"` (a manual budget): "yes", "deprecated" or "no"
    manual_thinking: str
    #: `thinking.type: "adaptive"` is accepted
    adaptive: bool
    #: `thinking.type: "disabled"`: "yes", "no", "effort<=high" (only at effort high or
    #: lower) or None (reports disagree)
    disabled: str | None
    #: `thinking.type: "between_tools"` (no up-front thinking) is accepted
    between_tools: bool
    #: the `output_config.effort` levels accepted (empty: no effort at all; None: unknown)
    effort: frozenset[str] | None
    #: `tool_choice` `any`/`tool` (forcing a tool) is accepted
    forced_tool_choice: bool | None
    #: `role: "system"` messages mid-conversation are accepted
    system_messages: bool | None
    #: `temperature`, `top_p`, `top_k`: "yes" (accepted), "no" (a non-default value is a
    #: 400), or None (the docs say 400, some live reports say accepted or ignored)
    sampling: str | None
    #: `temperature` and `top_p` together are rejected
    sampling_exclusive: bool | None
    #: a final assistant message (prefill) is accepted
    prefill: bool | None


_OLD_EFFORT = frozenset(("low", "medium", "high"))
_NO_XHIGH = frozenset(("low", "medium", "high", "max"))


def _model(name: str, ids: tuple[str, ...], version: tuple[int, int], **facts) -> ClaudeModel:
    """An entry; facts not given take the values of the current (Claude 5) generation."""
    row = {
        "max_output": 128000,
        "thinking_default": "off",
        "manual_thinking": "no",
        "adaptive": True,
        "disabled": "yes",
        "between_tools": False,
        "effort": ALL_EFFORT,
        "forced_tool_choice": True,
        "system_messages": None,
        "sampling": None,
        "sampling_exclusive": None,
        "prefill": version < NO_PREFILL_FROM,
    }
    row.update(facts)
    return ClaudeModel(name, ids, version, **row)


_CLAUDE_45 = {
    "max_output": 64000,
    "manual_thinking": "yes",
    "adaptive": False,
    "effort": frozenset(),
    "system_messages": False,
    "sampling": "yes",
    "sampling_exclusive": True,
}
_CLAUDE_46 = {
    "manual_thinking": "deprecated",
    "effort": _NO_XHIGH,
    "system_messages": False,
    "sampling": "yes",
    "sampling_exclusive": True,
}

MODELS: tuple[ClaudeModel, ...] = (
    # Claude 4.5: manual extended thinking only; prefill accepted; temperature or top_p
    _model(
        "Claude Haiku 4.5", ("claude-haiku-4-5", "claude-haiku-4-5-20251001"), (4, 5), **_CLAUDE_45
    ),
    _model(
        "Claude Sonnet 4.5",
        ("claude-sonnet-4-5", "claude-sonnet-4-5-20250929"),
        (4, 5),
        **_CLAUDE_45,
    ),
    _model(
        "Claude Opus 4.5",
        ("claude-opus-4-5", "claude-opus-4-5-20251101"),
        (4, 5),
        **{**_CLAUDE_45, "effort": _OLD_EFFORT},
    ),
    # Claude 4.6: adaptive thinking, manual thinking deprecated; no prefill
    _model("Claude Opus 4.6", ("claude-opus-4-6",), (4, 6), **_CLAUDE_46),
    _model("Claude Sonnet 4.6", ("claude-sonnet-4-6",), (4, 6), **_CLAUDE_46),
    _model(
        "Claude Mythos Preview",
        ("claude-mythos-preview",),
        (4, 6),
        max_output=None,
        manual_thinking="deprecated",
        effort=None,
        forced_tool_choice=None,
    ),
    # Claude Opus 4.7 and 4.8: adaptive only, off unless set
    _model("Claude Opus 4.7", ("claude-opus-4-7",), (4, 7), system_messages=False, sampling="no"),
    _model("Claude Opus 4.8", ("claude-opus-4-8",), (4, 8), system_messages=True),
    # Claude 5: adaptive thinking on by default (Fable and Mythos: always on)
    _model("Claude Sonnet 5", ("claude-sonnet-5",), (5, 0), thinking_default="on"),
    _model(
        "Claude Opus 5",
        ("claude-opus-5",),
        (5, 0),
        thinking_default="on",
        disabled="effort<=high",
        system_messages=True,
    ),
    _model(
        "Claude Fable 5",
        ("claude-fable-5",),
        (5, 0),
        thinking_default="always",
        disabled=None,
        system_messages=True,
    ),
    _model(
        "Claude Mythos 5",
        ("claude-mythos-5",),
        (5, 0),
        thinking_default="always",
        disabled=None,
        system_messages=True,
    ),
    # Claude Fable 5.1, Mythos 5.1 and the 5.5 models: forcing a tool is rejected
    _model(
        "Claude Fable 5.1",
        ("claude-fable-5-1",),
        (5, 1),
        thinking_default="always",
        disabled="no",
        forced_tool_choice=False,
        system_messages=True,
    ),
    _model(
        "Claude Mythos 5.1",
        ("claude-mythos-5-1",),
        (5, 1),
        thinking_default="always",
        disabled="no",
        forced_tool_choice=False,
        system_messages=True,
    ),
    _model(
        "Claude Opus 5.5",
        ("claude-opus-5-5",),
        (5, 5),
        thinking_default="always",
        disabled="no",
        forced_tool_choice=False,
        system_messages=True,
    ),
    _model(
        "Claude Sonnet 5.5",
        ("claude-sonnet-5-5",),
        (5, 5),
        thinking_default="on",
        disabled=None,
        between_tools=True,
        forced_tool_choice=False,
        system_messages=True,
    ),
    _model(
        "Claude Haiku 5.5",
        ("claude-haiku-5-5",),
        (5, 5),
        thinking_default="on",
        disabled=None,
        effort=None,
        forced_tool_choice=None,
        system_messages=True,
    ),
)

#: The models the models overview lists as current (checked 2026-12-01 against
#: `CURRENT_MODELS_PAGE`): the one list `tooltutor validate` compares a course's `model`
#: with. Older models may still answer, but their pages call them legacy.
CURRENT_MODELS: frozenset[str] = frozenset(
    (
        "Claude Fable 5.1",
        "Claude Mythos 5.1",
        "Claude Opus 5.5",
        "Claude Sonnet 5.5",
        "Claude Haiku 5.5",
        "Claude Haiku 4.5",
    )
)

_BY_ID: dict[str, ClaudeModel] = {mid: m for m in MODELS for mid in m.ids}
_DECORATION = re.compile(r"^(?:[a-z]{2,6}\.)?anthropic\.")
_DATE = re.compile(r"-\d{8}$")


def _normal(model: str) -> str:
    """A platform's id reduced to the Claude API's: `us.anthropic.claude-x-v1:0`, `.../claude-x`,
    `claude-x@20250929`, `claude-x-latest`, `claude-sonnet-4.5` all become `claude-...`."""
    m = model.strip().lower().rsplit("/", 1)[-1]
    m = _DECORATION.sub("", m)
    m = m.split("@", 1)[0]
    m = re.sub(r"-v\d+(?::\d+)?$", "", m).split(":", 1)[0]
    m = m.replace(".", "-").removesuffix("-latest")
    return m


@functools.lru_cache(maxsize=64)
def model_info(model: str | None) -> ClaudeModel | None:
    """The table's entry for a model id (also dated or platform-decorated), or None."""
    if not isinstance(model, str):
        return None
    m = _normal(model)
    found = _BY_ID.get(m)
    if found is None and _DATE.search(m):
        found = _BY_ID.get(_DATE.sub("", m))
    return found


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
