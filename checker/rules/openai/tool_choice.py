"""`tool_choice` and `parallel_tool_calls`: their shapes, the tools they name, and `tools`."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import N_, tr
from checker.rules.openai import refs
from checker.rules.openai.context import Context, id_list, warning
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

MODES = ("none", "auto", "required")
#: `tool_choice` types of the Responses API that name a built-in tool
RESPONSES_CHOICES = frozenset(
    (  # noqa: SIM905 (a word list reads better than quoted items)
        "web_search web_search_preview file_search mcp code_interpreter computer "
        "computer_use_preview image_generation local_shell shell apply_patch"
    ).split()
)
FORCE_EXAMPLE = '`{"type": "function", "function": {"name": "get_weather"}}`'
SHAPES_HINT = N_('Use `"auto"`, `"none"`, `"required"`, or {example} to force one function.')


def _shapes_hint() -> str:
    return tr(SHAPES_HINT, example=FORCE_EXAMPLE)


def _tool_names(ctx: Context) -> tuple[set[str], set[str]]:
    """The names of the function tools and of the custom tools in `tools`."""
    functions: set[str] = set()
    customs: set[str] = set()
    for _, tool in ctx.tools:
        kind = tool.get("type")
        inner = tool.get(kind) if kind in ("function", "custom") else None
        name = inner.get("name") if isinstance(inner, dict) else None
        if isinstance(name, str):
            (functions if kind == "function" else customs).add(name)
    return functions, customs


@rule(
    "o-tool-choice-invalid",
    api="openai",
    scope="body",
    sources=(
        refs.CHAT_API,
        refs.SPEC,
        refs.issue("langchain-ai/langchain", 16767),
        refs.issue("Azure/azure-sdk-for-js", 28325),
    ),
    api_message="Invalid value: '{value}'. Supported values are: 'none', 'auto', and 'required'.",
    example="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
  "tool_choice": "any"
}""",
    fix="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
  "tool_choice": "required"
}""",
    near_misses=(
        """{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
  "tool_choice": {"type": "function", "function": {"name": "get_weather"}}
}""",
        """{
  "model": "gpt-5.4",
  "messages": [{"role": "user", "content": "Weather in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
  "tool_choice": {"type": "allowed_tools", "allowed_tools": {"mode": "required",
    "tools": [{"type": "function", "function": {"name": "get_weather"}}]}}
}""",
    ),
)
def tool_choice_invalid(ctx: Context) -> Iterator[Finding]:
    """`tool_choice` is one of the four shapes Chat Completions takes.

    The strings `"none"`, `"auto"` and `"required"`; `{"type": "function", "function":
    {"name": ...}}` to force one function; `{"type": "allowed_tools", "allowed_tools":
    {"mode": "auto" | "required", "tools": [...]}}` to let the model choose among some
    tools; and `{"type": "custom", "custom": {"name": ...}}` to force a custom tool.
    Anthropic's words (`"any"`, `{"type": "tool", ...}`), a bare function name, and the
    Responses API's flat `{"type": "function", "name": ...}` are rejected: Chat
    Completions nests the name in `function`.
    """
    if ctx.body is None or ctx.body.get("tool_choice") is None:
        return
    choice = ctx.body["tool_choice"]
    if isinstance(choice, str):
        if choice not in MODES:
            yield _bad_string(ctx, choice)
        return
    if not isinstance(choice, dict):
        yield Finding(
            "/tool_choice",
            tr(
                "`tool_choice` is {type}: it must be a string or an object",
                type=json_type(choice),
            ),
            _shapes_hint(),
        )
        return
    yield from _bad_object(choice)


def _bad_string(ctx: Context, choice: str) -> Finding:
    functions, _ = _tool_names(ctx)
    if choice == "any":
        message = tr(
            '`tool_choice` is "any", Anthropic\'s word: Chat Completions says `"required"`'
        )
        hint = tr('Write `"tool_choice": "required"`.')
    elif choice in functions:
        message = tr(
            "`tool_choice` is the bare name {name}: to force a function, name it in an object",
            name=quote(choice),
        )
        hint = tr(
            'Write `"tool_choice": {{"type": "function", "function": {{"name": {name}}}}}`.',
            name=quote(choice),
        )
    else:
        message = tr(
            "`tool_choice` is {value}: the strings are `none`, `auto` and `required`",
            value=quote(choice),
        )
        hint = _shapes_hint()
    return Finding("/tool_choice", message, hint)


def _bad_object(choice: dict[str, Any]) -> Iterator[Finding]:
    kind = choice.get("type")
    if kind in ("function", "custom"):
        inner = choice.get(kind)
        if not isinstance(inner, dict):
            flat = "name" in choice
            yield Finding(
                pointer("tool_choice", kind),
                tr(
                    "`tool_choice` is in the Responses API shape (`name` beside `type`): Chat "
                    "Completions nests it, as {example}",
                    example=_forcing(kind, choice.get("name")),
                )
                if flat
                else tr(
                    "`tool_choice` of type {type} needs a {type} object with the `name`",
                    type=code(kind),
                ),
                tr("Write {example}", example=_forcing(kind, choice.get("name"))),
            )
        elif not isinstance(inner.get("name"), str):
            yield Finding(
                pointer("tool_choice", kind, "name"),
                tr("`tool_choice.{type}` has no `name` string", type=kind),
                tr("Write {example}", example=_forcing(kind, None)),
            )
        return
    if kind == "allowed_tools":
        yield from _bad_allowed(choice)
        return
    path = "/tool_choice/type" if "type" in choice else "/tool_choice"
    if kind in MODES or kind == "any":
        word = "required" if kind == "any" else kind
        message = tr(
            "`tool_choice` is the object {value}, Anthropic's shape: in Chat Completions the "
            "mode is a plain string",
            value=describe(choice),
        )
        hint = tr('Write `"tool_choice": "{word}"`.', word=word)
    elif kind == "tool":
        message = tr(
            '`tool_choice` type `tool` is Anthropic\'s: Chat Completions writes `"type": '
            '"function"` and nests the name in `function`'
        )
        hint = tr("Write {example}", example=_forcing("function", choice.get("name")))
    elif isinstance(kind, str) and kind in RESPONSES_CHOICES:
        message = tr(
            "`tool_choice` forces the built-in tool {type}, which only the Responses API has",
            type=code(kind),
        )
        hint = _shapes_hint()
    elif "type" not in choice:
        message = tr(
            "`tool_choice` has no `type`: it must be `function`, `allowed_tools` or `custom`"
        )
        hint = _shapes_hint()
    else:
        message = tr(
            "`tool_choice` has type {value}: it must be `function`, `allowed_tools` or `custom`",
            value=describe(kind),
        )
        hint = _shapes_hint()
    yield Finding(path, message, hint)


def _forcing(kind: str, name: Any) -> str:
    shown = quote(name) if isinstance(name, str) else '"..."'
    return f'`{{"type": "{kind}", "{kind}": {{"name": {shown}}}}}`'


def _bad_allowed(choice: dict[str, Any]) -> Iterator[Finding]:
    example = (
        '`{"type": "allowed_tools", "allowed_tools": {"mode": "auto", "tools": [{"type": '
        '"function", "function": {"name": "get_weather"}}]}}`'
    )
    hint = tr("Write {example}", example=example)
    allowed = choice.get("allowed_tools")
    if not isinstance(allowed, dict):
        flat = "mode" in choice or "tools" in choice
        yield Finding(
            "/tool_choice/allowed_tools",
            tr(
                "`tool_choice` is in the Responses API shape (`mode` and `tools` beside "
                "`type`): Chat Completions nests them in an `allowed_tools` object"
            )
            if flat
            else tr("`tool_choice` of type `allowed_tools` needs an `allowed_tools` object"),
            hint,
        )
        return
    base = "/tool_choice/allowed_tools"
    mode = allowed.get("mode")
    if mode not in ("auto", "required"):
        yield Finding(
            base + "/mode" if "mode" in allowed else base,
            tr(
                "`allowed_tools.mode` is {value}: it must be `auto` or `required`",
                value=describe(mode),
            )
            if "mode" in allowed
            else tr("`allowed_tools` has no `mode`: it must be `auto` or `required`"),
            hint,
        )
    tools = allowed.get("tools")
    if not isinstance(tools, (list, tuple)):
        yield Finding(
            base + "/tools" if "tools" in allowed else base,
            tr("`allowed_tools` needs a `tools` array of the tools the model may call"),
            hint,
        )
        return
    for j, entry in enumerate(tools):
        path = pointer("tool_choice", "allowed_tools", "tools", j)
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            yield Finding(
                path,
                tr(
                    "entry {j} of `allowed_tools.tools` is {what}: each names a tool, as "
                    '`{{"type": "function", "function": {{"name": "..."}}}}`',
                    j=j,
                    what=json_type(entry)
                    if not isinstance(entry, dict)
                    else tr("an object without `type`"),
                ),
                hint,
            )
        elif entry["type"] in ("function", "custom") and not isinstance(
            entry.get(entry["type"]), dict
        ):
            yield warning(
                path,
                tr(
                    "entry {j} of `allowed_tools.tools` names its tool in the Responses "
                    "API's flat form; the Chat Completions reference nests it, as {example}",
                    j=j,
                    example=_forcing(entry["type"], entry.get("name")),
                ),
                tr("Write {example}", example=_forcing(entry["type"], entry.get("name"))),
            )


def _forced(ctx: Context) -> Iterator[tuple[str, str, str]]:
    """(pointer, kind, name) of every tool that `tool_choice` names."""
    choice = ctx.body.get("tool_choice") if ctx.body is not None else None
    if not isinstance(choice, dict):
        return
    kind = choice.get("type")
    if kind in ("function", "custom"):
        inner = choice.get(kind)
        if isinstance(inner, dict) and isinstance(inner.get("name"), str):
            yield pointer("tool_choice", kind, "name"), kind, inner["name"]
    elif kind == "allowed_tools":
        allowed = choice.get("allowed_tools")
        tools = allowed.get("tools") if isinstance(allowed, dict) else None
        for j, entry in enumerate(tools if isinstance(tools, (list, tuple)) else ()):
            if not isinstance(entry, dict) or entry.get("type") not in ("function", "custom"):
                continue
            entry_kind = entry["type"]
            inner = entry.get(entry_kind)
            base = ("tool_choice", "allowed_tools", "tools", j)
            if isinstance(inner, dict) and isinstance(inner.get("name"), str):
                yield pointer(*base, entry_kind, "name"), entry_kind, inner["name"]
            elif isinstance(entry.get("name"), str):
                yield pointer(*base, "name"), entry_kind, entry["name"]


@rule(
    "o-tool-choice-unknown-name",
    api="openai",
    scope="body",
    sources=(refs.CHAT_API, refs.FUNCTION_CALLING),
    api_message=(
        "Invalid value for 'function_call': no function named '{value}' was specified in the "
        "'functions' parameter."
    ),
    example="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "What time is it in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}],
  "tool_choice": {"type": "function", "function": {"name": "get_time"}}
}""",
    fix="""{
  "model": "gpt-4.1",
  "messages": [{"role": "user", "content": "What time is it in Paris?"}],
  "tools": [{"type": "function", "function": {"name": "get_time",
    "parameters": {"type": "object", "properties": {"tz": {"type": "string"}}}}}],
  "tool_choice": {"type": "function", "function": {"name": "get_time"}}
}""",
)
def tool_choice_unknown_name(ctx: Context) -> Iterator[Finding]:
    """A tool that `tool_choice` names is defined in `tools`.

    Forcing a function (or listing it in `allowed_tools`) that `tools` does not define is
    rejected, in words that still say `function_call` and `functions` (the legacy fields
    `tool_choice` maps onto); a legacy `function_call` naming a function not in
    `functions` gets the same answer. A name that is defined, but as the other kind of
    tool (a custom tool forced as a function, or the reverse), is a warning: no public
    report says how the API answers it.
    """
    if ctx.body is None:
        return
    functions, customs = _tool_names(ctx)
    if functions or customs:
        for path, kind, name in _forced(ctx):
            same, other = (functions, customs) if kind == "function" else (customs, functions)
            if name in same:
                continue
            if name in other:
                yield warning(
                    path,
                    tr(
                        "{name} is defined as a {other} tool, but `tool_choice` names it as a "
                        "{kind} tool",
                        name=quote(name),
                        other=code("custom" if kind == "function" else "function"),
                        kind=code(kind),
                    ),
                    tr("Give the choice the same `type` as the tool's definition."),
                )
                continue
            yield Finding(path, _undefined(name, sorted(same | other)), _define_hint())
    yield from _legacy_unknown(ctx)


def _undefined(name: str, defined: list[str]) -> str:
    shown = id_list(defined)
    if shown:
        return tr(
            "`tool_choice` names {name}, which is not defined in `tools` (defined: {defined})",
            name=quote(name),
            defined=shown,
        )
    return tr("`tool_choice` names {name}, which is not defined in `tools`", name=quote(name))


def _define_hint() -> str:
    return tr("Name one of the tools in `tools`, or add the tool's definition there.")


def _legacy_unknown(ctx: Context) -> Iterator[Finding]:
    assert ctx.body is not None
    call = ctx.body.get("function_call")
    functions = ctx.body.get("functions")
    if not (isinstance(call, dict) and isinstance(call.get("name"), str)):
        return
    if not isinstance(functions, (list, tuple)) or not functions:
        return
    names = [f.get("name") for f in functions if isinstance(f, dict)]
    names = [n for n in names if isinstance(n, str)]
    if names and call["name"] not in names:
        yield Finding(
            "/function_call/name",
            tr(
                "`function_call` names {name}, which is not in `functions` (defined: {defined})",
                name=quote(call["name"]),
                defined=id_list(names),
            ),
            tr("Name one of the functions in `functions`."),
        )


@rule(
    "o-tool-choice-without-tools",
    api="openai",
    scope="body",
    sources=(
        refs.issue("RageAgainstThePixel/OpenAI-DotNet", 479),
        refs.issue("Azure/azure-sdk-for-net", 45598),
        refs.pull("dotnet/extensions", 6276),
    ),
    api_message=(
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified."
    ),
    example="""{
  "model": "gpt-4o-mini",
  "messages": [{"role": "user", "content": "Summarise: the meeting moved to Tuesday."}],
  "tool_choice": "none"
}""",
    fix="""{
  "model": "gpt-4o-mini",
  "messages": [{"role": "user", "content": "Summarise: the meeting moved to Tuesday."}]
}""",
)
def tool_choice_without_tools(ctx: Context) -> Iterator[Finding]:
    """`tool_choice` is sent only together with `tools`.

    Any `tool_choice`, even `"none"` (the default without tools) or `"auto"`, is rejected
    when the request has no `tools`. Leave it out when you send no tools. (An empty
    `tools` array is reported by `o-tools-empty`.)
    """
    if ctx.body is None or ctx.body.get("tool_choice") is None:
        return
    if ctx.body.get("tools") is None:
        yield Finding(
            "/tool_choice",
            tr(
                "`tool_choice` is sent without `tools`: the API accepts it only with tools, "
                "even when it is {value}",
                value=describe(ctx.body["tool_choice"]),
            )
            if isinstance(ctx.body["tool_choice"], str)
            else tr("`tool_choice` is sent without `tools`: the API accepts it only with tools"),
            tr("Leave `tool_choice` out when the request has no tools."),
        )


@rule(
    "o-parallel-without-tools",
    api="openai",
    scope="body",
    sources=(
        refs.issue("Upsonic/Upsonic", 323),
        refs.pull("camel-ai/camel", 3706),
        refs.pull("openai/swarm", 32),
    ),
    api_message=(
        "Invalid value for 'parallel_tool_calls': 'parallel_tool_calls' is only allowed when "
        "'tools' are specified."
    ),
    example="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Write a haiku about rain."}],
  "parallel_tool_calls": false
}""",
    fix="""{
  "model": "gpt-4o",
  "messages": [{"role": "user", "content": "Write a haiku about rain."}]
}""",
)
def parallel_without_tools(ctx: Context) -> Iterator[Finding]:
    """`parallel_tool_calls` is sent only together with `tools`.

    Like `tool_choice`, `parallel_tool_calls` (even `false`) is rejected when the request
    has no `tools`; frameworks that always send it must drop it for a request without
    tools.
    """
    if ctx.body is None or ctx.body.get("parallel_tool_calls") is None:
        return
    if ctx.body.get("tools") is None:
        yield Finding(
            "/parallel_tool_calls",
            tr("`parallel_tool_calls` is sent without `tools`: the API accepts it only with tools"),
            tr("Leave `parallel_tool_calls` out when the request has no tools."),
        )
