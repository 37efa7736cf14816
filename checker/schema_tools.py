"""JSON Schema validation with plain-words errors; jsonschema is imported only when used."""

from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache
from typing import Any

from checker.diagnostics import document_order, pointer
from checker.i18n import tr, trn


@lru_cache(maxsize=256)
def _validator(schema_json: str):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(schema_json))


def validation_errors(schema: dict, value: Any) -> list[tuple[str, str]]:
    """(JSON pointer, message) for every way `value` breaks `schema`, in the order of the
    answer's text (the first problem a learner meets comes first).

    Validators are compiled once per distinct schema and reused.
    """
    validator = _validator(json.dumps(schema, sort_keys=True))
    out = []
    for error in validator.iter_errors(value):
        path = pointer(*error.absolute_path)
        out.append((path, _plain(error)))
    out.sort(key=lambda item: document_order(item[0], value))
    return out


def _plain(error) -> str:
    """A validation error in the learner's words, quoting values briefly, as typed.

    A wrong JSON type is named as such (`expected a boolean, not the string "true"`); a
    mistyped key or option gets a "did you mean".
    """
    from checker.diagnostics import describe, quote, type_slip, wrong_type

    kind, expected, value = error.validator, error.validator_value, error.instance
    if kind == "required" and isinstance(value, dict):
        return tr("{key} is missing", key=quote(_required_key(error, expected, value)))
    if kind == "additionalProperties" and isinstance(value, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = [k for k in value if k not in allowed] or ["?"]
        return trn(
            len(extra),
            "{keys} is not expected here",
            "{keys} are not expected here",
            keys=", ".join(quote(k) for k in extra[:4]) + (", ..." if len(extra) > 4 else ""),
        )
    if kind == "type":
        wanted = expected if isinstance(expected, list) else [expected]
        return wrong_type(value, wanted) or error.message
    if kind in ("enum", "const"):
        options = list(expected) if kind == "enum" else [expected]
        if "propertyNames" in error.absolute_schema_path:
            return tr("the key {key} is not expected here", key=quote(value)) + _did_you_mean(
                value, options
            )
        for option in options:
            slip = type_slip(value, [_type_name(option)])
            if slip is not None and _spells(value, option):
                return slip
        if kind == "const":
            return tr(
                "expected {expected}, found {value}",
                expected=describe(expected, 30),
                value=describe(value, 40),
            )
        listed = ", ".join(describe(o, 30) for o in options[:8])
        if len(options) > 8:
            listed += ", ..."
        return tr(
            "{value} is not one of: {options}", value=describe(value, 40), options=listed
        ) + _did_you_mean(value, options)
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
    if kind == "uniqueItems":
        return tr("an item is listed twice")
    message = error.message
    if len(message) > 160:
        message = message[:157] + "..."
    return message


def _required_key(error, expected: list, value: dict) -> str:
    """The key this `required` error is about (jsonschema reports one error per key)."""
    match = re.match(r"^(['\"])(.*)\1 is a required property$", error.message, re.S)
    if match and match.group(2) not in value:
        return match.group(2)
    missing = [k for k in expected if k not in value]
    return missing[0] if missing else "?"


def _type_name(option: Any) -> str:
    from checker.diagnostics import schema_type

    name = schema_type(option)
    return "number" if name == "integer" else name


def _spells(value: Any, option: Any) -> bool:
    """`value` (a string) spells `option` (`"true"` for true), or the reverse."""
    if isinstance(value, str) and not isinstance(option, str):
        text = value.strip()
        if text in ("True", "False"):
            text = text.lower()
        try:
            return json.loads(text) == option and type(json.loads(text)) is type(option)
        except ValueError:
            return False
    if isinstance(option, str) and not isinstance(value, str):
        return option.strip() == json.dumps(value)
    return False


def _did_you_mean(value: Any, options: list) -> str:
    from checker.diagnostics import quote

    if not isinstance(value, str):
        return ""
    words = [o for o in options if isinstance(o, str)]
    close = difflib.get_close_matches(value, words, n=1, cutoff=0.75)
    if not close:
        lowered = {w.lower().replace("-", "_"): w for w in words}
        key = value.strip().lower().replace("-", "_")
        close = [lowered[key]] if key in lowered else []
    return tr(" (did you mean {option}?)", option=quote(close[0])) if close else ""
