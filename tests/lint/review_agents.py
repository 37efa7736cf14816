"""Agents of our own for the issue-28 review: a tiny simulated server per API and an agent
loop that sends each turn the way the API docs say a client does. Independent of
`session_shapes.py` (written by the feature's author), so the review measures the session
linter on shapes it was not built against.

Each builder returns a list of `{"request", "response", "url"}` exchanges in send order.
"""

from __future__ import annotations

import copy
import itertools
from typing import Any

URLS = {
    "anthropic": "https://api.anthropic.com/v1/messages",
    "openai": "https://api.openai.com/v1/chat/completions",
    "responses": "https://api.openai.com/v1/responses",
}


class Ids:
    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.n = itertools.count(1)

    def __call__(self, prefix: str) -> str:
        return f"{prefix}{self.seed}{next(self.n):04d}Xq9"


def _questions() -> list[str]:
    return [
        "What's the weather in Lisbon and in Porto right now?",
        "And tomorrow — será que chove em Coimbra? 🌧️",
        "Thanks! Book nothing, just summarise.",
    ]


# --------------------------------------------------------------------------- Anthropic


def anthropic_session(
    *,
    seed: str = "A",
    parallel: int = 2,
    rounds: int = 2,
    thinking: str = "enabled",
    redacted: bool = False,
    drop_old_thinking: bool = False,
    text_before_calls: bool = True,
    model: str = "claude-sonnet-4-5",
    questions: list[str] | None = None,
) -> list[dict[str, Any]]:
    """A conversation of several user questions, each answered after `rounds` tool rounds
    of `parallel` calls; thinking blocks kept with their signatures (optionally redacted),
    and, when `drop_old_thinking`, thinking of earlier finished turns left out (accepted on
    this model: "you may omit thinking blocks from previous assistant turns")."""
    ids = Ids(seed)
    body: dict[str, Any] = {
        "model": model,
        "max_tokens": 8000,
        "system": [{"type": "text", "text": "You are a travel helper."}],
        "tools": [
            {
                "name": "get_weather",
                "description": "Current weather for a city",
                "input_schema": {
                    "type": "object",
                    "properties": {"city": {"type": "string"}, "day": {"type": "string"}},
                    "required": ["city"],
                },
            }
        ],
        "messages": [],
    }
    if thinking == "enabled":
        body["thinking"] = {"type": "enabled", "budget_tokens": 2048}
    out: list[dict[str, Any]] = []
    messages: list[dict[str, Any]] = []
    for q in questions or _questions():
        messages.append({"role": "user", "content": q})
        for r in range(rounds + 1):
            request = copy.deepcopy(body)
            request["messages"] = copy.deepcopy(messages)
            content, stop = _anthropic_turn(
                ids, q, r, rounds, thinking, redacted, text_before_calls, parallel
            )
            response = {
                "id": ids("msg_01"),
                "type": "message",
                "role": "assistant",
                "model": model,
                "content": content,
                "stop_reason": stop,
                "stop_sequence": None,
                "usage": {"input_tokens": 100, "output_tokens": 50},
            }
            out.append({"request": request, "response": response, "url": URLS["anthropic"]})
            messages.append({"role": "assistant", "content": copy.deepcopy(content)})
            if stop == "tool_use":
                messages.append(
                    {
                        "role": "user",
                        "content": [
                            {
                                "type": "tool_result",
                                "tool_use_id": b["id"],
                                "content": f"{b['input']['city']}: 21 °C, clear",
                            }
                            for b in content
                            if b["type"] == "tool_use"
                        ],
                    }
                )
        if drop_old_thinking:
            for m in messages:
                if m["role"] == "assistant" and isinstance(m["content"], list):
                    m["content"] = [
                        b
                        for b in m["content"]
                        if b["type"] not in ("thinking", "redacted_thinking")
                    ]
    return out


def _anthropic_turn(
    ids: Ids,
    q: str,
    r: int,
    rounds: int,
    thinking: str,
    redacted: bool,
    text_before_calls: bool,
    parallel: int,
) -> tuple[list[dict[str, Any]], str]:
    """The assistant's content in round `r` of question `q`, and its stop reason."""
    content: list[dict[str, Any]] = []
    if thinking == "enabled":
        if redacted and r == 0:
            content.append({"type": "redacted_thinking", "data": ids("EmwKAhgBEgy")})
        else:
            content.append(
                {
                    "type": "thinking",
                    "thinking": f"Asked: {q[:20]}… I call the tool (round {r}).",
                    "signature": ids("ErUBCkYIBxgCIkB"),
                }
            )
    if r < rounds:
        if text_before_calls:
            content.append({"type": "text", "text": "Let me look that up."})
        for k in range(parallel):
            content.append(
                {
                    "type": "tool_use",
                    "id": ids("toolu_01"),
                    "name": "get_weather",
                    "input": {"city": ["Lisbon", "Porto", "Faro"][k % 3], "day": "today"},
                }
            )
        stop = "tool_use"
    else:
        content.append({"type": "text", "text": f"Here is what I found for: {q}"})
        stop = "end_turn"
    return content, stop


# --------------------------------------------------------------------------- Chat Completions


def chat_session(
    *, seed: str = "C", parallel: int = 3, rounds: int = 2, sdk_dump: bool = True
) -> list[dict[str, Any]]:
    """A Chat Completions tool loop with parallel calls; the assistant message resent as
    the SDK dumps it (`model_dump(exclude_none=False)` adds `refusal`, `annotations`,
    `audio`, `function_call` as nulls) when `sdk_dump`."""
    ids = Ids(seed)
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "parameters": {
                    "type": "object",
                    "properties": {"city": {"type": "string"}},
                    "required": ["city"],
                    "additionalProperties": False,
                },
                "strict": True,
            },
        }
    ]
    messages: list[dict[str, Any]] = [{"role": "system", "content": "You are a travel helper."}]
    out: list[dict[str, Any]] = []
    for q in _questions():
        messages.append({"role": "user", "content": q})
        for r in range(rounds + 1):
            request = {"model": "gpt-4.1", "messages": copy.deepcopy(messages), "tools": tools}
            if r < rounds:
                calls = [
                    {
                        "id": ids("call_"),
                        "type": "function",
                        "function": {
                            "name": "get_weather",
                            "arguments": '{"city":"' + ["Lisbon", "Porto", "Faro"][k % 3] + '"}',
                        },
                    }
                    for k in range(parallel)
                ]
                message = {"role": "assistant", "content": None, "tool_calls": calls}
                finish = "tool_calls"
            else:
                message = {"role": "assistant", "content": f"Done: {q}"}
                finish = "stop"
            full = dict(message, refusal=None, annotations=[])
            response = {
                "id": ids("chatcmpl-"),
                "object": "chat.completion",
                "model": "gpt-4.1-2025-04-14",
                "choices": [{"index": 0, "message": full, "finish_reason": finish}],
            }
            out.append({"request": request, "response": response, "url": URLS["openai"]})
            resent = dict(full, audio=None, function_call=None) if sdk_dump else message
            messages.append(copy.deepcopy(resent))
            for call in message.get("tool_calls") or []:
                messages.append(
                    {"role": "tool", "tool_call_id": call["id"], "content": "21 °C, clear"}
                )
    return out


# --------------------------------------------------------------------------- Responses


def responses_session(
    *,
    seed: str = "R",
    mode: str = "previous_response_id",
    parallel: int = 2,
    rounds: int = 2,
) -> list[dict[str, Any]]:
    """A Responses tool loop on a reasoning model. `mode`:

    - "previous_response_id": each request sends only the new items and chains by id;
    - "manual": the whole history resent, reasoning and function calls passed back as
      returned (store on);
    - "stateless": `store: false`, `include: ["reasoning.encrypted_content"]`, reasoning
      items passed back with their `encrypted_content`.
    """
    ids = Ids(seed)
    base: dict[str, Any] = {
        "model": "o4-mini",
        "reasoning": {"effort": "low", "summary": "auto"},
        "tools": [
            {
                "type": "function",
                "name": "get_weather",
                "parameters": {
                    "type": "object",
                    "properties": {"city": {"type": "string"}},
                    "required": ["city"],
                    "additionalProperties": False,
                },
                "strict": True,
            }
        ],
    }
    if mode == "stateless":
        base["store"] = False
        base["include"] = ["reasoning.encrypted_content"]
    history: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []
    previous: str | None = None
    out: list[dict[str, Any]] = []
    for q in _questions():
        pending.append({"role": "user", "content": [{"type": "input_text", "text": q}]})
        for r in range(rounds + 1):
            request = copy.deepcopy(base)
            if mode == "previous_response_id":
                request["input"] = copy.deepcopy(pending)
                if previous:
                    request["previous_response_id"] = previous
            else:
                request["input"] = copy.deepcopy(history + pending)
            reasoning: dict[str, Any] = {"type": "reasoning", "id": ids("rs_"), "summary": []}
            if mode == "stateless":
                reasoning["encrypted_content"] = ids("gAAAAABo")
            output: list[dict[str, Any]] = [reasoning]
            if r < rounds:
                for k in range(parallel):
                    output.append(
                        {
                            "type": "function_call",
                            "id": ids("fc_"),
                            "call_id": ids("call_"),
                            "name": "get_weather",
                            "arguments": '{"city":"' + ["Lisbon", "Porto"][k % 2] + '"}',
                            "status": "completed",
                        }
                    )
            else:
                output.append(
                    {
                        "type": "message",
                        "id": ids("msg_"),
                        "role": "assistant",
                        "status": "completed",
                        "content": [
                            {"type": "output_text", "text": f"Answer: {q}", "annotations": []}
                        ],
                    }
                )
            rid = ids("resp_")
            response = {"id": rid, "object": "response", "status": "completed", "output": output}
            out.append({"request": request, "response": response, "url": URLS["responses"]})
            previous = rid
            history += pending + copy.deepcopy(output)
            pending = [
                {"type": "function_call_output", "call_id": o["call_id"], "output": "21 °C"}
                for o in output
                if o["type"] == "function_call"
            ]
    return out


def interleave(*sessions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Several conversations' exchanges in one log, taken in turn."""
    out = []
    for group in itertools.zip_longest(*sessions):
        out.extend(e for e in group if e is not None)
    return out
