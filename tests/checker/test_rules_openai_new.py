"""Chat Completions rules added for issue 14: each broken as the real API saw it, and a near miss.

Every case cites where the fact comes from: OpenAI's own spec and guides, or a public
issue that pastes the API's 400. `BROKEN` and `NEAR_MISSES` are also read by
`test_checker_openai.py`, which asks that every `o-*` rule has both.
"""

from __future__ import annotations

import copy
import json
import time

import pytest
from checker_requests import (
    assert_plain_text,
    dump_positions,
    expected_position,
    fn_call,
)

from checker import lint, lint_value, rules
from checker.rules.api_text import api_error_message
from checker.rules.openai.models import model_info

ASK = {"role": "user", "content": "What's the weather in Paris?"}
SCHEMA = {
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
}
STRICT_SCHEMA = {**SCHEMA, "additionalProperties": False}


def body(model="gpt-4o", messages=None, **extra):
    """A request with the given fields (no tools unless given)."""
    out = {"model": model, "messages": [ASK] if messages is None else messages}
    out.update(extra)
    return out


def tool(name="get_weather", **function):
    function.setdefault("parameters", copy.deepcopy(SCHEMA))
    return {"type": "function", "function": {"name": name, **function}}


def strict_tool(name="get_weather", parameters=None, **function):
    params = copy.deepcopy(STRICT_SCHEMA if parameters is None else parameters)
    return tool(name, strict=True, parameters=params, **function)


def custom_tool(name="apply_patch", **custom):
    return {"type": "custom", "custom": {"name": name, **custom}}


def with_tools(*tools, model="gpt-4o", **extra):
    return body(model, tools=list(tools), **extra)


def calls(*entries, content=None):
    return {"role": "assistant", "content": content, "tool_calls": list(entries)}


def tool_msg(cid, content="18 C", **extra):
    return {"role": "tool", "tool_call_id": cid, "content": content, **extra}


def nested(levels):
    schema = {"type": "string"}
    for _ in range(levels):
        schema = {
            "type": "object",
            "properties": {"a": schema},
            "required": ["a"],
            "additionalProperties": False,
        }
    return schema


AUDIO_PART = {"type": "input_audio", "input_audio": {"data": "UklGRiQAAABXQVZF", "format": "wav"}}
LONG_ID = "portkey-6aa6db90-1b84-4155-9f32-f658c97d6b1b"
ROUND_TRIP = [ASK, calls(fn_call("call_1")), tool_msg("call_1")]

# (case id, body, rule, severity, pointer, words the message or hint must contain)
BROKEN = [
    # o-audio-input-model: the table's `input` fact (gpt-4o-mini takes text and images)
    (
        "audio-part-on-gpt-4o-mini",
        body("gpt-4o-mini", messages=[{"role": "user", "content": [AUDIO_PART]}]),
        "o-audio-input-model",
        "error",
        "/messages/0/content/0/type",
        "audio",
    ),
    # o-sampling-range: the API reference's ranges (temperature 0..2, penalties -2..2)
    (
        "temperature-negative",
        body(temperature=-0.5),
        "o-sampling-range",
        "error",
        "/temperature",
        "0 to 2",
    ),
    (
        "temperature-text",
        body(temperature="0.7"),
        "o-sampling-range",
        "error",
        "/temperature",
        "number",
    ),
    ("top-p-above-1", body(top_p=1.5), "o-sampling-range", "error", "/top_p", "0 to 1"),
    (
        "penalty-below",
        body(frequency_penalty=-3),
        "o-sampling-range",
        "error",
        "/frequency_penalty",
        "-2 to 2",
    ),
    (
        "top-logprobs-fraction",
        body(top_logprobs=2.5, logprobs=True),
        "o-sampling-range",
        "error",
        "/top_logprobs",
        "whole",
    ),
    # o-parameters-invalid, array without items (non-strict):
    # https://github.com/sigoden/aichat/pull/1049, https://github.com/brainlid/langchain/issues/148
    (
        "array-without-items",
        with_tools(tool(parameters={"type": "object", "properties": {"paths": {"type": "array"}}})),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters/properties/paths",
        "items",
    ),
    (
        "nested-array-without-items",
        with_tools(
            tool(
                parameters={
                    "type": "object",
                    "properties": {
                        "info": {
                            "type": "array",
                            "items": {
                                "type": "object",
                                "properties": {"synonyms": {"type": ["array", "null"]}},
                            },
                        }
                    },
                }
            )
        ),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters/properties/info/items/properties/synonyms",
        "items",
    ),
    # o-tool-call-id-length: https://github.com/Portkey-AI/gateway/issues/1062
    (
        "tool-call-id-44",
        body(messages=[ASK, calls(fn_call(LONG_ID)), tool_msg(LONG_ID)], tools=[tool()]),
        "o-tool-call-id-length",
        "warning",
        "/messages/1/tool_calls/0/id",
        "40",
    ),
    # o-tools-empty: https://github.com/continuedev/continue/issues/3370
    ("tools-empty", body(tools=[], stream=True), "o-tools-empty", "error", "/tools", "empty"),
    ("tools-null", body(tools=None), "o-tools-empty", "note", "/tools", "null"),
    # o-tools-too-many: https://github.com/Upsonic/Upsonic/issues/176 (133 tools)
    (
        "tools-133",
        body(tools=[tool(f"tool_{n}") for n in range(133)]),
        "o-tools-too-many",
        "error",
        "/tools",
        "133 tools",
    ),
    (
        "functions-129",
        body(functions=[{"name": f"f_{n}"} for n in range(129)]),
        "o-tools-too-many",
        "error",
        "/functions",
        "129",
    ),
    # o-tool-def-shape: the Responses API's flat tool (capture; dspy#9943 shows the reverse)
    (
        "tool-responses-flat",
        body(tools=[{"type": "function", "name": "get_weather", "parameters": SCHEMA}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/function",
        "Responses API shape",
    ),
    # legacy definitions put in tools: https://github.com/openai/openai-cookbook/issues/1248
    (
        "tool-legacy-definition",
        body(tools=[{"name": "takeoff_drone", "parameters": SCHEMA}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/type",
        "legacy `functions` entry",
    ),
    (
        "tool-anthropic-shape",
        body(tools=[{"name": "get_weather", "input_schema": SCHEMA}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/type",
        "Anthropic shape",
    ),
    (
        "tool-no-type",
        body(tools=[{"function": {"name": "get_weather", "parameters": SCHEMA}}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/type",
        '`"type": "function"`',
    ),
    (
        "tool-web-search-responses",
        body(tools=[{"type": "web_search"}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/type",
        "web_search_options",
    ),
    (
        "tool-anthropic-server-tool",
        body(tools=[{"type": "web_search_20250305", "name": "web_search"}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/type",
        "Anthropic",
    ),
    (
        "tool-no-name",
        body(tools=[{"type": "function", "function": {"parameters": SCHEMA}}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/function/name",
        "no `name`",
    ),
    (
        "tool-empty-name",
        body(tools=[tool("")]),
        "o-tool-def-shape",
        "error",
        "/tools/0/function/name",
        "empty",
    ),
    (
        "tool-input-schema-in-function",
        body(tools=[{"type": "function", "function": {"name": "f", "input_schema": SCHEMA}}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/function/input_schema",
        "`parameters`",
    ),
    (
        "tool-strict-string",
        body(tools=[tool(strict="true")]),
        "o-tool-def-shape",
        "error",
        "/tools/0/function/strict",
        "`true` or `false`",
    ),
    (
        "custom-without-object",
        body("gpt-5.4", tools=[{"type": "custom", "name": "apply_patch"}]),
        "o-tool-def-shape",
        "error",
        "/tools/0/custom",
        "no `custom` object",
    ),
    # a 1024-character description limit: https://github.com/nanbingxyz/5ire/issues/33
    (
        "description-too-long",
        body(tools=[tool(description="x" * 1100)]),
        "o-tool-def-shape",
        "warning",
        "/tools/0/function/description",
        "1100 characters",
    ),
    # o-parameters-invalid: https://github.com/inboxapi/cli/issues/106
    (
        "parameters-object-no-properties",
        body("gpt-5.4", tools=[tool("inboxapi__help", parameters={"type": "object"})]),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters",
        "without `properties`",
    ),
    # https://github.com/browserbase/stagehand/issues/1159 ('type: "None"')
    (
        "parameters-root-oneof",
        body(
            tools=[
                tool(
                    "json",
                    parameters={
                        "oneOf": [
                            {"type": "object", "properties": {"title": {"type": "string"}}},
                            {"type": "object", "properties": {"error": {"type": "string"}}},
                        ]
                    },
                )
            ]
        ),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters",
        "union",
    ),
    (
        "parameters-root-string",
        body(tools=[tool(parameters={"type": "string"})]),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters/type",
        '"string"',
    ),
    # a PHP empty array: https://github.com/prism-php/prism/pull/746
    (
        "parameters-properties-array",
        body(tools=[tool(parameters={"type": "object", "properties": []})]),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters/properties",
        "not a valid JSON Schema",
    ),
    # required: null: https://github.com/yomorun/yomo/pull/860
    (
        "parameters-required-null",
        body(
            tools=[
                tool(
                    "ai-sfn",
                    parameters={
                        "type": "object",
                        "properties": {"amount": {"type": "number"}},
                        "required": None,
                    },
                )
            ]
        ),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters/required",
        "null",
    ),
    (
        "parameters-string",
        body(tools=[tool(parameters="{}")]),
        "o-parameters-invalid",
        "error",
        "/tools/0/function/parameters",
        "a string",
    ),
    (
        "parameters-empty-object",
        body(tools=[tool(parameters={})]),
        "o-parameters-invalid",
        "warning",
        "/tools/0/function/parameters",
        "empty object",
    ),
    (
        "legacy-function-parameters",
        body(functions=[{"name": "f", "parameters": {"type": "object"}}]),
        "o-parameters-invalid",
        "error",
        "/functions/0/parameters",
        "without `properties`",
    ),
    # o-tool-custom: the spec's CustomToolChatCompletions (format enums)
    (
        "custom-grammar-ebnf",
        body(
            "gpt-5.4",
            tools=[
                custom_tool(
                    "order_id",
                    format={"type": "grammar", "grammar": {"syntax": "ebnf", "definition": "x"}},
                )
            ],
        ),
        "o-tool-custom",
        "error",
        "/tools/0/custom/format/grammar/syntax",
        "`lark` or `regex`",
    ),
    (
        "custom-format-json",
        body("gpt-5.4", tools=[custom_tool(format={"type": "json"})]),
        "o-tool-custom",
        "error",
        "/tools/0/custom/format/type",
        "`text` or `grammar`",
    ),
    (
        "custom-grammar-no-definition",
        body(
            "gpt-5.4",
            tools=[custom_tool(format={"type": "grammar", "grammar": {"syntax": "lark"}})],
        ),
        "o-tool-custom",
        "error",
        "/tools/0/custom/format/grammar",
        "`definition`",
    ),
    (
        "custom-on-gpt-4o",
        body("gpt-4o", tools=[custom_tool()]),
        "o-tool-custom",
        "warning",
        "/tools/0",
        "GPT-5",
    ),
    # o-tool-choice-without-tools: https://github.com/Azure/azure-sdk-for-net/issues/45598
    (
        "tool-choice-none-no-tools",
        body("gpt-4o-mini", tool_choice="none"),
        "o-tool-choice-without-tools",
        "error",
        "/tool_choice",
        "without `tools`",
    ),
    # "auto" too: https://github.com/dotnet/extensions/pull/6276
    (
        "tool-choice-auto-no-tools",
        body(tool_choice="auto"),
        "o-tool-choice-without-tools",
        "error",
        "/tool_choice",
        '"auto"',
    ),
    # o-parallel-without-tools: https://github.com/Upsonic/Upsonic/issues/323
    (
        "parallel-no-tools",
        body(parallel_tool_calls=False),
        "o-parallel-without-tools",
        "error",
        "/parallel_tool_calls",
        "without `tools`",
    ),
    # o-tool-choice-invalid: the Anthropic word (capture: "Supported values are: ...")
    (
        "tool-choice-any",
        with_tools(tool(), model="gpt-4.1", tool_choice="any"),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice",
        '`"required"`',
    ),
    # a bare function name: https://github.com/langchain-ai/langchain/issues/16767
    (
        "tool-choice-bare-name",
        with_tools(tool("multiply"), model="gpt-3.5-turbo-1106", tool_choice="multiply"),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice",
        "bare name",
    ),
    # the Responses shape: https://github.com/Azure/azure-sdk-for-js/issues/28325
    (
        "tool-choice-responses-flat",
        with_tools(tool(), tool_choice={"type": "function", "name": "get_weather"}),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice/function",
        "Responses API shape",
    ),
    (
        "tool-choice-anthropic-tool",
        with_tools(tool(), tool_choice={"type": "tool", "name": "get_weather"}),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "Anthropic",
    ),
    (
        "tool-choice-anthropic-auto-object",
        with_tools(tool(), tool_choice={"type": "auto"}),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        'Write `"tool_choice": "auto"`',
    ),
    (
        "tool-choice-function-no-name",
        with_tools(tool(), tool_choice={"type": "function", "function": {}}),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice/function/name",
        "no `name`",
    ),
    (
        "tool-choice-integer",
        with_tools(tool(), tool_choice=1),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice",
        "a number",
    ),
    (
        "allowed-tools-bad-mode",
        with_tools(
            tool(),
            model="gpt-5.4",
            tool_choice={
                "type": "allowed_tools",
                "allowed_tools": {
                    "mode": "any",
                    "tools": [{"type": "function", "function": {"name": "get_weather"}}],
                },
            },
        ),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice/allowed_tools/mode",
        "`auto` or `required`",
    ),
    (
        "allowed-tools-responses-flat",
        with_tools(
            tool(),
            model="gpt-5.4",
            tool_choice={
                "type": "allowed_tools",
                "mode": "auto",
                "tools": [{"type": "function", "name": "get_weather"}],
            },
        ),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice/allowed_tools",
        "Responses API shape",
    ),
    (
        "allowed-tools-flat-entry",
        with_tools(
            tool(),
            model="gpt-5.4",
            tool_choice={
                "type": "allowed_tools",
                "allowed_tools": {
                    "mode": "auto",
                    "tools": [{"type": "function", "name": "get_weather"}],
                },
            },
        ),
        "o-tool-choice-invalid",
        "warning",
        "/tool_choice/allowed_tools/tools/0",
        "flat form",
    ),
    (
        "tool-choice-builtin",
        with_tools(tool(), tool_choice={"type": "web_search_preview"}),
        "o-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "Responses API",
    ),
    # o-tool-choice-unknown-name (capture; the sentence names function_call/functions)
    (
        "forced-undefined",
        with_tools(
            tool(), tool_choice={"type": "function", "function": {"name": "get_local_time"}}
        ),
        "o-tool-choice-unknown-name",
        "error",
        "/tool_choice/function/name",
        '"get_local_time"',
    ),
    (
        "allowed-undefined",
        with_tools(
            tool(),
            model="gpt-5.4",
            tool_choice={
                "type": "allowed_tools",
                "allowed_tools": {
                    "mode": "auto",
                    "tools": [{"type": "function", "function": {"name": "get_time"}}],
                },
            },
        ),
        "o-tool-choice-unknown-name",
        "error",
        "/tool_choice/allowed_tools/tools/0/function/name",
        "not defined",
    ),
    (
        "custom-forced-as-function",
        with_tools(
            custom_tool(),
            model="gpt-5.4",
            tool_choice={"type": "function", "function": {"name": "apply_patch"}},
        ),
        "o-tool-choice-unknown-name",
        "warning",
        "/tool_choice/function/name",
        "`custom` tool",
    ),
    (
        "legacy-function-call-undefined",
        body(functions=[{"name": "get_weather"}], function_call={"name": "get_time"}),
        "o-tool-choice-unknown-name",
        "error",
        "/function_call/name",
        "not in `functions`",
    ),
    # o-legacy-functions: deprecated in the spec, still accepted on gpt-4o
    (
        "legacy-functions",
        body(functions=[{"name": "get_weather", "parameters": SCHEMA}], function_call="auto"),
        "o-legacy-functions",
        "note",
        "/functions",
        "deprecated",
    ),
    (
        "legacy-function-message-gpt-56",
        body(
            "gpt-5.6-terra",
            messages=[
                ASK,
                {"role": "assistant", "content": None, "function_call": {"name": "f"}},
                {"role": "function", "name": "f", "content": "18 C"},
            ],
        ),
        "o-role-model",
        "error",
        "/messages/2/role",
        "refuses",
    ),
    # o-function-call-without-functions:
    # https://github.com/Azure-Samples/azure-search-openai-demo/pull/1175
    (
        "function-call-with-tools",
        with_tools(tool("search_sources"), function_call="auto"),
        "o-function-call-without-functions",
        "error",
        "/function_call",
        "`tool_choice`",
    ),
    # o-functions-empty: https://github.com/HaroldPetersInskipp/node-red-contrib-chatgpt/issues/18
    (
        "functions-empty",
        body("gpt-4", functions=[]),
        "o-functions-empty",
        "error",
        "/functions",
        "empty",
    ),
    (
        "functions-null",
        body("gpt-4", functions=None),
        "o-functions-empty",
        "error",
        "/functions",
        "null",
    ),
    # o-function-msg-name: https://github.com/langchain-ai/langchainjs/issues/6570
    (
        "function-message-no-name",
        body(
            messages=[
                ASK,
                {"role": "assistant", "content": None, "function_call": {"name": "f"}},
                {"role": "function", "content": "18 C"},
            ],
            functions=[{"name": "f"}],
        ),
        "o-function-msg-name",
        "error",
        "/messages/2",
        "no `name`",
    ),
    # o-functions-with-tools: proxies reject the mix
    (
        "functions-and-tools",
        with_tools(tool(), functions=[{"name": "get_time"}]),
        "o-functions-with-tools",
        "warning",
        "/functions",
        "both",
    ),
    # o-body-required: https://github.com/danielmiessler/Fabric/issues/239
    (
        "model-missing",
        {"messages": [ASK], "tools": [tool()]},
        "o-body-required",
        "error",
        "/model",
        "no `model`",
    ),
    ("model-null", body(None, tools=[tool()]), "o-body-required", "error", "/model", "null"),
    # https://github.com/CopilotKit/CopilotKit/issues/529
    ("messages-empty", body(messages=[]), "request-shape", "error", "/messages", "no messages"),
    # o-body-field-unknown: https://github.com/nashsu/llm_wiki/issues/336
    (
        "field-thinking",
        body(thinking={"type": "disabled"}),
        "o-body-field-unknown",
        "error",
        "/thinking",
        "`reasoning_effort`",
    ),
    (
        "field-reasoning-object",
        body("gpt-5.4-mini", reasoning={"effort": "high"}),
        "o-body-field-unknown",
        "error",
        "/reasoning",
        "Responses API",
    ),
    (
        "field-input",
        body(input="Hi"),
        "o-body-field-unknown",
        "error",
        "/input",
        "`messages`",
    ),
    (
        "field-max-output-tokens",
        body(max_output_tokens=500),
        "o-body-field-unknown",
        "error",
        "/max_output_tokens",
        "`max_completion_tokens`",
    ),
    (
        "field-typo",
        body(temperatur=0.2),
        "o-body-field-unknown",
        "error",
        "/temperatur",
        "`temperature`",
    ),
    (
        "field-extra-body",
        body(extra_body={"foo": 1}),
        "o-body-field-unknown",
        "error",
        "/extra_body",
        "SDK",
    ),
    # nested: https://github.com/spring-projects/spring-ai/issues/2969
    (
        "response-format-schema",
        body(response_format={"type": "json_schema", "schema": {"type": "object"}}),
        "o-body-field-unknown",
        "error",
        "/response_format/schema",
        "`response_format.json_schema`",
    ),
    (
        "stream-options-bogus",
        body(stream=True, stream_options={"include_usage": True, "bogus": 1}),
        "o-body-field-unknown",
        "error",
        "/stream_options/bogus",
        "`stream_options.bogus`",
    ),
    (
        "azure-data-sources",
        body(data_sources=[{"type": "azure_search"}]),
        "o-body-field-unknown",
        "warning",
        "/data_sources",
        "Azure",
    ),
    # o-logprobs-required: the spec ("logprobs must be set to true")
    (
        "top-logprobs-alone",
        body(top_logprobs=3),
        "o-logprobs-required",
        "error",
        "/top_logprobs",
        "logprobs",
    ),
    # o-tool-calls-empty: https://github.com/openai/openai-python/issues/2061
    (
        "tool-calls-empty",
        body(
            "gpt-4o-mini",
            messages=[
                ASK,
                {"role": "assistant", "content": "Blue.", "refusal": None, "tool_calls": []},
                {"role": "user", "content": "And at sunset?"},
            ],
        ),
        "o-tool-calls-empty",
        "error",
        "/messages/1/tool_calls",
        "empty",
    ),
    (
        "tool-calls-empty-no-content",
        body(messages=[ASK, {"role": "assistant", "tool_calls": []}, ASK]),
        "o-tool-calls-empty",
        "error",
        "/messages/1/tool_calls",
        "empty",
    ),
    # o-content-missing: https://github.com/langchain-ai/langchainjs/issues/4153
    (
        "assistant-no-content",
        body(messages=[ASK, {"role": "assistant"}, ASK]),
        "o-content-missing",
        "error",
        "/messages/1",
        "no content and no `tool_calls`",
    ),
    (
        "assistant-tool-calls-null",
        body(messages=[ASK, {"role": "assistant", "content": None, "tool_calls": None}, ASK]),
        "o-content-missing",
        "error",
        "/messages/1/content",
        "no content",
    ),
    (
        "user-content-null",
        body(messages=[{"role": "user", "content": None}]),
        "o-content-missing",
        "error",
        "/messages/0/content",
        "no content",
    ),
    (
        "developer-no-content",
        body(messages=[{"role": "developer"}, ASK]),
        "o-content-missing",
        "error",
        "/messages/0",
        "no content",
    ),
    (
        "tool-no-content",
        body(messages=[ASK, calls(fn_call("call_1")), {"role": "tool", "tool_call_id": "call_1"}]),
        "o-content-missing",
        "error",
        "/messages/2",
        "no `content`",
    ),
    # o-tool-msg-name: https://github.com/NousResearch/hermes-agent/issues/114713
    (
        "tool-message-name",
        body(messages=[ASK, calls(fn_call("call_1")), tool_msg("call_1", name="get_weather")]),
        "o-tool-msg-name",
        "note",
        "/messages/2/name",
        "`name`",
    ),
    # o-role-model: https://github.com/Lambdua/openai4j/issues/62
    (
        "o1-mini-system",
        body("o1-mini", messages=[{"role": "system", "content": "Be brief."}, ASK]),
        "o-role-model",
        "error",
        "/messages/0/role",
        "o1-mini",
    ),
    # https://github.com/lobehub/lobehub/issues/5704
    (
        "o1-preview-developer",
        body("o1-preview", messages=[{"role": "developer", "content": "Be brief."}, ASK]),
        "o-role-model",
        "error",
        "/messages/0/role",
        "`developer`",
    ),
    # compatible servers: https://github.com/CherryHQ/cherry-studio/issues/3045
    (
        "developer-elsewhere",
        body("deepseek-chat", messages=[{"role": "developer", "content": "Be brief."}, ASK]),
        "o-role-model",
        "warning",
        "/messages/0/role",
        "compatible",
    ),
    # o-max-tokens-reasoning: https://github.com/CherryHQ/cherry-studio/issues/1403
    (
        "o3-max-tokens",
        body("o3", max_tokens=2000),
        "o-max-tokens-reasoning",
        "error",
        "/max_tokens",
        "reasoning model",
    ),
    (
        "gpt5-max-tokens",
        body("gpt-5.4-mini", max_tokens=2000),
        "o-max-tokens-reasoning",
        "error",
        "/max_tokens",
        "reasoning model",
    ),
    (
        "gpt4o-max-tokens",
        body("gpt-4o", max_tokens=2000),
        "o-max-tokens-reasoning",
        "note",
        "/max_tokens",
        "deprecated",
    ),
    # o-sampling-reasoning: https://github.com/QwenLM/qwen-code/issues/921
    (
        "gpt5-mini-temperature",
        body("gpt-5-mini", temperature=0),
        "o-sampling-reasoning",
        "error",
        "/temperature",
        "default (1)",
    ),
    # https://github.com/OpenHands/OpenHands/issues/4131
    (
        "o1-mini-top-p",
        body("o1-mini", messages=[ASK], top_p=0.5),
        "o-sampling-reasoning",
        "error",
        "/top_p",
        "0.5",
    ),
    (
        "gpt51-effort-low-penalty",
        body("gpt-5.1", reasoning_effort="low", presence_penalty=0.5),
        "o-sampling-reasoning",
        "error",
        "/presence_penalty",
        "reasons",
    ),
    (
        "gpt56-logprobs",
        body("gpt-5.6-luna", logprobs=True),
        "o-sampling-reasoning",
        "error",
        "/logprobs",
        "reasons",
    ),
    # https://github.com/johny-b/llmcomp/issues/69: gpt-5.4, no documented default effort
    (
        "gpt54-temperature",
        body("gpt-5.4", temperature=0),
        "o-sampling-reasoning",
        "warning",
        "/temperature",
        "no `reasoning_effort`",
    ),
    # o-tools-reasoning-effort: https://github.com/pipecat-ai/pipecat/issues/4043
    (
        "gpt54-tools-effort",
        with_tools(tool("evaluate"), model="gpt-5.4", reasoning_effort="low"),
        "o-tools-reasoning-effort",
        "error",
        "/reasoning_effort",
        '"low"',
    ),
    # https://github.com/Science-Discovery/Aether/issues/1026
    (
        "gpt55-tools-effort",
        with_tools(tool(), model="gpt-5.5-2026-04-23", reasoning_effort="high"),
        "o-tools-reasoning-effort",
        "error",
        "/reasoning_effort",
        "refuses",
    ),
    # https://github.com/BerriAI/litellm/pull/34569: the default effort applies on gpt-5.6
    (
        "gpt56-tools-default",
        with_tools(tool(), model="gpt-5.6"),
        "o-tools-reasoning-effort",
        "error",
        "/model",
        "default effort",
    ),
    # https://github.com/livekit/agents/pull/5088: gpt-5.2 reported once
    (
        "gpt52-tools-effort",
        with_tools(tool(), model="gpt-5.2", reasoning_effort="medium"),
        "o-tools-reasoning-effort",
        "warning",
        "/reasoning_effort",
        "not documented",
    ),
    (
        "gpt56-custom-only",
        with_tools(custom_tool(), model="gpt-5.6-terra"),
        "o-tools-reasoning-effort",
        "warning",
        "/model",
        "custom tools",
    ),
    # o-param-model: https://github.com/evalstate/fast-agent/issues/279
    (
        "o4-mini-parallel",
        with_tools(tool(), model="o4-mini-2025-04-16", parallel_tool_calls=False),
        "o-param-model",
        "error",
        "/parallel_tool_calls",
        "o-series",
    ),
    # https://github.com/davidmigloz/langchain_dart/issues/712
    (
        "gpt4o-mini-effort",
        body("gpt-4o-mini", reasoning_effort="low"),
        "o-param-model",
        "error",
        "/reasoning_effort",
        "not a reasoning model",
    ),
    # https://github.com/64bit/async-openai/issues/378
    (
        "o3-mini-web-search",
        body("o3-mini", web_search_options={}),
        "o-param-model",
        "error",
        "/web_search_options",
        "Unknown parameter",
    ),
    ("o3-stop", body("o3", stop=["\n"]), "o-param-model", "error", "/stop", "`stop`"),
    ("gpt5-stop", body("gpt-5", stop=["\n"]), "o-param-model", "error", "/stop", "does not take"),
    # https://github.com/openai/openai-agents-python/issues/2089
    (
        "gpt51-minimal",
        body("gpt-5.1", reasoning_effort="minimal"),
        "o-param-model",
        "error",
        "/reasoning_effort",
        '"minimal"',
    ),
    (
        "o3-effort-none",
        body("o3", reasoning_effort="none"),
        "o-param-model",
        "error",
        "/reasoning_effort",
        "gpt-5.1",
    ),
    (
        "effort-bogus",
        body("gpt-5.4", reasoning_effort="ultra"),
        "o-param-model",
        "error",
        "/reasoning_effort",
        "one of",
    ),
    (
        "gpt56-audio",
        body("gpt-5.6", audio={"voice": "alloy", "format": "wav"}),
        "o-param-model",
        "error",
        "/audio",
        "audio",
    ),
    # o-strict-keyword: https://github.com/makenotion/notion-mcp-server/issues/102
    (
        "strict-allof",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {"data": {"allOf": [{"type": "string"}]}},
                    "required": ["data"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
        "error",
        "/tools/0/function/parameters/properties/data/allOf",
        "`allOf`",
    ),
    (
        "strict-if-then",
        with_tools(strict_tool(parameters={**STRICT_SCHEMA, "if": {}, "then": {}})),
        "o-strict-keyword",
        "error",
        "/tools/0/function/parameters/if",
        "not permitted",
    ),
    (
        "strict-oneof",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {"v": {"oneOf": [{"type": "string"}, {"type": "number"}]}},
                    "required": ["v"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
        "note",
        "/tools/0/function/parameters/properties/v/oneOf",
        "`anyOf`",
    ),
    (
        "strict-unique-items",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {
                        "v": {"type": "array", "items": {"type": "string"}, "uniqueItems": True}
                    },
                    "required": ["v"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
        "note",
        "/tools/0/function/parameters/properties/v/uniqueItems",
        "may be rejected",
    ),
    (
        "strict-pattern-fine-tuned",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {"room": {"type": "string", "pattern": "^R[0-9]{3}$"}},
                    "required": ["room"],
                    "additionalProperties": False,
                }
            ),
            model="ft:gpt-4o-mini-2024-07-18:acme::9xYz12ab",
            parallel_tool_calls=False,
        ),
        "o-strict-keyword",
        "error",
        "/tools/0/function/parameters/properties/room/pattern",
        "fine-tuned",
    ),
    (
        "strict-format-unknown",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {"site": {"type": "string", "format": "uri"}},
                    "required": ["site"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
        "note",
        "/tools/0/function/parameters/properties/site/format",
        '"uri"',
    ),
    # o-strict-limits: the current guide (10 levels, 5000 properties, 1000 enum values)
    (
        "strict-11-levels",
        with_tools(strict_tool(parameters=nested(11))),
        "o-strict-limits",
        "error",
        "/tools/0/function/parameters" + "/properties/a" * 10,
        "11 levels",
    ),
    (
        "strict-1001-enum-values",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {"v": {"type": "integer", "enum": list(range(1001))}},
                    "required": ["v"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-limits",
        "error",
        "/tools/0/function/parameters",
        "1001 values",
    ),
    (
        "strict-big-string-enum",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {
                        "v": {"type": "string", "enum": [f"{n:060d}" for n in range(260)]}
                    },
                    "required": ["v"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-limits",
        "error",
        "/tools/0/function/parameters/properties/v/enum",
        "15000",
    ),
    # o-strict-schema on response_format
    (
        "strict-response-format-open",
        body(
            response_format={
                "type": "json_schema",
                "json_schema": {"name": "w", "strict": True, "schema": SCHEMA},
            }
        ),
        "o-strict-schema",
        "error",
        "/response_format/json_schema/schema",
        '"additionalProperties": false',
    ),
    # https://github.com/langchain-ai/langchain/pull/32930
    (
        "strict-missing-required",
        with_tools(
            strict_tool(
                "manage_memory",
                parameters={
                    "type": "object",
                    "properties": {"content": {"type": "string"}, "action": {"type": "string"}},
                    "required": ["action"],
                    "additionalProperties": False,
                },
            )
        ),
        "o-strict-schema",
        "error",
        "/tools/0/function/parameters/required",
        '"content"',
    ),
    # o-strict-parallel: the current guide (fine-tuned models)
    (
        "strict-fine-tuned-parallel",
        with_tools(strict_tool(), model="ft:gpt-4.1-mini-2025-04-14:acme::a1B2c3D4"),
        "o-strict-parallel",
        "warning",
        "/tools",
        "fine-tuned",
    ),
    # o-function-name-pattern: a dot is refused like any other character outside the
    # pattern (https://github.com/FoundationAgents/OpenManus/pull/1145)
    (
        "tool-name-dot",
        with_tools(tool("coding.start")),
        "o-function-name-pattern",
        "error",
        "/tools/0/function/name",
        '"coding.start" contains "."',
    ),
    (
        "legacy-function-name-space",
        body(functions=[{"name": "get weather"}]),
        "o-function-name-pattern",
        "error",
        "/functions/0/name",
        "space",
    ),
    # o-tool-call-shape: https://github.com/continuedev/continue/issues/11645
    (
        "call-empty-name",
        body("gpt-4o-mini", messages=[ASK, calls(fn_call("call_1", name="")), tool_msg("call_1")]),
        "o-tool-call-shape",
        "error",
        "/messages/1/tool_calls/0/function/name",
        "empty",
    ),
    (
        "custom-call-no-input",
        body(
            "gpt-5.4",
            messages=[
                ASK,
                calls({"id": "call_1", "type": "custom", "custom": {"name": "apply_patch"}}),
                tool_msg("call_1"),
            ],
            tools=[custom_tool()],
        ),
        "o-tool-call-shape",
        "error",
        "/messages/1/tool_calls/0/custom",
        "`input`",
    ),
    # o-tool-content-type: GPT-5.2+ accept an image and ignore it
    # (https://github.com/openai/openai-openapi/issues/523)
    (
        "tool-image-gpt-54",
        body(
            "gpt-5.4",
            messages=[
                ASK,
                calls(fn_call("call_1")),
                tool_msg(
                    "call_1", [{"type": "image_url", "image_url": {"url": "https://x/y.png"}}]
                ),
            ],
        ),
        "o-tool-content-type",
        "warning",
        "/messages/2/content/0",
        "does not look at it",
    ),
]

NEAR_MISSES = [
    (
        "audio-part-on-audio-model",
        body(
            "gpt-4o-audio-preview-2024-12-17", messages=[{"role": "user", "content": [AUDIO_PART]}]
        ),
        "o-audio-input-model",
    ),
    (
        "audio-part-on-unknown-model",
        body("qwen2-audio", messages=[{"role": "user", "content": [AUDIO_PART]}]),
        "o-audio-input-model",
        ("model-unknown",),
    ),
    (
        "sampling-edges",
        body(temperature=2, top_p=0, presence_penalty=-2, top_logprobs=20, logprobs=True),
        "o-sampling-range",
    ),
    ("sampling-null", body(temperature=None, top_p=None), "o-sampling-range"),
    (
        "array-with-items",
        with_tools(
            tool(
                parameters={
                    "type": "object",
                    "properties": {"paths": {"type": "array", "items": {"type": "string"}}},
                }
            )
        ),
        "o-parameters-invalid",
    ),
    (
        "tool-call-id-40",
        body(messages=[ASK, calls(fn_call("c" * 40)), tool_msg("c" * 40)], tools=[tool()]),
        "o-tool-call-id-length",
    ),
    # https://github.com/continuedev/continue/issues/3370: leave the key out
    ("tools-omitted", body(stream=True), "o-tools-empty"),
    ("tools-128", body(tools=[tool(f"tool_{n}") for n in range(128)]), "o-tools-too-many"),
    ("function-tool", with_tools(tool()), "o-tool-def-shape"),
    (
        "custom-tool-gpt-54",
        with_tools(custom_tool(description="Apply a diff."), model="gpt-5.4"),
        "o-tool-def-shape",
    ),
    # the spec documents that omitting parameters means no arguments
    (
        "parameters-omitted",
        body("gpt-4.1-mini", tools=[{"type": "function", "function": {"name": "now"}}]),
        "o-parameters-invalid",
    ),
    (
        "parameters-empty-properties",
        with_tools(tool(parameters={"type": "object", "properties": {}})),
        "o-parameters-invalid",
    ),
    (
        "parameters-nested-object-without-properties",
        with_tools(tool(parameters={"type": "object", "properties": {"meta": {"type": "object"}}})),
        "o-parameters-invalid",
    ),
    (
        "custom-lark-grammar",
        with_tools(
            custom_tool(
                format={
                    "type": "grammar",
                    "grammar": {"syntax": "lark", "definition": "start: WORD"},
                }
            ),
            model="gpt-5.4",
        ),
        "o-tool-custom",
    ),
    (
        "custom-text-format",
        with_tools(custom_tool(format={"type": "text"}), model="gpt-5"),
        "o-tool-custom",
    ),
    (
        "tool-choice-with-tools",
        with_tools(tool(), tool_choice="none"),
        "o-tool-choice-without-tools",
    ),
    # https://github.com/camel-ai/camel/pull/3706
    (
        "parallel-with-tools",
        with_tools(tool(), parallel_tool_calls=False),
        "o-parallel-without-tools",
    ),
    (
        "tool-choice-required",
        with_tools(tool(), model="gpt-4.1", tool_choice="required"),
        "o-tool-choice-invalid",
    ),
    (
        "tool-choice-nested",
        with_tools(tool(), tool_choice={"type": "function", "function": {"name": "get_weather"}}),
        "o-tool-choice-invalid",
    ),
    (
        "tool-choice-custom",
        with_tools(
            custom_tool(),
            model="gpt-5.4",
            tool_choice={"type": "custom", "custom": {"name": "apply_patch"}},
        ),
        "o-tool-choice-unknown-name",
    ),
    (
        "allowed-tools",
        with_tools(
            tool(),
            tool("get_time"),
            model="gpt-5.4",
            tool_choice={
                "type": "allowed_tools",
                "allowed_tools": {
                    "mode": "required",
                    "tools": [{"type": "function", "function": {"name": "get_time"}}],
                },
            },
        ),
        "o-tool-choice-unknown-name",
    ),
    ("tools-instead-of-functions", with_tools(tool(), tool_choice="auto"), "o-legacy-functions"),
    ("functions-omitted", body("gpt-4"), "o-functions-empty"),
    ("function-call-omitted", with_tools(tool()), "o-function-call-without-functions"),
    ("tools-only", with_tools(tool(), tool("get_time")), "o-functions-with-tools"),
    # the legacy round trip, accepted on gpt-4o (a deprecation warning)
    (
        "function-message-with-name",
        body(
            messages=[
                ASK,
                {
                    "role": "assistant",
                    "content": None,
                    "function_call": {"name": "f", "arguments": "{}"},
                },
                {"role": "function", "name": "f", "content": "18 C"},
            ],
            functions=[{"name": "f", "parameters": {"type": "object", "properties": {}}}],
        ),
        "o-function-msg-name",
        ("o-legacy-functions",),
    ),
    ("model-given", with_tools(tool()), "o-body-required"),
    (
        "known-optional-fields",
        body(
            store=False,
            metadata={"ticket": "T-1042"},
            prompt_cache_key="support-classifier",
            safety_identifier="u_9f2c1a",
            n=1,
            seed=7,
            service_tier="auto",
            stream=True,
            stream_options={"include_usage": True},
            response_format={"type": "json_object"},
            user="u1",
        ),
        "o-body-field-unknown",
    ),
    ("top-logprobs-with-logprobs", body(logprobs=True, top_logprobs=3), "o-logprobs-required"),
    # tool_calls: null next to content is what a resent SDK message holds
    (
        "tool-calls-null-with-content",
        body(
            "gpt-4o-mini",
            messages=[ASK, {"role": "assistant", "content": "Blue.", "tool_calls": None}, ASK],
        ),
        "o-tool-calls-empty",
    ),
    ("content-null-with-calls", body(messages=ROUND_TRIP), "o-content-missing"),
    (
        "refusal-for-content",
        body(messages=[ASK, {"role": "assistant", "refusal": "I can't help with that."}, ASK]),
        "o-content-missing",
    ),
    (
        "empty-string-content",
        body(messages=[{"role": "user", "content": ""}, ASK]),
        "o-content-missing",
    ),
    ("tool-message-without-name", body(messages=ROUND_TRIP), "o-tool-msg-name"),
    # https://github.com/microsoft/agent-framework/issues/1077: o3-mini accepts system
    (
        "o3-mini-system",
        body("o3-mini", messages=[{"role": "system", "content": "Be brief."}, ASK]),
        "o-role-model",
    ),
    (
        "gpt4o-developer",
        body("gpt-4o", messages=[{"role": "developer", "content": "Be brief."}, ASK]),
        "o-role-model",
    ),
    ("o3-max-completion-tokens", body("o3", max_completion_tokens=2000), "o-max-tokens-reasoning"),
    ("gpt5-mini-temperature-1", body("gpt-5-mini", temperature=1), "o-sampling-reasoning"),
    ("gpt4o-temperature", body("gpt-4o", temperature=0), "o-sampling-reasoning"),
    ("gpt51-default-none-temperature", body("gpt-5.1", temperature=0.3), "o-sampling-reasoning"),
    (
        "gpt56-effort-none-temperature",
        body("gpt-5.6", reasoning_effort="none", temperature=0.3),
        "o-sampling-reasoning",
    ),
    # https://github.com/openclaw/openclaw/pull/76727: tools without effort on gpt-5.4-mini
    (
        "gpt54-mini-tools-no-effort",
        with_tools(tool(), model="gpt-5.4-mini"),
        "o-tools-reasoning-effort",
    ),
    (
        "gpt56-tools-effort-none",
        with_tools(tool(), model="gpt-5.6-terra", reasoning_effort="none"),
        "o-tools-reasoning-effort",
    ),
    (
        "gpt5-tools-effort",
        with_tools(tool(), model="gpt-5", reasoning_effort="low"),
        "o-tools-reasoning-effort",
    ),
    ("o4-mini-tools", with_tools(tool(), model="o4-mini"), "o-param-model"),
    (
        "gpt5-parallel",
        with_tools(tool(), model="gpt-5.4", parallel_tool_calls=True),
        "o-param-model",
    ),
    # https://github.com/Open-Less/openless/pull/555: an explicit null is accepted
    ("gpt4o-effort-null", body("gpt-4o-mini", reasoning_effort=None), "o-param-model"),
    ("gpt4o-web-search", body("gpt-4o-search-preview", web_search_options={}), "o-param-model"),
    ("gpt4o-stop", body("gpt-4o", stop=["\n"]), "o-param-model"),
    (
        "strict-nested-anyof",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
                    "required": ["v"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
    ),
    (
        "strict-defs-recursion",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {
                        "label": {"type": "string"},
                        "children": {"type": "array", "items": {"$ref": "#"}},
                        "attrs": {"type": "array", "items": {"$ref": "#/$defs/attr"}},
                    },
                    "$defs": {
                        "attr": {
                            "type": "object",
                            "properties": {"name": {"type": "string"}},
                            "required": ["name"],
                            "additionalProperties": False,
                        }
                    },
                    "required": ["label", "children", "attrs"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
    ),
    (
        "strict-pattern-base-model",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {
                        "room": {"type": "string", "pattern": "^R[0-9]{3}$", "minLength": 4},
                        "n": {"type": "integer", "minimum": 1, "maximum": 40},
                        "day": {"type": "string", "format": "date"},
                    },
                    "required": ["room", "n", "day"],
                    "additionalProperties": False,
                }
            ),
            model="gpt-4.1",
        ),
        "o-strict-keyword",
    ),
    ("strict-10-levels", with_tools(strict_tool(parameters=nested(10))), "o-strict-limits"),
    (
        "strict-response-format-closed",
        body(
            response_format={
                "type": "json_schema",
                "json_schema": {"name": "w", "strict": True, "schema": STRICT_SCHEMA},
            }
        ),
        "o-strict-schema",
    ),
    (
        "strict-fine-tuned-sequential",
        with_tools(
            strict_tool(),
            model="ft:gpt-4.1-mini-2025-04-14:acme::a1B2c3D4",
            parallel_tool_calls=False,
        ),
        "o-strict-parallel",
    ),
    ("strict-base-model-parallel", with_tools(strict_tool(), model="gpt-4.1"), "o-strict-parallel"),
    ("tool-name-underscore", with_tools(tool("coding_start")), "o-function-name-pattern"),
    (
        "custom-call-history",
        body(
            "gpt-5.4",
            messages=[
                ASK,
                calls(
                    {
                        "id": "call_1",
                        "type": "custom",
                        "custom": {"name": "apply_patch", "input": "diff"},
                    }
                ),
                tool_msg("call_1", "applied"),
            ],
            tools=[custom_tool()],
        ),
        "o-tool-call-shape",
    ),
    (
        "tool-image-then-user",
        body(
            "gpt-4o",
            messages=[
                ASK,
                calls(fn_call("call_1")),
                tool_msg("call_1", "Screenshot taken; it follows."),
                {
                    "role": "user",
                    "content": [{"type": "image_url", "image_url": {"url": "https://x/y.png"}}],
                },
            ],
        ),
        "o-tool-content-type",
    ),
]


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("value", "rule", "severity", "path", "words"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_rule_broken(value, rule, severity, path, words):
    result = lint_value(value, "openai")
    found = _find(result, rule, path)
    assert found, [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint, found[0].message
    if severity == "error":
        assert not result.valid
    assert_plain_text(found[0])
    doc, positions = dump_positions(value, 2)
    placed = _find(lint(doc, "openai"), rule, path)
    assert placed and placed[0].severity == severity
    assert (placed[0].line, placed[0].column) == expected_position(positions, path)


@pytest.mark.parametrize(
    ("value", "rule", "warns"),
    [
        pytest.param(*case[1:3], case[3] if len(case) > 3 else (), id=case[0])
        for case in NEAR_MISSES
    ],
)
def test_rule_near_miss(value, rule, warns):
    """Valid, and clean but for the warnings the case names (a legacy field, say)."""
    result = lint_value(value, "openai")
    assert not [d for d in result.diagnostics if d.rule == rule], result.diagnostics
    assert result.valid
    allowed = {(w, s) for w in warns for s in ("warning", "note")}
    assert {(d.rule, d.severity) for d in result.diagnostics} <= allowed, [
        (d.rule, d.path, d.message) for d in result.diagnostics
    ]


NEW_RULES = {case[2] for case in BROKEN} - {"request-shape"}


def test_every_new_rule_has_a_broken_case_and_a_near_miss():
    assert {case[2] for case in NEAR_MISSES} >= NEW_RULES
    assert rules.ids("openai") >= NEW_RULES


# --------------------------------------------------------------------------- precedence


def test_an_empty_tools_array_is_reported_before_tool_choice():
    # the research: report o-tools-empty, not o-tool-choice-without-tools, for both at once
    found = {d.rule for d in lint_value(body(tools=[], tool_choice="auto"), "openai").errors}
    assert "o-tools-empty" in found
    assert "o-tool-choice-without-tools" not in found


def test_an_empty_tool_calls_is_not_also_missing_content():
    value = body(messages=[ASK, {"role": "assistant", "tool_calls": []}, ASK])
    found = [d.rule for d in lint_value(value, "openai").errors]
    assert found == ["o-tool-calls-empty"]


def test_request_rules_skip_an_exercise_fragment():
    fragment = {"messages": [ASK], "thinking": {"type": "enabled"}}
    result = lint_value(fragment, "openai", fragment=True)
    assert not {"o-body-required", "o-body-field-unknown"} & {d.rule for d in result.diagnostics}
    assert {"o-body-required", "o-body-field-unknown"} <= {
        d.rule for d in lint_value(fragment, "openai").diagnostics
    }


def test_bare_messages_skip_body_and_model_rules():
    messages = [{"role": "system", "content": "Be brief."}, ASK]
    assert lint_value(messages, "openai").diagnostics == []
    # --model turns the model rules on for a bare array
    found = lint_value(messages, "openai", model="o1-mini").diagnostics
    assert [(d.rule, d.path) for d in found] == [("o-role-model", "/0/role")]


def test_the_model_override_wins_over_the_body():
    value = body("gpt-4o", max_tokens=100)
    assert (
        _find(lint_value(value, "openai"), "o-max-tokens-reasoning", "/max_tokens")[0].severity
        == "note"
    )
    found = _find(lint_value(value, "openai", model="o3"), "o-max-tokens-reasoning", "/max_tokens")
    assert found[0].severity == "error"


def test_tool_image_is_an_error_on_gpt4o_and_without_a_model():
    messages = [
        ASK,
        calls(fn_call("call_1")),
        tool_msg("call_1", [{"type": "image_url", "image_url": {"url": "https://x/y.png"}}]),
    ]
    for value in (body("gpt-4o", messages=messages), messages):
        (found,) = [
            d for d in lint_value(value, "openai").diagnostics if d.rule == "o-tool-content-type"
        ]
        assert found.severity == "error"


# --------------------------------------------------------------------------- the model table


@pytest.mark.parametrize(
    ("model", "family", "reasoning", "version"),
    [
        ("gpt-4o", "gpt-4o", False, None),
        ("gpt-4o-mini-2024-07-18", "gpt-4o", False, None),
        ("chatgpt-4o-latest", "gpt-4o", False, None),
        ("gpt-4.1-nano", "gpt-4.1", False, None),
        ("gpt-35-turbo", "gpt-3.5", False, None),
        ("o1-mini", "o1-mini", True, None),
        ("o1", "o1", True, None),
        ("o3-mini-2025-01-31", "o3-mini", True, None),
        ("o4-mini-2025-04-16", "o4-mini", True, None),
        ("gpt-5", "gpt-5", True, (5, 0)),
        ("gpt-5-mini", "gpt-5", True, (5, 0)),
        ("gpt-5.1-codex-max", "gpt-5", True, (5, 1)),
        ("gpt-5.4-mini-2026-03-17", "gpt-5", True, (5, 4)),
        ("gpt-5.6-terra", "gpt-5", True, (5, 6)),
        ("gpt-5.3-chat-latest", "gpt-5", False, (5, 3)),
        ("gpt-4o-search-preview", "search", None, None),
        ("openai/gpt-4.1", "gpt-4.1", False, None),
        ("llama-3.1-70b", "unknown", None, None),
    ],
)
def test_the_model_table_reads_ids(model, family, reasoning, version):
    info = model_info(model)
    assert (info.family, info.reasoning, info.version) == (family, reasoning, version)
    assert info.known == (family != "unknown")


def test_fine_tuned_ids_keep_their_base():
    info = model_info("ft:gpt-4o-mini-2024-07-18:acme::9xYz12ab")
    assert info.fine_tuned and info.family == "gpt-4o" and info.reasoning is False


# --------------------------------------------------------------------------- wording, speed


def test_api_wording_of_the_new_rules():
    value = with_tools(tool(), tool_choice={"type": "function", "function": {"name": "nope"}})
    (diag,) = [
        d for d in lint_value(value, "openai").diagnostics if d.rule == "o-tool-choice-unknown-name"
    ]
    assert api_error_message(diag.to_dict(), value) == (
        "Invalid value for 'function_call': no function named 'nope' was specified in the "
        "'functions' parameter."
    )
    value = body(messages=[ASK, {"role": "assistant", "content": "x", "tool_calls": []}])
    (diag,) = lint_value(value, "openai").errors
    assert api_error_message(diag.to_dict(), value).startswith(
        "Invalid 'messages[1].tool_calls': empty array."
    )


def test_messages_are_plain_text_safe_for_rich():
    for case in BROKEN:
        for diag in lint_value(case[1], "openai").diagnostics:
            assert_plain_text(diag)


def test_a_long_request_lints_fast():
    messages = [{"role": "system", "content": "Be brief."}]
    for n in range(10):
        messages += [ASK, calls(fn_call(f"call_{n}")), tool_msg(f"call_{n}")]
    value = with_tools(strict_tool(), tool("get_time"), model="gpt-5.4", messages=messages[:30])
    text = json.dumps(value)
    lint(text, "openai")
    start = time.perf_counter()
    for _ in range(20):
        lint_value(value, "openai")
    per_lint = (time.perf_counter() - start) / 20
    assert per_lint < 0.01, per_lint  # the budget is 2 ms; leave room for a slow CI machine
