"""Roles and message fields: two roles (and `system` mid-conversation on the newer models),
no envelope fields, no empty content.

Also the two warnings about the order of roles, which the first-party API accepts today.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, quote
from checker.i18n import tr, trn
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import (
    ENVELOPE_FIELDS,
    ROLES,
    Context,
    result_example,
    warning,
)
from checker.rules.anthropic.models import claude_version, model_info
from checker.rules.anthropic.refs import RECORDED_BLANK_TEXT, RECORDED_MERGE
from checker.rules.record import Finding, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

MID_CONVERSATION = f"{refs.DOCS}/build-with-claude/mid-conversation-system-messages"
WHATS_NEW_48 = f"{refs.DOCS}/about-claude/models/whats-new-claude-4-8"
CREATE_REFERENCE = f"{refs.DOCS}/api/csharp/beta/messages/create"
#: the first Claude version that takes `role: "system"` messages mid-conversation
SYSTEM_MESSAGES_FROM = (4, 8)


@rule(
    "a-invalid-role",
    api="anthropic",
    sources=(
        refs.MESSAGES_API,
        MID_CONVERSATION,
        WHATS_NEW_48,
        refs.issue("Maol-1997/cursor-claude-connector", 3),
        refs.issue("anthropics/claude-code", 61412),
    ),
    example="""[
  {"role": "system", "content": "You are terse."},
  {"role": "user", "content": "Hi"}
]""",
    fix="""[
  {"role": "user", "content": "Hi"}
]""",
    near_misses=(
        """{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "system": "You are a coding agent.",
  "messages": [
    {"role": "user", "content": "Start the refactor."},
    {"role": "system", "content": "The user switched to read-only mode: do not edit files."},
    {"role": "assistant", "content": "Understood, I will only read files."},
    {"role": "user", "content": "Continue."}
  ]
}""",
    ),
)
def invalid_role(ctx: Context) -> Iterator[Finding]:
    """`role` is `user` or `assistant` (or, on models that take it, `system` mid-conversation).

    The Messages API has two conversation roles. Tool results are `tool_result` blocks in a
    user message (not `role: "tool"`), and the system prompt is the top-level `system`
    parameter (not a first message with `role: "system"`, nor `developer`).

    Newer models (Claude Opus 4.8, Opus 5, the Fable, Mythos and 5.5 models) also take a
    `role: "system"` message later in the conversation, to change the instructions without
    invalidating the prompt cache; older models reject it. For a model we do not know, or
    with no model given, such a message is a warning.
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
        elif m.role == "system" and m.index > 0:
            yield from _mid_conversation_system(ctx, path)
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


def _mid_conversation_system(ctx: Context, path: str) -> Iterator[Finding]:
    """A `role: "system"` message after the first: fine on the models that take it."""
    model = ctx.model
    info = model_info(model)
    if info is not None and info.system_messages:
        return
    hint = tr(
        "Put the instruction in the top-level `system` parameter (or in the next user "
        "message), or use a model that takes system messages, such as `claude-opus-4-8`."
    )
    version = claude_version(model) if isinstance(model, str) else None
    known_no = (info is not None and info.system_messages is False) or (
        info is None and version is not None and version < SYSTEM_MESSAGES_FROM
    )
    if known_no:
        yield Finding(
            path,
            tr(
                '{model} does not take `role: "system"` messages in the conversation (Claude '
                "Opus 4.8 and later models do)",
                model=info.name if info is not None else code(model),
            ),
            hint,
        )
    elif isinstance(model, str):
        yield warning(
            path,
            tr(
                'a `role: "system"` message in the conversation: only some models take one '
                "(Claude Opus 4.8 and later), and whether {model} does is not known",
                model=info.name if info is not None else code(model),
            ),
            hint,
        )
    else:
        yield warning(
            path,
            tr(
                'a `role: "system"` message in the conversation: only some models take one '
                "(Claude Opus 4.8 and later), and no `model` is given"
            ),
            hint,
        )


@rule(
    "a-envelope-field-in-message",
    api="anthropic",
    sources=(refs.MESSAGES_API, CREATE_REFERENCE, refs.issue("anthropics/claude-code", 4378)),
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
    severity="note",
    sources=(
        CREATE_REFERENCE,
        refs.issue("tonyljx/TextWordExplain", 2),
        "https://github.com/elastic/kibana/pull/246393",
    ),
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
        yield note(
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
    severity="note",
    sources=(
        CREATE_REFERENCE,
        RECORDED_MERGE,
        refs.issue("FlowiseAI/Flowise", 2006),
        refs.issue("modelcontextprotocol/quickstart-resources", 20),
    ),
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
    """User and assistant messages alternate (a note: the API merges a run of one role).

    The API combines consecutive messages of the same role into one turn, and answers such
    requests 200: a framework that replays another provider's history sends two assistant
    messages in a row, then one user message with both results (recorded in
    `tests/recordings/`). Nothing is lost, so this is a note, not a warning: one message per
    turn is only clearer. The pairing rules judge the merged turns the same way (the
    results of an assistant run go in the next user message); a call's results spread over
    two user messages are `a-results-split`.
    """
    for a, b in zip(ctx.msgs, ctx.msgs[1:], strict=False):
        if a is None or b is None or a.role != b.role or a.role not in ROLES:
            continue
        if b.role == "user" and b.results and a.results:
            continue  # results spread over two user messages: a-results-split says it
        yield Finding(
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
    sources=(
        refs.ERRORS,
        RECORDED_BLANK_TEXT,
        refs.issue("anthropics/claude-code", 59812),
        refs.issue("anthropics/claude-code", 3196),
        refs.issue("anomalyco/opencode", 31259),
        refs.issue("anthropics/claude-code", 23440),
        refs.issue("stackblitz/bolt.new", 4701),
    ),
    api_message=(
        "{loc}: all messages must have non-empty content except for the optional final "
        "assistant message"
    ),
    # an empty text block, and one of only whitespace (claude-code#59812, #23440,
    # bolt.new#4701)
    other_wordings=(
        "{loc}: text content blocks must be non-empty",
        "{loc}: text content blocks must contain non-whitespace text",
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
    """Content is not empty, text blocks are not empty, a message is not all blank.

    Every message needs non-empty content, except the final assistant message (an empty
    prefill) and a system message that only changes the effort (`output_config`, no
    content). A text block with `""` is refused (also inside a `tool_result`). A text block
    of only whitespace is refused when nothing else in its message has content; beside a
    `tool_use` block or a real text block it is accepted (recorded: models answer `" "`
    before their calls, and frameworks send that turn back as it came).
    """
    last = len(ctx.messages) - 1
    for m in ctx.msgs:
        if m is None or (m.role == "system" and "output_config" in m.raw):
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
        substance = any(_has_substance(block) for _, block in m.blocks)
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
                    if text and (substance if kind == "text" else _substance_in(targets)):
                        continue  # blank beside real content: accepted
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


def _has_substance(block: dict[str, Any]) -> bool:
    """A block that gives its message content: any non-text block, or text that is not blank."""
    if block.get("type") != "text":
        return True
    text = block.get("text")
    return isinstance(text, str) and bool(text.strip())


def _substance_in(targets: list[tuple[tuple[Any, ...], Any]]) -> bool:
    """Whether the blocks inside one `tool_result` hold some content."""
    return any(isinstance(item, dict) and _has_substance(item) for _, item in targets)
