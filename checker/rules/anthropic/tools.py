"""Tool definitions: at least one when the history has tool blocks, named, unique, with a
valid `input_schema`, and examples that fit it.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import (
    NAME_CHARS,
    Context,
    is_custom_tool,
    is_openai_tool,
    json_value,
    pattern_problem,
    warning,
)
from checker.rules.json_schema import instance_problem, schema_problem
from checker.rules.record import Finding, rule

TOOL_REFERENCE = f"{refs.DOCS}/agents-and-tools/tool-use/tool-reference"
DEFINE_TOOLS = f"{refs.DOCS}/agents-and-tools/tool-use/define-tools"
#: the fields of a custom tool definition (SDK `ToolParam`, all generally available)
CUSTOM_TOOL_FIELDS = frozenset(
    (  # noqa: SIM905
        "name description input_schema type cache_control strict input_examples "
        "defer_loading allowed_callers eager_input_streaming"
    ).split()
)


@rule(
    "a-tools-required",
    api="anthropic",
    scope="body",
    sources=(refs.TOOL_USE, "https://github.com/anthropics/anthropic-sdk-typescript/issues/602"),
    api_message="Requests which include `tool_use` or `tool_result` blocks must define tools.",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
    ]}
  ]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "description": "Current weather for a city.",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
    ]}
  ]
}""",
)
def tools_required(ctx: Context) -> Iterator[Finding]:
    """A history with tool blocks needs a `tools` definition.

    When the messages contain `tool_use` or `tool_result` blocks, the request must define
    at least one tool (any tool: the names need not match the history).
    """
    tools = ctx.body.get("tools") if ctx.body is not None else None
    if isinstance(tools, (list, tuple)) and tools:
        return
    if tools is not None and not isinstance(tools, (list, tuple)):
        return  # request-shape
    where = next((m.index for m in ctx.msgs if m is not None and (m.uses or m.results)), None)
    if where is None:
        return
    yield Finding(
        "/tools",
        tr(
            "the messages contain tool calls or results (from {message}) but the request has "
            "an empty `tools` array",
            message=ctx.where(where),
        )
        if tools is not None
        else tr(
            "the messages contain tool calls or results (from {message}) but the request "
            "defines no `tools`",
            message=ctx.where(where),
        ),
        tr(
            "Send the same `tools` as in the request that produced the calls (at least one "
            "tool must be defined)."
        ),
    )


@rule(
    "a-tool-name-pattern",
    api="anthropic",
    scope="body",
    sources=(refs.TOOL_USE, refs.issue("apify/tester-mcp-client", 11)),
    api_message="{loc}: String should match pattern '^[a-zA-Z0-9_-]{{1,64}}$'",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get weather", "input_schema": {"type": "object"}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def tool_name_pattern(ctx: Context) -> Iterator[Finding]:
    """Tool names match `^[a-zA-Z0-9_-]{1,64}$`.

    Letters, digits, `_` and `-`, 1 to 64 characters. Names of 65 to 128 characters are a
    warning: the documentation disagrees on the limit.
    """
    for k, tool in ctx.tools:
        if is_openai_tool(tool):
            continue  # a-tool-schema-invalid explains the shape
        path = pointer("tools", k, "name")
        name = tool.get("name")
        if "name" not in tool and not is_custom_tool(tool):
            continue  # e.g. an MCP toolset: named otherwise
        if not isinstance(name, str):
            yield Finding(
                path if "name" in tool else pointer("tools", k),
                tr("tool {k} has no `name` string (found {type})", k=k, type=json_type(name))
                if "name" in tool
                else tr("tool {k} has no `name` string", k=k),
                tr('Give every tool a `name`, e.g. `"name": "get_weather"`.'),
            )
            continue
        hint = tr(
            "Use letters, digits, `_` and `-` only, e.g. `get_weather`, at most 64 characters."
        )
        if not name or not NAME_CHARS.fullmatch(name):
            yield Finding(
                path,
                tr(
                    "the tool name {problem}: names may contain only letters, digits, `_` and `-`",
                    problem=pattern_problem(name),
                ),
                hint,
            )
        elif len(name) > 128:
            yield Finding(
                path,
                tr("the tool name is {n} characters long; the limit is 64", n=len(name)),
                hint,
            )
        elif len(name) > 64:
            yield warning(
                path,
                tr(
                    "the tool name is {n} characters long: the documented limit is 64 (some "
                    "pages say 128)",
                    n=len(name),
                ),
                tr("Shorten it to 64 characters or fewer to be safe."),
            )


@rule(
    "a-tool-name-duplicate",
    api="anthropic",
    scope="body",
    sources=(
        refs.TROUBLESHOOTING,
        refs.issue("microsoft/vscode", 276110),
        refs.issue("microsoft/vscode", 316983),
    ),
    api_message="tools: Tool names must be unique.",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"name": "search", "input_schema": {"type": "object"}},
    {"name": "search", "input_schema": {"type": "object"}}
  ],
  "messages": [{"role": "user", "content": "Find the docs."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"name": "search_docs", "input_schema": {"type": "object"}},
    {"name": "search_web", "input_schema": {"type": "object"}}
  ],
  "messages": [{"role": "user", "content": "Find the docs."}]
}""",
)
def tool_name_duplicate(ctx: Context) -> Iterator[Finding]:
    """Tool names are unique.

    The model calls a tool by name, so two definitions with one name are rejected.
    """
    seen: dict[str, int] = {}
    for k, tool in ctx.tools:
        name = tool.get("name")
        if not isinstance(name, str):
            continue
        if name in seen:
            yield Finding(
                pointer("tools", k, "name"),
                tr(
                    "two tools are named {name} (tools {first} and {second})",
                    name=quote(name),
                    first=seen[name],
                    second=k,
                ),
                tr("Give each tool its own name, or remove the duplicate definition."),
            )
        else:
            seen[name] = k


@rule(
    "a-tool-schema-invalid",
    api="anthropic",
    scope="body",
    sources=(
        refs.TOOL_USE,
        refs.issue("anthropics/claude-code", 86664),
        refs.issue("Kilo-Org/kilocode", 12238),
    ),
    api_message="{loc}: {detail}",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather",
             "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def tool_schema_invalid(ctx: Context) -> Iterator[Finding]:
    """Every custom tool has a valid `input_schema`.

    `input_schema` (not OpenAI's `parameters`) is required, is a JSON Schema (draft 2020-12)
    and has `"type": "object"` at the top: a tool's input is always an object. Server tools
    (typed like `web_search_20250305`) carry no schema.
    """
    for k, tool in ctx.tools:
        base = pointer("tools", k)
        if is_openai_tool(tool):
            yield Finding(
                base + ("/function" if "function" in tool else "/type"),
                tr(
                    "this tool is in the OpenAI shape (`type: function` with a `function` "
                    "object); Anthropic tools are flat"
                ),
                tr(
                    'Write `{"name": "...", "description": "...", "input_schema": {"type": '
                    '"object", "properties": {...}}}`.'
                ),
            )
            continue
        if not is_custom_tool(tool):
            continue
        if "input_schema" not in tool:
            if "parameters" in tool:
                yield Finding(
                    base + "/parameters",
                    tr(
                        "this tool uses `parameters`, the OpenAI name: Anthropic calls the "
                        "schema `input_schema`"
                    ),
                    tr('Rename `"parameters"` to `"input_schema"`.'),
                )
            else:
                yield Finding(
                    base,
                    tr("tool {k} has no `input_schema`", k=k),
                    tr(
                        'Every tool needs one, even without arguments: `"input_schema": {"type": '
                        '"object", "properties": {}}`.'
                    ),
                )
            continue
        schema = tool["input_schema"]
        path = base + "/input_schema"
        if not isinstance(schema, dict):
            if isinstance(schema, str) and isinstance(json_value(schema), dict):
                message = tr(
                    "`input_schema` is {type} (JSON text in a string: put the object itself): "
                    "it must be a JSON Schema object",
                    type=json_type(schema),
                )
            else:
                message = tr(
                    "`input_schema` is {type}: it must be a JSON Schema object",
                    type=json_type(schema),
                )
            yield Finding(
                path,
                message,
                tr('Write `"input_schema": {"type": "object", "properties": {...}}`.'),
            )
            continue
        if schema.get("type") != "object":
            yield Finding(
                path + "/type" if "type" in schema else path,
                tr(
                    'the top level of `input_schema` must have `"type": "object"`, not {value}',
                    value=describe(schema["type"]),
                )
                if "type" in schema
                else tr('the top level of `input_schema` must have `"type": "object"`'),
                tr(
                    "A tool's input is always an object: describe the arguments under `properties`."
                ),
            )
            continue
        problem = schema_problem(schema)
        if problem is not None:
            where, text = problem
            yield Finding(
                path + pointer(*where),
                tr("`input_schema` is not a valid JSON Schema: {problem}", problem=text),
                tr("Fix the schema (JSON Schema draft 2020-12); check it with a schema validator."),
            )


@rule(
    "a-input-examples-invalid",
    api="anthropic",
    scope="body",
    sources=(
        f"{refs.TOOL_USE}#providing-tool-use-examples",
        f"{TOOL_REFERENCE}#tool-definition-properties",
    ),
    api_message="{loc}: {detail}",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                              "required": ["city"]},
             "input_examples": [{"town": "Paris"}]}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                              "required": ["city"]},
             "input_examples": [{"city": "Paris"}]}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def input_examples_invalid(ctx: Context) -> Iterator[Finding]:
    """Each `input_examples` entry validates against the schema.

    Example inputs shown to the model must be valid inputs of the tool: objects that
    satisfy its `input_schema`. `input_examples` is a standard field of custom tools
    (the `advanced-tool-use` beta header it once needed is no longer asked for); server
    tools take none.
    """
    for k, tool in ctx.tools:
        if "input_examples" not in tool or not is_custom_tool(tool):
            continue
        examples = tool["input_examples"]
        base = pointer("tools", k, "input_examples")
        if not isinstance(examples, (list, tuple)):
            yield Finding(
                base,
                tr(
                    "`input_examples` is {type}: it must be an array of example inputs",
                    type=json_type(examples),
                ),
                tr('Write `"input_examples": [{"city": "Paris"}]`.'),
            )
            continue
        schema = tool.get("input_schema")
        schema_ok = (
            isinstance(schema, dict)
            and schema.get("type") == "object"
            and schema_problem(schema) is None
        )
        for e, example in enumerate(examples):
            if not isinstance(example, dict):
                yield Finding(
                    base + pointer(e),
                    tr(
                        "example {e} is {type}: a tool input is an object",
                        e=e,
                        type=json_type(example),
                    ),
                    tr("Write each example as the `input` object a call would carry."),
                )
                continue
            if not schema_ok:
                continue
            problem = instance_problem(schema, example)
            if problem is not None:
                where, text = problem
                yield Finding(
                    base + pointer(e, *where),
                    tr(
                        "example {e} does not match the tool's `input_schema`: {problem}",
                        e=e,
                        problem=text,
                    ),
                    tr("Change the example (or the schema) so the example is a valid input."),
                )


@rule(
    "a-tool-schema-combinator",
    api="anthropic",
    scope="body",
    sources=(
        f"{DEFINE_TOOLS}#json-schema-for-input_schema",
        refs.issue("anthropics/claude-code", 5973),
        refs.issue("mobile-next/mobile-mcp", 344),
    ),
    api_message=(
        "{message_loc}.custom.input_schema: input_schema does not support oneOf, allOf, or "
        "anyOf at the top level"
    ),
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "tools": [{"name": "run_flow", "description": "Run a flow from inline YAML or a file.",
             "input_schema": {"type": "object",
                              "properties": {"yaml": {"type": "string"},
                                             "file": {"type": "string"}},
                              "anyOf": [{"required": ["yaml"]}, {"required": ["file"]}]}}],
  "messages": [{"role": "user", "content": "Run the login flow."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "tools": [{"name": "run_flow",
             "description": "Run a flow. Give either yaml (the flow inline) or file (a path).",
             "input_schema": {"type": "object",
                              "properties": {"yaml": {"type": "string"},
                                             "file": {"type": "string"}}}}],
  "messages": [{"role": "user", "content": "Run the login flow."}]
}""",
    near_misses=(
        """{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "tools": [{"name": "run_flow", "description": "Run a flow from inline YAML or a file.",
             "input_schema": {"type": "object", "required": ["source"], "properties": {
               "source": {"anyOf": [
                 {"type": "object", "properties": {"yaml": {"type": "string"}},
                  "required": ["yaml"]},
                 {"type": "object", "properties": {"file": {"type": "string"}},
                  "required": ["file"]}]}}}}],
  "messages": [{"role": "user", "content": "Run the login flow."}]
}""",
    ),
)
def tool_schema_combinator(ctx: Context) -> Iterator[Finding]:
    """`input_schema` has no `oneOf`, `anyOf` or `allOf` at its top level.

    The top of a tool's schema must be one plain object: alternatives there ("give `yaml`
    or `file`") are rejected, and the error fails the whole request, not just that tool.
    MCP servers that generate schemas from union types often produce them. Inside
    `properties` the combinators are fine, and so are `not` and `if`/`then`/`else` at the
    top.
    """
    for k, tool in ctx.tools:
        if not is_custom_tool(tool) or is_openai_tool(tool):
            continue
        schema = tool.get("input_schema")
        if not isinstance(schema, dict):
            continue
        for keyword in ("oneOf", "anyOf", "allOf"):
            if keyword in schema:
                name = tool.get("name")
                yield Finding(
                    pointer("tools", k, "input_schema", keyword),
                    tr(
                        "the `input_schema` of {tool} has {keyword} at its top level: a tool's "
                        "schema must be a single object there",
                        tool=quote(name) if isinstance(name, str) else tr("tool {k}", k=k),
                        keyword=code(keyword),
                    ),
                    tr(
                        "Merge the alternatives into one object whose properties are optional "
                        "and say in `description` which to give, or move the {keyword} into a "
                        "property.",
                        keyword=code(keyword),
                    ),
                )
                break


# The rules on a custom tool's other fields, then on strict schemas (their own modules).
