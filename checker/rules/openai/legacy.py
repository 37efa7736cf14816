"""The legacy function calling fields: `functions`, `function_call` and `role: "function"`."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type
from checker.i18n import tr, trn
from checker.rules.openai import refs
from checker.rules.openai.context import Context, warning
from checker.rules.record import Finding, note, rule


@rule(
    "o-legacy-functions",
    api="openai",
    severity="note",
    sources=(refs.SPEC, refs.FUNCTION_CALLING, refs.CHAT_API),
    api_message=("Unsupported value: '{param}' does not support 'function' with this model."),
    example="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Weather in Boston?"}],
  "functions": [{"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"]}}],
  "function_call": "auto"
}""",
    fix="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Weather in Boston?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},
                   "required": ["city"]}}}],
  "tool_choice": "auto"
}""",
)
def legacy_functions(ctx: Context) -> Iterator[Finding]:
    """The deprecated function calling fields still work, but `tools` replaced them.

    `functions` and `function_call` (in the body), an assistant message's `function_call`
    and `role: "function"` messages are in the current spec, marked deprecated, and
    gpt-4o and gpt-4.1 class models still accept them: a warning, with the current
    equivalents (`tools`, `tool_choice`, `tool_calls`, `role: "tool"`). The gpt-5.6 models
    refuse a `role: "function"` message: that is `o-role-model`.
    """
    body = ctx.body
    if body is not None:
        functions = body.get("functions")
        if isinstance(functions, (list, tuple)) and functions:
            yield note(
                "/functions",
                tr("`functions` is deprecated: Chat Completions takes `tools` now"),
                tr(
                    'Wrap each function: `"tools": [{"type": "function", "function": {...}}]` '
                    "(the same name, description and parameters)."
                ),
            )
            if body.get("function_call") is not None:
                yield note(
                    "/function_call",
                    tr("`function_call` is deprecated: Chat Completions takes `tool_choice` now"),
                    tr(
                        'Write `"tool_choice"`: `"auto"`, `"none"`, or `{"type": "function", '
                        '"function": {"name": "..."}}`.'
                    ),
                )
    calls = [
        m
        for m in ctx.msgs
        if m is not None and m.role == "assistant" and m.raw.get("function_call") is not None
    ]
    if calls:
        yield note(
            ctx.path(calls[0].index, "function_call"),
            trn(
                len(calls),
                "{message} carries a deprecated `function_call`",
                "{message} and {more} more assistant messages carry a deprecated `function_call`",
                message=ctx.where(calls[0].index),
                more=len(calls) - 1,
            ),
            tr(
                "Current messages carry `tool_calls` (with an `id` each), answered by "
                '`role: "tool"` messages.'
            ),
        )
    results = [m for m in ctx.msgs if m is not None and m.role == "function"]
    if not results:
        return
    if getattr(ctx, "model", None):
        # on first use, when a model is named: checker.rules.openai.models (the model
        # table's rules), which a request that names none does not need
        from checker.rules.openai.models import named_model

        info = named_model(ctx)
        if info is not None and info.gpt5(6):
            return  # refused: o-role-model
    first = results[0]
    hint = tr(
        'Answer a call with `{"role": "tool", "tool_call_id": "...", "content": '
        '"..."}` after an assistant message with `tool_calls`.'
    )
    yield note(
        ctx.path(first.index, "role"),
        trn(
            len(results),
            '{message} is a deprecated `role: "function"` message',
            '{message} and {more} more are deprecated `role: "function"` messages',
            message=ctx.where(first.index),
            more=len(results) - 1,
        ),
        hint,
    )


@rule(
    "o-function-call-without-functions",
    api="openai",
    scope="body",
    sources=(
        refs.pull("Azure-Samples/azure-search-openai-demo", 1175),
        refs.issue("PlexPt/chatgpt-java", 150),
    ),
    api_message=(
        "Invalid value for 'function_call': 'function_call' is only allowed when 'functions' "
        "are specified."
    ),
    example="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Find documents about the benefits plan."}],
  "tools": [{"type": "function", "function": {"name": "search_sources",
    "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                   "required": ["query"]}}}],
  "function_call": "auto"
}""",
    fix="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Find documents about the benefits plan."}],
  "tools": [{"type": "function", "function": {"name": "search_sources",
    "parameters": {"type": "object", "properties": {"query": {"type": "string"}},
                   "required": ["query"]}}}],
  "tool_choice": "auto"
}""",
)
def function_call_without_functions(ctx: Context) -> Iterator[Finding]:
    """The legacy `function_call` is sent only together with `functions`.

    `function_call` chooses among the legacy `functions`; without them it is rejected,
    also when the request has `tools` (code half-migrated to tools: the choice among
    `tools` is `tool_choice`).
    """
    body = ctx.body
    if body is None or body.get("function_call") is None or body.get("functions") is not None:
        return
    has_tools = isinstance(body.get("tools"), (list, tuple)) and bool(body["tools"])
    yield Finding(
        "/function_call",
        tr(
            "`function_call` is sent with `tools` but without `functions`: for tools, the "
            "choice is `tool_choice`"
        )
        if has_tools
        else tr("`function_call` is sent without `functions`: the API accepts it only with them"),
        tr("Rename `function_call` to `tool_choice` (or remove it).")
        if has_tools
        else tr("Remove `function_call`, or define the functions (better: `tools`)."),
    )


@rule(
    "o-functions-empty",
    api="openai",
    scope="body",
    sources=(refs.SPEC, refs.issue("HaroldPetersInskipp/node-red-contrib-chatgpt", 18)),
    api_message="[] is too short - 'functions'",
    example="""{
  "model": "gpt-4",
  "messages": [{"role": "user", "content": "Hello"}],
  "functions": []
}""",
    fix="""{
  "model": "gpt-4",
  "messages": [{"role": "user", "content": "Hello"}]
}""",
)
def functions_empty(ctx: Context) -> Iterator[Finding]:
    """The legacy `functions`, when sent, is a non-empty array.

    The spec gives `functions` `minItems: 1`: `"functions": []` is rejected (`[] is too
    short`), and so is `"functions": null` (`None is not of type 'array'`). Leave the key
    out when there are no functions.
    """
    if ctx.body is None or "functions" not in ctx.body:
        return
    functions = ctx.body["functions"]
    if functions is None or (isinstance(functions, (list, tuple)) and not functions):
        yield Finding(
            "/functions",
            tr(
                "`functions` is {value}: when sent, it must hold at least one function",
                value="null" if functions is None else tr("an empty array"),
            ),
            tr("Leave `functions` out (and move to `tools`)."),
        )
    elif not isinstance(functions, (list, tuple)):
        yield Finding(
            "/functions",
            tr("`functions` is {type}: it must be an array", type=json_type(functions)),
            tr("Leave `functions` out (and move to `tools`)."),
        )


@rule(
    "o-function-msg-name",
    api="openai",
    sources=(refs.SPEC, refs.issue("langchain-ai/langchainjs", 6570)),
    api_message="Missing parameter 'name': messages with role 'function' must have a 'name'.",
    example="""[
  {"role": "user", "content": "Weather in Boston?"},
  {"role": "assistant", "content": null,
   "function_call": {"name": "get_weather", "arguments": "{\\"city\\": \\"Boston\\"}"}},
  {"role": "function", "content": "{\\"temp_f\\": 54}"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Boston?"},
  {"role": "assistant", "content": null,
   "function_call": {"name": "get_weather", "arguments": "{\\"city\\": \\"Boston\\"}"}},
  {"role": "function", "name": "get_weather", "content": "{\\"temp_f\\": 54}"}
]""",
)
def function_msg_name(ctx: Context) -> Iterator[Finding]:
    """A legacy `role: "function"` message names its function.

    The function result is matched to the call by the function's `name` (the legacy
    format has no call ids), so `name` is required.
    """
    for m in ctx.msgs:
        if m is None or m.role != "function" or isinstance(m.raw.get("name"), str):
            continue
        yield Finding(
            ctx.path(m.index, "name") if "name" in m.raw else ctx.path(m.index),
            tr(
                'the `role: "function"` message {message} has no `name` string: it must name '
                "the function whose result it holds",
                message=ctx.where(m.index),
            ),
            tr('Add `"name"` with the function\'s name (or move to `role: "tool"` messages).'),
        )


@rule(
    "o-functions-with-tools",
    api="openai",
    severity="warning",
    scope="body",
    sources=(refs.SPEC, refs.FUNCTION_CALLING),
    example="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Weather in Boston?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
  "functions": [{"name": "get_time",
    "parameters": {"type": "object", "properties": {"tz": {"type": "string"}}}}]
}""",
    fix="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Weather in Boston?"}],
  "tools": [
    {"type": "function", "function": {"name": "get_weather",
      "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}},
    {"type": "function", "function": {"name": "get_time",
      "parameters": {"type": "object", "properties": {"tz": {"type": "string"}}}}}
  ]
}""",
)
def functions_with_tools(ctx: Context) -> Iterator[Finding]:
    """A request uses `tools` or the legacy `functions`, not both.

    No public report shows how OpenAI answers a request with both (OpenAI-compatible
    proxies reject it: "Cannot provide both 'tools' and 'functions'"), so it is a
    warning: move every function into `tools`.
    """
    body = ctx.body
    if body is None:
        return
    tools, functions = body.get("tools"), body.get("functions")
    if (
        isinstance(tools, (list, tuple))
        and tools
        and isinstance(functions, (list, tuple))
        and functions
    ):
        yield warning(
            "/functions",
            tr(
                "the request sends both `tools` and the legacy `functions`: use one; "
                "proxies reject the mix, and OpenAI's answer is not documented"
            ),
            tr('Move each function into `tools` as `{"type": "function", "function": {...}}`.'),
        )
