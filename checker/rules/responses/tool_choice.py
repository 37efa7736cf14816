"""`tool_choice`: a mode string, or an object naming a declared tool by its flat shape.

`{"type": "function", "name": ...}` forces one of your functions; hosted tools are forced
by their type (`{"type": "file_search"}`) or restricted with `allowed_tools`.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, quote
from checker.i18n import tr
from checker.rules.record import Finding, rule
from checker.rules.responses import refs
from checker.rules.responses.context import Context, snippet, warning

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

MODES = ("none", "auto", "required")
#: hosted types `tool_choice` takes (SPEC `ToolChoiceTypes`) -> the family of tool types
HOSTED = {
    "file_search": "file_search",
    "web_search_preview": "web",
    "web_search_preview_2025_03_11": "web",
    "computer": "computer",
    "computer_use_preview": "computer",
    "computer_use": "computer",
    "image_generation": "image_generation",
    "code_interpreter": "code_interpreter",
}
_TOOL_FAMILY = {
    "web_search": "web",
    "web_search_2025_08_26": "web",
    "web_search_preview": "web",
    "web_search_preview_2025_03_11": "web",
    "computer": "computer",
    "computer_use_preview": "computer",
}
#: forced by type alone, with nothing to check
_BY_TYPE = ("apply_patch", "shell", "programmatic_tool_calling")
_UNLISTED_WEB = ("web_search", "web_search_2025_08_26")
_FORCE = '`{"type": "function", "name": "get_weather"}`'

_TOOL = (
    '{"type": "function", "name": "get_weather", "strict": true, "parameters": {"type": '
    '"object", "properties": {"city": {"type": "string"}}, "required": ["city"], '
    '"additionalProperties": false}}'
)


def _declared(ctx: Context) -> tuple[set[str], set[str]]:
    """(function names, tool type families) of the declared tools.

    Tools come from `tools` and from `additional_tools` items of `input`.
    """
    tools = [t for _, t in ctx.tools]
    for it in ctx.items:
        if (
            it is not None
            and it.type == "additional_tools"
            and isinstance(it.raw.get("tools"), list)
        ):
            tools += [t for t in it.raw["tools"] if isinstance(t, dict)]
    names: set[str] = set()
    kinds: set[str] = set()
    for tool in tools:
        kind = tool.get("type")
        if not isinstance(kind, str):
            continue
        kinds.add(_TOOL_FAMILY.get(kind, kind))
        inner = tool.get("tools") if kind == "namespace" else [tool]
        for fn in inner if isinstance(inner, list) else ():
            if isinstance(fn, dict) and fn.get("type") == "function" and "name" in fn:
                names.add(str(fn["name"]))
    return names, kinds


def _function_choice(ctx: Context, choice: dict[str, Any]) -> Iterator[Finding]:
    if isinstance(choice.get("function"), dict):
        inner = choice["function"].get("name")
        yield Finding(
            "/tool_choice",
            tr(
                "`tool_choice` is in the Chat Completions shape: here the `name` sits next "
                "to `type`, with no `function` object"
            ),
            tr(
                "Write {example}.",
                example=snippet({"type": "function", "name": inner})
                if isinstance(inner, str)
                else _FORCE,
            ),
        )
        return
    name = choice.get("name")
    if not isinstance(name, str):
        yield Finding(
            "/tool_choice",
            tr("`tool_choice` forces a function but names none"),
            tr("Write {example}.", example=_FORCE),
        )
        return
    names, kinds = _declared(ctx)
    if not kinds or name in names:
        return
    family = _TOOL_FAMILY.get(name, name)
    if family in kinds and family != "function":
        message = tr(
            "`tool_choice` forces {name} as a function, but it is a hosted tool: hosted "
            "tools are chosen by their type",
            name=quote(name),
        )
        hint = tr(
            'Write `"tool_choice": "required"`, or `{"type": "allowed_tools", "mode": '
            '"required", "tools": [{"type": "web_search"}]}`.'
        )
    else:
        message = tr(
            "`tool_choice` forces {name}, which is not among the function tools", name=quote(name)
        )
        hint = (
            tr("Declared functions: {names}.", names=", ".join(quote(n) for n in sorted(names)[:8]))
            if names
            else tr('Declare the function in `tools`, or choose a mode such as `"auto"`.')
        )
    yield Finding("/tool_choice/name", message, hint)


@rule(
    "r-tool-choice-invalid",
    api="responses",
    scope="body",
    sources=(
        refs.FUNCTION_CALLING,
        refs.SPEC,
        "https://github.com/raine/claude-code-proxy/issues/10",
    ),
    api_message="Missing required parameter: 'tool_choice.name'.",
    example=f"""{{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [{_TOOL}],
  "tool_choice": {{"type": "function", "function": {{"name": "get_weather"}}}}
}}""",
    fix=f"""{{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [{_TOOL}],
  "tool_choice": {{"type": "function", "name": "get_weather"}}
}}""",
    near_misses=(
        f"""{{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [{_TOOL}, {{"type": "web_search"}}],
  "tool_choice": {{"type": "allowed_tools", "mode": "required",
                  "tools": [{{"type": "function", "name": "get_weather"}}]}}
}}""",
        """{
  "model": "gpt-5.5",
  "input": "Search the web for today's ECB rate.",
  "tools": [{"type": "web_search_preview"}],
  "tool_choice": {"type": "web_search_preview"}
}""",
    ),
)
def tool_choice_invalid(ctx: Context) -> Iterator[Finding]:
    """`tool_choice` is a mode, or names a declared tool in the Responses shape.

    The modes are `"none"`, `"auto"` and `"required"`. A function is forced with the flat
    `{"type": "function", "name": ...}`: Chat Completions' `{"type": "function",
    "function": {"name": ...}}` is refused (`Missing required parameter:
    'tool_choice.name'.`), and so is a name that is not a declared function. Hosted tools
    are chosen by their type (`{"type": "file_search"}`), not as functions (`Tool choice
    'web_search' not found in 'tools' parameter.`), and must be declared in `tools`, also
    when `tools` is empty or absent (the same 400: tools are not carried over from a
    previous response) and for `web_search`, which the spec leaves out of the hosted
    `tool_choice` types (see `r-tool-choice-hosted-type`) but which is still looked up in
    `tools`;
    `{"type": "allowed_tools", "mode": ..., "tools": [...]}` restricts the choice.
    """
    body = ctx.body or {}
    choice = body.get("tool_choice")
    if choice is None:
        return
    if isinstance(choice, str):
        if choice not in MODES:
            yield Finding(
                "/tool_choice",
                tr(
                    "`tool_choice` is {value}: the modes are none, auto and required",
                    value=quote(choice),
                ),
                tr(
                    'Write `"tool_choice": "required"`, or force a function with {example}.',
                    example=_FORCE,
                )
                if choice == "any"
                else tr(
                    'Write `"tool_choice": "auto"`, or force a function with {example}.',
                    example=_FORCE,
                ),
            )
        return
    if not isinstance(choice, dict):
        yield Finding(
            "/tool_choice",
            tr("`tool_choice` is {value}: it must be a mode or an object", value=describe(choice)),
            tr(
                'Write `"tool_choice": "auto"`, or force a function with {example}.', example=_FORCE
            ),
        )
        return
    kind = choice.get("type") if isinstance(choice.get("type"), str) else None
    if kind == "function":
        yield from _function_choice(ctx, choice)
    elif kind == "allowed_tools":
        if choice.get("mode") not in ("auto", "required") or not isinstance(
            choice.get("tools"), list
        ):
            yield Finding(
                "/tool_choice",
                tr("`allowed_tools` needs a `mode` (auto or required) and a `tools` array"),
                tr(
                    'Write `{"type": "allowed_tools", "mode": "auto", "tools": [{"type": '
                    '"function", "name": "..."}]}`.'
                ),
            )
    elif kind in HOSTED or kind in _UNLISTED_WEB:
        _, kinds = _declared(ctx)
        if HOSTED.get(kind, "web") not in kinds and kind not in kinds:
            yield Finding(
                "/tool_choice/type",
                tr(
                    "`tool_choice` forces the {type} tool, which is not in `tools`", type=code(kind)
                ),
                tr("Declare it: {example}.", example=snippet({"type": kind})),
            )
    elif kind in ("mcp", "custom"):
        field = "server_label" if kind == "mcp" else "name"
        if not isinstance(choice.get(field), str):
            yield Finding(
                "/tool_choice",
                tr("a {type} `tool_choice` needs its {field}", type=code(kind), field=code(field)),
                tr("Write {example}.", example=snippet({"type": kind, field: "..."})),
            )
    elif kind not in _BY_TYPE:
        yield Finding(
            "/tool_choice/type" if "type" in choice else "/tool_choice",
            tr(
                "`tool_choice` has the type {type}, which the Responses API does not know",
                type=describe(choice["type"]),
            )
            if "type" in choice
            else tr("`tool_choice` has no `type`"),
            tr(
                'Force a function with {example}, or write `"tool_choice": "required"`.',
                example=_FORCE,
            ),
        )


@rule(
    "r-tool-choice-hosted-type",
    api="responses",
    severity="warning",
    scope="body",
    sources=(refs.SPEC, "https://platform.openai.com/docs/guides/tools-web-search"),
    example="""{
  "model": "gpt-5.5",
  "input": "Search the web for today's ECB rate.",
  "tools": [{"type": "web_search"}],
  "tool_choice": {"type": "web_search"}
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": "Search the web for today's ECB rate.",
  "tools": [{"type": "web_search"}],
  "tool_choice": {"type": "allowed_tools", "mode": "required", "tools": [{"type": "web_search"}]}
}""",
)
def tool_choice_hosted_type(ctx: Context) -> Iterator[Finding]:
    """`web_search` is forced through `allowed_tools`: it is not a `tool_choice` type.

    The spec's hosted `tool_choice` types list `web_search_preview` but not `web_search`;
    some backends accept `{"type": "web_search"}`, so it is a warning. `{"type":
    "allowed_tools", "mode": "required", "tools": [{"type": "web_search"}]}` is the
    documented way to make the model search.
    """
    choice = (ctx.body or {}).get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") in _UNLISTED_WEB:
        yield warning(
            "/tool_choice/type",
            tr(
                "{type} is not among the documented `tool_choice` types",
                type=quote(choice["type"]),
            ),
            tr(
                'Write `{"type": "allowed_tools", "mode": "required", "tools": [{"type": '
                '"web_search"}]}`.'
            ),
        )


@rule(
    "r-tool-choice-without-tools",
    api="responses",
    severity="warning",
    scope="body",
    sources=(refs.FUNCTION_CALLING, refs.RESPONSES_API),
    example='{"model": "gpt-5.5", "input": "Weather in Paris?", "tool_choice": "required"}',
    fix=f"""{{
  "model": "gpt-5.5",
  "input": "Weather in Paris?",
  "tools": [{_TOOL}],
  "tool_choice": "required"
}}""",
)
def tool_choice_without_tools(ctx: Context) -> Iterator[Finding]:
    """A `tool_choice` comes with the `tools` it chooses from.

    Tools are not carried over from a previous response: every request declares its own.
    Chat Completions refuses a `tool_choice` without `tools`; no report shows the
    Responses API's answer, so it is a warning. A hosted tool forced with no `tools` is
    not this warning but `r-tool-choice-invalid`'s error (`not found in 'tools'`).
    """
    body = ctx.body or {}
    choice = body.get("tool_choice")
    if choice in (None, "none", "auto") or _declared(ctx)[1]:
        return
    hosted = (*HOSTED, *_UNLISTED_WEB)
    if (
        isinstance(choice, dict)
        and isinstance(choice.get("type"), str)
        and choice["type"] in hosted
    ):
        return  # a hosted tool forced but not declared: r-tool-choice-invalid's error
    yield warning(
        "/tool_choice",
        tr("`tool_choice` is set but the request declares no `tools`"),
        tr("Send the `tools` with every request, or remove `tool_choice`."),
    )
