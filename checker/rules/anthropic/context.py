"""The Anthropic request as the rules read it: each message indexed once (`Msg`, `Context`).

Also the small helpers several rule modules share to word their findings.
"""

from __future__ import annotations

import json
import re

from checker.diagnostics import code, quote
from checker.i18n import tr
from checker.request_context import RequestContext
from checker.rules.record import Finding

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

ID_PATTERN = re.compile(r"[a-zA-Z0-9_-]+")
NAME_CHARS = re.compile(r"[a-zA-Z0-9_-]*")
ROLES = ("user", "assistant")
TOOL_RESULT_CONTENT_TYPES = ("text", "image", "document", "search_result", "tool_reference")
ENVELOPE_FIELDS = ("id", "type", "model", "stop_reason", "stop_sequence", "usage")
TOOL_CHOICE_TYPES = ("auto", "any", "none", "tool")


def warning(path: str, message: str, hint: str = "") -> Finding:
    """A finding reported as a warning (the rule's docstring says when and why)."""
    return Finding(path, message, hint, "warning")


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
        #: the same for runs of assistant messages: the API combines consecutive messages of
        #: one role into one turn, so an assistant run's calls are answered after its end
        is_assistant = [m is not None and m.role == "assistant" for m in self.msgs]
        self.turn_start = list(range(n))
        self.turn_end = list(range(n))
        for i in range(n):
            if is_assistant[i] and i > 0 and is_assistant[i - 1]:
                self.turn_start[i] = self.turn_start[i - 1]
        for i in range(n - 1, -1, -1):
            if is_assistant[i]:
                more = i + 1 < n and is_assistant[i + 1]
                self.turn_end[i] = self.turn_end[i + 1] if more else i + 1

    def turn_use_ids(self, last: int) -> set[str]:
        """The `tool_use` ids of the assistant turn (a run of assistant messages) ending at
        message `last`; empty when `last` is not an assistant message."""
        found: set[str] = set()
        k = last
        while 0 <= k < len(self.msgs):
            m = self.msgs[k]
            if m is None or m.role != "assistant":
                break
            found.update(m.use_ids())
            k -= 1
        return found


def str_in(value: Any, ids: set[str]) -> bool:
    return isinstance(value, str) and value in ids


def result_example(tool_use_id: str, content: str = '"..."') -> str:
    return (
        '`{"role": "user", "content": [{"type": "tool_result", '
        f'"tool_use_id": {quote(tool_use_id)}, "content": {content}}}]}}`'
    )


def is_custom_tool(tool: dict[str, Any]) -> bool:
    """Custom (client) tools have no `type`, or `type: "custom"`; they need `input_schema`."""
    return tool.get("type", "custom") == "custom"


def is_openai_tool(tool: dict[str, Any]) -> bool:
    return tool.get("type") == "function" or (
        "function" in tool and "name" not in tool and "input_schema" not in tool
    )


def id_list(ids: list[str], limit: int = 4) -> str:
    shown = ", ".join(quote(x) for x in ids[:limit])
    if len(ids) > limit:
        return tr("{ids} and {n} more", ids=shown, n=len(ids) - limit)
    return shown


def a_block(kind: Any) -> str:
    """`a `text` block`, or `a block` when the type is not a string."""
    return tr("a {type} block", type=code(kind)) if isinstance(kind, str) else tr("a block")


def pattern_problem(value: str) -> str:
    if not value:
        return tr("is empty")
    if value.strip() != value:
        return tr("{value} has spaces around it", value=quote(value))
    bad = sorted({ch for ch in value if not NAME_CHARS.fullmatch(ch)})
    shown = " ".join(tr("space") if ch == " " else quote(ch) for ch in bad[:5])
    return tr("{value} contains {chars}", value=quote(value), chars=shown)


def close_match(value: str, candidates: list[str]) -> list[str]:
    """The candidate `value` is probably a typo of (skipped for huge batches: it is slow)."""
    if len(candidates) > 64:
        return []
    # on first use, not at import: difflib, heapq (~0.6 ms of every lint; only a typo needs it)
    import difflib

    return difflib.get_close_matches(value, candidates, n=1, cutoff=0.6)


def short_json(value: Any) -> str:
    """`value` as compact JSON when that is short and safe to show, else `{...}`."""
    # on first use, not at import: checker.rules.json_schema, checker.schema_errors (the tool
    # schemas' rules, which a request without tools does not need)
    from checker.rules.json_schema import json_depth

    if json_depth(value, 8) is None:
        return "{...}"
    text = json.dumps(value, ensure_ascii=True)
    if len(text) > 60 or "[" in text or re.search(r":[\w+-]+:", text):
        return "{...}"
    return text


def json_value(text: str) -> Any:
    """The JSON value in `text`, or None when it is not JSON."""
    # on first use, not at import: checker.source (1 module)
    from checker.source import JsonSyntaxError, parse

    try:
        return parse(text).value
    except JsonSyntaxError:
        return None
