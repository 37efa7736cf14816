"""`tool_choice`: its shapes, and the forcing that manual thinking and the newest models do not
allow."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import TOOL_CHOICE_TYPES, Context, id_list, warning
from checker.rules.anthropic.models import claude_version, is_retired, model_info
from checker.rules.record import Finding, rule

CREATE = f"{refs.DOCS}/api/messages/create"
FEATURE_COMPATIBILITY = f"{refs.THINKING}#feature-compatibility"
TOOL_WORKFLOWS = f"{refs.DOCS}/build-with-claude/thinking-tool-workflows"
OPUS_55 = f"{refs.DOCS}/models/opus-5-5/whats-new-opus-5-5#forced-tool-use-is-not-supported"
SONNET_55 = f"{refs.DOCS}/models/sonnet-5-5/whats-new-sonnet-5-5#forced-tool-use-is-not-supported"
FABLE_51 = f"{refs.DOCS}/models/fable-5-1/whats-new-fable-5-1"


@rule(
    "a-tool-choice-invalid",
    api="anthropic",
    scope="body",
    sources=(refs.TOOL_CHOICE, CREATE, refs.PARALLEL),
    api_message="{loc}: {detail}",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "tool_choice": "required",
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "tool_choice": {"type": "any"},
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def tool_choice_invalid(ctx: Context) -> Iterator[Finding]:
    """`tool_choice` is a well-formed object.

    Valid: `{"type": "auto"}`, `{"type": "any"}`, `{"type": "none"}` and
    `{"type": "tool", "name": ...}` naming a defined tool, each optionally with the boolean
    `disable_parallel_tool_use`. A bare string (OpenAI's `"auto"`, `"required"`) or an
    unknown type is rejected.
    """
    if ctx.body is None or "tool_choice" not in ctx.body:
        return
    choice = ctx.body["tool_choice"]
    path = "/tool_choice"
    if isinstance(choice, str):
        yield _string_choice(choice, path)
        return
    if not isinstance(choice, dict):
        yield Finding(
            path,
            tr(
                '`tool_choice` is {type}; it must be an object like `{{"type": "auto"}}`',
                type=json_type(choice),
            ),
            tr(
                'Use `{"type": "auto"}`, `{"type": "any"}`, `{"type": "none"}` or '
                '`{"type": "tool", "name": "..."}`.'
            ),
        )
        return
    kind = choice.get("type")
    if kind not in TOOL_CHOICE_TYPES:
        yield _unknown_type(choice, kind, path)
        return
    allowed = {"type", "disable_parallel_tool_use"} | ({"name"} if kind == "tool" else set())
    for key in choice:
        if key not in allowed:
            yield Finding(
                path + pointer(key),
                tr(
                    "`tool_choice` of type `{type}` takes no {key} field",
                    type=kind,
                    key=quote(key),
                ),
                tr("Allowed: `type`, `disable_parallel_tool_use`, `name`.")
                if kind == "tool"
                else tr(
                    "Allowed: `type`, `disable_parallel_tool_use` (and `name` with `type: tool`)."
                ),
            )
    dptu = choice.get("disable_parallel_tool_use")
    if "disable_parallel_tool_use" in choice and not isinstance(dptu, bool):
        yield Finding(
            path + "/disable_parallel_tool_use",
            tr(
                "`disable_parallel_tool_use` must be `true` or `false`, not {value}",
                value=describe(dptu),
            ),
            tr('Write `"disable_parallel_tool_use": true`.'),
        )
    if kind == "tool":
        yield from _forced_tool(ctx, choice, path)


def _string_choice(choice: str, path: str) -> Finding:
    """A bare string where Anthropic wants an object (OpenAI's `"auto"`, `"required"`)."""
    fix = {"required": "any"}.get(choice, choice)
    if fix not in TOOL_CHOICE_TYPES:
        fix = "auto"
    if choice == "required":
        message = tr(
            "`tool_choice` is the string {value}; Anthropic wants an object (`required` is "
            "OpenAI's word; Anthropic says `any`)",
            value=quote(choice),
        )
    else:
        message = tr(
            "`tool_choice` is the string {value}; Anthropic wants an object",
            value=quote(choice),
        )
    return Finding(
        path,
        message,
        tr('Write `"tool_choice": {{"type": "{type}"}}`.', type=fix),
    )


def _unknown_type(choice: dict, kind: object, path: str) -> Finding:
    """A `tool_choice` object whose `type` is missing or not one of Anthropic's."""
    if kind == "function" or "function" in choice:
        message = tr("`tool_choice` is in the OpenAI shape (`type: function`)")
        hint = tr('Write `{"type": "tool", "name": "..."}`.')
    elif kind == "required":
        message = tr("`tool_choice` type `required` is OpenAI's; Anthropic says `any`")
        hint = tr('Write `{"type": "any"}`.')
    else:
        message = (
            tr(
                "`tool_choice` has type {value}: it must be `auto`, `any`, `none` or `tool`",
                value=describe(kind),
            )
            if "type" in choice
            else tr("`tool_choice` has no `type`: it must be `auto`, `any`, `none` or `tool`")
        )
        hint = tr('Use e.g. `{"type": "auto"}`.')
    return Finding(
        path + "/type" if "type" in choice else path,
        message,
        hint,
    )


def _forced_tool(ctx: Context, choice: dict, path: str) -> Iterator[Finding]:
    """`type: tool` names a tool defined in `tools`."""
    name = choice.get("name")
    if not isinstance(name, str):
        yield Finding(
            path + "/name" if "name" in choice else path,
            tr("`tool_choice` of type `tool` needs the `name` of the tool to force"),
            tr('Write `{"type": "tool", "name": "get_weather"}`.'),
        )
        return
    defined = [t.get("name") for _, t in ctx.tools]
    if ctx.tools and name not in defined:
        shown = id_list([d for d in defined if isinstance(d, str)])
        yield Finding(
            path + "/name",
            tr(
                "`tool_choice` forces the tool {name}, which is not defined in `tools` "
                "(defined: {defined})",
                name=quote(name),
                defined=shown,
            )
            if shown
            else tr(
                "`tool_choice` forces the tool {name}, which is not defined in `tools`",
                name=quote(name),
            ),
            tr("Name one of the tools in `tools`."),
        )


@rule(
    "a-tool-choice-thinking",
    api="anthropic",
    scope="body",
    sources=(
        FEATURE_COMPATIBILITY,
        TOOL_WORKFLOWS,
        refs.issue("mastra-ai/mastra", 7507),
        refs.issue("can1357/oh-my-pi", 341),
    ),
    api_message="Thinking may not be enabled when tool_choice forces tool use.",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 4096,
  "thinking": {"type": "enabled", "budget_tokens": 2048},
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "tool_choice": {"type": "any"},
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 4096,
  "thinking": {"type": "enabled", "budget_tokens": 2048},
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "tool_choice": {"type": "auto"},
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
)
def tool_choice_thinking(ctx: Context) -> Iterator[Finding]:
    """Manual extended thinking allows only `auto` or `none` tool choice.

    With manual extended thinking (`"thinking": {"type": "enabled", ...}`), forcing a tool
    (`tool_choice` `any` or `tool`) is rejected. Adaptive thinking is different: on the
    models that take forced tool use, it skips thinking and starts the reply with the
    call. (The models that reject forcing altogether are `a-tool-choice-forced-unsupported`.)
    """
    if ctx.body is None:
        return
    thinking, choice = ctx.body.get("thinking"), ctx.body.get("tool_choice")
    if not (isinstance(thinking, dict) and thinking.get("type") == "enabled"):
        return
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        yield Finding(
            "/tool_choice/type",
            tr(
                "`tool_choice` type `{type}` forces a tool, which extended thinking "
                "(`thinking.type: enabled`) does not allow",
                type=choice["type"],
            ),
            tr(
                'Use `{"type": "auto"}` (or `none`) with thinking, or turn thinking off to '
                "force a tool."
            ),
        )


@rule(
    "a-tool-choice-forced-unsupported",
    api="anthropic",
    scope="body",
    sources=(
        OPUS_55,
        SONNET_55,
        FABLE_51,
        "https://github.com/experientiallabs/experiential/pull/804",
    ),
    api_message='tool_choice: type "tool" and "any" are not supported for this model.',
    example="""{
  "model": "claude-fable-5-1",
  "max_tokens": 8000,
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "tool_choice": {"type": "tool", "name": "get_weather"},
  "messages": [{"role": "user", "content": "Weather in Oslo?"}]
}""",
    fix="""{
  "model": "claude-fable-5-1",
  "max_tokens": 8000,
  "system": "Always answer weather questions by calling get_weather.",
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "tool_choice": {"type": "auto"},
  "messages": [{"role": "user", "content": "Weather in Oslo?"}]
}""",
    near_misses=(
        """{
  "model": "claude-opus-4-6",
  "max_tokens": 8000,
  "thinking": {"type": "adaptive"},
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "tool_choice": {"type": "tool", "name": "get_weather"},
  "messages": [{"role": "user", "content": "Weather in Oslo?"}]
}""",
    ),
)
def tool_choice_forced_unsupported(ctx: Context) -> Iterator[Finding]:
    """The model takes a forced tool choice.

    Claude Opus 5.5, Sonnet 5.5, Fable 5.1 and Mythos 5.1 always (or by default) think, and
    reject `tool_choice` `any` and `tool` with or without a `thinking` field. Use `auto`
    and ask for the tool in the system prompt, or pick a model that takes forcing (Claude
    Fable 5 and the Claude 4 models do).

    A warning for Claude Haiku 5.5 (not documented either way) and for a model id we do
    not know that is not older than Claude 5.1.
    """
    if ctx.body is None or not isinstance(ctx.model, str):
        return
    choice = ctx.body.get("tool_choice")
    if not (isinstance(choice, dict) and choice.get("type") in ("any", "tool")):
        return
    model = ctx.model
    info = model_info(model)
    path = "/tool_choice/type"
    hint = tr(
        'Use `"tool_choice": {"type": "auto"}` and say in the system prompt which tool to '
        "call, or choose a model that takes a forced tool."
    )
    if info is not None:
        if info.forced_tool_choice is False:
            yield Finding(
                path,
                tr(
                    "{model} does not take a forced tool (`tool_choice` type `{type}`)",
                    model=info.name,
                    type=choice["type"],
                ),
                hint,
            )
        elif info.forced_tool_choice is None:
            yield warning(
                path,
                tr(
                    "whether {model} takes a forced tool (`tool_choice` type `{type}`) is not "
                    "documented; the newest models reject it",
                    model=info.name,
                    type=choice["type"],
                ),
                hint,
            )
        return
    version = claude_version(model)
    if is_retired(model) or (version is not None and version < (5, 1)):
        return
    from checker.i18n import current_language
    from checker.models.course_facts import join_names, names

    yield warning(
        path,
        tr(
            "{model} is not a model we know: {models} reject a forced tool (`tool_choice` "
            "type `{type}`)",
            model=code(model),
            models=join_names(names("forcing_rejected"), current_language()),
            type=choice["type"],
        ),
        hint,
    )
