"""Pairing calls with `tool` messages: every call answered right after it, by its id.

An assistant message with `tool_calls` is followed, contiguously, by one `role: "tool"`
message per call, each naming the call it answers in `tool_call_id`.
"""

from __future__ import annotations

import bisect
import difflib
from collections.abc import Iterator

from checker.diagnostics import code, json_type, quote
from checker.i18n import tr, trn
from checker.rules.openai import refs
from checker.rules.openai.context import Context, call_label, id_list, tool_message
from checker.rules.record import Finding, rule


@rule(
    "o-tool-response-missing",
    api="openai",
    sources=(
        refs.FUNCTION_CALLING,
        refs.CHAT_REFERENCE,
        refs.issue("BerriAI/litellm", 10083),
        refs.pull("sdcb/chats", 132),
    ),
    api_message=(
        "An assistant message with 'tool_calls' must be followed by tool messages responding "
        "to each 'tool_call_id'. The following tool_call_ids did not have response messages: "
        "{value}"
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "user", "content": "Well?"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
)
def tool_response_missing(ctx: Context) -> Iterator[Finding]:
    """Every tool call is answered by a `tool` message right after.

    An assistant message with `tool_calls` must be followed, contiguously, by `role: "tool"`
    messages that answer every `tool_call_id`; a user or assistant message in between ends
    the run, and the request may not end on the calls.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or not m.calls:
            continue
        i = m.index
        answered: set[str] = set()
        k = i + 1
        while k < len(ctx.msgs):
            t = ctx.msgs[k]
            if t is None or t.role != "tool":
                break
            if t.tool_call_id is not None:
                answered.add(t.tool_call_id)
            k += 1
        stop = ctx.msg(k)
        ids = m.call_ids()
        answered_here = len(answered & set(ids))
        for n, call in m.calls:
            cid = call.get("id")
            if not isinstance(cid, str) or cid in answered:
                continue
            label = call_label(call)
            later = _later_tool_message(ctx, k, cid)
            if later is not None:
                message = tr(
                    "the result of {call} is in {later}, but a {role} message in {between} "
                    "comes between: tool messages must directly follow the assistant message",
                    call=label,
                    later=ctx.where(later),
                    role=quote(stop.role if stop else None),
                    between=ctx.where(k),
                )
            elif k >= len(ctx.messages) and not answered:
                message = tr(
                    "the request ends with {call} unanswered: a `tool` message with its "
                    "result must follow the assistant message",
                    call=label,
                )
            elif answered:
                message = trn(
                    len(ids),
                    "{call} has no `tool` message: the tool messages after {message} answer "
                    "{answered} of its {n} call",
                    "{call} has no `tool` message: the tool messages after {message} answer "
                    "{answered} of its {n} calls",
                    call=label,
                    message=ctx.where(i),
                    answered=answered_here,
                )
            else:
                role = stop.role if stop is not None else None
                message = (
                    tr(
                        "{call} is followed by a {role} message, not by a `tool` message with "
                        "its result",
                        call=label,
                        role=quote(role),
                    )
                    if role
                    else tr(
                        "{call} is not followed by a `tool` message with its result", call=label
                    )
                )
            yield Finding(
                ctx.path(i, "tool_calls", n, "id"),
                message,
                tr(
                    "After the assistant message, send one tool message per call: {example}",
                    example=tool_message(cid),
                ),
            )


def _later_tool_message(ctx: Context, start: int, cid: str) -> int | None:
    """A tool message answering `cid` after the run ended, before the next tool call."""
    if start >= len(ctx.msgs):
        return None
    sites = ctx.tool_sites.get(cid, [])
    k = bisect.bisect_left(sites, start)
    return sites[k] if k < len(sites) and sites[k] < ctx.next_calls[start] else None


@rule(
    "o-tool-msg-orphan",
    api="openai",
    sources=(
        refs.FUNCTION_CALLING,
        refs.CHAT_REFERENCE,
        refs.issue("smarter-sh/smarter", 264),
        refs.issue("run-llama/llama_index", 10493),
    ),
    api_message=(
        "Invalid parameter: messages with role 'tool' must be a response to a preceeding "
        "message with 'tool_calls'."
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
)
def tool_msg_orphan(ctx: Context) -> Iterator[Finding]:
    """A `tool` message follows an assistant message with `tool_calls`.

    Tool messages answer the calls of the assistant message right before them (directly,
    or after the other tool messages of the same batch). Anywhere else they are rejected.
    """
    for m in ctx.msgs:
        if m is None or m.role != "tool" or ctx.anchor.get(m.index) is not None:
            continue
        i = m.index
        start = ctx.run_start[i]
        before = ctx.msg(start - 1)
        if start == 0:
            situation = tr("the conversation starts with a `tool` message")
        elif before is None or before.role is None:
            situation = tr(
                "{message} before it is not an assistant message", message=ctx.where(start - 1)
            )
        elif before.role == "assistant":
            situation = tr(
                "the assistant message before it ({message}) has no `tool_calls`",
                message=ctx.where(start - 1),
            )
        else:
            situation = tr(
                "it follows a {role} message ({message})",
                role=quote(before.role),
                message=ctx.where(start - 1),
            )
        cid = m.tool_call_id
        sites = ctx.call_sites.get(cid, []) if cid is not None else []
        if sites:
            k = sites[0][0]
            if k > i:
                message = tr(
                    "{situation}; its call {id} is later, in {message}: a tool message must "
                    "directly follow the assistant message that made the call",
                    situation=situation,
                    id=quote(cid),
                    message=ctx.where(k),
                )
            else:
                message = tr(
                    "{situation}; its call {id} is earlier, in {message}: a tool message must "
                    "directly follow the assistant message that made the call",
                    situation=situation,
                    id=quote(cid),
                    message=ctx.where(k),
                )
            hint = tr(
                "Keep the order: assistant message with `tool_calls`, then its tool messages, "
                "then the next user message."
            )
        else:
            message = tr(
                "{situation}: a tool message must answer a call of the assistant message "
                "right before it",
                situation=situation,
            )
            hint = tr(
                "Resend the assistant message with its `tool_calls` (as the API returned it) "
                "right before the tool messages."
            )
        path = ctx.path(i, "tool_call_id") if cid is not None else ctx.path(i, "role")
        yield Finding(path, message, hint)


@rule(
    "o-tool-call-id-missing",
    api="openai",
    sources=(
        refs.CHAT_REFERENCE,
        refs.issue("MadcowD/ell", 325),
        refs.issue("langchain-ai/langchain", 22600),
    ),
    api_message=(
        "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'."
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "content": "18 C"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
)
def tool_call_id_missing(ctx: Context) -> Iterator[Finding]:
    """Every `tool` message has a `tool_call_id`.

    The id says which call the result answers; without it the request is rejected.
    """
    for m in ctx.msgs:
        if m is None or m.role != "tool" or m.tool_call_id is not None:
            continue
        raw = m.raw
        if "tool_call_id" in raw:
            message = tr(
                "`tool_call_id` must be a string, not {type}", type=json_type(raw["tool_call_id"])
            )
            path = ctx.path(m.index, "tool_call_id")
        elif "tool_use_id" in raw:
            message = tr(
                "this tool message has `tool_use_id`, the Anthropic name: Chat Completions "
                "calls it `tool_call_id`"
            )
            path = ctx.path(m.index, "tool_use_id")
        else:
            message = tr(
                "the tool message {message} has no `tool_call_id`", message=ctx.where(m.index)
            )
            path = ctx.path(m.index)
        yield Finding(
            path,
            message,
            tr('Add `"tool_call_id"` with the `id` of the call it answers.'),
        )


@rule(
    "o-tool-call-id-unknown",
    api="openai",
    sources=(
        refs.FUNCTION_CALLING,
        refs.CHAT_REFERENCE,
        refs.issue("dapr/dapr-agents", 145),
    ),
    api_message=(
        "Invalid parameter: 'tool_call_id' of '{value}' not found in 'tool_calls' of previous "
        "message."
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "get_weather", "content": "18 C"}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": null, "tool_calls": [
    {"id": "call_1", "type": "function",
     "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}
  ]},
  {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}
]""",
)
def tool_call_id_unknown(ctx: Context) -> Iterator[Finding]:
    """`tool_call_id` is one of the preceding assistant's call ids.

    A tool message answers a call of the assistant message its run follows; an id that is
    not among that message's `tool_calls` ids (a typo, the function's name) is rejected.
    """
    for m in ctx.msgs:
        if m is None or m.role != "tool" or m.tool_call_id is None:
            continue
        a = ctx.anchor.get(m.index)
        if a is None:
            continue  # o-tool-msg-orphan
        assistant = ctx.msgs[a]
        assert assistant is not None
        cid = m.tool_call_id
        if assistant.has_call(cid):
            continue
        ids = assistant.call_ids()
        same_name = assistant.ids_by_name().get(cid, [])
        close = difflib.get_close_matches(cid, ids, n=1, cutoff=0.6) if len(ids) <= 64 else []
        elsewhere = [k for k, _ in ctx.call_sites.get(cid, []) if k != a]
        if same_name:
            message = tr(
                "`tool_call_id` {id} is the function's name, not the call's id: the {name} "
                "call in {message} has id {ids}",
                id=quote(cid),
                name=code(cid),
                message=ctx.where(a),
                ids=tr(" or ").join(quote(x) for x in same_name),
            )
        elif elsewhere:
            message = tr(
                "`tool_call_id` {id} is the id of a call in {other}, not of the assistant "
                "message this tool message follows ({message})",
                id=quote(cid),
                other=ctx.where(elsewhere[0]),
                message=ctx.where(a),
            )
        elif close:
            message = tr(
                "`tool_call_id` {id} matches no call of {message}: did you mean {close}?",
                id=quote(cid),
                message=ctx.where(a),
                close=quote(close[0]),
            )
        elif ids:
            message = tr(
                "`tool_call_id` {id} matches no call of {message}, which calls {calls}",
                id=quote(cid),
                message=ctx.where(a),
                calls=id_list(ids),
            )
        else:
            message = tr(
                "`tool_call_id` {id} matches no call of {message}",
                id=quote(cid),
                message=ctx.where(a),
            )
        yield Finding(
            ctx.path(m.index, "tool_call_id"),
            message,
            tr("Copy the `id` of the matching entry of `tool_calls` exactly."),
        )
