"""Chat Completions shapes sent to the Responses API (`r-chat-shape`).

The two OpenAI APIs share models and tools but not their request shapes: the API answers
a Chat field with `unsupported_parameter` naming where it moved, and a Chat message shape
(`role: "tool"`, `tool_calls`) with an invalid value or an unknown parameter. Nested Chat
tools are `r-tool-shape`, a nested `tool_choice` is `r-tool-choice-invalid`, and Chat
content parts (`text`, `image_url`) are `r-content-part-type`.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import quote
from checker.i18n import N_, tr
from checker.rules.record import Finding, also_checks, rule
from checker.rules.responses import refs
from checker.rules.responses.context import Context, snippet

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: Chat Completions field -> (where it lives in the Responses API, hint template)
CHAT_FIELDS: dict[str, tuple[str, str]] = {
    "messages": (
        "input",
        N_('Rename `messages` to `input`: `"input": [{"role": "user", "content": "..."}]`.'),
    ),
    "response_format": (
        "text.format",
        N_(
            'Move it to `text.format`, flat: `"text": {"format": {"type": "json_schema", '
            '"name": "...", "schema": {...}, "strict": true}}`.'
        ),
    ),
    "reasoning_effort": (
        "reasoning.effort",
        N_('Write `"reasoning": {"effort": "low"}`.'),
    ),
    "max_completion_tokens": (
        "max_output_tokens",
        N_('Write `"max_output_tokens": 1024` (at least 16).'),
    ),
    "max_tokens": (
        "max_output_tokens",
        N_('Write `"max_output_tokens": 1024` (at least 16).'),
    ),
    "functions": (
        "tools",
        N_(
            'Declare each function as a flat tool: `"tools": [{"type": "function", "name": '
            '"...", "parameters": {...}, "strict": true}]`.'
        ),
    ),
    "function_call": (
        "tool_choice",
        N_('Write `"tool_choice": "auto"`, or `{"type": "function", "name": "..."}`.'),
    ),
    "verbosity": (
        "text.verbosity",
        N_('Write `"text": {"verbosity": "low"}`.'),
    ),
    "web_search_options": (
        "tools",
        N_('Add the hosted tool instead: `"tools": [{"type": "web_search"}]`.'),
    ),
    "logprobs": (
        "include",
        N_(
            'Ask for them with `"include": ["message.output_text.logprobs"]` and '
            '`"top_logprobs": 5`.'
        ),
    ),
}

#: keys of a Chat message that Responses does not know (reported here, not as unknown)
CHAT_MESSAGE_KEYS = ("tool_calls", "tool_call_id", "function_call")


def _call_item(call: Any) -> str:
    """A Chat `tool_calls` entry rewritten as a `function_call` item, for the hint."""
    call = call if isinstance(call, dict) else {}
    fn = call.get("function") if isinstance(call.get("function"), dict) else {}
    args = fn.get("arguments", "{}")
    return snippet(
        {
            "type": "function_call",
            "call_id": call["id"] if isinstance(call.get("id"), str) else "call_...",
            "name": fn["name"] if isinstance(fn.get("name"), str) else "...",
            "arguments": args if isinstance(args, str) else "{...}",
        }
    )


@rule(
    "r-chat-shape",
    api="responses",
    sources=(
        refs.SPEC,
        f"{refs.GH}/NousResearch/hermes-agent/issues/5709",
        refs.FUNCTION_CALLING,
    ),
    example="""{
  "model": "gpt-5.5",
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": [{"role": "user", "content": "Weather in Paris?"}]
}""",
    near_misses=(
        """{
  "model": "gpt-5.5",
  "input": [
    {"role": "user", "content": "Weather in Paris?"},
    {"type": "function_call", "call_id": "call_1", "name": "get_weather",
     "arguments": "{\\"city\\": \\"Paris\\"}"},
    {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
  ],
  "max_output_tokens": 256,
  "text": {"verbosity": "low"},
  "reasoning": {"effort": "low"}
}""",
    ),
)
def chat_items(ctx: Context) -> Iterator[Finding]:
    """A request to the Responses API uses its shapes, not those of Chat Completions.

    Code ported from Chat Completions often keeps its shapes. The Responses API refuses
    them: `messages` is `input`, `response_format` is `text.format`, `reasoning_effort` is
    `reasoning.effort`, `max_tokens` / `max_completion_tokens` are `max_output_tokens`.
    In `input`, a tool result is a `function_call_output` item, not a `role: "tool"`
    message (`Invalid value: 'tool'`), and each call the model made is its own
    `function_call` item, not a `tool_calls` array on an assistant message (`Unknown
    parameter: 'input[1].tool_calls'`). Every finding says where the field moved.
    """
    for it in ctx.items:
        if it is None:
            continue
        raw = it.raw
        if it.role in ("tool", "function") and it.type == "message":
            cid = raw.get("tool_call_id")
            example = snippet(
                {
                    "type": "function_call_output",
                    "call_id": cid if isinstance(cid, str) else "call_...",
                    "output": "...",
                }
            )
            yield Finding(
                ctx.path(it.index, "role"),
                tr(
                    "`role` is {role}: the Responses API has no tool messages; a tool result "
                    "is a `function_call_output` item",
                    role=quote(it.role),
                ),
                tr(
                    "Send the result as {example}, with the `call_id` of its `function_call`.",
                    example=example,
                ),
            )
            continue
        if "tool_calls" in raw and raw["tool_calls"] is not None:
            calls = raw["tool_calls"]
            first = calls[0] if isinstance(calls, (list, tuple)) and calls else {}
            yield Finding(
                ctx.path(it.index, "tool_calls"),
                tr(
                    "{item} has `tool_calls`, a Chat Completions field: in the Responses API "
                    "each call is its own `function_call` item",
                    item=ctx.where(it.index),
                ),
                tr(
                    "Remove `tool_calls` and put one item per call after the message, e.g. "
                    "{example}",
                    example=_call_item(first),
                ),
            )
        if "function_call" in raw and it.type == "message":
            yield Finding(
                ctx.path(it.index, "function_call"),
                tr(
                    "{item} has `function_call`, the old Chat Completions field: in the "
                    "Responses API a call is a `function_call` item",
                    item=ctx.where(it.index),
                ),
                tr("Remove it and add the call as its own item: {example}", example=_call_item({})),
            )
        if "tool_call_id" in raw:
            yield Finding(
                ctx.path(it.index, "tool_call_id"),
                tr(
                    "{item} has `tool_call_id`, a Chat Completions field; a tool result is "
                    "a `function_call_output` item with a `call_id`",
                    item=ctx.where(it.index),
                ),
                tr(
                    'Write `{"type": "function_call_output", "call_id": "...", "output": '
                    '"..."}` instead of the message.'
                ),
            )


@also_checks("r-chat-shape", api="responses", scope="body")
def chat_body(ctx: Context) -> Iterator[Finding]:
    """Chat Completions fields at the top level (see `chat_items`)."""
    body = ctx.body or {}
    for key, (new, hint) in CHAT_FIELDS.items():
        if key not in body:
            continue
        yield Finding(
            "/" + key,
            tr(
                "`{key}` is a Chat Completions parameter: in the Responses API it is `{new}`",
                key=key,
                new=new,
            ),
            tr(hint),
        )
