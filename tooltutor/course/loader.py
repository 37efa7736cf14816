"""Load a course directory into `Course`, `Lesson` and `Exercise`, collecting every problem.

`load_course` never raises for problems in course files: it reads every file, checks each
against its JSON Schema and the references between files, and returns the course with the
items that loaded plus a list of `Problem`s, each with `file:line:col`. A broken file is
left out (and listed in `Course.broken`) while the rest of the course still works.
"""

from __future__ import annotations

import re
from pathlib import Path

from tooltutor.course.checks import CourseChecks
from tooltutor.course.location import resolve_course_dir
from tooltutor.course.model import (
    FORMAT_VERSION,
    BrokenItem,
    Course,
    Exercise,
    Lesson,
    Problem,
    display_path,
    expand_model,
)
from tooltutor.course.yamlsource import (
    Position,
    YamlDoc,
    YamlFileError,
    read_regular_file,
    read_yaml,
)
from tooltutor.i18n import match_language


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
    source's, lessons and exercises are translated copies (`translation`) whose
    `untranslated` names what fell back to the source text. `only_exercise` loads
    course.yaml and that one exercise (what `check` needs), skipping lessons and the checks
    between files. `use_cache=False` schema-checks every file even when it passed before
    (what `validate` does). `audit_translations` (True: every language; or a list of tags)
    checks those translations too, without applying them (`Course.translations`).
    """
    loader = _Loader(resolve_course_dir(course_dir), use_cache=use_cache)
    return loader.load(only_exercise=only_exercise, lang=lang, audit=audit_translations)


class _Loader:
    def __init__(self, root: Path, *, use_cache: bool = True):
        self.root = root
        self.course = Course(root=root)
        self.checks = CourseChecks(self.problem)
        self.cache = None
        if use_cache:
            # on first use, not at import: tooltutor.course, hashlib (4 modules)
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
            self.checks.link(self.course, self.course_path, self.course_doc, lessons, exercises)
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
        # on first use, not at import: tooltutor.course, json (7 modules)
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
        # on first use, not at import: tooltutor.course, difflib, hashlib, heapq, ... (21 modules)
        from tooltutor.course.translation.translator import Translator, unknown_language_folders

        wanted = course.languages[1:] if audit is True else self._audited(audit or [])

        if audit is True:
            where = (self.course_path, self.course_doc.locate("/languages"))
            unknown_language_folders(course, self.problem, where)
        for lang in dict.fromkeys([course.lang] if apply else []) | dict.fromkeys(wanted):
            if lang == course.source_language:
                continue
            translator = Translator(course, lang, self._read, self.problem)
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
            self.checks.check_lesson(lesson, doc)
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
            values = expand_model(doc.value, self.course.model)
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
            self.checks.check_exercise(exercise, doc)
            found[exercise.id] = (exercise, doc)
        return found

    def _broken(self, kind: str, path: Path) -> None:
        problems = [p for p in self.course.problems if p.path == path]
        self.course.broken.append(BrokenItem(kind, path, _guess_id(path), problems))


def _guess_id(path: Path) -> str | None:
    """The id a broken file probably meant: its `id:` line, else its name without number."""
    try:  # never a FIFO or a device: read_regular_file checks before it opens
        text = read_regular_file(path, 64_000, head=True).decode("utf-8", errors="replace")
    except (YamlFileError, OSError):
        text = ""
    for line in text.splitlines()[:40]:
        match = re.match(r"^id:\s*['\"]?([a-z0-9-]+)", line)
        if match:
            return match.group(1)
    return re.sub(r"^[0-9]+[-_]", "", path.stem) or None


__all__ = ["load_course"]
