"""The overlays of one language of a course, for the loader: found by file name, read,
checked, applied and counted; and the overlay folders named for no language the course
offers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from checker.records import replace
from tooltutor.course.model import FOOTNOTE, Course, Exercise, Lesson, display_path
from tooltutor.course.translation.apply import (
    translate_exercise,
    translate_lesson,
    untranslated_copy,
)
from tooltutor.course.translation.data_text import merge_data, retunes_marking
from tooltutor.course.translation.fingerprint import source_hash
from tooltutor.course.translation.merge import merge
from tooltutor.course.translation.report import LanguageReport
from tooltutor.course.translation.spec import COURSE_TEXT, EXERCISE_TEXT, LESSON_TEXT
from tooltutor.course.translation.stamp import STAMP_COMMAND
from tooltutor.course.yamlsource import Position, YamlDoc, pointer_join

#: read(path, kind) -> the schema-checked document, or None (its problems reported)
Reader = Callable[[Path, str], "YamlDoc | None"]
#: report(path, position, message, severity)
Reporter = Callable[[Path, Position, str, str], None]


def overlay_path(source: Path, lang: str) -> Path:
    """Where the translation of the source file `source` into `lang` lives."""
    return source.parent / lang / source.name


class Translator:
    """The overlays of one language: found by file name, checked, applied."""

    def __init__(self, course: Course, lang: str, read: Reader, report: Reporter):
        self.course = course
        self.lang = lang
        self.read = read
        self.report = report
        self.source_language = course.languages[0] if course.languages else "en"
        self.result = LanguageReport(lang)

    def course_text(self, path: Path, values: Mapping) -> dict | None:
        """The course's title and description in this language (the source's where the
        overlay `<lang>/course.yaml` leaves one out), or None without an overlay."""
        self.result.course_text = False
        found = self._overlay(path, "course", self.course.id, values)
        if found is None:
            return None
        self.result.course_text = True
        return found[0]

    def _in_source_language(self, item, keys):
        """An item shown untranslated, its `{{facts:...}}` lists rendered in the source
        language now (the text around them is in it, not in the course's language)."""
        from tooltutor.course.facts import render_all

        values = {key: getattr(item, key) for key in keys if hasattr(item, key)}
        rendered = render_all(values, self.source_language)
        if rendered is values:
            return item
        return replace(item, **rendered)

    def lesson(self, lesson: Lesson) -> Lesson:
        """`lesson` in this language (a copy; `untranslated` says what fell back)."""
        self.result.lessons += 1
        values = {key: getattr(lesson, key) for key in LESSON_TEXT.fields}
        found = self._overlay(lesson.path, "lesson", lesson.id, values)
        if found is None:
            return self._in_source_language(untranslated_copy(lesson), LESSON_TEXT.fields)
        self.result.lessons_translated += 1
        return translate_lesson(lesson, *found[:2])

    def exercise(self, exercise: Exercise) -> Exercise:
        """`exercise` in this language (a copy; `untranslated` says what fell back)."""
        self.result.exercises += 1
        values = exercise.source_values
        if values is None:
            values = {key: getattr(exercise, key) for key in EXERCISE_TEXT.fields}
        found = self._overlay(exercise.path, "exercise", exercise.id, values)
        if found is None:
            return self._in_source_language(untranslated_copy(exercise), EXERCISE_TEXT.fields)
        self.result.exercises_translated += 1
        copy = translate_exercise(exercise, *found[:2], model=self.course.model)
        right_answers = found[2]
        if right_answers or retunes_marking(values, found[0]):
            copy = replace(copy, right_answers=[*exercise.right_answers, *right_answers])
            self.result.retuned.append(copy)
        return copy

    def _overlay(self, source: Path | None, kind: str, item_id: str, values: Mapping):
        """(merged text, untranslated) from the overlay of `source`, or None."""
        if source is None:
            return None
        path = overlay_path(source, self.lang)
        if kind == "course":
            path = source.parent / self.lang / source.name
        if not path.is_file():
            return None
        errors_before = self._errors()
        doc = self.read(path, f"{kind}-overlay")
        if doc is None:
            self.result.broken += 1
            return None
        overlay = doc.value
        if overlay["id"] != item_id:
            self._problem(
                path,
                doc.locate("/id"),
                f"this translation names {kind} '{overlay['id']}', but "
                f"{display_path(source)} is {kind} '{item_id}': an overlay has the same file "
                "name as its source and the same id",
            )
            self.result.broken += 1
            return None
        if overlay["lang"] != self.lang:
            self._problem(
                path,
                doc.locate("/lang"),
                f"lang is '{overlay['lang']}', but the file is in the folder {self.lang}/: "
                "they must be the same",
            )
        spec = {"lesson": LESSON_TEXT, "course": COURSE_TEXT}.get(kind, EXERCISE_TEXT)
        merged = merge(spec, values, overlay, self.source_language)
        if kind == "exercise":
            data = merge_data(values, overlay, self.source_language)
            merged.text.update(data.text)
            merged.untranslated |= data.untranslated
            merged.findings += data.findings
        for finding in merged.findings:
            self._problem(
                path,
                doc.locate(finding.pointer, key=finding.on_key),
                finding.message,
                finding.severity,
            )
        if kind == "lesson":
            self._check_footnotes(path, doc, values)
        self._check_hash(path, doc, values)
        if merged.untranslated:
            self.result.partly += 1
        if self._errors() > errors_before:
            self.result.broken += 1
        return merged.text, merged.untranslated, list(overlay.get("right_answers") or [])

    def _check_hash(self, path: Path, doc: YamlDoc, values: Mapping) -> None:
        current = source_hash(values)
        stamp = f"{STAMP_COMMAND} {self.lang} --dir {display_path(self.course.root)}"
        written = doc.value.get("source_hash")
        if written is None:
            self.result.stale += 1
            self._problem(
                path,
                doc.locate("/lang"),
                f"no source_hash: not marked as translated yet; once this file is "
                f'translated, run `{stamp}` (it writes source_hash: "{current}", the source '
                "text it translates)",
                "warning",
            )
        elif written != current:
            self.result.stale += 1
            self._problem(
                path,
                doc.locate("/source_hash"),
                f"stale translation: the source changed since this was translated "
                f"(source_hash {written}, now {current}); update the translation, then run "
                f"`{stamp}`",
                "warning",
            )

    def _check_footnotes(self, path: Path, doc: YamlDoc, values: Mapping) -> None:
        known = {source["id"] for source in values.get("sources") or []}
        for pointer, text in _strings(doc.value, ""):
            for match in FOOTNOTE.finditer(text):
                if match.group(1) not in known:
                    self._problem(
                        path,
                        doc.locate(pointer),
                        f"footnote [^{match.group(1)}] names no source of this lesson",
                    )

    def _problem(self, path: Path, pos: Position, message: str, severity: str = "error"):
        self.report(path, pos, message, severity)

    def _errors(self) -> int:
        return sum(p.severity == "error" for p in self.course.problems)

    # -- validate: files that match nothing ----------------------------------------------

    def orphans(self) -> None:
        """Report overlays of this language whose source file does not exist."""
        root = self.course.root
        candidates = sorted((root / "lessons" / self.lang).glob("*.yaml"))
        candidates += sorted((root / "exercises").glob(f"*/{self.lang}/*.yaml"))
        for path in candidates:
            source = path.parent.parent / path.name
            if source.is_file():
                continue  # loaded, or broken (reported with the source)
            self._problem(
                path,
                Position(1, 1),
                f"no source file {display_path(source)}: a translation has the same file "
                "name as the file it translates, one folder up",
            )


def _strings(value, pointer: str):
    """Every string in a file's value, with its pointer."""
    if isinstance(value, str):
        yield pointer, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, pointer_join(pointer, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, pointer_join(pointer, index))


def unknown_language_folders(course: Course, report: Reporter, where: tuple[Path, Position]):
    """Report folders of overlays named for a language the course does not list, at
    `where` (course.yaml's `languages`)."""
    root = course.root
    allowed = set(course.languages[1:])
    folders: dict[str, list[Path]] = {}
    candidates = sorted(p for p in (root / "lessons").glob("*/") if p.is_dir())
    candidates += sorted(p for p in (root / "exercises").glob("*/*/") if p.is_dir())
    for folder in candidates:
        if folder.name not in allowed and any(folder.glob("*.yaml")):
            folders.setdefault(folder.name, []).append(folder)
    for name, found in folders.items():
        first = found[0].relative_to(root) if found[0].is_relative_to(root) else found[0]
        if len(found) > 1:
            what = f"{first}/ and {len(found) - 1} more folder{'s' * (len(found) > 2)} hold"
        else:
            what = f"{first}/ holds"
        if course.languages and name == course.languages[0]:
            why = f"'{name}' is the language the course is written in: its files go one folder up"
        else:
            close = [lang for lang in allowed if lang.lower() == name.lower()]
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            why = f"`languages` does not list '{name}'{hint}: add it to offer this translation"
        report(*where, f"{what} translations into '{name}', but {why}", "error")
