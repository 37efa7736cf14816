"""Strict schemas (`strict: true`): the subset of JSON Schema that Structured Outputs accepts.

A function tool with `"strict": true`, and a `response_format` of type `json_schema` with
`"strict": true`, are held to the supported subset: every object closed and fully
required, no `allOf`/`not`/`if`..., and the size limits. Each schema is walked once per
request (`_walks`) and the three rules read the same walk.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from checker.diagnostics import code, describe, pointer, quote
from checker.i18n import tr
from checker.rules.openai import refs
from checker.rules.openai.context import Context, warning
from checker.rules.openai.models import named_model
from checker.rules.record import Finding, note, rule
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: keywords the guide lists as not supported in strict mode (composition and conditionals)
UNSUPPORTED = ("allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else")
#: keywords older guides listed as unsupported and the current one does not mention
UNCLEAR = (
    "patternProperties",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "minProperties",
    "maxProperties",
    "uniqueItems",
    "contains",
    "default",
)
#: keywords supported in strict mode, except for fine-tuned models
NOT_FOR_FINE_TUNED = (
    "minLength",
    "maxLength",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "multipleOf",
    "patternProperties",
    "minItems",
    "maxItems",
)
FORMATS = frozenset(
    ("date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid")
)
MAX_PROPERTIES = 5000
MAX_DEPTH = 10
MAX_ENUM_VALUES = 1000
BIG_ENUM = 250
BIG_ENUM_CHARS = 15_000
MAX_CHARS = 120_000

_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties", "dependentSchemas")
_SUBSCHEMA_ONE = ("items", "not", "additionalProperties", "if", "then", "else", "contains")


class Node(NamedTuple):
    schema: dict[str, Any]
    where: tuple[str | int, ...]
    is_object: bool


class Walk(NamedTuple):
    """One strict schema, walked once: its nodes and the counts its limits are about."""

    #: pointer of the schema in the request
    base: str
    #: "function" (a tool's parameters) or "response_format"
    kind: str
    nodes: list[Node]
    properties: int
    enum_values: int
    chars: int
    #: deepest nesting of objects, and of objects and arrays, with the place reached
    object_depth: tuple[int, tuple[str | int, ...]]
    any_depth: tuple[int, tuple[str | int, ...]]
    #: (where, number of values, characters) of each string enum over 250 values
    big_enums: list[tuple[tuple[str | int, ...], int, int]]


def _is_object(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    return (
        kind == "object"
        or (isinstance(kind, (list, tuple)) and "object" in kind)
        or ("properties" in schema and "type" not in schema)
    )


def _is_array(schema: dict[str, Any]) -> bool:
    kind = schema.get("type")
    return kind == "array" or (isinstance(kind, (list, tuple)) and "array" in kind)


def _text_size(value: Any) -> int:
    return len(value) if isinstance(value, str) else len(str(value))


def _walk(root: dict[str, Any], base: str, kind: str) -> Walk:
    nodes: list[Node] = []
    properties = enum_values = chars = 0
    object_depth: tuple[int, tuple[str | int, ...]] = (0, ())
    any_depth: tuple[int, tuple[str | int, ...]] = (0, ())
    big_enums: list[tuple[tuple[str | int, ...], int, int]] = []
    stack: list[tuple[Any, tuple[str | int, ...], int, int]] = [(root, (), 0, 0)]
    seen: set[int] = set()
    while stack:
        schema, where, objects, levels = stack.pop()
        if not isinstance(schema, dict) or id(schema) in seen or len(where) > 200:
            continue
        seen.add(id(schema))
        is_object = _is_object(schema)
        if is_object or _is_array(schema):
            objects += is_object
            levels += 1
            if objects > object_depth[0]:
                object_depth = (objects, where)
            if levels > any_depth[0]:
                any_depth = (levels, where)
        nodes.append(Node(schema, where, is_object))
        props = schema.get("properties")
        if isinstance(props, dict):
            properties += len(props)
            chars += sum(len(name) for name in props if isinstance(name, str))
        for key in ("$defs", "definitions"):
            defs = schema.get(key)
            if isinstance(defs, dict):
                chars += sum(len(name) for name in defs if isinstance(name, str))
        enum = schema.get("enum")
        if isinstance(enum, (list, tuple)):
            enum_values += len(enum)
            size = sum(_text_size(v) for v in enum)
            chars += size
            if len(enum) > BIG_ENUM and all(isinstance(v, str) for v in enum):
                big_enums.append((where, len(enum), size))
        if "const" in schema:
            chars += _text_size(schema["const"])
        children: list[tuple[Any, tuple[str | int, ...], int, int]] = []
        for key in _SUBSCHEMA_MAPS:
            value = schema.get(key)
            if isinstance(value, dict):
                children += [(v, (*where, key, name), objects, levels) for name, v in value.items()]
        for key in _SUBSCHEMA_LISTS:
            value = schema.get(key)
            if isinstance(value, (list, tuple)):
                children += [(v, (*where, key, n), objects, levels) for n, v in enumerate(value)]
        for key in _SUBSCHEMA_ONE:
            value = schema.get(key)
            if isinstance(value, dict):
                children.append((value, (*where, key), objects, levels))
            elif key == "items" and isinstance(value, (list, tuple)):
                children += [(v, (*where, key, n), objects, levels) for n, v in enumerate(value)]
        stack.extend(reversed(children))
    return Walk(
        base, kind, nodes, properties, enum_values, chars, object_depth, any_depth, big_enums
    )


def _walks(ctx: Context) -> list[Walk]:
    """Every strict schema of the request, walked once (cached on the context)."""
    cached = getattr(ctx, "_strict_walks", None)
    if cached is not None:
        return cached
    walks: list[Walk] = []
    for k, tool in ctx.tools:
        fn = tool.get("function")
        if tool.get("type") != "function" or not isinstance(fn, dict):
            continue
        params = fn.get("parameters")
        if fn.get("strict") is True and isinstance(params, dict):
            walks.append(_walk(params, pointer("tools", k, "function", "parameters"), "function"))
    fmt = ctx.body.get("response_format") if ctx.body is not None else None
    spec = fmt.get("json_schema") if isinstance(fmt, dict) else None
    if (
        isinstance(fmt, dict)
        and fmt.get("type") == "json_schema"
        and isinstance(spec, dict)
        and spec.get("strict") is True
        and isinstance(spec.get("schema"), dict)
    ):
        walks.append(_walk(spec["schema"], "/response_format/json_schema/schema", "format"))
    ctx._strict_walks = walks
    return walks


def _label(where: tuple[str | int, ...], kind: str) -> str:
    if where:
        return tr("the object at {path}", path=code("/".join(map(str, where))))
    return tr("the parameters") if kind == "function" else tr("the schema")


@rule(
    "o-strict-schema",
    api="openai",
    scope="body",
    sources=(
        refs.STRICT_MODE,
        refs.SUPPORTED_SCHEMAS,
        refs.issue("lastmile-ai/openai-agents-mcp", 2),
        refs.issue("xemantic/xemantic-ai-tool-schema", 37),
        refs.pull("langchain-ai/langchain", 32930),
    ),
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
    near_misses=(
        """{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "response_format": {"type": "json_schema", "json_schema": {"name": "weather", "strict": true,
    "schema": {"type": "object",
      "properties": {"city": {"type": "string"}, "unit": {"type": ["string", "null"]}},
      "required": ["city", "unit"], "additionalProperties": false}}}
}""",
    ),
)
def strict_schema(ctx: Context) -> Iterator[Finding]:
    """A strict schema is closed and fully required, on every object.

    With `strict: true` (a function tool's, or `response_format.json_schema.strict`),
    every object in the schema must set `"additionalProperties": false` and list every
    property in `required`; a field is made optional with a type union with `null`
    (`"type": ["string", "null"]`). The root is an object, not an `anyOf` (for a
    function's `parameters` that is `o-parameters-invalid`, checked with or without
    strict). A nested object without `properties` is a warning: the API rejects it at the
    root, and no report settles the nested case under strict.
    """
    for walk in _walks(ctx):
        for node in walk.nodes:
            if node.is_object:
                yield from _closed(walk, node)
        root = walk.nodes[0].schema if walk.nodes else {}
        if walk.kind == "format" and (root.get("type") != "object" or "anyOf" in root):
            yield Finding(
                walk.base,
                tr(
                    'with `strict: true`, the schema\'s root must be `"type": "object"` (not '
                    "a union or another type)"
                ),
                tr('Wrap the value in an object property, e.g. `"result"`.'),
            )


def _closed(walk: Walk, node: Node) -> Iterator[Finding]:
    schema, where = node.schema, node.where
    path = walk.base + pointer(*where)
    label = _label(where, walk.kind)
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
    elif "properties" not in schema and where:
        yield warning(
            path,
            tr(
                "with `strict: true`, {label} has no `properties`: the API rejects such an "
                "object at the root, and may here too",
                label=label,
            ),
            tr('Give it `"properties": {...}` (and `required`), or type the value otherwise.'),
        )


@rule(
    "o-strict-keyword",
    api="openai",
    scope="body",
    sources=(
        refs.SUPPORTED_SCHEMAS,
        refs.SCHEMA_LIMITS,
        refs.issue("makenotion/notion-mcp-server", 102),
        refs.issue("microsoft/semantic-kernel", 9786),
    ),
    api_message="Invalid schema for function: {detail}",
    example="""{
  "model": "gpt-4.1-nano-2025-04-14",
  "messages": [{"role": "user", "content": "Rename the page to 'Roadmap'."}],
  "tools": [{"type": "function", "function": {"name": "update_page", "strict": true,
    "parameters": {"type": "object", "properties": {"data": {"allOf": [
      {"type": "object", "properties": {"page_id": {"type": "string"}},
       "required": ["page_id"], "additionalProperties": false},
      {"type": "object", "properties": {"title": {"type": "string"}},
       "required": ["title"], "additionalProperties": false}]}},
    "required": ["data"], "additionalProperties": false}}}]
}""",
    fix="""{
  "model": "gpt-4.1-nano-2025-04-14",
  "messages": [{"role": "user", "content": "Rename the page to 'Roadmap'."}],
  "tools": [{"type": "function", "function": {"name": "update_page", "strict": true,
    "parameters": {"type": "object", "properties": {"data": {
      "type": "object", "properties": {"page_id": {"type": "string"},
                                        "title": {"type": "string"}},
      "required": ["page_id", "title"], "additionalProperties": false}},
    "required": ["data"], "additionalProperties": false}}}]
}""",
    near_misses=(
        """{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Book R101 tomorrow at 10:00."}],
  "tools": [{"type": "function", "function": {"name": "book_room", "strict": true,
    "parameters": {"type": "object", "properties": {
      "room": {"type": "string", "pattern": "^R[0-9]{3}$"},
      "start": {"type": "string", "format": "date-time"},
      "attendees": {"type": "integer", "minimum": 1, "maximum": 40}},
    "required": ["room", "start", "attendees"], "additionalProperties": false}}}]
}""",
    ),
)
def strict_keyword(ctx: Context) -> Iterator[Finding]:
    """A strict schema uses only the keywords Structured Outputs supports.

    Supported: the types, `enum`, `const`, a nested `anyOf`, `$defs` with `$ref`
    (recursion too), string `pattern` and `format` (date-time, time, date, duration,
    email, hostname, ipv4, ipv6, uuid), number `minimum`/`maximum`/`multipleOf` and their
    exclusive forms, array `minItems`/`maxItems`. Rejected: `allOf`, `not`, `if`, `then`,
    `else`, `dependentRequired`, `dependentSchemas`. Fine-tuned models (`ft:...`) reject
    the string, number and array constraints as well: an error with such a model.
    Keywords older guides listed as unsupported and the current guide does not mention
    (`patternProperties`, `uniqueItems`, `default`, `minProperties`...), `oneOf` (the guide
    names only `anyOf`) and a `format` outside the list are notes: recorded traffic shows
    them accepted (a `default` in a strict schema answered 200), and at worst the API
    ignores them, so they do not hurt the request.
    """
    walks = _walks(ctx)
    if not walks:
        return
    info = named_model(ctx)
    fine_tuned = info is not None and info.fine_tuned
    for walk in walks:
        for node in walk.nodes:
            yield from _keywords(walk, node, fine_tuned)


def _keywords(walk: Walk, node: Node, fine_tuned: bool) -> Iterator[Finding]:
    schema = node.schema
    path = walk.base + pointer(*node.where)
    for key in UNSUPPORTED:
        if key in schema:
            yield Finding(
                path + pointer(key),
                tr("with `strict: true`, {key} is not permitted", key=code(key)),
                tr(
                    "Write the schema without it: merge `allOf` parts into one object, turn "
                    "alternatives into a nested `anyOf`, and check the rest in your code."
                ),
            )
    if "oneOf" in schema:
        yield note(
            path + "/oneOf",
            tr(
                "with `strict: true`, `oneOf` is not among the supported keywords (the guide "
                "names `anyOf`)"
            ),
            tr("Use `anyOf` instead of `oneOf`."),
        )
    for key in NOT_FOR_FINE_TUNED:
        if key in schema and fine_tuned:
            yield Finding(
                path + pointer(key),
                tr(
                    "with `strict: true`, fine-tuned models do not support {key}",
                    key=code(key),
                ),
                tr("Remove {key} and check the value in your code.", key=code(key)),
            )
    for key in UNCLEAR:
        if key in schema and not (fine_tuned and key in NOT_FOR_FINE_TUNED):
            yield note(
                path + pointer(key),
                tr(
                    "with `strict: true`, {key} is not among the supported keywords: it may "
                    "be rejected or ignored",
                    key=code(key),
                ),
                tr("Remove {key} and check the value in your code.", key=code(key)),
            )
    fmt = schema.get("format")
    if isinstance(fmt, str) and fmt not in FORMATS and not fine_tuned:
        yield note(
            path + "/format",
            tr(
                "with `strict: true`, `format` {value} is not among the supported formats "
                "(date-time, time, date, duration, email, hostname, ipv4, ipv6, uuid)",
                value=quote(fmt),
            ),
            tr("Use a supported format, or a `pattern`."),
        )


def _deep_example(levels: int) -> str:
    """A request whose strict tool nests `levels` closed objects (for the rule's example)."""
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(levels):
        schema = {
            "type": "object",
            "properties": {"a": schema},
            "required": ["a"],
            "additionalProperties": False,
        }
    tool = {"type": "function", "function": {"name": "deep", "strict": True, "parameters": schema}}
    body = {
        "model": "gpt-4.1",
        "messages": [{"role": "user", "content": "Fill the form."}],
        "tools": [tool],
    }
    return json.dumps(body, indent=2)


@rule(
    "o-strict-limits",
    api="openai",
    scope="body",
    sources=(refs.SCHEMA_LIMITS, refs.SUPPORTED_SCHEMAS),
    api_message="Invalid schema for function: {detail}",
    example=_deep_example(11),
    fix=_deep_example(3),
)
def strict_limits(ctx: Context) -> Iterator[Finding]:
    """A strict schema stays within the Structured Outputs size limits.

    At most 5000 object properties in all, 10 levels of nesting, 1000 enum values in all,
    15,000 characters for the values of one string enum of more than 250 values, and
    120,000 characters for all property names, definition names, enum and const values
    together (the current guide; older versions said 100 properties and 5 levels). The
    guide does not say whether an array counts as a level: more than 10 levels of objects
    is an error, more than 10 only when arrays count is a warning.
    """
    for walk in _walks(ctx):
        base = walk.base
        if walk.properties > MAX_PROPERTIES:
            yield Finding(
                base,
                tr(
                    "with `strict: true`, the schema has {n} properties in all; the limit is 5000",
                    n=walk.properties,
                ),
                tr("Split the tool, or move rarely used fields out of the schema."),
            )
        depth, where = walk.object_depth
        any_depth, any_where = walk.any_depth
        flatten = tr("Flatten the schema: fewer objects inside objects.")
        if depth > MAX_DEPTH:
            yield Finding(
                base + pointer(*where),
                tr(
                    "with `strict: true`, objects nest {n} levels deep here; the limit is 10",
                    n=depth,
                ),
                flatten,
            )
        elif any_depth > MAX_DEPTH:
            yield warning(
                base + pointer(*any_where),
                tr(
                    "with `strict: true`, objects and arrays nest {n} levels deep here; the "
                    "limit is 10 levels (whether arrays count is not documented)",
                    n=any_depth,
                ),
                flatten,
            )
        if walk.enum_values > MAX_ENUM_VALUES:
            yield Finding(
                base,
                tr(
                    "with `strict: true`, the schema's enums hold {n} values in all; the limit "
                    "is 1000",
                    n=walk.enum_values,
                ),
                tr("Replace a long enum with a string (and check the value in your code)."),
            )
        for enum_where, count, size in walk.big_enums:
            if size > BIG_ENUM_CHARS:
                yield Finding(
                    base + pointer(*enum_where, "enum"),
                    tr(
                        "with `strict: true`, this enum of {n} strings has {chars} characters; "
                        "over 250 values, the limit is 15000",
                        n=count,
                        chars=size,
                    ),
                    tr("Replace a long enum with a string (and check the value in your code)."),
                )
        if walk.chars > MAX_CHARS:
            yield Finding(
                base,
                tr(
                    "with `strict: true`, the schema's names, enum and const values have {n} "
                    "characters in all; the limit is 120000",
                    n=walk.chars,
                ),
                tr("Shorten names and enums, or split the tool."),
            )


@rule(
    "o-strict-parallel",
    api="openai",
    severity="warning",
    scope="body",
    sources=(refs.STRICT_MODE, refs.SCHEMA_LIMITS),
    example="""{
  "model": "ft:gpt-4.1-mini-2025-04-14:acme::a1B2c3D4",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather", "strict": true,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"], "additionalProperties": false}}}]
}""",
    fix="""{
  "model": "ft:gpt-4.1-mini-2025-04-14:acme::a1B2c3D4",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "parallel_tool_calls": false,
  "tools": [{"type": "function", "function": {"name": "get_weather", "strict": true,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"], "additionalProperties": false}}}]
}""",
)
def strict_parallel(ctx: Context) -> Iterator[Finding]:
    """A fine-tuned model with strict tools has parallel tool calls turned off.

    The current guide says that when a fine-tuned model makes several calls in one turn,
    strict mode is off for those calls, so their arguments may not match the schema (older
    versions said so of every model). The request is accepted: a warning when strict tools
    go to an `ft:` model without `"parallel_tool_calls": false`.
    """
    if ctx.body is None or ctx.body.get("parallel_tool_calls") is False:
        return
    info = named_model(ctx)
    if info is None or not info.fine_tuned:
        return
    for walk in _walks(ctx):
        if walk.kind == "function":
            yield warning(
                "/tools",
                tr(
                    "{model} is fine-tuned: when it makes several calls in one turn, strict "
                    "mode is off for them",
                    model=quote(info.id),
                ),
                tr('Set `"parallel_tool_calls": false` to keep the arguments strict.'),
            )
            return
