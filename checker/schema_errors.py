"""JSON Schema validation errors in words: the one place that words them.

- `answer_error`: a learner's answer that breaks the exercise's schema (translated).
- `schema_error`, `instance_error`: a tool's `input_schema` that is no valid JSON Schema,
  and a tool input its schema refuses, as the request rules report them (translated).
- `course_file_error`, `check_params_error`: a course file its schema refuses, and a
  criterion's `params` its check's schema refuses, in a course author's words (English,
  as every problem `validate` reports).

Each takes one jsonschema `ValidationError`; jsonschema itself is imported by the callers,
only when they validate.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from checker import jsonpointer
from checker.diagnostics import (
    code,
    describe,
    json_type,
    quote,
    schema_type,
    type_slip,
    wrong_type,
)
from checker.i18n import tr, trn

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

# --------------------------------------------------------------------------- learners' answers


def answer_error(error: Any) -> str:
    """A validation error in the learner's words, quoting values briefly, as typed.

    A wrong JSON type is named as such (`expected a boolean, not the string "true"`); a
    mistyped key or option gets a "did you mean".
    """
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


def _close_matches(word: str, words: list[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """`difflib.get_close_matches`, imported when a value is wrong, not with every lint."""
    # on first use, not at import: difflib, heapq (~0.6 ms of every lint; only a typo needs it)
    import difflib

    return difflib.get_close_matches(word, words, n=n, cutoff=cutoff)


def _did_you_mean(value: Any, options: list) -> str:
    if not isinstance(value, str):
        return ""
    words = [o for o in options if isinstance(o, str)]
    close = _close_matches(value, words, n=1, cutoff=0.75)
    if not close:
        lowered = {w.lower().replace("-", "_"): w for w in words}
        key = value.strip().lower().replace("-", "_")
        close = [lowered[key]] if key in lowered else []
    return tr(" (did you mean {option}?)", option=quote(close[0])) if close else ""


# --------------------------------------------------------------------------- tools' schemas


def schema_error(error: Any) -> tuple[tuple[str, ...], str]:
    """(path inside the schema, message) for a schema that breaks the 2020-12 meta-schema."""
    where = tuple(str(p) for p in error.absolute_path)
    subject = code(where[-1]) if where else tr("the schema")
    at = tr(" (at {path})", path=code("/".join(where))) if len(where) > 1 else ""
    kw, value, inst = error.validator, error.validator_value, error.instance
    if where and where[-1] == "type" and kw in ("anyOf", "enum", "type"):
        text = tr(
            "`type` is {value}, not a JSON Schema type; use one of string, number, integer, "
            "boolean, object, array, null",
            value=describe(inst),
        )
    elif kw == "type":
        text = _wrong_type(subject, value, inst)
    elif kw == "uniqueItems":
        text = tr("{subject} lists an item twice", subject=subject)
    elif kw == "minItems":
        text = tr("{subject} must not be empty", subject=subject)
    elif kw == "minimum":
        text = tr("{subject} must be at least {value}", subject=subject, value=value)
    elif kw == "exclusiveMinimum":
        text = tr("{subject} must be greater than {value}", subject=subject, value=value)
    else:
        text = tr("{subject} breaks the meta-schema's `{kw}` rule", subject=subject, kw=kw)
    return where, text + at


def _wrong_type(subject: str, value: Any, inst: Any) -> str:
    return tr(
        "{subject} must be {a_type}, not {type}",
        subject=subject,
        a_type=_a(_type_names(value)),
        type=json_type(inst),
    )


def _type_names(value: Any) -> str:
    """JSON Schema type names in words: `string or null`."""
    return tr(" or ").join(value) if isinstance(value, list) else str(value)


def _a(type_name: str) -> str:
    if type_name[:1] in "aeiou":
        return tr("an {type}", type=type_name)
    return tr("a {type}", type=type_name)


def instance_error(error: Any) -> tuple[tuple[str, ...], str]:
    """(path inside the value, message) for a value (a tool's input) its schema refuses."""
    where = tuple(str(p) for p in error.absolute_path)
    subject = code("/".join(where)) if where else tr("the input")
    kw, value, inst = error.validator, error.validator_value, error.instance
    if kw == "required" and isinstance(inst, dict) and isinstance(value, list):
        missing = [r for r in value if isinstance(r, str) and r not in inst]
        text = trn(
            len(missing),
            "{subject} lacks the required property {names}",
            "{subject} lacks the required properties {names}",
            subject=subject,
            names=_names(missing),
        )
    elif kw == "type":
        text = _wrong_type(subject, value, inst)
    elif kw == "enum" and isinstance(value, list):
        text = tr(
            "{subject} is {value}, not one of {values}",
            subject=subject,
            value=describe(inst),
            values=_list_values(value),
        )
    elif kw == "const":
        text = tr("{subject} must be {value}", subject=subject, value=describe(value))
    elif kw == "additionalProperties" and isinstance(inst, dict):
        props = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = [k for k in inst if k not in props]
        text = trn(
            len(extra),
            "{subject} has property {names} the schema does not allow",
            "{subject} has properties {names} the schema does not allow",
            subject=subject,
            names=_names(extra),
        )
    elif kw in (
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "pattern",
        "format",
        "multipleOf",
    ):
        text = tr(
            "{subject} is {value}, which breaks `{kw}`: {limit}",
            subject=subject,
            value=describe(inst),
            kw=kw,
            limit=describe(value),
        )
    else:
        text = tr("{subject} breaks the schema's `{kw}` rule", subject=subject, kw=kw)
    return where, text


def _names(names: list[str]) -> str:
    return ", ".join(code(n) for n in names[:5])


def _list_values(values: list[Any]) -> str:
    shown = ", ".join(describe(v, 30) for v in values[:6])
    return shown + (", ..." if len(values) > 6 else "")


# --------------------------------------------------------------------------- course files


_AUTHOR_TYPE_NAMES = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of keys",
    "null": "nothing (null)",
}


def _found(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "nothing"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _where(path) -> str:
    """The key a message is about, for the message's first words."""
    for part in reversed(list(path)):
        if isinstance(part, str):
            return f"`{part}`"
    return "this value"


def course_file_error(error: Any, pattern_hints: Mapping[str, str]) -> tuple[str, bool, str]:
    """(JSON pointer, points at a key?, message) for a course file its schema refuses, in a
    course author's words; `pattern_hints` says in words what a `pattern` asks for."""
    pointer = jsonpointer.build(*error.absolute_path)
    validator, value, expected = error.validator, error.instance, error.validator_value

    if validator == "required":
        missing = [k for k in expected if isinstance(value, dict) and k not in value]
        name = missing[0] if missing else error.message
        return pointer, False, f"missing required key `{name}`"
    if validator == "additionalProperties" and isinstance(value, dict):
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        key = extra[0] if extra else ""
        close = _close_matches(key, allowed, n=1)
        hint = f" (did you mean `{close[0]}`?)" if close else f" (known keys: {', '.join(allowed)})"
        if " " in key.strip() and not close:
            hint = (
                " (a key has no spaces: if this is the rest of the value before it, a ',' "
                "inside `{...}` or `[...]` ended that value: put the value in quotes)"
            )
        return jsonpointer.join(pointer, key), True, f"unknown key `{key}`{hint}"
    if validator in ("minProperties", "maxProperties") and "markdown" in error.schema.get(
        "properties", {}
    ):
        keys = ", ".join(f"`{k}`" for k in error.schema["properties"])
        return pointer, False, f"a block holds exactly one of {keys}"
    return pointer, False, _value_words(error, _where(error.absolute_path), pattern_hints)


def _value_words(error: Any, where: str, pattern_hints: Mapping[str, str] | None = None) -> str:
    """What is wrong with one value, `where` naming it (`` `level` ``, "parameter `max`")."""
    validator, value, expected = error.validator, error.instance, error.validator_value
    if validator == "type":
        types = expected if isinstance(expected, list) else [expected]
        wanted = " or ".join(_AUTHOR_TYPE_NAMES.get(t, t) for t in types)
        shown = f" ({_shown(value)})" if isinstance(value, (str, int, float)) else ""
        dashed = isinstance(value, str) and "array" in types and value.lstrip().startswith("-")
        hint = ": write a space after '-' to start each item" if dashed else ""
        return f"{where} should be {wanted}, not {_found(value)}{shown}{hint}"
    if validator in ("enum", "const"):
        options = expected if validator == "enum" else [expected]
        listed = ", ".join(str(o) for o in options)
        close = _close_matches(str(value), [str(o) for o in options], n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return f"{where} is {value!r}; it must be one of: {listed}{hint}"
    if validator == "pattern":
        hint = (pattern_hints or {}).get(expected, f"it must match {expected}")
        return f"{where} is {value!r}: {hint}"
    if validator == "minLength":
        return f"{where} must not be empty"
    if validator == "minItems":
        count = len(value) if isinstance(value, list) else 0
        return f"{where} needs at least {expected} item(s); it has {count}"
    if validator == "maxItems":
        count = len(value) if isinstance(value, list) else 0
        return f"{where} holds at most {expected} item(s); it has {count}"
    if validator == "uniqueItems":
        return f"{where} lists the same item twice"
    if validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {
            "minimum": "at least",
            "maximum": "at most",
            "exclusiveMinimum": "more than",
            "exclusiveMaximum": "less than",
        }[validator]
        return f"{where} is {value!r}; it must be {bound} {expected}"
    if validator in ("anyOf", "oneOf"):
        return f"{where} is {_found(value)}, which fits none of the shapes it may take"
    return f"{where}: {error.message}"


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def check_params_error(check: str, error: Any, schema: Any = None) -> list[tuple[str, str]]:
    """(pointer inside the params, message) for each way a criterion's `params` break the
    schema of the check named `check`, in a course author's words: the parameter is named
    (an unknown one with a "did you mean" and the parameters the check takes; a wrong value
    with what it should be and what the parameter means, from `schema`, the check's)."""
    where = jsonpointer.build(*error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted((error.schema.get("properties") or {}).keys())
        out = []
        for key in error.instance:
            if key in allowed:
                continue
            close = _close_matches(key, allowed, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            out.append(
                (
                    jsonpointer.join(where, key),
                    f"check '{check}' takes no parameter '{key}'{hint}; it takes: "
                    f"{', '.join(allowed) or 'none'}",
                )
            )
        return out
    if error.validator == "required" and isinstance(error.instance, dict):
        missing = [k for k in error.validator_value if k not in error.instance]
        names = ", ".join(f"'{k}'" for k in missing)
        subject = "the parameter" if len(missing) == 1 else "the parameters"
        described = _described(error.schema, missing[0]) if len(missing) == 1 else ""
        return [(where, f"check '{check}' needs {subject} {names}{described}: add it to `params`")]
    path = [str(p) for p in error.absolute_path]
    subject = f"parameter `{'/'.join(path)}`" if path else "`params`"
    described = _described(_holder(schema, path[:-1]), path[-1]) if path else ""
    return [(where, f"check '{check}': {_value_words(error, subject)}{described}")]


def _holder(schema: Any, path: list[str]) -> Any:
    """The schema of the object at `path` inside a value `schema` describes (or {})."""
    for part in path:
        if not isinstance(schema, Mapping):
            return {}
        properties = schema.get("properties")
        if isinstance(properties, Mapping) and part in properties:
            schema = properties[part]
        elif part.isdigit() and isinstance(schema.get("items"), Mapping):
            schema = schema["items"]
        else:
            return {}
    return schema


def _described(schema: Any, key: str) -> str:
    """` (max: the largest count)` from the parameter's own `description`, if it has one."""
    properties = schema.get("properties") if isinstance(schema, Mapping) else None
    prop = properties.get(key) if isinstance(properties, Mapping) else None
    text = prop.get("description") if isinstance(prop, Mapping) else None
    return f" ({key}: {text})" if isinstance(text, str) and text else ""
