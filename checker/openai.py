"""OpenAI Chat Completions (`POST /v1/chat/completions`): the request rules, ids `o-*`.

One function per rule id; its docstring states the API fact it enforces (catalogue and
severities: `docs/rules.md`). Rules take a `Context` (the request, indexed once)
and yield diagnostics; values of an unexpected type are skipped by the rules and reported
once by `shape` as `request-shape` (error): an unknown `role`, a user/system message
without content, an assistant message with neither content nor `tool_calls`, a text part
without string `text`, `tools` that are not an array of function tools.

`MESSAGE_RULES` run on any list of messages; `BODY_RULES` need the request body (tool
definitions) and are skipped for a bare messages array. OpenAI has no first-message or
alternation rule, and a follow-up request may omit `tools`.
"""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Callable, Iterator
from typing import Any

from checker.diagnostics import Diagnostic, code, describe, json_type, pointer, quote
from checker.i18n import tr, trn
from checker.request_context import RequestContext

NAME_PATTERN = re.compile(r"[a-zA-Z0-9_-]+")
ROLES = ("system", "developer", "user", "assistant", "tool", "function")
PART_TYPES = {
    "user": ("text", "image_url", "input_audio", "file"),
    "system": ("text",),
    "developer": ("text",),
    "assistant": ("text", "refusal"),
}
ANTHROPIC_BLOCKS = ("tool_use", "tool_result", "image", "document", "thinking")


class Msg:
    """One message as the rules see it (only for messages that are objects)."""

    __slots__ = ("index", "raw", "role", "content", "calls", "_call_ids", "_id_set", "_by_name")

    def __init__(self, index: int, raw: dict[str, Any]) -> None:
        self.index = index
        self.raw = raw
        role = raw.get("role")
        self.role: str | None = role if isinstance(role, str) else None
        self.content = raw.get("content")
        calls = raw.get("tool_calls") if self.role == "assistant" else None
        #: (index, call) for every tool_calls entry that is an object
        self.calls: list[tuple[int, dict[str, Any]]] = (
            [(k, c) for k, c in enumerate(calls) if isinstance(c, dict)]
            if isinstance(calls, (list, tuple))
            else []
        )

    def call_ids(self) -> list[str]:
        """The string ids of this message's tool calls, in order (computed once)."""
        if not hasattr(self, "_call_ids"):
            self._call_ids = [c["id"] for _, c in self.calls if isinstance(c.get("id"), str)]
            self._id_set = set(self._call_ids)
        return self._call_ids

    def has_call(self, cid: str) -> bool:
        self.call_ids()
        return cid in self._id_set

    def ids_by_name(self) -> dict[str, list[str]]:
        """Function name -> ids of this message's calls of it (computed once)."""
        if not hasattr(self, "_by_name"):
            self._by_name: dict[str, list[str]] = {}
            for _, c in self.calls:
                fn = c.get("function")
                name = fn.get("name") if isinstance(fn, dict) else None
                if isinstance(name, str) and isinstance(c.get("id"), str):
                    self._by_name.setdefault(name, []).append(c["id"])
        return self._by_name

    @property
    def tool_call_id(self) -> str | None:
        value = self.raw.get("tool_call_id")
        return value if isinstance(value, str) else None


class Context(RequestContext):
    """The request, indexed once for all rules."""

    def __init__(self, messages: list[Any], *, body: dict[str, Any] | None, prefix: str) -> None:
        super().__init__(messages, body=body, prefix=prefix)
        self.msgs: list[Msg | None] = [
            Msg(i, m) if isinstance(m, dict) else None for i, m in enumerate(messages)
        ]
        #: for each tool message: the index of the assistant message its run follows, or None
        self.anchor: dict[int, int | None] = {}
        anchor: int | None = None
        for m in self.msgs:
            if m is not None and m.role == "tool":
                self.anchor[m.index] = anchor
                continue
            ok = m is not None and m.role == "assistant" and bool(m.calls)
            anchor = m.index if ok and m is not None else None
        #: run_start[i]: first index of the run of tool messages that message i belongs to
        self.run_start = list(range(len(self.msgs)))
        for m in self.msgs:
            if m is not None and m.role == "tool" and m.index > 0:
                p = self.msgs[m.index - 1]
                if p is not None and p.role == "tool":
                    self.run_start[m.index] = self.run_start[m.index - 1]
        #: tool_call_id -> indices of the tool messages carrying it, in order
        self.tool_sites: dict[str, list[int]] = {}
        for m in self.msgs:
            if m is not None and m.role == "tool" and m.tool_call_id is not None:
                self.tool_sites.setdefault(m.tool_call_id, []).append(m.index)
        #: next_calls[i]: first index >= i of an assistant message with tool calls
        n = len(self.msgs)
        self.next_calls = [n] * (n + 1)
        for i in range(n - 1, -1, -1):
            m = self.msgs[i]
            has_calls = m is not None and m.role == "assistant" and bool(m.calls)
            self.next_calls[i] = i if has_calls else self.next_calls[i + 1]
        #: tool call id -> [(message index, call index)]
        self.call_sites: dict[str, list[tuple[int, int]]] = {}
        for m in self.msgs:
            if m is None:
                continue
            for k, call in m.calls:
                cid = call.get("id")
                if isinstance(cid, str):
                    self.call_sites.setdefault(cid, []).append((m.index, k))


def _err(rule: str, path: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(rule, "error", path, message, hint)


def _warn(rule: str, path: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(rule, "warning", path, message, hint)


def _tool_message(call_id: str) -> str:
    return f'`{{"role": "tool", "tool_call_id": {quote(call_id)}, "content": "..."}}`'


def _call_label(call: dict[str, Any]) -> str:
    cid = call.get("id")
    fn = call.get("function")
    name = fn.get("name") if isinstance(fn, dict) else None
    text = tr("the call {id}", id=quote(cid)) if isinstance(cid, str) else tr("a call")
    return text + (f" ({quote(name)})" if isinstance(name, str) else "")


def _list(ids: list[str], limit: int = 4) -> str:
    shown = ", ".join(quote(x) for x in ids[:limit])
    if len(ids) > limit:
        return tr("{ids} and {n} more", ids=shown, n=len(ids) - limit)
    return shown


# =========================================================================== shape


def shape(ctx: Context) -> Iterator[Diagnostic]:
    """`request-shape`: messages have the structure Chat Completions reads.

    `role` is system, developer, user, assistant, tool (or the old function); user, system
    and developer messages need `content` (a string or an array of parts); an assistant
    message needs `content` or `tool_calls`; a text part carries a string `text`.
    """
    for m in ctx.msgs:
        if m is None or m.role is None:
            continue
        i = m.index
        if m.role not in ROLES:
            yield _err(
                "request-shape",
                ctx.path(i, "role"),
                tr(
                    "`role` is {role}: Chat Completions knows system, developer, user, "
                    "assistant and tool",
                    role=quote(m.role),
                ),
                tr(
                    "Use `user` for your messages, `assistant` for the model's, `tool` for tool "
                    "results."
                ),
            )
            continue
        if m.role in ("tool", "function"):
            continue  # o-tool-content-type and friends
        content = m.content
        if content is None:
            if m.role == "assistant" and ("tool_calls" in m.raw or "function_call" in m.raw):
                continue
            yield _err(
                "request-shape",
                ctx.path(i, "content") if "content" in m.raw else ctx.path(i),
                tr(
                    "{message} ({role}) has no content and no `tool_calls`",
                    message=ctx.where(i),
                    role=m.role,
                )
                if m.role == "assistant"
                else tr("{message} ({role}) has no content", message=ctx.where(i), role=m.role),
                tr("Give the message `content`: a string, or an array of parts."),
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
                    "content parts",
                    message=ctx.where(i),
                    type=json_type(content),
                ),
                tr('Write the text as a string, or as `[{"type": "text", "text": "..."}]`.'),
            )
            continue
        for j, part in enumerate(content):
            if (
                isinstance(part, dict)
                and part.get("type") == "text"
                and not isinstance(part.get("text"), str)
            ):
                yield _err(
                    "request-shape",
                    ctx.path(i, "content", j, "text")
                    if "text" in part
                    else ctx.path(i, "content", j),
                    tr("a text part needs a string `text`"),
                    tr('Write `{"type": "text", "text": "..."}`.'),
                )


def tools_shape(ctx: Context) -> Iterator[Diagnostic]:
    """`request-shape`: `tools` is an array of `{"type": "function", "function": {...}}`."""
    if ctx.body is None or "tools" not in ctx.body:
        return
    tools = ctx.body["tools"]
    if not isinstance(tools, (list, tuple)):
        yield _err(
            "request-shape",
            "/tools",
            tr("`tools` is {type}: it must be an array of tool definitions", type=json_type(tools)),
            tr(
                'Write `"tools": [{"type": "function", "function": {"name": "...", '
                '"parameters": {...}}}]`.'
            ),
        )
        return
    for k, tool in enumerate(tools):
        path = pointer("tools", k)
        if not isinstance(tool, dict):
            yield _err(
                "request-shape",
                path,
                tr("tool {k} is {type}, not an object", k=k, type=json_type(tool)),
            )
            continue
        kind = tool.get("type")
        if kind == "custom":
            continue
        fn = tool.get("function")
        if kind == "function" and isinstance(fn, dict) and isinstance(fn.get("name"), str):
            continue
        if "input_schema" in tool or ("name" in tool and "function" not in tool):
            message = tr(
                "tool {k} is in the Anthropic shape (flat `name` and `input_schema`); "
                "Chat Completions wraps it in a `function` object",
                k=k,
            )
        elif not isinstance(fn, dict):
            message = tr("tool {k} has no `function` object", k=k)
        elif kind != "function":
            message = tr('tool {k} needs `"type": "function"`', k=k)
        else:
            message = tr("the `function` of tool {k} has no `name` string", k=k)
        yield _err(
            "request-shape",
            path,
            message,
            tr(
                'Write `{"type": "function", "function": {"name": "...", "description": "...", '
                '"parameters": {"type": "object", "properties": {...}}}}`.'
            ),
        )


# =========================================================================== pairing


def tool_response_missing(ctx: Context) -> Iterator[Diagnostic]:
    """`o-tool-response-missing`: every tool call is answered by a `tool` message right after.

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
            label = _call_label(call)
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
            yield _err(
                "o-tool-response-missing",
                ctx.path(i, "tool_calls", n, "id"),
                message,
                tr(
                    "After the assistant message, send one tool message per call: {example}",
                    example=_tool_message(cid),
                ),
            )


def _later_tool_message(ctx: Context, start: int, cid: str) -> int | None:
    """A tool message answering `cid` after the run ended, before the next tool call."""
    if start >= len(ctx.msgs):
        return None
    sites = ctx.tool_sites.get(cid, [])
    k = bisect.bisect_left(sites, start)
    return sites[k] if k < len(sites) and sites[k] < ctx.next_calls[start] else None


def tool_msg_orphan(ctx: Context) -> Iterator[Diagnostic]:
    """`o-tool-msg-orphan`: a `tool` message follows an assistant message with `tool_calls`.

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
        yield _err("o-tool-msg-orphan", path, message, hint)


def tool_call_id_missing(ctx: Context) -> Iterator[Diagnostic]:
    """`o-tool-call-id-missing`: every `tool` message has a `tool_call_id`.

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
        yield _err(
            "o-tool-call-id-missing",
            path,
            message,
            tr('Add `"tool_call_id"` with the `id` of the call it answers.'),
        )


def tool_call_id_unknown(ctx: Context) -> Iterator[Diagnostic]:
    """`o-tool-call-id-unknown`: `tool_call_id` is one of the preceding assistant's call ids.

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
                calls=_list(ids),
            )
        else:
            message = tr(
                "`tool_call_id` {id} matches no call of {message}",
                id=quote(cid),
                message=ctx.where(a),
            )
        yield _err(
            "o-tool-call-id-unknown",
            ctx.path(m.index, "tool_call_id"),
            message,
            tr("Copy the `id` of the matching entry of `tool_calls` exactly."),
        )


# =========================================================================== calls


def tool_call_shape(ctx: Context) -> Iterator[Diagnostic]:
    """`o-tool-call-shape`: each `tool_calls` entry is a complete function call.

    An entry needs `id`, `"type": "function"` and a `function` object with `name` and
    `arguments` (a custom-tool call has `"type": "custom"` and a `custom` object instead).
    """
    example = (
        '`{"id": "call_1", "type": "function", "function": {"name": "get_weather", '
        '"arguments": "{...}"}}`'
    )
    for m in ctx.msgs:
        if m is None or m.role != "assistant" or "tool_calls" not in m.raw:
            continue
        calls = m.raw["tool_calls"]
        if calls is None:
            continue
        if not isinstance(calls, (list, tuple)):
            yield _err(
                "o-tool-call-shape",
                ctx.path(m.index, "tool_calls"),
                tr("`tool_calls` is {type}: it must be an array of calls", type=json_type(calls)),
                tr(
                    'Write `"tool_calls": [ ... ]` with one entry per call, e.g. {example}',
                    example=example,
                ),
            )
            continue
        for n, call in enumerate(calls):
            path = ctx.path(m.index, "tool_calls", n)
            if not isinstance(call, dict):
                yield _err(
                    "o-tool-call-shape",
                    path,
                    tr(
                        "tool call {n} of {message} is {type}, not an object",
                        n=n,
                        message=ctx.where(m.index),
                        type=json_type(call),
                    ),
                    tr("Write each call as {example}", example=example),
                )
                continue
            if call.get("type") == "custom" and isinstance(call.get("custom"), dict):
                continue
            if call.get("type") == "tool_use" or "input" in call:
                yield _err(
                    "o-tool-call-shape",
                    path,
                    tr(
                        "tool call {n} of {message} is an Anthropic `tool_use` block",
                        n=n,
                        message=ctx.where(m.index),
                    ),
                    tr("In Chat Completions a call is {example}", example=example),
                )
                continue
            missing = []
            if not isinstance(call.get("id"), str):
                missing.append("`id`")
            if call.get("type") != "function":
                missing.append('`"type": "function"`')
            fn = call.get("function")
            if not isinstance(fn, dict):
                missing.append(tr("a `function` object"))
            else:
                if not isinstance(fn.get("name"), str):
                    missing.append("`function.name`")
                if "arguments" not in fn:
                    missing.append("`function.arguments`")
            if missing:
                yield _err(
                    "o-tool-call-shape",
                    path,
                    tr(
                        "tool call {n} of {message} lacks {missing}",
                        n=n,
                        message=ctx.where(m.index),
                        missing=", ".join(missing),
                    ),
                    tr("Resend the call as the API returned it: {example}", example=example),
                )


def arguments_not_string(ctx: Context) -> Iterator[Diagnostic]:
    """`o-arguments-not-string`: `function.arguments` is a JSON-encoded string.

    Chat Completions carries the arguments as JSON text (`"{\\"city\\": \\"Paris\\"}"`), not
    as an object (Anthropic's `input` is the object). A string that is not JSON is accepted
    by the API but breaks the tool code: a warning.
    """
    from checker.source import JsonSyntaxError, parse

    for m in ctx.msgs:
        if m is None:
            continue
        for n, call in m.calls:
            fn = call.get("function")
            if not isinstance(fn, dict) or "arguments" not in fn:
                continue
            args = fn["arguments"]
            path = ctx.path(m.index, "tool_calls", n, "function", "arguments")
            if isinstance(args, str):
                try:
                    parse(args)
                except JsonSyntaxError as err:
                    yield _warn(
                        "o-arguments-not-string",
                        path,
                        tr(
                            "`arguments` is a string but not valid JSON ({problem}); the model "
                            "sends JSON text here and tool code will fail to parse this",
                            problem=err.message,
                        ),
                        tr(
                            "Resend the arguments exactly as the API returned them, e.g. "
                            '`"{\\"city\\": \\"Paris\\"}"`.'
                        ),
                    )
                continue
            yield _err(
                "o-arguments-not-string",
                path,
                tr(
                    "`arguments` is {type}; Chat Completions wants JSON text in a string",
                    type=json_type(args),
                ),
                tr('Encode it: `json.dumps(arguments)` gives e.g. `"{\\"city\\": \\"Paris\\"}"`.'),
            )


def _names(ctx: Context, *, definitions: bool) -> Iterator[tuple[str, str]]:
    """(pointer, name) of function names: in `tool_calls`, or in the tool definitions."""
    if definitions:
        for k, tool in ctx.tools:
            fn = tool.get("function")
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                yield pointer("tools", k, "function", "name"), fn["name"]
        return
    for m in ctx.msgs:
        if m is None:
            continue
        for n, call in m.calls:
            fn = call.get("function")
            if isinstance(fn, dict) and isinstance(fn.get("name"), str):
                yield ctx.path(m.index, "tool_calls", n, "function", "name"), fn["name"]


def _name_pattern(names: Iterator[tuple[str, str]]) -> Iterator[Diagnostic]:
    for path, name in names:
        if NAME_PATTERN.fullmatch(name):
            continue
        if not name:
            problem = tr("is empty")
        else:
            bad = sorted({ch for ch in name if not NAME_PATTERN.fullmatch(ch)})
            shown = " ".join(tr("space") if ch == " " else quote(ch) for ch in bad[:5])
            problem = tr("{value} contains {chars}", value=quote(name), chars=shown)
        yield _err(
            "o-function-name-pattern",
            path,
            tr(
                "the function name {problem}: names may contain only letters, digits, `_` and `-`",
                problem=problem,
            ),
            tr("Rename it, e.g. `get_weather`."),
        )


def _name_length(names: Iterator[tuple[str, str]]) -> Iterator[Diagnostic]:
    for path, name in names:
        if len(name) > 64:
            yield _err(
                "o-function-name-length",
                path,
                tr("the function name is {n} characters long; the limit is 64", n=len(name)),
                tr("Shorten the name to 64 characters or fewer."),
            )


def function_name_pattern(ctx: Context) -> Iterator[Diagnostic]:
    """`o-function-name-pattern`: function names match `^[a-zA-Z0-9_-]+$`.

    Checked for the calls in the history here (see `function_name_pattern_tools` for the
    definitions): letters, digits, `_` and `-`, no spaces or dots.
    """
    return _name_pattern(_names(ctx, definitions=False))


def function_name_pattern_tools(ctx: Context) -> Iterator[Diagnostic]:
    """`o-function-name-pattern` for the names in `tools[].function.name`."""
    return _name_pattern(_names(ctx, definitions=True))


def function_name_length(ctx: Context) -> Iterator[Diagnostic]:
    """`o-function-name-length`: function names are at most 64 characters (history calls)."""
    return _name_length(_names(ctx, definitions=False))


def function_name_length_tools(ctx: Context) -> Iterator[Diagnostic]:
    """`o-function-name-length` for the names in `tools[].function.name`."""
    return _name_length(_names(ctx, definitions=True))


# =========================================================================== content


def tool_content_type(ctx: Context) -> Iterator[Diagnostic]:
    """`o-tool-content-type`: a tool message's content is a string or an array of text parts.

    Tool results are text: a string, or `[{"type": "text", "text": "..."}]`. Images,
    objects, numbers and a missing content are rejected.
    """
    hint = tr(
        'Send the tool output as a string, e.g. `"content": "22 C, sunny"` (`json.dumps` for data).'
    )
    for m in ctx.msgs:
        if m is None or m.role != "tool":
            continue
        content = m.content
        if isinstance(content, str):
            continue
        path = ctx.path(m.index, "content")
        if not isinstance(content, (list, tuple)):
            yield _err(
                "o-tool-content-type",
                path if "content" in m.raw else ctx.path(m.index),
                tr(
                    "the tool message's `content` is {type}: it must be a string or an array of "
                    "text parts",
                    type=json_type(content),
                )
                if "content" in m.raw
                else tr("the tool message {message} has no `content`", message=ctx.where(m.index)),
                hint,
            )
            continue
        for j, part in enumerate(content):
            if (
                isinstance(part, dict)
                and part.get("type") == "text"
                and isinstance(part.get("text"), str)
            ):
                continue
            kind = part.get("type") if isinstance(part, dict) else None
            what = (
                tr("a {type} part", type=code(kind)) if isinstance(kind, str) else json_type(part)
            )
            yield _err(
                "o-tool-content-type",
                path + pointer(j),
                tr("a tool message may hold only text, but part {j} is {what}", j=j, what=what),
                hint,
            )


def content_part_type(ctx: Context) -> Iterator[Diagnostic]:
    """`o-content-part-type`: content parts are types Chat Completions knows for the role.

    User parts: `text`, `image_url`, `input_audio`, `file`; system and developer: `text`;
    assistant: `text`, `refusal`. Anthropic blocks (`tool_use`, `tool_result`, `image`...)
    are rejected: calls go in `tool_calls`, results in `tool` messages.
    """
    for m in ctx.msgs:
        if m is None or m.role not in PART_TYPES or not isinstance(m.content, (list, tuple)):
            continue
        allowed = PART_TYPES[m.role]
        for j, part in enumerate(m.content):
            kind = part.get("type") if isinstance(part, dict) else None
            if kind in allowed:
                continue
            path = ctx.path(m.index, "content", j)
            shown = ", ".join(f"`{t}`" for t in allowed)
            if not isinstance(part, dict):
                message = tr(
                    "content part {j} of {message} is {type}",
                    j=j,
                    message=ctx.where(m.index),
                    type=json_type(part),
                )
                hint = tr('Write each part as an object, e.g. `{"type": "text", "text": "..."}`.')
            elif not isinstance(kind, str):
                message = tr(
                    "content part {j} of {message} has no `type`", j=j, message=ctx.where(m.index)
                )
                hint = tr("Give it a `type`: {types}.", types=shown)
                path = path + "/type" if "type" in part else path
            elif kind == "tool_result":
                path += "/type"
                message = tr(
                    "a `tool_result` block is Anthropic's; in Chat Completions each result is a "
                    "separate `tool` message"
                )
                uid = part.get("tool_use_id")
                hint = tr(
                    "Write: {example}",
                    example=_tool_message(uid if isinstance(uid, str) else "call_..."),
                )
            elif kind == "tool_use":
                path += "/type"
                message = tr(
                    "a `tool_use` block is Anthropic's; in Chat Completions the assistant's "
                    "calls go in its `tool_calls` array"
                )
                hint = tr(
                    'Write `"tool_calls": [{"id": ..., "type": "function", "function": '
                    '{"name": ..., "arguments": "{...}"}}]` on the assistant message.'
                )
            else:
                path += "/type"
                if kind in ANTHROPIC_BLOCKS:
                    message = tr(
                        "a {role} message cannot hold a {type} part (an Anthropic block): "
                        "allowed are {types}",
                        role=m.role,
                        type=code(kind),
                        types=shown,
                    )
                else:
                    message = tr(
                        "a {role} message cannot hold a {type} part: allowed are {types}",
                        role=m.role,
                        type=code(kind),
                        types=shown,
                    )
                hint = (
                    tr(
                        'Images go in user messages as `{"type": "image_url", "image_url": '
                        '{"url": "..."}}`.'
                    )
                    if kind == "image"
                    else tr("Use one of {types}.", types=shown)
                )
            yield _err("o-content-part-type", path, message, hint)


# =========================================================================== strict


def strict_schema(ctx: Context) -> Iterator[Diagnostic]:
    """`o-strict-schema`: a `strict: true` function has a closed, fully required schema.

    Structured outputs require every object in the schema to set
    `"additionalProperties": false` and to list every property in `required` (optional
    fields are expressed as a type union with `null`).
    """
    for k, tool in ctx.tools:
        fn = tool.get("function")
        if not isinstance(fn, dict) or fn.get("strict") is not True:
            continue
        params = fn.get("parameters")
        if not isinstance(params, dict):
            continue
        base = pointer("tools", k, "function", "parameters")
        yield from _strict_walk(params, base)


_SUBSCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SUBSCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_SUBSCHEMA_ONE = ("items", "not", "additionalProperties", "if", "then", "else", "contains")


def _strict_walk(root: dict[str, Any], base: str) -> Iterator[Diagnostic]:
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(root, ())]
    seen: set[int] = set()
    while stack:
        schema, where = stack.pop()
        if not isinstance(schema, dict) or id(schema) in seen or len(where) > 200:
            continue
        seen.add(id(schema))
        path = base + pointer(*where)
        kind = schema.get("type")
        is_object = (
            kind == "object"
            or (isinstance(kind, (list, tuple)) and "object" in kind)
            or ("properties" in schema and "type" not in schema)
        )
        if is_object:
            label = (
                tr("the parameters")
                if not where
                else tr("the object at {path}", path=code("/".join(map(str, where))))
            )
            if schema.get("additionalProperties") is not False:
                has = "additionalProperties" in schema
                yield _err(
                    "o-strict-schema",
                    path + "/additionalProperties" if has else path,
                    tr(
                        'with `strict: true`, {label} must set `"additionalProperties": false` '
                        "(it is {value})",
                        label=label,
                        value=describe(schema["additionalProperties"]),
                    )
                    if has
                    else tr(
                        'with `strict: true`, {label} must set `"additionalProperties": false`',
                        label=label,
                    ),
                    tr('Add `"additionalProperties": false` to every object in the schema.'),
                )
            props = schema.get("properties")
            required = schema.get("required", [])
            if isinstance(props, dict) and isinstance(required, (list, tuple)):
                missing = [p for p in props if p not in required]
                if missing:
                    names = ", ".join(quote(p, 30) for p in missing[:6])
                    yield _err(
                        "o-strict-schema",
                        path + "/required" if "required" in schema else path,
                        tr(
                            "with `strict: true`, every property of {label} must be in "
                            "`required`; missing: {names}",
                            label=label,
                            names=names,
                        ),
                        tr(
                            "List all properties in `required`; make a field optional with a "
                            'type union such as `"type": ["string", "null"]`.'
                        ),
                    )
        children: list[tuple[Any, tuple[str | int, ...]]] = []
        for key in _SUBSCHEMA_MAPS:
            value = schema.get(key)
            if isinstance(value, dict):
                children += [(v, (*where, key, name)) for name, v in value.items()]
        for key in _SUBSCHEMA_LISTS:
            value = schema.get(key)
            if isinstance(value, (list, tuple)):
                children += [(v, (*where, key, n)) for n, v in enumerate(value)]
        for key in _SUBSCHEMA_ONE:
            value = schema.get(key)
            if isinstance(value, dict):
                children.append((value, (*where, key)))
            elif key == "items" and isinstance(value, (list, tuple)):
                children += [(v, (*where, key, n)) for n, v in enumerate(value)]
        stack.extend(reversed(children))


# =========================================================================== registry

Rule = Callable[[Context], Iterator[Diagnostic]]

MESSAGE_RULES: tuple[Rule, ...] = (
    shape,
    tool_call_shape,
    arguments_not_string,
    function_name_pattern,
    function_name_length,
    tool_response_missing,
    tool_msg_orphan,
    tool_call_id_missing,
    tool_call_id_unknown,
    tool_content_type,
    content_part_type,
)

BODY_RULES: tuple[Rule, ...] = (
    tools_shape,
    function_name_pattern_tools,
    function_name_length_tools,
    strict_schema,
)

RULE_IDS: tuple[str, ...] = (
    "o-tool-response-missing",
    "o-tool-msg-orphan",
    "o-tool-call-id-missing",
    "o-tool-call-id-unknown",
    "o-arguments-not-string",
    "o-function-name-pattern",
    "o-function-name-length",
    "o-tool-call-shape",
    "o-tool-content-type",
    "o-content-part-type",
    "o-strict-schema",
    "request-shape",
)


def check(messages: list[Any], *, body: dict[str, Any] | None, prefix: str) -> list[Diagnostic]:
    """Apply the Chat Completions rules. `body` is None for a bare messages array."""
    ctx = Context(messages, body=body, prefix=prefix)
    out: list[Diagnostic] = []
    for rule in MESSAGE_RULES:
        out.extend(rule(ctx))
    if body is not None:
        for rule in BODY_RULES:
            out.extend(rule(ctx))
    return out
