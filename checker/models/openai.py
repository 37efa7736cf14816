"""OpenAI models: the data of the capability table (see `checker.models`).

`MODELS` lists the OpenAI model ids the rules know by name, with what Chat Completions and
the Responses API accept from each (read 2026-12-05 from the models pages, the reasoning
guide, the audio guide and the web search guide; `SOURCES` names the page of each fact).
`FAMILIES` reads the ids not listed (dated snapshots, fine-tunes, newer versions) by family:
`o3-...` is an o3, every `gpt-5*` but `*-chat-latest` reasons.
"""

from __future__ import annotations

import re

from checker.models import ModelFacts, Source

DOCS = "https://platform.openai.com/docs"
MODELS_PAGE = f"{DOCS}/models"
REASONING_PAGE = f"{DOCS}/guides/reasoning"
AUDIO_PAGE = f"{DOCS}/guides/audio"
SEARCH_PAGE = f"{DOCS}/guides/tools-web-search"
VISION_PAGE = f"{DOCS}/guides/images-vision"
FILE_INPUTS_PAGE = f"{DOCS}/guides/pdf-files"
CACHING_PAGE = f"{DOCS}/guides/prompt-caching"
FUNCTION_CALLING_PAGE = f"{DOCS}/guides/function-calling"
#: OpenAI's newer docs host (the GPT-6 pages live there)
NEW_DOCS = "https://developers.openai.com/api/docs"
#: the GPT-6 guide: the family's models, efforts and migration notes
GPT6_GUIDE = f"{NEW_DOCS}/guides/latest-model"
#: the deployment checklist: which GPT-6 models take function tools in Chat Completions
DEPLOYMENT_CHECKLIST = f"{NEW_DOCS}/guides/deployment-checklist"
#: when the facts were read
READ = "2026-12-05"
SOURCES: dict[str, Source] = {
    "effort": Source(REASONING_PAGE, READ),
    "sampling": Source(REASONING_PAGE, READ),
    "thinking": Source(REASONING_PAGE, READ),
    "thinking_lowest": Source(REASONING_PAGE, READ),
    "input": Source(AUDIO_PAGE, READ),
    "search": Source(SEARCH_PAGE, READ),
    "forced_tool_choice": Source(FUNCTION_CALLING_PAGE, READ),
    "prefill": Source(MODELS_PAGE, READ),
    "cache_min_tokens": Source(CACHING_PAGE, READ),
}
#: the GPT-6 rows read their effort, sampling and tool facts from OpenAI's GPT-6 pages
GPT6_SOURCES: dict[str, Source] = {
    **SOURCES,
    "effort": Source(GPT6_GUIDE, READ),
    "sampling": Source(DEPLOYMENT_CHECKLIST, READ),
    "thinking_lowest": Source(GPT6_GUIDE, READ),
    "chat_tools": Source(DEPLOYMENT_CHECKLIST, READ),
}

O_SERIES = ("o1-mini", "o1-preview", "o1", "o3-mini", "o3", "o4-mini")
#: the legacy o1 models that take neither a system nor a developer message
NO_INSTRUCTION_ROLES = ("o1-mini", "o1-preview")
#: (pattern on the id without `ft:` and a router prefix, family, reasoning): first wins
FAMILIES: tuple[tuple[str, str, bool | None], ...] = (
    (r".*-search-(preview|api)\b.*", "search", None),
    (r"o1-mini\b.*", "o1-mini", True),
    (r"o1-preview\b.*", "o1-preview", True),
    (r"o1\b.*", "o1", True),
    (r"o3-mini\b.*", "o3-mini", True),
    (r"o3\b.*", "o3", True),
    (r"o4-mini\b.*", "o4-mini", True),
    (r"codex-mini\b.*", "codex-mini", True),
    (r"gpt-5\b.*", "gpt-5", True),
    (r"gpt-4\.1\b.*", "gpt-4.1", False),
    (r"(gpt-4o|chatgpt-4o)\b.*", "gpt-4o", False),
    (r"gpt-4\b.*", "gpt-4", False),
    (r"(gpt-3\.5|gpt-35)\b.*", "gpt-3.5", False),
    (r"(gpt-|chatgpt-).*", "other", None),
)

_TEXT_IMAGE_FILE = ("text", "image", "file")
_AUDIO = ("text", "audio")
_O_EFFORT = ("low", "medium", "high")
_GPT5_EFFORT = ("minimal", "low", "medium", "high")
_GPT51_EFFORT = ("none", "low", "medium", "high")
_GPT52_EFFORT = ("none", "low", "medium", "high", "xhigh")
#: GPT-6 Astra and GPT-6.1 Sol: no `none` (and no `minimal`); GPT-6 Sol and Luna take `none`
_GPT6_EFFORT = ("low", "medium", "high", "xhigh", "max")
_GPT6_NONE_EFFORT = ("none", *_GPT6_EFFORT)


def _row(ids: str, *, effort=(), inputs=_TEXT_IMAGE_FILE, search=(), lowest=None, **more):
    """One entry: ids (alias first, space-separated), and its facts. `effort` () is a
    model that does not reason; None: not known."""
    reasoning = effort is None or bool(effort)
    facts = {
        "effort": effort,
        "sampling": "default-only" if reasoning else "yes",
        "thinking": ("reasoning",) if reasoning else (),
        "thinking_lowest": lowest if reasoning else None,
        "input": inputs,
        "search": search,
        "forced_tool_choice": True,
        "prefill": None,
        "cache_min_tokens": 1024,
        "chat_tools": None,
        **more,
    }
    first, *aliases = ids.split()
    return first, tuple(aliases), facts


MODELS = (
    _row("gpt-3.5-turbo gpt-3.5-turbo-0125 gpt-3.5-turbo-1106", inputs=("text",)),
    _row("gpt-4 gpt-4-0613", inputs=("text",)),
    _row("gpt-4-turbo gpt-4-turbo-2024-04-09 gpt-4-turbo-preview", inputs=("text", "image")),
    _row("gpt-4o gpt-4o-2024-05-13 gpt-4o-2024-08-06 gpt-4o-2024-11-20 chatgpt-4o-latest"),
    _row("gpt-4o-mini gpt-4o-mini-2024-07-18"),
    _row(
        "gpt-4o-audio-preview gpt-4o-audio-preview-2024-12-17 gpt-4o-audio-preview-2025-06-03",
        inputs=_AUDIO,
    ),
    _row("gpt-4o-mini-audio-preview gpt-4o-mini-audio-preview-2024-12-17", inputs=_AUDIO),
    _row("gpt-audio gpt-audio-2025-08-28", inputs=_AUDIO),
    _row("gpt-audio-mini gpt-audio-mini-2025-10-06", inputs=_AUDIO),
    _row(
        "gpt-4o-search-preview gpt-4o-search-preview-2025-03-11",
        inputs=("text",),
        search=("web_search_options",),
    ),
    _row(
        "gpt-4o-mini-search-preview gpt-4o-mini-search-preview-2025-03-11",
        inputs=("text",),
        search=("web_search_options",),
    ),
    _row("gpt-4.1 gpt-4.1-2025-04-14", search=("web_search_tool",)),
    _row("gpt-4.1-mini gpt-4.1-mini-2025-04-14", search=("web_search_tool",)),
    _row("gpt-4.1-nano gpt-4.1-nano-2025-04-14"),
    _row("o1-mini o1-mini-2024-09-12", effort=None, inputs=("text",)),
    _row("o1-preview o1-preview-2024-09-12", effort=None, inputs=("text",)),
    _row("o1 o1-2024-12-17", effort=_O_EFFORT, lowest="low"),
    _row("o1-pro o1-pro-2025-03-19", effort=_O_EFFORT, lowest="low"),
    _row("o3-mini o3-mini-2025-01-31", effort=_O_EFFORT, inputs=("text", "file"), lowest="low"),
    _row("o3 o3-2025-04-16", effort=_O_EFFORT, search=("web_search_tool",), lowest="low"),
    _row("o3-pro o3-pro-2025-06-10", effort=_O_EFFORT, lowest="low"),
    _row("o4-mini o4-mini-2025-04-16", effort=_O_EFFORT, search=("web_search_tool",), lowest="low"),
    _row("codex-mini-latest", effort=_O_EFFORT, lowest="low"),
    _row(
        "gpt-5 gpt-5-2025-08-07", effort=_GPT5_EFFORT, search=("web_search_tool",), lowest="minimal"
    ),
    _row(
        "gpt-5-mini gpt-5-mini-2025-08-07",
        effort=_GPT5_EFFORT,
        search=("web_search_tool",),
        lowest="minimal",
    ),
    _row("gpt-5-nano gpt-5-nano-2025-08-07", effort=_GPT5_EFFORT, lowest="minimal"),
    _row("gpt-5-pro gpt-5-pro-2025-10-06", effort=("high",), lowest="high"),
    _row("gpt-5-codex", effort=("low", "medium", "high"), lowest="low"),
    _row("gpt-5-chat-latest"),
    _row(
        "gpt-5.1 gpt-5.1-2025-11-13",
        effort=_GPT51_EFFORT,
        search=("web_search_tool",),
        lowest="none",
    ),
    _row("gpt-5.1-codex", effort=("low", "medium", "high"), lowest="low"),
    _row("gpt-5.1-codex-mini", effort=("low", "medium", "high"), lowest="low"),
    _row("gpt-5.1-codex-max", effort=("low", "medium", "high", "xhigh"), lowest="low"),
    _row("gpt-5.1-chat-latest"),
    _row(
        "gpt-5.2 gpt-5.2-2025-12-11",
        effort=_GPT52_EFFORT,
        search=("web_search_tool",),
        lowest="none",
    ),
    _row("gpt-5.2-pro gpt-5.2-pro-2025-12-11", effort=("medium", "high", "xhigh"), lowest="medium"),
    _row("gpt-5.2-chat-latest"),
    _row("gpt-5.3", effort=None, search=("web_search_tool",)),
    _row("gpt-5.4", effort=None, search=("web_search_tool",)),
    _row("gpt-5.4-mini gpt-5.4-mini-2026-03-17", effort=None),
    _row("gpt-5.5", effort=None, search=("web_search_tool",)),
    _row("gpt-5.6", effort=None, search=("web_search_tool",)),
    # GPT-6 (read 2026-12-05, `GPT6_SOURCES`). `chat_tools`: "no", function tools only
    # through Responses; "effort_none", in Chat Completions only with `reasoning_effort:
    # "none"`; None, no OpenAI page read says (GPT-6.1 Terra, the GPT-6.2 models: only
    # third-party reports, which disagree). The GPT-6.2 efforts are not known either.
    _row(
        "gpt-6-astra",
        effort=_GPT6_EFFORT,
        inputs=("text", "image"),
        search=("web_search_tool",),
        lowest="low",
        chat_tools="no",
    ),
    _row(
        "gpt-6-sol",
        effort=_GPT6_NONE_EFFORT,
        inputs=("text", "image"),
        lowest="none",
        chat_tools="effort_none",
    ),
    _row(
        "gpt-6-luna",
        effort=_GPT6_NONE_EFFORT,
        inputs=("text", "image"),
        lowest="none",
        chat_tools="effort_none",
    ),
    _row(
        "gpt-6.1-sol",
        effort=_GPT6_EFFORT,
        inputs=("text", "image"),
        search=("web_search_tool",),
        lowest="low",
        chat_tools="no",
    ),
    _row("gpt-6.1-terra", effort=None, inputs=("text", "image")),
    _row("gpt-6.2-astra", effort=None, inputs=("text", "image")),
    _row("gpt-6.2-sol", effort=None, inputs=("text", "image")),
)

#: the names OpenAI's pages give the GPT-6 models (other rows are named by their id)
NAMES = {
    "gpt-6-astra": "GPT-6 Astra",
    "gpt-6-sol": "GPT-6 Sol",
    "gpt-6-luna": "GPT-6 Luna",
    "gpt-6.1-sol": "GPT-6.1 Sol",
    "gpt-6.1-terra": "GPT-6.1 Terra",
    "gpt-6.2-astra": "GPT-6.2 Astra",
    "gpt-6.2-sol": "GPT-6.2 Sol",
}
#: the current GPT-6 models, newest first: the rows a course's OpenAI lists are drawn from
CURRENT_MODELS = (
    "gpt-6.2-astra",
    "gpt-6.2-sol",
    "gpt-6.1-sol",
    "gpt-6.1-terra",
    "gpt-6-astra",
    "gpt-6-sol",
    "gpt-6-luna",
)
#: where the GPT-6 lineup was read (the GPT-6 guide lists Astra, 6.1 Sol, 6.1 Terra and
#: Luna and calls gpt-6-sol the older Sol; the GPT-6.2 ids are from the models index)
CURRENT_MODELS_PAGE = f"{NEW_DOCS}/models"
CURRENT_MODELS_READ = READ

_DATE = re.compile(r"-\d{4}-\d{2}-\d{2}$")
_COMPILED = tuple((re.compile(pattern), family) for pattern, family, _ in FAMILIES)


def family_of(model: str) -> str | None:
    """The family `FAMILIES` reads an id as (`ft:` and router prefixes removed), or None."""
    name = model.strip().lower()
    if name.startswith("ft:"):
        name = name[3:].split(":", 1)[0]
    for prefix in ("openai/", "azure/", "openai:"):
        name = name.removeprefix(prefix)
    return next((family for pattern, family in _COMPILED if pattern.fullmatch(name)), None)


def undated_id(model: str) -> str:
    """An id without its snapshot date (`gpt-5.4-mini-2026-03-17` → `gpt-5.4-mini`)."""
    return _DATE.sub("", model)


def rows() -> tuple[ModelFacts, ...]:
    """The OpenAI models as rows of the capability table."""
    return tuple(
        ModelFacts(
            first,
            "openai",
            NAMES.get(first, first),
            aliases,
            facts,
            dict(GPT6_SOURCES if first in NAMES else SOURCES),
        )
        for first, aliases, facts in MODELS
    )
