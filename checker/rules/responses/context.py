"""The Responses request as the rules read it: each `input` item indexed once (`Context`).

`input` is a string (one user message) or an array of items. An item with a `role` and no
`type` is an "easy" message; every other item names its `type`. Calls and their outputs
are paired by `call_id`, not by position; reasoning items precede what they produced.
Also the small helpers and tables several rule modules share.
"""

from __future__ import annotations

import json
import re

from checker.diagnostics import pointer
from checker.request_context import RequestContext
from checker.rules.record import Finding

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

NAME_PATTERN = re.compile(r"[a-zA-Z0-9_-]+")

#: The roles of a message item (`tool` and `function` are Chat Completions: `r-chat-shape`).
ROLES = ("user", "assistant", "system", "developer")
INPUT_ROLES = ("user", "system", "developer")

#: Client-executed calls, each answered by its output item with the same `call_id`.
CALL_OUTPUTS = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
    "shell_call": "shell_call_output",
    "apply_patch_call": "apply_patch_call_output",
    "computer_call": "computer_call_output",
}
OUTPUT_CALLS = {v: k for k, v in CALL_OUTPUTS.items()}

#: Every item type `input` accepts (SPEC `InputItem`), besides the easy message.
ITEM_TYPES = frozenset(
    (  # noqa: SIM905 (a word list reads better than 30 quoted items)
        "message file_search_call computer_call computer_call_output web_search_call "
        "function_call function_call_output tool_search_call tool_search_output "
        "additional_tools reasoning compaction image_generation_call code_interpreter_call "
        "local_shell_call local_shell_call_output shell_call shell_call_output "
        "apply_patch_call apply_patch_call_output mcp_list_tools mcp_approval_request "
        "mcp_approval_response mcp_call custom_tool_call custom_tool_call_output "
        "compaction_trigger item_reference program program_output"
    ).split()
)

#: Content part types by role; the union is what a message part may be at all.
INPUT_PARTS = ("input_text", "input_image", "input_file")
#: newer input parts the API lists in 2026; accepted without further checks
NEWER_INPUT_PARTS = ("input_audio", "scoped_content")
OUTPUT_PARTS = ("output_text", "refusal")
PART_UNION = (*INPUT_PARTS, *OUTPUT_PARTS, "computer_screenshot", "summary_text")

#: Tool types `tools` accepts (SPEC `ToolsArray`).
TOOL_TYPES = (
    "function",
    "custom",
    "file_search",
    "web_search",
    "web_search_2025_08_26",
    "web_search_preview",
    "web_search_preview_2025_03_11",
    "code_interpreter",
    "image_generation",
    "mcp",
    "computer",
    "computer_use_preview",
    "local_shell",
    "shell",
    "apply_patch",
    "namespace",
    "tool_search",
    "programmatic_tool_calling",
)

#: Model families: reasoning models take `reasoning`; the others refuse reasoning items
#: (patterns `re` compiles on first use, for a request that names a model: not at import).
_REASONING_MODEL = r"(o[134]|gpt-5|gpt-6|gpt-oss|codex)(\b|[-._])"
_PLAIN_MODEL = r"(gpt-4o|gpt-4\.1|gpt-4-|gpt-4$|gpt-3\.5|chatgpt-4o)"


def model_kind(model: Any) -> str | None:
    """ "reasoning", "plain" (a known non-reasoning model) or None (unknown, or none)."""
    if not isinstance(model, str):
        return None
    name = model.lower().rsplit("/", 1)[-1]
    if "chat" in name and name.startswith("gpt-5"):
        return None  # gpt-5-chat-latest and friends: not settled
    if re.match(_PLAIN_MODEL, name):
        return "plain"
    if re.match(_REASONING_MODEL, name):
        return "reasoning"
    return None


class Item:
    """One input item as the rules see it (only items that are objects)."""

    __slots__ = ("index", "raw", "type", "role", "id", "call_id")

    def __init__(self, index: int, raw: dict[str, Any]) -> None:
        self.index = index
        self.raw = raw
        role = raw.get("role")
        self.role: str | None = role if isinstance(role, str) else None
        kind = raw.get("type")
        if kind is None and "role" in raw:
            kind = "message"
        #: the item's type ("message" for an easy message); None when it is not a string
        self.type: str | None = kind if isinstance(kind, str) else None
        value = raw.get("id")
        self.id: str | None = value if isinstance(value, str) else None
        value = raw.get("call_id")
        self.call_id: str | None = value if isinstance(value, str) else None

    @property
    def is_message(self) -> bool:
        return self.type == "message"

    @property
    def is_input_message(self) -> bool:
        return self.type == "message" and self.role in INPUT_ROLES

    @property
    def is_assistant_message(self) -> bool:
        return self.type == "message" and self.role == "assistant"


class Context(RequestContext):
    """The request, indexed once for all rules. `msgs` holds the input items."""

    def __init__(self, items: list[Any], *, body: dict[str, Any] | None, prefix: str) -> None:
        super().__init__(items, body=body, prefix=prefix)
        self.model: str | None = None
        self.items: list[Item | None] = [
            Item(i, m) if isinstance(m, dict) else None for i, m in enumerate(items)
        ]
        self.msgs = self.items
        #: call_id -> indices of the call items carrying it, in order
        self.calls: dict[str, list[int]] = {}
        #: call_id -> indices of the output items carrying it, in order
        self.outputs: dict[str, list[int]] = {}
        #: item id -> indices of the items carrying it
        self.ids: dict[str, list[int]] = {}
        #: call_id -> indices of the calls the client runs that are not of `CALL_OUTPUTS`'
        #: kinds (a `tool_search_call` with `execution: "client"`): answered by the
        #: client, with a `function_call_output` or its own output item
        self.client_calls: dict[str, list[int]] = {}
        #: indices of the reasoning items
        self.reasoning: list[int] = []
        for it in self.items:
            if it is None:
                continue
            if it.id is not None:
                self.ids.setdefault(it.id, []).append(it.index)
            if it.type == "reasoning":
                self.reasoning.append(it.index)
            elif it.call_id is not None:
                if it.type in CALL_OUTPUTS:
                    self.calls.setdefault(it.call_id, []).append(it.index)
                elif it.raw.get("execution") == "client":
                    self.client_calls.setdefault(it.call_id, []).append(it.index)
                elif it.type in OUTPUT_CALLS:
                    self.outputs.setdefault(it.call_id, []).append(it.index)

    @property
    def stateful(self) -> bool:
        """The server prepends stored items: `previous_response_id` or `conversation` is set."""
        body = self.body or {}
        return bool(body.get("previous_response_id")) or body.get("conversation") is not None

    def item(self, index: int) -> Item | None:
        return self.items[index] if 0 <= index < len(self.items) else None

    def where(self, index: int) -> str:
        """How an item is named: `input[3]`."""
        return f"`input[{index}]`"


def tool_path(k: int, *tokens: str | int) -> str:
    return pointer("tools", k, *tokens)


def function_tools(ctx: Context) -> list[tuple[str, dict[str, Any]]]:
    """(pointer, tool) of every function tool, with those inside `namespace` tools."""
    found = getattr(ctx, "_function_tools", None)
    if found is None:
        found = []
        for k, tool in ctx.tools:
            if tool.get("type") == "function":
                found.append((tool_path(k), tool))
            elif tool.get("type") == "namespace" and isinstance(tool.get("tools"), list):
                for n, inner in enumerate(tool["tools"]):
                    if isinstance(inner, dict) and inner.get("type") == "function":
                        found.append((tool_path(k, "tools", n), inner))
        ctx._function_tools = found
    return found


def literal(value: Any) -> str:
    """A learner value as a JSON literal for a message (long strings cut).

    Printable characters stay as they are: what renders a message never reads it as markup.
    """
    if isinstance(value, str) and len(value) > 60:
        value = value[:60] + "..."
    return json.dumps(value, ensure_ascii=False)


def snippet(obj: dict[str, Any]) -> str:
    """A flat JSON object as inline code."""
    return "`{" + ", ".join(f"{json.dumps(k)}: {literal(v)}" for k, v in obj.items()) + "}`"


def as_body(items: str, model: str = "gpt-5.5") -> str:
    """A rule example: a JSON array of input items, as the body of a request."""
    inner = items.strip().replace("\n", "\n  ")
    return f'{{\n  "model": "{model}",\n  "input": {inner}\n}}'


def warning(path: str, message: str, hint: str = "") -> Finding:
    """A finding reported as a warning (the rule's docstring says when and why)."""
    return Finding(path, message, hint, "warning")
