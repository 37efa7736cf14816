"""`o-tools-model-endpoint`: which endpoint takes a model's function tools (the table's
`chat_tools` fact, `checker.models`)."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import describe, quote
from checker.i18n import tr
from checker.models import facts_for
from checker.models.openai import DEPLOYMENT_CHECKLIST
from checker.rules.openai import refs
from checker.rules.openai.context import Context, warning
from checker.rules.record import Finding, rule

#: Chat Completions' function tool, and the same tool as the Responses API takes it
_TOOL = (
    '{"type": "function", "function": {"name": "get_weather",\n'
    '    "parameters": {"type": "object", "properties": {"city": {"type": "string"}},\n'
    '                   "required": ["city"]}}}'
)

#: a function tool as the Responses API takes it (no `function` wrapper)
RESPONSES_TOOL = '`{"type": "function", "name": "...", "parameters": {...}}`'


def _body(model: str, effort: str | None = None, tools: bool = True) -> str:
    lines = [f'  "model": "{model}",']
    if effort is not None:
        lines.append(f'  "reasoning_effort": "{effort}",')
    if tools:
        lines.append(f'  "tools": [{_TOOL}],')
    lines.append('  "messages": [{"role": "user", "content": "Weather in Paris?"}]')
    return "{\n" + "\n".join(lines) + "\n}"


def _function_tools(ctx: Context) -> bool:
    """Whether the body's `tools` holds a function tool."""
    tools = ctx.body.get("tools") if ctx.body is not None else None
    return isinstance(tools, list) and any(
        isinstance(tool, dict) and tool.get("type") == "function" for tool in tools
    )


@rule(
    "o-tools-model-endpoint",
    api="openai",
    scope="model",
    sources=(
        DEPLOYMENT_CHECKLIST,
        refs.issue("onyx-dot-app/onyx", 15008),
        refs.issue("Wei-Shaw/sub2api", 6740),
    ),
    api_message=(
        "Function tools with reasoning_effort are not supported for {value} in "
        "/v1/chat/completions. To use function tools, use /v1/responses or set "
        "reasoning_effort to 'none'."
    ),
    example=_body("gpt-6-luna", "medium"),
    fix=_body("gpt-6-luna", "none"),
    near_misses=(
        _body("gpt-6-sol", "none"),
        _body("gpt-6.1-terra", "high"),
        _body("gpt-7-nova", "high"),
        _body("gpt-6.1-sol", "high", tools=False),
    ),
)
def tools_model_endpoint(ctx: Context) -> Iterator[Finding]:
    """The model takes function tools in Chat Completions with this `reasoning_effort`.

    OpenAI's deployment checklist (read 2026-12-05) says GPT-6 Astra and GPT-6.1 Sol take
    tools only through the Responses API, and GPT-6 Sol and GPT-6 Luna take function tools
    in Chat Completions only with `reasoning_effort: "none"`; public reports quote the
    400 for gpt-6-sol and gpt-6-astra (`Function tools with reasoning_effort are not
    supported for ... in /v1/chat/completions`). So a function tool in `tools` is an
    error for the first two whatever the effort: the fix is the same request to
    `POST /v1/responses`, with `input` for `messages` and each tool flattened to
    `{"type": "function", "name": ..., "parameters": ...}`. For the other two it is an
    error when `reasoning_effort` is anything but `"none"`. Without `reasoning_effort`
    it is a warning: the checklist asks for `"none"` and these models reason by default,
    but no OpenAI page read says what the default is for each. The rule reads the
    table's `chat_tools` fact: a model whose fact is not known (GPT-6.1 Terra, GPT-6.2),
    or that the table does not know, gets nothing here; the Responses API is never
    judged by it.
    """
    facts = facts_for(ctx.model) if isinstance(ctx.model, str) else None
    if facts is None or facts.vendor != "openai" or ctx.body is None:
        return
    endpoint = facts.get("chat_tools")
    if endpoint not in ("no", "effort_none") or not _function_tools(ctx):
        return
    model = quote(facts.id)
    if endpoint == "no":
        yield Finding(
            "/model",
            tr(
                "{model} takes function tools only through the Responses API, not Chat Completions",
                model=model,
            ),
            tr(
                "Send the request to the Responses API (`POST /v1/responses`): `input` "
                "instead of `messages`, and each tool as {shape}.",
                shape=RESPONSES_TOOL,
            ),
        )
        return
    effort = ctx.body.get("reasoning_effort")
    if effort == "none":
        return
    hint = tr(
        'Set `"reasoning_effort": "none"`, or send the request to the Responses API to '
        "keep the model reasoning."
    )
    if effort is None:
        yield warning(
            "/model",
            tr(
                "{model} takes function tools in Chat Completions only with `reasoning_effort` "
                '`"none"`, and this request leaves the model\'s default effort',
                model=model,
            ),
            hint,
        )
        return
    yield Finding(
        "/model",
        tr(
            "{model} takes function tools in Chat Completions only with `reasoning_effort` "
            '`"none"`, not {value}',
            model=model,
            value=quote(effort) if isinstance(effort, str) else describe(effort),
        ),
        hint,
    )
