"""The calls in an assistant message: their shape, string arguments and function names."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type, pointer, quote
from checker.i18n import tr
from checker.rules.openai import refs
from checker.rules.openai.context import NAME_PATTERN, Context, warning
from checker.rules.record import Finding, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


@rule(
    "o-tool-call-shape",
    api="openai",
    sources=(
        refs.CHAT_REFERENCE,
        refs.issue("langchain-ai/langchain-azure", 35),
        refs.issue("continuedev/continue", 11645),
    ),
    api_message=("Missing required parameter: '{param}'."),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "function": {"name": "get_weather", "arguments": "{}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
)
def tool_call_shape(ctx: Context) -> Iterator[Finding]:
    """Each `tool_calls` entry is a complete function call.

    An entry needs `id`, `"type": "function"` and a `function` object with a non-empty
    `name` and `arguments` (a custom-tool call has `"type": "custom"` and a `custom` object
    with `name` and `input` strings instead). The API names the missing member:
    `Missing required parameter: 'messages[2].tool_calls[0].type'.`
    """
    example = (
        '`{"id": "call_1", "type": "function", "function": {"name": "get_weather", '
        '"arguments": "{...}"}}`'
    )
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or "tool_calls" not in m.raw:
            continue
        calls = m.raw["tool_calls"]
        if calls is None:
            continue
        if not isinstance(calls, (list, tuple)):
            yield Finding(
                ctx.path(m.index, "tool_calls"),
                tr("`tool_calls` is {type}: it must be an array of calls", type=json_type(calls)),
                tr(
                    'Write `"tool_calls": [ ... ]` with one entry per call, e.g. {example}',
                    example=example,
                ),
            )
            continue
        for n, call in enumerate(calls):
            yield from _call_findings(ctx, m.index, n, call, example)


def _call_findings(ctx: Context, index: int, n: int, call: Any, example: str) -> Iterator[Finding]:
    """Entry `n` of message `index`'s `tool_calls`: an object, in the Chat Completions shape,
    complete."""
    path = ctx.path(index, "tool_calls", n)
    if not isinstance(call, dict):
        yield Finding(
            path,
            tr(
                "tool call {n} of {message} is {type}, not an object",
                n=n,
                message=ctx.where(index),
                type=json_type(call),
            ),
            tr("Write each call as {example}", example=example),
        )
        return
    if call.get("type") == "custom" and isinstance(call.get("custom"), dict):
        custom = call["custom"]
        if not isinstance(custom.get("name"), str) or not isinstance(custom.get("input"), str):
            yield Finding(
                path + "/custom",
                tr(
                    "the custom tool call {n} of {message} needs a `name` and an `input` string",
                    n=n,
                    message=ctx.where(index),
                ),
                tr(
                    'Resend the call as the API returned it: `{"id": "call_1", "type": '
                    '"custom", "custom": {"name": "...", "input": "..."}}`.'
                ),
            )
        return
    if call.get("type") == "tool_use" or "input" in call:
        yield Finding(
            path,
            tr(
                "tool call {n} of {message} is an Anthropic `tool_use` block",
                n=n,
                message=ctx.where(index),
            ),
            tr("In Chat Completions a call is {example}", example=example),
        )
        return
    missing = []
    if not isinstance(call.get("id"), str):
        missing.append("`id`")
    if call.get("type") != "function":
        missing.append('`"type": "function"`')
    fn = call.get("function")
    if not isinstance(fn, dict):
        missing.append(tr("a `function` object"))
    else:
        if not isinstance(fn.get("name"), str):
            missing.append("`function.name`")
        elif not fn["name"]:
            yield Finding(
                path + "/function/name",
                tr(
                    "the function name of tool call {n} of {message} is empty",
                    n=n,
                    message=ctx.where(index),
                ),
                tr("Resend the call as the API returned it: {example}", example=example),
            )
        if "arguments" not in fn:
            missing.append("`function.arguments`")
    if missing:
        yield Finding(
            path,
            tr(
                "tool call {n} of {message} lacks {missing}",
                n=n,
                message=ctx.where(index),
                missing=", ".join(missing),
            ),
            tr("Resend the call as the API returned it: {example}", example=example),
        )


@rule(
    "o-arguments-not-string",
    api="openai",
    sources=(refs.CHAT_REFERENCE, refs.pull("aaif-goose/goose-mobile", 20)),
    api_message=("Invalid type for '{param}': expected a string, but got an object instead."),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
)
def arguments_not_string(ctx: Context) -> Iterator[Finding]:
    """`function.arguments` is a JSON-encoded string.

    Chat Completions carries the arguments as JSON text (`"{\\"city\\": \\"Paris\\"}"`), not
    as an object (Anthropic's `input` is the object). A string that is not JSON is accepted
    by the API but breaks the tool code: a warning.
    """
    # on first use, not at import: checker.source (1 module)
    from checker.source import JsonSyntaxError, parse

    for m in ctx.msgs:
        if m is None:
            continue
        for n, call in m.calls:
            fn = call.get("function")
            if not isinstance(fn, dict) or "arguments" not in fn:
                continue
            args = fn["arguments"]
            path = ctx.path(m.index, "tool_calls", n, "function", "arguments")
            if isinstance(args, str):
                try:
                    parse(args)
                except JsonSyntaxError as err:
                    yield note(
                        path,
                        tr(
                            "`arguments` is a string but not valid JSON ({problem}); the model "
                            "sends JSON text here and tool code will fail to parse this",
                            problem=err.message,
                        ),
                        tr(
                            "Resend the arguments exactly as the API returned them, e.g. "
                            '`"{\\"city\\": \\"Paris\\"}"`.'
                        ),
                    )
                continue
            yield Finding(
                path,
                tr(
                    "`arguments` is {type}; Chat Completions wants JSON text in a string",
                    type=json_type(args),
                ),
                tr('Encode it: `json.dumps(arguments)` gives e.g. `"{\\"city\\": \\"Paris\\"}"`.'),
            )


def _names(ctx: Context) -> Iterator[tuple[str, str]]:
    """(pointer, name) of every function name: in `tool_calls`, then in the tool definitions."""
    for m in ctx.msgs:
        if m is None:
            continue
        for n, call in m.calls:
            fn = call.get("function")
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                yield ctx.path(m.index, "tool_calls", n, "function", "name"), fn["name"]
    for k, tool in ctx.tools:
        fn = tool.get("function")
        if isinstance(fn, dict) and isinstance(fn.get("name"), str):
            yield pointer("tools", k, "function", "name"), fn["name"]
    functions = ctx.body.get("functions") if ctx.body is not None else None
    if isinstance(functions, (list, tuple)):
        for k, fn in enumerate(functions):
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                yield pointer("functions", k, "name"), fn["name"]


def _name_pattern(names: Iterator[tuple[str, str]]) -> Iterator[Finding]:
    for path, name in names:
        if not name or NAME_PATTERN.fullmatch(name):
            continue  # an empty name: o-tool-call-shape, o-tool-def-shape
        bad = sorted({ch for ch in name if not NAME_PATTERN.fullmatch(ch)})
        shown = " ".join(tr("space") if ch == " " else quote(ch) for ch in bad[:5])
        problem = tr("{value} contains {chars}", value=quote(name), chars=shown)
        renamed = "".join(ch if NAME_PATTERN.fullmatch(ch) else "_" for ch in name)[:64]
        yield Finding(
            path,
            tr(
                "the function name {problem}: names may contain only letters, digits, `_` and `-`",
                problem=problem,
            ),
            tr("Rename it, e.g. {name}.", name=quote(renamed)),
        )


def _name_length(names: Iterator[tuple[str, str]]) -> Iterator[Finding]:
    for path, name in names:
        if len(name) > 64:
            yield Finding(
                path,
                tr("the function name is {n} characters long; the limit is 64", n=len(name)),
                tr("Shorten the name to 64 characters or fewer."),
            )


@rule(
    "o-function-name-pattern",
    api="openai",
    sources=(
        refs.CHAT_REFERENCE,
        refs.pull("brekkylab/ailoy", 109),
        refs.pull("Vortiago/mcp-azure-devops", 30),
        refs.issue("mcp-use/mcp-use", 90),
        refs.issue("danishjsheikh/swagger-mcp", 13),
        refs.pull("FoundationAgents/OpenManus", 1145),
        refs.pull("redhat-community-ai-tools/UnifAI", 266),
        refs.pull("mogenius/mogenius-operator", 840),
    ),
    api_message=(
        "Invalid '{param}': string does not match pattern. Expected a string that matches "
        "the pattern '^[a-zA-Z0-9_-]+$'."
    ),
    example="""{
  "model": "gpt-4.1",
  "tools": [
    {"type": "function", "function": {"name": "get weather",
    "parameters": {"type": "object", "properties": {}}}}
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "gpt-4.1",
  "tools": [
    {"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {}}}}
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    near_misses=(
        """{
  "model": "gpt-4.1",
  "tools": [
    {"type": "function", "function": {"name": "Coding-MCP__coding_start-v2",
    "parameters": {"type": "object", "properties": {}}}}
  ],
  "messages": [{"role": "user", "content": "Start a coding session."}]
}""",
    ),
)
def function_name_pattern(ctx: Context) -> Iterator[Finding]:
    """Function names match `^[a-zA-Z0-9_-]+$`.

    Letters, digits, `_` and `-`, with no spaces, dots or slashes: in the tool
    definitions, the legacy `functions` and the calls of the history alike. A dot (an
    MCP-style `coding.start`) is an error: reports from May 2025 to September 2026 name
    dots among what OpenAI's 400 refused, and no recorded request with a dotted name was
    accepted. One June 2025 report, through Microsoft's Teams SDK (o4-mini), quotes the
    wider pattern `^[a-zA-Z0-9_\\.-]+$`; it was for a name with a slash, so it shows no
    dot accepted.
    """
    return _name_pattern(_names(ctx))


@rule(
    "o-function-name-length",
    api="openai",
    sources=(
        refs.CHAT_REFERENCE,
        refs.pull("ravitemer/mcphub.nvim", 243),
        refs.issue("danny-avila/LibreChat", 7435),
    ),
    api_message="Invalid '{param}': string too long. Expected a string with maximum length 64.",
    example="""{
  "model": "gpt-4.1",
  "tools": [
    {"type": "function", "function": {
      "name": "get_the_current_weather_conditions_and_the_forecast_for_a_city_now",
      "parameters": {"type": "object", "properties": {}}}}
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "gpt-4.1",
  "tools": [
    {"type": "function", "function": {"name": "get_weather_by_city",
    "parameters": {"type": "object", "properties": {}}}}
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def function_name_length(ctx: Context) -> Iterator[Finding]:
    """Function names are at most 64 characters long.

    The limit holds for the tool definitions, the legacy `functions` and the calls of the
    history.
    """
    return _name_length(_names(ctx))


@rule(
    "o-tool-call-id-length",
    api="openai",
    severity="warning",
    sources=(
        refs.CHAT_REFERENCE,
        refs.issue("microsoft/autogen", 6377),
        refs.issue("Portkey-AI/gateway", 1062),
        refs.pull("openclaw/openclaw", 875),
        refs.issue("vercel/ai", 8132),
        refs.pull("vercel/ai", 17233),
    ),
    api_message=(
        "Invalid 'messages[{m}].tool_calls[{n}].id': string too long. Expected a string with "
        "maximum length 40, but got a string with length {length} instead."
    ),
    example="""{
  "model": "gpt-4o-mini",
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": null, "tool_calls": [{
      "id": "portkey-6aa6db90-1b84-4155-9f32-f658c97d6b1b", "type": "function",
      "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}]},
    {"role": "tool", "tool_call_id": "portkey-6aa6db90-1b84-4155-9f32-f658c97d6b1b",
     "content": "18 C"}
  ]
}""",
    fix="""{
  "model": "gpt-4o-mini",
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": null, "tool_calls": [{
      "id": "call_6aa6db901b8441559f32f658", "type": "function",
      "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}]},
    {"role": "tool", "tool_call_id": "call_6aa6db901b8441559f32f658", "content": "18 C"}
  ]
}""",
    near_misses=(
        """{
  "model": "gpt-4o-mini",
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": null, "tool_calls": [{
      "id": "toolu_01A09q90qw90lq917835lq9ABCDEFGHI", "type": "function",
      "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}]},
    {"role": "tool", "tool_call_id": "toolu_01A09q90qw90lq917835lq9ABCDEFGHI", "content": "18 C"}
  ]
}""",
    ),
)
def tool_call_id_length(ctx: Context) -> Iterator[Finding]:
    """A `tool_calls[].id` in the history is at most 40 characters long.

    OpenAI's own ids (`call_` and 24 characters) fit; ids minted by another provider or a
    gateway (a web search item's `ws_...` id, a UUID with a prefix) often do not, and the
    API answered such histories with `string too long. Expected a string with maximum
    length 40` (reports from 2025 to January 2026, on OpenAI and Azure OpenAI). A warning,
    not an error: a reproduction of July 2026 (vercel/ai#17233) had a 51-character id
    accepted, so the limit may no longer hold everywhere; but where it holds the whole
    conversation fails, so it is worth reading. Shorten ids consistently (the call and its
    `tool` message keep the same id).
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for n, call in m.calls:
            cid = call.get("id")
            if isinstance(cid, str) and len(cid) > 40:
                yield warning(
                    ctx.path(m.index, "tool_calls", n, "id"),
                    tr(
                        "the tool call id is {n} characters long; Chat Completions has refused "
                        "ids over 40",
                        n=len(cid),
                    ),
                    tr(
                        "Shorten the id to 40 characters or fewer (in the call and in its "
                        "`tool` message alike)."
                    ),
                )
