"""Claude models: the data of the capability table (see `checker.models`).

`MODELS` holds each Claude model and what the Claude API accepts from it (read on
2026-12-01 from the models overview, the per-model "What's new" pages, the model
deprecations page, the effort page and the Anthropic SDK's `ModelParam`; `SOURCES` names
the page of each fact). A fact the docs and field reports disagree on is `None`
(unknown): the rules only warn about it. The rules read it through
`checker.rules.anthropic.models`; `rows()` gives the vendor-neutral rows.
"""

from __future__ import annotations

import re

from checker.models import ModelFacts, Source
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

DOCS = "https://platform.claude.com/docs/en"
MODELS_OVERVIEW = f"{DOCS}/about-claude/models/overview"
#: the models overview's current address, which lists the current lineup; each older
#: model's page marks it "Legacy" (e.g. `models/sonnet-5/overview`)
CURRENT_MODELS_PAGE = f"{DOCS}/models/overview"
MODEL_DEPRECATIONS = f"{DOCS}/about-claude/model-deprecations"
MIGRATION_GUIDE = f"{DOCS}/about-claude/models/migration-guide"
#: read 2026-12-05: Fable 5.2 and Mythos 5.2's specs (1M context, 128k output, adaptive
#: thinking always on, effort), and their four breaking changes from Fable 5.1 (the prefix
#: check on every account among them; forcing is not one, so it stays rejected)
FABLE_52_PAGE = Source(f"{DOCS}/models/fable-5-2/whats-new-fable-5-2", "2026-12-05")

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
    #: preserved thinking's prefix check (a thinking block sent back after its prefix
    #: changed): "all_accounts" (a 400 on every account unless
    #: `thinking.block_binding.prefix_mismatch_behavior` is `drop_block`), "new_accounts"
    #: (by default only on accounts created on or after 2026-08-31), "none" (no preserved
    #: thinking), None (not known)
    prefix_check: str | None
    #: the model's own page and the date it was read: the source of its thinking, effort,
    #: forcing, prefix-check and output facts (None: the vendor-wide pages of `SOURCES`)
    page: Source | None


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
        "prefix_check": "none" if version < (5, 1) else None,
        "page": None,
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
        prefix_check="new_accounts",
    ),
    _model(
        "Claude Mythos 5.1",
        ("claude-mythos-5-1",),
        (5, 1),
        thinking_default="always",
        disabled="no",
        forced_tool_choice=False,
        system_messages=True,
        prefix_check="all_accounts",
    ),
    # Claude Fable 5.2 and Mythos 5.2 (released 2026-11-09): their "What's new" page lists four
    # breaking changes from Fable 5.1, none of them about forcing, so Fable 5.1's request rules
    # stand; the prefix check runs on every account
    _model(
        "Claude Fable 5.2",
        ("claude-fable-5-2",),
        (5, 2),
        thinking_default="always",
        disabled="no",
        forced_tool_choice=False,
        system_messages=True,
        prefix_check="all_accounts",
        page=FABLE_52_PAGE,
    ),
    _model(
        "Claude Mythos 5.2",
        ("claude-mythos-5-2",),
        (5, 2),
        thinking_default="always",
        disabled="no",
        forced_tool_choice=False,
        system_messages=True,
        prefix_check="all_accounts",
        page=FABLE_52_PAGE,
    ),
    _model(
        "Claude Opus 5.5",
        ("claude-opus-5-5",),
        (5, 5),
        thinking_default="always",
        disabled="no",
        forced_tool_choice=False,
        system_messages=True,
        prefix_check="new_accounts",
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
        prefix_check="new_accounts",
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
        prefix_check="new_accounts",
    ),
)

#: The models the models overview lists as current (checked 2026-12-01 against
#: `CURRENT_MODELS_PAGE`; Fable 5.2 and Mythos 5.2 added 2026-12-05 from their "What's new"
#: page): the one list `tooltutor validate` compares a course's `model` with, and the roster
#: the lessons render (`checker.models.course_facts`). Older models may still answer, but
#: their pages call them legacy.
CURRENT_MODELS_READ = "2026-12-01"
CURRENT_MODELS: frozenset[str] = frozenset(
    (
        "Claude Fable 5.2",
        "Claude Mythos 5.2",
        "Claude Fable 5.1",
        "Claude Mythos 5.1",
        "Claude Opus 5.5",
        "Claude Sonnet 5.5",
        "Claude Haiku 5.5",
        "Claude Haiku 4.5",
    )
)


#: the documented minimum cacheable prefix, in tokens, by (family, version)
CACHE_MINIMUM = {
    ("opus", (4, 5)): 4096,
    ("opus", (4, 6)): 4096,
    ("opus", (4, 7)): 4096,
    ("mythos", (0, 0)): 4096,  # Mythos Preview
    ("haiku", (4, 5)): 4096,
    ("sonnet", (4, 6)): 2048,
    ("haiku", (3, 5)): 2048,
    ("haiku", (3, 0)): 2048,
    ("sonnet", (4, 5)): 1024,
    ("opus", (4, 1)): 1024,
    ("opus", (4, 0)): 1024,
    ("sonnet", (4, 0)): 1024,
    ("sonnet", (3, 7)): 1024,
    # the current 5.x models (read 2026-12-05, `CACHE_MINIMUM_READ`)
    ("fable", (5, 1)): 512,
    ("mythos", (5, 1)): 512,
    ("fable", (5, 2)): 512,
    ("mythos", (5, 2)): 512,
    ("opus", (5, 5)): 512,
    ("sonnet", (5, 5)): 512,
    ("haiku", (5, 5)): 512,
}
#: when the 5.x minimums above were read from the prompt caching page
CACHE_MINIMUM_READ = "2026-12-05"
#: the smallest minimum any current model has (reported for Claude Opus 5): used for
#: models the table does not list, so that no prefix long enough for them is flagged
LOWEST_CACHE_MINIMUM = 512

EFFORT_PAGE = f"{DOCS}/build-with-claude/effort"
THINKING_PAGE = f"{DOCS}/build-with-claude/extended-thinking"
ADAPTIVE_PAGE = f"{DOCS}/build-with-claude/adaptive-thinking"
CACHING_PAGE = f"{DOCS}/build-with-claude/prompt-caching"
VISION_PAGE = f"{DOCS}/build-with-claude/vision"
PDF_PAGE = f"{DOCS}/build-with-claude/pdf-support"
WEB_SEARCH_PAGE = f"{DOCS}/agents-and-tools/tool-use/web-search-tool"
TOOL_CHOICE_PAGE = f"{DOCS}/agents-and-tools/tool-use/implement-tool-use#forcing-tool-use"
PREFILL_PAGE = f"{DOCS}/build-with-claude/prompt-engineering/prefill-claudes-response"
PRESERVED_THINKING_PAGE = f"{DOCS}/build-with-claude/preserved-thinking"
#: the prefix check's models (its `supportedModels`), `drop_block`, and
#: the beta header `thinking-binding-controls-2026-08-01`
BOUND_THINKING_FIX_PAGE = f"{PRESERVED_THINKING_PAGE}/fix-bound-to-a-different-conversation"
#: when the facts above were read
READ = "2026-12-01"
#: the page each fact was read from
SOURCES: dict[str, Source] = {
    "effort": Source(EFFORT_PAGE, READ),
    "sampling": Source(MIGRATION_GUIDE, READ),
    "thinking": Source(ADAPTIVE_PAGE, READ),
    "thinking_lowest": Source(ADAPTIVE_PAGE, READ),
    "input": Source(VISION_PAGE, READ),
    "search": Source(WEB_SEARCH_PAGE, READ),
    "forced_tool_choice": Source(TOOL_CHOICE_PAGE, READ),
    "prefill": Source(PREFILL_PAGE, READ),
    "cache_min_tokens": Source(CACHING_PAGE, READ),
    "max_output": Source(MODELS_OVERVIEW, READ),
    "prefix_check": Source(PRESERVED_THINKING_PAGE, READ),
}
_DECORATION = re.compile(r"^(?:[a-z]{2,6}\.)?anthropic\.")
_DATE = re.compile(r"-\d{8}$")


def normal_id(model: str) -> str:
    """A platform's id reduced to the Claude API's: `us.anthropic.claude-x-v1:0`, `.../claude-x`,
    `claude-x@20250929`, `claude-x-latest`, `claude-sonnet-4.5` all become `claude-...`;
    a dated snapshot not in the table loses its date."""
    m = model.strip().lower().rsplit("/", 1)[-1]
    m = _DECORATION.sub("", m)
    m = m.split("@", 1)[0]
    m = re.sub(r"-v\d+(?::\d+)?$", "", m).split(":", 1)[0]
    m = m.replace(".", "-").removesuffix("-latest")
    if _DATE.search(m) and m not in _IDS:
        m = _DATE.sub("", m)
    return m


_FAMILIES = ("opus", "sonnet", "haiku", "fable", "mythos")


def cache_minimum(model: ClaudeModel) -> int | None:
    """The documented minimum cacheable prefix of a model in the table, or None."""
    if model.ids[0] == "claude-mythos-preview":
        return CACHE_MINIMUM[("mythos", (0, 0))]
    family = next((f for f in _FAMILIES if f in model.ids[0]), None)
    return CACHE_MINIMUM.get((family, model.version)) if family else None


def _thinking_modes(m: ClaudeModel) -> tuple[str, ...]:
    modes = []
    if m.manual_thinking != "no":
        modes.append("enabled")
    if m.adaptive:
        modes.append("adaptive")
    if m.between_tools:
        modes.append("between_tools")
    if m.disabled not in ("no", None):
        modes.append("disabled")
    return tuple(modes)


def _lowest(m: ClaudeModel) -> str | None:
    if m.disabled == "yes" or m.thinking_default == "off":
        return "disabled"
    if m.between_tools:
        return "between_tools"
    if m.disabled == "no":
        return "adaptive"
    return None


def _facts(m: ClaudeModel) -> dict:
    effort = None if m.effort is None else tuple(e for e in EFFORT_LEVELS if e in m.effort)
    return {
        "effort": effort,
        "sampling": m.sampling,
        "thinking": _thinking_modes(m),
        "thinking_lowest": _lowest(m),
        "input": ("text", "image", "file"),
        "search": ("web_search_tool",),
        "forced_tool_choice": m.forced_tool_choice,
        "prefill": m.prefill,
        "cache_min_tokens": cache_minimum(m),
        "max_output": m.max_output,
        "prefix_check": m.prefix_check,
    }


#: the facts a model's own page (`ClaudeModel.page`) is the source of
PAGE_FACTS = ("effort", "thinking", "thinking_lowest", "forced_tool_choice", "prefix_check")


def _sources(m: ClaudeModel) -> dict[str, Source]:
    sources = dict(SOURCES)
    if m.version >= (5, 1):
        sources["cache_min_tokens"] = Source(CACHING_PAGE, CACHE_MINIMUM_READ)
    if m.page is not None:
        sources.update(dict.fromkeys(PAGE_FACTS, m.page))
        sources["max_output"] = m.page
    return sources


def rows() -> tuple[ModelFacts, ...]:
    """The Claude models as rows of the capability table."""
    return tuple(
        ModelFacts(m.ids[0], "anthropic", m.name, m.ids[1:], _facts(m), _sources(m)) for m in MODELS
    )


_IDS = frozenset(mid for m in MODELS for mid in m.ids)
