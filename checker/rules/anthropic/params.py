"""The body's text and option fields: `system`, `stop_sequences`, `metadata`, `service_tier`."""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.diagnostics import describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import Context, warning
from checker.rules.record import Finding, rule

SERVICE_TIERS = f"{refs.DOCS}/api/service-tiers"
SDK_TYPES = "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types"
SDK_PARAMS = f"{SDK_TYPES}/message_create_params.py"


@rule(
    "a-system-invalid",
    api="anthropic",
    scope="body",
    sources=(refs.MESSAGES_API, SDK_PARAMS),
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "system": {"type": "text", "text": "You are a terse assistant."},
  "messages": [{"role": "user", "content": "Capital of Peru?"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "system": [
    {"type": "text", "text": "You are a terse assistant."},
    {"type": "text", "text": "Answer in English.", "cache_control": {"type": "ephemeral"}}
  ],
  "messages": [{"role": "user", "content": "Capital of Peru?"}]
}""",
)
def system_invalid(ctx: Context) -> Iterator[Finding]:
    """`system` is a string or an array of `text` blocks.

    The system prompt is plain text: a string, or `text` blocks (each may carry
    `cache_control` and `citations`). A single block not wrapped in an array, an array of
    strings, or image and document blocks are rejected; for instructions that come up
    later in the conversation, newer models take a `role: "system"` message.

    Warning: a blank text block (the API rejects blank text blocks in messages; no public
    report shows its answer for `system`).
    """
    body = ctx.body
    if "system" not in body:
        return
    system = body["system"]
    if isinstance(system, str) or system is None:
        return
    if isinstance(system, dict):
        yield Finding(
            "/system",
            tr("`system` is a single object: it must be a string or an array of text blocks"),
            tr('Wrap the block in an array: `"system": [{"type": "text", "text": "..."}]`.'),
        )
        return
    if not isinstance(system, (list, tuple)):
        yield Finding(
            "/system",
            tr(
                "`system` is {type}: it must be a string or an array of text blocks",
                type=json_type(system),
            ),
            tr('Write `"system": "You are..."`.'),
        )
        return
    allowed = ("type", "text", "cache_control", "citations")
    for k, block in enumerate(system):
        path = pointer("system", k)
        if not isinstance(block, dict):
            yield Finding(
                path,
                tr("`system[{k}]` is {type}, not a text block", k=k, type=json_type(block)),
                tr('Write each part as `{"type": "text", "text": "..."}`.'),
            )
            continue
        kind = block.get("type")
        if kind != "text":
            yield Finding(
                path + "/type" if "type" in block else path,
                tr(
                    "`system[{k}]` has type {value}: `system` takes only `text` blocks",
                    k=k,
                    value=describe(kind),
                )
                if "type" in block
                else tr("`system[{k}]` has no `type`", k=k),
                tr('Write `{"type": "text", "text": "..."}`; images and documents go in messages.'),
            )
            continue
        text = block.get("text")
        if not isinstance(text, str):
            yield Finding(
                path + "/text" if "text" in block else path,
                tr("`system[{k}]` needs a string `text`", k=k),
                tr('Write `{"type": "text", "text": "..."}`.'),
            )
        elif not text.strip():
            yield warning(
                path + "/text",
                tr("`system[{k}]` has no text: text blocks must not be blank", k=k),
                tr("Remove the block, or put text in it."),
            )
        for key in block:
            if key not in allowed:
                yield Finding(
                    path + pointer(key),
                    tr("a `system` text block takes no {key} field", key=quote(key)),
                    tr("Allowed: `type`, `text`, `cache_control`, `citations`."),
                )


@rule(
    "a-stop-sequences-invalid",
    api="anthropic",
    scope="body",
    sources=(
        refs.MESSAGES_API,
        refs.issue("BerriAI/litellm", 3286),
        refs.issue("MegaGrindStone/mcp-web-ui", 5),
    ),
    api_message="stop_sequences: each stop sequence must contain non-whitespace",
    example="""{
  "model": "claude-haiku-4-5",
  "max_tokens": 150,
  "stop_sequences": ["\\n"],
  "messages": [{"role": "user", "content": "Give me one word for happy."}]
}""",
    fix="""{
  "model": "claude-haiku-4-5",
  "max_tokens": 150,
  "stop_sequences": ["</answer>", "\\n\\nHuman:"],
  "messages": [{"role": "user", "content": "Give me one word for happy inside <answer> tags."}]
}""",
)
def stop_sequences_invalid(ctx: Context) -> Iterator[Finding]:
    """`stop_sequences` is an array of strings with some visible text each.

    The model stops when it writes one of them. An empty string, or one that is only
    spaces and line breaks (OpenAI's common `stop: ["\\n"]`), is rejected; so is a plain
    string instead of an array.
    """
    body = ctx.body
    if "stop_sequences" not in body or body["stop_sequences"] is None:
        return
    seqs = body["stop_sequences"]
    if not isinstance(seqs, (list, tuple)):
        yield Finding(
            "/stop_sequences",
            tr(
                "`stop_sequences` is {type}: it must be an array of strings",
                type=json_type(seqs),
            ),
            tr('Wrap it in an array: `"stop_sequences": ["..."]`.'),
        )
        return
    for k, seq in enumerate(seqs):
        path = pointer("stop_sequences", k)
        if not isinstance(seq, str):
            yield Finding(
                path,
                tr("stop sequence {k} is {type}, not a string", k=k, type=json_type(seq)),
                tr("Write each stop sequence as a string."),
            )
        elif not seq.strip():
            yield Finding(
                path,
                tr("stop sequence {k} is empty", k=k)
                if not seq
                else tr("stop sequence {k} is only whitespace", k=k),
                tr(
                    "Each stop sequence needs a visible character, e.g. `</answer>`; to stop at "
                    "a line, ask for a marker in the prompt."
                ),
            )


_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[A-Za-z]{2,}")


@rule(
    "a-metadata-invalid",
    api="anthropic",
    scope="body",
    sources=(
        refs.MESSAGES_API,
        f"{SDK_TYPES}/metadata_param.py",
    ),
    api_message="{loc}: Extra inputs are not permitted",
    example="""{
  "model": "claude-haiku-4-5",
  "max_tokens": 512,
  "metadata": {"session": "abc123"},
  "messages": [{"role": "user", "content": "ping"}]
}""",
    fix="""{
  "model": "claude-haiku-4-5",
  "max_tokens": 512,
  "metadata": {"user_id": "5f2b9c1e-8d4a-4b7e-9a13-2c6d7e8f9a01"},
  "messages": [{"role": "user", "content": "ping"}]
}""",
)
def metadata_invalid(ctx: Context) -> Iterator[Finding]:
    """`metadata` holds only `user_id`, an opaque string.

    Unlike OpenAI's free-form `metadata`, Anthropic's takes one field, `user_id`, used to
    detect abuse; any other key is an extra input.

    Warning: a `user_id` that looks like an e-mail address: the docs ask for an opaque id
    (a UUID or a hash), never a name, e-mail or phone number.
    """
    body = ctx.body
    if "metadata" not in body or body["metadata"] is None:
        return
    meta = body["metadata"]
    if not isinstance(meta, dict):
        yield Finding(
            "/metadata",
            tr("`metadata` is {type}: it must be an object", type=json_type(meta)),
            tr('Write `"metadata": {"user_id": "..."}`.'),
        )
        return
    for key in meta:
        if key != "user_id":
            yield Finding(
                "/metadata" + pointer(key),
                tr("`metadata` takes only `user_id`, not {key}", key=quote(key)),
                tr("Keep your own bookkeeping out of the request; send only `user_id`."),
            )
    user_id = meta.get("user_id")
    if user_id is None:
        return
    if not isinstance(user_id, str):
        yield Finding(
            "/metadata/user_id",
            tr("`metadata.user_id` is {type}: it must be a string", type=json_type(user_id)),
            tr('Write the id as a string, e.g. `"user_id": "5f2b9c1e-..."`.'),
        )
    elif _EMAIL.search(user_id):
        yield warning(
            "/metadata/user_id",
            tr("`metadata.user_id` looks like an e-mail address: send an opaque id instead"),
            tr("Send a UUID or a hash of your user's id, never a name, e-mail or phone number."),
        )


SERVICE_TIER_VALUES = ("auto", "standard_only")


@rule(
    "a-service-tier-invalid",
    api="anthropic",
    scope="body",
    sources=(SERVICE_TIERS, SDK_PARAMS),
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "service_tier": "priority",
  "messages": [{"role": "user", "content": "ping"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "service_tier": "standard_only",
  "messages": [{"role": "user", "content": "ping"}]
}""",
)
def service_tier_invalid(ctx: Context) -> Iterator[Finding]:
    """`service_tier` is `auto` or `standard_only`.

    `auto` uses Priority Tier capacity when your organisation has it; `standard_only`
    never does. OpenAI's tier names (`default`, `flex`, `priority`, `scale`) are not
    values of this field.
    """
    body = ctx.body
    if "service_tier" not in body or body["service_tier"] is None:
        return
    tier = body["service_tier"]
    if tier in SERVICE_TIER_VALUES:
        return
    yield Finding(
        "/service_tier",
        tr(
            "`service_tier` is {value}: it must be `auto` or `standard_only`",
            value=describe(tier),
        ),
        tr('Write `"service_tier": "auto"` (Priority Tier when you have it) or leave it out.'),
    )
