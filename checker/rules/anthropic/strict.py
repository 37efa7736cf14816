"""Strict schemas: what `strict: true` tools and JSON outputs accept, and how many.

With `strict: true` on a tool (or a JSON schema in `output_config.format`) the API compiles
the schema into a grammar that constrains sampling, so only a subset of JSON Schema is
accepted, and the schemas of one request share complexity limits.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, pointer, quote
from checker.i18n import N_, tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, is_custom_tool, is_openai_tool, warning
from checker.rules.anthropic.tool_fields import tool_label
from checker.rules.json_schema import (
    STRICT_FORMATS,
    StrictIssue,
    StrictReport,
    strict_schema_report,
)
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

LIMITATIONS = f"{refs.STRICT}#json-schema-limitations"
COMPLEXITY = f"{refs.STRICT}#schema-complexity-limits"
STRICT_TOOL_USE = f"{refs.DOCS}/agents-and-tools/tool-use/strict-tool-use"
#: per request, over every strict schema (the docs' "explicit limits")
MAX_STRICT_TOOLS = 20
MAX_OPTIONAL = 24
MAX_UNIONS = 16
#: findings reported per schema (a generated schema can break the subset everywhere)
_MAX_PER_SCHEMA = 20


def strict_schemas(ctx: Context) -> list[tuple[str, str, dict[str, Any]]]:
    """(pointer, what it is, schema) for each schema the strict subset applies to.

    Tools with `strict: true` (custom tools), then `output_config.format.schema` when the
    format is a JSON schema (and the older `output_format`). Computed once per request.
    """
    found = getattr(ctx, "_strict_schemas", None)
    if found is not None:
        return found
    out: list[tuple[str, str, dict[str, Any]]] = []
    for k, tool in ctx.tools:
        if tool.get("strict") is not True or not is_custom_tool(tool) or is_openai_tool(tool):
            continue
        schema = tool.get("input_schema")
        if isinstance(schema, dict):
            out.append((pointer("tools", k, "input_schema"), tool_label(k, tool), schema))
    body = ctx.body or {}
    config = body.get("output_config")
    for base, fmt in (
        ("/output_config/format", config.get("format") if isinstance(config, dict) else None),
        ("/output_format", body.get("output_format")),
    ):
        if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
            schema = fmt.get("schema")
            if isinstance(schema, dict):
                out.append((base + "/schema", tr("the output format"), schema))
    ctx._strict_schemas = out
    return out


def _report(ctx: Context, schema: dict[str, Any]) -> StrictReport | None:
    """`strict_schema_report` of a schema, computed once per request."""
    reports = getattr(ctx, "_strict_reports", None)
    if reports is None:
        reports = ctx._strict_reports = {}
    if id(schema) not in reports:
        reports[id(schema)] = strict_schema_report(schema)
    return reports[id(schema)]


def _many_tools(strict: int, plain: int) -> str:
    """A request with `strict` strict tools and `plain` others (the limit rule's examples)."""
    closed = '{"type": "object", "additionalProperties": false}'
    tools = [
        f'    {{"name": "check_{n:02}", "strict": true, "input_schema": {closed}}}'
        for n in range(1, strict + 1)
    ] + [
        f'    {{"name": "check_{n:02}", "input_schema": {{"type": "object"}}}}'
        for n in range(strict + 1, strict + plain + 1)
    ]
    return (
        '{\n  "model": "claude-sonnet-4-6",\n  "max_tokens": 1024,\n  "tools": [\n'
        + ",\n".join(tools)
        + '\n  ],\n  "messages": [{"role": "user", "content": "Run the nightly checks."}]\n}'
    )


_HINTS = {
    "keyword": N_(
        "Remove it and state the limit in the property's `description` (the SDKs' schema "
        "helpers do that), or drop `strict: true`."
    ),
    "min-items": N_("Use `minItems` 0 or 1 only, and state any larger minimum in `description`."),
    "additional-missing": N_('Add `"additionalProperties": false` to this object.'),
    "additional-not-false": N_(
        'Set `"additionalProperties": false`; for a free-form map, use an array of '
        "key/value objects, or drop `strict: true`."
    ),
    "format": N_("Drop `format` (describe it in `description`), or use one of: {formats}."),
    "enum": N_("Keep `enum` to strings, numbers, booleans and null."),
    "ref-external": N_("Copy the definition into `$defs` and point at `#/$defs/...`."),
    "ref-recursive": N_(
        "Give the structure a fixed depth (define each level), or drop `strict: true`."
    ),
    "allof-ref": N_("Write the referenced properties out instead of `allOf` with `$ref`."),
    "pattern": N_("Simplify the regex (no backreferences, lookaround or `\\b`), or drop it."),
}


def _message(issue: StrictIssue, what: str) -> str:
    kw = code(issue.keyword)
    of = tr(" (type {type})", type=code(issue.type)) if issue.type else ""
    if issue.kind == "keyword":
        return tr(
            "{what} is strict, and strict schemas do not support {kw}{of}",
            what=what,
            kw=kw,
            of=of,
        )
    if issue.kind == "min-items":
        return tr("{what} is strict, and strict schemas allow `minItems` of 0 or 1 only", what=what)
    if issue.kind == "additional-missing":
        return tr(
            "{what} is strict, and this object has no `additionalProperties`: strict schemas "
            'need `"additionalProperties": false` on every object',
            what=what,
        )
    if issue.kind == "additional-not-false":
        return tr(
            "{what} is strict, and strict schemas accept only `additionalProperties: false`",
            what=what,
        )
    if issue.kind == "format":
        return tr(
            "{what} is strict, and strict schemas do not support the format {value}",
            what=what,
            value=quote(issue.detail),
        )
    if issue.kind == "enum":
        return tr(
            "{what} is strict, and its `enum` holds objects or arrays: strict schemas take "
            "only simple values there",
            what=what,
        )
    if issue.kind == "ref-external":
        return tr(
            "{what} is strict, and `$ref` {value} points outside the schema: only local refs "
            "are supported",
            what=what,
            value=quote(issue.detail),
        )
    if issue.kind == "ref-recursive":
        return tr(
            "{what} is strict, and `$ref` {value} makes the schema recursive: strict schemas "
            "cannot be recursive",
            what=what,
            value=quote(issue.detail),
        )
    if issue.kind == "allof-ref":
        return tr(
            "{what} is strict, and strict schemas do not support `allOf` with a `$ref` inside",
            what=what,
        )
    if issue.kind == "pattern":
        return tr(
            "{what} is strict, and its `pattern` uses a {feature}, which strict schemas do not "
            "support",
            what=what,
            feature=tr(_FEATURES.get(issue.detail, issue.detail)),
        )
    return tr(
        "{what} is strict, and {kw} is not in the documented strict-schema subset: the API "
        "may reject it",
        what=what,
        kw=kw,
    )


_FEATURES = {
    "backreference": N_("backreference"),
    "lookaround": N_("lookahead or lookbehind"),
    "word boundary": N_("word boundary (`\\b`)"),
}


@rule(
    "a-strict-schema-unsupported",
    api="anthropic",
    scope="body",
    sources=(
        LIMITATIONS,
        STRICT_TOOL_USE,
        refs.issue("earendil-works/pi", 9953),
        refs.issue("vercel/ai", 20681),
        "https://github.com/experientiallabs/experiential/pull/804",
    ),
    example="""{
  "model": "claude-opus-5-5",
  "max_tokens": 8000,
  "tools": [{"name": "wait_for", "description": "Wait for a selector.", "strict": true,
             "input_schema": {"type": "object",
                              "properties": {"selector": {"type": "string"},
                                             "timeoutMs": {"type": "integer",
                                                           "minimum": 1, "maximum": 300000}},
                              "required": ["selector", "timeoutMs"],
                              "additionalProperties": false}}],
  "messages": [{"role": "user", "content": "Wait for #login then click it."}]
}""",
    fix="""{
  "model": "claude-opus-5-5",
  "max_tokens": 8000,
  "tools": [{"name": "wait_for", "description": "Wait for a selector.", "strict": true,
             "input_schema": {"type": "object",
                              "properties": {"selector": {"type": "string"},
                                             "timeoutMs": {"type": "integer",
                                                           "description": "1 to 300000"}},
                              "required": ["selector", "timeoutMs"],
                              "additionalProperties": false}}],
  "messages": [{"role": "user", "content": "Wait for #login then click it."}]
}""",
    near_misses=(
        """{
  "model": "claude-opus-5-5",
  "max_tokens": 8000,
  "tools": [{"name": "wait_for", "description": "Wait for a selector.",
             "input_schema": {"type": "object",
                              "properties": {"selector": {"type": "string"},
                                             "timeoutMs": {"type": "integer",
                                                           "minimum": 1, "maximum": 300000}},
                              "required": ["selector", "timeoutMs"]}}],
  "messages": [{"role": "user", "content": "Wait for #login then click it."}]
}""",
    ),
)
def strict_schema_unsupported(ctx: Context) -> Iterator[Finding]:
    """A strict schema keeps to the JSON Schema subset strict mode compiles.

    With `strict: true` on a tool, or a JSON schema in `output_config.format`: every
    object has `"additionalProperties": false`; there are no numeric bounds (`minimum`,
    `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`), no string lengths
    (`minLength`, `maxLength`), no array bounds beyond `minItems` 0 or 1, no recursive or
    external `$ref` and no `allOf` with `$ref`; `enum` holds simple values; `format` is
    one of date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid; a
    `pattern` has no backreferences, lookaround or word boundaries. The API rejects the
    request ("For 'integer' type, properties maximum, minimum are not supported"; "For
    'object' type, 'additionalProperties' must be explicitly set to false").

    Keywords the documented subset does not list (`oneOf`, `not`, `if`/`then`/`else`,
    `patternProperties`, `prefixItems`, ...) are warnings: the docs neither allow nor
    forbid them. Without `strict` all of these are ordinary JSON Schema and accepted.
    """
    for base, what, schema in strict_schemas(ctx):
        report = _report(ctx, schema)
        if report is None:
            continue
        for issue in report.issues[:_MAX_PER_SCHEMA]:
            path = base + pointer(*issue.path)
            message = _message(issue, what)
            if issue.kind == "undocumented":
                yield warning(
                    path,
                    message,
                    tr("Use `anyOf` instead of `oneOf`.")
                    if issue.keyword == "oneOf"
                    else tr("Remove it, or test the schema against the API."),
                )
            elif issue.kind == "format":
                yield Finding(
                    path,
                    message,
                    tr(
                        _HINTS["format"],
                        formats=", ".join(sorted(STRICT_FORMATS)),
                    ),
                )
            else:
                yield Finding(path, message, tr(_HINTS[issue.kind]))


@rule(
    "a-strict-schema-limit",
    api="anthropic",
    scope="body",
    sources=(COMPLEXITY, "https://github.com/alphaXiv/agents/pull/49"),
    example=_many_tools(21, 0),
    fix=_many_tools(2, 2),
)
def strict_schema_limit(ctx: Context) -> Iterator[Finding]:
    """A request keeps within the complexity limits of strict schemas.

    The docs' explicit limits, over all strict tools and the JSON output schema of one
    request: at most 20 tools with `strict: true`; at most 24 optional parameters
    (properties not listed in `required`); at most 16 parameters with union types
    (`anyOf`, or a list of types such as `["string", "null"]`). More than 20 strict tools
    is an error. The two parameter counts are warnings: the docs do not say exactly how
    nested objects and `$defs` are counted, and no public report quotes the 400. Past
    these limits the compiled grammar can still be too large ("Schema is too complex for
    compilation"): keep `strict` for the tools where a wrong argument does real harm.
    """
    schemas = strict_schemas(ctx)
    strict_tools = [s for s in schemas if s[0].startswith("/tools/")]
    if len(strict_tools) > MAX_STRICT_TOOLS:
        over = strict_tools[MAX_STRICT_TOOLS][0].rsplit("/", 1)[0] + "/strict"
        yield Finding(
            over,
            tr(
                "{n} tools have `strict: true`: a request may have at most {limit}",
                n=len(strict_tools),
                limit=MAX_STRICT_TOOLS,
            ),
            tr("Keep `strict` for the tools where a malformed argument does real harm."),
        )
    optional = unions = 0
    for _, _, schema in schemas:
        report = _report(ctx, schema)
        if report is not None:
            optional += report.optional
            unions += report.unions
    where = "/tools" if strict_tools else (schemas[0][0] if schemas else "/tools")
    if optional > MAX_OPTIONAL:
        yield warning(
            where,
            tr(
                "the strict schemas of this request have {n} optional parameters: the "
                "documented limit is {limit}",
                n=optional,
                limit=MAX_OPTIONAL,
            ),
            tr("Make parameters `required` where they always have a sensible value."),
        )
    if unions > MAX_UNIONS:
        yield warning(
            where,
            tr(
                "the strict schemas of this request have {n} parameters with union types "
                "(`anyOf` or a list of types): the documented limit is {limit}",
                n=unions,
                limit=MAX_UNIONS,
            ),
            tr(
                "Give those parameters a single type where you can, or drop `strict` on some tools."
            ),
        )
