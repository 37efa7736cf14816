"""What the tool-definition checks (`tool-definition`, `action-enum`, `tool-choice`) share:
the definitions of an answer and where they are, a definition's `input_schema` and
properties, how a definition is named in a message, and two phrasings (a listing, "N more
problems").
"""

from __future__ import annotations

from typing import Any

from checker.checks import describe, pointer, quote, tr, trn

#: a value no answer holds: "not there", apart from `null`
MISSING = object()


def definitions_in(value: Any, many: bool) -> tuple[list[tuple[str, Any]], str]:
    """[(pointer, definition)] and a shape complaint ("" when the shape is right)."""
    if not many:
        tools = value.get("tools") if isinstance(value, dict) else None
        if isinstance(tools, list) and len(tools) == 1:
            return [("/tools/0", tools[0])], ""
        if isinstance(value, dict):
            return [("", value)], ""
        if isinstance(value, list):
            return [], tr(
                "Your answer is {value}; write one tool definition, a JSON object with `name`, "
                "`description` and `input_schema` (just the object, not an array holding it).",
                value=describe(value),
            )
        return [], tr(
            "Your answer is {value}; write one tool definition, a JSON object with `name`, "
            "`description` and `input_schema`.",
            value=describe(value),
        )
    base = ""
    if isinstance(value, dict) and isinstance(value.get("tools"), list):
        value, base = value["tools"], "/tools"
    if not isinstance(value, list):
        return [], tr(
            "Your answer is {value}; write a JSON array of tool definitions.",
            value=describe(value),
        )
    return [(base + pointer(i), d) for i, d in enumerate(value)], ""


def tool_label(d: Any, path: str) -> str:
    name = d.get("name") if isinstance(d, dict) else None
    if isinstance(name, str):
        return tr("tool {name}", name=quote(name))
    return definition_at(path)


def definition_at(path: str) -> str:
    return tr("the definition at {path}", path=path or tr("the top"))


def input_schema(d: dict) -> dict | None:
    schema = d.get("input_schema")
    return schema if isinstance(schema, dict) else None


def properties_of(d: Any) -> dict:
    schema = input_schema(d) if isinstance(d, dict) else None
    props = schema.get("properties") if schema else None
    return props if isinstance(props, dict) else {}


def schema_errors(schema: dict) -> list[tuple[str, str]]:
    """Meta-validation problems of `schema` against Draft 2020-12 ([] when valid)."""
    from jsonschema import Draft202012Validator

    from checker.checks import validation_errors

    return validation_errors(Draft202012Validator.META_SCHEMA, schema)


def usable_schema(d: dict) -> dict | None:
    """The definition's input_schema when it is a valid schema of type object."""
    schema = input_schema(d)
    if schema is None or schema.get("type") != "object":
        return None
    try:
        return None if schema_errors(schema) else schema
    except Exception:  # noqa: BLE001 - a schema jsonschema cannot digest is simply unusable
        return None


def is_openai_wrapper(d: dict) -> bool:
    return "function" in d or d.get("type") == "function"


def listing(items: list[str], conjunction: str = "or") -> str:
    """`a`, `a or b`, `a, b or c` (`and` with conjunction "and")."""
    if len(items) < 2:
        return "".join(items)
    some, last = ", ".join(items[:-1]), items[-1]
    if conjunction == "and":
        return tr("{some} and {last}", some=some, last=last)
    return tr("{some} or {last}", some=some, last=last)


def more_problems(n: int) -> str:
    """` (2 more problems below)`, or "" when there are none."""
    if n < 1:
        return ""
    return trn(n, " ({n} more problem below)", " ({n} more problems below)")
