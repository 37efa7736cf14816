"""JSON Schema validation with plain-words errors; jsonschema is imported only when used."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from checker.diagnostics import pointer
from checker.i18n import tr


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
        return tr("{key} is missing", key=quote(missing[0] if missing else "?"))
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        return tr("{key} is not expected here", key=quote(extra[0] if extra else "?"))
    if kind == "type":
        wanted = expected if isinstance(expected, list) else [expected]
        return tr(
            "expected {types}, found {type}", types=tr(" or ").join(wanted), type=json_type(value)
        )
    if kind in ("enum", "const"):
        options = expected if kind == "enum" else [expected]
        listed = ", ".join(describe(o, 30) for o in options[:8])
        return tr("{value} is not one of: {options}", value=describe(value, 40), options=listed)
    if kind in ("minItems", "maxItems"):
        count = len(value) if isinstance(value, list) else 0
        if kind == "minItems":
            return tr("expected at least {n} items, found {count}", n=expected, count=count)
        return tr("expected at most {n} items, found {count}", n=expected, count=count)
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        return tr(
            "{value} is out of range ({kind} {limit})",
            value=describe(value),
            kind=kind,
            limit=describe(expected),
        )
    if kind in ("minLength", "maxLength"):
        if kind == "minLength":
            return tr("{value} is too short", value=describe(value, 40))
        return tr("{value} is too long", value=describe(value, 40))
    if kind == "pattern":
        return tr(
            "{value} does not match the pattern {pattern}",
            value=describe(value, 40),
            pattern=quote(expected),
        )
    message = error.message
    if len(message) > 160:
        message = message[:157] + "..."
    return message.replace("[", "\\u005b")
