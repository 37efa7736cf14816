"""Strict schemas: `strict: true` function tools and `text.format` JSON schemas.

Structured Outputs accept a subset of JSON Schema: the root is an object, every object
closes itself with `"additionalProperties": false` and lists every property in
`required`. In the Responses API an omitted `strict` is not simply "off".
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, pointer, quote
from checker.i18n import tr
from checker.rules.record import Finding, note, rule
from checker.rules.responses import refs
from checker.rules.responses.context import Context, function_tools

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_SUBSCHEMA_ONE = ("items", "not", "additionalProperties", "if", "then", "else", "contains")


def strict_problems(root: dict[str, Any], base: str, what: str) -> Iterator[Finding]:
    """What strict mode refuses in `root` (at pointer `base`); `what` names the schema."""
    kind = root.get("type")
    if kind != "object" and "anyOf" not in root and "$ref" not in root:
        yield Finding(
            base + "/type" if "type" in root else base,
            tr(
                "with `strict: true`, the root of {what} must be `type: object` (it is {value})",
                what=what,
                value=describe(kind),
            ),
            tr("Wrap the value in an object: put it under one property of an object schema."),
        )
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
                what
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
                    yield Finding(
                        path + "/required" if "required" in schema else path,
                        tr(
                            "with `strict: true`, every property of {label} must be in "
                            "`required`; missing: {names}",
                            label=label,
                            names=", ".join(quote(p, 30) for p in missing[:6]),
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


_TOOL = """{"type": "function", "name": "get_weather", "strict": true,
     "parameters": {"type": "object", "properties": {"city": {"type": "string"},
                    "unit": {"type": ["string", "null"]}},
                    "required": ["city", "unit"], "additionalProperties": false}}"""


@rule(
    "r-strict-schema",
    api="responses",
    scope="body",
    sources=(
        refs.STRUCTURED_OUTPUTS,
        refs.FUNCTION_CALLING,
        "https://github.com/Soju06/codex-lb/pull/658",
    ),
    example="""{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [
    {"type": "function", "name": "get_weather", "strict": true,
     "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                    "required": ["city"]}}
  ]
}""",
    fix=f"""{{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [
    {_TOOL}
  ]
}}""",
    near_misses=(
        """{
  "model": "gpt-5.5",
  "input": "Extract the city from: 'I live in Lyon.'",
  "text": {"format": {"type": "json_schema", "name": "city", "strict": true,
    "schema": {"type": "object", "properties": {"city": {"type": "string"}},
               "required": ["city"], "additionalProperties": false}}}
}""",
    ),
)
def strict_schema(ctx: Context) -> Iterator[Finding]:
    """A strict schema is an object schema, closed and fully required.

    With `strict: true` on a function tool, or on a `json_schema` text format, the schema
    must fit Structured Outputs: the root is `type: object`, every object sets
    `"additionalProperties": false`, and every property is listed in `required` (an
    optional field is a type union with `null`). The API refuses anything else with
    `invalid_function_parameters` (tools) or `invalid_json_schema` (`text.format`),
    e.g. `Invalid schema for function 'get_weather': In context=(), 'additionalProperties'
    is required to be supplied and to be false.`
    """
    for path, tool in function_tools(ctx):
        params = tool.get("parameters")
        if tool.get("strict") is True and isinstance(params, dict):
            yield from strict_problems(params, path + "/parameters", tr("the parameters"))
    text = (ctx.body or {}).get("text")
    fmt = text.get("format") if isinstance(text, dict) else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema" and fmt.get("strict") is True:
        schema = fmt.get("schema")
        if isinstance(schema, dict):
            yield from strict_problems(schema, "/text/format/schema", tr("the schema"))


@rule(
    "r-strict-omitted",
    api="responses",
    severity="note",
    scope="body",
    sources=(
        refs.FUNCTION_CALLING,
        refs.SPEC,
        "https://github.com/juspay/neurolink/pull/1691",
        "https://github.com/omnara-ai/omnara/pull/504",
    ),
    example="""{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [
    {"type": "function", "name": "get_weather",
     "parameters": {"type": "object", "properties": {"city": {"type": "string"},
                    "unit": {"type": "string"}}, "required": ["city"]}}
  ]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [
    {"type": "function", "name": "get_weather", "strict": false,
     "parameters": {"type": "object", "properties": {"city": {"type": "string"},
                    "unit": {"type": "string"}}, "required": ["city"]}}
  ]
}""",
    near_misses=(
        f"""{{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [
    {_TOOL}
  ]
}}""",
    ),
)
def strict_omitted(ctx: Context) -> Iterator[Finding]:
    """A function tool whose schema is not strict-ready says whether it is strict.

    In the Responses API an omitted `strict` is not "false": the API "attempts to use
    strict validation when the schema is compatible, and falls back to non-strict
    validation otherwise" (until July 2026 the spec said "Default `true`"); Chat
    Completions stays non-strict. With a schema that is not strict-ready (optional
    fields, open objects) the outcome depends on the server's normalisation and has
    changed over time, so this is a warning: set `strict: true` and make the schema
    strict, or set `strict: false` to keep optional fields.
    """
    for path, tool in function_tools(ctx):
        params = tool.get("parameters")
        if tool.get("strict") is not None or not isinstance(params, dict):
            continue
        if next(strict_problems(params, path, ""), None) is None:
            continue
        yield note(
            path,
            tr(
                "function tool {name} does not set `strict`, and its schema is not strict-"
                "ready: the Responses API may normalise it into strict mode or fall back",
                name=quote(tool.get("name")),
            ),
            tr(
                'Say what you mean: `"strict": true` with a closed, fully required schema, or '
                '`"strict": false` to keep optional fields.'
            ),
        )
