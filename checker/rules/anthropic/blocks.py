"""Where tool blocks may stand and what they hold: roles, order, ids and `input`.

The model makes calls (`tool_use`, in assistant messages) and your program answers them
(`tool_result`, in user messages); a call ends the assistant's turn; ids are unique and
plain; a call's `input` is an object.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import (
    ID_PATTERN,
    Context,
    a_block,
    json_value,
    pattern_problem,
    short_json,
)
from checker.rules.record import Finding, rule


@rule(
    "a-tool-result-wrong-role",
    api="anthropic",
    sources=(refs.TOOL_RESULTS,),
    api_message=(
        "{block_loc}: `tool_result` blocks are only allowed in `user` messages, and "
        "`tool_use` blocks only in `assistant` messages."
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
)
def tool_result_wrong_role(ctx: Context) -> Iterator[Finding]:
    """`tool_use` only in assistant messages, `tool_result` only in user messages.

    The model makes calls (`tool_use` in assistant messages); your program sends results
    (`tool_result` in user messages). The other way round is rejected.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        if m.role == "assistant":
            for j, _ in m.results:
                yield Finding(
                    ctx.path(m.index, "content", j, "type"),
                    tr(
                        "a `tool_result` block in an assistant message ({message}): results are "
                        "sent by you, in a user message",
                        message=ctx.where(m.index),
                    ),
                    tr("Move the result into the user message that follows the call."),
                )
        elif m.role == "user":
            for j, _ in m.uses:
                yield Finding(
                    ctx.path(m.index, "content", j, "type"),
                    tr(
                        "a `tool_use` block in a user message ({message}): only the assistant "
                        "calls tools",
                        message=ctx.where(m.index),
                    ),
                    tr(
                        "Resend the `tool_use` block in the assistant message it came in; answer "
                        "it with a `tool_result` block in the next user message."
                    ),
                )


@rule(
    "a-tool-use-not-last",
    api="anthropic",
    severity="warning",
    sources=(refs.TOOL_RESULTS,),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
    {"type": "text", "text": "One moment."}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "text", "text": "One moment."},
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
)
def tool_use_not_last(ctx: Context) -> Iterator[Finding]:
    """In an assistant message, no text or media follows the `tool_use` blocks.

    A call ends the model's turn: the API returns the assistant content with text (and
    thinking) first and the `tool_use` blocks last, and that is how it must be resent.
    Thinking blocks (interleaved thinking) and server tool blocks may follow a call in the
    same message, as the API itself writes them. Text or an image after a call never comes
    from the API: the history was rebuilt by hand. The docs do not say what the API does
    with it and no public report quotes a 400, so this is a warning: say more in the next
    user message, after the results.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or not m.uses:
            continue
        first_use = m.uses[0][0]
        for j in range(first_use + 1, len(m.content)):
            block = m.content[j]
            kind = block.get("type") if isinstance(block, dict) else None
            if isinstance(kind, str) and _may_follow_a_call(kind):
                continue
            yield Finding(
                ctx.path(m.index, "content", j, *(("type",) if kind else ())),
                tr(
                    "{block} comes after a `tool_use` block in {message}: the API never writes "
                    "content after a call, so this turn was not resent as it was received",
                    block=a_block(kind),
                    message=ctx.where(m.index),
                ),
                tr(
                    "Resend the assistant content as the API returned it (text first, then the "
                    "`tool_use` blocks); say more in your next user message, after the results."
                ),
            )
            break


def _may_follow_a_call(kind: str) -> bool:
    """Blocks the API itself writes after a `tool_use` in one assistant message."""
    return kind in _AFTER_A_CALL or kind.endswith("_tool_result")


_AFTER_A_CALL = frozenset(
    {"tool_use", "thinking", "redacted_thinking", "server_tool_use", "mcp_tool_use"}
)


@rule(
    "a-tool-use-id-duplicate",
    api="anthropic",
    sources=(
        refs.TOOL_RESULTS,
        refs.RECORDED_ID_REUSE,
        refs.issue("anthropics/claude-code", 21317),
        refs.issue("anthropics/claude-code", 20700),
    ),
    api_message="{loc}: `tool_use` ids must be unique: {value} is used twice.",
    example="""[
  {"role": "user", "content": "Weather in Paris and Rome?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Rome"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris and Rome?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
    {"type": "tool_use", "id": "toolu_02", "name": "get_weather", "input": {"city": "Rome"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"},
    {"type": "tool_result", "tool_use_id": "toolu_02", "content": "24 C"}
  ]}
]""",
)
def tool_use_id_duplicate(ctx: Context) -> Iterator[Finding]:
    """Every `tool_use` id is unique within its assistant turn.

    Results are matched to calls by id, so two calls with one id in one turn (one
    assistant message, or a run of them, which the API combines) are ambiguous: HTTP 400.
    Weighed: an id reused in two different turns, each call answered in the message after
    it, was recorded accepted (a history replayed from a provider whose ids repeat); the
    400 reports are of duplicates within one message. So reuse across turns is a note: it
    is accepted, but your own logs and any code that looks a call up by id may confuse the
    two.
    """
    for uid, sites in ctx.use_sites.items():
        if len(sites) < 2:
            continue
        first = sites[0][0]
        for k, j in sites[1:]:
            same_turn = ctx.turn_start[k] <= first
            message = tr(
                "the `tool_use` id {id} is used again: the first call with it is in {message}",
                id=quote(uid),
                message=ctx.where(first),
            )
            if same_turn:
                yield Finding(
                    ctx.path(k, "content", j, "id"),
                    message,
                    tr(
                        "Every call needs its own id. Resend each assistant turn unchanged (the "
                        "API never repeats ids); if you make ids yourself, make them unique."
                    ),
                )
            else:
                yield Finding(
                    ctx.path(k, "content", j, "id"),
                    tr(
                        "{message}, an earlier turn (accepted: each call is answered in its own "
                        "turn)",
                        message=message,
                    ),
                    tr("If you make ids yourself, make them unique across the conversation."),
                    "note",
                )
            first = k


@rule(
    "a-tool-id-pattern",
    api="anthropic",
    sources=(
        refs.issue("BlockRunAI/ClawRouter", 17),
        refs.issue("CommandCodeAI/command-code", 323),
    ),
    api_message="{loc}: String should match pattern '^[a-zA-Z0-9_-]+$'",
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "call:1", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "call:1", "content": "18 C"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "call_1", "content": "18 C"}
  ]}
]""",
)
def tool_id_pattern(ctx: Context) -> Iterator[Finding]:
    """Ids match `^[a-zA-Z0-9_-]+$`.

    Both `tool_use.id` and `tool_result.tool_use_id` must be non-empty and made of ASCII
    letters, digits, `_` and `-` only. The `toolu_` prefix is not required (`call_1` is
    accepted).
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for key, blocks in (("id", m.uses), ("tool_use_id", m.results)):
            for j, block in blocks:
                value = block.get(key)
                if not isinstance(value, str) or ID_PATTERN.fullmatch(value):
                    continue
                yield Finding(
                    ctx.path(m.index, "content", j, key),
                    tr(
                        "`{key}` {problem}: ids may contain only letters, digits, `_` and `-`",
                        key=key,
                        problem=pattern_problem(value),
                    ),
                    tr("Use the id exactly as the API returned it in the `tool_use` block."),
                )


@rule(
    "a-tool-input-not-object",
    api="anthropic",
    sources=(
        refs.TOOL_RESULTS,
        refs.issue("anthropics/anthropic-sdk-typescript", 648),
        refs.issue("anthropics/claude-code", 6697),
    ),
    api_message="{loc}: Input should be a valid dictionary",
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather",
     "input": "{\\"city\\": \\"Paris\\"}"}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
)
def tool_input_not_object(ctx: Context) -> Iterator[Finding]:
    """`tool_use.input` is a JSON object.

    The call's arguments travel as an object (`{}` when there are none), not as JSON text
    in a string (OpenAI's `arguments` habit), an array or null.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.uses:
            if isinstance(block.get("input"), dict):
                continue
            path = ctx.path(m.index, "content", j, "input")
            if "input" not in block:
                yield Finding(
                    ctx.path(m.index, "content", j),
                    tr("this `tool_use` block has no `input`"),
                    tr(
                        'Resend the call\'s `input` object as received (`"input": {}` if it '
                        "takes no arguments)."
                    ),
                )
                continue
            value = block["input"]
            hint = tr('Write the arguments as an object, e.g. `"input": {"city": "Paris"}`.')
            message = tr("`input` is {type}, not an object", type=json_type(value))
            decoded = json_value(value) if isinstance(value, str) else None
            if isinstance(decoded, dict):
                message = tr(
                    "`input` is JSON text inside a string; Anthropic wants the object itself "
                    "(OpenAI's `arguments` is a string, Anthropic's `input` is not)"
                )
                hint = tr(
                    'Remove the quotes around the object: `"input": {object}`.',
                    object=short_json(decoded),
                )
            yield Finding(path, message, hint)
