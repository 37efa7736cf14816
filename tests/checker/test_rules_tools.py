"""Tool definition rules: top-level combinators, unknown and mistyped fields, strict schemas.

Each case cites where its shape comes from (the docs' own examples, or a public report that
quotes the API's 400). A broken case names its rule, severity, JSON pointer and a word of
the message; a near miss must not fire its rule, and the whole request must be valid.
"""

from __future__ import annotations

import copy
import json

import pytest
from checker_requests import anthropic_body, assert_plain_text, user, weather_tool

from checker import lint, lint_value
from checker.rules.json_schema import strict_schema_report


def tools(*tool_list, **extra):
    return anthropic_body([user("Go.")], tools=list(tool_list), **extra)


def strict_tool(schema=None, name="wait_for", **extra):
    """A strict tool whose schema keeps to the subset unless `schema` says otherwise."""
    tool = {
        "name": name,
        "description": "Wait for a selector.",
        "strict": True,
        "input_schema": schema
        if schema is not None
        else {
            "type": "object",
            "properties": {"selector": {"type": "string"}},
            "required": ["selector"],
            "additionalProperties": False,
        },
    }
    tool.update(extra)
    return tool


def closed(properties, required=None, **extra):
    schema = {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }
    schema.update(extra)
    return schema


def changed(value, fn):
    value = copy.deepcopy(value)
    fn(value)
    return value


JSON_OUTPUT = {"format": {"type": "json_schema", "schema": closed({"n": {"type": "integer"}})}}

# (id, body, rule, severity, pointer, a word of the message)
BROKEN = [
    # a-tool-schema-combinator: https://github.com/mobile-next/mobile-mcp/issues/344,
    # https://github.com/anthropics/claude-code/issues/5973 ("input_schema does not support
    # oneOf, allOf, or anyOf at the top level")
    (
        "root-anyof",
        tools(
            weather_tool(
                input_schema={
                    "type": "object",
                    "properties": {"yaml": {"type": "string"}, "file": {"type": "string"}},
                    "anyOf": [{"required": ["yaml"]}, {"required": ["file"]}],
                }
            )
        ),
        "a-tool-schema-combinator",
        "error",
        "/tools/0/input_schema/anyOf",
        "top level",
    ),
    (
        "root-oneof-second-tool",
        tools(
            weather_tool(),
            weather_tool(
                "pick",
                input_schema={"type": "object", "oneOf": [{"properties": {"a": {}}}]},
            ),
        ),
        "a-tool-schema-combinator",
        "error",
        "/tools/1/input_schema/oneOf",
        '"pick"',
    ),
    (
        "root-allof",
        tools(weather_tool(input_schema={"type": "object", "allOf": [{"required": ["city"]}]})),
        "a-tool-schema-combinator",
        "error",
        "/tools/0/input_schema/allOf",
        "`allOf`",
    ),
    # a-tool-field-unknown: https://github.com/Wei-Shaw/claude-relay-service/issues/667
    # ("tools.3.custom.input_examples: Extra inputs are not permitted", an older API)
    (
        "mcp-input-schema-camel-case",
        tools(
            {
                "name": "get_weather",
                "input_schema": {"type": "object"},
                "inputSchema": {"type": "object"},
            }
        ),
        "a-tool-field-unknown",
        "error",
        "/tools/0/inputSchema",
        "input_schema",
    ),
    (
        "mcp-annotations",
        tools(weather_tool(annotations={"readOnlyHint": True})),
        "a-tool-field-unknown",
        "error",
        "/tools/0/annotations",
        "MCP",
    ),
    (
        "required-outside-schema",
        tools(weather_tool(required=["city"])),
        "a-tool-field-unknown",
        "error",
        "/tools/0/required",
        "inside `input_schema`",
    ),
    (
        "parameters-beside-input-schema",
        tools(weather_tool(parameters={"type": "object"})),
        "a-tool-field-unknown",
        "error",
        "/tools/0/parameters",
        "already describes",
    ),
    # a-tool-field-type: SDK ToolParam (strict: bool, description: str, ...)
    (
        "strict-as-string",
        tools(strict_tool(strict="true")),
        "a-tool-field-type",
        "error",
        "/tools/0/strict",
        "a boolean",
    ),
    (
        "description-as-list",
        tools(weather_tool(description=["Current weather."])),
        "a-tool-field-type",
        "error",
        "/tools/0/description",
        "a string",
    ),
    (
        "allowed-callers-string",
        tools(weather_tool(allowed_callers="direct")),
        "a-tool-field-type",
        "error",
        "/tools/0/allowed_callers",
        "array of strings",
    ),
    # a-strict-schema-unsupported: https://github.com/earendil-works/pi/issues/9953 ("For
    # 'integer' type, properties maximum, minimum are not supported"),
    # https://github.com/experientiallabs/experiential/pull/804 ("For 'array' type, property
    # 'maxItems' is not supported"), https://github.com/vercel/ai/issues/20681 ("For 'object'
    # type, 'additionalProperties' must be explicitly set to false", nested objects too)
    (
        "strict-numeric-bounds",
        tools(strict_tool(closed({"ms": {"type": "integer", "minimum": 1, "maximum": 9}}))),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/ms/maximum",
        "`maximum`",
    ),
    (
        "strict-max-items",
        tools(
            strict_tool(
                closed({"tags": {"type": "array", "items": {"type": "string"}, "maxItems": 5}})
            )
        ),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/tags/maxItems",
        "`array`",
    ),
    (
        "strict-min-items-two",
        tools(
            strict_tool(
                closed({"tags": {"type": "array", "items": {"type": "string"}, "minItems": 2}})
            )
        ),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/tags/minItems",
        "0 or 1",
    ),
    (
        "strict-string-length",
        tools(strict_tool(closed({"code": {"type": "string", "maxLength": 6}}))),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/code/maxLength",
        "`maxLength`",
    ),
    (
        "strict-missing-additional-properties",
        tools(strict_tool({"type": "object", "properties": {"a": {"type": "string"}}})),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema",
        "additionalProperties",
    ),
    (
        "strict-nested-object-open",
        tools(
            strict_tool(
                closed({"where": {"type": "object", "properties": {"city": {"type": "string"}}}})
            )
        ),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/where",
        "every object",
    ),
    (
        "strict-additional-properties-schema",
        tools(
            strict_tool(
                closed({"tags": {"type": "object", "additionalProperties": {"type": "string"}}})
            )
        ),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/tags/additionalProperties",
        "only `additionalProperties: false`",
    ),
    (
        "strict-unknown-format",
        tools(strict_tool(closed({"phone": {"type": "string", "format": "phone"}}))),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/phone/format",
        '"phone"',
    ),
    (
        "strict-recursive-ref",
        tools(
            strict_tool(
                closed(
                    {"root": {"$ref": "#/$defs/node"}},
                    **{
                        "$defs": {
                            "node": closed(
                                {"kids": {"type": "array", "items": {"$ref": "#/$defs/node"}}}
                            )
                        }
                    },
                )
            )
        ),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/$defs/node/properties/kids/items/$ref",
        "recursive",
    ),
    (
        "strict-external-ref",
        tools(strict_tool(closed({"addr": {"$ref": "https://example.com/address.json"}}))),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/addr/$ref",
        "outside",
    ),
    (
        "strict-complex-enum",
        tools(strict_tool(closed({"p": {"enum": [{"x": 1}, {"x": 2}]}}))),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/p/enum",
        "objects or arrays",
    ),
    (
        "strict-backreference",
        tools(strict_tool(closed({"w": {"type": "string", "pattern": "^(a+)\\1$"}}))),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/w/pattern",
        "backreference",
    ),
    (
        "strict-lookahead",
        tools(strict_tool(closed({"w": {"type": "string", "pattern": "^(?=.*\\d).+$"}}))),
        "a-strict-schema-unsupported",
        "error",
        "/tools/0/input_schema/properties/w/pattern",
        "lookahead",
    ),
    (
        # OpenAPI generators write `format: int32`; the documented formats are string ones
        "strict-integer-format-warning",
        tools(strict_tool(closed({"n": {"type": "integer", "format": "int32"}}))),
        "a-strict-schema-unsupported",
        "warning",
        "/tools/0/input_schema/properties/n/format",
        "documented",
    ),
    (
        "strict-oneof-warning",
        tools(strict_tool(closed({"v": {"oneOf": [{"type": "string"}, {"type": "integer"}]}}))),
        "a-strict-schema-unsupported",
        "warning",
        "/tools/0/input_schema/properties/v/oneOf",
        "anyOf",
    ),
    (
        "output-format-bounds",
        anthropic_body(
            [user("Count.")],
            output_config={
                "format": {
                    "type": "json_schema",
                    "schema": closed({"n": {"type": "integer", "minimum": 0}}),
                }
            },
        ),
        "a-strict-schema-unsupported",
        "error",
        "/output_config/format/schema/properties/n/minimum",
        "the output format",
    ),
    # a-strict-schema-limit: structured outputs docs, "Schema complexity limits"
    (
        "strict-tools-21",
        tools(*[strict_tool(name=f"t{n}") for n in range(21)]),
        "a-strict-schema-limit",
        "error",
        "/tools/20/strict",
        "at most 20",
    ),
    (
        "optional-parameters-25",
        tools(strict_tool(closed({f"p{n}": {"type": "string"} for n in range(25)}, required=[]))),
        "a-strict-schema-limit",
        "warning",
        "/tools",
        "25 optional",
    ),
    (
        "union-parameters-17",
        tools(strict_tool(closed({f"p{n}": {"type": ["string", "null"]} for n in range(17)}))),
        "a-strict-schema-limit",
        "warning",
        "/tools",
        "union types",
    ),
]

NEAR_MISSES = [
    (
        # https://github.com/marianfoo/mcp-sap-docs/pull/51: anyOf inside a property
        "nested-anyof",
        tools(
            weather_tool(
                input_schema={
                    "type": "object",
                    "properties": {"source": {"anyOf": [{"type": "string"}, {"type": "integer"}]}},
                }
            )
        ),
        "a-tool-schema-combinator",
    ),
    (
        # https://github.com/kenn-io/kata/pull/365: root if/then and not are accepted
        "root-if-then",
        tools(
            weather_tool(
                input_schema={
                    "type": "object",
                    "properties": {"clear": {"type": "boolean"}, "due": {"type": "string"}},
                    "if": {"properties": {"clear": {"const": False}}},
                    "then": {"required": ["due"]},
                }
            )
        ),
        "a-tool-schema-combinator",
    ),
    (
        # SDK ToolParam: every field is a standard one (input_examples no longer needs a beta)
        "every-known-field",
        tools(
            weather_tool(
                type="custom",
                strict=True,
                input_schema=closed({"city": {"type": "string"}}),
                input_examples=[{"city": "Paris"}],
                cache_control={"type": "ephemeral"},
                eager_input_streaming=None,
                allowed_callers=["direct"],
            )
        ),
        "a-tool-field-unknown",
    ),
    (
        "server-tool-fields-not-judged",
        tools(weather_tool(), {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}),
        "a-tool-field-unknown",
    ),
    ("strict-bool", tools(strict_tool()), "a-tool-field-type"),
    ("eager-streaming-null", tools(weather_tool(eager_input_streaming=None)), "a-tool-field-type"),
    (
        # https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use
        "strict-subset",
        tools(
            strict_tool(
                closed(
                    {
                        "tags": {
                            "type": "array",
                            "items": {"type": "string", "enum": ["a", "b"]},
                            "minItems": 1,
                        },
                        "when": {"type": "string", "format": "date-time"},
                        "kind": {"anyOf": [{"type": "string"}, {"type": "null"}]},
                        "code": {
                            "type": "string",
                            "pattern": "^[A-Z]{3}-\\d+$",
                            "default": "ABC-1",
                        },
                        "place": {"$ref": "#/$defs/place"},
                    },
                    **{"$defs": {"place": closed({"city": {"type": "string"}})}},
                )
            )
        ),
        "a-strict-schema-unsupported",
    ),
    (
        # the same keywords without strict: ordinary JSON Schema
        "bounds-without-strict",
        tools(
            weather_tool(
                input_schema={
                    "type": "object",
                    "properties": {"n": {"type": "integer", "minimum": 1, "maxLength": 3}},
                }
            )
        ),
        "a-strict-schema-unsupported",
    ),
    (
        "strict-false",
        tools(strict_tool({"type": "object"}, strict=False)),
        "a-strict-schema-unsupported",
    ),
    (
        "json-output",
        anthropic_body([user("Count.")], output_config=JSON_OUTPUT),
        "a-strict-schema-unsupported",
    ),
    (
        "strict-tools-20",
        tools(*[strict_tool(name=f"t{n}") for n in range(20)]),
        "a-strict-schema-limit",
    ),
    (
        "optional-parameters-24",
        tools(strict_tool(closed({f"p{n}": {"type": "string"} for n in range(24)}, required=[]))),
        "a-strict-schema-limit",
    ),
    (
        "many-tools-not-strict",
        tools(*[weather_tool(f"t{n}") for n in range(30)]),
        "a-strict-schema-limit",
    ),
]


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("body", "rule", "severity", "path", "words"), [pytest.param(*c[1:], id=c[0]) for c in BROKEN]
)
def test_broken(body, rule, severity, path, words):
    result = lint_value(body)
    found = _find(result, rule, path)
    assert found, [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint
    assert_plain_text(found[0])
    if severity == "error":
        assert not result.valid
    else:
        assert result.valid, [(d.rule, d.message) for d in result.errors]
    assert _find(lint(json.dumps(body, indent=2)), rule, path)


@pytest.mark.parametrize(("body", "rule"), [pytest.param(*c[1:], id=c[0]) for c in NEAR_MISSES])
def test_near_miss(body, rule):
    result = lint_value(body)
    assert not [d for d in result.diagnostics if d.rule == rule], result.diagnostics
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]


def test_strict_report_counts_and_skips_odd_schemas():
    report = strict_schema_report(
        closed(
            {"a": {"type": ["string", "null"]}, "b": {"anyOf": [{"type": "string"}]}},
            required=["a"],
        )
    )
    assert (report.optional, report.unions) == (1, 2)
    assert report.issues == []
    cyclic: dict = {"type": "object", "properties": {}}
    cyclic["properties"]["self"] = cyclic
    assert strict_schema_report(cyclic) is None
    assert strict_schema_report("not a schema") is None


def test_a_reference_from_outside_a_recursive_definition_is_reported_once():
    schema = closed(
        {"root": {"$ref": "#/$defs/node"}},
        **{"$defs": {"node": closed({"next": {"$ref": "#/$defs/node"}})}},
    )
    kinds = [(i.kind, i.path) for i in strict_schema_report(schema).issues]
    assert kinds == [("ref-recursive", ("$defs", "node", "properties", "next", "$ref"))]


def test_a_generated_schema_reports_at_most_twenty_findings_per_tool():
    schema = closed({f"p{n}": {"type": "integer", "minimum": 0} for n in range(40)})
    found = [
        d
        for d in lint_value(tools(strict_tool(schema))).diagnostics
        if d.rule == "a-strict-schema-unsupported"
    ]
    assert len(found) == 20


def test_odd_tool_values_are_errors_at_the_tool():
    for value in (None, 1, "x", [], {"type": 3}, {"anyOf": 1}, {"properties": []}):
        odd_tools = [
            strict_tool(closed({"x": value})),
            {"name": "t", "input_schema": value, "strict": True, "description": value},
        ]
        if value is not None:  # strict_tool(None) is the helper's own valid schema
            odd_tools.append(strict_tool(value))
        for tool in odd_tools:
            result = lint_value(tools(tool))
            assert result.errors, (value, tool)
            assert all(d.path.startswith("/tools/0/") for d in result.errors), result.errors
        result = lint_value(
            anthropic_body(
                [user("Go.")], output_config={"format": {"type": "json_schema", "schema": value}}
            )
        )
        assert result.format == "anthropic" and not result.errors  # the request is judged


def test_pt_br_messages():
    from checker.i18n import use_language

    body = tools(strict_tool(closed({"ms": {"type": "integer", "minimum": 1}})))
    with use_language("pt-BR"):
        (found,) = [
            d for d in lint_value(body).diagnostics if d.rule == "a-strict-schema-unsupported"
        ]
    assert "não aceitam" in found.message
    assert found.path == "/tools/0/input_schema/properties/ms/minimum"


def test_changed_helper_is_a_copy():
    tool = strict_tool()
    assert changed(tool, lambda t: t.pop("strict")) != tool


def test_parameters_instead_of_input_schema_is_the_schema_rules_finding():
    body = tools({"name": "get_weather", "parameters": {"type": "object"}})
    assert [d.rule for d in lint_value(body).errors] == ["a-tool-schema-invalid"]
