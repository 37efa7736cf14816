"""JSON Schemas (draft 2020-12) of the kinds of course file, and their validators.

Three kinds make a course (course, lesson, exercise); three more are translations of the
course's title, a lesson or an exercise (see docs/translations.md).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

SCHEMA_DIR = Path(__file__).parent

#: kind of course file -> schema file name
SCHEMA_FILES = {
    "course": "course.schema.json",
    "lesson": "lesson.schema.json",
    "exercise": "exercise.schema.json",
    "lesson-overlay": "lesson-overlay.schema.json",
    "exercise-overlay": "exercise-overlay.schema.json",
    "course-overlay": "course-overlay.schema.json",
}


@cache
def schema(kind: str) -> dict:
    """The JSON Schema of one kind of course file."""
    return json.loads((SCHEMA_DIR / SCHEMA_FILES[kind]).read_text(encoding="utf-8"))


@cache
def validator(kind: str):
    """A Draft 2020-12 validator for one kind of course file (built once).

    Local `$ref`s are inlined first: the schemas stay readable for editors, and
    validating skips reference resolution, which is most of jsonschema's time.
    """
    # on first use, not at import: jsonschema, attr, attrs, idna, ... (103 modules)
    from jsonschema import Draft202012Validator

    full = schema(kind)
    return Draft202012Validator(_inline(full, full.get("$defs", {})))


def _inline(node, defs: dict):
    """`node` with every `{"$ref": "#/$defs/NAME"}` replaced by that definition."""
    if isinstance(node, dict):
        rest = {k: _inline(v, defs) for k, v in node.items() if k not in ("$defs", "$ref")}
        ref = node.get("$ref")
        if ref is None:
            return rest
        target = defs.get(ref[len("#/$defs/") :]) if ref.startswith("#/$defs/") else None
        if target is None or set(rest) & set(target):
            return {**rest, "$ref": ref}  # not a plain local reference: leave it to jsonschema
        return {**_inline(target, defs), **rest}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node
