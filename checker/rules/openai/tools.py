"""Tool definitions: the `tools` array, each tool's shape, and the function's `parameters`."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.function_root import ROOT_WORDINGS, root_problem
from checker.rules.json_schema import schema_problem
from checker.rules.openai import refs
from checker.rules.openai.context import Context, warning
from checker.rules.openai.models import named_model
from checker.rules.record import Finding, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

MAX_TOOLS = 128
#: tool types of the Responses API that Chat Completions does not take in `tools`
RESPONSES_TOOLS = frozenset(
    (  # noqa: SIM905 (a word list reads better than quoted items)
        "web_search web_search_preview file_search mcp code_interpreter computer "
        "computer_use_preview image_generation local_shell shell apply_patch"
    ).split()
)
#: Anthropic's server and client tools carry a dated type: `web_search_20250305`...
ANTHROPIC_TOOL_PREFIXES = (
    "web_search_2",
    "web_fetch_2",
    "bash_2",
    "text_editor_2",
    "computer_2",
    "code_execution_2",
    "memory_2",
    "tool_search_tool",
)
FUNCTION_EXAMPLE = (
    '`{"type": "function", "function": {"name": "...", "description": "...", '
    '"parameters": {"type": "object", "properties": {...}}}}`'
)


def _function_hint() -> str:
    return tr(
        'Write `{"type": "function", "function": {"name": "...", "description": "...", '
        '"parameters": {"type": "object", "properties": {...}}}}`.'
    )


def function_tools(ctx: Context) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, `function` object) of every function tool that has one."""
    for k, tool in ctx.tools:
        fn = tool.get("function")
        if tool.get("type") == "function" and isinstance(fn, dict):
            yield k, fn


@rule(
    "o-tools-empty",
    api="openai",
    scope="body",
    sources=(
        refs.CHAT_API,
        refs.issue("continuedev/continue", 3370),
        refs.issue("JetBrains/koog", 786),
    ),
    api_message=(
        "Invalid 'tools': empty array. Expected an array with minimum length 1, but got an "
        "empty array instead."
    ),
    example="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Explain this stack trace."}],
  "tools": []
}""",
    fix="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Explain this stack trace."}]
}""",
)
def tools_empty(ctx: Context) -> Iterator[Finding]:
    """`tools`, when sent, holds at least one tool.

    The spec sets no minimum, but the API rejects `"tools": []`. To send no tools, leave
    the key out. `"tools": null` is not documented either way (a `functions: null` was
    rejected): a warning.
    """
    if ctx.body is None or "tools" not in ctx.body:
        return
    tools = ctx.body["tools"]
    if tools is None:
        yield note(
            "/tools",
            tr("`tools` is null: the API may reject it, as it rejects an empty array"),
            tr("Leave `tools` out when the request has no tools."),
        )
    elif isinstance(tools, (list, tuple)) and not tools:
        yield Finding(
            "/tools",
            tr("`tools` is an empty array: the API wants at least one tool there"),
            tr("Leave `tools` out when the request has no tools (and `tool_choice` with it)."),
        )


def _many_tools(n: int) -> str:
    """A request with `n` small function tools (for the rule's example)."""
    tools = ",\n    ".join(
        f'{{"type": "function", "function": {{"name": "tool_{k}"}}}}' for k in range(n)
    )
    return (
        '{\n  "model": "gpt-4o",\n  "messages": [{"role": "user", "content": "Hi"}],\n'
        f'  "tools": [\n    {tools}\n  ]\n}}'
    )


@rule(
    "o-tools-too-many",
    api="openai",
    scope="body",
    sources=(refs.SPEC, refs.issue("Upsonic/Upsonic", 176)),
    api_message=(
        "Invalid '{param}': array too long. Expected an array with maximum length 128, but "
        "got a longer array instead."
    ),
    example=_many_tools(129),
    fix=_many_tools(128),
)
def tools_too_many(ctx: Context) -> Iterator[Finding]:
    """At most 128 tools (and at most 128 legacy `functions`).

    The spec sets `maxItems: 128` on `functions`, and the API applies the same limit to
    `tools`. (The function calling guide advises far fewer, about 20 per turn, for the
    model to choose well.)
    """
    if ctx.body is None:
        return
    for key in ("tools", "functions"):
        value = ctx.body.get(key)
        if isinstance(value, (list, tuple)) and len(value) > MAX_TOOLS:
            yield Finding(
                pointer(key),
                tr(
                    "{key} holds {n} tools; the limit is 128",
                    key=code(key),
                    n=len(value),
                ),
                tr(
                    "Send only the tools this turn needs (group rare ones behind one tool, or "
                    "pick them per request)."
                ),
            )


def _flat_tool(k: int, tool: dict[str, Any]) -> tuple[str, str]:
    """(message, hint) for a tool written flat, without the `function` wrapper."""
    if "input_schema" in tool:
        message = tr(
            "tool {k} is in the Anthropic shape (flat `name` and `input_schema`); "
            "Chat Completions wraps it in a `function` object",
            k=k,
        )
    elif tool.get("type") == "function":
        message = tr(
            "tool {k} is in the Responses API shape (`name` beside `type`); Chat "
            "Completions nests it in a `function` object",
            k=k,
        )
    else:
        message = tr(
            "tool {k} is a legacy `functions` entry; in `tools` it is wrapped in a "
            '`function` object with `"type": "function"`',
            k=k,
        )
    return message, _function_hint()


def _kind_problem(k: int, kind: Any) -> tuple[str, str]:
    """(message, hint) for a tool whose `type` Chat Completions does not take."""
    if isinstance(kind, str) and kind in RESPONSES_TOOLS:
        message = tr(
            "tool {k} is the Responses API's built-in tool {type}: Chat Completions takes only "
            "`function` and `custom` tools",
            k=k,
            type=code(kind),
        )
        hint = (
            tr(
                "For web search in Chat Completions, use a search model "
                "(gpt-4o-search-preview) with `web_search_options`; or call the Responses API."
            )
            if kind.startswith("web_search")
            else tr("Call the Responses API (`/v1/responses`) to use built-in tools.")
        )
    elif isinstance(kind, str) and kind.startswith(ANTHROPIC_TOOL_PREFIXES):
        message = tr(
            "tool {k} has type {type}, one of Anthropic's tools: Chat Completions takes only "
            "`function` and `custom` tools",
            k=k,
            type=code(kind),
        )
        hint = tr("Describe the tool as a function: {example}", example=FUNCTION_EXAMPLE)
    else:
        message = tr(
            'tool {k} has type {type}: it must be `"function"` (or `"custom"`)',
            k=k,
            type=describe(kind),
        )
        hint = _function_hint()
    return message, hint


@rule(
    "o-tool-def-shape",
    api="openai",
    scope="body",
    sources=(
        refs.CHAT_API,
        refs.issue("openai/openai-cookbook", 1248),
        refs.issue("stanfordnlp/dspy", 9943),
    ),
    api_message="Missing required parameter: '{param}'.",
    example="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [{"type": "function", "name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}]
}""",
    fix="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}]
}""",
    near_misses=(
        """{
  "model": "gpt-5.4",
  "messages": [{"role": "user", "content": "Fix the typo in README.md."}],
  "tools": [{"type": "custom", "custom": {"name": "apply_patch",
    "description": "Apply a unified diff."}}]
}""",
    ),
)
def tool_def_shape(ctx: Context) -> Iterator[Finding]:
    """Each tool is `{"type": "function", "function": {"name": ...}}` or a custom tool.

    Chat Completions takes two kinds of tool: a function tool, whose `function` object
    holds the `name` (and `description`, `parameters`, `strict`), and a custom tool
    `{"type": "custom", "custom": {"name": ...}}`. A tool in another API's shape is
    rejected: the Responses API's flat `{"type": "function", "name": ...}` lacks
    `function`, a legacy `functions` entry or an Anthropic tool (`input_schema`) lacks
    `type`, and the Responses API's built-in tools (`web_search`, `file_search`, `mcp`...)
    do not exist here (web search goes through `web_search_options`). A description over
    1024 characters was rejected in one report: a warning.
    """
    for k, tool in ctx.tools:
        base = pointer("tools", k)
        kind = tool.get("type")
        if "type" not in tool:
            if isinstance(tool.get("function"), dict):
                message, hint = tr('tool {k} needs `"type": "function"`', k=k), _function_hint()
            else:
                message, hint = _flat_tool(k, tool)
            yield Finding(base + "/type", message, hint)
            continue
        if kind == "custom":
            custom = tool.get("custom")
            if not isinstance(custom, dict):
                yield Finding(
                    base + "/custom",
                    tr("the custom tool {k} has no `custom` object", k=k),
                    tr(
                        'Write `{"type": "custom", "custom": {"name": "...", "description": '
                        '"..."}}`.'
                    ),
                )
            elif not isinstance(custom.get("name"), str):
                yield Finding(
                    base + "/custom/name",
                    tr("the `custom` object of tool {k} has no `name` string", k=k),
                    tr('Give the tool a name: `"custom": {"name": "apply_patch", ...}`.'),
                )
            continue
        if kind != "function":
            message, hint = _kind_problem(k, kind)
            yield Finding(base + "/type", message, hint)
            continue
        fn = tool.get("function")
        if "function" not in tool:
            if "name" in tool:
                message, hint = _flat_tool(k, tool)
            else:
                message = tr("tool {k} has no `function` object", k=k)
                hint = _function_hint()
            yield Finding(base + "/function", message, hint)
            continue
        if not isinstance(fn, dict):
            yield Finding(
                base + "/function",
                tr("`function` of tool {k} is {type}, not an object", k=k, type=json_type(fn)),
                _function_hint(),
            )
            continue
        yield from _function_fields(k, fn, base + "/function")


def _function_fields(k: int, fn: dict[str, Any], base: str) -> Iterator[Finding]:
    if not isinstance(fn.get("name"), str):
        yield Finding(
            base + "/name",
            tr("the `function` of tool {k} has no `name` string", k=k),
            _function_hint(),
        )
    elif not fn["name"]:
        yield Finding(
            base + "/name",
            tr("the name of function tool {k} is empty", k=k),
            tr("Rename it, e.g. `get_weather`."),
        )
    if "input_schema" in fn:
        yield Finding(
            base + "/input_schema",
            tr(
                "`input_schema` is Anthropic's name: in Chat Completions the schema of the "
                "arguments is `parameters`"
            ),
            tr("Rename `input_schema` to `parameters`."),
        )
    description = fn.get("description")
    if description is not None and not isinstance(description, str):
        yield Finding(
            base + "/description",
            tr("`description` is {type}: it must be a string", type=json_type(description)),
            tr("Describe the function in a sentence or two of text."),
        )
    elif isinstance(description, str) and len(description) > 1024:
        yield warning(
            base + "/description",
            tr(
                "the description is {n} characters long: a limit of 1024 has been reported",
                n=len(description),
            ),
            tr("Keep the description short; put long guidance in the developer message."),
        )
    strict = fn.get("strict")
    if strict is not None and not isinstance(strict, bool):
        yield Finding(
            base + "/strict",
            tr("`strict` is {value}: it must be `true` or `false`", value=describe(strict)),
            tr('Write `"strict": true` (or leave it out).'),
        )


def _parameters(ctx: Context) -> Iterator[tuple[str, str, Any]]:
    """(pointer, function name, parameters) of every function that sends `parameters`."""
    for k, fn in function_tools(ctx):
        if "parameters" in fn:
            name = fn.get("name")
            yield pointer("tools", k, "function", "parameters"), name, fn["parameters"]
    functions = ctx.body.get("functions") if ctx.body is not None else None
    if isinstance(functions, (list, tuple)):
        for k, fn in enumerate(functions):
            if isinstance(fn, dict) and "parameters" in fn:
                yield pointer("functions", k, "parameters"), fn.get("name"), fn["parameters"]


_EMPTY_SCHEMA = '`{"type": "object", "properties": {}}`'


def parameters_problem(path: str, params: Any) -> Finding | None:
    """The first problem of a function's `parameters`, or None (also used for strict)."""
    if params is None or params == {}:
        return warning(
            path,
            tr("`parameters` is null: leave it out for a function without arguments")
            if params is None
            else tr(
                "`parameters` is an empty object: the API reads it as a schema without "
                '`"type": "object"`, which it may reject'
            ),
            tr(
                "Leave `parameters` out for a function without arguments, or write {schema}.",
                schema=_EMPTY_SCHEMA,
            ),
        )
    if not isinstance(params, dict):
        return Finding(
            path,
            tr(
                "`parameters` is {type}: it must be a JSON Schema object",
                type=json_type(params),
            ),
            tr('Write `"parameters": {"type": "object", "properties": {...}}`.'),
        )
    problem = schema_problem(params)
    if problem is not None:
        where, text = problem
        return Finding(
            path + pointer(*where),
            tr("`parameters` is not a valid JSON Schema: {problem}", problem=text),
            tr(
                "Fix the schema; a PHP or JS empty array `[]` where an object `{}` belongs is "
                "a usual cause."
            ),
        )
    root = root_problem(path, params)
    if root is not None:
        return root
    if "properties" not in params:
        return Finding(
            path,
            tr(
                "`parameters` is an object schema without `properties`: the API rejects it "
                '("object schema missing properties")'
            ),
            tr(
                'Add `"properties": {}` for a function without arguments, or leave '
                "`parameters` out."
            ),
        )
    where = _array_without_items(params, ())
    if where is not None:
        return Finding(
            path + pointer(*where),
            tr(
                'an `array` in `parameters` has no `items`: the API rejects it ("array schema '
                'missing items")'
            ),
            tr('Say what the array holds, e.g. `"items": {"type": "string"}`.'),
        )
    return None


def _array_without_items(node: Any, where: tuple[str, ...]) -> tuple[str, ...] | None:
    """The pointer of the first `array` schema without `items` (or `prefixItems`), or None."""
    if not isinstance(node, dict):
        return None
    kind = node.get("type")
    is_array = kind == "array" or (isinstance(kind, list) and "array" in kind)
    if is_array and "items" not in node and "prefixItems" not in node:
        return where
    subs: list[tuple[tuple[str, ...], Any]] = []
    for key in ("properties", "$defs", "definitions"):
        if isinstance(node.get(key), dict):
            subs += [((*where, key, str(k)), v) for k, v in node[key].items()]
    for key in ("items", "additionalProperties"):
        subs.append(((*where, key), node.get(key)))
    for key in ("anyOf", "oneOf", "allOf"):
        if isinstance(node.get(key), list):
            subs += [((*where, key, str(n)), v) for n, v in enumerate(node[key])]
    for sub_where, sub in subs:
        found = _array_without_items(sub, sub_where)
        if found is not None:
            return found
    return None


@rule(
    "o-parameters-invalid",
    api="openai",
    scope="body",
    sources=(
        refs.CHAT_API,
        refs.issue("browserbase/stagehand", 1159),
        refs.issue("inboxapi/cli", 106),
        refs.pull("prism-php/prism", 746),
        refs.pull("yomorun/yomo", 860),
        refs.pull("sigoden/aichat", 1049),
        refs.issue("brainlid/langchain", 148),
        refs.pull("razorpay/razorpay-mcp-server", 44),
        refs.issue("nspady/google-calendar-mcp", 39),
        refs.issue("chatanywhere/GPT_API_free", 403),
    ),
    api_message="Invalid schema for function: {detail}",
    other_wordings=ROOT_WORDINGS,
    example="""{
  "model": "gpt-5.4",
  "messages": [{"role": "user", "content": "help"}],
  "tools": [{"type": "function", "function": {"name": "inboxapi__help",
    "description": "Show InboxAPI help.", "parameters": {"type": "object"}}}]
}""",
    fix="""{
  "model": "gpt-5.4",
  "messages": [{"role": "user", "content": "help"}],
  "tools": [{"type": "function", "function": {"name": "inboxapi__help",
    "description": "Show InboxAPI help.", "parameters": {"type": "object", "properties": {}}}}]
}""",
    near_misses=(
        """{
  "model": "gpt-4.1-mini",
  "messages": [{"role": "user", "content": "What time is it on the server?"}],
  "tools": [{"type": "function", "function": {"name": "get_server_time",
    "description": "Return the server's current UTC time."}}]
}""",
    ),
)
def parameters_invalid(ctx: Context) -> Iterator[Finding]:
    """A function's `parameters` is a JSON Schema of `"type": "object"` with `properties`.

    Checked with or without `strict`. Leaving `parameters` out means "no arguments", and
    `{"type": "object", "properties": {}}` says the same. The API rejects a root that is
    not `type: "object"` (no `type`, a root `anyOf`/`oneOf`, a string), an object root
    with `oneOf`, `anyOf`, `allOf`, `enum` or `not` beside its type (`schema must have type
    'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level`; the
    Responses API refuses both alike: `r-parameters-invalid`), a root object without
    `properties` (what MCP servers often send for a tool without arguments), and
    a schema that is not valid JSON Schema (`"properties": []` from a PHP empty array,
    `"required": null`), and an `array` schema anywhere in it without `items` (`In
    context=('properties', 'paths'), array schema missing items.`, `invalid_function_parameters`,
    also without `strict`). `parameters: {}` is not settled (reports of "empty" schemas got
    the error, but not with exactly `{}`): a warning. The legacy `functions` are checked
    the same way.
    """
    for path, _name, params in _parameters(ctx):
        found = parameters_problem(path, params)
        if found is not None:
            yield found


@rule(
    "o-tool-custom",
    api="openai",
    scope="body",
    sources=(refs.CHAT_API, refs.FUNCTION_CALLING, refs.SPEC),
    example="""{
  "model": "gpt-5.4",
  "messages": [{"role": "user", "content": "Extract the order id."}],
  "tools": [{"type": "custom", "custom": {"name": "order_id",
    "format": {"type": "grammar",
               "grammar": {"syntax": "ebnf", "definition": "start: /ORD-[0-9]{6}/"}}}}]
}""",
    fix="""{
  "model": "gpt-5.4",
  "messages": [{"role": "user", "content": "Extract the order id."}],
  "tools": [{"type": "custom", "custom": {"name": "order_id",
    "format": {"type": "grammar",
               "grammar": {"syntax": "regex", "definition": "ORD-[0-9]{6}"}}}}]
}""",
)
def tool_custom(ctx: Context) -> Iterator[Finding]:
    """A custom tool's `format` is text or a Lark or regex grammar, on a GPT-5 model.

    A custom tool (`{"type": "custom", "custom": {...}}`) takes free-form text input
    instead of JSON arguments; its optional `format` is `{"type": "text"}` or
    `{"type": "grammar", "grammar": {"syntax": "lark" | "regex", "definition": "..."}}`,
    and other values are rejected. Custom tools came with the GPT-5 models: with another
    model named, a warning (the request may be rejected or the tool ignored).
    """
    info = named_model(ctx)
    warned = False
    for k, tool in ctx.tools:
        custom = tool.get("custom")
        if tool.get("type") != "custom" or not isinstance(custom, dict):
            continue
        base = pointer("tools", k, "custom")
        if info is not None and not info.gpt5() and not warned:
            warned = True
            yield warning(
                pointer("tools", k),
                tr(
                    "custom tools came with the GPT-5 models, and {model} is not one: the API "
                    "may reject the tool or the model ignore it",
                    model=quote(info.id),
                ),
                tr("Use a GPT-5 model (gpt-5.4...), or define a function tool instead."),
            )
        if "format" in custom:
            yield from _custom_format(custom["format"], base + "/format")


def _custom_format(fmt: Any, path: str) -> Iterator[Finding]:
    hint = tr(
        'Write `"format": {"type": "text"}` or `"format": {"type": "grammar", "grammar": '
        '{"syntax": "lark", "definition": "..."}}`.'
    )
    if not isinstance(fmt, dict):
        yield Finding(path, tr("`format` is {type}, not an object", type=json_type(fmt)), hint)
        return
    kind = fmt.get("type")
    if kind == "text":
        return
    if kind != "grammar":
        yield Finding(
            path + "/type" if "type" in fmt else path,
            tr(
                "the custom tool's `format.type` is {value}: it must be `text` or `grammar`",
                value=describe(kind),
            ),
            hint,
        )
        return
    grammar = fmt.get("grammar")
    if not isinstance(grammar, dict):
        yield Finding(
            path + "/grammar" if "grammar" in fmt else path,
            tr("a grammar format needs a `grammar` object with `syntax` and `definition`"),
            hint,
        )
        return
    syntax = grammar.get("syntax")
    if syntax not in ("lark", "regex"):
        yield Finding(
            path + "/grammar/syntax" if "syntax" in grammar else path + "/grammar",
            tr(
                "`grammar.syntax` is {value}: it must be `lark` or `regex`",
                value=describe(syntax),
            ),
            hint,
        )
    if not isinstance(grammar.get("definition"), str):
        yield Finding(
            path + "/grammar/definition" if "definition" in grammar else path + "/grammar",
            tr("the grammar has no `definition` string"),
            hint,
        )
