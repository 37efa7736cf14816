"""Chat Completions requests the API refuses, about tools: audio and sampling on the model,
tool definitions and their parameters, custom tools, tool_choice (see
test_rules_openai_new.py).
"""

from __future__ import annotations

from chat_requests import (
    ASK,
    AUDIO_PART,
    LONG_ID,
    SCHEMA,
    body,
    calls,
    custom_tool,
    tool,
    tool_msg,
    with_tools,
)
from checker_requests import (
    fn_call,
)

# (case id, body, rule, severity, pointer, words the message or hint must contain)
TOOLS_BROKEN = [
    # o-audio-input-model: the table's `input` fact (gpt-4o-mini takes text and images)
    (
        "audio-part-on-gpt-4o-mini",
        body("gpt-4o-mini", messages=[{"role": "user", "content": [AUDIO_PART]}]),
        "o-audio-input-model",
        "error",
        "/messages/0/content/0/type",
        "audio",
    ),
    # o-tools-model-endpoint: the table's `chat_tools` fact (OpenAI's deployment checklist)
    (
        "function-tool-on-responses-only-gpt-6-1-sol",
        with_tools(tool(), model="gpt-6.1-sol", reasoning_effort="high"),
        "o-tools-model-endpoint",
        "error",
        "/model",
        "Responses API",
    ),
    (
        "function-tool-on-gpt-6-luna-with-effort-high",
        with_tools(tool(), model="gpt-6-luna", reasoning_effort="high"),
        "o-tools-model-endpoint",
        "error",
        "/model",
        '"none"',
    ),
    (
        "function-tool-on-gpt-6-sol-default-effort",
        with_tools(tool(), model="gpt-6-sol"),
        "o-tools-model-endpoint",
        "warning",
        "/model",
        '"none"',
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
]
