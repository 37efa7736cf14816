"""The one table of model capabilities, and the small API every model-dependent rule reads.

The data lives in `checker.models.claude` and `checker.models.openai` (pure data: no rule
logic). Every fact a rule reads has its source: the page it was read from and the date it
was read (`ModelFacts.source(fact)`), so that a fact can be rechecked, and `tooltutor
validate` can flag a fact older than a set age (`stale`).

    facts_for("claude-opus-4-6").get("effort")   # ('low', 'medium', 'high', 'max')
    facts_for("gpt-5.2").source("effort")         # Source(url=..., read='2026-12-05')
    models_with("audio_input")                    # ('gpt-4o-audio-preview', ...)
    did_you_mean("gpt-5.2-proo")                  # 'gpt-5.2-pro'

The facts, by name (`FACTS`): `effort` (the effort levels taken: `output_config.effort`
or `reasoning_effort`; () none at all), `sampling` ("yes", "no", None: unknown),
`thinking` (the thinking modes taken), `thinking_lowest` (the lowest thinking setting:
"disabled", "between_tools", "none"...), `input` (modalities: "text", "image", "file",
"audio"), `search` (how the model searches: "web_search_tool", "web_search_options"),
`forced_tool_choice` (forcing a tool), `prefill` (a final assistant message),
`cache_min_tokens` (the smallest cacheable prefix), `prefix_check` (preserved thinking's
prefix check: "all_accounts", "new_accounts", "none"), `chat_tools` (OpenAI: function
tools in Chat Completions: "yes", "no" (Responses only), "effort_none" (only with
`reasoning_effort: "none"`)). A value of None means not known for
sure: rules only warn, or keep quiet, on it.
"""

from __future__ import annotations

import functools
import re

from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    import datetime
    from typing import Any

FACTS = (
    "effort",
    "sampling",
    "thinking",
    "thinking_lowest",
    "input",
    "search",
    "forced_tool_choice",
    "prefill",
    "cache_min_tokens",
    "prefix_check",
    "chat_tools",
)


class Source(NamedTuple):
    """Where a fact was read, and when (ISO date)."""

    url: str
    read: str

    def age_days(self, today: datetime.date | None = None) -> int:
        # on first use, not at import: datetime (~0.9 ms of every lint; only `stale` asks)
        import datetime

        today = today or datetime.date.today()
        return (today - datetime.date.fromisoformat(self.read)).days


class ModelFacts(NamedTuple):
    """One model: its API id, its aliases, and its facts with their sources."""

    id: str
    vendor: str
    name: str
    aliases: tuple[str, ...]
    facts: dict[str, Any]
    sources: dict[str, Source]

    def get(self, fact: str, default: Any = None) -> Any:
        return self.facts.get(fact, default)

    def source(self, fact: str) -> Source | None:
        return self.sources.get(fact)


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, ModelFacts]:
    # on first use, not at import: OpenAI's table (its facts and sources)
    from checker.models import openai

    rows: dict[str, ModelFacts] = {}
    for row in (*_claude_rows(), *openai.rows()):
        for name in (row.id, *row.aliases):
            rows[name] = row
    return rows


@functools.lru_cache(maxsize=1)
def _claude_rows() -> tuple[ModelFacts, ...]:
    """The Claude rows, made once (the same objects in both tables)."""
    # on first use, not at import: checker.models.claude (the Claude table)
    from checker.models import claude

    return claude.rows()


@functools.lru_cache(maxsize=1)
def _claude_table() -> dict[str, ModelFacts]:
    """The Claude rows alone, so a Claude id is found without OpenAI's table (no id or
    alias of one vendor starts with `claude` in the other's: tests/checker test_models)."""
    rows: dict[str, ModelFacts] = {}
    for row in _claude_rows():
        for name in (row.id, *row.aliases):
            rows[name] = row
    return rows


def forget() -> None:
    """Drop the tables built so far (and the answers read from them): for a test that
    changes a vendor's rows in place."""
    for cached in (_table, _claude_rows, _claude_table, facts_for, did_you_mean):
        cached.cache_clear()


def all_models() -> tuple[ModelFacts, ...]:
    """Every model of the table, once each, in the table's order."""
    seen: dict[str, ModelFacts] = {}
    for row in _table().values():
        seen.setdefault(row.id, row)
    return tuple(seen.values())


def _clean(model_id: str) -> str:
    name = model_id.strip().lower()
    for prefix in ("openai/", "anthropic/", "azure/", "openai:", "anthropic:"):
        name = name.removeprefix(prefix)
    return name


@functools.lru_cache(maxsize=256)
def facts_for(model_id: str | None) -> ModelFacts | None:
    """The table's row for an id, an alias or a dated snapshot; None for an unknown id."""
    if not isinstance(model_id, str) or not model_id.strip():
        return None
    # on first use, not at import: the Claude table (OpenAI's only below, when needed)
    from checker.models import claude

    name = _clean(model_id)
    if name.startswith("claude"):
        # the same answer as the whole table's, without loading OpenAI's rows
        found = _claude_table().get(name) or _claude_table().get(claude.normal_id(name))
        if found is not None:
            return found
    # on first use, not at import: OpenAI's table
    from checker.models import openai

    table = _table()
    found = table.get(name)
    if found is None:
        found = table.get(claude.normal_id(name)) or table.get(openai.undated_id(name))
    return found


def resolve(model_id: str | None) -> str | None:
    """The API id an alias or snapshot stands for (`claude-opus-4-6` → itself), or None."""
    row = facts_for(model_id)
    return row.id if row is not None else None


def models_with(capability: str, value: Any = True) -> tuple[str, ...]:
    """The ids of the models that have `capability`: a fact set to `value` (default: true),
    or holding `value` when the fact is a tuple (`models_with("input", "audio")`).
    `models_with("audio_input")` is short for `models_with("input", "audio")`."""
    if capability == "audio_input":
        capability, value = "input", "audio"
    if capability not in FACTS:
        raise KeyError(f"unknown capability {capability!r}; one of {', '.join(FACTS)}")
    found = []
    for row in all_models():
        fact = row.get(capability)
        if (isinstance(fact, (tuple, frozenset)) and value in fact) or fact == value:
            found.append(row.id)
    return tuple(found)


def known_ids() -> tuple[str, ...]:
    """Every id and alias the table knows."""
    return tuple(_table())


def _one_edit(a: str, b: str) -> bool:
    """True when `b` is `a` with one character added, removed, changed, or two neighbours
    swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):
        return a[i:] == b[i + 1 :]
    if a[i + 1 :] == b[i + 1 :]:
        return True
    return a[i + 2 :] == b[i + 2 :] and a[i : i + 2] == b[i : i + 2][::-1]


def _letters(name: str) -> str:
    return re.sub(r"[^a-z]", "", name)


@functools.lru_cache(maxsize=256)
def did_you_mean(model_id: str | None) -> str | None:
    """The known id an unknown `model_id` is a near miss of (a typo), or None.

    A near miss is one edit away (a letter added, dropped, changed or two swapped) and not
    only a different number or punctuation: `gpt-5.2-proo` is a typo of `gpt-5.2-pro`, but
    `gpt-5.7` is a version the table may not list yet, and `gpt-35-turbo` Azure's name."""
    if not isinstance(model_id, str) or facts_for(model_id) is not None:
        return None
    name = _clean(model_id)
    if len(name) < 5:
        return None
    for known in known_ids():
        if _one_edit(name, known) and _letters(name) != _letters(known):
            return known
    return None


def stale(max_age_days: int, today: datetime.date | None = None):
    """(model id, fact, source) for every fact read more than `max_age_days` ago."""
    for row in all_models():
        for fact, source in row.sources.items():
            if source.age_days(today) > max_age_days:
                yield row.id, fact, source
