"""A streamed response (server-sent events) put back together as the body it stands for.

Recordings of streaming calls (HAR files, cassettes) keep the response as event text. The
session lint needs the turn it returned: `assemble(text, format)` rebuilds it, for each API
the way its SDK's stream helper does:

- Messages API: `message_start`, then each content block from `content_block_start` and
  its deltas (`text_delta`, `input_json_delta`, `thinking_delta`, `signature_delta`,
  `citations_delta`), `message_delta` for the stop reason. A stream cut before
  `message_stop` is incomplete: None (no turn to compare with).
- Chat Completions: the chunks' `choices[].delta` (content, tool call fragments by index).
- Responses: the `response.completed` event's `response`, else the items of
  `response.output_item.done`.
"""

from __future__ import annotations

import json
from typing import Any


def events(text: str) -> list[tuple[str, Any]]:
    """(event name, parsed data) of each event; data that is not JSON is kept as text."""
    out: list[tuple[str, Any]] = []
    name, data = "", []
    for line in text.replace("\r\n", "\n").split("\n") + [""]:
        if not line:
            if data:
                raw = "\n".join(data)
                try:
                    value: Any = json.loads(raw)
                except ValueError:
                    value = raw
                out.append((name, value))
            name, data = "", []
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
        elif line.startswith("event:"):
            name = line[6:].strip()
    return out


def looks_like_sse(text: str) -> bool:
    head = text.lstrip()[:200]
    return head.startswith(("event:", "data:", ":"))


def assemble(text: str, format: str) -> dict[str, Any] | None:
    """The response body a stream stands for, or None when it is incomplete or unknown."""
    found = events(text)
    if format == "anthropic":
        return _anthropic(found)
    if format == "openai":
        return _chat(found)
    if format == "responses":
        return _responses(found)
    return None


def _anthropic(found: list[tuple[str, Any]]) -> dict[str, Any] | None:
    message: dict[str, Any] | None = None
    partial: dict[int, str] = {}
    done = False
    for name, data in found:
        if not isinstance(data, dict):
            continue
        kind = data.get("type", name)
        if kind == "message_start" and isinstance(data.get("message"), dict):
            message = dict(data["message"])
            message["content"] = list(message.get("content") or [])
        elif message is None:
            continue
        elif kind == "content_block_start" and isinstance(data.get("content_block"), dict):
            block = dict(data["content_block"])
            index = data.get("index", len(message["content"]))
            while len(message["content"]) <= index:
                message["content"].append({})
            message["content"][index] = block
            if block.get("type") in ("tool_use", "server_tool_use", "mcp_tool_use"):
                partial[index] = ""
        elif kind == "content_block_delta":
            index, delta = data.get("index"), data.get("delta")
            if not isinstance(index, int) or not isinstance(delta, dict):
                continue
            if index >= len(message["content"]):
                continue
            block = message["content"][index]
            dtype = delta.get("type")
            if dtype == "text_delta":
                block["text"] = block.get("text", "") + str(delta.get("text", ""))
            elif dtype == "input_json_delta":
                partial[index] = partial.get(index, "") + str(delta.get("partial_json", ""))
            elif dtype == "thinking_delta":
                block["thinking"] = block.get("thinking", "") + str(delta.get("thinking", ""))
            elif dtype == "signature_delta":
                block["signature"] = block.get("signature", "") + str(delta.get("signature", ""))
            elif dtype == "citations_delta" and isinstance(delta.get("citation"), dict):
                block.setdefault("citations", []).append(delta["citation"])
        elif kind == "message_delta" and isinstance(data.get("delta"), dict):
            message.update({k: v for k, v in data["delta"].items() if k != "type"})
        elif kind == "message_stop":
            done = True
    if message is None or not done:
        return None
    for index, text in partial.items():
        try:
            message["content"][index]["input"] = json.loads(text) if text.strip() else {}
        except ValueError:
            message["content"][index]["input"] = text
    return message


def _chat(found: list[tuple[str, Any]]) -> dict[str, Any] | None:
    choices: dict[int, dict[str, Any]] = {}
    head: dict[str, Any] = {}
    done = False
    for _, data in found:
        if data == "[DONE]":
            done = True
            continue
        if not isinstance(data, dict):
            continue
        for key in ("id", "model", "object", "created"):
            if key in data:
                head.setdefault(key, data[key])
        for choice in data.get("choices") or ():
            if not isinstance(choice, dict):
                continue
            entry = choices.setdefault(
                choice.get("index", 0), {"message": {"role": "assistant", "content": None}}
            )
            if choice.get("finish_reason"):
                entry["finish_reason"] = choice["finish_reason"]
                done = True
            delta = choice.get("delta") or {}
            message = entry["message"]
            if isinstance(delta.get("content"), str):
                message["content"] = (message.get("content") or "") + delta["content"]
            for call in delta.get("tool_calls") or ():
                if not isinstance(call, dict):
                    continue
                calls = message.setdefault("tool_calls", [])
                n = call.get("index", len(calls))
                while len(calls) <= n:
                    calls.append({"type": "function", "function": {"name": "", "arguments": ""}})
                target = calls[n]
                if call.get("id"):
                    target["id"] = call["id"]
                fn = call.get("function") or {}
                if fn.get("name"):
                    target["function"]["name"] += fn["name"]
                if isinstance(fn.get("arguments"), str):
                    target["function"]["arguments"] += fn["arguments"]
    if not choices or not done:
        return None
    head["object"] = "chat.completion"
    head["choices"] = [{"index": n, **choices[n]} for n in sorted(choices)]
    return head


def _responses(found: list[tuple[str, Any]]) -> dict[str, Any] | None:
    items: list[Any] = []
    for name, data in found:
        if not isinstance(data, dict):
            continue
        kind = data.get("type", name)
        if kind in ("response.completed", "response.incomplete") and isinstance(
            data.get("response"), dict
        ):
            return data["response"]
        if kind == "response.output_item.done" and isinstance(data.get("item"), dict):
            items.append(data["item"])
    return {"object": "response", "output": items} if items else None
