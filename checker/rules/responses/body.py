"""The top level of a Responses request: known fields, `model`, `input`, ids of stored state.

The API validates strictly: an unknown key is refused at the top level and inside items,
content parts and function tools. A turn is carried by `input`, or by a stored prompt, a
previous response or a conversation; their ids have their own prefixes.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator

from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import N_, tr
from checker.rules.record import Finding, also_checks, rule
from checker.rules.responses import refs
from checker.rules.responses.chat_shapes import CHAT_FIELDS, CHAT_MESSAGE_KEYS
from checker.rules.responses.context import Context, warning
from checker.rules.sampling_ranges import RESPONSES, range_findings

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: Every top-level field of `POST /v1/responses` (SPEC `CreateResponse`).
TOP_LEVEL = frozenset(
    (  # noqa: SIM905 (a word list reads better than 30 quoted items)
        "model input instructions tools tool_choice parallel_tool_calls previous_response_id "
        "conversation store include reasoning text max_output_tokens max_tool_calls metadata "
        "temperature top_p top_logprobs stream stream_options background truncation "
        "service_tier user safety_identifier prompt prompt_cache_key prompt_cache_retention "
        "prompt_cache_options context_management moderation"
    ).split()
)

#: Fields from other APIs with no Responses counterpart worth a word of their own.
FOREIGN_HINTS = {
    "system": N_("The system prompt goes in `instructions` (or a `developer` message)."),
    "thinking": N_('Reasoning is set with `"reasoning": {"effort": "medium"}`.'),
    "stop": N_("The Responses API has no stop sequences: remove it."),
    "stop_sequences": N_("The Responses API has no stop sequences: remove it."),
    "presence_penalty": N_("The Responses API does not support penalties: remove it."),
    "frequency_penalty": N_("The Responses API does not support penalties: remove it."),
    "n": N_("A response has one output: send one request per answer you want."),
    "extra_body": N_(
        "`extra_body` is an SDK argument: its keys go at the top level of the JSON body."
    ),
}

_MESSAGE = frozenset(("type", "role", "content", "status", "id", "phase"))
_CALLER = ("caller", "namespace")
#: item type -> the fields its input form accepts (SPEC `Item`); other types are not judged
ITEM_FIELDS: dict[str, frozenset[str]] = {
    "message": _MESSAGE,
    "function_call": frozenset(("type", "id", "call_id", "name", "arguments", "status", *_CALLER)),
    "function_call_output": frozenset(
        ("type", "id", "call_id", "output", "status", "name", *_CALLER)
    ),
    "custom_tool_call": frozenset(("type", "id", "call_id", "name", "input", *_CALLER)),
    "custom_tool_call_output": frozenset(("type", "id", "call_id", "output", "caller")),
    "reasoning": frozenset(("type", "id", "summary", "content", "encrypted_content", "status")),
    "item_reference": frozenset(("type", "id")),
    "mcp_approval_request": frozenset(("type", "id", "server_label", "name", "arguments")),
    "mcp_approval_response": frozenset(
        ("type", "id", "approval_request_id", "approve", "reason", "request_id")
    ),
    "web_search_call": frozenset(("type", "id", "status", "action")),
}
#: part type -> its fields (SPEC `InputContent`, `OutputMessageContent`)
PART_FIELDS: dict[str, frozenset[str]] = {
    "input_text": frozenset(("type", "text", "prompt_cache_breakpoint")),
    "input_image": frozenset(("type", "image_url", "file_id", "detail", "prompt_cache_breakpoint")),
    "input_file": frozenset(
        (
            "type",
            "file_id",
            "filename",
            "file_data",
            "file_url",
            "detail",
            "prompt_cache_breakpoint",
        )
    ),
    "output_text": frozenset(("type", "text", "annotations", "logprobs")),
    "refusal": frozenset(("type", "refusal")),
}
FUNCTION_TOOL_FIELDS = frozenset(
    (
        "type",
        "name",
        "description",
        "parameters",
        "strict",
        "output_schema",
        "defer_loading",
        "allowed_callers",
    )
)
#: web_search_call action type -> its input fields (`sources` is output only: a warning)
_ACTION_FIELDS = {
    "search": frozenset(("type", "query", "queries")),
    "open_page": frozenset(("type", "url")),
    "find_in_page": frozenset(("type", "url", "pattern")),
}
_PART_HINTS = {
    "cache_control": N_(
        "`cache_control` is Anthropic's cache marker; the Responses API caches prefixes "
        "by itself (steer it with `prompt_cache_key`): remove it."
    ),
}


def _unknown(path: str, key: str, where: str, known: frozenset[str]) -> Finding:
    close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.75)
    hint = (
        tr("Did you mean `{name}`?", name=close[0])
        if close
        else tr(_PART_HINTS[key])
        if key in _PART_HINTS
        else tr("Remove it; {where} accepts: {known}.", where=where, known=_names(known))
    )
    return Finding(
        path,
        tr("{where} has an unknown field {key}", where=where, key=code(key)),
        hint,
    )


def _names(known: frozenset[str]) -> str:
    return ", ".join(f"`{k}`" for k in sorted(known))


@rule(
    "r-body-field-unknown",
    api="responses",
    sources=(
        refs.SPEC,
        f"{refs.GH}/pydantic/pydantic-ai/blob/main/pydantic_ai_slim/pydantic_ai/models/openai.py",
    ),
    api_message="Unknown parameter: '{param}'.",
    example="""{
  "model": "gpt-5.5",
  "input": "Name a color.",
  "temprature": 0.2
}""",
    fix="""{
  "model": "gpt-4.1",
  "input": "Name a color.",
  "temperature": 0.2
}""",
    near_misses=(
        """{
  "model": "gpt-5.5",
  "input": [{"role": "user", "content": [
    {"type": "input_text", "text": "Describe this image."},
    {"type": "input_image", "image_url": "https://example.com/cat.png", "detail": "auto"}
  ]}],
  "store": false,
  "metadata": {"run": "7"},
  "prompt_cache_key": "lesson-3"
}""",
    ),
)
def item_fields(ctx: Context) -> Iterator[Finding]:
    """Every field of the request is one the Responses API knows.

    The API validates the whole body strictly: an unknown key is refused at the top level
    (`Unknown parameter: 'temprature'.`), inside an item or a content part (`Unknown
    parameter: 'input[0].content[0].cache_control'.`, Anthropic's cache marker) and inside
    a function tool. Items are judged by the fields of their type in the API's spec;
    types this checker does not describe are not judged. Chat Completions fields are
    `r-chat-shape`. One field is a warning: `action.sources` of a replayed
    `web_search_call` is an output-only field that the API has refused on input (client
    libraries strip it), while the spec lists it on the item.
    """
    for it in ctx.items:
        if it is None or it.type is None or it.role in ("tool", "function"):
            continue
        raw = it.raw
        known = ITEM_FIELDS.get(it.type)
        if known is not None:
            for key in raw:
                if key not in known and key not in CHAT_MESSAGE_KEYS:
                    where = tr(
                        "the {type} item {item}", type=code(it.type), item=ctx.where(it.index)
                    )
                    yield _unknown(ctx.path(it.index, key), key, where, known)
        if it.type == "web_search_call" and isinstance(raw.get("action"), dict):
            yield from _action_fields(ctx, it.index, raw["action"])
        parts: list[tuple[str, Any]] = []
        if it.is_message:
            parts.append(("content", raw.get("content")))
        elif it.type in ("function_call_output", "custom_tool_call_output"):
            parts.append(("output", raw.get("output")))
        for key, content in parts:
            if not isinstance(content, (list, tuple)):
                continue
            for j, part in enumerate(content):
                if not isinstance(part, dict):
                    continue
                kind = part.get("type")
                fields = PART_FIELDS.get(kind) if isinstance(kind, str) else None
                if fields is None:
                    continue
                for name in part:
                    if name not in fields:
                        where = tr("the {type} part", type=code(part["type"]))
                        yield _unknown(ctx.path(it.index, key, j, name), name, where, fields)


def _action_fields(ctx: Context, index: int, action: dict[str, Any]) -> Iterator[Finding]:
    kind = action.get("type")
    known = _ACTION_FIELDS.get(kind) if isinstance(kind, str) else None
    if known is None:
        return
    for key in action:
        if key in known:
            continue
        path = ctx.path(index, "action", key)
        if key == "sources":
            yield warning(
                path,
                tr(
                    "`action.sources` of a `web_search_call` is output only: the API has "
                    "refused it when the item is sent back"
                ),
                tr(
                    "Drop `sources` from the action when you replay the item (keep them in "
                    "your own records)."
                ),
            )
        else:
            yield _unknown(path, key, tr("the web search action"), known)


@also_checks("r-body-field-unknown", api="responses", scope="request")
def top_level_fields(ctx: Context) -> Iterator[Finding]:
    """Top-level fields (see `item_fields`)."""
    for key in ctx.body or {}:
        if key in TOP_LEVEL or key in CHAT_FIELDS:
            continue
        close = difflib.get_close_matches(key, sorted(TOP_LEVEL), n=1, cutoff=0.75)
        if key in FOREIGN_HINTS:
            hint = tr(FOREIGN_HINTS[key])
        elif close:
            hint = tr("Did you mean `{name}`?", name=close[0])
        else:
            hint = tr("Remove it: the Responses API refuses fields it does not know.")
        yield Finding(
            pointer(key),
            tr("{key} is not a Responses API parameter", key=code(key)),
            hint,
        )


@also_checks("r-body-field-unknown", api="responses", scope="body")
def tool_fields(ctx: Context) -> Iterator[Finding]:
    """Fields of the function tools (see `item_fields`)."""
    for k, tool in ctx.tools:
        if tool.get("type") != "function" or not isinstance(tool.get("name"), str):
            continue  # r-tool-shape
        for key in tool:
            if key not in FUNCTION_TOOL_FIELDS:
                where = tr("function tool {k}", k=k)
                yield _unknown(f"/tools/{k}/{key}", key, where, FUNCTION_TOOL_FIELDS)


@rule(
    "r-model-missing",
    api="responses",
    scope="request",
    sources=(refs.RESPONSES_API,),
    api_message="Missing required parameter: 'model'.",
    example='{"input": "Write a haiku about tide pools."}',
    fix='{"model": "gpt-5.5", "input": "Write a haiku about tide pools."}',
    near_misses=('{"prompt": {"id": "pmpt_abc123", "version": "2"}, "input": "Hi"}',),
)
def model_missing(ctx: Context) -> Iterator[Finding]:
    """The request names its `model`.

    `model` is required (`Missing required parameter: 'model'.`); `null` is refused as a
    wrong type and an empty string as an unknown model. A stored prompt (`prompt`) may
    carry the model, so a request with `prompt` is not asked for one.
    """
    body = ctx.body or {}
    if body.get("prompt") is not None:
        return
    model = body.get("model")
    if isinstance(model, str) and model.strip():
        return
    yield Finding(
        "/model",
        tr("`model` is {value}: the request must name a model", value=describe(model))
        if "model" in body
        else tr("the request has no `model`"),
        tr('Add `"model": "gpt-5.5"` (or the model you use).'),
    )


def _empty(value: Any) -> bool:
    return value is None or value == "" or (isinstance(value, (list, tuple)) and not value)


@rule(
    "r-input-missing",
    api="responses",
    scope="request",
    sources=(refs.RESPONSES_API, refs.CONVERSATION_STATE),
    api_message="Missing required parameter: 'input'.",
    example='{"model": "gpt-5.5", "instructions": "Answer in one sentence."}',
    fix=(
        '{"model": "gpt-5.5", "instructions": "Answer in one sentence.", '
        '"input": "Why is the sky blue?"}'
    ),
)
def input_missing(ctx: Context) -> Iterator[Finding]:
    """The request carries the turn: `input`, or a stored prompt or state to continue.

    Without `input`, `prompt`, `previous_response_id` and `conversation` the API has
    nothing to answer (`Missing required parameter: 'input'.`); an empty string or an
    empty array is refused too. When `previous_response_id` or `conversation` is set and
    `input` is missing or empty, it is only a warning: a live probe saw it refused, but
    client libraries document such continuations and it could not be settled.
    """
    body = ctx.body or {}
    if "messages" in body or not _empty(body.get("input")) or body.get("prompt") is not None:
        return
    path = "/input"
    message = (
        tr("`input` is {value}: the request has nothing to answer", value=describe(body["input"]))
        if "input" in body
        else tr("the request has no `input`")
    )
    hint = tr('Add the user\'s turn: `"input": "..."` or `"input": [{"role": "user", ...}]`.')
    if ctx.stateful:
        yield warning(path, message, hint)
    else:
        yield Finding(path, message, hint)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@rule(
    "r-max-output-tokens-min",
    api="responses",
    scope="body",
    sources=(refs.SPEC, refs.RESPONSES_API),
    api_message=(
        "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16, "
        "but got {value} instead."
    ),
    example='{"model": "gpt-5.5", "input": "Reply OK.", "max_output_tokens": 8}',
    fix='{"model": "gpt-5.5", "input": "Reply OK.", "max_output_tokens": 16}',
)
def max_output_tokens_min(ctx: Context) -> Iterator[Finding]:
    """`max_output_tokens` is an integer of at least 16; `max_tool_calls` at least 1.

    The limit counts visible output and reasoning tokens; the API refuses a smaller value
    (`integer below minimum value. Expected a value >= 16`) or one that is not an integer.
    `null` means "no limit".
    """
    body = ctx.body or {}
    for key, least in (("max_output_tokens", 16), ("max_tool_calls", 1)):
        value = body.get(key)
        if value is None or (_count(value) and value >= least):
            continue
        yield Finding(
            "/" + key,
            tr(
                "`{key}` is {value}: it must be an integer of at least {least}",
                key=key,
                value=describe(value),
                least=least,
            ),
            tr('Write `"{key}": {example}`, or remove it.', key=key, example=max(least, 1024)),
        )


@rule(
    "r-sampling-range",
    api="responses",
    scope="body",
    sources=(refs.RESPONSES_API, refs.SPEC),
    api_message=(
        "Invalid 'temperature': decimal below minimum value. Expected a value >= 0, but got "
        "-0.5 instead."
    ),
    example='{"model": "gpt-4.1", "input": "Name a colour.", "temperature": -0.5}',
    fix='{"model": "gpt-4.1", "input": "Name a colour.", "temperature": 0}',
    near_misses=(
        '{"model": "gpt-4.1", "input": "Name a colour.", "temperature": 2, "top_p": 1}',
        '{"model": "gpt-4.1", "input": "Name a colour.", "temperature": null, "top_p": 0}',
    ),
)
def sampling_range(ctx: Context) -> Iterator[Finding]:
    """`temperature` runs from 0 to 2, `top_p` from 0 to 1, `top_logprobs` from 0 to 20.

    The API checks each number against its range before it reads anything else (`decimal
    below minimum value`, `above maximum value`), and refuses a number written as a string
    (`expected a decimal, but got a string`). `null` means the default. (`max_output_tokens`
    has its own rule, `r-max-output-tokens-min`.)
    """
    yield from range_findings(ctx.body or {}, RESPONSES)


def _id_finding(path: str, param: str, value: Any, prefix: str, hint: str) -> Finding:
    if isinstance(value, str):
        message = (
            tr("`{param}` is an empty string", param=param)
            if not value
            else tr(
                "`{param}` is {value}: it must be an id that begins with {prefix}",
                param=param,
                value=quote(value),
                prefix=code(prefix),
            )
        )
    else:
        message = tr(
            "`{param}` is {type}: it must be an id string", param=param, type=json_type(value)
        )
    return Finding(path, message, hint)


@rule(
    "r-previous-response-id-format",
    api="responses",
    scope="body",
    sources=(refs.CONVERSATION_STATE, refs.SPEC),
    api_message=(
        "Invalid 'previous_response_id': '{value}'. Expected an ID that begins with 'resp'."
    ),
    example='{"model": "gpt-5.5", "previous_response_id": "gen-123", "input": "Continue."}',
    fix=(
        '{"model": "gpt-5.5", "previous_response_id": "resp_68b140cf2c9c8193a6417aab", '
        '"input": "Continue."}'
    ),
)
def previous_response_id_format(ctx: Context) -> Iterator[Finding]:
    """`previous_response_id` is the `id` of an earlier response: `resp_...`.

    The API refuses any other string (`Expected an ID that begins with 'resp'.`), an empty
    one included; `null` means no previous response. Whether the response still exists
    (it must have been stored) is server state: no rule can see it.
    """
    body = ctx.body or {}
    value = body.get("previous_response_id")
    if value is None or (isinstance(value, str) and value.startswith("resp")):
        return
    yield _id_finding(
        "/previous_response_id",
        "previous_response_id",
        value,
        "resp",
        tr("Use the `id` of the earlier response (`response.id`, e.g. `resp_68b1...`)."),
    )


@rule(
    "r-conversation-id-format",
    api="responses",
    scope="body",
    sources=(refs.CONVERSATION_STATE, refs.SPEC),
    api_message="Invalid 'conversation': '{value}'. Expected an ID that begins with 'conv'.",
    example='{"model": "gpt-5.5", "conversation": "wa_10_97250429", "input": "Hola"}',
    fix=(
        '{"model": "gpt-5.5", "conversation": {"id": "conv_689667905b048191b4740501"}, '
        '"input": "Hola"}'
    ),
)
def conversation_id_format(ctx: Context) -> Iterator[Finding]:
    """`conversation` is a conversation id (`conv_...`) or `{"id": "conv_..."}`.

    A conversation is created with `POST /v1/conversations`; your own session or chat id
    is refused (`Expected an ID that begins with 'conv'.`).
    """
    body = ctx.body or {}
    if "conversation" not in body or body["conversation"] is None:
        return
    value, path = body["conversation"], "/conversation"
    if isinstance(value, dict):
        value, path = value.get("id"), "/conversation/id"
    if isinstance(value, str) and value.startswith("conv"):
        return
    yield _id_finding(
        path,
        "conversation",
        value,
        "conv",
        tr(
            "Create the conversation with `POST /v1/conversations` and send its `id`; keep "
            "your own session ids in `metadata`."
        ),
    )


@rule(
    "r-previous-response-conversation",
    api="responses",
    scope="body",
    sources=(refs.SPEC, refs.CONVERSATION_STATE),
    example="""{
  "model": "gpt-5.5",
  "previous_response_id": "resp_68b140cf2c9c8193a6417aab",
  "conversation": "conv_689667905b048191b4740501",
  "input": "And tomorrow?"
}""",
    fix="""{
  "model": "gpt-5.5",
  "conversation": "conv_689667905b048191b4740501",
  "input": "And tomorrow?"
}""",
)
def previous_response_conversation(ctx: Context) -> Iterator[Finding]:
    """`previous_response_id` and `conversation` are not used together.

    Both say where the earlier turns are stored; the spec says `previous_response_id`
    "cannot be used in conjunction with `conversation`", and the API answers
    `mutually_exclusive_parameters`.
    """
    body = ctx.body or {}
    if body.get("previous_response_id") is None or body.get("conversation") is None:
        return
    yield Finding(
        "/conversation",
        tr("`previous_response_id` and `conversation` are both set: use one of them"),
        tr(
            "A conversation keeps its own history: drop `previous_response_id`; or drop "
            "`conversation` to chain responses by id."
        ),
    )
