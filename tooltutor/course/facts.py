"""`{{facts:NAME}}` in course text: a list of models drawn from the capability table.

A lesson writes "Of the current models, {{facts:forcing_rejected}} reject forcing", and
the reader sees the names the table holds today (`checker.models.course_facts`), joined
in the course's language: "Claude Opus 5.5, Sonnet 5.5 and Fable 5.2" ("... e ..." in
Portuguese, "... и ..." in Russian). A grouped list (`cache_minimums`) renders each value
with its models: "512 tokens on Claude Opus 5.5 and Sonnet 5.5; 4,096 tokens on Claude
Haiku 4.5". The placeholder stays verbatim in every translation; only the rendering is
per language (`checker.models.course_facts.WORDS`; a language with no entry gets the
English words).

`placeholders` finds them in a file (for `tooltutor validate`: an unknown name is an
error, a fact older than the set age a warning, `fact_problems`).
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import NamedTuple

from checker.models.course_facts import join_names, number, words_for

PLACEHOLDER = re.compile(r"\{\{facts:([^{}]*)\}\}")
#: how old (days) a fact a lesson shows may be before `validate` warns
DEFAULT_MAX_AGE_DAYS = 90


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


class Found(NamedTuple):
    """A placeholder in a file, at 1-based line and column."""

    name: str
    line: int
    column: int


def placeholders(path: Path) -> list[Found]:
    """Every `{{facts:...}}` in the file at `path`, with its place."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []  # the loader reports an unreadable file
    found = []
    for number_, line in enumerate(text.split("\n"), start=1):
        for match in PLACEHOLDER.finditer(line):
            found.append(Found(match.group(1).strip(), number_, match.start() + 1))
    return found


def course_files(root: Path) -> list[Path]:
    """The lesson and exercise files of a course, overlays included."""
    return sorted(p for folder in ("lessons", "exercises") for p in (root / folder).rglob("*.yaml"))


def fact_problems(course, max_age_days: int = DEFAULT_MAX_AGE_DAYS, today=None) -> list:
    """An error for each `{{facts:NAME}}` with no such list (in any file, translations
    too), and a warning for each fact a list shows that was read more than `max_age_days`
    ago (the fact, the date it was read and its URL): once per list and file, at its first
    place in the source language's files (a translation shows the same facts)."""
    from checker.models import course_facts
    from tooltutor.course.model import Problem

    today = today or datetime.date.today()
    translations = set(course.languages[1:])
    problems = []
    for path in course_files(course.root):
        warned: set[str] = set()
        for found in placeholders(path):
            if found.name not in course_facts.LISTS:
                problems.append(Problem(path, found.line, found.column, _unknown(found.name)))
                continue
            if found.name in warned or path.parent.name in translations:
                continue
            warned.add(found.name)
            for fact, source, models in course_facts.sources(found.name):
                age = source.age_days(today)
                if age > max_age_days:
                    message = STALE.format(
                        name=found.name,
                        fact=fact,
                        models=f" of {join_names(models)}" if models else "",
                        read=source.read,
                        age=age,
                        max=max_age_days,
                        url=source.url,
                    )
                    problems.append(Problem(path, found.line, found.column, message, "warning"))
    return problems


def _unknown(name: str) -> str:
    import difflib

    from checker.models import course_facts

    close = difflib.get_close_matches(name, list(course_facts.LISTS), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"{{{{facts:{name}}}}} names no facts list{hint}; one of {', '.join(course_facts.LISTS)}"


STALE = (
    "{{{{facts:{name}}}}} shows `{fact}`{models}, read {read} ({age} days ago, more than "
    "{max}) from {url}: read the page again and update the date in checker/models/"
)
