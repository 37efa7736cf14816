"""What a conversation's requests and responses hold, per API, compared loosely and exactly.

A request carries its history (`messages`, or the Responses API's `input` items); a
response adds a turn to it (Anthropic's `content` as one assistant message, Chat
Completions' `choices[i].message`, the Responses API's `output` items). Two comparisons:

- `same(a, b)`: the message resent unchanged. Differences no API sees are ignored: a
  `cache_control` moved from turn to turn, members that are `null`, a string `content`
  written as one text block, the `status` the Responses API puts on its output items.
- `key(m)`: the message's identity, stable under the edits an agent legitimately makes
  (a tool result cleared, a thinking block dropped): its role or type, its call ids, and
  the text of a plain message. Conversations are found with it (`checker.session.group`).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

#: Members no API compares when history is resent (moved from turn to turn, or added by
#: the API on output).
IGNORED_KEYS = frozenset({"cache_control"})
#: Members the Responses API adds to output items that need not come back.
RESPONSES_OUTPUT_ONLY = frozenset({"status"})
THINKING_TYPES = ("thinking", "redacted_thinking")


def normal(value: Any, ignored: frozenset[str] = IGNORED_KEYS) -> Any:
    """`value` without ignored members and `null` members, for comparing."""
    if isinstance(value, dict):
        return {
            k: normal(v, ignored) for k, v in value.items() if v is not None and k not in ignored
        }
    if isinstance(value, (list, tuple)):
        return [normal(v, ignored) for v in value]
    return value


def digest(value: Any) -> str:
    """A short stable fingerprint of a JSON value."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=10).hexdigest()


def _blocks(content: Any) -> list[Any]:
    """A message's content as a list of blocks (a string is one text block)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if isinstance(content, list):
        return content
    return [] if content is None else [content]


def _text_of(content: Any) -> str:
    return "".join(
        b.get("text", "") if isinstance(b, dict) and isinstance(b.get("text"), str) else ""
        for b in _blocks(content)
    )


class View:
    """How one API's history is read. Subclasses name the list and what a message is."""

    format = ""
    history_key = "messages"

    def history(self, body: Any) -> list[Any] | None:
        """The request's history list, or None when the body has none."""
        if not isinstance(body, dict):
            return None
        found = body.get(self.history_key)
        return found if isinstance(found, list) else None

    def reply(self, response: Any) -> tuple[list[Any], str] | None:
        """The turn a response adds to the history, and the pointer it was found at."""
        raise NotImplementedError

    def exact(self, message: Any) -> Any:
        """The message as compared when it is resent."""
        if isinstance(message, dict) and "content" in message:
            out = normal(message)
            out["content"] = normal(_blocks(message.get("content")))
            return out
        return normal(message)

    def same(self, a: Any, b: Any) -> bool:
        return a == b or self.exact(a) == self.exact(b)

    def key(self, message: Any) -> Any:
        raise NotImplementedError

    def skip(self, message: Any) -> bool:
        """Whether a history item is left out of the keys (one agents often drop)."""
        return False

    def prefix_parts(self, body: dict[str, Any]) -> dict[str, Any]:
        """The parts of a request around the history (system, tools, instructions)."""
        return {}


class AnthropicView(View):
    format = "anthropic"

    def reply(self, response: Any) -> tuple[list[Any], str] | None:
        if not isinstance(response, dict) or response.get("type") == "error":
            return None
        content = response.get("content")
        if not isinstance(content, list) or response.get("role", "assistant") != "assistant":
            return None
        return [{"role": "assistant", "content": content}], "/content"

    def key(self, message: Any) -> Any:
        if not isinstance(message, dict):
            return ("?", digest(message))
        role = message.get("role")
        blocks = _blocks(message.get("content"))
        calls = tuple(
            str(b.get("id"))
            for b in blocks
            if isinstance(b, dict) and b.get("type") in ("tool_use", "server_tool_use")
        )
        results = tuple(
            str(b.get("tool_use_id"))
            for b in blocks
            if isinstance(b, dict) and "tool_use_id" in b and b.get("type") == "tool_result"
        )
        if calls or results:
            return (role, calls, results)
        if role == "assistant":  # text that may lose its thinking blocks
            return (role, digest(_text_of(message.get("content"))))
        return (role, digest(normal(blocks)))

    def prefix_parts(self, body: dict[str, Any]) -> dict[str, Any]:
        system = body.get("system")
        return {
            "system": normal(_blocks(system)) if system is not None else None,
            "tools": normal(body.get("tools")),
        }


class ChatView(View):
    format = "openai"

    def reply(self, response: Any) -> tuple[list[Any], str] | None:
        if not isinstance(response, dict):
            return None
        choices = response.get("choices")
        if not isinstance(choices, list) or not choices:
            return None
        first = choices[0]
        if not isinstance(first, dict) or not isinstance(first.get("message"), dict):
            return None
        return [first["message"]], "/choices/0/message"

    def replies(self, response: Any) -> list[tuple[dict[str, Any], str]]:
        """Every choice's message (a request may continue any of them)."""
        if not isinstance(response, dict) or not isinstance(response.get("choices"), list):
            return []
        out = []
        for n, choice in enumerate(response["choices"]):
            if isinstance(choice, dict) and isinstance(choice.get("message"), dict):
                out.append((choice["message"], f"/choices/{n}/message"))
        return out

    def exact(self, message: Any) -> Any:
        out = super().exact(message)
        if isinstance(out, dict):
            # what the API adds to a reply, and what an empty `content` may be written as
            for extra in ("refusal", "annotations", "audio", "reasoning_content"):
                out.pop(extra, None)
            if out.get("content") == [] or out.get("content") == [{"type": "text", "text": ""}]:
                out.pop("content", None)
            if out.get("tool_calls") == []:
                out.pop("tool_calls")
        return out

    def key(self, message: Any) -> Any:
        if not isinstance(message, dict):
            return ("?", digest(message))
        role = message.get("role")
        calls = message.get("tool_calls")
        if isinstance(calls, list) and calls:
            ids = tuple(str(c.get("id")) for c in calls if isinstance(c, dict))
            return (role, ids)
        if role == "tool":
            return (role, str(message.get("tool_call_id")))
        return (role, digest(_text_of(message.get("content"))))


class ResponsesView(View):
    format = "responses"
    history_key = "input"

    def history(self, body: Any) -> list[Any] | None:
        if not isinstance(body, dict):
            return None
        found = body.get("input")
        if isinstance(found, str):
            return [{"role": "user", "content": found}]
        return found if isinstance(found, list) else None

    def reply(self, response: Any) -> tuple[list[Any], str] | None:
        if not isinstance(response, dict) or not isinstance(response.get("output"), list):
            return None
        return response["output"], "/output"

    def exact(self, message: Any) -> Any:
        out = normal(message, IGNORED_KEYS | RESPONSES_OUTPUT_ONLY)
        if isinstance(out, dict):
            if "content" in out:
                out["content"] = normal(_blocks(message.get("content")))
            if out.get("type") == "message" and "role" in out:
                out.pop("type")  # `{"role": ...}` and `{"type": "message", "role": ...}`
            for block in out.get("content", []) if isinstance(out.get("content"), list) else []:
                if isinstance(block, dict) and block.get("annotations") == []:
                    block.pop("annotations")
                if isinstance(block, dict) and block.get("logprobs") == []:
                    block.pop("logprobs")
        return out

    def key(self, message: Any) -> Any:
        if not isinstance(message, dict):
            return ("?", digest(message))
        kind = message.get("type", "message")
        if "call_id" in message:
            return (kind, str(message.get("call_id")))
        if kind == "reasoning":
            return (kind, str(message.get("id") or digest(message.get("encrypted_content"))))
        if kind == "item_reference":
            return (kind, str(message.get("id")))
        if kind == "message":
            return (message.get("role"), digest(_text_of(message.get("content"))))
        return (kind, str(message.get("id") or digest(normal(message))))

    def skip(self, message: Any) -> bool:
        return isinstance(message, dict) and message.get("type") == "reasoning"

    def prefix_parts(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"instructions": body.get("instructions"), "tools": normal(body.get("tools"))}


VIEWS: dict[str, View] = {
    "anthropic": AnthropicView(),
    "openai": ChatView(),
    "responses": ResponsesView(),
}


def thinking_blocks(message: Any) -> list[tuple[int, dict[str, Any]]]:
    """The (index, block) of each thinking or redacted_thinking block of a message."""
    if not isinstance(message, dict) or not isinstance(message.get("content"), list):
        return []
    return [
        (j, b)
        for j, b in enumerate(message["content"])
        if isinstance(b, dict) and b.get("type") in THINKING_TYPES
    ]


def thinking_identity(block: dict[str, Any]) -> tuple[Any, ...]:
    """What the API checks of a thinking block: its type, text and signature (or data)."""
    if block.get("type") == "redacted_thinking":
        return ("redacted_thinking", block.get("data"))
    return ("thinking", block.get("thinking"), block.get("signature"))


def tool_uses(message: Any) -> list[tuple[int, dict[str, Any]]]:
    """The (index, block) of each `tool_use` block of an Anthropic message."""
    if not isinstance(message, dict) or not isinstance(message.get("content"), list):
        return []
    return [
        (j, b)
        for j, b in enumerate(message["content"])
        if isinstance(b, dict) and b.get("type") == "tool_use"
    ]


def result_ids(messages: list[Any]) -> set[str]:
    """Every `tool_use_id` answered in Anthropic messages."""
    found: set[str] = set()
    for m in messages:
        if isinstance(m, dict) and isinstance(m.get("content"), list):
            for b in m["content"]:
                if isinstance(b, dict) and isinstance(b.get("tool_use_id"), str):
                    found.add(b["tool_use_id"])
    return found


def call_ids(messages: list[Any]) -> set[str]:
    """Every call id that appears in Anthropic messages (as a call or a result)."""
    found = result_ids(messages)
    for m in messages:
        for _, b in tool_uses(m):
            if isinstance(b.get("id"), str):
                found.add(b["id"])
    return found


def same_arguments(a: Any, b: Any) -> bool:
    """Two calls' arguments (JSON text or parsed) mean the same value."""
    if a == b:
        return True
    try:
        a = json.loads(a) if isinstance(a, str) else a
        b = json.loads(b) if isinstance(b, str) else b
    except ValueError:
        return False
    return a == b
