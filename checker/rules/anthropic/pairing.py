"""Pairing calls with results: each call answered in the very next message, nowhere else.

The API matches a `tool_result` to its `tool_use` by id, and looks for it only in the
user message right after the assistant message that made the call.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator

from checker.diagnostics import code, quote
from checker.i18n import tr, trn
from checker.rules.anthropic import refs
from checker.rules.anthropic.context import (
    Context,
    Msg,
    a_block,
    close_match,
    id_list,
    result_example,
    str_in,
)
from checker.rules.record import Finding, rule


@rule(
    "a-tool-result-missing",
    api="anthropic",
    sources=(
        refs.TOOL_RESULTS,
        refs.PARALLEL,
        refs.issue("anthropics/claude-code", 5989),
        refs.issue("Kilo-Org/kilocode", 5163),
        refs.issue("anthropics/anthropic-sdk-typescript", 653),
    ),
    api_message=(
        "{message_loc}: `tool_use` ids were found without `tool_result` blocks immediately "
        "after: {value}. Each `tool_use` block must have a corresponding `tool_result` block "
        "in the next message."
    ),
    # the wording before "ids were found without" (anthropic-sdk-typescript#653)
    other_wordings=(
        "Did not find {n} tool_result block(s) at the beginning of this message. Messages "
        "following tool_use blocks must begin with a matching number of tool_result blocks.",
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": "It is 18 C there."}
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
def tool_result_missing(ctx: Context) -> Iterator[Finding]:
    """Every `tool_use` is answered in the very next message.

    The API matches each `tool_use` id against the `tool_result` blocks of the message
    immediately after the assistant message: that message must be a user message holding a
    result for every call of the turn. A plain user reply, any message in between, a
    request that ends on a `tool_use`, or a parallel batch answered in part: HTTP 400.
    Consecutive assistant messages are one turn (the API combines them; recorded 200):
    their calls are answered in the user message after the last of them. A result that is
    in a later user message of the run after the turn is `a-results-split`, reported there
    once.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or not m.uses:
            continue
        i = ctx.turn_end[m.index] - 1  # the last message of the assistant turn
        nxt = ctx.msg(i + 1)
        answered = nxt.result_ids() if nxt is not None and nxt.role == "user" else set()
        ids = m.use_ids()
        answered_here = len(answered & set(ids))
        for j, block in m.uses:
            uid = block.get("id")
            if not isinstance(uid, str) or uid in answered:
                continue
            split = nxt is not None and nxt.role == "user" and answered
            if split and _later_result(ctx, i + 2, uid) is not None:
                continue  # split over the user messages of one run: a-results-split
            name = block.get("name")
            call = f"`tool_use` {quote(uid)}" + (
                f" ({quote(name)})" if isinstance(name, str) else ""
            )
            hint = tr(
                "Run the tool and send its result in the next message: {example}",
                example=result_example(uid),
            )
            if i + 1 >= len(ctx.messages):
                message = tr(
                    "the request ends with {call}, which has no `tool_result`: the next "
                    "message must be a user message with the result",
                    call=call,
                )
            elif nxt is None or nxt.role != "user":
                message = _followed_by_no_user_message(call, nxt)
            else:
                message, hint = _not_answered_in_next(
                    ctx, m, i, nxt, uid, call, answered, answered_here
                )
            yield Finding(ctx.path(m.index, "content", j, "id"), message, hint)


def _followed_by_no_user_message(call: str, nxt: Msg | None) -> str:
    """A call whose turn is followed by a message that is not a user message."""
    role = nxt.role if nxt is not None else None
    if role == "tool":
        message = tr(
            "{call} is followed by a `tool` message (the OpenAI shape); Anthropic "
            "wants a user message holding a `tool_result` block",
            call=call,
        )
    elif role == "assistant":
        message = tr(
            "{call} is followed by an `assistant` message: its `tool_result` must "
            "be in the very next message, a user message",
            call=call,
        )
    elif role:
        message = tr(
            "{call} is followed by a {role} message: its `tool_result` must be in "
            "the very next message, a user message",
            call=call,
            role=quote(role),
        )
    else:
        message = tr(
            "{call} is followed by a message without role message: its "
            "`tool_result` must be in the very next message, a user message",
            call=call,
        )
    return message


def _not_answered_in_next(
    ctx: Context,
    m: Msg,
    i: int,
    nxt: Msg,
    uid: str,
    call: str,
    answered: set,
    answered_here: int,
) -> tuple[str, str]:
    """(message, hint) for a call the user message after its turn does not answer."""
    ids = m.use_ids()
    later = _later_result(ctx, i + 2, uid)
    if later is not None:
        message = tr(
            "the result of {call} is in {later}, but it must be in the next message, {next}",
            call=call,
            later=ctx.where(later),
            next=ctx.where(i + 1),
        )
        hint = tr(
            "Put all results of one assistant turn in the single user message that follows it."
        )
    elif nxt.results and answered_here:
        message = trn(
            len(ids),
            "{call} has no result in {next}: that message answers {answered} of "
            "the {n} call made in {message}",
            "{call} has no result in {next}: that message answers {answered} of "
            "the {n} calls made in {message}",
            call=call,
            next=ctx.where(i + 1),
            answered=answered_here,
            message=ctx.where(m.index),
        )
        hint = tr(
            "Answer every call of a parallel turn, each with its own `tool_result` "
            "block, all in that one user message."
        )
    elif nxt.results:
        shown = [
            b["tool_use_id"] for _, b in nxt.results[:4] if isinstance(b.get("tool_use_id"), str)
        ]
        extra = len(answered) - len(shown)
        listing = id_list(shown)
        if extra > 0:
            listing = tr("{ids} and {n} more", ids=listing, n=extra)
        if shown:
            message = tr(
                "no `tool_result` in {next} carries the id of {call} (it has `tool_use_id` {ids})",
                next=ctx.where(i + 1),
                call=call,
                ids=listing,
            )
        else:
            message = tr(
                "no `tool_result` in {next} carries the id of {call}",
                next=ctx.where(i + 1),
                call=call,
            )
        hint = tr(
            "Set the result's `tool_use_id` to {id}, the `id` of the call.",
            id=quote(uid),
        )
    else:
        message = tr(
            "{call} has no `tool_result` in the next message, {next}: a plain "
            "reply does not answer a tool call",
            call=call,
            next=ctx.where(i + 1),
        )
        hint = tr(
            "Start that user message with the result, then any text: {example}",
            example=result_example(uid),
        )
    return message, hint


def _later_result(ctx: Context, start: int, uid: str) -> int | None:
    """Index of the user message in the run starting at `start` that answers `uid`."""
    if start >= len(ctx.msgs):
        return None
    end = ctx.run_end[start]
    sites = ctx.result_sites.get(uid, [])
    k = bisect.bisect_left(sites, start)
    return sites[k] if k < len(sites) and sites[k] < end else None


@rule(
    "a-results-split",
    api="anthropic",
    sources=(refs.PARALLEL, refs.TROUBLESHOOTING, refs.issue("anthropics/claude-code", 5989)),
    api_message=(
        "{message_loc}: `tool_use` ids were found without `tool_result` blocks immediately "
        "after: {value}. All `tool_result` blocks for one assistant turn must be in the "
        "next user message."
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris and Rome?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
    {"type": "tool_use", "id": "toolu_02", "name": "get_weather", "input": {"city": "Rome"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_02", "content": "24 C"}
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
def results_split(ctx: Context) -> Iterator[Finding]:
    """All results of one assistant turn go in ONE user message.

    The results of a parallel batch must all be in the user message right after the
    assistant turn. Spreading them over several consecutive user messages is reported
    once, here, at each result that came late: the calls it leaves unanswered in the first
    message and the late results themselves are consequences of this one mistake, so
    `a-tool-result-missing` and `a-tool-result-orphan` stay silent about them.

    Weighed: the API combines consecutive messages of one role, and a run of assistant
    messages answered by one user message was recorded accepted; no first-party recording
    shows split results accepted, and public reports of the 400 for them exist, so this
    stays an error until a recording shows otherwise.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or not m.uses:
            continue
        ids = set(m.use_ids())
        holders: list[tuple[int, int]] = []  # (message index, first matching block index)
        k = ctx.turn_end[m.index]
        while k < len(ctx.msgs):
            user = ctx.msgs[k]
            if user is None or user.role != "user":
                break
            first = next((j for j, b in user.results if str_in(b.get("tool_use_id"), ids)), None)
            if first is not None:
                holders.append((k, first))
            k += 1
        if len(holders) < 2:
            continue
        target = holders[0][0]
        for k, j in holders[1:]:
            yield Finding(
                ctx.path(k, "content", j, "tool_use_id"),
                tr(
                    "the results of the calls in {message} are spread over {n} user messages: "
                    "this one, in {here}, belongs with the others in {target}",
                    message=ctx.where(m.index),
                    n=len(holders),
                    here=ctx.where(k),
                    target=ctx.where(target),
                ),
                tr(
                    "Send one user message after the assistant turn, holding one `tool_result` "
                    "block per call."
                ),
            )


@rule(
    "a-tool-result-orphan",
    api="anthropic",
    sources=(
        refs.TOOL_RESULTS,
        refs.issue("anthropics/claude-code", 13460),
        refs.issue("anthropics/claude-code", 18947),
    ),
    api_message=(
        "{block_loc}: unexpected `tool_use_id` found in `tool_result` blocks: {value}. "
        "Each `tool_result` block must have a corresponding `tool_use` block in the "
        "previous message."
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "get_weather", "content": "18 C"}
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
def tool_result_orphan(ctx: Context) -> Iterator[Finding]:
    """A result answers a call of the immediately previous message.

    Each `tool_result.tool_use_id` must equal the `id` of a `tool_use` block in the
    assistant message right before its user message. Typos, the tool's name used as the
    id, an assistant turn that was not resent, a result placed before its call, or a
    truncated history all leave the result without its call: HTTP 400.
    """
    names = {t.get("name") for _, t in ctx.tools if isinstance(t.get("name"), str)}
    for m in ctx.msgs:
        if m is None or m.role != "user" or not m.results:
            continue
        i = m.index
        prev = ctx.msg(i - 1)
        if prev is not None and prev.role != "assistant":
            prev = None
        prev_set = ctx.turn_use_ids(i - 1)
        server_calls = _server_call_ids(prev)
        # a later user message of a run: results the turn before it made are split
        split_from = ctx.turn_use_ids(ctx.run_start[i] - 1) if ctx.run_start[i] < i else set()
        for j, block in m.results:
            uid = block.get("tool_use_id")
            if not isinstance(uid, str) or uid in prev_set or uid in split_from:
                continue
            if uid in server_calls:
                continue  # a client result for a server tool: a-server-tool-client-result
            message, hint = _orphan_explanation(ctx, m, prev, uid, names)
            yield Finding(
                ctx.path(i, "content", j, "tool_use_id"),
                message,
                hint,
            )


def _server_call_ids(message: Msg | None) -> set[str]:
    """The ids of the server tool and MCP calls of an assistant message."""
    if message is None:
        return set()
    return {
        b["id"]
        for _, b in message.blocks
        if b["type"] in ("server_tool_use", "mcp_tool_use") and isinstance(b.get("id"), str)
    }


def _orphan_explanation(
    ctx: Context, m: Msg, prev: Msg | None, uid: str, names: set[str]
) -> tuple[str, str]:
    """(message, hint) for a result whose id is not a call of the message before it."""
    i = m.index
    sites = ctx.use_sites.get(uid, [])
    if prev is not None:
        return _orphan_after_assistant(ctx, i, prev, uid, names, sites)
    return _orphan_without_assistant(ctx, i, uid, sites)


def _orphan_after_assistant(
    ctx: Context, i: int, prev: Msg, uid: str, names: set[str], sites: list
) -> tuple[str, str]:
    """The message before is an assistant message, without this id among its calls."""
    before_where = ctx.where(i - 1)
    copy_hint = tr(
        "Copy the `id` of the `tool_use` block from the assistant message right before, "
        "character for character."
    )
    same_name = prev.ids_by_name().get(uid, [])
    if same_name:
        ids = tr(" or ").join(quote(x) for x in same_name)
        return (
            tr(
                "`tool_use_id` {id} is the tool's name, not the call's id: the {name} call "
                "in {message} has id {ids}",
                id=quote(uid),
                name=code(uid),
                message=before_where,
                ids=ids,
            ),
            tr('Set `"tool_use_id": {id}`.', id=quote(same_name[0])),
        )
    prev_ids = prev.use_ids()
    if uid in names or uid in ctx.use_names:
        if prev_ids:
            message = tr(
                "`tool_use_id` {id} is a tool's name, not a call's id; the message before "
                "({message}, which calls {calls}) has no {name} call",
                id=quote(uid),
                message=before_where,
                calls=id_list(prev_ids),
                name=code(uid),
            )
        else:
            message = tr(
                "`tool_use_id` {id} is a tool's name, not a call's id; the message before "
                "({message}) has no {name} call",
                id=quote(uid),
                message=before_where,
                name=code(uid),
            )
        return message, copy_hint
    if not prev_ids:
        return (
            tr(
                "`tool_use_id` {id} answers no call: the message before, {message}, makes "
                "no tool calls",
                id=quote(uid),
                message=before_where,
            ),
            _resend_hint(ctx, sites, i),
        )
    earlier = [k for k, _ in sites if k < i - 1]
    if earlier:
        return (
            tr(
                "`tool_use_id` {id} is the id of the call in {earlier}, not of a call in "
                "the message right before ({message}, which calls {calls})",
                id=quote(uid),
                earlier=ctx.where(earlier[-1]),
                message=before_where,
                calls=id_list(prev_ids),
            ),
            tr("A result answers only the calls of the assistant message directly before it."),
        )
    later = [k for k, _ in sites if k > i]
    if later:
        return (
            tr(
                "the result for {id} comes before its call, which is in {later}: a result "
                "must directly follow the assistant message that made the call",
                id=quote(uid),
                later=ctx.where(later[0]),
            ),
            tr("Move this result to the user message right after that assistant message."),
        )
    close = close_match(uid, prev_ids)
    if close:
        return (
            tr(
                "`tool_use_id` {id} matches no call in {message}: did you mean {close}?",
                id=quote(uid),
                message=before_where,
                close=quote(close[0]),
            ),
            copy_hint,
        )
    return (
        tr(
            "`tool_use_id` {id} matches no call in {message}, which calls {calls}",
            id=quote(uid),
            message=before_where,
            calls=id_list(prev_ids),
        ),
        copy_hint,
    )


def _orphan_without_assistant(ctx: Context, i: int, uid: str, sites: list) -> tuple[str, str]:
    """No assistant message right before the result."""
    before_where = ctx.where(i - 1)
    later = [k for k, _ in sites if k > i]
    if later:
        return (
            tr(
                "the result for {id} comes before its call, which is in {later}: a result "
                "must directly follow the assistant message that made the call",
                id=quote(uid),
                later=ctx.where(later[0]),
            ),
            tr("Move the user message with this result to just after that assistant message."),
        )
    before = ctx.msg(i - 1)
    run_start = ctx.run_start[i] - 1
    batch = ctx.msg(run_start)
    if (
        before is not None
        and before.role == "user"
        and batch is not None
        and batch.role == "assistant"
        and any(k == run_start for k, _ in sites)
    ):
        return (
            tr(
                "the result for {id} is in a second user message; it answers the call in "
                "{message} and belongs in {target}, with the other results of that turn",
                id=quote(uid),
                message=ctx.where(run_start),
                target=ctx.where(run_start + 1),
            ),
            tr("All results of one assistant turn go in the one user message right after it."),
        )
    if i == 0:
        situation = tr("the conversation starts with this tool result")
    elif before is None or before.role is None:
        situation = tr(
            "the message before it ({message}) is not an assistant message", message=before_where
        )
    else:
        situation = tr(
            "the message before it ({message}) is a {role} message",
            message=before_where,
            role=quote(before.role),
        )
    if sites:
        k = sites[-1][0]
        return (
            tr(
                "{situation}; the call {id} is in {message}, so the assistant turn was not "
                "resent right before this result",
                situation=situation,
                id=quote(uid),
                message=ctx.where(k),
            ),
            tr(
                "Resend that assistant message (its whole `content`, text included) directly "
                "before the user message with the result."
            ),
        )
    return (
        tr(
            "{situation}, so `tool_use_id` {id} has no call to answer: the assistant message "
            "with the `tool_use` block must be resent right before it",
            situation=situation,
            id=quote(uid),
        ),
        tr(
            "Keep the whole history: append the assistant message exactly as the API returned "
            "it, then your user message with the results."
        ),
    )


def _resend_hint(ctx: Context, sites: list[tuple[int, int]], i: int) -> str:
    if sites:
        return tr(
            "The call with this id is in {message}: a result must come in the user message "
            "right after it.",
            message=ctx.where(sites[-1][0]),
        )
    return tr("Resend the assistant message that made the call right before this message.")


@rule(
    "a-tool-result-not-first",
    api="anthropic",
    sources=(
        refs.TOOL_RESULTS,
        refs.issue("apify/tester-mcp-client", 12),
        refs.issue("anthropics/anthropic-sdk-typescript", 653),
    ),
    api_message=(
        "{message_loc}: `tool_result` blocks must come first in the content of a user "
        "message that answers `tool_use` blocks; other blocks may only follow them."
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "text", "text": "Here is the result:"},
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"},
    {"type": "text", "text": "Answer in one line."}
  ]}
]""",
)
def tool_result_not_first(ctx: Context) -> Iterator[Finding]:
    """In a user message, `tool_result` blocks come first.

    When a user message answers a tool turn, every `tool_result` block must stand before
    any other block (text, image); text after all the results is fine.
    """
    for m in ctx.msgs:
        if m is None or m.role != "user" or not m.results:
            continue
        last = m.results[-1][0]
        for j, block in enumerate(m.content):
            if j >= last:
                break
            is_result = isinstance(block, dict) and block.get("type") == "tool_result"
            if not is_result:
                kind = block.get("type") if isinstance(block, dict) else None
                yield Finding(
                    ctx.path(m.index, "content", j, *(("type",) if kind else ())),
                    tr(
                        "{block} stands before a `tool_result` in {message}: the results must "
                        "come first",
                        block=a_block(kind),
                        message=ctx.where(m.index),
                    ),
                    tr(
                        "Put all `tool_result` blocks at the start of the content array; text "
                        "may follow them."
                    ),
                )
                break
