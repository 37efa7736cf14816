"""Chat Completions requests the API refuses, about the rest of the body: legacy functions,
required and unknown fields, messages, reasoning models' parameters, strict schemas,
calls and their results (see test_rules_openai_new.py).
"""

from __future__ import annotations

from chat_requests import (
    ASK,
    SCHEMA,
    STRICT_SCHEMA,
    body,
    calls,
    custom_tool,
    nested,
    strict_tool,
    tool,
    tool_msg,
    with_tools,
)
from checker_requests import (
    fn_call,
)

# (case id, body, rule, severity, pointer, words the message or hint must contain)
BODY_BROKEN = [
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
