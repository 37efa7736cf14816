"""JSON Schemas (draft 2020-12) of the three kinds of course file, and their validators."""

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
}


@cache
def schema(kind: str) -> dict:
    """The JSON Schema of one kind of course file."""
    return json.loads((SCHEMA_DIR / SCHEMA_FILES[kind]).read_text(encoding="utf-8"))


@cache
def validator(kind: str):
    """A compiled Draft 2020-12 validator for one kind of course file (built once)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema(kind))
