"""The fields of messages and content blocks: the API's schema forbids any it does not know.

A message has `role` and `content` (the response envelope's fields are
`a-envelope-field-in-message`); each core block type has its own fields. Block types this
module does not list (server tools, MCP, tool search...) are judged by their own topics.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import ENVELOPE_FIELDS, Context, a_block, warning
from checker.rules.record import Finding, needs_beta, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

SDK_TYPES = "https://github.com/anthropics/anthropic-sdk-python/blob/main/src/anthropic/types"
MID_CONVERSATION = f"{refs.DOCS}/build-with-claude/mid-conversation-system-messages"
EFFORT_PER_MESSAGE = f"{refs.DOCS}/build-with-claude/effort-per-message"

#: the fields of each core content block type
BLOCK_FIELDS: dict[str, frozenset[str]] = {
    "text": frozenset(("type", "text", "cache_control", "citations")),
    "image": frozenset(("type", "source", "cache_control")),
    "document": frozenset(("type", "source", "title", "context", "citations", "cache_control")),
    "tool_use": frozenset(("type", "id", "name", "input", "cache_control", "caller")),
    "tool_result": frozenset(("type", "tool_use_id", "content", "is_error", "cache_control")),
    # `cache_control` on thinking blocks is the caching rules' (a-cache-control-placement)
    "thinking": frozenset(("type", "thinking", "signature")),
    "redacted_thinking": frozenset(("type", "data")),
    "search_result": frozenset(
        ("type", "source", "title", "content", "citations", "cache_control")
    ),
}
_CACHING_JUDGES = frozenset(("thinking", "redacted_thinking"))
_MESSAGE_FIELDS = frozenset(("role", "content"))
#: fields of a newer response envelope that `ENVELOPE_FIELDS` does not list
_RESPONSE_FIELDS = ("stop_details", "container", "context_management", "service_tier")
#: block types that may stand inside `tool_result.content`
RESULT_BLOCKS = ("text", "image", "document", "search_result")
#: a stray field -> what it is instead
_BLOCK_HINTS = {
    ("tool_use", "arguments"): "`input` (an object, not a JSON string)",
    ("tool_use", "text"): "a separate `text` block before the `tool_use` block",
    ("tool_use", "function"): "`name` and `input` at the block's top level",
    ("tool_result", "name"): "nothing: results are matched by `tool_use_id` alone",
    ("tool_result", "tool_call_id"): "`tool_use_id`",
    ("tool_result", "output"): "`content`",
    ("tool_result", "result"): "`content`",
    ("text", "annotations"): "`citations`",
    ("image", "image_url"): '`"source": {"type": "url", "url": "..."}`',
    ("image", "url"): '`"source": {"type": "url", "url": "..."}`',
    ("thinking", "text"): "`thinking`",
}


@rule(
    "a-message-field-unknown",
    api="anthropic",
    sources=(
        refs.MESSAGES_API,
        f"{SDK_TYPES}/message_param.py",
        MID_CONVERSATION,
        refs.issue("RooCodeInc/Roo-Code", 11429),
    ),
    api_message="{loc}: Extra inputs are not permitted",
    example="""[
  {"role": "user", "content": "Explain the failing test."},
  {"role": "assistant", "content": "The assertion compares floats exactly.",
   "reasoning_details": [{"type": "reasoning.text", "text": "..."}]},
  {"role": "user", "content": "How do I fix it?"}
]""",
    fix="""[
  {"role": "user", "content": "Explain the failing test."},
  {"role": "assistant", "content": "The assertion compares floats exactly."},
  {"role": "user", "content": "How do I fix it?"}
]""",
)
def message_field_unknown(ctx: Context) -> Iterator[Finding]:
    """A message has `role` and `content`, and nothing else.

    Messages saved by another framework or sent to another API carry fields the Messages
    API rejects as extra inputs: OpenAI's `tool_calls`, `name` and `tool_call_id`,
    OpenRouter's `reasoning_details`, your own `timestamp`. Reasoning goes back as the
    `thinking` blocks the API returned, in `content`. (The response envelope's `id`,
    `type`, `stop_reason`... are `a-envelope-field-in-message`; a message whose role is
    not valid is `a-invalid-role`.)

    A mid-conversation `role: "system"` message may also carry `cache_control`; its
    `output_config` (per-message effort) needs a beta header the body cannot show: a
    warning.
    """
    for m in ctx.msgs:
        if m is None or m.raw.keys() <= _MESSAGE_FIELDS:
            continue
        if m.role not in ("user", "assistant", "system"):
            continue
        for key in m.raw:
            if key in ("role", "content") or key in ENVELOPE_FIELDS:
                continue
            path = ctx.path(m.index, key)
            if m.role == "system" and key == "cache_control":
                continue
            if m.role == "system" and key == "output_config":
                yield needs_beta(
                    warning(
                        path,
                        tr(
                            "`output_config` on a system message (per-message effort) needs the "
                            "beta header `mid-conversation-output-config-2026-07-01`, which the "
                            "body does not show"
                        ),
                        tr("Send the beta header, or change `output_config` at the top level."),
                    ),
                    "mid-conversation-output-config-2026-07-01",
                )
                continue
            yield Finding(
                path,
                tr(
                    "{message} has a field {key}: a message takes only `role` and `content`",
                    message=ctx.where(m.index),
                    key=quote(key),
                ),
                _message_hint(key),
            )


def _message_hint(key: str) -> str:
    if key in ("tool_calls", "function_call"):
        return tr(
            "Write the calls as `tool_use` blocks in `content`: "
            '`{"type": "tool_use", "id": "...", "name": "...", "input": {...}}`.'
        )
    if key == "tool_call_id":
        return tr("Send the result as a `tool_result` block with `tool_use_id` in a user message.")
    if key in ("reasoning_details", "reasoning_content", "reasoning", "thinking"):
        return tr(
            "Resend the model's reasoning as the `thinking` blocks the API returned, inside "
            "`content`, or drop it."
        )
    if key == "cache_control":
        return tr("Put `cache_control` on a content block (the message's last block).")
    if key == "name":
        return tr("Remove it: the Messages API has no speaker names.")
    if key in _RESPONSE_FIELDS:
        return tr(
            "This belongs to the response, not to a message: send only "
            '`{"role": "assistant", "content": response.content}`.'
        )
    return tr("Keep your own data out of the request: send only `role` and `content`.")


def _block_findings(
    ctx: Context, block: dict[str, Any], path_tokens: tuple[Any, ...], where: str
) -> Iterator[Finding]:
    kind = block["type"]
    allowed = BLOCK_FIELDS[kind]
    if block.keys() <= allowed:
        return
    for key in block:
        if key in allowed:
            continue
        if key == "cache_control" and kind in _CACHING_JUDGES:
            continue
        instead = _BLOCK_HINTS.get((kind, key))
        yield Finding(
            ctx.path(*path_tokens, key),
            tr(
                "{block} in {message} has a field {key}, which it does not take",
                block=a_block(kind),
                message=where,
                key=quote(key),
            ),
            tr("Use {instead}.", instead=instead)
            if instead
            else tr(
                "Allowed: {keys}.",
                keys=", ".join(code(k) for k in sorted(allowed)),
            ),
        )


@rule(
    "a-block-field-unknown",
    api="anthropic",
    sources=(
        refs.MESSAGES_API,
        f"{SDK_TYPES}/tool_use_block_param.py",
        f"{SDK_TYPES}/text_block_param.py",
        refs.issue("anthropics/claude-code", 4378),
    ),
    api_message="{loc}: Extra inputs are not permitted",
    example="""[
  {"role": "user", "content": "Open README.md"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "README.md"},
     "text": "Reading README.md"}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "# Project"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Open README.md"},
  {"role": "assistant", "content": [
    {"type": "text", "text": "Reading README.md"},
    {"type": "tool_use", "id": "toolu_01", "name": "read_file", "input": {"path": "README.md"},
     "cache_control": {"type": "ephemeral"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": [
      {"type": "text", "text": "# Project", "citations": null}
    ], "is_error": false}
  ]}
]""",
)
def block_field_unknown(ctx: Context) -> Iterator[Finding]:
    """A content block has only the fields of its type.

    Blocks are validated as strictly as the body: `text` takes `text`, `citations` and
    `cache_control`; `image` a `source`; `document` a `source`, `title`, `context` and
    `citations`; `tool_use` an `id`, `name`, `input` (and `caller`); `tool_result` a
    `tool_use_id`, `content` and `is_error`; `thinking` its `thinking` and `signature`;
    `redacted_thinking` its `data`; `search_result` a `source`, `title`, `content` and
    `citations`. Most take `cache_control`. A stray field (text glued onto a `tool_use`,
    OpenAI's `arguments`, a `name` on a result) is an extra input. Blocks inside a
    `tool_result`'s `content` are checked too; other block types are left to their rules.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        where = ctx.where(m.index)
        for j, block in m.blocks:
            kind = block["type"]
            if kind not in BLOCK_FIELDS:
                continue
            yield from _block_findings(ctx, block, (m.index, "content", j), where)
            if kind == "tool_result" and isinstance(block.get("content"), (list, tuple)):
                for n, item in enumerate(block["content"]):
                    if isinstance(item, dict) and item.get("type") in RESULT_BLOCKS:
                        yield from _block_findings(
                            ctx, item, (m.index, "content", j, "content", n), where
                        )
