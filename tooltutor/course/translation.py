"""Translations of a course: overlay files applied over the source text (docs/translations.md).

An overlay `lessons/<lang>/<name>.yaml` (or `exercises/<lesson>/<lang>/<name>.yaml`)
translates the source file `<name>.yaml` one folder up. It holds only what a learner
reads, in the structure of `LESSON_TEXT` / `EXERCISE_TEXT` below: lists of sections,
sources, participants, criteria and exercise choices are matched by id; objectives, recap
points, hints, blocks, diagram steps and the choices of an inline check one to one, in
order. Everything else comes from the source.

- `translate_lesson` / `translate_exercise` apply an overlay's text to a copy of a source
  item; `untranslated` on the copy names every field that fell back to the source
  language, as a path through the overlay's structure with ids for lists matched by id
  and 1-based numbers for lists matched in order (`recap`, `sections/diagram`,
  `sections/talk/blocks/2/check/why_here`, `criteria/protocol`), or is `{WHOLE}` when the
  item has no usable translation at all.
- An exercise's `given` and its criteria's `params` are data, not text, but some of their
  strings reach the learner (`learner_text`): the notes and `what` words a check puts in
  its messages and hints. An exercise overlay translates them by JSON pointer
  (`given_text: {/notes/send_sms: ...}`, `params_text: {criterion-id: {/what: ...}}`), and
  may also give any other string of the params a value for its language (a pattern that
  accepts a Portuguese answer too); the translated criteria are self-tested under that
  language (`LanguageReport.retuned`).
- `source_hash(item)` fingerprints a source's translatable text: the first 12 hex digits
  of the SHA-256 of its canonical JSON (sorted keys, no spaces, UTF-8) in the overlay's
  structure, without `id`, `lang` and `source_hash`. An overlay whose `source_hash`
  differs was made from older text: a stale translation.
- `Translator` finds, reads, checks and applies the overlays of one language for the
  loader, and counts what it found (`LanguageReport`) for `tooltutor validate`.
- `python -m tooltutor.course.translation stamp [COURSE_DIR] LANG` rewrites the `source_hash:`
  line of every overlay of LANG to the current hash, leaving the rest of each file as it
  is, and prints what changed.

Problems use the loader's `file:line:col` reporting: a schema error, an id the source does
not have, a list whose length differs from the source's, a block of another kind and a
`lang` that is not the folder's are errors (that part falls back to the source); a field
left out and a stale hash are warnings.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import re
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tooltutor.course.loader import (
    FOOTNOTE,
    Course,
    Exercise,
    Lesson,
    _expand_model,
    display_path,
)
from tooltutor.course.yamlsource import Position, YamlDoc, pointer_join

#: In `untranslated`: the item has no usable translation (no overlay, or a broken one).
WHOLE = "*"

STAMP_COMMAND = "python -m tooltutor.course.translation stamp"

# -- the translatable text of a source, described once -----------------------------------

TEXT = "text"


@dataclass(frozen=True)
class Fields:
    """A mapping with these translatable keys; `check_id`: an overlay may repeat the
    source's `id` (inline checks), which must then match."""

    fields: dict
    check_id: bool = False


@dataclass(frozen=True)
class ById:
    """A list whose items are matched by id (`key` reads a source item's id)."""

    item: Fields
    what: str
    key: Callable[[Mapping], str] = lambda item: item["id"]


@dataclass(frozen=True)
class InOrder:
    """A list whose items are matched one to one, in order."""

    item: Any
    what: str


@dataclass(frozen=True)
class OneOf:
    """A mapping with exactly one key, the kind (a block of a section)."""

    kinds: dict


CHOICE_TEXT = Fields({"text": TEXT, "feedback": TEXT})
BLOCK_TEXT = OneOf(
    {
        "markdown": TEXT,
        "code": Fields({"caption": TEXT}),
        "sequence": Fields(
            {
                "caption": TEXT,
                "participants": ById(Fields({"label": TEXT}), "participant"),
                "steps": InOrder(Fields({"text": TEXT}), "step"),
            }
        ),
        "check": Fields(
            {"prompt": TEXT, "why_here": TEXT, "choices": InOrder(CHOICE_TEXT, "choice")},
            check_id=True,
        ),
    }
)
LESSON_TEXT = Fields(
    {
        "title": TEXT,
        "summary": TEXT,
        "objectives": InOrder(TEXT, "objective"),
        "recap": InOrder(TEXT, "recap point"),
        "sources": ById(Fields({"title": TEXT}), "source"),
        "sections": ById(
            Fields({"title": TEXT, "blocks": InOrder(BLOCK_TEXT, "block")}), "section"
        ),
    }
)
EXERCISE_TEXT = Fields(
    {
        "title": TEXT,
        "prompt": TEXT,
        "hints": InOrder(TEXT, "hint"),
        "explanation": TEXT,
        "criteria": ById(
            Fields({"label": TEXT, "hidden_label": TEXT}),
            "criterion",
            key=lambda c: c.get("id") or c["check"],
        ),
        "choices": ById(CHOICE_TEXT, "choice"),
    }
)


#: The course's own text (`<lang>/course.yaml` translates course.yaml).
COURSE_TEXT = Fields({"title": TEXT, "description": TEXT})

#: The keys of a criterion's `params` whose strings the learner reads in messages and
#: hints (every string below them, but the `item`s a note is attached to); `name` only as
#: the name of a value a result must carry (`carries`), elsewhere it is a tool's name.
LEARNER_PARAMS = frozenset({"what", "note", "notes"})


def _escape(token: object) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def _tokens(pointer: str) -> list[str]:
    if not pointer:
        return []
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def _leaves(value, pointer: str = ""):
    """(pointer, string) for every string inside `value`."""
    if isinstance(value, str):
        yield pointer, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _leaves(item, f"{pointer}/{_escape(key)}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, f"{pointer}/{index}")


def _at(value, pointer: str):
    """The value at `pointer` inside `value` (KeyError when there is none)."""
    for token in _tokens(pointer):
        if isinstance(value, Mapping) and token in value:
            value = value[token]
        elif isinstance(value, list) and token.isdigit() and int(token) < len(value):
            value = value[int(token)]
        else:
            raise KeyError(pointer)
    return value


def _is_learner_param(pointer: str) -> bool:
    tokens = _tokens(pointer)
    if len(tokens) >= 3 and tokens[0] == "carries" and tokens[-1] == "name":
        return True
    marks = [i for i, token in enumerate(tokens) if token in LEARNER_PARAMS]
    return bool(marks) and "item" not in tokens[marks[-1] + 1 :]


def criterion_id(criterion: Mapping) -> str:
    return criterion.get("id") or criterion["check"]


def learner_text(values: Mapping) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The strings of an exercise's `given` and criteria `params` a learner reads:
    (given pointer -> text, criterion id -> {params pointer -> text}). A learner's param
    that is a `$given/...` reference makes every string of that part of `given` one."""
    given = values.get("given")
    given_text: dict[str, str] = {}
    params_text: dict[str, dict[str, str]] = {}
    for criterion in values.get("criteria") or []:
        found = {}
        for pointer, text in _leaves(criterion.get("params") or {}):
            if not _is_learner_param(pointer):
                continue
            if text.startswith("$given"):
                try:
                    part = _at(given, text[len("$given") :])
                except KeyError:
                    continue
                for inner, string in _leaves(part, text[len("$given") :]):
                    if string.strip():
                        given_text[inner] = string
            elif text.strip():
                found[pointer] = text
        if found:
            params_text.setdefault(criterion_id(criterion), {}).update(found)
    return given_text, params_text


def _data_skeleton(values: Mapping) -> dict:
    """The learner's strings of `given` and `params`, in the overlay's structure."""
    given_text, params_text = learner_text(values)
    out: dict[str, Any] = {}
    if given_text:
        out["given_text"] = given_text
    if params_text:
        out["params_text"] = params_text
    return out


def skeleton(spec, value):
    """The translatable text of `value` in the overlay's structure (None: nothing to
    translate: an absent or blank text, an empty list)."""
    if spec == TEXT:
        return value if isinstance(value, str) and value.strip() else None
    if isinstance(spec, Fields):
        if not isinstance(value, Mapping):
            return None
        out = {}
        for key, sub in spec.fields.items():
            if key in value:
                part = skeleton(sub, value[key])
                if part is not None:
                    out[key] = part
        return out
    if isinstance(spec, ById):
        if not value:
            return None
        return [{"id": spec.key(item), **skeleton(spec.item, item)} for item in value]
    if isinstance(spec, InOrder):
        if not value:
            return None
        return [skeleton(spec.item, item) for item in value]
    kind = next(iter(value))
    return {kind: skeleton(spec.kinds[kind], value[kind])}


def _item_values(item) -> tuple[Fields, Mapping]:
    """(spec, the source values as written) of a Lesson, an Exercise or a file's mapping."""
    if isinstance(item, Lesson):
        return LESSON_TEXT, {key: getattr(item, key) for key in LESSON_TEXT.fields}
    if isinstance(item, Exercise):
        if item.source_values is not None:
            return EXERCISE_TEXT, item.source_values
        values = {key: getattr(item, key) for key in EXERCISE_TEXT.fields}
        return EXERCISE_TEXT, {**values, "given": item.given}
    if "sections" in item:
        return LESSON_TEXT, item
    return (COURSE_TEXT if "format_version" in item else EXERCISE_TEXT), item


def source_hash(item) -> str:
    """The fingerprint of the translatable text of a source lesson or exercise (a
    `Lesson`, an `Exercise`, or the mapping its file holds): see the module docstring."""
    spec, values = _item_values(item)
    text = skeleton(spec, values)
    if spec is EXERCISE_TEXT:
        text.update(_data_skeleton(values))
    canonical = json.dumps(text, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]


# -- applying an overlay ---------------------------------------------------------------


def inject(source, text):
    """A copy of `source` with the strings of `text` (a skeleton of it) put in place.

    Parts the skeleton does not name are shared with the source, never changed."""
    if isinstance(text, str):
        return text
    if isinstance(text, dict):
        out = dict(source)
        for key, part in text.items():
            if key != "id":
                out[key] = inject(source[key], part)
        return out
    out = list(source)
    for index, part in enumerate(text):
        out[index] = inject(source[index], part)
    return out


@dataclass
class Finding:
    """A problem found while matching an overlay to its source."""

    pointer: str
    message: str
    severity: str = "error"
    on_key: bool = False


@dataclass
class Merge:
    """The overlay's text matched to the source: what to show, and what fell back."""

    text: dict
    untranslated: set[str] = field(default_factory=set)
    findings: list[Finding] = field(default_factory=list)


def merge(spec: Fields, source: Mapping, overlay: Mapping, source_language: str) -> Merge:
    """Match `overlay` (a file's mapping) to `source`: see the module docstring."""
    return _Merger(source_language).run(spec, source, overlay)


class _Merger:
    def __init__(self, source_language: str):
        from tooltutor.i18n import language_name

        self.shown = f"the {language_name(source_language)} text is shown"
        self.untranslated: set[str] = set()
        self.findings: list[Finding] = []

    def run(self, spec: Fields, source: Mapping, overlay: Mapping) -> Merge:
        text = self.fields(spec, source, overlay, "", "")
        return Merge(text, self.untranslated, self.findings)

    def fallback(self, label: str, pointer: str, message: str, severity: str) -> None:
        self.untranslated.add(label or WHOLE)
        self.findings.append(Finding(pointer, message, severity))

    def merge(self, spec, source, overlay, pointer: str, label: str):
        if spec == TEXT:
            return overlay
        if isinstance(spec, Fields):
            return self.fields(spec, source, overlay, pointer, label)
        if isinstance(spec, ById):
            return self.by_id(spec, source, overlay, pointer, label)
        if isinstance(spec, InOrder):
            return self.in_order(spec, source, overlay, pointer, label)
        return self.one_of(spec, source, overlay, pointer, label)

    def fields(self, spec: Fields, source: Mapping, overlay: Mapping, pointer: str, label: str):
        if spec.check_id and "id" in overlay and overlay["id"] != source.get("id"):
            self.findings.append(
                Finding(
                    pointer_join(pointer, "id"),
                    f"the source has no inline check '{overlay['id']}' here (it has "
                    f"'{source.get('id')}'): blocks are matched in order",
                )
            )
        out = {}
        for key, sub in spec.fields.items():
            wanted = skeleton(sub, source.get(key)) if key in source else None
            here, where = pointer_join(pointer, key), f"{label}/{key}" if label else key
            if wanted is None:
                if key in overlay:
                    self.findings.append(
                        Finding(
                            here,
                            f"the source has no `{key}` here: this text is never shown",
                            "warning",
                            on_key=True,
                        )
                    )
                continue
            if key in overlay:
                out[key] = self.merge(sub, source[key], overlay[key], here, where)
            else:
                out[key] = wanted
                self.fallback(where, pointer, f"missing `{key}` ({self.shown})", "warning")
        return out

    def by_id(self, spec: ById, source: list, overlay: list, pointer: str, label: str):
        known = [spec.key(item) for item in source]
        given: dict[str, tuple[int, Mapping]] = {}
        for index, item in enumerate(overlay):
            item_id = item["id"]
            here = pointer_join(pointer_join(pointer, index), "id")
            if item_id in given:
                self.findings.append(Finding(here, f"{spec.what} '{item_id}' is translated twice"))
            elif item_id not in known:
                close = difflib.get_close_matches(item_id, known, n=1)
                hint = (
                    f" (did you mean '{close[0]}'?)" if close else f" (it has: {', '.join(known)})"
                )
                self.findings.append(
                    Finding(here, f"the source has no {spec.what} '{item_id}'{hint}")
                )
            else:
                given[item_id] = (index, item)
        in_source_order = [item_id for item_id in known if item_id in given]
        if list(given) != in_source_order:
            self.findings.append(
                Finding(
                    pointer,
                    f"the {spec.what}s are not in the source's order ({', '.join(known)}); "
                    "they are matched by id",
                    "warning",
                )
            )
        out = []
        for item_id, item in zip(known, source):
            where = f"{label}/{item_id}"
            if item_id in given:
                index, translated = given[item_id]
                here = pointer_join(pointer, index)
                out.append({"id": item_id, **self.fields(spec.item, item, translated, here, where)})
            else:
                out.append({"id": item_id, **skeleton(spec.item, item)})
                self.fallback(
                    where, pointer, f"missing {spec.what} '{item_id}' ({self.shown})", "warning"
                )
        return out

    def in_order(self, spec: InOrder, source: list, overlay: list, pointer: str, label: str):
        if len(overlay) != len(source):
            name = label.rsplit("/", 1)[-1]
            self.fallback(
                label,
                pointer,
                f"`{name}` has {len(overlay)} {spec.what}{'s' * (len(overlay) != 1)}, but "
                f"the source has {len(source)}: translate each one, in the same order "
                f"({self.shown} for all of them)",
                "error",
            )
            return skeleton(spec, source)
        return [
            self.merge(spec.item, item, translated, pointer_join(pointer, i), f"{label}/{i + 1}")
            for i, (item, translated) in enumerate(zip(source, overlay))
        ]

    def one_of(self, spec: OneOf, source: Mapping, overlay: Mapping, pointer: str, label: str):
        kind, given = next(iter(source)), next(iter(overlay))
        if kind != given:
            self.fallback(
                label,
                pointer_join(pointer, given),
                f"this is a `{kind}` block in the source, not `{given}`: blocks are matched "
                f"one to one, in order ({self.shown})",
                "error",
            )
            return skeleton(spec, source)
        here, where = pointer_join(pointer, kind), f"{label}/{kind}"
        return {kind: self.merge(spec.kinds[kind], source[kind], overlay[kind], here, where)}


def merge_data(values: Mapping, overlay: Mapping, source_language: str) -> Merge:
    """Match an exercise overlay's `given_text` and `params_text` to the source's `given`
    and criteria `params`: the merged maps (only what the overlay gives), the learner's
    strings it leaves out (warnings), and pointers that name no string of the source
    (errors)."""
    from tooltutor.i18n import language_name

    shown = f"the {language_name(source_language)} text is shown"
    given_text, params_text = learner_text(values)
    out = Merge({})
    given = values.get("given")

    def string_at(value, pointer: str) -> bool:
        try:
            found = _at(value, pointer)
        except KeyError:
            return False
        return isinstance(found, str) and not found.startswith("$given")

    written = overlay.get("given_text") or {}
    for pointer in written:
        if not string_at(given, pointer):
            out.findings.append(
                Finding(
                    pointer_join("/given_text", pointer),
                    f"the source's `given` has no string at {pointer}: only its strings "
                    "can be translated",
                    on_key=True,
                )
            )
    kept = {p: t for p, t in written.items() if string_at(given, p)}
    if kept:
        out.text["given_text"] = kept
    for pointer in given_text:
        if pointer not in written:
            out.untranslated.add(f"given_text{pointer}")
            out.findings.append(
                Finding(
                    "/given_text" if "given_text" in overlay else "",
                    f"missing given_text `{pointer}` ({shown})",
                    "warning",
                )
            )

    criteria = {criterion_id(c): c.get("params") or {} for c in values.get("criteria") or []}
    written_params = overlay.get("params_text") or {}
    merged_params = {}
    for cid, texts in written_params.items():
        here = pointer_join("/params_text", cid)
        if cid not in criteria:
            close = difflib.get_close_matches(cid, list(criteria), n=1)
            hint = (
                f" (did you mean '{close[0]}'?)" if close else f" (it has: {', '.join(criteria)})"
            )
            out.findings.append(
                Finding(here, f"the source has no criterion '{cid}'{hint}", on_key=True)
            )
            continue
        for pointer in texts:
            if not string_at(criteria[cid], pointer):
                out.findings.append(
                    Finding(
                        pointer_join(here, pointer),
                        f"the params of criterion '{cid}' have no string at {pointer}: only "
                        "their strings can be translated (a `$given/...` reference is "
                        "translated in given_text)",
                        on_key=True,
                    )
                )
        good = {p: t for p, t in texts.items() if string_at(criteria[cid], p)}
        if good:
            merged_params[cid] = good
    if merged_params:
        out.text["params_text"] = merged_params
    for cid, texts in params_text.items():
        for pointer in texts:
            if pointer not in (written_params.get(cid) or {}):
                out.untranslated.add(f"params_text/{cid}{pointer}")
                out.findings.append(
                    Finding(
                        "/params_text" if "params_text" in overlay else "",
                        f"missing params_text `{cid}` `{pointer}` ({shown})",
                        "warning",
                    )
                )
    return out


def _put(value, pointer: str, text: str):
    """A copy of `value` with `text` at `pointer` (the parts on the way copied)."""
    tokens = _tokens(pointer)
    if not tokens:
        return text
    head, rest = tokens[0], "".join(f"/{_escape(t)}" for t in tokens[1:])
    if isinstance(value, list):
        out = list(value)
        out[int(head)] = _put(value[int(head)], rest, text)
        return out
    out = dict(value)
    out[head] = _put(value[head], rest, text)
    return out


def apply_data(given, criteria: list, text: Mapping, model: str = "") -> dict:
    """`given` and `criteria` (an exercise's) with the overlay's `given_text` and
    `params_text` (merged) put in place: the changed fields only."""
    changed: dict[str, Any] = {}
    given_text = text.get("given_text") or {}
    if given_text:
        for pointer, string in given_text.items():
            given = _put(given, pointer, _expand_model(string, model) if model else string)
        changed["given"] = given
    params_text = text.get("params_text") or {}
    if params_text:
        out = []
        for criterion in criteria:
            texts = params_text.get(criterion_id(criterion))
            if texts:
                params = criterion.get("params") or {}
                for pointer, string in texts.items():
                    string = _expand_model(string, model) if model else string
                    params = _put(params, pointer, string)
                criterion = {**criterion, "params": params}
            out.append(criterion)
        changed["criteria"] = out
    return changed


def _retunes(values: Mapping, text: Mapping) -> bool:
    """Whether the merged `text` gives a param a value that is not a learner's text (one
    the marking reads, such as a pattern an answer must match)."""
    _, learner = learner_text(values)
    for cid, texts in (text.get("params_text") or {}).items():
        if any(pointer not in learner.get(cid, {}) for pointer in texts):
            return True
    return False


def translate_lesson(lesson: Lesson, text: dict, untranslated: set[str]) -> Lesson:
    """A copy of `lesson` with the translated `text` (a merged skeleton) in place."""
    values = inject({key: getattr(lesson, key) for key in text}, text)
    return dataclasses.replace(lesson, **values, untranslated=set(untranslated))


def translate_exercise(
    exercise: Exercise, text: dict, untranslated: set[str], model: str = ""
) -> Exercise:
    """A copy of `exercise` with the translated `text` in place (`{{model}}` expanded,
    as the loader does for the source)."""
    data = {key: text[key] for key in ("given_text", "params_text") if key in text}
    text = {key: part for key, part in text.items() if key not in data}
    text = _expand_model(text, model) if model else text
    values = inject({key: getattr(exercise, key) for key in text}, text)
    criteria = values.get("criteria", exercise.criteria)
    values.update(apply_data(exercise.given, criteria, data, model))
    return dataclasses.replace(exercise, **values, untranslated=set(untranslated))


def untranslated_copy(item):
    """A copy of a lesson or exercise marked as having no translation at all."""
    return dataclasses.replace(item, untranslated={WHOLE})


# -- one language of a course ------------------------------------------------------------


@dataclass
class LanguageReport:
    """What the overlays of one language cover, for `tooltutor validate`."""

    lang: str
    lessons: int = 0
    lessons_translated: int = 0
    exercises: int = 0
    exercises_translated: int = 0
    #: translated items with some fields in the source language
    partly: int = 0
    #: overlays made from older source text (or without a source_hash)
    stale: int = 0
    #: overlay files with errors
    broken: int = 0
    #: whether `<lang>/course.yaml` translates the course's title (None: not looked for)
    course_text: bool | None = None
    #: translated exercises whose marking may differ from the source's (params given
    #: another value than a learner's text, or right answers in this language): `validate`
    #: self-tests them under this language
    retuned: list = field(default_factory=list)

    def summary(self) -> str:
        """`pt-BR: 6 of 6 lessons, 19 of 19 exercises translated; 2 stale`."""
        line = (
            f"{self.lang}: {self.lessons_translated} of {self.lessons} lesson"
            f"{'s' * (self.lessons != 1)}, {self.exercises_translated} of {self.exercises} "
            f"exercise{'s' * (self.exercises != 1)} translated"
        )
        notes = []
        if self.partly:
            notes.append(f"{self.partly} partly translated")
        if self.stale:
            notes.append(f"{self.stale} stale")
        if self.broken:
            notes.append(f"{self.broken} with errors")
        if self.course_text is False:
            notes.append("the course's title not translated")
        complete = (
            self.lessons_translated == self.lessons and self.exercises_translated == self.exercises
        ) and self.course_text is not False
        if not notes and complete:
            notes.append("up to date")
        return line + ("; " + ", ".join(notes) if notes else "")


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

    def lesson(self, lesson: Lesson) -> Lesson:
        """`lesson` in this language (a copy; `untranslated` says what fell back)."""
        self.result.lessons += 1
        values = {key: getattr(lesson, key) for key in LESSON_TEXT.fields}
        found = self._overlay(lesson.path, "lesson", lesson.id, values)
        if found is None:
            return untranslated_copy(lesson)
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
            return untranslated_copy(exercise)
        self.result.exercises_translated += 1
        copy = translate_exercise(exercise, *found[:2], model=self.course.model)
        right_answers = found[2]
        if right_answers or _retunes(values, found[0]):
            copy = dataclasses.replace(
                copy, right_answers=[*exercise.right_answers, *right_answers]
            )
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
        stamp = f"{STAMP_COMMAND} {display_path(self.course.root)} {self.lang}"
        written = doc.value.get("source_hash")
        if written is None:
            self.result.stale += 1
            self._problem(
                path,
                doc.locate("/lang"),
                f"no source_hash: say which source text this translates (source_hash: "
                f'"{current}", or run `{stamp}`)',
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


# -- stamping ------------------------------------------------------------------------------

_HASH_LINE = re.compile(
    r"^(?P<head>source_hash:[ \t]*)"
    r"(?P<value>\"[^\"\r\n]*\"|'[^'\r\n]*'|[^\s#]*)"
    r"(?P<tail>[^\r\n]*)",
    re.MULTILINE,
)
_LANG_LINE = re.compile(r"^lang:[^\r\n]*(\r?\n)", re.MULTILINE)


def stamp_text(text: str, new_hash: str) -> tuple[str, str | None]:
    """`text` with its `source_hash:` line set to `new_hash` (added after `lang:` when
    missing), and the hash it had (None when it had none)."""
    match = _HASH_LINE.search(text)
    if match is not None:
        old = match.group("value").strip("\"'")
        line = f'{match.group("head")}"{new_hash}"{match.group("tail")}'
        return text[: match.start()] + line + text[match.end() :], old
    lang = _LANG_LINE.search(text)
    if lang is None:
        raise ValueError("no `lang:` line to put source_hash under")
    newline = lang.group(1)
    insert = f'source_hash: "{new_hash}"{newline}'
    return text[: lang.end()] + insert + text[lang.end() :], None


def stamp(course_dir: Path, lang: str, out=None) -> int:
    """Set the source_hash of every overlay of `lang` to its source's current hash."""
    from tooltutor.course.yamlsource import YamlFileError, read_regular_file, read_yaml

    out = out or sys.stdout
    overlays = sorted((course_dir / "lessons" / lang).glob("*.yaml"))
    overlays += sorted((course_dir / "exercises").glob(f"*/{lang}/*.yaml"))
    if (course_dir / lang / "course.yaml").is_file():
        overlays.insert(0, course_dir / lang / "course.yaml")
    if not overlays:
        print(f"no translations into {lang} in {display_path(course_dir)}", file=out)
        return 1
    changed = failed = 0
    for path in overlays:
        source = path.parent.parent / path.name
        try:
            values = read_yaml(source).value
            if not isinstance(values, dict):
                raise YamlFileError("not a mapping of keys")
            new_hash = source_hash(values)
            raw = read_regular_file(path).decode("utf-8")
            text, old = stamp_text(raw, new_hash)
        except (YamlFileError, OSError, UnicodeDecodeError, ValueError, KeyError) as exc:
            failed += 1
            reason = getattr(exc, "message", None) or exc.__class__.__name__
            if isinstance(exc, FileNotFoundError):
                reason = f"no source file {display_path(source)}"
            print(f"{display_path(path)}: not stamped: {reason}", file=out)
            continue
        if old == new_hash:
            continue
        path.write_bytes(text.encode("utf-8"))
        changed += 1
        before = old if old is not None else "(none)"
        print(f"{display_path(path)}: source_hash {before} -> {new_hash}", file=out)
    kept = len(overlays) - changed - failed
    print(
        f"{lang}: {changed} stamped, {kept} already up to date"
        + (f", {failed} not stamped" if failed else ""),
        file=out,
    )
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    """`python -m tooltutor.course.translation stamp [COURSE_DIR] LANG`."""
    import argparse
    import os

    from tooltutor.course import resolve_course_dir

    parser = argparse.ArgumentParser(
        prog="python -m tooltutor.course.translation",
        description="Tools for translators of a tooltutor course (see docs/translations.md).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    stamp_parser = sub.add_parser(
        "stamp",
        help="set the source_hash of every overlay of LANG to its source's current text",
        description="Set the source_hash of every overlay of LANG to the hash of its source's "
        "current text: do it after bringing the translation up to date. Only the "
        "source_hash line of each file changes.",
    )
    stamp_parser.add_argument(
        "args",
        nargs="+",
        metavar="[COURSE_DIR] LANG",
        help="course directory (default: $TOOLTUTOR_COURSE, else the bundled course) and "
        "language tag",
    )
    args = parser.parse_args(argv)
    if len(args.args) > 2:
        parser.error("stamp takes [COURSE_DIR] LANG")
    *folder, lang = args.args
    course_dir = resolve_course_dir(folder[0] if folder else os.environ.get("TOOLTUTOR_COURSE"))
    if not (course_dir / "course.yaml").is_file():
        print(f"{display_path(course_dir)}: no course.yaml here", file=sys.stderr)
        return 2
    return stamp(course_dir, lang)


if __name__ == "__main__":
    sys.exit(main())
