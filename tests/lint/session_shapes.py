"""Conversations as agents send them, for the session tests: built from the shapes of public
recordings and reports (each cited where it is used), never copied from them.

`anthropic_loop(...)`, `chat_loop(...)` and `responses_loop(...)` return the exchanges of a
tool loop sent the way a correct agent sends it: every response resent as returned, every
call answered. The tests then break one thing at a time (a family of faults) or make the
edits the docs accept (a family of valid variations).
"""

from __future__ import annotations

import copy
import json
from typing import Any

SIG = "EqQBCkgIARABGAIiQHn3s0x"  # a signature's shape: opaque base64, kept as returned


def a_tool(name: str = "get_weather") -> dict[str, Any]:
    return {"name": name, "description": "Weather", "input_schema": {"type": "object"}}


def anthropic_loop(
    turns: int = 3,
    *,
    thinking: bool | dict[str, Any] = True,
    model: str = "claude-sonnet-4-5",
    parallel: int = 1,
    system: str | None = "You are a weather assistant.",
) -> list[dict[str, Any]]:
    """A tool loop of `turns` tool rounds, then a final answer, then a new user question.

    The shape of a recorded `thinking` + `tool_use` exchange (e.g. dd-trace-py's
    anthropic_completion_thinking_tool_result cassette): the assistant turn resent with
    its thinking block first and its signature, the results in the next user message.
    """
    body: dict[str, Any] = {"model": model, "max_tokens": 4096}
    if thinking:
        config = {"type": "enabled", "budget_tokens": 2048}
        body["thinking"] = thinking if isinstance(thinking, dict) else config
    if system is not None:
        body["system"] = system
    body["tools"] = [a_tool()]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris and Lyon?"}]
    exchanges = []
    for n in range(turns):
        content: list[dict[str, Any]] = []
        if thinking:
            content.append(
                {"type": "thinking", "thinking": f"Step {n}: call it.", "signature": f"{SIG}{n}"}
            )
        uses = [
            {
                "type": "tool_use",
                "id": f"toolu_{n}{k}",
                "name": "get_weather",
                "input": {"city": f"C{k}"},
            }
            for k in range(parallel)
        ]
        content += uses
        response = {
            "id": f"msg_{n}",
            "type": "message",
            "role": "assistant",
            "content": content,
            "stop_reason": "tool_use",
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 5},
        }
        exchanges.append(
            {
                "request": {**copy.deepcopy(body), "messages": copy.deepcopy(messages)},
                "response": response,
            }
        )
        messages.append({"role": "assistant", "content": copy.deepcopy(content)})
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": u["id"], "content": f"{18 + n} C"}
                    for u in uses
                ],
            }
        )
    final = {
        "id": "msg_final",
        "type": "message",
        "role": "assistant",
        "content": [{"type": "text", "text": "Paris 18 C, Lyon 20 C."}],
        "stop_reason": "end_turn",
    }
    exchanges.append(
        {"request": {**copy.deepcopy(body), "messages": copy.deepcopy(messages)}, "response": final}
    )
    messages.append({"role": "assistant", "content": final["content"]})
    messages.append({"role": "user", "content": "Thanks! And tomorrow?"})
    exchanges.append({"request": {**copy.deepcopy(body), "messages": copy.deepcopy(messages)}})
    return exchanges


def chat_loop(turns: int = 2) -> list[dict[str, Any]]:
    """Chat Completions: the assistant message with `tool_calls` resent, `tool` answers."""
    tools = [
        {
            "type": "function",
            "function": {
                "name": "get_weather",
                "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
            },
        }
    ]
    messages: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris?"}]
    exchanges = []
    for n in range(turns):
        call = {
            "id": f"call_{n}abc",
            "type": "function",
            "function": {"name": "get_weather", "arguments": json.dumps({"city": f"C{n}"})},
        }
        message = {
            "role": "assistant",
            "content": None,
            "tool_calls": [call],
            "refusal": None,
            "annotations": [],
        }
        response = {
            "id": f"chatcmpl-{n}",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
        }
        exchanges.append(
            {
                "request": {
                    "model": "gpt-5.5",
                    "tools": tools,
                    "messages": copy.deepcopy(messages),
                },
                "response": response,
            }
        )
        messages.append({"role": "assistant", "content": None, "tool_calls": [copy.deepcopy(call)]})
        messages.append({"role": "tool", "tool_call_id": call["id"], "content": "18 C"})
    exchanges.append({"request": {"model": "gpt-5.5", "tools": tools, "messages": messages}})
    return exchanges


def responses_loop(turns: int = 2, *, stateful: bool = False) -> list[dict[str, Any]]:
    """Responses: reasoning + function_call output items passed back (or carried by
    `previous_response_id`), each call answered with a `function_call_output`."""
    tools = [
        {
            "type": "function",
            "name": "get_weather",
            "strict": False,
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        }
    ]
    items: list[dict[str, Any]] = [{"role": "user", "content": "Weather in Paris?"}]
    exchanges = []
    previous = None
    new_items: list[dict[str, Any]] = list(items)
    for n in range(turns):
        output = [
            {"type": "reasoning", "id": f"rs_{n}a1", "summary": [], "status": "completed"},
            {
                "type": "function_call",
                "id": f"fc_{n}a1",
                "call_id": f"call_{n}",
                "name": "get_weather",
                "arguments": json.dumps({"city": f"C{n}"}),
                "status": "completed",
            },
        ]
        request: dict[str, Any] = {"model": "gpt-5.5", "tools": tools}
        if stateful and previous:
            request["previous_response_id"] = previous
            request["input"] = copy.deepcopy(new_items)
        else:
            request["input"] = copy.deepcopy(items)
        exchanges.append(
            {
                "request": request,
                "response": {
                    "id": f"resp_{n}a1",
                    "object": "response",
                    "status": "completed",
                    "output": output,
                },
            }
        )
        answer = {"type": "function_call_output", "call_id": f"call_{n}", "output": "18 C"}
        passed = [{k: v for k, v in o.items() if k != "status"} for o in output]
        items += passed + [answer]
        new_items = [answer]
        previous = f"resp_{n}a1"
    final: dict[str, Any] = {"model": "gpt-5.5", "tools": tools}
    if stateful:
        final["previous_response_id"] = previous
        final["input"] = new_items
    else:
        final["input"] = items
    exchanges.append({"request": final})
    return exchanges


def rules_of(result) -> list[tuple[int, str]]:
    """(exchange number, rule) of every diagnostic of a session result."""
    return [(e.number, d.rule) for e in result.exchanges for d in e.diagnostics]


def errors_of(result) -> list[tuple[int, str]]:
    return [(e.number, d.rule) for e in result.exchanges for d in e.diagnostics if d.is_error]
