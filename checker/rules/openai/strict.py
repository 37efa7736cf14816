"""Strict function schemas (`strict: true`): the subset Structured Outputs accepts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.diagnostics import code, describe, pointer, quote
from checker.i18n import tr
from checker.rules.openai import refs
from checker.rules.openai.context import Context
from checker.rules.record import Finding, rule


@rule(
    "o-strict-schema",
    api="openai",
    scope="body",
    sources=(refs.SUPPORTED_SCHEMAS,),
    api_message=(
        "Invalid schema for function '{value}': In context=(), 'additionalProperties' is "
        "required to be supplied and to be false."
    ),
    example="""{
  "model": "gpt-4.1",
  "tools": [
    {"type": "function", "function": {"name": "get_weather", "strict": true,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "gpt-4.1",
  "tools": [
    {"type": "function", "function": {"name": "get_weather", "strict": true,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"], "additionalProperties": false}}}
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def strict_schema(ctx: Context) -> Iterator[Finding]:
    """A `strict: true` function has a closed, fully required schema.

    Structured outputs require every object in the schema to set
    `"additionalProperties": false` and to list every property in `required` (optional
    fields are expressed as a type union with `null`).
    """
    for k, tool in ctx.tools:
        fn = tool.get("function")
        if not isinstance(fn, dict) or fn.get("strict") is not True:
            continue
        params = fn.get("parameters")
        if not isinstance(params, dict):
            continue
        base = pointer("tools", k, "function", "parameters")
        yield from _strict_walk(params, base)


_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")


_SUBSCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")


_SUBSCHEMA_ONE = ("items", "not", "additionalProperties", "if", "then", "else", "contains")


def _strict_walk(root: dict[str, Any], base: str) -> Iterator[Finding]:
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(root, ())]
    seen: set[int] = set()
    while stack:
        schema, where = stack.pop()
        if not isinstance(schema, dict) or id(schema) in seen or len(where) > 200:
            continue
        seen.add(id(schema))
        path = base + pointer(*where)
        kind = schema.get("type")
        is_object = (
            kind == "object"
            or (isinstance(kind, (list, tuple)) and "object" in kind)
            or ("properties" in schema and "type" not in schema)
        )
        if is_object:
            label = (
                tr("the parameters")
                if not where
                else tr("the object at {path}", path=code("/".join(map(str, where))))
            )
            if schema.get("additionalProperties") is not False:
                has = "additionalProperties" in schema
                yield Finding(
                    path + "/additionalProperties" if has else path,
                    tr(
                        'with `strict: true`, {label} must set `"additionalProperties": false` '
                        "(it is {value})",
                        label=label,
                        value=describe(schema["additionalProperties"]),
                    )
                    if has
                    else tr(
                        'with `strict: true`, {label} must set `"additionalProperties": false`',
                        label=label,
                    ),
                    tr('Add `"additionalProperties": false` to every object in the schema.'),
                )
            props = schema.get("properties")
            required = schema.get("required", [])
            if isinstance(props, dict) and isinstance(required, (list, tuple)):
                missing = [p for p in props if p not in required]
                if missing:
                    names = ", ".join(quote(p, 30) for p in missing[:6])
                    yield Finding(
                        path + "/required" if "required" in schema else path,
                        tr(
                            "with `strict: true`, every property of {label} must be in "
                            "`required`; missing: {names}",
                            label=label,
                            names=names,
                        ),
                        tr(
                            "List all properties in `required`; make a field optional with a "
                            'type union such as `"type": ["string", "null"]`.'
                        ),
                    )
        children: list[tuple[Any, tuple[str | int, ...]]] = []
        for key in _SUBSCHEMA_MAPS:
            value = schema.get(key)
            if isinstance(value, dict):
                children += [(v, (*where, key, name)) for name, v in value.items()]
        for key in _SUBSCHEMA_LISTS:
            value = schema.get(key)
            if isinstance(value, (list, tuple)):
                children += [(v, (*where, key, n)) for n, v in enumerate(value)]
        for key in _SUBSCHEMA_ONE:
            value = schema.get(key)
            if isinstance(value, dict):
                children.append((value, (*where, key)))
            elif key == "items" and isinstance(value, (list, tuple)):
                children += [(v, (*where, key, n)) for n, v in enumerate(value)]
        stack.extend(reversed(children))
