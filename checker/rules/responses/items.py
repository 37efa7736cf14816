"""The items of `input`: their types, message roles, content and content parts.

A message is easy (`{"role": ..., "content": ...}`) or typed (`"type": "message"`); its
parts are inputs (`input_text`, `input_image`, `input_file`) for user, system and
developer messages, and outputs (`output_text`, `refusal`) for assistant messages.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from checker.diagnostics import describe, json_type, quote
from checker.i18n import N_, tr
from checker.rules.record import Finding, rule
from checker.rules.responses import refs
from checker.rules.responses.context import (
    INPUT_PARTS,
    ITEM_TYPES,
    NEWER_INPUT_PARTS,
    OUTPUT_PARTS,
    PART_UNION,
    ROLES,
    Context,
    as_body,
)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: part types from other APIs -> what to write instead
FOREIGN_PARTS = {
    "text": N_(
        'Write `{"type": "input_text", "text": "..."}` (`output_text` in assistant messages).'
    ),
    "image_url": N_(
        'Write `{"type": "input_image", "image_url": "https://..."}`: the URL is a plain string.'
    ),
    "image": N_('Write `{"type": "input_image", "image_url": "https://..."}` (or a data URL).'),
    "document": N_('Write `{"type": "input_file", "file_id": "file-..."}` (or `file_data`).'),
    "file": N_('Write `{"type": "input_file", "file_id": "file-..."}` (or `file_data`).'),
    "tool_result": N_(
        'A tool result is its own item: `{"type": "function_call_output", "call_id": "...", '
        '"output": "..."}`.'
    ),
    "tool_use": N_(
        'A call is its own item: `{"type": "function_call", "call_id": "...", "name": "...", '
        '"arguments": "{...}"}`.'
    ),
    "thinking": N_(
        "Reasoning is its own `reasoning` item, passed back as the API returned it; you "
        "cannot write it yourself."
    ),
}


#: item types written from habit -> the Responses item type
_ITEM_ALIASES = {
    "tool_call": "function_call",
    "function": "function_call",
    "tool_calls": "function_call",
    "function_call_result": "function_call_output",
    "function_result": "function_call_output",
    "function_output": "function_call_output",
    "tool_output": "function_call_output",
    "tool_call_output": "function_call_output",
    "tool": "function_call_output",
}


@rule(
    "r-item-type-unknown",
    api="responses",
    sources=(refs.SPEC, refs.RESPONSES_API),
    api_message="Invalid value: '{value}'.",
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "tool_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
]"""),
)
def item_type_unknown(ctx: Context) -> Iterator[Finding]:
    """Every item of `input` has a `type` the API knows.

    Items are messages (`message`, or no `type` with a `role`), calls and their outputs
    (`function_call`, `function_call_output`, `custom_tool_call`, ...), `reasoning`,
    `item_reference` and the items of hosted tools. The API refuses any other `type`
    with the list of the types it knows, and a `type` that is not a string.
    """
    for it in ctx.items:
        if it is None or "type" not in it.raw or it.type in ITEM_TYPES:
            continue
        if it.raw["type"] is None and "role" in it.raw:
            continue
        kind = it.raw["type"]
        close = (
            difflib.get_close_matches(kind, sorted(ITEM_TYPES), n=1, cutoff=0.7)
            if isinstance(kind, str)
            else []
        )
        if isinstance(kind, str) and kind in _ITEM_ALIASES:
            hint = tr("Did you mean {name}?", name=quote(_ITEM_ALIASES[kind]))
        elif kind in ("text", "input_text"):
            hint = tr('Wrap the text in a message: `{"role": "user", "content": "..."}`.')
        elif isinstance(kind, str) and kind in FOREIGN_PARTS:
            hint = tr(FOREIGN_PARTS[kind])
        elif close:
            hint = tr("Did you mean {name}?", name=quote(close[0]))
        else:
            hint = tr(
                "Use `message` (or just a `role`), `function_call`, `function_call_output`, "
                "`reasoning` or another item type of the Responses API."
            )
        yield Finding(
            ctx.path(it.index, "type"),
            tr(
                "the `type` of {item} is {value}: not an item type of the Responses API",
                item=ctx.where(it.index),
                value=describe(kind),
            ),
            hint,
        )


@rule(
    "r-role-invalid",
    api="responses",
    sources=(refs.SPEC, refs.RESPONSES_API),
    api_message=(
        "Invalid value: '{value}'. Supported values are: 'assistant', 'system', 'developer', "
        "and 'user'."
    ),
    example=as_body('[{"role": "human", "content": "Hello"}]'),
    fix=as_body('[{"role": "user", "content": "Hello"}]'),
)
def role_invalid(ctx: Context) -> Iterator[Finding]:
    """A message's `role` is `user`, `assistant`, `system` or `developer`.

    `developer` and `system` messages carry instructions (so does the top-level
    `instructions`). Chat Completions' `tool` role is `r-chat-shape`: a tool result is a
    `function_call_output` item.
    """
    for it in ctx.items:
        if it is None or not it.is_message or it.role is None:
            continue
        if it.role in ROLES or it.role in ("tool", "function"):
            continue
        close = difflib.get_close_matches(it.role, ROLES, n=1, cutoff=0.6)
        yield Finding(
            ctx.path(it.index, "role"),
            tr(
                "`role` of {item} is {role}: it must be user, assistant, system or developer",
                item=ctx.where(it.index),
                role=quote(it.role),
            ),
            tr("Did you mean {name}?", name=quote(close[0]))
            if close
            else tr("Use `user` for your turns and `assistant` for the model's."),
        )


@rule(
    "r-message-content-missing",
    api="responses",
    sources=(refs.SPEC, refs.RESPONSES_API),
    api_message="Missing required parameter: '{param}'.",
    example=as_body('[{"role": "user", "content": []}]'),
    fix=as_body('[{"role": "user", "content": [{"type": "input_text", "text": "Hello"}]}]'),
)
def message_content_missing(ctx: Context) -> Iterator[Finding]:
    """Every message has `content`: a string or a non-empty array of parts.

    The API refuses a message without `content` (`Missing required parameter:
    'input[0].content'.`), with `null`, or with an empty array (`Each message must have
    at least one content element.`). An assistant message whose turn was only tool calls
    is not a message here: its calls are `function_call` items.
    """
    for it in ctx.items:
        if it is None or not it.is_message or it.role in ("tool", "function"):
            continue
        raw = it.raw
        content = raw.get("content")
        if content is not None and not (isinstance(content, (list, tuple)) and not content):
            continue
        if content is None and raw.get("tool_calls"):
            continue  # r-chat-shape reports the calls
        yield Finding(
            ctx.path(it.index, "content"),
            tr("{item} has an empty `content` array", item=ctx.where(it.index))
            if isinstance(content, (list, tuple))
            else tr("{item} has no `content`", item=ctx.where(it.index)),
            tr('Give the message its text: `"content": "..."`, or drop the message.'),
        )


def _parts(ctx: Context) -> Iterator[tuple[str, tuple[str, ...], int, list[Any], str]]:
    """(owner label, allowed types, item index, parts, key) of every array of parts."""
    for it in ctx.items:
        if it is None:
            continue
        if it.is_message and it.role in ROLES:
            content = it.raw.get("content")
            if isinstance(content, (list, tuple)):
                allowed = OUTPUT_PARTS if it.role == "assistant" else INPUT_PARTS
                yield tr(_OWNERS[it.role]), allowed, it.index, content, "content"
        elif it.type in ("function_call_output", "custom_tool_call_output"):
            output = it.raw.get("output")
            if isinstance(output, (list, tuple)):
                yield tr("a tool output"), INPUT_PARTS, it.index, output, "output"


@rule(
    "r-content-part-type",
    api="responses",
    sources=(refs.SPEC, "https://github.com/sunwu51/TabPilot/pull/46"),
    api_message="Invalid value: '{value}'.",
    example=as_body("""[
  {"role": "user", "content": [{"type": "text", "text": "Hello"}]}
]"""),
    fix=as_body("""[
  {"role": "user", "content": [{"type": "input_text", "text": "Hello"}]}
]"""),
    near_misses=(
        """[
  {"role": "user", "content": "Hi"},
  {"role": "assistant", "content": [{"type": "output_text", "text": "Hello! How can I help?"}]},
  {"role": "user", "content": [{"type": "input_text", "text": "Tell me a joke."}]}
]""",
    ),
)
def content_part_type(ctx: Context) -> Iterator[Finding]:
    """Content parts have the Responses types their message's role allows.

    User, system and developer messages take input parts (`input_text`, `input_image`,
    `input_file`); assistant messages take output parts (`output_text`, `refusal`). The
    array form of a tool output takes input parts too. Chat Completions' `text` and
    `image_url` parts and Anthropic's `image` or `tool_result` blocks are refused with
    the list of part types, and an input part in an assistant message (or the reverse)
    with the types of that role (`Invalid value: 'input_text'. Supported values are:
    'output_text' and 'refusal'.`).
    """
    for owner, allowed, index, parts, key in _parts(ctx):
        for j, part in enumerate(parts):
            kind = part.get("type") if isinstance(part, dict) else None
            if not isinstance(kind, str) or kind in allowed:
                continue
            if allowed is INPUT_PARTS and kind in NEWER_INPUT_PARTS:
                continue
            if kind in PART_UNION:
                other = "output_text" if allowed is OUTPUT_PARTS else "input_text"
                message = tr(
                    "{value} is not a part type of {owner}, which takes {types}",
                    value=quote(kind),
                    owner=owner,
                    types=", ".join(f"`{t}`" for t in allowed),
                )
                hint = (
                    tr(
                        "The model's earlier text is `output_text`: write "
                        '`{"type": "output_text", "text": "..."}`.'
                    )
                    if other == "output_text"
                    else tr('Write `{"type": "input_text", "text": "..."}`.')
                )
            else:
                message = tr(
                    "{value} is not a content part type of the Responses API",
                    value=quote(kind),
                )
                hint = (
                    tr(FOREIGN_PARTS[kind])
                    if kind in FOREIGN_PARTS
                    else tr("Use one of: {types}.", types=", ".join(f"`{t}`" for t in allowed))
                )
                if kind == "text" and allowed is OUTPUT_PARTS:
                    hint = tr('Write `{"type": "output_text", "text": "..."}`.')
            yield Finding(ctx.path(index, key, j, "type"), message, hint)


_OWNERS = {
    "user": N_("a user message"),
    "assistant": N_("an assistant message"),
    "system": N_("a system message"),
    "developer": N_("a developer message"),
}
_NEEDS_TEXT = {"input_text": "text", "output_text": "text", "refusal": "refusal"}


@rule(
    "r-content-part-shape",
    api="responses",
    sources=(refs.SPEC, refs.RESPONSES_API),
    api_message=("Invalid type for '{param}': expected an image URL, but got an object instead."),
    example=as_body("""[
  {"role": "user", "content": [
    {"type": "input_text", "text": "Describe this image."},
    {"type": "input_image", "image_url": {"url": "https://example.com/cat.png"}}
  ]}
]"""),
    fix=as_body("""[
  {"role": "user", "content": [
    {"type": "input_text", "text": "Describe this image."},
    {"type": "input_image", "image_url": "https://example.com/cat.png", "detail": "auto"}
  ]}
]"""),
)
def content_part_shape(ctx: Context) -> Iterator[Finding]:
    """Each content part carries the fields of its type, with their types.

    `input_text` and `output_text` need a string `text`, `refusal` a string `refusal`,
    and `input_image` an `image_url` that is a **string** (a URL or a `data:` URL) or a
    `file_id`. The Chat Completions form `"image_url": {"url": ...}` is refused
    (`expected an image URL, but got an object instead`).
    """
    for _owner, _allowed, index, parts, key in _parts(ctx):
        for j, part in enumerate(parts):
            if not isinstance(part, dict):
                continue
            kind = part.get("type")
            field = _NEEDS_TEXT.get(kind) if isinstance(kind, str) else None
            if field is not None and not isinstance(part.get(field), str):
                yield Finding(
                    ctx.path(index, key, j, field) if field in part else ctx.path(index, key, j),
                    tr(
                        "the {type} part has no string `{field}`",
                        type=quote(kind),
                        field=field,
                    )
                    if field not in part
                    else tr(
                        "`{field}` of the {type} part is {value}: it must be a string",
                        field=field,
                        type=quote(kind),
                        value=json_type(part[field]),
                    ),
                    tr('Write `{"type": "input_text", "text": "..."}`.')
                    if kind == "input_text"
                    else tr('Write `{"type": "output_text", "text": "..."}`.'),
                )
            if kind != "input_image":
                continue
            url = part.get("image_url")
            if isinstance(url, str) or (url is None and isinstance(part.get("file_id"), str)):
                continue
            if isinstance(url, dict):
                message = tr(
                    "`image_url` is an object, as in Chat Completions: here it is the URL "
                    "string itself"
                )
                inner = url.get("url")
                hint = (
                    tr('Write `"image_url": {url}`.', url=quote(inner, 80))
                    if isinstance(inner, str)
                    else tr('Write `"image_url": "https://..."`.')
                )
            elif "image_url" in part and url is not None:
                message = tr("`image_url` is {type}: it must be a URL string", type=json_type(url))
                hint = tr('Write `"image_url": "https://..."` or `"data:image/png;base64,..."`.')
            else:
                message = tr("the `input_image` part has no `image_url` and no `file_id`")
                hint = tr(
                    'Give the image: `"image_url": "https://..."` or `"file_id": "file-..."`.'
                )
            yield Finding(
                ctx.path(index, key, j, "image_url")
                if "image_url" in part
                else ctx.path(index, key, j),
                message,
                hint,
            )
