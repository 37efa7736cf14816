"""JSON Schema validation with plain-words errors; jsonschema is imported only when used."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from checker.diagnostics import pointer


@lru_cache(maxsize=256)
def _validator(schema_json: str):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_json))


def validation_errors(schema: dict, value: Any) -> list[tuple[str, str]]:
    """(JSON pointer, message) for every way `value` breaks `schema`, in document order.

    Validators are compiled once per distinct schema and reused.
    """
    validator = _validator(json.dumps(schema, sort_keys=True))
    out = []
    for error in validator.iter_errors(value):
        path = pointer(*error.absolute_path)
        out.append((path, _plain(error)))
    out.sort(key=lambda item: item[0])
    return out


def _plain(error) -> str:
    """jsonschema's message, shortened where it would quote a whole large value."""
    message = error.message
    if len(message) > 160:
        message = message[:157] + "..."
    return message.replace("[", "\\u005b")
