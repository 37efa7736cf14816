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
    """A validation error in the learner's words, quoting values safely and briefly."""
    from checker.diagnostics import describe, json_type, quote

    kind, expected, value = error.validator, error.validator_value, error.instance
    if kind == "required" and isinstance(value, dict):
        missing = [k for k in expected if k not in value]
        return f"{quote(missing[0] if missing else '?')} is missing"
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        return f"{quote(extra[0] if extra else '?')} is not expected here"
    if kind == "type":
        wanted = expected if isinstance(expected, list) else [expected]
        return f"expected {' or '.join(wanted)}, found {json_type(value)}"
    if kind in ("enum", "const"):
        options = expected if kind == "enum" else [expected]
        listed = ", ".join(describe(o, 30) for o in options[:8])
        return f"{describe(value, 40)} is not one of: {listed}"
    if kind in ("minItems", "maxItems"):
        count = len(value) if isinstance(value, list) else 0
        bound = "at least" if kind == "minItems" else "at most"
        return f"expected {bound} {expected} items, found {count}"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return f"{describe(value)} is out of range ({kind} {describe(expected)})"
    if kind in ("minLength", "maxLength"):
        return f"{describe(value, 40)} is too {'short' if kind == 'minLength' else 'long'}"
    if kind == "pattern":
        return f"{describe(value, 40)} does not match the pattern {quote(expected)}"
    message = error.message
    if len(message) > 160:
        message = message[:157] + "..."
    return message.replace("[", "\\u005b")
