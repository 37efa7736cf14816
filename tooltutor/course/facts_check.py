"""`tooltutor validate` on `{{facts:NAME}}`: an error for a name that is no list, and a
warning for a fact a list shows that was read longer ago than a set age, naming the fact,
the date it was read and its URL (the lists: `checker.models.course_facts`; rendering
them: `tooltutor.course.facts`)."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import NamedTuple

from checker.models.course_facts import join_names
from tooltutor.course.facts import PLACEHOLDER
from tooltutor.course.model import Problem

#: how old (days) a fact a lesson shows may be before `validate` warns
DEFAULT_MAX_AGE_DAYS = 90


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
