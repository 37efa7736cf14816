"""Anthropic Messages API (`POST /v1/messages`): the request rules, ids `a-*`.

One function per rule id; its docstring states the API fact it enforces. The catalogue and
its severities are `docs/rules.md`. Every rule takes a `Context` (the request,
indexed once) and yields diagnostics; a rule that meets a value of an unexpected type
skips it, because the `request-shape` checks in `shape` already report that.

Extra ids defined here, beyond the catalogue:

- `request-shape` (error): the message content has the wrong structure for this API
  (content neither a string nor an array, a block that is not an object or has no `type`,
  a `tool_use` without `id`/`name`, a `tool_result` without `tool_use_id`, `is_error` not a
  boolean, `tools` not an array of objects).
- `a-envelope-field-in-message` (error): a message carries `id`, `type`, `model`,
  `stop_reason`, `stop_sequence` or `usage`. These belong to the response envelope; the API
  validates message fields strictly and answers e.g. "messages.1.id: Extra inputs are not
  permitted" (quoted in public client code that had to strip them), so this is an error.

`MESSAGE_RULES` run on any list of messages; `BODY_RULES` need the whole request body
(tools, tool_choice, thinking, model) and are skipped for a bare messages array.
"""

from __future__ import annotations

import bisect
import difflib
import functools
import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from checker.diagnostics import Diagnostic, code, describe, json_type, pointer, quote
from checker.i18n import tr, trn
from checker.request_context import RequestContext

ID_PATTERN = re.compile(r"[a-zA-Z0-9_-]+")
NAME_CHARS = re.compile(r"[a-zA-Z0-9_-]*")
ROLES = ("user", "assistant")
TOOL_RESULT_CONTENT_TYPES = ("text", "image", "document", "search_result")
ENVELOPE_FIELDS = ("id", "type", "model", "stop_reason", "stop_sequence", "usage")
TOOL_CHOICE_TYPES = ("auto", "any", "none", "tool")
#: Server tools and versioned client tools are typed `<name>_<yyyymmdd>` and carry no schema.
_VERSIONED_TOOL_TYPE = re.compile(r".+_\d{8}")
_NO_PREFILL_FROM = (4, 6)


class Msg:
    """One message as the rules see it (only for messages that are objects)."""

    __slots__ = (
        "index",
        "raw",
        "role",
        "content",
        "blocks",
        "uses",
        "results",
        "_result_ids",
        "_use_ids",
        "_by_name",
    )

    def __init__(self, index: int, raw: dict[str, Any]) -> None:
        self.index = index
        self.raw = raw
        role = raw.get("role")
        self.role: str | None = role if isinstance(role, str) else None
        self.content = raw.get("content")
        #: (block index, block) for every content block that is an object with a string type
        self.blocks: list[tuple[int, dict[str, Any]]] = []
        self.uses: list[tuple[int, dict[str, Any]]] = []
        self.results: list[tuple[int, dict[str, Any]]] = []
        if isinstance(self.content, (list, tuple)):
            for j, block in enumerate(self.content):
                if isinstance(block, dict) and isinstance(block.get("type"), str):
                    self.blocks.append((j, block))
                    if block["type"] == "tool_use":
                        self.uses.append((j, block))
                    elif block["type"] == "tool_result":
                        self.results.append((j, block))

    def use_ids(self) -> list[str]:
        """The string ids of this message's `tool_use` blocks, in order (computed once)."""
        if not hasattr(self, "_use_ids"):
            self._use_ids = [b["id"] for _, b in self.uses if isinstance(b.get("id"), str)]
        return self._use_ids

    def ids_by_name(self) -> dict[str, list[str]]:
        """Tool name -> ids of this message's calls of that tool (computed once)."""
        if not hasattr(self, "_by_name"):
            self._by_name: dict[str, list[str]] = {}
            for _, b in self.uses:
                if isinstance(b.get("name"), str) and isinstance(b.get("id"), str):
                    self._by_name.setdefault(b["name"], []).append(b["id"])
        return self._by_name

    def result_ids(self) -> set[str]:
        """The `tool_use_id` strings of this message's results (computed once)."""
        if not hasattr(self, "_result_ids"):
            self._result_ids = {
                b["tool_use_id"] for _, b in self.results if isinstance(b.get("tool_use_id"), str)
            }
        return self._result_ids


class Context(RequestContext):
    """The request, indexed once for all rules."""

    def __init__(
        self,
        messages: list[Any],
        *,
        body: dict[str, Any] | None,
        prefix: str,
        model: str | None,
    ) -> None:
        super().__init__(messages, body=body, prefix=prefix)
        self.model = model
        self.msgs: list[Msg | None] = [
            Msg(i, m) if isinstance(m, dict) else None for i, m in enumerate(messages)
        ]
        #: tool_use id -> [(message index, block index)] over all messages, in order
        self.use_sites: dict[str, list[tuple[int, int]]] = {}
        for m in self.msgs:
            if m is None:
                continue
            for j, block in m.uses:
                uid = block.get("id")
                if isinstance(uid, str):
                    self.use_sites.setdefault(uid, []).append((m.index, j))
        #: names of all tool_use blocks
        self.use_names = {
            b["name"]
            for m in self.msgs
            if m is not None
            for _, b in m.uses
            if isinstance(b.get("name"), str)
        }
        #: tool_use_id -> indices of the user messages with a result for it, in order
        self.result_sites: dict[str, list[int]] = {}
        for m in self.msgs:
            if m is not None and m.role == "user":
                for uid in m.result_ids():
                    self.result_sites.setdefault(uid, []).append(m.index)
        #: run_start[i] / run_end[i]: first / one past the last index of the run of user
        #: messages around message i (run_start[i] == run_end[i] == i if it is not one)
        n = len(self.msgs)
        is_user = [m is not None and m.role == "user" for m in self.msgs]
        self.run_start = list(range(n))
        self.run_end = list(range(n))
        for i in range(n):
            if is_user[i] and i > 0 and is_user[i - 1]:
                self.run_start[i] = self.run_start[i - 1]
        for i in range(n - 1, -1, -1):
            if is_user[i]:
                self.run_end[i] = self.run_end[i + 1] if i + 1 < n and is_user[i + 1] else i + 1


def _str_in(value: Any, ids: set[str]) -> bool:
    return isinstance(value, str) and value in ids


def _err(rule: str, path: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(rule, "error", path, message, hint)


def _warn(rule: str, path: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(rule, "warning", path, message, hint)


def _result_example(tool_use_id: str, content: str = '"..."') -> str:
    return (
        '`{"role": "user", "content": [{"type": "tool_result", '
        f'"tool_use_id": {quote(tool_use_id)}, "content": {content}}}]}}`'
    )


def _is_custom_tool(tool: dict[str, Any]) -> bool:
    """Custom (client) tools have no `type`, or `type: "custom"`; they need `input_schema`."""
    return tool.get("type", "custom") == "custom"


def _is_openai_tool(tool: dict[str, Any]) -> bool:
    return tool.get("type") == "function" or (
        "function" in tool and "name" not in tool and "input_schema" not in tool
    )


# =========================================================================== shape


def shape(ctx: Context) -> Iterator[Diagnostic]:
    """`request-shape`: content blocks have the structure the Messages API reads.

    A message's `content` is a string or an array of blocks; every block is an object with
    a string `type`; `text` blocks carry a string `text`; `tool_use` blocks an `id` and a
    `name`; `tool_result` blocks a `tool_use_id` and, if present, a boolean `is_error`.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        i, content = m.index, m.content
        if "content" not in m.raw:
            yield _err(
                "request-shape",
                ctx.path(i),
                tr("{message} has no `content`", message=ctx.where(i)),
                tr(
                    "Every message needs `content`: a string, or an array of blocks such as "
                    '`{"type": "text", "text": "..."}`.'
                ),
            )
            continue
        if isinstance(content, str):
            continue
        if not isinstance(content, (list, tuple)):
            yield _err(
                "request-shape",
                ctx.path(i, "content"),
                tr(
                    "`content` of {message} is {type}: it must be a string or an array of "
                    "content blocks",
                    message=ctx.where(i),
                    type=json_type(content),
                ),
                tr(
                    "Write the text as a string, or a list of blocks (wrap a single block in "
                    "an array)."
                )
                if isinstance(content, dict)
                else tr("Write the text as a string, or a list of blocks."),
            )
            continue
        for j, block in enumerate(content):
            if isinstance(block, dict) and _block_ok(block):
                continue
            where = ctx.path(i, "content", j)
            if not isinstance(block, dict):
                yield _err(
                    "request-shape",
                    where,
                    tr(
                        "content block {j} of {message} is {type}, not an object",
                        j=j,
                        message=ctx.where(i),
                        type=json_type(block),
                    ),
                    tr(
                        'Each block is an object with a `type`, e.g. `{"type": "text", "text": '
                        '"Hello"}`.'
                    ),
                )
                continue
            btype = block.get("type")
            if not isinstance(btype, str):
                yield _err(
                    "request-shape",
                    where if "type" not in block else where + "/type",
                    tr(
                        "content block {j} of {message} has no `type` string",
                        j=j,
                        message=ctx.where(i),
                    ),
                    tr("Give each block a `type`: `text`, `image`, `tool_use`, `tool_result`..."),
                )
                continue
            yield from _block_shape(ctx, i, j, block)


def _block_ok(block: dict[str, Any]) -> bool:
    """Fast path: True when `_block_shape` has nothing to say about `block`."""
    btype = block.get("type")
    if btype == "text":
        return isinstance(block.get("text"), str)
    if btype == "tool_use":
        return isinstance(block.get("id"), str) and isinstance(block.get("name"), str)
    if btype == "tool_result":
        return isinstance(block.get("tool_use_id"), str) and isinstance(
            block.get("is_error", False), bool
        )
    return isinstance(btype, str)


def _block_shape(ctx: Context, i: int, j: int, block: dict[str, Any]) -> Iterator[Diagnostic]:
    where = ctx.path(i, "content", j)
    btype = block["type"]
    if btype == "text" and not isinstance(block.get("text"), str):
        yield _err(
            "request-shape",
            where + "/text" if "text" in block else where,
            tr(
                "a `text` block needs a string `text`, found {type}",
                type=json_type(block.get("text")),
            )
            if "text" in block
            else tr("a `text` block without `text`"),
            tr('Write `{"type": "text", "text": "..."}`.'),
        )
    elif btype == "tool_use":
        for key in ("id", "name"):
            if not isinstance(block.get(key), str):
                yield _err(
                    "request-shape",
                    where + "/" + key if key in block else where,
                    tr(
                        "a `tool_use` block needs a string `{key}`, found {type}",
                        key=key,
                        type=json_type(block[key]),
                    )
                    if key in block
                    else tr("a `tool_use` block needs a string `{key}`", key=key),
                    tr(
                        "Resend the assistant's `tool_use` blocks exactly as the API returned "
                        "them (`type`, `id`, `name`, `input`)."
                    ),
                )
    elif btype == "tool_result":
        uid = block.get("tool_use_id")
        if not isinstance(uid, str):
            other = next((k for k in ("tool_call_id", "id") if k in block), None)
            if "tool_use_id" in block:
                message = tr("`tool_use_id` must be a string, found {type}", type=json_type(uid))
            elif other == "tool_call_id":
                message = tr(
                    "this `tool_result` has `tool_call_id`, the OpenAI name: Anthropic "
                    "calls it `tool_use_id`"
                )
            elif other == "id":
                message = tr("this `tool_result` has `id`; the field is called `tool_use_id`")
            else:
                message = tr("this `tool_result` has no `tool_use_id`")
            yield _err(
                "request-shape",
                where + "/tool_use_id" if "tool_use_id" in block else where,
                message,
                tr('Set `"tool_use_id"` to the `id` of the `tool_use` block it answers.'),
            )
        if "is_error" in block and not isinstance(block["is_error"], bool):
            yield _err(
                "request-shape",
                where + "/is_error",
                tr(
                    "`is_error` must be `true` or `false`, found {value}",
                    value=describe(block["is_error"]),
                ),
                tr('Write `"is_error": true` for a failed tool run, or leave it out.'),
            )


def tools_shape(ctx: Context) -> Iterator[Diagnostic]:
    """`request-shape`: `tools` is an array of tool objects."""
    if ctx.body is None or "tools" not in ctx.body:
        return
    tools = ctx.body["tools"]
    if not isinstance(tools, (list, tuple)):
        yield _err(
            "request-shape",
            "/tools",
            tr("`tools` is {type}: it must be an array of tool definitions", type=json_type(tools)),
            tr('Write `"tools": [{"name": "...", "description": "...", "input_schema": {...}}]`.'),
        )
        return
    for k, tool in enumerate(tools):
        if not isinstance(tool, dict):
            yield _err(
                "request-shape",
                pointer("tools", k),
                tr("tool {k} is {type}, not an object", k=k, type=json_type(tool)),
                tr('Each tool is an object: `{"name": "...", "input_schema": {...}}`.'),
            )


# =========================================================================== pairing


def tool_result_missing(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-result-missing`: every `tool_use` is answered in the very next message.

    The API matches each `tool_use` id against the `tool_result` blocks of the message
    immediately after the assistant message: that message must be a user message holding a
    result for every call of the turn. A plain user reply, any message in between, a
    request that ends on a `tool_use`, or a parallel batch answered in part: HTTP 400.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or not m.uses:
            continue
        i = m.index
        nxt = ctx.msg(i + 1)
        answered = nxt.result_ids() if nxt is not None and nxt.role == "user" else set()
        ids = m.use_ids()
        answered_here = len(answered & set(ids))
        for j, block in m.uses:
            uid = block.get("id")
            if not isinstance(uid, str) or uid in answered:
                continue
            name = block.get("name")
            call = f"`tool_use` {quote(uid)}" + (
                f" ({quote(name)})" if isinstance(name, str) else ""
            )
            hint = tr(
                "Run the tool and send its result in the next message: {example}",
                example=_result_example(uid),
            )
            if i + 1 >= len(ctx.messages):
                message = tr(
                    "the request ends with {call}, which has no `tool_result`: the next "
                    "message must be a user message with the result",
                    call=call,
                )
            elif nxt is None or nxt.role != "user":
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
            else:
                later = _later_result(ctx, i + 2, uid)
                if later is not None:
                    message = tr(
                        "the result of {call} is in {later}, but it must be in the next "
                        "message, {next}",
                        call=call,
                        later=ctx.where(later),
                        next=ctx.where(i + 1),
                    )
                    hint = tr(
                        "Put all results of one assistant turn in the single user message "
                        "that follows it."
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
                        message=ctx.where(i),
                    )
                    hint = tr(
                        "Answer every call of a parallel turn, each with its own `tool_result` "
                        "block, all in that one user message."
                    )
                elif nxt.results:
                    shown = [
                        b["tool_use_id"]
                        for _, b in nxt.results[:4]
                        if isinstance(b.get("tool_use_id"), str)
                    ]
                    extra = len(answered) - len(shown)
                    listing = _list(shown)
                    if extra > 0:
                        listing = tr("{ids} and {n} more", ids=listing, n=extra)
                    if shown:
                        message = tr(
                            "no `tool_result` in {next} carries the id of {call} (it has "
                            "`tool_use_id` {ids})",
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
                        example=_result_example(uid),
                    )
            yield _err("a-tool-result-missing", ctx.path(i, "content", j, "id"), message, hint)


def _later_result(ctx: Context, start: int, uid: str) -> int | None:
    """Index of the user message in the run starting at `start` that answers `uid`."""
    if start >= len(ctx.msgs):
        return None
    end = ctx.run_end[start]
    sites = ctx.result_sites.get(uid, [])
    k = bisect.bisect_left(sites, start)
    return sites[k] if k < len(sites) and sites[k] < end else None


def results_split(ctx: Context) -> Iterator[Diagnostic]:
    """`a-results-split`: all results of one assistant turn go in ONE user message.

    The results of a parallel batch must all be in the user message right after the
    assistant message; spreading them over several consecutive user messages is rejected
    (and the raw neighbour rules report the calls as missing and the late results as
    orphans).
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or not m.uses:
            continue
        ids = set(m.use_ids())
        holders: list[tuple[int, int]] = []  # (message index, first matching block index)
        k = m.index + 1
        while k < len(ctx.msgs):
            user = ctx.msgs[k]
            if user is None or user.role != "user":
                break
            first = next((j for j, b in user.results if _str_in(b.get("tool_use_id"), ids)), None)
            if first is not None:
                holders.append((k, first))
            k += 1
        if len(holders) < 2:
            continue
        target = holders[0][0]
        for k, j in holders[1:]:
            yield _err(
                "a-results-split",
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


def tool_result_orphan(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-result-orphan`: a result answers a call of the immediately previous message.

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
        prev_set = set(prev.use_ids()) if prev is not None else set()
        for j, block in m.results:
            uid = block.get("tool_use_id")
            if not isinstance(uid, str) or uid in prev_set:
                continue
            message, hint = _orphan_explanation(ctx, m, prev, uid, names)
            yield _err(
                "a-tool-result-orphan",
                ctx.path(i, "content", j, "tool_use_id"),
                message,
                hint,
            )


def _orphan_explanation(
    ctx: Context, m: Msg, prev: Msg | None, uid: str, names: set[str]
) -> tuple[str, str]:
    """(message, hint) for a result whose id is not a call of the message before it."""
    i = m.index
    sites = ctx.use_sites.get(uid, [])
    copy_hint = tr(
        "Copy the `id` of the `tool_use` block from the assistant message right before, "
        "character for character."
    )
    before_where = ctx.where(i - 1)
    if prev is not None:
        # The previous message is an assistant message, without this id.
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
                    calls=_list(prev_ids),
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
                    calls=_list(prev_ids),
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
        close = _close_match(uid, prev_ids)
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
                calls=_list(prev_ids),
            ),
            copy_hint,
        )
    # No assistant message right before this one.
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


def _close_match(value: str, candidates: list[str]) -> list[str]:
    """The candidate `value` is probably a typo of (skipped for huge batches: it is slow)."""
    if len(candidates) > 64:
        return []
    return difflib.get_close_matches(value, candidates, n=1, cutoff=0.6)


def _resend_hint(ctx: Context, sites: list[tuple[int, int]], i: int) -> str:
    if sites:
        return tr(
            "The call with this id is in {message}: a result must come in the user message "
            "right after it.",
            message=ctx.where(sites[-1][0]),
        )
    return tr("Resend the assistant message that made the call right before this message.")


def _list(ids: list[str], limit: int = 4) -> str:
    shown = ", ".join(quote(x) for x in ids[:limit])
    if len(ids) > limit:
        return tr("{ids} and {n} more", ids=shown, n=len(ids) - limit)
    return shown


def tool_result_not_first(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-result-not-first`: in a user message, `tool_result` blocks come first.

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
                yield _err(
                    "a-tool-result-not-first",
                    ctx.path(m.index, "content", j, *(("type",) if kind else ())),
                    tr(
                        "{block} stands before a `tool_result` in {message}: the results must "
                        "come first",
                        block=_a_block(kind),
                        message=ctx.where(m.index),
                    ),
                    tr(
                        "Put all `tool_result` blocks at the start of the content array; text "
                        "may follow them."
                    ),
                )
                break


def tool_result_wrong_role(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-result-wrong-role`: `tool_use` only from the assistant, `tool_result` only from
    the user.

    The model makes calls (`tool_use` in assistant messages); your program sends results
    (`tool_result` in user messages). The other way round is rejected.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        if m.role == "assistant":
            for j, _ in m.results:
                yield _err(
                    "a-tool-result-wrong-role",
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
                yield _err(
                    "a-tool-result-wrong-role",
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


def tool_use_not_last(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-use-not-last`: in an assistant message, nothing follows the `tool_use` blocks.

    A tool call ends the assistant's turn, so an assistant message may hold text (and
    thinking) before its `tool_use` blocks but no other block after them.
    """
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or not m.uses:
            continue
        first_use = m.uses[0][0]
        for j in range(first_use + 1, len(m.content)):
            block = m.content[j]
            kind = block.get("type") if isinstance(block, dict) else None
            if kind == "tool_use":
                continue
            yield _err(
                "a-tool-use-not-last",
                ctx.path(m.index, "content", j, *(("type",) if kind else ())),
                tr(
                    "{block} comes after a `tool_use` block in {message}: tool calls must be "
                    "the last blocks of the assistant turn",
                    block=_a_block(kind),
                    message=ctx.where(m.index),
                ),
                tr(
                    "Resend the assistant content as the API returned it (text first, then the "
                    "`tool_use` blocks); say more in your next user message, after the results."
                ),
            )
            break


def _a_block(kind: Any) -> str:
    """`a `text` block`, or `a block` when the type is not a string."""
    return tr("a {type} block", type=code(kind)) if isinstance(kind, str) else tr("a block")


def tool_use_id_duplicate(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-use-id-duplicate`: every `tool_use` id is unique in the request.

    Results are matched to calls by id, so two calls with one id are ambiguous: HTTP 400.
    """
    for uid, sites in ctx.use_sites.items():
        if len(sites) < 2:
            continue
        first = sites[0][0]
        for k, j in sites[1:]:
            yield _err(
                "a-tool-use-id-duplicate",
                ctx.path(k, "content", j, "id"),
                tr(
                    "the `tool_use` id {id} is used again: the first call with it is in {message}",
                    id=quote(uid),
                    message=ctx.where(first),
                ),
                tr(
                    "Every call needs its own id. Resend each assistant turn unchanged (the API "
                    "never repeats ids); if you make ids yourself, make them unique."
                ),
            )


def tool_id_pattern(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-id-pattern`: ids match `^[a-zA-Z0-9_-]+$`.

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
                yield _err(
                    "a-tool-id-pattern",
                    ctx.path(m.index, "content", j, key),
                    tr(
                        "`{key}` {problem}: ids may contain only letters, digits, `_` and `-`",
                        key=key,
                        problem=_pattern_problem(value),
                    ),
                    tr("Use the id exactly as the API returned it in the `tool_use` block."),
                )


def _pattern_problem(value: str) -> str:
    if not value:
        return tr("is empty")
    if value.strip() != value:
        return tr("{value} has spaces around it", value=quote(value))
    bad = sorted({ch for ch in value if not NAME_CHARS.fullmatch(ch)})
    shown = " ".join(tr("space") if ch == " " else quote(ch) for ch in bad[:5])
    return tr("{value} contains {chars}", value=quote(value), chars=shown)


def tool_input_not_object(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-input-not-object`: `tool_use.input` is a JSON object.

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
                yield _err(
                    "a-tool-input-not-object",
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
            decoded = _json_value(value) if isinstance(value, str) else None
            if isinstance(decoded, dict):
                message = tr(
                    "`input` is JSON text inside a string; Anthropic wants the object itself "
                    "(OpenAI's `arguments` is a string, Anthropic's `input` is not)"
                )
                hint = tr(
                    'Remove the quotes around the object: `"input": {object}`.',
                    object=_short_json(decoded),
                )
            yield _err("a-tool-input-not-object", path, message, hint)


def _short_json(value: Any) -> str:
    """`value` as compact JSON when that is short and safe to show, else `{...}`."""
    if _json_depth(value, 8) is None:
        return "{...}"
    text = json.dumps(value, ensure_ascii=True)
    if len(text) > 60 or "[" in text or re.search(r":[\w+-]+:", text):
        return "{...}"
    return text


def _json_value(text: str) -> Any:
    """The JSON value in `text`, or None when it is not JSON."""
    from checker.source import JsonSyntaxError, parse

    try:
        return parse(text).value
    except JsonSyntaxError:
        return None


def tool_result_content_type(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-result-content-type`: `tool_result.content` is a string or a list of blocks.

    The content may be omitted; if present it is a string or an array of `text`, `image`,
    `document` or `search_result` blocks. A bare number, object or null is rejected.
    """
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.results:
            if "content" not in block:
                continue
            content = block["content"]
            if isinstance(content, str):
                continue
            path = ctx.path(m.index, "content", j, "content")
            if not isinstance(content, (list, tuple)):
                if isinstance(content, (dict, int, float)) and content is not True:
                    message = tr(
                        "`tool_result.content` is {type}: it must be a string or an array of "
                        "content blocks (to send structured data, put it in a string with "
                        "`json.dumps`)",
                        type=json_type(content),
                    )
                else:
                    message = tr(
                        "`tool_result.content` is {type}: it must be a string or an array of "
                        "content blocks",
                        type=json_type(content),
                    )
                yield _err(
                    "a-tool-result-content-type",
                    path,
                    message,
                    tr(
                        'Write the tool\'s output as a string, e.g. `"content": "22 C, sunny"`, '
                        "or leave `content` out."
                    ),
                )
                continue
            for n, item in enumerate(content):
                kind = item.get("type") if isinstance(item, dict) else None
                if kind in TOOL_RESULT_CONTENT_TYPES:
                    continue
                if isinstance(kind, str):
                    what = _a_block(kind)
                elif not isinstance(item, dict):
                    what = json_type(item)
                else:
                    what = tr("a block without type")
                yield _err(
                    "a-tool-result-content-type",
                    path + pointer(n),
                    tr(
                        "`tool_result.content` holds {what}: only `text`, `image`, `document` "
                        "and `search_result` blocks are allowed",
                        what=what,
                    ),
                    tr('Use `{"type": "text", "text": "..."}` for textual output.'),
                )


def invalid_role(ctx: Context) -> Iterator[Diagnostic]:
    """`a-invalid-role`: `role` is `user` or `assistant`.

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
            yield _err(
                "a-invalid-role",
                path,
                tr(
                    '`role: "tool"` is the OpenAI shape; the Anthropic API has only `user` and '
                    "`assistant`, and tool results go in a user message as `tool_result` blocks"
                ),
                tr(
                    "Write: {example}",
                    example=_result_example(uid if isinstance(uid, str) else "<id>", shown),
                ),
            )
        elif m.role in ("system", "developer"):
            yield _err(
                "a-invalid-role",
                path,
                tr(
                    "`role: {role}` is not a message role in the Anthropic API: the system "
                    "prompt goes in the top-level `system` parameter",
                    role=quote(m.role),
                ),
                tr('Remove this message and send `"system": "..."` next to `"messages"`.'),
            )
        else:
            yield _err(
                "a-invalid-role",
                path,
                tr("`role` is {role}: it must be `user` or `assistant`", role=quote(m.role)),
                tr("Use `user` for your messages and tool results, `assistant` for the model's."),
            )


def empty_content(ctx: Context) -> Iterator[Diagnostic]:
    """`a-empty-content`: content is not empty, text is not blank.

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
                yield _err(
                    "a-empty-content",
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
            yield _err(
                "a-empty-content",
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
                    yield _err(
                        "a-empty-content",
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


def prefill_trailing_whitespace(ctx: Context) -> Iterator[Diagnostic]:
    """`a-prefill-trailing-whitespace`: a final assistant message does not end in whitespace.

    A request may end with an assistant message whose text the model continues (a
    prefill). That text must not end with spaces or line breaks.
    """
    if not ctx.msgs:
        return
    m = ctx.msgs[-1]
    if m is None or m.role != "assistant":
        return
    content = m.content
    if isinstance(content, str):
        text, path = content, ctx.path(m.index, "content")
    elif isinstance(content, (list, tuple)) and m.blocks and m.blocks[-1][0] == len(content) - 1:
        j, block = m.blocks[-1]
        if block["type"] != "text" or not isinstance(block.get("text"), str):
            return
        text, path = block["text"], ctx.path(m.index, "content", j, "text")
        if not text.strip():
            return  # a blank text block: a-empty-content
    else:
        return
    if text and text != text.rstrip():
        yield _err(
            "a-prefill-trailing-whitespace",
            path,
            tr(
                "the final assistant message (a prefill) ends with whitespace, which the API "
                "rejects"
            ),
            tr("Remove the trailing spaces and line breaks from the prefill text."),
        )


def prefill_unsupported(ctx: Context) -> Iterator[Diagnostic]:
    """`a-prefill-unsupported`: Claude 4.6 and later models take no assistant prefill.

    Ending the request with an assistant message asks the model to continue it. Models
    from Claude 4.6 on (claude-opus-4-6, claude-sonnet-4-6, any Claude 5...) reject that;
    older models accept it. Unknown or missing model: a warning.
    """
    if not ctx.msgs or ctx.msgs[-1] is None or ctx.msgs[-1].role != "assistant":
        return
    path = ctx.path(len(ctx.msgs) - 1, "role")
    model = ctx.model
    version = claude_version(model) if model else None
    hint = tr(
        "End the request with a user message; to steer the format, say it in the system "
        "prompt or use structured outputs."
    )
    if version is None:
        if model:
            message = tr(
                "the request ends with an assistant message (a prefill) and the model {model} "
                "is not one we know: Claude 4.6 and later models reject a prefill",
                model=quote(model),
            )
        else:
            message = tr(
                "the request ends with an assistant message (a prefill) and no `model` is "
                "given: Claude 4.6 and later models reject a prefill"
            )
        yield _warn(
            "a-prefill-unsupported",
            path,
            message,
            tr(
                "{hint} Older models accept it; pass `--model` to check against a model.",
                hint=hint,
            ),
        )
    elif version >= _NO_PREFILL_FROM:
        yield _err(
            "a-prefill-unsupported",
            path,
            tr(
                "the request ends with an assistant message (a prefill), which {model} does "
                "not support (Claude 4.6 and later)",
                model=quote(model),
            ),
            hint,
        )


@functools.lru_cache(maxsize=64)
def claude_version(model: str) -> tuple[int, int] | None:
    """(major, minor) of a Claude model id, or None when `model` is not a Claude id.

    Reads both naming styles: `claude-3-5-sonnet-20241022` (version first) and
    `claude-sonnet-4-5-20250929`, `claude-opus-4-6`, `claude-sonnet-5` (family first), also
    with platform decorations (`anthropic.claude-opus-4-6-v1:0`, `...@20250101`).
    """
    if not isinstance(model, str):
        return None
    found = re.search(r"claude", model.lower())
    if not found:
        return None
    tokens = [t for t in re.split(r"[-._@:/ ]", model.lower()[found.end() :]) if t]
    for n, token in enumerate(tokens):
        if token.isdigit() and len(token) <= 2:
            major = int(token)
            minor = 0
            if n + 1 < len(tokens) and tokens[n + 1].isdigit() and len(tokens[n + 1]) <= 2:
                minor = int(tokens[n + 1])
            return major, minor
        if token.isdigit():  # a date before any version: not a model id we can read
            return None
    return None


def first_not_user(ctx: Context) -> Iterator[Diagnostic]:
    """`a-first-not-user` (warning): the conversation starts with a user message.

    The first-party API accepts a leading assistant message today; some platforms and
    older API versions reject it.
    """
    first = ctx.msg(0)
    if first is not None and first.role == "assistant":
        yield _warn(
            "a-first-not-user",
            ctx.path(0, "role"),
            tr(
                "the first message is an assistant message: accepted by the Anthropic API "
                "today, rejected by some platforms and older versions"
            ),
            tr("Start the conversation with a user message."),
        )


def roles_not_alternating(ctx: Context) -> Iterator[Diagnostic]:
    """`a-roles-not-alternating` (warning): user and assistant messages alternate.

    Two consecutive messages with the same role are merged into one turn by the API; the
    tool pairing rules still look at the raw neighbouring messages.
    """
    for a, b in zip(ctx.msgs, ctx.msgs[1:], strict=False):
        if a is None or b is None or a.role != b.role or a.role not in ROLES:
            continue
        yield _warn(
            "a-roles-not-alternating",
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


def envelope_field_in_message(ctx: Context) -> Iterator[Diagnostic]:
    """`a-envelope-field-in-message`: a message has only `role` and `content`.

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
        yield _err(
            "a-envelope-field-in-message",
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


# =========================================================================== body rules


def tools_required(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tools-required`: a history with tool blocks needs a `tools` definition.

    When the messages contain `tool_use` or `tool_result` blocks, the request must define
    at least one tool (any tool: the names need not match the history).
    """
    tools = ctx.body.get("tools") if ctx.body is not None else None
    if isinstance(tools, (list, tuple)) and tools:
        return
    if tools is not None and not isinstance(tools, (list, tuple)):
        return  # request-shape
    where = next((m.index for m in ctx.msgs if m is not None and (m.uses or m.results)), None)
    if where is None:
        return
    yield _err(
        "a-tools-required",
        "/tools",
        tr(
            "the messages contain tool calls or results (from {message}) but the request has "
            "an empty `tools` array",
            message=ctx.where(where),
        )
        if tools is not None
        else tr(
            "the messages contain tool calls or results (from {message}) but the request "
            "defines no `tools`",
            message=ctx.where(where),
        ),
        tr(
            "Send the same `tools` as in the request that produced the calls (at least one "
            "tool must be defined)."
        ),
    )


def tool_name_pattern(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-name-pattern`: tool names match `^[a-zA-Z0-9_-]{1,64}$`.

    Letters, digits, `_` and `-`, 1 to 64 characters. Names of 65 to 128 characters are a
    warning: the documentation disagrees on the limit.
    """
    for k, tool in ctx.tools:
        if _is_openai_tool(tool):
            continue  # a-tool-schema-invalid explains the shape
        path = pointer("tools", k, "name")
        name = tool.get("name")
        if "name" not in tool and not _is_custom_tool(tool):
            continue  # e.g. an MCP toolset: named otherwise
        if not isinstance(name, str):
            yield _err(
                "a-tool-name-pattern",
                path if "name" in tool else pointer("tools", k),
                tr("tool {k} has no `name` string (found {type})", k=k, type=json_type(name))
                if "name" in tool
                else tr("tool {k} has no `name` string", k=k),
                tr('Give every tool a `name`, e.g. `"name": "get_weather"`.'),
            )
            continue
        hint = tr(
            "Use letters, digits, `_` and `-` only, e.g. `get_weather`, at most 64 characters."
        )
        if not name or not NAME_CHARS.fullmatch(name):
            yield _err(
                "a-tool-name-pattern",
                path,
                tr(
                    "the tool name {problem}: names may contain only letters, digits, `_` and `-`",
                    problem=_pattern_problem(name),
                ),
                hint,
            )
        elif len(name) > 128:
            yield _err(
                "a-tool-name-pattern",
                path,
                tr("the tool name is {n} characters long; the limit is 64", n=len(name)),
                hint,
            )
        elif len(name) > 64:
            yield _warn(
                "a-tool-name-pattern",
                path,
                tr(
                    "the tool name is {n} characters long: the documented limit is 64 (some "
                    "pages say 128)",
                    n=len(name),
                ),
                tr("Shorten it to 64 characters or fewer to be safe."),
            )


def tool_name_duplicate(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-name-duplicate`: tool names are unique.

    The model calls a tool by name, so two definitions with one name are rejected.
    """
    seen: dict[str, int] = {}
    for k, tool in ctx.tools:
        name = tool.get("name")
        if not isinstance(name, str):
            continue
        if name in seen:
            yield _err(
                "a-tool-name-duplicate",
                pointer("tools", k, "name"),
                tr(
                    "two tools are named {name} (tools {first} and {second})",
                    name=quote(name),
                    first=seen[name],
                    second=k,
                ),
                tr("Give each tool its own name, or remove the duplicate definition."),
            )
        else:
            seen[name] = k


def tool_schema_invalid(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-schema-invalid`: every custom tool has a valid `input_schema`.

    `input_schema` (not OpenAI's `parameters`) is required, is a JSON Schema (draft 2020-12)
    and has `"type": "object"` at the top: a tool's input is always an object. Server tools
    (typed like `web_search_20250305`) carry no schema.
    """
    for k, tool in ctx.tools:
        base = pointer("tools", k)
        if _is_openai_tool(tool):
            yield _err(
                "a-tool-schema-invalid",
                base + ("/function" if "function" in tool else "/type"),
                tr(
                    "this tool is in the OpenAI shape (`type: function` with a `function` "
                    "object); Anthropic tools are flat"
                ),
                tr(
                    'Write `{"name": "...", "description": "...", "input_schema": {"type": '
                    '"object", "properties": {...}}}`.'
                ),
            )
            continue
        if not _is_custom_tool(tool):
            continue
        if "input_schema" not in tool:
            if "parameters" in tool:
                yield _err(
                    "a-tool-schema-invalid",
                    base + "/parameters",
                    tr(
                        "this tool uses `parameters`, the OpenAI name: Anthropic calls the "
                        "schema `input_schema`"
                    ),
                    tr('Rename `"parameters"` to `"input_schema"`.'),
                )
            else:
                yield _err(
                    "a-tool-schema-invalid",
                    base,
                    tr("tool {k} has no `input_schema`", k=k),
                    tr(
                        'Every tool needs one, even without arguments: `"input_schema": {"type": '
                        '"object", "properties": {}}`.'
                    ),
                )
            continue
        schema = tool["input_schema"]
        path = base + "/input_schema"
        if not isinstance(schema, dict):
            if isinstance(schema, str) and isinstance(_json_value(schema), dict):
                message = tr(
                    "`input_schema` is {type} (JSON text in a string: put the object itself): "
                    "it must be a JSON Schema object",
                    type=json_type(schema),
                )
            else:
                message = tr(
                    "`input_schema` is {type}: it must be a JSON Schema object",
                    type=json_type(schema),
                )
            yield _err(
                "a-tool-schema-invalid",
                path,
                message,
                tr('Write `"input_schema": {"type": "object", "properties": {...}}`.'),
            )
            continue
        if schema.get("type") != "object":
            yield _err(
                "a-tool-schema-invalid",
                path + "/type" if "type" in schema else path,
                tr(
                    'the top level of `input_schema` must have `"type": "object"`, not {value}',
                    value=describe(schema["type"]),
                )
                if "type" in schema
                else tr('the top level of `input_schema` must have `"type": "object"`'),
                tr(
                    "A tool's input is always an object: describe the arguments under `properties`."
                ),
            )
            continue
        problem = schema_problem(schema)
        if problem is not None:
            where, text = problem
            yield _err(
                "a-tool-schema-invalid",
                path + pointer(*where),
                tr("`input_schema` is not a valid JSON Schema: {problem}", problem=text),
                tr("Fix the schema (JSON Schema draft 2020-12); check it with a schema validator."),
            )


def input_examples_invalid(ctx: Context) -> Iterator[Diagnostic]:
    """`a-input-examples-invalid`: each `input_examples` entry validates against the schema.

    Example inputs shown to the model must be valid inputs of the tool: objects that
    satisfy its `input_schema`.
    """
    for k, tool in ctx.tools:
        if "input_examples" not in tool or not _is_custom_tool(tool):
            continue
        examples = tool["input_examples"]
        base = pointer("tools", k, "input_examples")
        if not isinstance(examples, (list, tuple)):
            yield _err(
                "a-input-examples-invalid",
                base,
                tr(
                    "`input_examples` is {type}: it must be an array of example inputs",
                    type=json_type(examples),
                ),
                tr('Write `"input_examples": [{"city": "Paris"}]`.'),
            )
            continue
        schema = tool.get("input_schema")
        schema_ok = (
            isinstance(schema, dict)
            and schema.get("type") == "object"
            and schema_problem(schema) is None
        )
        for e, example in enumerate(examples):
            if not isinstance(example, dict):
                yield _err(
                    "a-input-examples-invalid",
                    base + pointer(e),
                    tr(
                        "example {e} is {type}: a tool input is an object",
                        e=e,
                        type=json_type(example),
                    ),
                    tr("Write each example as the `input` object a call would carry."),
                )
                continue
            if not schema_ok:
                continue
            problem = instance_problem(schema, example)
            if problem is not None:
                where, text = problem
                yield _err(
                    "a-input-examples-invalid",
                    base + pointer(e, *where),
                    tr(
                        "example {e} does not match the tool's `input_schema`: {problem}",
                        e=e,
                        problem=text,
                    ),
                    tr("Change the example (or the schema) so the example is a valid input."),
                )


def tool_choice_invalid(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-choice-invalid`: `tool_choice` is a well-formed object.

    Valid: `{"type": "auto"}`, `{"type": "any"}`, `{"type": "none"}` and
    `{"type": "tool", "name": ...}` naming a defined tool, each optionally with the boolean
    `disable_parallel_tool_use`. A bare string (OpenAI's `"auto"`, `"required"`) or an
    unknown type is rejected.
    """
    if ctx.body is None or "tool_choice" not in ctx.body:
        return
    choice = ctx.body["tool_choice"]
    path = "/tool_choice"
    if isinstance(choice, str):
        fix = {"required": "any"}.get(choice, choice)
        if fix not in TOOL_CHOICE_TYPES:
            fix = "auto"
        if choice == "required":
            message = tr(
                "`tool_choice` is the string {value}; Anthropic wants an object (`required` is "
                "OpenAI's word; Anthropic says `any`)",
                value=quote(choice),
            )
        else:
            message = tr(
                "`tool_choice` is the string {value}; Anthropic wants an object",
                value=quote(choice),
            )
        yield _err(
            "a-tool-choice-invalid",
            path,
            message,
            tr('Write `"tool_choice": {{"type": "{type}"}}`.', type=fix),
        )
        return
    if not isinstance(choice, dict):
        yield _err(
            "a-tool-choice-invalid",
            path,
            tr(
                '`tool_choice` is {type}; it must be an object like `{{"type": "auto"}}`',
                type=json_type(choice),
            ),
            tr(
                'Use `{"type": "auto"}`, `{"type": "any"}`, `{"type": "none"}` or '
                '`{"type": "tool", "name": "..."}`.'
            ),
        )
        return
    kind = choice.get("type")
    if kind not in TOOL_CHOICE_TYPES:
        if kind == "function" or "function" in choice:
            message = tr("`tool_choice` is in the OpenAI shape (`type: function`)")
            hint = tr('Write `{"type": "tool", "name": "..."}`.')
        elif kind == "required":
            message = tr("`tool_choice` type `required` is OpenAI's; Anthropic says `any`")
            hint = tr('Write `{"type": "any"}`.')
        else:
            message = (
                tr(
                    "`tool_choice` has type {value}: it must be `auto`, `any`, `none` or `tool`",
                    value=describe(kind),
                )
                if "type" in choice
                else tr("`tool_choice` has no `type`: it must be `auto`, `any`, `none` or `tool`")
            )
            hint = tr('Use e.g. `{"type": "auto"}`.')
        yield _err(
            "a-tool-choice-invalid",
            path + "/type" if "type" in choice else path,
            message,
            hint,
        )
        return
    allowed = {"type", "disable_parallel_tool_use"} | ({"name"} if kind == "tool" else set())
    for key in choice:
        if key not in allowed:
            yield _err(
                "a-tool-choice-invalid",
                path + pointer(key),
                tr(
                    "`tool_choice` of type `{type}` takes no {key} field",
                    type=kind,
                    key=quote(key),
                ),
                tr("Allowed: `type`, `disable_parallel_tool_use`, `name`.")
                if kind == "tool"
                else tr(
                    "Allowed: `type`, `disable_parallel_tool_use` (and `name` with `type: tool`)."
                ),
            )
    dptu = choice.get("disable_parallel_tool_use")
    if "disable_parallel_tool_use" in choice and not isinstance(dptu, bool):
        yield _err(
            "a-tool-choice-invalid",
            path + "/disable_parallel_tool_use",
            tr(
                "`disable_parallel_tool_use` must be `true` or `false`, not {value}",
                value=describe(dptu),
            ),
            tr('Write `"disable_parallel_tool_use": true`.'),
        )
    if kind != "tool":
        return
    name = choice.get("name")
    if not isinstance(name, str):
        yield _err(
            "a-tool-choice-invalid",
            path + "/name" if "name" in choice else path,
            tr("`tool_choice` of type `tool` needs the `name` of the tool to force"),
            tr('Write `{"type": "tool", "name": "get_weather"}`.'),
        )
        return
    defined = [t.get("name") for _, t in ctx.tools]
    if ctx.tools and name not in defined:
        shown = _list([d for d in defined if isinstance(d, str)])
        yield _err(
            "a-tool-choice-invalid",
            path + "/name",
            tr(
                "`tool_choice` forces the tool {name}, which is not defined in `tools` "
                "(defined: {defined})",
                name=quote(name),
                defined=shown,
            )
            if shown
            else tr(
                "`tool_choice` forces the tool {name}, which is not defined in `tools`",
                name=quote(name),
            ),
            tr("Name one of the tools in `tools`."),
        )


def tool_choice_thinking(ctx: Context) -> Iterator[Diagnostic]:
    """`a-tool-choice-thinking`: extended thinking allows only `auto` or `none` tool choice.

    With manual extended thinking (`"thinking": {"type": "enabled", ...}`), forcing a tool
    (`tool_choice` `any` or `tool`) is rejected.
    """
    if ctx.body is None:
        return
    thinking, choice = ctx.body.get("thinking"), ctx.body.get("tool_choice")
    if not (isinstance(thinking, dict) and thinking.get("type") == "enabled"):
        return
    if isinstance(choice, dict) and choice.get("type") in ("any", "tool"):
        yield _err(
            "a-tool-choice-thinking",
            "/tool_choice/type",
            tr(
                "`tool_choice` type `{type}` forces a tool, which extended thinking "
                "(`thinking.type: enabled`) does not allow",
                type=choice["type"],
            ),
            tr(
                'Use `{"type": "auto"}` (or `none`) with thinking, or turn thinking off to '
                "force a tool."
            ),
        )


# =========================================================================== JSON Schema

_TYPES = frozenset({"string", "number", "integer", "boolean", "object", "array", "null"})
#: Keywords the fast schema check understands, with the check of their value.
_MAX_SCHEMA_DEPTH = 64
_SCHEMA_CACHE: dict[str, tuple[tuple[str, ...], str] | None] = {}
#: Keywords of the 2020-12 vocabularies (and the deprecated ones the meta-schema still
#: types): a schema using one the fast check does not understand goes to jsonschema.
_KNOWN_KEYWORDS = frozenset(
    (  # noqa: SIM905 (a word list reads better than 60 quoted items)
        "$schema $id $ref $anchor $dynamicRef $dynamicAnchor $vocabulary $comment $defs allOf "
        "anyOf oneOf not if then else dependentSchemas prefixItems items contains properties "
        "patternProperties additionalProperties propertyNames unevaluatedItems "
        "unevaluatedProperties type const enum multipleOf maximum exclusiveMaximum minimum "
        "exclusiveMinimum maxLength minLength pattern maxItems minItems uniqueItems maxContains "
        "minContains maxProperties minProperties required dependentRequired title description "
        "default deprecated readOnly writeOnly examples format contentEncoding contentMediaType "
        "contentSchema definitions dependencies $recursiveRef $recursiveAnchor"
    ).split()
)


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _simple_ok(schema: Any, depth: int = 0) -> bool:
    """True when `schema` is certainly a valid 2020-12 schema, checked without jsonschema.

    Covers what tool schemas usually contain; anything else answers False, and the caller
    asks jsonschema (slower, and the one that words the error).
    """
    if isinstance(schema, bool):
        return True
    if not isinstance(schema, dict) or depth > _MAX_SCHEMA_DEPTH:
        return False
    for key, value in schema.items():
        if key not in _KNOWN_KEYWORDS:
            continue  # unknown keywords are allowed by the meta-schema
        if key == "type":
            ok = (
                value in _TYPES
                if isinstance(value, str)
                else (
                    isinstance(value, list)
                    and value
                    and all(isinstance(t, str) and t in _TYPES for t in value)
                    and len(set(value)) == len(value)
                )
            )
        elif key in ("description", "title", "$comment", "format"):
            ok = isinstance(value, str)
        elif key in ("properties", "$defs"):
            ok = isinstance(value, dict) and all(_simple_ok(v, depth + 1) for v in value.values())
        elif key in ("items", "additionalProperties", "not"):
            ok = _simple_ok(value, depth + 1)
        elif key in ("anyOf", "oneOf", "allOf"):
            ok = isinstance(value, list) and value and all(_simple_ok(v, depth + 1) for v in value)
        elif key == "required":
            ok = (
                isinstance(value, list)
                and all(isinstance(v, str) for v in value)
                and len(set(value)) == len(value)
            )
        elif key in ("enum", "examples"):
            ok = isinstance(value, list)
        elif key in ("const", "default"):
            ok = True
        elif key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            ok = _is_number(value)
        elif key in (
            "minLength",
            "maxLength",
            "minItems",
            "maxItems",
            "minProperties",
            "maxProperties",
        ):
            ok = _is_count(value)
        elif key in ("uniqueItems", "deprecated", "readOnly", "writeOnly"):
            ok = isinstance(value, bool)
        else:
            ok = False
        if not ok:
            return False
    return True


def _json_depth(value: Any, limit: int) -> int | None:
    """Nesting depth of a JSON value, or None if deeper than `limit`, cyclic or not JSON."""
    stack = [(value, 1)]
    seen: set[int] = set()
    deepest = 0
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return None
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            if id(item) in seen:
                return None
            seen.add(id(item))
            if not all(isinstance(k, str) for k in item):
                return None
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, (list, tuple)):
            if id(item) in seen:
                return None
            seen.add(id(item))
            stack.extend((v, depth + 1) for v in item)
        elif isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return None
        elif not (item is None or isinstance(item, (str, int))):
            return None
    return deepest


@functools.lru_cache(maxsize=1)
def _meta_validator() -> Any:
    """One Draft 2020-12 meta-schema validator, built on first use (imports jsonschema)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(Draft202012Validator.META_SCHEMA)


def schema_problem(schema: dict[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """None when `schema` is a valid JSON Schema, else (path inside it, plain message).

    Usual tool schemas are recognised as valid without jsonschema; the rest are checked
    against the 2020-12 meta-schema (results cached by the schema's JSON text). Schemas
    nested deeper than 64 levels, cyclic or not JSON are not judged (None).
    """
    if _simple_ok(schema):
        return None
    if _json_depth(schema, _MAX_SCHEMA_DEPTH) is None:
        return None
    key = json.dumps(schema, sort_keys=True)
    if key in _SCHEMA_CACHE:
        return _SCHEMA_CACHE[key]
    from jsonschema.exceptions import best_match

    error = best_match(_meta_validator().iter_errors(schema))
    result = None if error is None else _explain_schema_error(error)
    if len(_SCHEMA_CACHE) > 512:
        _SCHEMA_CACHE.clear()
    _SCHEMA_CACHE[key] = result
    return result


def _explain_schema_error(error: Any) -> tuple[tuple[str, ...], str]:
    where = tuple(str(p) for p in error.absolute_path)
    subject = code(where[-1]) if where else tr("the schema")
    at = tr(" (at {path})", path=code("/".join(where))) if len(where) > 1 else ""
    kw, value, inst = error.validator, error.validator_value, error.instance
    if where and where[-1] == "type" and kw in ("anyOf", "enum", "type"):
        text = tr(
            "`type` is {value}, not a JSON Schema type; use one of string, number, integer, "
            "boolean, object, array, null",
            value=describe(inst),
        )
    elif kw == "type":
        text = tr(
            "{subject} must be {a_type}, not {type}",
            subject=subject,
            a_type=_a(_type_names(value)),
            type=json_type(inst),
        )
    elif kw == "uniqueItems":
        text = tr("{subject} lists an item twice", subject=subject)
    elif kw == "minItems":
        text = tr("{subject} must not be empty", subject=subject)
    elif kw == "minimum":
        text = tr("{subject} must be at least {value}", subject=subject, value=value)
    elif kw == "exclusiveMinimum":
        text = tr("{subject} must be greater than {value}", subject=subject, value=value)
    else:
        text = tr("{subject} breaks the meta-schema's `{kw}` rule", subject=subject, kw=kw)
    return where, text + at


def _type_names(value: Any) -> str:
    """JSON Schema type names in words: `string or null`."""
    return tr(" or ").join(value) if isinstance(value, list) else str(value)


def _a(type_name: str) -> str:
    if type_name[:1] in "aeiou":
        return tr("an {type}", type=type_name)
    return tr("a {type}", type=type_name)


def instance_problem(schema: dict[str, Any], value: Any) -> tuple[tuple[str, ...], str] | None:
    """None when `value` validates against `schema`, else (path in value, plain message).

    Schemas that cannot be evaluated (unresolvable or circular `$ref`, a `pattern` Python
    cannot compile, too deep values) are not judged: None.
    """
    if _json_depth(value, _MAX_SCHEMA_DEPTH) is None:
        return None
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match
    from referencing.exceptions import Unresolvable

    try:
        error = best_match(Draft202012Validator(schema).iter_errors(value))
    except (Unresolvable, RecursionError, re.error):
        return None
    if error is None:
        return None
    return _explain_instance_error(error)


def _explain_instance_error(error: Any) -> tuple[tuple[str, ...], str]:
    where = tuple(str(p) for p in error.absolute_path)
    subject = code("/".join(where)) if where else tr("the input")
    kw, value, inst = error.validator, error.validator_value, error.instance
    if kw == "required" and isinstance(inst, dict) and isinstance(value, list):
        missing = [r for r in value if isinstance(r, str) and r not in inst]
        text = trn(
            len(missing),
            "{subject} lacks the required property {names}",
            "{subject} lacks the required properties {names}",
            subject=subject,
            names=_names(missing),
        )
    elif kw == "type":
        text = tr(
            "{subject} must be {a_type}, not {type}",
            subject=subject,
            a_type=_a(_type_names(value)),
            type=json_type(inst),
        )
    elif kw == "enum" and isinstance(value, list):
        text = tr(
            "{subject} is {value}, not one of {values}",
            subject=subject,
            value=describe(inst),
            values=_list_values(value),
        )
    elif kw == "const":
        text = tr("{subject} must be {value}", subject=subject, value=describe(value))
    elif kw == "additionalProperties" and isinstance(inst, dict):
        props = error.schema.get("properties", {}) if isinstance(error.schema, dict) else {}
        extra = [k for k in inst if k not in props]
        text = trn(
            len(extra),
            "{subject} has property {names} the schema does not allow",
            "{subject} has properties {names} the schema does not allow",
            subject=subject,
            names=_names(extra),
        )
    elif kw in (
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minLength",
        "maxLength",
        "minItems",
        "maxItems",
        "pattern",
        "format",
        "multipleOf",
    ):
        text = tr(
            "{subject} is {value}, which breaks `{kw}`: {limit}",
            subject=subject,
            value=describe(inst),
            kw=kw,
            limit=describe(value),
        )
    else:
        text = tr("{subject} breaks the schema's `{kw}` rule", subject=subject, kw=kw)
    return where, text


def _names(names: list[str]) -> str:
    return ", ".join(code(n) for n in names[:5])


def _list_values(values: list[Any]) -> str:
    shown = ", ".join(describe(v, 30) for v in values[:6])
    return shown + (", ..." if len(values) > 6 else "")


# =========================================================================== registry

Rule = Callable[[Context], Iterator[Diagnostic]]

#: Rules judged on any list of messages, in report order.
MESSAGE_RULES: tuple[Rule, ...] = (
    shape,
    invalid_role,
    envelope_field_in_message,
    first_not_user,
    roles_not_alternating,
    empty_content,
    tool_result_wrong_role,
    tool_use_not_last,
    tool_use_id_duplicate,
    tool_id_pattern,
    tool_input_not_object,
    tool_result_missing,
    results_split,
    tool_result_orphan,
    tool_result_not_first,
    tool_result_content_type,
    prefill_trailing_whitespace,
)

#: Rules that need the request body around the messages.
BODY_RULES: tuple[Rule, ...] = (
    tools_shape,
    tools_required,
    tool_name_pattern,
    tool_name_duplicate,
    tool_schema_invalid,
    input_examples_invalid,
    tool_choice_invalid,
    tool_choice_thinking,
    prefill_unsupported,
)

#: Every rule id this module can report.
RULE_IDS: tuple[str, ...] = (
    "a-tool-result-missing",
    "a-results-split",
    "a-tool-result-orphan",
    "a-tool-result-not-first",
    "a-tool-result-wrong-role",
    "a-tool-use-not-last",
    "a-tool-use-id-duplicate",
    "a-tool-id-pattern",
    "a-tool-name-pattern",
    "a-tool-name-duplicate",
    "a-tool-schema-invalid",
    "a-tools-required",
    "a-tool-input-not-object",
    "a-tool-result-content-type",
    "a-invalid-role",
    "a-empty-content",
    "a-prefill-trailing-whitespace",
    "a-prefill-unsupported",
    "a-tool-choice-invalid",
    "a-tool-choice-thinking",
    "a-input-examples-invalid",
    "a-first-not-user",
    "a-roles-not-alternating",
    "a-envelope-field-in-message",
    "request-shape",
)


def check(
    messages: list[Any],
    *,
    body: dict[str, Any] | None,
    prefix: str,
    model: str | None = None,
) -> list[Diagnostic]:
    """Apply the Anthropic rules. `body` is None for a bare messages array.

    `prefix` is the pointer of the messages array ("/messages", or "" when bare). `model`
    overrides the body's `model`; given with a bare array, the prefill rule runs too.
    """
    if model is None and body is not None and isinstance(body.get("model"), str):
        model = body["model"]
    ctx = Context(messages, body=body, prefix=prefix, model=model)
    out: list[Diagnostic] = []
    for rule in MESSAGE_RULES:
        out.extend(rule(ctx))
    if body is not None:
        for rule in BODY_RULES:
            out.extend(rule(ctx))
    elif model is not None:
        out.extend(prefill_unsupported(ctx))
    return out
