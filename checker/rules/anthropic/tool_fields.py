"""A custom tool's fields: only those the API knows, each with its JSON type."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, pointer, quote
from checker.i18n import N_, tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, is_custom_tool, is_openai_tool
from checker.rules.anthropic.tools import CUSTOM_TOOL_FIELDS, TOOL_REFERENCE
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def tool_label(k: int, tool: dict[str, Any]) -> str:
    """How a message names a tool: `tool "get_weather"`, or `tool 3` when it has no name."""
    name = tool.get("name")
    return tr("tool {name}", name=quote(name)) if isinstance(name, str) else tr("tool {k}", k=k)


_FIELD_HINTS = {
    "inputSchema": N_("Rename it `input_schema`: MCP's tool listing spells it `inputSchema`."),
    "outputSchema": N_(
        "Remove it: the Messages API takes only `name`, `description` and `input_schema` from "
        "an MCP tool listing."
    ),
    "annotations": N_(
        "Remove it: the Messages API takes only `name`, `description` and `input_schema` from "
        "an MCP tool listing."
    ),
    "title": N_("Remove it, or put the title in `description`."),
    "properties": N_("Move it inside `input_schema`: the arguments are described there."),
    "required": N_("Move it inside `input_schema`: the arguments are described there."),
    "parameters": N_("Remove it: `input_schema` already describes the arguments."),
}


@rule(
    "a-tool-field-unknown",
    api="anthropic",
    scope="body",
    sources=(
        f"{TOOL_REFERENCE}#tool-definition-properties",
        refs.issue("Wei-Shaw/claude-relay-service", 667),
    ),
    api_message="{loc}: Extra inputs are not permitted",
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "description": "Current weather for a city.",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
             "annotations": {"readOnlyHint": true}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "description": "Current weather for a city.",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                              "required": ["city"], "additionalProperties": false},
             "input_examples": [{"city": "Paris"}], "strict": true,
             "cache_control": {"type": "ephemeral"}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def tool_field_unknown(ctx: Context) -> Iterator[Finding]:
    """A custom tool has only the fields the API knows.

    A tool definition takes `name`, `description`, `input_schema`, and optionally `type:
    "custom"`, `cache_control`, `strict`, `input_examples`, `defer_loading`,
    `allowed_callers` and `eager_input_streaming`; all are standard fields today. Any other
    key is rejected ("Extra inputs are not permitted"): MCP's `inputSchema`, `annotations`
    and `outputSchema` copied from a server's tool list, or `required` outside the schema.
    """
    for k, tool in ctx.tools:
        if not is_custom_tool(tool) or is_openai_tool(tool):
            continue
        for key in tool:
            if key in CUSTOM_TOOL_FIELDS:
                continue
            if key == "parameters" and "input_schema" not in tool:
                continue  # a-tool-schema-invalid: the OpenAI name of input_schema
            hint = _FIELD_HINTS.get(key)
            yield Finding(
                pointer("tools", k, key),
                tr(
                    "{tool} has a field {key} that tool definitions do not have",
                    tool=tool_label(k, tool),
                    key=code(key),
                ),
                tr(hint)
                if hint is not None
                else tr(
                    "Remove it; a tool takes `name`, `description`, `input_schema` and a few "
                    "optional settings such as `strict`."
                ),
            )


#: optional custom-tool fields and the JSON types they take ("null": may be null)
_FIELD_TYPES: dict[str, tuple[str, ...]] = {
    "description": ("string",),
    "strict": ("boolean",),
    "defer_loading": ("boolean",),
    "eager_input_streaming": ("boolean", "null"),
    "allowed_callers": ("array",),
}


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, str):
        return "string"
    if isinstance(value, (list, tuple)):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "number"


@rule(
    "a-tool-field-type",
    api="anthropic",
    scope="body",
    sources=(f"{TOOL_REFERENCE}#tool-definition-properties", refs.STRICT),
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "description": "Current weather for a city.",
             "strict": "true",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                              "required": ["city"], "additionalProperties": false}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "description": "Current weather for a city.",
             "strict": true,
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}},
                              "required": ["city"], "additionalProperties": false}}],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def tool_field_type(ctx: Context) -> Iterator[Finding]:
    """A custom tool's optional fields have the right JSON types.

    `description` is a string; `strict` and `defer_loading` are booleans (`"true"` in
    quotes is a string); `eager_input_streaming` is a boolean or null; `allowed_callers`
    is an array of caller names such as `"direct"`.
    """
    for k, tool in ctx.tools:
        if not is_custom_tool(tool) or is_openai_tool(tool):
            continue
        for key, kinds in _FIELD_TYPES.items():
            if key not in tool:
                continue
            value = tool[key]
            kind = _json_kind(value)
            if kind in kinds and not (
                key == "allowed_callers" and not all(isinstance(c, str) for c in value)
            ):
                continue
            yield Finding(
                pointer("tools", k, key),
                tr(
                    "in {tool}, {key} is {value}: it must be {kinds}",
                    tool=tool_label(k, tool),
                    key=code(key),
                    value=describe(value),
                    kinds=tr(" or ").join(tr(_KIND_WORDS[x]) for x in kinds)
                    if key != "allowed_callers"
                    else tr("an array of strings"),
                ),
                tr("Write {example}.", example=_FIELD_EXAMPLES[key]),
            )


_KIND_WORDS = {
    "string": N_("a string"),
    "boolean": N_("a boolean"),
    "null": N_("null"),
    "array": N_("an array"),
}
_FIELD_EXAMPLES = {
    "description": '`"description": "Current weather for a city."`',
    "strict": '`"strict": true`',
    "defer_loading": '`"defer_loading": true`',
    "eager_input_streaming": '`"eager_input_streaming": true`',
    "allowed_callers": '`"allowed_callers": ["direct"]`',
}
