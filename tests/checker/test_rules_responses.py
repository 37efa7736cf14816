"""OpenAI Responses API rules (`r-*`): each rule broken, and near misses the API accepts.

Bodies follow the API reference and its spec
(https://platform.openai.com/docs/api-reference/responses/create,
https://github.com/openai/openai-openapi/blob/f85dbe223d40e1a31cba812ab2d755c7e98a92a3/openapi.yaml)
and the public reports cited beside each case. Every broken case asserts the rule id, its
severity, the JSON pointer and a word of the message; every near miss must be valid and
free of the rule it is near.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from checker_requests import assert_plain_text

from checker import lint, lint_value
from checker.i18n import use_language
from checker.report import format_human

ROOT = Path(__file__).resolve().parents[2]
SPEC = "https://github.com/openai/openai-openapi/blob/f85dbe22/openapi.yaml"

SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
    "additionalProperties": False,
}


def tool(name: str = "get_weather", **extra: Any) -> dict[str, Any]:
    out = {"type": "function", "name": name, "parameters": copy.deepcopy(SCHEMA), "strict": True}
    out.update(extra)
    return out


def user(content: Any = "What's the weather in Paris?") -> dict[str, Any]:
    return {"role": "user", "content": content}


def said(text: str = "It's 18 C.", **extra: Any) -> dict[str, Any]:
    out = {
        "type": "message",
        "role": "assistant",
        "content": [{"type": "output_text", "text": text}],
    }
    out.update(extra)
    return out


def call(cid: str = "call_1", name: str = "get_weather", **extra: Any) -> dict[str, Any]:
    out = {"type": "function_call", "call_id": cid, "name": name, "arguments": '{"city": "Paris"}'}
    out.update(extra)
    return out


def out(cid: str = "call_1", output: Any = "18 C", **extra: Any) -> dict[str, Any]:
    item = {"type": "function_call_output", "call_id": cid, "output": output}
    item.update(extra)
    return item


def rs(rid: str = "rs_0a1b2c3d", **extra: Any) -> dict[str, Any]:
    item = {"type": "reasoning", "id": rid, "summary": [], "encrypted_content": "gAAAAABq..."}
    item.update(extra)
    return item


def req(*items: Any, model: str = "gpt-5.5", **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": model, "input": list(items) if items else "Hi"}
    body.update(extra)
    return body


def found(body: Any, fmt: str = "responses") -> list[tuple[str, str, str, str]]:
    result = lint(json.dumps(body, indent=2), fmt)
    return [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]


ROUND_TRIP = req(user(), call(), out(), tools=[tool()])

# (id, body, rule, severity, path, a word of the message)
BROKEN = [
    # ------------------------------------------------------------------ chat shapes
    # "Unsupported parameter: 'messages'. In the Responses API, this parameter has moved
    # to 'input'." (spec; public proxy tests)
    (
        "messages",
        {"model": "gpt-5.5", "messages": [user()]},
        "r-chat-shape",
        "error",
        "/messages",
        "input",
    ),
    (
        "max-tokens",
        req(max_tokens=200),
        "r-chat-shape",
        "error",
        "/max_tokens",
        "max_output_tokens",
    ),
    (
        "max-completion-tokens",
        req(max_completion_tokens=200),
        "r-chat-shape",
        "error",
        "/max_completion_tokens",
        "max_output_tokens",
    ),
    (
        "response-format",
        req(response_format={"type": "json_object"}),
        "r-chat-shape",
        "error",
        "/response_format",
        "text.format",
    ),
    (
        "reasoning-effort",
        req(reasoning_effort="low"),
        "r-chat-shape",
        "error",
        "/reasoning_effort",
        "reasoning.effort",
    ),
    ("functions", req(functions=[{"name": "f"}]), "r-chat-shape", "error", "/functions", "tools"),
    # https://github.com/NousResearch/hermes-agent/issues/5709: role "tool" refused
    (
        "role-tool",
        req(user(), call(), {"role": "tool", "tool_call_id": "call_1", "content": "18 C"}),
        "r-chat-shape",
        "error",
        "/input/2/role",
        "function_call_output",
    ),
    # "Unknown parameter: 'input[1].tool_calls'." (public code index)
    (
        "tool-calls",
        req(
            user(),
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "get_weather", "arguments": "{}"},
                    }
                ],
            },
            out(),
        ),
        "r-chat-shape",
        "error",
        "/input/1/tool_calls",
        "function_call",
    ),
    (
        "tool-call-id-kept",
        req(user(), call(), {"role": "user", "tool_call_id": "call_1", "content": "18 C"}, out()),
        "r-chat-shape",
        "error",
        "/input/2/tool_call_id",
        "call_id",
    ),
    # ------------------------------------------------------------------ body
    (
        "unknown-top-level",
        req(temprature=0.2),
        "r-body-field-unknown",
        "error",
        "/temprature",
        "not a Responses API parameter",
    ),
    (
        "anthropic-system",
        req(system="Be brief."),
        "r-body-field-unknown",
        "error",
        "/system",
        "not a Responses API parameter",
    ),
    # "Unknown parameter: 'input[0].content[0].cache_control'." (spec: no such field)
    (
        "cache-control",
        req(
            user(
                [
                    {
                        "type": "input_text",
                        "text": "Long context...",
                        "cache_control": {"type": "ephemeral"},
                    }
                ]
            )
        ),
        "r-body-field-unknown",
        "error",
        "/input/0/content/0/cache_control",
        "cache_control",
    ),
    (
        "message-name",
        req({"role": "user", "name": "ada", "content": "Hi"}),
        "r-body-field-unknown",
        "error",
        "/input/0/name",
        "unknown field",
    ),
    (
        "tool-input-schema",
        req(tools=[tool(input_schema={})]),
        "r-body-field-unknown",
        "error",
        "/tools/0/input_schema",
        "unknown field",
    ),
    # pydantic-ai strips action.sources: "Unknown parameter: 'input[2].action.sources'"
    (
        "web-search-sources",
        req(
            user(),
            {
                "type": "web_search_call",
                "id": "ws_0a1b",
                "status": "completed",
                "action": {"type": "search", "query": "rust", "sources": []},
            },
            user("Thanks"),
        ),
        "r-body-field-unknown",
        "warning",
        "/input/1/action/sources",
        "output only",
    ),
    ("model-missing", {"input": "Hi"}, "r-model-missing", "error", "/model", "no `model`"),
    ("model-null", {"model": None, "input": "Hi"}, "r-model-missing", "error", "/model", "null"),
    (
        "input-missing",
        {"model": "gpt-5.5", "instructions": "Be brief."},
        "r-input-missing",
        "error",
        "/input",
        "no `input`",
    ),
    (
        "input-empty",
        {"model": "gpt-5.5", "input": []},
        "r-input-missing",
        "error",
        "/input",
        "nothing to answer",
    ),
    (
        "input-missing-previous",
        {"model": "gpt-5.5", "previous_response_id": "resp_1"},
        "r-input-missing",
        "warning",
        "/input",
        "no `input`",
    ),
    # "Invalid 'max_output_tokens': integer below minimum value. Expected a value >= 16"
    (
        "max-output-8",
        req(max_output_tokens=8),
        "r-max-output-tokens-min",
        "error",
        "/max_output_tokens",
        "at least 16",
    ),
    (
        "max-output-float",
        req(max_output_tokens=100.5),
        "r-max-output-tokens-min",
        "error",
        "/max_output_tokens",
        "integer",
    ),
    (
        "max-tool-calls-0",
        req(max_tool_calls=0),
        "r-max-output-tokens-min",
        "error",
        "/max_tool_calls",
        "at least 1",
    ),
    # "Invalid 'previous_response_id': 'gen-123'. Expected an ID that begins with 'resp'."
    (
        "previous-bad",
        req(previous_response_id="gen-123"),
        "r-previous-response-id-format",
        "error",
        "/previous_response_id",
        "resp",
    ),
    (
        "previous-empty",
        req(previous_response_id=""),
        "r-previous-response-id-format",
        "error",
        "/previous_response_id",
        "empty",
    ),
    # "Invalid 'conversation': '50370640246'. Expected an ID that begins with 'conv'."
    (
        "conversation-bad",
        req(conversation="50370640246"),
        "r-conversation-id-format",
        "error",
        "/conversation",
        "conv",
    ),
    (
        "conversation-object-bad",
        req(conversation={"id": "chat-7"}),
        "r-conversation-id-format",
        "error",
        "/conversation/id",
        "conv",
    ),
    (
        "previous-and-conversation",
        req(previous_response_id="resp_1", conversation="conv_1"),
        "r-previous-response-conversation",
        "error",
        "/conversation",
        "both",
    ),
    # ------------------------------------------------------------------ config
    # "Missing required parameter: 'text.format.name'."
    (
        "format-no-name",
        req(text={"format": {"type": "json_schema", "schema": SCHEMA}}),
        "r-text-format",
        "error",
        "/text/format/name",
        "name",
    ),
    (
        "format-wrapped",
        req(
            text={
                "format": {"type": "json_schema", "json_schema": {"name": "city", "schema": SCHEMA}}
            }
        ),
        "r-text-format",
        "error",
        "/text/format/json_schema",
        "json_schema",
    ),
    # "Invalid type for 'text.format': expected a text format, but got a string instead"
    (
        "format-string",
        req(text={"format": "json"}),
        "r-text-format",
        "error",
        "/text/format",
        "a string",
    ),
    (
        "format-type",
        req(text={"format": {"type": "json"}}),
        "r-text-format",
        "error",
        "/text/format/type",
        "json_schema",
    ),
    (
        "include-bad",
        req(include=["reasoning.encrypted"]),
        "r-include-value",
        "error",
        "/include/0",
        "reasoning.encrypted",
    ),
    # https://github.com/openai/codex/pull/7845: summary "none" refused
    (
        "summary-none",
        req(reasoning={"effort": "medium", "summary": "none"}),
        "r-reasoning-config",
        "error",
        "/reasoning/summary",
        "auto",
    ),
    (
        "effort-bad",
        req(reasoning={"effort": "extreme"}),
        "r-reasoning-config",
        "error",
        "/reasoning/effort",
        "xhigh",
    ),
    # https://github.com/openai/openai-go/issues/392: generate_summary unknown in 2025
    (
        "generate-summary",
        req(reasoning={"effort": "low", "generate_summary": "concise"}),
        "r-reasoning-config",
        "note",
        "/reasoning/generate_summary",
        "deprecated",
    ),
    # "Unsupported parameter: 'temperature' is not supported with this model." (probe)
    (
        "temperature-reasoning",
        req(temperature=0.2),
        "r-model-param-unsupported",
        "warning",
        "/temperature",
        "reasoning model",
    ),
    (
        "effort-on-gpt-4o",
        req(model="gpt-4o", reasoning={"effort": "low"}),
        "r-model-param-unsupported",
        "warning",
        "/reasoning/effort",
        "not a reasoning model",
    ),
    (
        "minimal-on-gpt-6",
        req(model="gpt-6-luna", reasoning={"effort": "minimal"}),
        "r-model-param-unsupported",
        "warning",
        "/reasoning/effort",
        "minimal",
    ),
    (
        "logprobs-reasoning",
        req(include=["message.output_text.logprobs"]),
        "r-model-param-unsupported",
        "warning",
        "/include/0",
        "logprobs",
    ),
    # ------------------------------------------------------------------ items
    (
        "item-type",
        req(user(), {"type": "tool_call", "call_id": "call_1"}),
        "r-item-type-unknown",
        "error",
        "/input/1/type",
        "not an item type",
    ),
    (
        "item-type-anthropic",
        req(user(), {"type": "tool_result", "tool_use_id": "t"}),
        "r-item-type-unknown",
        "error",
        "/input/1/type",
        "tool_result",
    ),
    (
        "role-human",
        req({"role": "human", "content": "Hi"}),
        "r-role-invalid",
        "error",
        "/input/0/role",
        "human",
    ),
    # "Each message must have at least one content element."
    (
        "content-empty",
        req({"role": "user", "content": []}),
        "r-message-content-missing",
        "error",
        "/input/0/content",
        "empty",
    ),
    # "Missing required parameter: 'input[0].content'."
    (
        "content-missing",
        req({"role": "user"}),
        "r-message-content-missing",
        "error",
        "/input/0/content",
        "no `content`",
    ),
    # "Invalid value: 'text'. Supported values are: 'input_text', ..."
    (
        "text-part",
        req(user([{"type": "text", "text": "Hello"}])),
        "r-content-part-type",
        "error",
        "/input/0/content/0/type",
        "not a content part type",
    ),
    # "Invalid value: 'input_text'. Supported values are: 'output_text' and 'refusal'."
    # (https://github.com/sunwu51/TabPilot/pull/46)
    (
        "assistant-input-text",
        req(
            user("Hi"),
            {"role": "assistant", "content": [{"type": "input_text", "text": "Hello!"}]},
            user("Joke?"),
        ),
        "r-content-part-type",
        "error",
        "/input/1/content/0/type",
        "output_text",
    ),
    (
        "user-output-text",
        req(user([{"type": "output_text", "text": "Hi"}])),
        "r-content-part-type",
        "error",
        "/input/0/content/0/type",
        "input_text",
    ),
    (
        "image-url-part",
        req(
            user(
                [
                    {"type": "input_text", "text": "Describe."},
                    {"type": "image_url", "image_url": {"url": "https://example.com/cat.png"}},
                ]
            )
        ),
        "r-content-part-type",
        "error",
        "/input/0/content/1/type",
        "image_url",
    ),
    # "Invalid value: 'output_text'. Supported values are: 'input_text', 'input_image',
    # and 'input_file'." (function_call_output array)
    (
        "output-array-output-text",
        req(user(), call(), out(output=[{"type": "output_text", "text": "18 C"}])),
        "r-content-part-type",
        "error",
        "/input/2/output/0/type",
        "tool output",
    ),
    # "Invalid type for 'input[12].content[3].image_url': expected an image URL, but got an
    # object instead."
    (
        "image-url-object",
        req(user([{"type": "input_image", "image_url": {"url": "https://example.com/cat.png"}}])),
        "r-content-part-shape",
        "error",
        "/input/0/content/0/image_url",
        "URL string",
    ),
    (
        "image-nothing",
        req(user([{"type": "input_image", "detail": "auto"}])),
        "r-content-part-shape",
        "error",
        "/input/0/content/0",
        "no `image_url`",
    ),
    (
        "text-not-string",
        req(user([{"type": "input_text", "text": 5}])),
        "r-content-part-shape",
        "error",
        "/input/0/content/0/text",
        "string",
    ),
    # ------------------------------------------------------------------ calls
    (
        "call-no-call-id",
        req(
            user(),
            {"type": "function_call", "id": "fc_1", "name": "get_weather", "arguments": "{}"},
        ),
        "r-function-call-shape",
        "error",
        "/input/1/call_id",
        "no `call_id`",
    ),
    (
        "custom-call-no-input",
        req(
            user(),
            {"type": "custom_tool_call", "call_id": "call_c", "name": "apply_diff"},
            {"type": "custom_tool_call_output", "call_id": "call_c", "output": "ok"},
        ),
        "r-function-call-shape",
        "error",
        "/input/1/input",
        "no `input`",
    ),
    # "Invalid type for 'input[3].arguments': expected a string, but got an object instead."
    (
        "arguments-object",
        req(user(), call(arguments={"city": "Paris"}), out()),
        "r-arguments-not-string",
        "error",
        "/input/1/arguments",
        "JSON text",
    ),
    (
        "arguments-not-json",
        req(user(), call(arguments="{city: Paris}"), out()),
        "r-arguments-not-string",
        "warning",
        "/input/1/arguments",
        "not valid JSON",
    ),
    # "Invalid type for 'input[0].output': expected one of a string or array of objects"
    (
        "output-object",
        req(user(), call(), out(output={"temp_c": 18})),
        "r-function-call-output-shape",
        "error",
        "/input/2/output",
        "an object",
    ),
    (
        "output-null",
        req(user(), call(), out(output=None)),
        "r-function-call-output-shape",
        "error",
        "/input/2/output",
        "null",
    ),
    (
        "output-no-call-id",
        req(user(), call(), {"type": "function_call_output", "output": "18 C"}),
        "r-function-call-output-shape",
        "error",
        "/input/2/call_id",
        "no `call_id`",
    ),
    # "Invalid 'input[61].id': 'call_70eac2a1...'. Expected an ID that begins with 'fc'."
    (
        "id-call-prefix",
        req(user(), call(id="call_1"), out()),
        "r-item-id-prefix",
        "error",
        "/input/1/id",
        "`fc`",
    ),
    (
        "id-msg-prefix",
        req(user(), said(id="resp_1"), user("Thanks")),
        "r-item-id-prefix",
        "error",
        "/input/1/id",
        "`msg`",
    ),
    # https://github.com/openai/openai-agents-python/issues/1789
    (
        "id-duplicate",
        req(
            user(), call(id="fc_1"), out(), user("Again"), call("call_2", id="fc_1"), out("call_2")
        ),
        "r-item-id-duplicate",
        "error",
        "/input/4/id",
        "already used",
    ),
    # https://github.com/NousResearch/hermes-agent/issues/102629
    (
        "output-twice",
        req(user(), call(), out(), out()),
        "r-call-id-duplicate",
        "error",
        "/input/3/call_id",
        "second output",
    ),
    (
        "call-id-reused",
        req(user(), call(), out(), user("Lyon?"), call(), out("call_1")),
        "r-call-id-duplicate",
        "error",
        "/input/4/call_id",
        "second call",
    ),
    # ------------------------------------------------------------------ pairing
    # https://github.com/openai/openai-support-agent-demo/issues/12
    (
        "call-unanswered",
        req(user(), call(), out(), call("call_2")),
        "r-function-call-output-missing",
        "error",
        "/input/3/call_id",
        "function_call_output",
    ),
    (
        "custom-unanswered",
        req(
            user(),
            {
                "type": "custom_tool_call",
                "call_id": "call_c",
                "name": "apply_diff",
                "input": "*** Begin Patch",
            },
        ),
        "r-function-call-output-missing",
        "error",
        "/input/1/call_id",
        "custom tool call",
    ),
    # https://github.com/openai/openai-agents-python/issues/1061: resent call, no output
    (
        "call-unanswered-previous",
        req(call(), previous_response_id="resp_1"),
        "r-function-call-output-missing",
        "error",
        "/input/0/call_id",
        "no `function_call_output`",
    ),
    # https://github.com/binaricat/Netcatty/issues/684
    (
        "output-orphan",
        req(user(), out()),
        "r-function-call-output-orphan",
        "error",
        "/input/1/call_id",
        "no `function_call`",
    ),
    (
        "output-before-call",
        req(user(), out(), call()),
        "r-tool-output-order",
        "warning",
        "/input/1/call_id",
        "before the call",
    ),
    # https://github.com/MacPaw/OpenAI/issues/432
    (
        "previous-resends",
        req(call(id="fc_0417"), out(), previous_response_id="resp_0417"),
        "r-previous-response-duplicate",
        "warning",
        "/input/0/id",
        "previous_response_id",
    ),
    (
        "conversation-resends",
        req(user(), call(id="fc_68d2"), out(), conversation="conv_68d2"),
        "r-previous-response-duplicate",
        "warning",
        "/input/1/id",
        "conversation",
    ),
    (
        "mcp-unanswered",
        req(
            user(),
            {
                "type": "mcp_approval_request",
                "id": "mcpr_1",
                "server_label": "crm",
                "name": "create_lead",
                "arguments": "{}",
            },
            user("Go on."),
        ),
        "r-mcp-approval-missing",
        "error",
        "/input/1/id",
        "mcp_approval_response",
    ),
    (
        "mcp-approve-string",
        req(
            {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": "yes"},
            previous_response_id="resp_1",
        ),
        "r-mcp-approval-missing",
        "error",
        "/input/0/approve",
        "true or false",
    ),
    # ------------------------------------------------------------------ reasoning
    # https://github.com/newo-ether/Agora/issues/126: "Missing required parameter:
    # 'input[2].summary'."
    (
        "reasoning-no-summary",
        req(user(), {"type": "reasoning", "id": "rs_1"}, call(id="fc_1"), out()),
        "r-reasoning-item-shape",
        "error",
        "/input/1/summary",
        "summary",
    ),
    (
        "reasoning-no-id",
        req(user(), {"type": "reasoning", "summary": []}, call(), out()),
        "r-reasoning-item-shape",
        "error",
        "/input/1/id",
        "no `id`",
    ),
    # https://github.com/continuedev/continue/issues/8933
    (
        "reasoning-last",
        req(user(), said(id="msg_1"), rs()),
        "r-reasoning-item-orphan",
        "error",
        "/input/2",
        "last item",
    ),
    (
        "reasoning-then-user",
        req(user(), rs(), user("Lyon?")),
        "r-reasoning-item-orphan",
        "error",
        "/input/1",
        "followed by",
    ),
    (
        "reasoning-then-output",
        req(user(), call(), rs(), out()),
        "r-reasoning-item-orphan",
        "error",
        "/input/2",
        "followed by",
    ),
    # https://github.com/mastra-ai/mastra/issues/8738
    (
        "fc-without-reasoning",
        req(user(), call(id="fc_0a03"), out(), user("Lyon?")),
        "r-reasoning-item-missing",
        "note",
        "/input/1/id",
        "reasoning",
    ),
    # https://github.com/continuedev/continue/issues/11994
    (
        "msg-after-rebuilt-call",
        req(user(), rs(), call(), said(id="msg_0b2c"), out()),
        "r-reasoning-item-missing",
        "note",
        "/input/3/id",
        "reasoning",
    ),
    (
        "reasoning-to-gpt-41",
        req(user(), rs(), call(id="fc_1"), out(), model="gpt-4.1"),
        "r-reasoning-model-mismatch",
        "error",
        "/input/1",
        "not a reasoning model",
    ),
    (
        "reasoning-to-unknown",
        req(user(), rs(), call(id="fc_1"), out(), model="my-deployment"),
        "r-reasoning-model-mismatch",
        "warning",
        "/input/1",
        "reasoning model",
    ),
    # https://github.com/vercel/ai/issues/7543
    (
        "store-false-no-blob",
        req(user(), rs(encrypted_content=None), call(id="fc_1"), out(), store=False),
        "r-store-false-reasoning-id",
        "warning",
        "/input/1/encrypted_content",
        "store",
    ),
    # ------------------------------------------------------------------ tools
    # https://github.com/diegosouzapw/OmniRoute/issues/1914: "Missing required parameter:
    # 'tools[0].name'."
    (
        "nested-tool",
        req(
            tools=[{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA}}]
        ),
        "r-tool-shape",
        "error",
        "/tools/0",
        "Chat Completions",
    ),
    (
        "anthropic-tool",
        req(tools=[{"name": "get_weather", "input_schema": SCHEMA}]),
        "r-tool-shape",
        "error",
        "/tools/0",
        "Anthropic",
    ),
    (
        "anthropic-server-tool",
        req(tools=[{"type": "web_search_20250305", "name": "web_search"}]),
        "r-tool-shape",
        "error",
        "/tools/0/type",
        "does not know",
    ),
    (
        "parameters-string",
        req(tools=[tool(parameters="{}")]),
        "r-tool-shape",
        "error",
        "/tools/0/parameters",
        "JSON Schema object",
    ),
    (
        "strict-string",
        req(tools=[tool(strict="true")]),
        "r-tool-shape",
        "error",
        "/tools/0/strict",
        "true or false",
    ),
    (
        "call-empty-name",
        req(user(), call(name=""), out()),
        "r-function-name-pattern",
        "error",
        "/input/1/name",
        "empty",
    ),
    # "Invalid 'tools[0].name': string does not match pattern."
    (
        "dotted-name",
        req(tools=[tool("workspace.list")]),
        "r-function-name-pattern",
        "error",
        "/tools/0/name",
        '"."',
    ),
    (
        "name-129",
        req(tools=[tool("f" * 129)]),
        "r-function-name-pattern",
        "error",
        "/tools/0/name",
        "128",
    ),
    (
        "call-dotted-name",
        req(user(), call(name="workspace.read"), out()),
        "r-function-name-pattern",
        "error",
        "/input/1/name",
        "workspace.read",
    ),
    # https://github.com/elie222/inbox-zero/issues/2272: a Zod discriminated union as the root
    (
        "parameters-root-union",
        req(
            tools=[
                tool(
                    parameters={
                        "anyOf": [
                            {"type": "object", "properties": {"a": {"type": "string"}}},
                            {"type": "object", "properties": {"b": {"type": "string"}}},
                        ]
                    },
                    strict=False,
                )
            ]
        ),
        "r-parameters-invalid",
        "error",
        "/tools/0/parameters",
        "a union (`anyOf`)",
    ),
    # https://github.com/openai/openai-agents-python/issues/4116
    (
        "name-twice",
        req(tools=[tool(), tool()]),
        "r-tool-name-duplicate",
        "warning",
        "/tools/1/name",
        "get_weather",
    ),
    # "Missing required parameter: 'tools[0].container'."
    (
        "ci-no-container",
        req(tools=[{"type": "code_interpreter"}]),
        "r-tool-hosted-config",
        "error",
        "/tools/0/container",
        "container",
    ),
    (
        "file-search-no-stores",
        req(tools=[{"type": "file_search"}]),
        "r-tool-hosted-config",
        "error",
        "/tools/0/vector_store_ids",
        "vector_store_ids",
    ),
    # "Mutually exclusive parameters: 'tools[0]'. Ensure you are only providing one of:
    # 'server_url' or 'connector_id'"
    (
        "mcp-two-targets",
        req(
            tools=[
                {
                    "type": "mcp",
                    "server_label": "mail",
                    "server_url": "https://mcp.example.com/sse",
                    "connector_id": "connector_gmail",
                }
            ]
        ),
        "r-tool-hosted-config",
        "error",
        "/tools/0",
        "exactly one",
    ),
    (
        "mcp-no-target",
        req(tools=[{"type": "mcp", "server_label": "mail"}]),
        "r-tool-hosted-config",
        "error",
        "/tools/0",
        "exactly one",
    ),
    # ------------------------------------------------------------------ sampling ranges
    # "Invalid 'temperature': decimal below minimum value. Expected a value >= 0"
    (
        "temperature-negative",
        req(temperature=-0.5),
        "r-sampling-range",
        "error",
        "/temperature",
        "0 to 2",
    ),
    ("top-p-above-1", req(top_p=1.01), "r-sampling-range", "error", "/top_p", "0 to 1"),
    (
        "temperature-string",
        req(temperature="1"),
        "r-sampling-range",
        "error",
        "/temperature",
        "number",
    ),
    # ------------------------------------------------------------------ audio
    (
        "audio-as-input-file",
        req(
            input=[
                user(
                    [
                        {
                            "type": "input_file",
                            "filename": "call.mp3",
                            "file_data": "data:audio/mpeg;base64,SUQz",
                        }
                    ]
                )
            ]
        ),
        "r-audio-input",
        "error",
        "/input/0/content/0",
        "audio",
    ),
    (
        "audio-url-as-input-file",
        req(input=[user([{"type": "input_file", "file_url": "https://example.com/a.wav?x=1"}])]),
        "r-audio-input",
        "error",
        "/input/0/content/0",
        "audio",
    ),
    # ------------------------------------------------------------------ tool_choice
    # "Missing required parameter: 'tool_choice.name'."
    (
        "choice-nested",
        req(tools=[tool()], tool_choice={"type": "function", "function": {"name": "get_weather"}}),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice",
        "Chat Completions",
    ),
    # https://github.com/raine/claude-code-proxy/issues/10
    (
        "choice-hosted-as-function",
        req(tools=[{"type": "web_search"}], tool_choice={"type": "function", "name": "web_search"}),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice/name",
        "hosted tool",
    ),
    (
        "choice-undeclared",
        req(tools=[tool()], tool_choice={"type": "function", "name": "other"}),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice/name",
        "not among",
    ),
    (
        "choice-any",
        req(tools=[tool()], tool_choice="any"),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice",
        "none, auto and required",
    ),
    (
        "choice-anthropic-tool",
        req(tools=[tool()], tool_choice={"type": "tool", "name": "get_weather"}),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "does not know",
    ),
    # "Tool choice 'image_generation' not found in 'tools' parameter."
    (
        "choice-hosted-undeclared",
        req(tools=[tool()], tool_choice={"type": "image_generation"}),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "not in `tools`",
    ),
    # the same 400 with no `tools` at all: tools are not carried over between responses
    (
        "choice-hosted-no-tools",
        req(tool_choice={"type": "file_search"}),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "not in `tools`",
    ),
    # "Tool choice 'web_search' not found in 'tools' parameter." (web_search is looked up too)
    (
        "choice-web-search-undeclared",
        req(tools=[tool()], tool_choice={"type": "web_search"}),
        "r-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "not in `tools`",
    ),
    (
        "choice-web-search",
        req(tools=[{"type": "web_search"}], tool_choice={"type": "web_search"}),
        "r-tool-choice-hosted-type",
        "warning",
        "/tool_choice/type",
        "documented",
    ),
    (
        "choice-no-tools",
        req(tool_choice="required"),
        "r-tool-choice-without-tools",
        "warning",
        "/tool_choice",
        "no `tools`",
    ),
    # ------------------------------------------------------------------ strict
    # https://github.com/Soju06/codex-lb/pull/658 (invalid_function_parameters)
    (
        "strict-open",
        req(
            tools=[
                tool(
                    parameters={
                        "type": "object",
                        "properties": {"city": {"type": "string"}},
                        "required": ["city"],
                    }
                )
            ]
        ),
        "r-strict-schema",
        "error",
        "/tools/0/parameters",
        "additionalProperties",
    ),
    (
        "strict-missing-required",
        req(
            tools=[
                tool(
                    parameters={
                        "type": "object",
                        "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
                        "required": ["city"],
                        "additionalProperties": False,
                    }
                )
            ]
        ),
        "r-strict-schema",
        "error",
        "/tools/0/parameters/required",
        "unit",
    ),
    (
        "strict-nested-open",
        req(
            tools=[
                tool(
                    parameters={
                        "type": "object",
                        "properties": {
                            "where": {
                                "type": "object",
                                "properties": {"city": {"type": "string"}},
                                "required": ["city"],
                            }
                        },
                        "required": ["where"],
                        "additionalProperties": False,
                    }
                )
            ]
        ),
        "r-strict-schema",
        "error",
        "/tools/0/parameters/properties/where",
        "properties/where",
    ),
    (
        "strict-array-root",
        req(
            text={
                "format": {
                    "type": "json_schema",
                    "name": "list",
                    "strict": True,
                    "schema": {"type": "array", "items": {}},
                }
            }
        ),
        "r-strict-schema",
        "error",
        "/text/format/schema/type",
        "type: object",
    ),
    # "Invalid schema for response_format 'bad_probe': In context=(), 'additionalProperties'
    # is required to be supplied and to be false." (live probe, Responses)
    (
        "strict-format-open",
        req(
            text={
                "format": {
                    "type": "json_schema",
                    "name": "city",
                    "strict": True,
                    "schema": {
                        "type": "object",
                        "properties": {"city": {"type": "string"}},
                        "required": ["city"],
                    },
                }
            }
        ),
        "r-strict-schema",
        "error",
        "/text/format/schema",
        "additionalProperties",
    ),
    # https://github.com/juspay/neurolink/pull/1691: omitted strict is not "false"
    (
        "strict-omitted",
        req(
            tools=[
                {
                    "type": "function",
                    "name": "get_weather",
                    "parameters": {
                        "type": "object",
                        "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
                        "required": ["city"],
                    },
                }
            ]
        ),
        "r-strict-omitted",
        "note",
        "/tools/0",
        "strict",
    ),
]

# (id, body): accepted by the API, no error at all
NEAR = [
    ("string-input", req()),
    ("instructions", req(user("Why is the sky blue?"), instructions="Answer in one sentence.")),
    ("round-trip", ROUND_TRIP),
    # https://community.openai.com/t/issue-with-new-responses-api-400-no-tool-call-found-for-function-call-output-with-call-id/1142327
    (
        "playground",
        req(
            {"role": "system", "content": [{"type": "input_text", "text": "Hi"}]},
            user([{"type": "input_text", "text": "Hot in Toledo?"}]),
            call("call_qCYF"),
            out("call_qCYF"),
            model="gpt-4o",
            tools=[tool()],
        ),
    ),
    ("message-between-call-and-output", req(user(), call(), said("Checking."), out())),
    (
        "typed-user-message",
        req(
            {
                "type": "message",
                "role": "user",
                "content": [{"type": "input_text", "text": "Hello"}],
            }
        ),
    ),
    ("developer-message", req({"role": "developer", "content": "Be brief."}, user())),
    ("assistant-output-text", req(user("Hi"), said(), user("Joke?"))),
    (
        "assistant-string",
        req(user("Hi"), {"role": "assistant", "content": "Hello!"}, user("Joke?")),
    ),
    (
        "assistant-refusal",
        req(
            user("Hi"),
            {
                "role": "assistant",
                "content": [{"type": "refusal", "refusal": "I can't help with that."}],
            },
            user("OK"),
        ),
    ),
    (
        "replayed-output-message",
        req(
            user("Hi"),
            said(id="msg_1", status="completed", phase=None),
            user("More?"),
            model="gpt-4.1",
        ),
    ),
    (
        "output-text-annotations",
        req(
            user("Hi"),
            {
                "type": "message",
                "role": "assistant",
                "content": [
                    {"type": "output_text", "text": "Hi", "annotations": [], "logprobs": []}
                ],
            },
            user("More?"),
        ),
    ),
    (
        "image-string",
        req(
            user(
                [
                    {"type": "input_text", "text": "Describe."},
                    {"type": "input_image", "image_url": "https://e.com/c.png", "detail": "auto"},
                ]
            )
        ),
    ),
    ("image-file-id", req(user([{"type": "input_image", "file_id": "file-123"}]))),
    (
        "file-part",
        req(
            user(
                [
                    {
                        "type": "input_file",
                        "filename": "a.pdf",
                        "file_data": "data:application/pdf;base64,AAAA",
                    },
                    {"type": "input_text", "text": "Summarise."},
                ]
            )
        ),
    ),
    (
        "output-content-array",
        req(
            user(),
            call(),
            out(
                output=[
                    {"type": "input_text", "text": "Rendered."},
                    {"type": "input_image", "image_url": "https://e.com/q3.png"},
                ]
            ),
        ),
    ),
    (
        "call-with-status-and-fc-id",
        req(user(), call(id="fc_1", status="completed"), out(id="fco_1"), model="gpt-4.1"),
    ),
    ("output-only-previous", req(out(), previous_response_id="resp_68b1", tools=[tool()])),
    ("output-only-conversation", req(out(), conversation="conv_6896", tools=[tool()])),
    ("conversation-object", req(user(), conversation={"id": "conv_6896"})),
    (
        "custom-round-trip",
        req(
            user(),
            {"type": "custom_tool_call", "call_id": "call_c", "name": "apply_diff", "input": ""},
            {"type": "custom_tool_call_output", "call_id": "call_c", "output": "applied"},
            tools=[{"type": "custom", "name": "apply_diff"}],
        ),
    ),
    (
        "reasoning-stateless",
        req(
            user(),
            rs(),
            call(id="fc_1"),
            out(),
            store=False,
            include=["reasoning.encrypted_content"],
        ),
    ),
    (
        "reasoning-parallel",
        req(user(), rs(), call(id="fc_1"), call("call_2", id="fc_2"), out(), out("call_2")),
    ),
    ("reasoning-then-message", req(user(), rs(), said(id="msg_1"), user("Thanks"))),
    (
        "reasoning-then-reasoning",
        req(user(), rs("rs_1"), rs("rs_2"), said(id="msg_1"), user("Thanks")),
    ),
    (
        "reasoning-then-web-search",
        req(
            user(),
            rs(),
            {
                "type": "web_search_call",
                "id": "ws_1",
                "status": "completed",
                "action": {"type": "search", "query": "rust"},
            },
            said(id="msg_1"),
            user("And Go?"),
            tools=[{"type": "web_search"}],
        ),
    ),
    ("fc-no-id-no-reasoning", req(user(), call(), out(), user("Lyon?"))),
    (
        "item-reference",
        req(
            {"type": "item_reference", "id": "msg_abc"},
            user("Go on"),
            previous_response_id="resp_1",
        ),
    ),
    (
        "mcp-answered",
        req(
            {"type": "mcp_approval_response", "approval_request_id": "mcpr_1", "approve": True},
            previous_response_id="resp_1",
            tools=[
                {"type": "mcp", "server_label": "crm", "server_url": "https://crm.example.com/mcp"}
            ],
        ),
    ),
    (
        "hosted-tools",
        req(
            tools=[
                {"type": "web_search"},
                {"type": "image_generation"},
                {"type": "code_interpreter", "container": "cntr_1"},
                {"type": "file_search", "vector_store_ids": ["vs_1"]},
                {"type": "shell"},
                {"type": "apply_patch"},
                {"type": "mcp", "server_label": "gh", "connector_id": "connector_gmail"},
                {
                    "type": "computer_use_preview",
                    "environment": "browser",
                    "display_width": 1024,
                    "display_height": 768,
                },
            ]
        ),
    ),
    ("name-128", req(tools=[tool("f" * 128)])),
    (
        "mcp-call-ran-after-approval",
        req(
            user("Create the lead."),
            {
                "type": "mcp_approval_request",
                "id": "mcpr_1",
                "server_label": "crm",
                "name": "create_lead",
                "arguments": "{}",
            },
            {
                "type": "mcp_call",
                "id": "mcp_1",
                "server_label": "crm",
                "name": "create_lead",
                "arguments": "{}",
                "approval_request_id": "mcpr_1",
                "output": "ok",
            },
            user("Thanks"),
            tools=[{"type": "mcp", "server_label": "crm", "server_url": "https://crm.example.com"}],
        ),
    ),
    (
        "choice-from-additional-tools",
        req(
            {"type": "additional_tools", "role": "developer", "tools": [tool("late_tool")]},
            user(),
            tools=[tool()],
            tool_choice={"type": "function", "name": "late_tool"},
        ),
    ),
    (
        "namespace-tool",
        req(
            tools=[
                {
                    "type": "namespace",
                    "name": "crm",
                    "description": "CRM",
                    "tools": [tool("find_lead")],
                }
            ],
            tool_choice={"type": "function", "name": "find_lead"},
        ),
    ),
    (
        "strict-false-optional",
        req(
            tools=[
                tool(
                    strict=False,
                    parameters={
                        "type": "object",
                        "properties": {"city": {"type": "string"}, "unit": {"type": "string"}},
                        "required": ["city"],
                    },
                )
            ]
        ),
    ),
    (
        "strict-nullable",
        req(
            tools=[
                tool(
                    parameters={
                        "type": "object",
                        "properties": {
                            "city": {"type": "string"},
                            "unit": {"type": ["string", "null"]},
                        },
                        "required": ["city", "unit"],
                        "additionalProperties": False,
                    }
                )
            ]
        ),
    ),
    (
        "strict-omitted-ready",
        req(tools=[{"type": "function", "name": "get_weather", "parameters": SCHEMA}]),
    ),
    (
        "text-format-strict",
        req(
            text={
                "format": {"type": "json_schema", "name": "city", "strict": True, "schema": SCHEMA},
                "verbosity": "low",
            }
        ),
    ),
    ("choice-flat", req(tools=[tool()], tool_choice={"type": "function", "name": "get_weather"})),
    (
        "choice-allowed",
        req(
            tools=[tool(), {"type": "web_search"}],
            tool_choice={
                "type": "allowed_tools",
                "mode": "required",
                "tools": [{"type": "function", "name": "get_weather"}],
            },
        ),
    ),
    (
        "choice-hosted",
        req(tools=[{"type": "web_search_preview"}], tool_choice={"type": "web_search_preview"}),
    ),
    (
        "choice-mcp",
        req(
            tools=[
                {"type": "mcp", "server_label": "crm", "server_url": "https://crm.example.com/mcp"}
            ],
            tool_choice={"type": "mcp", "server_label": "crm"},
        ),
    ),
    ("choice-auto-without-tools", req(tool_choice="auto")),
    (
        "everything-known",
        req(
            user(),
            instructions="Be brief.",
            temperature=None,
            max_output_tokens=16,
            max_tool_calls=1,
            metadata={"a": "b"},
            parallel_tool_calls=False,
            store=True,
            stream=False,
            truncation="auto",
            service_tier="auto",
            safety_identifier="u1",
            prompt_cache_key="k",
            top_logprobs=None,
            background=False,
            reasoning={"effort": "none", "summary": None},
        ),
    ),
    ("temperature-effort-none", req(temperature=0.2, reasoning={"effort": "none"})),
    ("temperature-gpt-41", req(temperature=0.2, model="gpt-4.1")),
    ("prompt-no-model", {"prompt": {"id": "pmpt_1", "version": "2"}}),
    (
        "nulls-mean-omitted",
        req(
            previous_response_id=None,
            conversation=None,
            text=None,
            reasoning=None,
            include=None,
            tool_choice=None,
            max_output_tokens=None,
        ),
    ),
]


@pytest.mark.parametrize(
    ("body", "rule", "severity", "path", "word"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_rule_broken(body, rule, severity, path, word):
    diagnostics = found(body)
    hits = [d for d in diagnostics if d[0] == rule]
    assert hits, diagnostics
    assert (hits[0][1], hits[0][2]) == (severity, path), hits
    assert word in hits[0][3], hits[0][3]


@pytest.mark.parametrize("body", [pytest.param(b, id=i) for i, b in NEAR])
def test_near_miss_is_valid(body):
    result = lint(json.dumps(body, indent=2), "responses")
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]
    assert lint_value(body).format == "responses"


def test_each_broken_case_has_its_near_miss_rules_covered():
    """Every rule of the Responses API has a broken case here (the cross-turn ones are
    proved on sessions by tests/lint/test_session_lint.py)."""
    from checker import rules

    SESSION_RULES = {r.id for r in rules.all_rules() if r.scope == "session"}

    tested = {case[2] for case in BROKEN}
    assert rules.ids("responses") - tested - SESSION_RULES == set()


def test_report_once_per_problem():
    # A Chat tool message is one problem: its role, not also its tool_call_id or content.
    body = req(user(), call(), {"role": "tool", "tool_call_id": "call_1", "content": "18 C"})
    rules_found = [d[0] for d in found(body)]
    assert rules_found.count("r-chat-shape") == 1
    assert "r-body-field-unknown" not in rules_found
    # messages in a Responses body: moved, and not also "input missing" or "unknown".
    assert [d[0] for d in found({"model": "gpt-5.5", "messages": [user()]})] == ["r-chat-shape"]
    # The nested Chat tool: one r-tool-shape, no unknown `function` field.
    nested = found(req(tools=[{"type": "function", "function": {"name": "f"}}]))
    assert [d[0] for d in nested] == ["r-tool-shape"]


def test_structure_of_the_document():
    assert found({"model": "gpt-5.5", "input": 5})[0][:3] == ("request-shape", "error", "/input")
    bare = lint_value([1, {"content": "x"}, {"role": 5, "content": "x"}], "responses")
    assert [(d.rule, d.path) for d in bare.errors] == [
        ("request-shape", "/0"),
        ("request-shape", "/1"),
        ("request-shape", "/2/role"),
    ]
    assert [d.rule for d in lint_value([], "responses").errors] == ["request-shape"]
    content = found(req(user(5), user(["x"])))
    assert [(d[0], d[2]) for d in content] == [
        ("request-shape", "/input/0/content"),
        ("request-shape", "/input/1/content/0"),
    ]
    response = found({"object": "response", "id": "resp_1", "output": [said()]})
    assert response[0][0] == "request-shape" and "response" in response[0][3]


def test_bare_items_get_the_message_rules_only():
    # Stateful continuations cannot be seen in a bare array: an orphan is a warning there.
    result = lint_value([out()], "responses")
    assert result.valid and [d.rule for d in result.warnings] == ["r-function-call-output-orphan"]
    # Body rules (tools, model) need the body; bare=True drops them from a full body.
    body = req(user(), call(), out(), tools=[{"type": "code_interpreter"}], max_tokens=5)
    assert not lint_value(body).valid
    assert lint_value(body, bare=True).valid
    # --model enables the model rules on a bare array.
    bare = [user(), rs(), call(id="fc_1"), out()]
    assert lint_value(bare, "responses").valid
    judged = lint_value(bare, "responses", model="gpt-4o")
    assert [d.rule for d in judged.errors] == ["r-reasoning-model-mismatch"]


def test_fragments_are_not_asked_for_model_and_input():
    fragment = {"tools": [tool()], "tool_choice": "required"}
    assert lint_value(fragment, "responses", fragment=True).valid
    whole = lint_value(fragment, "responses")
    assert {d.rule for d in whole.errors} == {"r-model-missing", "r-input-missing"}


def test_line_and_column_point_into_input():
    text = json.dumps(req(user(), call(arguments={"city": "Paris"}), out()), indent=2)
    (d,) = lint(text, "responses").errors
    assert d.path == "/input/1/arguments"
    line = text.splitlines()[d.line - 1]
    assert line.strip().startswith('"arguments"') and line[d.column - 1] == "{"


def test_messages_are_plain_text_safe_for_a_console():
    body = req(
        {"role": "tool", "tool_call_id": "[bold]x[/bold]", "content": "x"},
        call("[red]c", name="[link]f"),
        {"type": "function_call_output", "call_id": "[x]", "output": 5},
        tools=[{"type": "function", "function": {"name": "[i]f"}}],
        tool_choice={"type": "function", "function": {"name": "[u]f"}},
    )
    result = lint_value(body, "responses")
    assert result.diagnostics
    for d in result.diagnostics:
        assert_plain_text(d)


def test_api_wording_of_the_pairing_errors():
    from checker.rules.api_text import api_error_message

    body = req(user(), call("call_JBNb"))
    (d,) = lint_value(body, "responses").errors
    assert (
        api_error_message(d.to_dict(), body) == "No tool output found for function call call_JBNb."
    )
    body = req(user(), call(id="call_7"), out())
    (d,) = lint_value(body, "responses").errors
    assert api_error_message(d.to_dict(), body) == (
        "Invalid 'input[1].id': 'call_7'. Expected an ID that begins with 'fc'."
    )


def test_portuguese_messages_keep_ids_and_paths():
    body = req(user(), call(), tools=[{"type": "function", "function": {"name": "f"}}])
    english = lint_value(body, "responses")
    with use_language("pt-BR"):
        portuguese = lint_value(body, "responses")
    assert [(d.rule, d.path) for d in english.diagnostics] == [
        (d.rule, d.path) for d in portuguese.diagnostics
    ]
    assert [d.message for d in english.diagnostics] != [d.message for d in portuguese.diagnostics]
    assert "function_call_output" in portuguese.errors[0].message


def test_human_report_names_the_format():
    text = json.dumps(ROUND_TRIP, indent=2)
    report = format_human(lint(text), text, "req.json")
    assert report.rstrip().endswith("valid: no problems found (OpenAI Responses)")


def test_cli_end_to_end(tmp_path):
    def cli(*argv):
        return subprocess.run(
            [sys.executable, "-m", "tooltutor", "lint", *argv],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )

    good = tmp_path / "good.json"
    good.write_text(json.dumps(ROUND_TRIP, indent=2))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(req(user(), call()), indent=2))
    chat = tmp_path / "chat.json"
    chat.write_text(json.dumps({"model": "gpt-5.5", "messages": [user()]}, indent=2))
    ran = cli(str(good))
    assert ran.returncode == 0, ran.stderr
    assert "(OpenAI Responses)" in ran.stdout
    ran = cli(str(bad), "--json")
    assert ran.returncode == 1
    data = json.loads(ran.stdout)
    assert data["format"] == "responses" and data["valid"] is False
    (d,) = data["diagnostics"]
    assert (d["rule"], d["path"], d["line"]) == (
        "r-function-call-output-missing",
        "/input/1/call_id",
        10,
    )
    ran = cli(str(chat), "--format", "responses", "--json")
    assert ran.returncode == 1
    assert [d["rule"] for d in json.loads(ran.stdout)["diagnostics"]] == ["r-chat-shape"]
    ran = cli("--explain", "r-reasoning-item-orphan")
    assert ran.returncode == 0 and "without its required following item" in ran.stdout


def test_large_inputs_lint_in_linear_time():
    items: list[Any] = []
    for n in range(250):
        items += [user(f"q{n}"), rs(f"rs_{n}"), call(f"call_{n}", id=f"fc_{n}"), out(f"call_{n}")]
    body = req(*items, tools=[tool()], store=False, include=["reasoning.encrypted_content"])
    start = time.perf_counter()
    result = lint_value(body, "responses")
    elapsed = time.perf_counter() - start
    assert result.valid, result.errors[:3]
    assert elapsed < 1.0
    small = req(*items[:30], tools=[tool()])
    start = time.perf_counter()
    for _ in range(20):
        lint_value(small, "responses")
    assert (time.perf_counter() - start) / 20 < 0.01


# --------------------------------------------------------------------------- properties

R_KEYS = [
    "model", "input", "instructions", "tools", "tool_choice", "previous_response_id",
    "conversation", "store", "include", "reasoning", "text", "format", "max_output_tokens",
    "role", "content", "type", "text", "id", "call_id", "name", "arguments", "output",
    "summary", "encrypted_content", "image_url", "file_id", "parameters", "strict",
    "properties", "required", "additionalProperties", "function", "tool_calls",
    "tool_call_id", "messages", "action", "sources", "approve", "approval_request_id",
    "server_label", "server_url", "container", "vector_store_ids", "mode", "effort",
]  # fmt: skip
R_WORDS = [
    "user", "assistant", "system", "developer", "tool", "message", "function_call",
    "function_call_output", "custom_tool_call", "custom_tool_call_output", "reasoning",
    "item_reference", "mcp_approval_request", "mcp_approval_response", "web_search_call",
    "input_text", "input_image", "output_text", "refusal", "summary_text", "text",
    "image_url", "function", "custom", "mcp", "web_search", "code_interpreter", "file_search",
    "json_schema", "json_object", "object", "auto", "required", "none", "low", "fc_1",
    "call_1", "rs_1", "msg_1", "resp_1", "conv_1", "gpt-5.5", "gpt-4.1", "[b]x[/b]", "",
]  # fmt: skip
R_SEEDS = [
    ROUND_TRIP,
    req(user(), rs(), call(id="fc_1"), out(), store=False, include=["reasoning.encrypted_content"]),
    req(out(), previous_response_id="resp_1", tools=[tool(), {"type": "web_search"}],
        tool_choice={"type": "allowed_tools", "mode": "auto", "tools": [{"type": "web_search"}]}),
    req(user([{"type": "input_text", "text": "Hi"}, {"type": "input_image", "image_url": "u"}]),
        said(id="msg_1"), text={"format": {"type": "json_schema", "name": "x", "strict": True,
                                           "schema": copy.deepcopy(SCHEMA)}}),
    [user(), call(), out()],
]  # fmt: skip


def _property_strategies():
    from hypothesis import strategies as st

    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-100, 100)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.sampled_from(R_WORDS)
    )
    values = st.recursive(
        scalars,
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.sampled_from(R_KEYS), children, max_size=5)
        ),
        max_leaves=30,
    )

    @st.composite
    def mutated(draw):
        value = copy.deepcopy(draw(st.sampled_from(R_SEEDS)))
        for _ in range(draw(st.integers(1, 4))):
            stack, paths = [((), value)], []
            while stack:
                path, node = stack.pop()
                paths.append(path)
                if isinstance(node, dict):
                    stack.extend(((*path, k), v) for k, v in node.items())
                elif isinstance(node, list):
                    stack.extend(((*path, n), v) for n, v in enumerate(node))
            path = draw(st.sampled_from(paths))
            if not path:
                continue
            parent = value
            for token in path[:-1]:
                parent = parent[token]
            key, op = path[-1], draw(st.sampled_from(["set", "delete", "rename"]))
            if op == "set":
                parent[key] = draw(values)
            elif op == "delete":
                del parent[key]
            elif isinstance(parent, dict):
                parent[draw(st.sampled_from(R_KEYS))] = parent.pop(key)
        return value

    return values, mutated()


def _check_property(value: Any) -> None:
    for result, text in (
        (lint_value(value, "responses"), None),
        (lint_value(value, "responses", bare=True, model="gpt-4o"), None),
        (lint(json.dumps(value, indent=1), "responses"), json.dumps(value, indent=1)),
        (lint(json.dumps(value)), json.dumps(value)),
    ):
        assert result.valid == (not result.errors)
        for d in result.diagnostics:
            assert d.severity in ("error", "warning", "note")
            assert d.path == "" or d.path.startswith("/")
            assert d.message and isinstance(d.hint, str)
            assert_plain_text(d)
        if text is not None:
            positions = [(d.line, d.column) for d in result.diagnostics]
            assert positions == sorted(positions)
            format_human(result, text, "fuzz.json")


def test_any_value_gives_a_result_never_an_exception():
    from hypothesis import HealthCheck, given, settings

    values, mutated = _property_strategies()
    fuzz = settings(
        max_examples=400,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    fuzz(given(values)(_check_property))()
    fuzz(given(mutated)(_check_property))()
