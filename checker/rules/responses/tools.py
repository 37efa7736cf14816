"""Tool definitions: flat function tools, their names, and the hosted tools' settings.

A Responses function tool is flat: `{"type": "function", "name": ..., "description": ...,
"parameters": {...}, "strict": ...}`, with no `function` wrapper. Hosted tools are named
by `type` and some need their own settings.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from checker.diagnostics import code, describe, pointer, quote
from checker.i18n import tr
from checker.rules.function_root import ROOT_WORDINGS, root_problem
from checker.rules.record import Finding, rule
from checker.rules.responses import refs
from checker.rules.responses.context import (
    NAME_PATTERN,
    TOOL_TYPES,
    Context,
    function_tools,
    literal,
    snippet,
    warning,
)

_FLAT = (
    '`{"type": "function", "name": "get_weather", "description": "...", "parameters": '
    '{"type": "object", ...}, "strict": true}`'
)
#: Anthropic server tools -> the Responses hosted tool
_ANTHROPIC_TOOLS = {
    "web_search_": "web_search",
    "code_execution_": "code_interpreter",
    "computer_": "computer",
    "bash_": "shell",
    "text_editor_": "apply_patch",
}


@rule(
    "r-tool-shape",
    api="responses",
    scope="body",
    sources=(
        refs.FUNCTION_CALLING,
        "https://github.com/diegosouzapw/OmniRoute/issues/1914",
        "https://github.com/icebear0828/codex-proxy/issues/399",
    ),
    api_message="Missing required parameter: '{param}.name'.",
    example="""{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"], "additionalProperties": false}, "strict": true}}]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [{"type": "function", "name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"], "additionalProperties": false}, "strict": true}]
}""",
)
def tool_shape(ctx: Context) -> Iterator[Finding]:
    """A tool has a known `type`; a function tool is flat, with its `name` at the top.

    Chat Completions nests a function in `{"type": "function", "function": {...}}`; the
    Responses API reads `name`, `parameters` and `strict` next to `type` and answers the
    nested shape with `Missing required parameter: 'tools[0].name'.`. A tool without
    `type` (Anthropic's shape, with `input_schema`) is refused for its missing `type`, and
    an unknown `type` with the list of tool types. A function's `parameters` is a JSON
    Schema object and its `strict` a boolean.
    """
    for k, tool in ctx.tools:
        path = pointer("tools", k)
        kind = tool.get("type")
        if kind == "function" and isinstance(tool.get("name"), str):
            yield from _function_fields(k, tool)
            continue
        if kind == "function" and isinstance(tool.get("function"), dict):
            message = tr(
                "tool {k} is in the Chat Completions shape: here `name`, `parameters` and "
                "`strict` sit next to `type`, with no `function` object",
                k=k,
            )
            inner = tool["function"].get("name")
            hint = tr(
                "Flatten it: {example}.",
                example=_FLAT.replace('"get_weather"', literal(inner))
                if isinstance(inner, str)
                else _FLAT,
            )
        elif kind == "function":
            message = tr("function tool {k} has no `name`", k=k)
            hint = tr("Write {example}.", example=_FLAT)
        elif "type" not in tool or kind is None:
            message = (
                tr(
                    "tool {k} has no `type` (it is in the Anthropic shape, with `input_schema`)",
                    k=k,
                )
                if "input_schema" in tool
                else tr("tool {k} has no `type`", k=k)
            )
            hint = tr("Write {example}.", example=_FLAT)
        elif kind in TOOL_TYPES:
            continue
        else:
            message = tr(
                "tool {k} has the type {type}, which the Responses API does not know",
                k=k,
                type=describe(kind),
            )
            hosted = next(
                (
                    v
                    for p, v in _ANTHROPIC_TOOLS.items()
                    if isinstance(kind, str) and kind.startswith(p)
                ),
                None,
            )
            close = (
                difflib.get_close_matches(kind, TOOL_TYPES, n=1, cutoff=0.7)
                if isinstance(kind, str)
                else []
            )
            hint = (
                tr("The hosted tool is {example}.", example=snippet({"type": hosted}))
                if hosted
                else tr("Did you mean {name}?", name=quote(close[0]))
                if close
                else tr("Use `function` for your own tools, or a hosted tool type.")
            )
            path += "/type"
        yield Finding(path, message, hint)


def _function_fields(k: int, tool: dict) -> Iterator[Finding]:
    """A flat function tool's `parameters` is a schema object and `strict` a boolean."""
    params, strict = tool.get("parameters"), tool.get("strict")
    if params is not None and not isinstance(params, dict):
        yield Finding(
            pointer("tools", k, "parameters"),
            tr(
                "`parameters` of tool {k} is {value}: it must be a JSON Schema object",
                k=k,
                value=describe(params),
            ),
            tr('Write `"parameters": {"type": "object", "properties": {...}}`.'),
        )
    if strict is not None and not isinstance(strict, bool):
        yield Finding(
            pointer("tools", k, "strict"),
            tr(
                "`strict` of tool {k} is {value}: it must be true or false",
                k=k,
                value=describe(strict),
            ),
            tr('Write `"strict": true` (or false).'),
        )


def _renamed(name: str) -> str:
    """`name` with every character a function name cannot hold replaced by `_`."""
    return "".join(ch if NAME_PATTERN.fullmatch(ch) else "_" for ch in name)[:128]


def _names(ctx: Context) -> Iterator[tuple[str, str]]:
    """(pointer, name) of every function name: the calls in `input`, then the tools."""
    for it in ctx.items:
        if it is not None and it.type == "function_call" and isinstance(it.raw.get("name"), str):
            yield ctx.path(it.index, "name"), it.raw["name"]
    for path, tool in function_tools(ctx):
        if isinstance(tool.get("name"), str):
            yield path + "/name", tool["name"]


@rule(
    "r-function-name-pattern",
    api="responses",
    sources=(refs.FUNCTION_CALLING, refs.SPEC),
    api_message=(
        "Invalid '{param}': string does not match pattern. Expected a string that matches "
        "the pattern '^[a-zA-Z0-9_-]+$'."
    ),
    example="""{
  "model": "gpt-5.5",
  "input": "List files in src.",
  "tools": [{"type": "function", "name": "workspace.list", "strict": true,
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}},
                   "required": ["path"], "additionalProperties": false}}]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "List files in src.",
  "tools": [{"type": "function", "name": "workspace_list", "strict": true,
    "parameters": {"type": "object", "properties": {"path": {"type": "string"}},
                   "required": ["path"], "additionalProperties": false}}]
}""",
)
def function_name_pattern(ctx: Context) -> Iterator[Finding]:
    """Function names match `^[a-zA-Z0-9_-]+$` and are 1 to 128 characters long.

    Letters, digits, `_` and `-`: no dots (an MCP-style `workspace.read` is the usual
    failure), spaces or slashes. The limit is 128 characters in the Responses API (64 in
    Chat Completions), for the tool definitions and for the calls in `input` alike.
    """
    for path, name in _names(ctx):
        if NAME_PATTERN.fullmatch(name) and len(name) <= 128:
            continue
        if name and len(name) > 128 and NAME_PATTERN.fullmatch(name):
            yield Finding(
                path,
                tr("the function name is {n} characters long; the limit is 128", n=len(name)),
                tr("Shorten the name to 128 characters or fewer."),
            )
            continue
        if not name:
            problem = tr("is empty")
        else:
            bad = sorted({ch for ch in name if not NAME_PATTERN.fullmatch(ch)})
            shown = " ".join(tr("space") if ch == " " else quote(ch) for ch in bad[:5])
            problem = tr("{value} contains {chars}", value=quote(name), chars=shown)
        yield Finding(
            path,
            tr(
                "the function name {problem}: names may contain only letters, digits, `_` and `-`",
                problem=problem,
            ),
            tr("Rename it, e.g. {name}.", name=quote(_renamed(name)))
            if name
            else tr("Give the function a name, e.g. `get_weather`."),
        )


@rule(
    "r-parameters-invalid",
    api="responses",
    scope="body",
    sources=(
        refs.FUNCTION_CALLING,
        refs.STRUCTURED_OUTPUTS,
        "https://github.com/elie222/inbox-zero/issues/2272",
        "https://github.com/LionSR/TeXRA/issues/4274",
    ),
    api_message="Invalid schema for function: {detail}",
    other_wordings=ROOT_WORDINGS,
    example="""{
  "model": "gpt-5.4-mini",
  "input": "Remember that I prefer window seats.",
  "tools": [{"type": "function", "name": "save_memory", "strict": false,
    "parameters": {"anyOf": [
      {"type": "object", "properties": {"source": {"const": "user"},
                                        "quote": {"type": "string"}}},
      {"type": "object", "properties": {"source": {"const": "inferred"}}}]}}]
}""",
    fix="""{
  "model": "gpt-5.4-mini",
  "input": "Remember that I prefer window seats.",
  "tools": [{"type": "function", "name": "save_memory", "strict": false,
    "parameters": {"type": "object", "properties": {
      "source": {"type": "string", "enum": ["user", "inferred"]},
      "quote": {"type": "string"}}, "required": ["source"]}}]
}""",
    near_misses=(
        """{
  "model": "gpt-5.4-mini",
  "input": "Remember that I prefer window seats.",
  "tools": [{"type": "function", "name": "save_memory", "strict": false,
    "parameters": {"type": "object", "properties": {"memory": {"anyOf": [
      {"type": "object", "properties": {"quote": {"type": "string"}}},
      {"type": "string"}]}}}}]
}""",
    ),
)
def parameters_invalid(ctx: Context) -> Iterator[Finding]:
    """A function's `parameters` has `"type": "object"` at its root, and no union there.

    As in Chat Completions (`o-parameters-invalid`), with or without `strict`: a root
    without `type` (a Zod discriminated union is serialised as a bare `anyOf`) is refused
    with `Invalid schema for function 'saveMemory': schema must be a JSON Schema of 'type:
    "object"', got 'type: "None"'.` (Responses API, gpt-5.4-mini, April 2026), and an
    object root with `oneOf`, `anyOf`, `allOf`, `enum` or `not` beside its type with `schema
    must have type 'object' and not contain 'oneOf'/'anyOf'/'allOf' at the top level`
    (GPT-5.5, May 2026). A union one level down, under a property, is fine.
    """
    for path, tool in function_tools(ctx):
        params = tool.get("parameters")
        if isinstance(params, dict):
            found = root_problem(path + "/parameters", params)
            if found is not None:
                yield found


@rule(
    "r-tool-name-duplicate",
    api="responses",
    severity="warning",
    scope="body",
    sources=("https://github.com/openai/openai-agents-python/issues/4116",),
    example="""{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [
    {"type": "function", "name": "get_weather", "parameters": {"type": "object",
     "properties": {}, "additionalProperties": false}, "strict": true},
    {"type": "function", "name": "get_weather", "parameters": {"type": "object",
     "properties": {}, "additionalProperties": false}, "strict": true}
  ]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [
    {"type": "function", "name": "get_weather", "parameters": {"type": "object",
     "properties": {}, "additionalProperties": false}, "strict": true},
    {"type": "function", "name": "get_forecast", "parameters": {"type": "object",
     "properties": {}, "additionalProperties": false}, "strict": true}
  ]
}""",
)
def tool_name_duplicate(ctx: Context) -> Iterator[Finding]:
    """Each function and custom tool has its own name.

    No public report shows the API refusing two tools with one name: both definitions
    reach the model and one shadows the other, so the model's calls may not match the
    schema you meant. A warning.
    """
    seen: dict[str, int] = {}
    for k, tool in ctx.tools:
        name = tool.get("name")
        if tool.get("type") not in ("function", "custom") or not isinstance(name, str):
            continue
        if name in seen:
            yield warning(
                pointer("tools", k, "name"),
                tr(
                    "tool {k} is named {name}, like tool {first}",
                    k=k,
                    name=quote(name),
                    first=seen[name],
                ),
                tr("Give every tool its own name, or remove the copy."),
            )
        else:
            seen[name] = k


_MCP_TARGETS = ("server_url", "connector_id", "tunnel_id")
#: hosted tool type -> the fields it requires
_REQUIRED = {
    "file_search": ("vector_store_ids",),
    "code_interpreter": ("container",),
    "mcp": ("server_label",),
    "computer_use_preview": ("environment", "display_width", "display_height"),
    "custom": ("name",),
    "namespace": ("name", "description", "tools"),
}
_EXAMPLES = {
    "file_search": '`{"type": "file_search", "vector_store_ids": ["vs_..."]}`',
    "code_interpreter": '`{"type": "code_interpreter", "container": {"type": "auto"}}`',
    "mcp": '`{"type": "mcp", "server_label": "crm", "server_url": "https://..."}`',
    "computer_use_preview": (
        '`{"type": "computer_use_preview", "environment": "browser", "display_width": 1024, '
        '"display_height": 768}`'
    ),
    "custom": '`{"type": "custom", "name": "apply_diff", "description": "..."}`',
    "namespace": ('`{"type": "namespace", "name": "crm", "description": "...", "tools": [...]}`'),
}


@rule(
    "r-tool-hosted-config",
    api="responses",
    scope="body",
    sources=(refs.SPEC, "https://platform.openai.com/docs/guides/tools"),
    api_message="Missing required parameter: '{param}'.",
    example="""{
  "model": "gpt-5.5",
  "input": "Compute 3682913 * 7 with Python.",
  "tools": [{"type": "code_interpreter"}]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Compute 3682913 * 7 with Python.",
  "tools": [{"type": "code_interpreter", "container": {"type": "auto"}}]
}""",
    near_misses=(
        """{
  "model": "gpt-5.5",
  "input": "Roll 2d6.",
  "tools": [{"type": "mcp", "server_label": "dice",
             "server_url": "https://dmcp-server.example.app/sse", "require_approval": "never"}]
}""",
    ),
)
def tool_hosted_config(ctx: Context) -> Iterator[Finding]:
    """Hosted tools carry the settings they require.

    `file_search` needs `vector_store_ids`; `code_interpreter` a `container` (a container
    id, or `{"type": "auto"}`); `mcp` a `server_label` and exactly one of `server_url`,
    `connector_id` or `tunnel_id`; `computer_use_preview` its `environment`,
    `display_width` and `display_height`; a `custom` tool its `name`. Web search, image
    generation, shell and apply-patch need only their `type`.
    """
    for k, tool in ctx.tools:
        kind = tool.get("type")
        required = _REQUIRED.get(kind) if isinstance(kind, str) else None
        if required is None:
            continue
        for field in required:
            if tool.get(field) is None:
                yield Finding(
                    pointer("tools", k, field),
                    tr(
                        "the {type} tool {k} has no {field}",
                        type=code(kind),
                        k=k,
                        field=code(field),
                    ),
                    tr("Write {example}.", example=_EXAMPLES[kind]),
                )
        if kind == "mcp":
            given = [f for f in _MCP_TARGETS if tool.get(f) is not None]
            if len(given) != 1:
                yield Finding(
                    pointer("tools", k),
                    tr(
                        "the `mcp` tool {k} gives {given}: it needs exactly one of "
                        "`server_url`, `connector_id` and `tunnel_id`",
                        k=k,
                        given=", ".join(f"`{f}`" for f in given) if given else tr("none"),
                    ),
                    tr(
                        "Keep the one that reaches your server: {example}.",
                        example=_EXAMPLES["mcp"],
                    ),
                )
