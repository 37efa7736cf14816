"""`{{facts:NAME}}` in course text: a list of models drawn from the capability table.

A lesson writes "Of the current models, {{facts:forcing_rejected}} reject forcing", and
the reader sees the names the table holds today (`checker.models.course_facts`), joined
in the course's language: "Claude Opus 5.5, Sonnet 5.5 and Fable 5.2" ("... e ..." in
Portuguese, "... и ..." in Russian). A grouped list (`cache_minimums`) renders each value
with its models: "512 tokens on Claude Opus 5.5 and Sonnet 5.5; 4,096 tokens on Claude
Haiku 4.5". The placeholder stays verbatim in every translation; only the rendering is
per language (`checker.models.course_facts.WORDS`; a language with no entry gets the
English words).

`tooltutor validate` checks them (`facts_check`: an unknown name is an error, a fact
older than the set age a warning).
"""

from __future__ import annotations

import re

from checker.models.course_facts import join_names, number, words_for

PLACEHOLDER = re.compile(r"\{\{facts:([^{}]*)\}\}")


def render_list(name: str, lang: str = "en") -> str | None:
    """The text of `{{facts:name}}` in `lang`, or None for an unknown name."""
    from checker.models import course_facts

    if name not in course_facts.LISTS:
        return None
    words = words_for(lang)
    parts = []
    for value, models in course_facts.groups(name):
        joined = join_names(models, lang)
        if value is None:
            parts.append(joined)
        else:
            template = words.tokens[min(words.plural(value), len(words.tokens) - 1)]
            parts.append(template.format(value=number(value, lang), models=joined))
    return "; ".join(parts)


def render(text: str, lang: str = "en") -> str:
    """`text` with every known `{{facts:NAME}}` rendered; an unknown one is left as written
    (`validate` reports it)."""
    if "{{facts:" not in text:
        return text

    def one(match: re.Match) -> str:
        rendered = render_list(match.group(1).strip(), lang)
        return match.group(0) if rendered is None else rendered

    return PLACEHOLDER.sub(one, text)


def render_all(value, lang: str):
    """`value` (a course file's strings, lists and mappings) with every known
    `{{facts:NAME}}` rendered in `lang`; parts with none are the same objects."""
    if isinstance(value, str):
        return render(value, lang)
    if isinstance(value, list):
        items = [render_all(v, lang) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, dict):
        members = {k: render_all(v, lang) for k, v in value.items()}
        return value if all(members[k] is v for k, v in value.items()) else members
    return value
