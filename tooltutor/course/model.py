"""The course model: `Course`, `Lesson`, `Exercise`, `Problem`, as the course files declare them.

Plain records (`checker.records`: a dataclass's API, without its import cost) with the
few questions the app asks of them; loading them is `loader`'s job, checking them
`checks`'s. Positions in a file are `yamlsource.Position`.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from checker.records import field, fields, record  # a dataclass, without its import cost
from tooltutor.course.yamlsource import Position, locate
from tooltutor.kinds import kind_named

#: The newest course format this program reads.
FORMAT_VERSION = 1

FOOTNOTE = re.compile(r"\[\^(S[0-9]+)\]")

#: In `untranslated`: the item has no usable translation (no overlay, or a broken one).
WHOLE = "*"


@record(frozen=True)
class Problem:
    """One thing wrong in a course file, at a place an author can jump to."""

    path: Path
    line: int
    column: int
    message: str
    severity: str = "error"
    #: what `validate` prints under the problem, indented: why an answer was marked as it
    #: was, a check's traceback
    details: tuple[str, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return f"{display_path(self.path)}:{self.line}:{self.column}: {self.message}"

    def text(self) -> str:
        """The problem's line, then its details, indented."""
        return "\n".join([str(self), *("    " + line for line in self.details)])


@record
class Exercise:
    """One exercise, as its file declares it (see exercise.schema.json)."""

    id: str
    lesson: str
    level: int
    title: str
    kind: str
    prompt: str
    starter: str
    criteria: list[dict]
    hints: list[str]
    solution: str
    explanation: str
    wrong_answers: list[dict]
    #: correct answers that differ from the solution as learners' answers do: each must pass
    right_answers: list[dict] = field(default_factory=list)
    api: str = "anthropic"
    given: object = None
    entry: str | None = None
    call: dict | None = None
    script: list[dict] | None = None
    tool_results: dict | None = None
    variants: list[dict] | None = None
    support: str | None = None
    choices: list[dict] | None = None
    multiple: bool = False
    path: Path | None = field(default=None, compare=False)
    #: JSON pointer -> position in the file, for problems found after loading (self-test)
    positions: dict = field(default_factory=dict, compare=False, repr=False)
    #: the file's values as written (`{{model}}` not replaced): what translations are of
    source_values: dict | None = field(default=None, compare=False, repr=False)
    #: in a translated course, the fields shown in the source language (see `translation`)
    untranslated: set[str] = field(default_factory=set, compare=False)

    def position(self, pointer: str) -> Position:
        """Where the value at `pointer` stands in the exercise file (nearest parent if absent)."""
        return locate(self.positions, pointer)

    @property
    def lesson_id(self) -> str:
        return self.lesson

    def spec(self) -> dict:
        """The exercise as the plain mapping the checker marks against."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name in EXERCISE_KEYS}

    @property
    def file_suffix(self) -> str:
        """The file ending of an answer to this exercise."""
        return kind_named(self.kind).suffix


@record
class Lesson:
    """One lesson, as its file declares it (see lesson.schema.json)."""

    id: str
    number: int
    title: str
    summary: str
    objectives: list[str]
    prerequisites: list[str]
    sections: list[dict]
    sources: list[dict]
    recap: list[str]
    #: exercise ids, in order, as the file lists them
    exercises: list[str]
    path: Path | None = field(default=None, compare=False)
    #: the exercises that loaded, in the listed order (filled by the loader)
    exercise_items: list[Exercise] = field(default_factory=list, compare=False)
    #: in a translated course, the fields shown in the source language (see `translation`)
    untranslated: set[str] = field(default_factory=set, compare=False)

    @property
    def checks(self) -> list[dict]:
        """The inline checks of the lesson, in reading order."""
        return [b["check"] for s in self.sections for b in s["blocks"] if "check" in b]

    def source(self, source_id: str) -> dict | None:
        return next((s for s in self.sources if s["id"] == source_id), None)


@record
class BrokenItem:
    """A lesson or exercise file that could not be loaded, for the UI to show as broken."""

    kind: str
    path: Path
    id: str | None
    problems: list[Problem]


@record
class Course:
    """A loaded course: what loaded, and every problem found on the way."""

    root: Path
    id: str = "unknown"
    title: str = "(course.yaml could not be read)"
    description: str = ""
    format_version: int = FORMAT_VERSION
    model: str = ""
    languages: list[str] = field(default_factory=lambda: ["en"])
    lesson_order: list[str] = field(default_factory=list)
    lessons: list[Lesson] = field(default_factory=list)
    exercises: dict[str, Exercise] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    broken: list[BrokenItem] = field(default_factory=list)
    #: the language the lessons and exercises are shown in (a tag of `languages`)
    lang: str = "en"
    #: language -> what its translation covers (`translation.LanguageReport`), for each
    #: language whose overlays were read
    translations: dict = field(default_factory=dict)

    @property
    def source_language(self) -> str:
        """The language the course is written in: the first of `languages`."""
        return self.languages[0] if self.languages else "en"

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)

    def exercise(self, exercise_id: str) -> Exercise | None:
        return self.exercises.get(exercise_id)

    def find_lesson(self, key: str) -> Lesson | None:
        """A lesson by id, or by its number ("2")."""
        found = self.lesson(key)
        if found is None and key.isdigit():
            found = next((le for le in self.lessons if le.number == int(key)), None)
        return found

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    def expand(self, text: str) -> str:
        """Course text with `{{model}}` replaced by the course's model id, and each
        `{{facts:NAME}}` by its list of models in the course's language (`facts`)."""
        if "{{" not in text:
            return text
        text = text.replace("{{model}}", self.model)
        if "{{facts:" in text:
            from tooltutor.course.facts import render

            text = render(text, self.lang)
        return text


def display_path(path: Path) -> str:
    """A path as short as it can be shown: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


def model_fields(cls: type) -> set[str]:
    """The fields of a model class that its course file declares (for the schema test)."""
    return {f.name for f in fields(cls) if f.name not in _NOT_IN_FILE}


_NOT_IN_FILE = ("path", "exercise_items", "positions", "source_values", "untranslated")
EXERCISE_KEYS = frozenset(f.name for f in fields(Exercise) if f.name not in _NOT_IN_FILE)


def expand_model(value, model: str):
    """`value` with `{{model}}` replaced by the course's model id in every string; the
    parts with none are the same objects, not copies (the file's values are kept too)."""
    if isinstance(value, str):
        return value.replace("{{model}}", model) if "{{model}}" in value else value
    if isinstance(value, list):
        items = [expand_model(v, model) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, dict):
        members = {k: expand_model(v, model) for k, v in value.items()}
        return value if all(members[k] is v for k, v in value.items()) else members
    return value


__all__ = [
    "EXERCISE_KEYS",
    "FOOTNOTE",
    "FORMAT_VERSION",
    "BrokenItem",
    "Course",
    "Exercise",
    "Lesson",
    "Position",
    "Problem",
    "WHOLE",
    "display_path",
    "expand_model",
    "model_fields",
]
