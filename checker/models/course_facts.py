"""The dated facts a course shows, as named lists drawn from the capability table.

Lessons do not write "Claude X, Y and Z reject forcing" by hand: they write
`{{facts:forcing_rejected}}`, and the app renders the list from the table
(`tooltutor.course.facts`), joined in the course's language (`join_names`, `WORDS`; the
linter's messages join their lists the same way). A new model is then one
row in `checker.models.claude`, and every lesson that lists models follows. Each list
also says which facts it reads, so that `tooltutor validate` can name the fact, the date
it was read and its URL when it is older than a set age (`sources`).

    names("forcing_rejected")   # ('Claude Opus 5.5', 'Claude Sonnet 5.5', ...)
    groups("cache_minimums")    # ((512, ('Claude Opus 5.5', ...)), (4096, ('Claude Haiku 4.5',)))
    join_names(names("forcing_rejected"), "pt-BR")  # 'Claude Opus 5.5, Sonnet 5.5, ... e ...'

Every list is drawn from the current Claude models (`CURRENT_MODELS`, the models overview's
lineup), newest version first, in the table's order within a version; the `openai_*` lists
from the current GPT-6 models (`checker.models.openai.CURRENT_MODELS`), in that order.
"""

from __future__ import annotations

from collections.abc import Callable

from checker.models import ModelFacts, Source, facts_for
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: the fact behind "which models are current" (not a column of the table)
ROSTER = "current_models"


class FactList(NamedTuple):
    """One named list a lesson can show: the models whose facts pass `keep`."""

    description: str
    #: the table's facts the list reads (their sources date it); ROSTER is always read
    facts: tuple[str, ...]
    keep: Callable[[ModelFacts], bool]
    #: a fact to group the models by (the list renders "value: models; value: models")
    group_by: str | None = None
    #: whose current models the list is drawn from: "anthropic" or "openai"
    vendor: str = "anthropic"


def _is(fact: str, *values: Any) -> Callable[[ModelFacts], bool]:
    return lambda row: row.get(fact) in values


LISTS: dict[str, FactList] = {
    "current_models": FactList("the current Claude models", (), lambda row: True),
    "forcing_rejected": FactList(
        "current models that reject `tool_choice` `any` and `tool` (a 400)",
        ("forced_tool_choice",),
        _is("forced_tool_choice", False),
    ),
    "forcing_accepted": FactList(
        "current models that accept `tool_choice` `any` and `tool`",
        ("forced_tool_choice",),
        _is("forced_tool_choice", True),
    ),
    "prefill_accepted": FactList(
        "current models that accept a final assistant message (prefill)",
        ("prefill",),
        _is("prefill", True),
    ),
    "thinking_always_on": FactList(
        "current models whose adaptive thinking cannot be turned off at all",
        ("thinking_lowest",),
        _is("thinking_lowest", "adaptive"),
    ),
    "preserved_thinking": FactList(
        "current models with preserved thinking, whose thinking blocks pass a prefix check",
        ("prefix_check",),
        _is("prefix_check", "all_accounts", "new_accounts"),
    ),
    "prefix_check_all_accounts": FactList(
        "current models whose prefix check is a 400 on every account by default",
        ("prefix_check",),
        _is("prefix_check", "all_accounts"),
    ),
    "prefix_check_new_accounts": FactList(
        "current models whose prefix check is a 400 by default only on accounts created "
        "on or after 2026-08-31",
        ("prefix_check",),
        _is("prefix_check", "new_accounts"),
    ),
    "cache_minimums": FactList(
        "the smallest cacheable prefix (tokens) of each current model, grouped by size",
        ("cache_min_tokens",),
        lambda row: row.get("cache_min_tokens") is not None,
        group_by="cache_min_tokens",
    ),
    "openai_tools_responses_only": FactList(
        "current OpenAI models that take function tools only through the Responses API",
        ("chat_tools",),
        _is("chat_tools", "no"),
        vendor="openai",
    ),
    "openai_tools_chat_effort_none": FactList(
        "current OpenAI models that take function tools in Chat Completions only with "
        '`reasoning_effort: "none"`',
        ("chat_tools",),
        _is("chat_tools", "effort_none"),
        vendor="openai",
    ),
}


def _current(vendor: str = "anthropic") -> list[ModelFacts]:
    if vendor == "openai":
        from checker.models import openai

        found = (facts_for(model) for model in openai.CURRENT_MODELS)
        return [row for row in found if row is not None]
    from checker.models.claude import CURRENT_MODELS, MODELS

    ordered = sorted(
        (m for m in MODELS if m.name in CURRENT_MODELS), key=lambda m: m.version, reverse=True
    )
    rows = (facts_for(m.ids[0]) for m in ordered)
    return [row for row in rows if row is not None]


def fact_list(name: str) -> FactList:
    """The list called `name`; KeyError naming the known lists when there is none."""
    try:
        return LISTS[name]
    except KeyError:
        raise KeyError(f"no facts list {name!r}; one of {', '.join(LISTS)}") from None


def rows(name: str) -> tuple[ModelFacts, ...]:
    """The table's rows in the list called `name`."""
    spec = fact_list(name)
    return tuple(row for row in _current(spec.vendor) if spec.keep(row))


def names(name: str) -> tuple[str, ...]:
    """The model names in the list called `name` ("Claude Opus 5.5", ...)."""
    return tuple(row.name for row in rows(name))


def groups(name: str) -> tuple[tuple[Any, tuple[str, ...]], ...]:
    """(value, model names) for a grouped list, smallest value first; for a list with no
    `group_by`, one group whose value is None."""
    spec = fact_list(name)
    if spec.group_by is None:
        return ((None, names(name)),)
    found: dict[Any, list[str]] = {}
    for row in rows(name):
        found.setdefault(row.get(spec.group_by), []).append(row.name)
    return tuple((value, tuple(found[value])) for value in sorted(found))


def roster_source(vendor: str = "anthropic") -> Source:
    """Where and when a vendor's current lineup was read."""
    if vendor == "openai":
        from checker.models import openai

        return Source(openai.CURRENT_MODELS_PAGE, openai.CURRENT_MODELS_READ)
    from checker.models.claude import CURRENT_MODELS_PAGE, CURRENT_MODELS_READ

    return Source(CURRENT_MODELS_PAGE, CURRENT_MODELS_READ)


def sources(name: str) -> list[tuple[str, Source, tuple[str, ...]]]:
    """(fact, source, model names) for every source the list called `name` depends on: the
    lineup, then the list's facts of every current model (those left out of the list are
    left out because of them), models sharing a source together."""
    spec = fact_list(name)
    out: list[tuple[str, Source, tuple[str, ...]]] = [(ROSTER, roster_source(spec.vendor), ())]
    found: dict[tuple[str, Source], list[str]] = {}
    for row in _current(spec.vendor):
        for fact in spec.facts:
            source = row.source(fact)
            if source is not None:
                found.setdefault((fact, source), []).append(row.name)
    out += [(fact, source, tuple(models)) for (fact, source), models in found.items()]
    return out


# -- the words of a list, per language ----------------------------------------


class Words(NamedTuple):
    """The words a rendered list needs in one language."""

    #: the word before the last name ("and")
    last: str
    #: the thousands separator of numbers ("4,096"), and the smallest number grouped
    thousands: str
    group_from: int
    #: a group of a grouped list: "{value} tokens on {models}", by plural form
    tokens: tuple[str, ...]
    #: the plural form (an index of `tokens`) for a number
    plural: object


def _plural_two(n: int) -> int:
    return 0 if n == 1 else 1


def _plural_ru(n: int) -> int:
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


WORDS: dict[str, Words] = {
    "en": Words(
        "and", ",", 1000, ("{value} token on {models}", "{value} tokens on {models}"), _plural_two
    ),
    "pt-BR": Words(
        "e", ".", 1000, ("{value} token no {models}", "{value} tokens no {models}"), _plural_two
    ),
    # Russian groups digits from 10 000 on, as the checker's messages do (`NUMBER_STYLES`)
    "ru": Words(
        "и",
        "\u00a0",
        10_000,
        ("{value} токен у {models}", "{value} токена у {models}", "{value} токенов у {models}"),
        _plural_ru,
    ),
}


def words_for(lang: str) -> Words:
    """The words of `lang` ("pt-BR", "ru"...), its base language's, or English."""
    return WORDS.get(lang) or WORDS.get(lang.split("-")[0]) or WORDS["en"]


def join_names(models: tuple[str, ...] | list[str], lang: str = "en") -> str:
    """Model names as one phrase: the vendor said once ("Claude Opus 5.5, Sonnet 5.5 and
    Haiku 4.5"), the last name after the language's "and"."""
    shown = [_short(name) if i else name for i, name in enumerate(models)]
    if len(shown) <= 1:
        return "".join(shown)
    return f"{', '.join(shown[:-1])} {words_for(lang).last} {shown[-1]}"


def _short(name: str) -> str:
    return name.removeprefix("Claude ")


def number(value: int, lang: str = "en") -> str:
    """A whole number as `lang` writes it in a sentence ("4,096", "4.096", "4096")."""
    words = words_for(lang)
    return f"{value:,}".replace(",", words.thousands) if value >= words.group_from else str(value)
