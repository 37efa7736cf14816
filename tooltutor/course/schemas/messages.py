"""Turn jsonschema errors into messages a course author understands at a glance."""

from __future__ import annotations

import difflib

from tooltutor.course.yamlsource import pointer_join

_TYPE_NAMES = {
    "string": "text",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "array": "a list",
    "object": "a mapping of keys",
    "null": "nothing (null)",
}

_PATTERN_HINTS = {
    "^[a-z0-9]+(-[a-z0-9]+)*$": "an id uses lowercase letters, digits and single dashes, "
    "like 'round-trip'",
    "\\S": "it must not be empty",
    "^S[0-9]+$": "source ids look like S1, S2, ...",
    "^https?://\\S+$": "it must be a web address starting with https://",
    "^[0-9a-f]{12}$": "a source_hash is 12 hex digits: run "
    "`python -m tooltutor.course.translation stamp` to write it",
    "^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$": "a language tag looks like 'pt-BR' or 'es'",
}


def _found(value: object) -> str:
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "nothing"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
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


def describe(error) -> tuple[str, bool, str]:
    """(JSON pointer, points at a key?, message) for one jsonschema ValidationError."""
    pointer = ""
    for part in error.absolute_path:
        pointer = pointer_join(pointer, part)
    validator, value, expected = error.validator, error.instance, error.validator_value
    where = _where(error.absolute_path)

    if validator == "required":
        missing = [k for k in expected if isinstance(value, dict) and k not in value]
        name = missing[0] if missing else error.message
        return pointer, False, f"missing required key `{name}`"
    if validator == "additionalProperties" and isinstance(value, dict):
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in value if k not in allowed]
        key = extra[0] if extra else ""
        close = difflib.get_close_matches(key, allowed, n=1)
        hint = f" (did you mean `{close[0]}`?)" if close else f" (known keys: {', '.join(allowed)})"
        return pointer_join(pointer, key), True, f"unknown key `{key}`{hint}"
    if validator in ("minProperties", "maxProperties") and "markdown" in error.schema.get(
        "properties", {}
    ):
        keys = ", ".join(f"`{k}`" for k in error.schema["properties"])
        return pointer, False, f"a block holds exactly one of {keys}"
    if validator == "type":
        types = expected if isinstance(expected, list) else [expected]
        wanted = " or ".join(_TYPE_NAMES.get(t, t) for t in types)
        return pointer, False, f"{where} should be {wanted}, not {_found(value)}"
    if validator in ("enum", "const"):
        options = expected if validator == "enum" else [expected]
        listed = ", ".join(str(o) for o in options)
        return pointer, False, f"{where} is {value!r}; it must be one of: {listed}"
    if validator == "pattern":
        hint = _PATTERN_HINTS.get(expected, f"it must match {expected}")
        return pointer, False, f"{where} is {value!r}: {hint}"
    if validator == "minLength":
        return pointer, False, f"{where} must not be empty"
    if validator == "minItems":
        count = len(value) if isinstance(value, list) else 0
        return pointer, False, f"{where} needs at least {expected} item(s); it has {count}"
    if validator == "uniqueItems":
        return pointer, False, f"{where} lists the same item twice"
    if validator in ("minimum", "maximum"):
        bound = "at least" if validator == "minimum" else "at most"
        return pointer, False, f"{where} is {value!r}; it must be {bound} {expected}"
    return pointer, False, f"{where}: {error.message}"
