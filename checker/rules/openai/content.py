"""Content parts: what a tool message may hold, and the part types Chat Completions knows."""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, json_type, pointer
from checker.i18n import tr
from checker.rules.openai import refs
from checker.rules.openai.context import (
    ANTHROPIC_BLOCKS,
    PART_TYPES,
    Context,
    tool_message,
    warning,
)
from checker.rules.record import Finding, rule
from checker.rules.tool_output import as_text_hint


@rule(
    "o-tool-content-type",
    api="openai",
    sources=(
        refs.CHAT_REFERENCE,
        refs.issue("OpenHands/OpenHands", 7700),
        refs.issue("epam/ai-dial-adapter-openai", 434),
        refs.issue("openai/openai-openapi", 523),
    ),
    api_message=("Invalid value: '{value}'. Supported values are: 'text'."),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1",
   "content": [{"type": "image_url", "image_url": {"url": "https://example.com/map.png"}}]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1",
   "content": [{"type": "text", "text": "18 C"}]}
]""",
)
def tool_content_type(ctx: Context) -> Iterator[Finding]:
    """A tool message's content is a string or an array of text parts.

    Tool results are text: a string, or `[{"type": "text", "text": "..."}]`. Objects,
    numbers, and parts of another type are rejected (a missing content is
    `o-content-missing`). An image is rejected by gpt-4o-class models ("Image URLs are only
    allowed for messages with role 'user'"); GPT-5.2 and later accept it without a 400
    but do not look at it: a warning there. Put the image in a user message after the
    tool results.
    """
    hint = tr(
        'Send the tool output as a string, e.g. `"content": "22 C, sunny"` (`json.dumps` for data).'
    )
    for m in ctx.msgs:
        if m is None or m.role != "tool":
            continue
        content = m.content
        if content is None or isinstance(content, str):
            continue  # a missing content: o-content-missing
        path = ctx.path(m.index, "content")
        if not isinstance(content, (list, tuple)):
            yield Finding(
                path,
                tr(
                    "the tool message's `content` is {type}: it must be a string or an array of "
                    "text parts",
                    type=json_type(content),
                ),
                as_text_hint(content),
            )
            continue
        for j, part in enumerate(content):
            if (
                isinstance(part, dict)
                and part.get("type") == "text"
                and isinstance(part.get("text"), str)
            ):
                continue
            kind = part.get("type") if isinstance(part, dict) else None
            if kind == "image_url" and _images_accepted(ctx):
                yield warning(
                    path + pointer(j),
                    tr(
                        "an image in a tool message: this model accepts it but does not look at "
                        "it (tool results are text)"
                    ),
                    tr(
                        "Answer the call with text, and send the image in a user message right "
                        "after the tool messages."
                    ),
                )
                continue
            what = (
                tr("a {type} part", type=code(kind)) if isinstance(kind, str) else json_type(part)
            )
            yield Finding(
                path + pointer(j),
                tr("a tool message may hold only text, but part {j} is {what}", j=j, what=what),
                hint,
            )


def _images_accepted(ctx: Context) -> bool:
    """GPT-5.2 and later take an image in a tool message (and ignore it)."""
    if not getattr(ctx, "model", None):
        return False  # no model named: what the model accepts is not known
    # on first use, when a model is named: checker.rules.openai.models (the model table's
    # rules), which a request that names none does not need
    from checker.rules.openai.models import named_model

    info = named_model(ctx)
    return info is not None and info.gpt5_from(2)


@rule(
    "o-content-part-type",
    api="openai",
    sources=(
        refs.CHAT_REFERENCE,
        refs.issue("aallam/openai-kotlin", 320),
        refs.issue("langchain-ai/langgraphjs", 506),
    ),
    api_message=(
        "Invalid value: '{value}'. Supported values are: 'text', 'image_url', "
        "'input_audio', 'refusal', 'audio', and 'file'."
    ),
    example="""[
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "call_1", "content": "18 C"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [{"type": "text", "text": "It is 18 C in Paris."}]}
]""",
)
def content_part_type(ctx: Context) -> Iterator[Finding]:
    """Content parts are types Chat Completions knows for the role.

    User parts: `text`, `image_url`, `input_audio`, `file`; system and developer: `text`;
    assistant: `text`, `refusal`. Anthropic blocks (`tool_use`, `tool_result`, `image`...)
    are rejected: calls go in `tool_calls`, results in `tool` messages.
    """
    for m in ctx.msgs:
        if m is None or m.role not in PART_TYPES or not isinstance(m.content, (list, tuple)):
            continue
        allowed = PART_TYPES[m.role]
        for j, part in enumerate(m.content):
            kind = part.get("type") if isinstance(part, dict) else None
            if kind in allowed:
                continue
            path = ctx.path(m.index, "content", j)
            shown = ", ".join(f"`{t}`" for t in allowed)
            if not isinstance(part, dict):
                message = tr(
                    "content part {j} of {message} is {type}",
                    j=j,
                    message=ctx.where(m.index),
                    type=json_type(part),
                )
                hint = tr('Write each part as an object, e.g. `{"type": "text", "text": "..."}`.')
            elif not isinstance(kind, str):
                message = tr(
                    "content part {j} of {message} has no `type`", j=j, message=ctx.where(m.index)
                )
                hint = tr("Give it a `type`: {types}.", types=shown)
                path = path + "/type" if "type" in part else path
            elif kind == "tool_result":
                path += "/type"
                message = tr(
                    "a `tool_result` block is Anthropic's; in Chat Completions each result is a "
                    "separate `tool` message"
                )
                uid = part.get("tool_use_id")
                hint = tr(
                    "Write: {example}",
                    example=tool_message(uid if isinstance(uid, str) else "call_..."),
                )
            elif kind == "tool_use":
                path += "/type"
                message = tr(
                    "a `tool_use` block is Anthropic's; in Chat Completions the assistant's "
                    "calls go in its `tool_calls` array"
                )
                hint = tr(
                    'Write `"tool_calls": [{"id": ..., "type": "function", "function": '
                    '{"name": ..., "arguments": "{...}"}}]` on the assistant message.'
                )
            else:
                path += "/type"
                if kind in ANTHROPIC_BLOCKS:
                    message = tr(
                        "a {role} message cannot hold a {type} part (an Anthropic block): "
                        "allowed are {types}",
                        role=m.role,
                        type=code(kind),
                        types=shown,
                    )
                else:
                    message = tr(
                        "a {role} message cannot hold a {type} part: allowed are {types}",
                        role=m.role,
                        type=code(kind),
                        types=shown,
                    )
                hint = (
                    tr(
                        'Images go in user messages as `{"type": "image_url", "image_url": '
                        '{"url": "..."}}`.'
                    )
                    if kind == "image"
                    else tr("Use one of {types}.", types=shown)
                )
            yield Finding(path, message, hint)
