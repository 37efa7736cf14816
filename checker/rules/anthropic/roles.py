"""Roles and message fields: two roles, no envelope fields, no empty content.

Also the two warnings about the order of roles, which the first-party API accepts today.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.diagnostics import quote
from checker.i18n import tr, trn
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import (
    ENVELOPE_FIELDS,
    ROLES,
    Context,
    result_example,
    warning,
)
from checker.rules.record import Finding, rule


@rule(
    "a-invalid-role",
    api="anthropic",
    sources=(refs.MESSAGES_API, refs.TOOL_USE),
    api_message="{loc}: Input should be 'user' or 'assistant'",
    example="""[
  {"role": "system", "content": "You are terse."},
  {"role": "user", "content": "Hi"}
]""",
    fix="""[
  {"role": "user", "content": "Hi"}
]""",
)
def invalid_role(ctx: Context) -> Iterator[Finding]:
    """`role` is `user` or `assistant`.

    The Messages API has two roles. Tool results are `tool_result` blocks in a user
    message (not `role: "tool"`), and the system prompt is the top-level `system`
    parameter (not `role: "system"`).
    """
    for m in ctx.msgs:
        if m is None or m.role is None or m.role in ROLES:
            continue
        path = ctx.path(m.index, "role")
        if m.role == "tool":
            uid = m.raw.get("tool_call_id", m.raw.get("tool_use_id"))
            content = m.raw.get("content")
            shown = quote(content, 30) if isinstance(content, str) else '"..."'
            yield Finding(
                path,
                tr(
                    '`role: "tool"` is the OpenAI shape; the Anthropic API has only `user` and '
                    "`assistant`, and tool results go in a user message as `tool_result` blocks"
                ),
                tr(
                    "Write: {example}",
                    example=result_example(uid if isinstance(uid, str) else "<id>", shown),
                ),
            )
        elif m.role in ("system", "developer"):
            yield Finding(
                path,
                tr(
                    "`role: {role}` is not a message role in the Anthropic API: the system "
                    "prompt goes in the top-level `system` parameter",
                    role=quote(m.role),
                ),
                tr('Remove this message and send `"system": "..."` next to `"messages"`.'),
            )
        else:
            yield Finding(
                path,
                tr("`role` is {role}: it must be `user` or `assistant`", role=quote(m.role)),
                tr("Use `user` for your messages and tool results, `assistant` for the model's."),
            )


@rule(
    "a-envelope-field-in-message",
    api="anthropic",
    sources=(refs.MESSAGES_API,),
    api_message="{loc}: Extra inputs are not permitted",
    example="""[
  {"role": "user", "content": "Hi"},
  {"id": "msg_01", "type": "message", "role": "assistant",
   "content": [{"type": "text", "text": "Hello!"}], "stop_reason": "end_turn"},
  {"role": "user", "content": "Thanks"}
]""",
    fix="""[
  {"role": "user", "content": "Hi"},
  {"role": "assistant", "content": [{"type": "text", "text": "Hello!"}]},
  {"role": "user", "content": "Thanks"}
]""",
)
def envelope_field_in_message(ctx: Context) -> Iterator[Finding]:
    """A message has only `role` and `content`.

    `id`, `type`, `model`, `stop_reason`, `stop_sequence` and `usage` belong to the response
    envelope, not to a message; the API rejects them as extra inputs. Resend
    `{"role": "assistant", "content": response.content}`.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        found = [k for k in m.raw if k in ENVELOPE_FIELDS]
        if not found:
            continue
        shown = ", ".join(f"`{k}`" for k in found)
        yield Finding(
            ctx.path(m.index, found[0]),
            trn(
                len(found),
                "{message} has {fields}: this belongs to the response envelope, not to a message",
                "{message} has {fields}: these belong to the response envelope, not to a message",
                message=ctx.where(m.index),
                fields=shown,
            ),
            tr(
                'Send only `{"role": "assistant", "content": response.content}` - not the whole '
                "response object."
            ),
        )


@rule(
    "a-first-not-user",
    api="anthropic",
    severity="warning",
    sources=(refs.MESSAGES_API,),
    example="""[
  {"role": "assistant", "content": "How can I help?"},
  {"role": "user", "content": "Hi"}
]""",
    fix="""[
  {"role": "user", "content": "Hi"},
  {"role": "assistant", "content": "How can I help?"},
  {"role": "user", "content": "The weather, please."}
]""",
)
def first_not_user(ctx: Context) -> Iterator[Finding]:
    """The conversation starts with a user message.

    The first-party API accepts a leading assistant message today; some platforms and
    older API versions reject it.
    """
    first = ctx.msg(0)
    if first is not None and first.role == "assistant":
        yield warning(
            ctx.path(0, "role"),
            tr(
                "the first message is an assistant message: accepted by the Anthropic API "
                "today, rejected by some platforms and older versions"
            ),
            tr("Start the conversation with a user message."),
        )


@rule(
    "a-roles-not-alternating",
    api="anthropic",
    severity="warning",
    sources=(refs.MESSAGES_API,),
    example="""[
  {"role": "user", "content": "Hi"},
  {"role": "user", "content": "Are you there?"}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "text", "text": "Hi"},
    {"type": "text", "text": "Are you there?"}
  ]}
]""",
)
def roles_not_alternating(ctx: Context) -> Iterator[Finding]:
    """User and assistant messages alternate.

    Two consecutive messages with the same role are merged into one turn by the API; the
    tool pairing rules still look at the raw neighbouring messages.
    """
    for a, b in zip(ctx.msgs, ctx.msgs[1:], strict=False):
        if a is None or b is None or a.role != b.role or a.role not in ROLES:
            continue
        yield warning(
            ctx.path(b.index, "role"),
            tr(
                "two `{role}` messages in a row ({first} and {second}): the API merges them "
                "into one turn",
                role=b.role,
                first=ctx.where(a.index),
                second=ctx.where(b.index),
            ),
            tr(
                "Accepted, but clearer as one message; tool results must still be in the "
                "message right after the call."
            ),
        )


@rule(
    "a-empty-content",
    api="anthropic",
    sources=(refs.MESSAGES_API,),
    api_message=(
        "{loc}: all messages must have non-empty content except for the optional final "
        "assistant message"
    ),
    example="""[
  {"role": "user", "content": "Hi"},
  {"role": "assistant", "content": ""},
  {"role": "user", "content": "Hello?"}
]""",
    fix="""[
  {"role": "user", "content": "Hi"},
  {"role": "assistant", "content": "Hello!"},
  {"role": "user", "content": "Hello?"}
]""",
)
def empty_content(ctx: Context) -> Iterator[Finding]:
    """Content is not empty, text is not blank.

    Every message needs non-empty content, except the final assistant message (an empty
    prefill); a text block (also inside a `tool_result`) must contain non-whitespace text.
    """
    last = len(ctx.messages) - 1
    for m in ctx.msgs:
        if m is None:
            continue
        final_assistant = m.index == last and m.role == "assistant"
        content = m.content
        if isinstance(content, str):
            if not content.strip() and not final_assistant:
                # (a blank final assistant message: empty is allowed, whitespace is
                # a-prefill-trailing-whitespace)
                yield Finding(
                    ctx.path(m.index, "content"),
                    tr("{message} has empty content", message=ctx.where(m.index))
                    if content == ""
                    else tr("{message} has only whitespace as content", message=ctx.where(m.index)),
                    tr("Give every message some text, or drop the message."),
                )
            continue
        if not isinstance(content, (list, tuple)):
            continue
        if not content and not final_assistant:
            yield Finding(
                ctx.path(m.index, "content"),
                tr("{message} has an empty content array", message=ctx.where(m.index)),
                tr("Give every message at least one block, or drop the message."),
            )
        for j, block in m.blocks:
            kind = block["type"]
            if kind == "text":
                targets: list[tuple[tuple[Any, ...], Any]] = [((j,), block)]
            elif kind == "tool_result" and isinstance(block.get("content"), (list, tuple)):
                targets = [((j, "content", n), item) for n, item in enumerate(block["content"])]
            else:
                continue
            for where, item in targets:
                text = item.get("text") if isinstance(item, dict) else None
                if isinstance(text, str) and item.get("type") == "text" and not text.strip():
                    yield Finding(
                        ctx.path(m.index, "content", *where, "text"),
                        tr(
                            "a text block with empty text in {message}: text blocks must "
                            "contain some text",
                            message=ctx.where(m.index),
                        )
                        if text == ""
                        else tr(
                            "a text block with only whitespace in {message}: text blocks must "
                            "contain some text",
                            message=ctx.where(m.index),
                        ),
                        tr("Remove the block, or put text in it."),
                    )
