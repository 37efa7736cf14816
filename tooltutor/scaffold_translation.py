"""`tooltutor new translation LANG`: the files of a translation, ready to translate.

For each lesson and exercise (and course.yaml) without an overlay in LANG, an overlay
holding the source's text in the overlay's shape (ids and structure as the format wants
them, the text still in the source language), with a schema line; LANG added to
course.yaml's `languages`; and the catalog of the course's own checks
(`checks/locales/LANG.po`) written or brought up to date with what they say now.

The overlays have no `source_hash` yet: `validate` lists each as not yet translated (a
stale translation) until it is translated and stamped (`tooltutor stamp LANG`), so no
source text passes for a translation unnoticed. Existing overlays are never touched.
"""

from __future__ import annotations

import re
from pathlib import Path

from tooltutor.scaffold import ScaffoldError, add_to_list, schema_line, write_new

_TAG = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


def new_translation(root: Path, lang: str) -> list[Path]:
    """Write the missing overlays of `lang` and its checks' catalog; the files written."""
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, ... (27 modules)
    from tooltutor.course import load_course
    from tooltutor.course.translation.data_text import data_skeleton
    from tooltutor.course.translation.spec import (
        COURSE_TEXT,
        EXERCISE_TEXT,
        LESSON_TEXT,
        skeleton,
    )
    from tooltutor.course.translation.translator import overlay_path

    if not _TAG.match(lang):
        raise ScaffoldError(f"{lang!r} is not a language tag: write one like 'pt-BR' or 'es'")
    course = load_course(root, use_cache=False)
    if not course.lesson_order:
        first = course.problems[0] if course.problems else "no course.yaml"
        raise ScaffoldError(f"cannot read the course: {first}")
    if lang == course.source_language:
        raise ScaffoldError(
            f"'{lang}' is the language the course is written in; name another language"
        )
    written: list[Path] = []
    if lang not in course.languages:
        add_to_list(root / "course.yaml", "languages", lang)
    items = [(root / "course.yaml", "course", _course_values(root), COURSE_TEXT)]
    items += [
        (lesson.path, "lesson", _values(lesson.path), LESSON_TEXT) for lesson in course.lessons
    ]
    items += [
        (e.path, "exercise", e.source_values or {}, EXERCISE_TEXT)
        for e in sorted(course.exercises.values(), key=lambda e: str(e.path))
    ]
    for source, kind, values, spec in items:
        target = (
            source.parent / lang / source.name if kind == "course" else overlay_path(source, lang)
        )
        if target.exists() or not values:
            continue
        body = {"id": values.get("id", course.id), "lang": lang, **(skeleton(spec, values) or {})}
        if kind == "exercise":
            body.update(data_skeleton(values))
        text = schema_line(root, target, f"{kind}-overlay.schema.json") + _yaml(body)
        written.append(write_new(target, text))
    written += write_catalog(root, lang)
    return written


def write_catalog(root: Path, lang: str) -> list[Path]:
    """`checks/locales/LANG.po` with every message the course's checks say now (the
    translations it had kept); nothing when the checks say none."""
    # on first use, not at import: checker.po_catalog (2 modules)
    from checker.po_catalog import catalog_path, messages_of, read_po, write_po

    folder = root / "checks"
    messages = messages_of(folder) if folder.is_dir() else []
    if not messages:
        return []
    path = catalog_path(folder, lang)
    old = read_po(path.read_text(encoding="utf-8")) if path.is_file() else None
    text = write_po(messages, old, lang, root)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return []
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return [path]


def _values(path: Path) -> dict:
    # on first use, not at import: tooltutor.course, tooltutor.lazy_exports, typing (7 modules)
    from tooltutor.course.yamlsource import read_yaml

    value = read_yaml(path).value
    return value if isinstance(value, dict) else {}


def _course_values(root: Path) -> dict:
    return _values(root / "course.yaml")


def _yaml(value) -> str:
    # on first use, not at import: yaml, cython_runtime, base64, binascii, ... (27 modules)
    import yaml

    class Dumper(yaml.SafeDumper):
        pass

    def text(dumper, data: str):
        style = "|" if "\n" in data else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)

    Dumper.add_representer(str, text)
    return yaml.dump(
        value,
        Dumper=Dumper,
        allow_unicode=True,
        sort_keys=False,
        width=88,
        default_flow_style=False,
    )
