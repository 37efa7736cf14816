"""The Chat Completions request as the rules read it: each message indexed once (`Context`).

Also the small helpers several rule modules share to word their findings.
"""

from __future__ import annotations

import re

from checker.diagnostics import quote
from checker.i18n import tr
from checker.request_context import RequestContext
from checker.rules.record import Finding

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


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


def tool_message(call_id: str) -> str:
    return f'`{{"role": "tool", "tool_call_id": {quote(call_id)}, "content": "..."}}`'


def call_label(call: dict[str, Any]) -> str:
    cid = call.get("id")
    fn = call.get("function")
    name = fn.get("name") if isinstance(fn, dict) else None
    text = tr("the call {id}", id=quote(cid)) if isinstance(cid, str) else tr("a call")
    return text + (f" ({quote(name)})" if isinstance(name, str) else "")


def id_list(ids: list[str], limit: int = 4) -> str:
    shown = ", ".join(quote(x) for x in ids[:limit])
    if len(ids) > limit:
        return tr("{ids} and {n} more", ids=shown, n=len(ids) - limit)
    return shown


def warning(path: str, message: str, hint: str = "") -> Finding:
    """A finding reported as a warning (the rule's docstring says when and why)."""
    return Finding(path, message, hint, "warning")
