"""Load a course directory into `Course`, `Lesson` and `Exercise`, collecting every problem.

`load_course` never raises for problems in course files: it reads every file, checks each
against its JSON Schema and the references between files, and returns the course with the
items that loaded plus a list of `Problem`s, each with `file:line:col`. A broken file is
left out (and listed in `Course.broken`) while the rest of the course still works.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path

from tooltutor.course.yamlsource import (
    Position,
    YamlDoc,
    YamlFileError,
    locate,
    pointer_join,
    read_yaml,
)

#: The newest course format this program reads.
FORMAT_VERSION = 1

FOOTNOTE = re.compile(r"\[\^(S[0-9]+)\]")


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a course file, at a place an author can jump to."""

    path: Path
    line: int
    column: int
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{display_path(self.path)}:{self.line}:{self.column}: {self.message}"


@dataclass
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
    #: in a translated course, the fields shown in the source language (see translation.py)
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
        return {"json": ".json", "python": ".py"}.get(self.kind, ".txt")


@dataclass
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
    #: in a translated course, the fields shown in the source language (see translation.py)
    untranslated: set[str] = field(default_factory=set, compare=False)

    @property
    def checks(self) -> list[dict]:
        """The inline checks of the lesson, in reading order."""
        return [b["check"] for s in self.sections for b in s["blocks"] if "check" in b]

    def source(self, source_id: str) -> dict | None:
        return next((s for s in self.sources if s["id"] == source_id), None)


@dataclass
class BrokenItem:
    """A lesson or exercise file that could not be loaded, for the UI to show as broken."""

    kind: str
    path: Path
    id: str | None
    problems: list[Problem]


@dataclass
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
        """Course text with `{{model}}` replaced by the course's model id."""
        return text.replace("{{model}}", self.model) if "{{" in text else text


def display_path(path: Path) -> str:
    """A path as short as it can be shown: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel


def bundled_course_dir() -> Path:
    """The course shipped with tooltutor: inside the wheel, or the repository's root."""
    package = Path(__file__).resolve().parent.parent  # tooltutor/
    packaged = package / "bundled_course"  # the wheel's force-included copy
    if (packaged / "course.yaml").is_file():
        return packaged
    return package.parent


def resolve_course_dir(course_dir: str | Path | None) -> Path:
    """The course directory to use: the one given, else the bundled course."""
    return Path(course_dir) if course_dir else bundled_course_dir()


def load_course(
    course_dir: str | Path | None = None,
    lang=None,
    *,
    only_exercise: str | None = None,
    use_cache: bool = True,
    audit_translations=False,
) -> Course:
    """Load a course directory; problems are collected in `Course.problems`, never raised.

    `lang` is the language to show the course in: a tag of its `languages` (matched as
    `i18n.match_language` does), or a function that picks one from `languages` (the
    command line passes `i18n.resolve_language` this way). In another language than the
    source's, lessons and exercises are translated copies (translation.py) whose
    `untranslated` names what fell back to the source text. `only_exercise` loads
    course.yaml and that one exercise (what `check` needs), skipping lessons and the checks
    between files. `use_cache=False` schema-checks every file even when it passed before
    (what `validate` does). `audit_translations` (True: every language; or a list of tags)
    checks those translations too, without applying them (`Course.translations`).
    """
    loader = _Loader(resolve_course_dir(course_dir), use_cache=use_cache)
    return loader.load(only_exercise=only_exercise, lang=lang, audit=audit_translations)


def model_fields(cls: type) -> set[str]:
    """The fields of a model class that its course file declares (for the schema test)."""
    return {f.name for f in fields(cls) if f.name not in _NOT_IN_FILE}


_NOT_IN_FILE = ("path", "exercise_items", "positions", "source_values", "untranslated")
EXERCISE_KEYS = frozenset(f.name for f in fields(Exercise) if f.name not in _NOT_IN_FILE)


class _Loader:
    def __init__(self, root: Path, *, use_cache: bool = True):
        self.root = root
        self.course = Course(root=root)
        self.cache = None
        if use_cache:
            from tooltutor.course.cache import CourseCache

            self.cache = CourseCache()

    def problem(self, path: Path, pos: Position, message: str, severity: str = "error") -> None:
        self.course.problems.append(Problem(path, pos.line, pos.column, message, severity))

    # -- files -------------------------------------------------------------------------

    def load(self, only_exercise: str | None = None, lang=None, audit=False) -> Course:
        course_file = self.root / "course.yaml"
        if not self.root.is_dir():
            self.problem(self.root, Position(1, 1), "no such course directory")
            return self.course
        if not course_file.exists():
            self.problem(course_file, Position(1, 1), "missing: a course needs a course.yaml")
            return self.course
        doc = self._read(course_file, "course")
        if doc is None or not self._course_header(course_file, doc):
            return self.course
        self.course.lang = self.course.source_language
        if lang is not None:
            self.course.lang = self._choose_language(lang)
        if only_exercise is not None:
            self._load_one_exercise(only_exercise)
        else:
            lessons = self._load_lessons()
            exercises = self._load_exercises()
            self._translate(lessons, exercises, audit)
            self._link(lessons, exercises)
        self.course.problems.sort(key=lambda p: (str(p.path), p.line, p.column))
        return self.course

    def _load_one_exercise(self, exercise_id: str) -> None:
        """Load the file of one exercise: by its conventional name, else by reading all."""
        files = sorted((self.root / "exercises").glob(f"*/*{exercise_id}.yaml"))
        found = self._load_exercises(files)
        if exercise_id not in found:
            found = self._load_exercises()
        self._translate({}, found)
        if exercise_id in found:
            self.course.exercises[exercise_id] = found[exercise_id][0]

    def _read(self, path: Path, kind: str) -> YamlDoc | None:
        """Read and schema-check one file; report its problems; None when unusable."""
        cached = self.cache.get(path, kind) if self.cache is not None else None
        if cached is not None:
            for message, pos in cached.warnings:
                self.problem(path, pos, message)
            return cached
        try:
            doc = read_yaml(path)
        except YamlFileError as exc:
            self.problem(path, Position(exc.line, exc.column), exc.message)
            return None
        for message, pos in doc.warnings:
            self.problem(path, pos, message)
        if not isinstance(doc.value, dict):
            self.problem(path, Position(1, 1), f"a {kind} file must be a mapping of keys")
            return None
        if kind == "course" and self._too_new(path, doc):
            return None
        from tooltutor.course.schemas import validator
        from tooltutor.course.schemas.messages import describe

        errors = sorted(validator(kind).iter_errors(doc.value), key=lambda e: list(e.path))
        for error in errors:
            pointer, on_key, message = describe(error)
            self.problem(path, doc.locate(pointer, key=on_key), message)
        if errors:
            return None
        if self.cache is not None:
            self.cache.put(path, kind, doc)
        return doc

    def _too_new(self, path: Path, doc: YamlDoc) -> bool:
        version = doc.value.get("format_version")
        if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
            self.problem(
                path,
                doc.locate("/format_version"),
                f"this course is written in format_version {version}, but this tooltutor "
                f"reads format_version {FORMAT_VERSION} at most: update tooltutor "
                "(python3 -m pip install --upgrade tooltutor) to take this course",
            )
            return True
        return False

    def _course_header(self, path: Path, doc: YamlDoc) -> bool:
        value = doc.value
        c = self.course
        c.id, c.title, c.model = value["id"], value["title"], value["model"]
        c.description = value.get("description", "")
        c.format_version, c.languages = value["format_version"], value["languages"]
        c.lesson_order = value["lessons"]
        self.course_doc = doc
        self.course_path = path
        return True

    # -- translations ----------------------------------------------------------------------

    def _choose_language(self, lang) -> str:
        """The tag of `languages` that `lang` (a tag, or a function choosing one) names."""
        from tooltutor.i18n import match_language

        languages = self.course.languages
        wanted = lang(languages) if callable(lang) else lang
        found = match_language(wanted, languages) if wanted else None
        if wanted and found is None:
            self.problem(
                self.course_path,
                self.course_doc.locate("/languages"),
                f"this course is not offered in '{wanted}' (languages: {', '.join(languages)}):"
                f" it is shown in {languages[0]}",
                "warning",
            )
        return found or languages[0]

    def _translate(self, lessons: dict, exercises: dict, audit=False) -> None:
        """Put the translated copies of the lessons and exercises in place (when the course
        is shown in another language than its own), and check the translations that
        `audit` asks for (True: all). Nothing is read when neither is asked."""
        course = self.course
        apply = course.lang != course.source_language
        if not apply and not audit:
            return
        from tooltutor.course import translation

        wanted = course.languages[1:] if audit is True else self._audited(audit or [])

        if audit is True:
            where = (self.course_path, self.course_doc.locate("/languages"))
            translation.unknown_language_folders(course, self.problem, where)
        for lang in dict.fromkeys([course.lang] if apply else []) | dict.fromkeys(wanted):
            if lang == course.source_language:
                continue
            translator = translation.Translator(course, lang, self._read, self.problem)
            header = self.course_doc.value
            text = translator.course_text(self.course_path, header)
            if text is not None and lang == course.lang:
                course.title = text.get("title", course.title)
                course.description = text.get("description", course.description)
            for key, (lesson, doc) in lessons.items():
                copy = translator.lesson(lesson)
                if lang == course.lang:
                    lessons[key] = (copy, doc)
            for key, (exercise, doc) in exercises.items():
                copy = translator.exercise(exercise)
                if lang == course.lang:
                    exercises[key] = (copy, doc)
            if lang in wanted:
                translator.orphans()
            course.translations[lang] = translator.result

    def _audited(self, tags) -> list[str]:
        """The translation languages that `tags` name; an error for each that is none."""
        from tooltutor.i18n import match_language

        found = []
        for tag in tags:
            lang = match_language(tag, self.course.languages[1:])
            if lang is None:
                self.problem(
                    self.course_path,
                    self.course_doc.locate("/languages"),
                    f"no translation into '{tag}' to check: `languages` lists "
                    + ", ".join(self.course.languages),
                )
            else:
                found.append(lang)
        return found

    def _load_lessons(self) -> dict[str, tuple[Lesson, YamlDoc]]:
        found: dict[str, tuple[Lesson, YamlDoc]] = {}
        for path in sorted((self.root / "lessons").glob("*.yaml")):
            doc = self._read(path, "lesson")
            if doc is None:
                self._broken("lesson", path)
                continue
            lesson = Lesson(**doc.value, path=path)
            if lesson.id in found:
                first = found[lesson.id][0].path
                self.problem(
                    path,
                    doc.locate("/id"),
                    f"duplicate lesson id '{lesson.id}': {display_path(first)} has it too",
                )
                continue
            self._check_lesson(lesson, doc)
            found[lesson.id] = (lesson, doc)
        return found

    def _load_exercises(self, paths=None) -> dict[str, tuple[Exercise, YamlDoc]]:
        found: dict[str, tuple[Exercise, YamlDoc]] = {}
        if paths is None:
            paths = sorted((self.root / "exercises").glob("*/*.yaml"))
        for path in paths:
            doc = self._read(path, "exercise")
            if doc is None:
                self._broken("exercise", path)
                continue
            values = _expand_model(doc.value, self.course.model)
            exercise = Exercise(
                **values, path=path, positions=doc.positions, source_values=doc.value
            )
            if exercise.id in found:
                first = found[exercise.id][0].path
                self.problem(
                    path,
                    doc.locate("/id"),
                    f"duplicate exercise id '{exercise.id}': {display_path(first)} has it too",
                )
                continue
            if path.parent.name != exercise.lesson:
                self.problem(
                    path,
                    doc.locate("/lesson"),
                    f"this exercise belongs to lesson '{exercise.lesson}' but sits in the "
                    f"folder exercises/{path.parent.name}/: move it to exercises/"
                    f"{exercise.lesson}/",
                )
            self._check_exercise(exercise, doc)
            found[exercise.id] = (exercise, doc)
        return found

    def _broken(self, kind: str, path: Path) -> None:
        problems = [p for p in self.course.problems if p.path == path]
        self.course.broken.append(BrokenItem(kind, path, _guess_id(path), problems))

    # -- checks within one file ----------------------------------------------------------

    def _check_lesson(self, lesson: Lesson, doc: YamlDoc) -> None:
        known = {s["id"] for s in lesson.sources}
        seen_sources: set[str] = set()
        for i, source in enumerate(lesson.sources):
            if source["id"] in seen_sources:
                self.problem(
                    lesson.path,
                    doc.locate(f"/sources/{i}/id"),
                    f"duplicate source id '{source['id']}'",
                )
            seen_sources.add(source["id"])
        check_ids: set[str] = set()
        for si, section in enumerate(lesson.sections):
            for bi, block in enumerate(section["blocks"]):
                pointer = f"/sections/{si}/blocks/{bi}"
                for text_pointer, text in _block_texts(block, pointer):
                    self._check_footnotes(lesson.path, doc, text_pointer, text, known)
                if "check" in block:
                    check = block["check"]
                    if check["id"] in check_ids:
                        self.problem(
                            lesson.path,
                            doc.locate(f"{pointer}/check/id"),
                            f"duplicate inline check id '{check['id']}' in this lesson",
                        )
                    check_ids.add(check["id"])
                    if not any(choice["correct"] for choice in check["choices"]):
                        self.problem(
                            lesson.path,
                            doc.locate(f"{pointer}/check/choices"),
                            "no choice is marked correct: set `correct: true` on at least one",
                        )
                if "sequence" in block:
                    self._check_sequence(lesson.path, doc, f"{pointer}/sequence", block["sequence"])

    def _check_footnotes(
        self, path: Path, doc: YamlDoc, pointer: str, text: str, known: set[str]
    ) -> None:
        for match in FOOTNOTE.finditer(text):
            if match.group(1) not in known:
                self.problem(
                    path,
                    _text_position(doc, pointer, match.group(0), match.start(), text),
                    f"footnote [^{match.group(1)}] names no source: add "
                    f"{{id: {match.group(1)}, title, url}} to this lesson's sources",
                )

    def _check_sequence(self, path: Path, doc: YamlDoc, pointer: str, seq: dict) -> None:
        ids = {p["id"] for p in seq["participants"]}
        for i, step in enumerate(seq["steps"]):
            step_pointer = f"{pointer}/steps/{i}"
            if "note" in step:
                names = [("note", step["note"])]
                if "from" in step or "to" in step:
                    self.problem(
                        path, doc.locate(step_pointer), "a step is an arrow or a note, not both"
                    )
            elif "from" in step and "to" in step:
                names = [("from", step["from"]), ("to", step["to"])]
            else:
                self.problem(
                    path,
                    doc.locate(step_pointer),
                    "a step needs `from` and `to` (an arrow) or `note` (a note)",
                )
                continue
            for key, name in names:
                if name not in ids:
                    self.problem(
                        path,
                        doc.locate(f"{step_pointer}/{key}"),
                        f"'{name}' is not a participant of this diagram "
                        f"(participants: {', '.join(sorted(ids))})",
                    )

    def _check_exercise(self, exercise: Exercise, doc: YamlDoc) -> None:
        ids: set[str] = set()
        for i, criterion in enumerate(exercise.criteria):
            cid = criterion.get("id", criterion["check"])
            if cid in ids:
                self.problem(
                    exercise.path,
                    doc.locate(f"/criteria/{i}"),
                    f"two criteria share the id '{cid}': give each an `id` of its own",
                )
            ids.add(cid)
        for i, criterion in enumerate(exercise.criteria):
            # no spoilers: the hint that reveals a criterion must exist
            number = criterion.get("revealed_by_hint")
            if isinstance(number, int) and number > len(exercise.hints):
                self.problem(
                    exercise.path,
                    doc.locate(f"/criteria/{i}/revealed_by_hint"),
                    f"`revealed_by_hint` is {number}, but the exercise has "
                    f"{len(exercise.hints)} hints",
                )
            cid = criterion.get("id", criterion["check"])
            if cid in (criterion.get("also_hides") or []):
                self.problem(
                    exercise.path,
                    doc.locate(f"/criteria/{i}/also_hides"),
                    f"criterion '{cid}' lists itself in `also_hides`: it hides itself already",
                    severity="warning",
                )
        if exercise.choices:
            choice_ids = [c["id"] for c in exercise.choices]
            if len(set(choice_ids)) != len(choice_ids):
                self.problem(exercise.path, doc.locate("/choices"), "two choices share an id")
            if not any(c["correct"] for c in exercise.choices):
                self.problem(exercise.path, doc.locate("/choices"), "no choice is marked correct")

    # -- references between files --------------------------------------------------------

    def _link(self, lessons: dict, exercises: dict) -> None:
        course, doc, path = self.course, self.course_doc, self.course_path
        for i, lesson_id in enumerate(course.lesson_order):
            if lesson_id in lessons:
                course.lessons.append(lessons[lesson_id][0])
            elif not any(b.id == lesson_id for b in course.broken):
                self.problem(
                    path,
                    doc.locate(f"/lessons/{i}"),
                    f"lesson '{lesson_id}' is listed here but no file in lessons/ has that id"
                    + _did_you_mean(lesson_id, lessons),
                )
        for lesson_id, (lesson, lesson_doc) in lessons.items():
            if lesson_id not in course.lesson_order:
                self.problem(
                    lesson.path,
                    lesson_doc.locate("/id"),
                    f"lesson '{lesson_id}' is not listed in course.yaml's `lessons`, "
                    "so learners never see it",
                )
            for i, prereq in enumerate(lesson.prerequisites):
                if prereq == lesson_id:
                    self.problem(
                        lesson.path,
                        lesson_doc.locate(f"/prerequisites/{i}"),
                        f"lesson '{lesson_id}' lists itself as a prerequisite: remove it",
                    )
                elif prereq not in lessons:
                    self.problem(
                        lesson.path,
                        lesson_doc.locate(f"/prerequisites/{i}"),
                        f"prerequisite '{prereq}' is not a lesson of this course"
                        + _did_you_mean(prereq, lessons),
                    )
            self._check_prerequisite_cycle(lesson, lesson_doc, lessons)
            for i, exercise_id in enumerate(lesson.exercises):
                if exercise_id in exercises:
                    lesson.exercise_items.append(exercises[exercise_id][0])
                elif not any(b.id == exercise_id for b in course.broken):
                    self.problem(
                        lesson.path,
                        lesson_doc.locate(f"/exercises/{i}"),
                        f"exercise '{exercise_id}' is listed here but no file in "
                        f"exercises/{lesson_id}/ has that id"
                        + _did_you_mean(exercise_id, exercises),
                    )
        for exercise_id, (exercise, ex_doc) in exercises.items():
            owner = lessons.get(exercise.lesson)
            if owner is None and any(b.id == exercise.lesson for b in course.broken):
                course.exercises[exercise_id] = exercise  # its lesson's file is the problem
                continue
            if owner is None:
                self.problem(
                    exercise.path,
                    ex_doc.locate("/lesson"),
                    f"lesson '{exercise.lesson}' does not exist"
                    + _did_you_mean(exercise.lesson, lessons),
                )
                continue
            if exercise_id not in owner[0].exercises:
                self.problem(
                    exercise.path,
                    ex_doc.locate("/id"),
                    f"lesson '{exercise.lesson}' does not list exercise '{exercise_id}' in its "
                    "`exercises`, so learners never see it",
                )
            course.exercises[exercise_id] = exercise

    def _check_prerequisite_cycle(self, lesson: Lesson, doc: YamlDoc, lessons: dict) -> None:
        """A problem when following `lesson`'s prerequisites leads back to it."""
        for i, first in enumerate(lesson.prerequisites):
            if first == lesson.id:
                continue  # reported on its own
            stack, seen = [[first]], set()
            while stack:
                path = stack.pop()
                if path[-1] == lesson.id:
                    circle = " -> ".join([lesson.id, *path])
                    self.problem(
                        lesson.path,
                        doc.locate(f"/prerequisites/{i}"),
                        f"the prerequisites go round in a circle ({circle}): a lesson cannot "
                        "come before itself",
                    )
                    return
                if path[-1] in seen or path[-1] not in lessons:
                    continue
                seen.add(path[-1])
                stack += [[*path, nxt] for nxt in lessons[path[-1]][0].prerequisites]


def _expand_model(value, model: str):
    """`value` with `{{model}}` replaced by the course's model id in every string; the
    parts with none are the same objects, not copies (the file's values are kept too)."""
    if isinstance(value, str):
        return value.replace("{{model}}", model) if "{{model}}" in value else value
    if isinstance(value, list):
        items = [_expand_model(v, model) for v in value]
        return value if all(a is b for a, b in zip(items, value)) else items
    if isinstance(value, dict):
        members = {k: _expand_model(v, model) for k, v in value.items()}
        return value if all(members[k] is v for k, v in value.items()) else members
    return value


def _block_texts(block: dict, pointer: str):
    """The Markdown-bearing strings of a block, with their pointers."""
    if "markdown" in block:
        yield f"{pointer}/markdown", block["markdown"]
    elif "check" in block:
        check = block["check"]
        yield f"{pointer}/check/prompt", check["prompt"]
        for i, choice in enumerate(check["choices"]):
            yield f"{pointer}/check/choices/{i}/feedback", choice["feedback"]


def _text_position(doc: YamlDoc, pointer: str, needle: str, offset: int, text: str) -> Position:
    """Where `needle` (at `offset` in the string at `pointer`) stands in the file."""
    start = doc.locate(pointer)
    lines = doc.full_text().split("\n")
    nth = text.count(needle, 0, offset)  # earlier occurrences in this string
    for line_no in range(start.line - 1, len(lines)):
        line = lines[line_no]
        column = line.find(needle, start.column - 1 if line_no == start.line - 1 else 0)
        while column != -1:
            if nth == 0:
                return Position(line_no + 1, column + 1)
            nth -= 1
            column = line.find(needle, column + 1)
    return start


def _did_you_mean(name: str, known) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _guess_id(path: Path) -> str | None:
    """The id a broken file probably meant: its `id:` line, else its name without number."""
    from tooltutor.course.yamlsource import read_regular_file

    try:  # never a FIFO or a device: read_regular_file checks before it opens
        text = read_regular_file(path, 64_000, head=True).decode("utf-8", errors="replace")
    except (YamlFileError, OSError):
        text = ""
    for line in text.splitlines()[:40]:
        match = re.match(r"^id:\s*['\"]?([a-z0-9-]+)", line)
        if match:
            return match.group(1)
    return re.sub(r"^[0-9]+[-_]", "", path.stem) or None


__all__ = [
    "BrokenItem",
    "Course",
    "Exercise",
    "FORMAT_VERSION",
    "Lesson",
    "Problem",
    "bundled_course_dir",
    "load_course",
    "pointer_join",
]
