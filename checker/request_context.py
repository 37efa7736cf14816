"""What the Anthropic and OpenAI rule sets share: a request indexed once for all rules."""

from __future__ import annotations

from checker.diagnostics import pointer

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


class RequestContext:
    """The messages, the body around them (None for a bare array), and the tool objects.

    Subclasses add their API's own indexes (tool call sites, result runs); every rule
    reads the request through them instead of walking it again.
    """

    def __init__(self, messages: list[Any], *, body: dict[str, Any] | None, prefix: str):
        self.body = body
        #: the request's HTTP headers, lower-case names (None: not known; a log, a hook or
        #: `lint(headers=...)` gives them), for what depends on a beta or version header
        self.headers: dict[str, str] | None = None
        self.messages = messages
        self.prefix = prefix
        self.msgs: list = []
        tools = body.get("tools") if body is not None else None
        #: (index in `tools`, definition) for each tool that is an object
        self.tools: list[tuple[int, dict[str, Any]]] = (
            [(k, t) for k, t in enumerate(tools) if isinstance(t, dict)]
            if isinstance(tools, (list, tuple))
            else []
        )

    def path(self, index: int, *tokens: str | int) -> str:
        """Pointer to message `index` (or inside it)."""
        return self.prefix + pointer(index, *tokens)

    def msg(self, index: int):
        """The indexed message at `index`, or None (out of range, or not an object)."""
        return self.msgs[index] if 0 <= index < len(self.msgs) else None

    def where(self, index: int) -> str:
        """How a message is named in messages: `messages[3]`."""
        return f"`messages[{index}]`"
