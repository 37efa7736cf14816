"""Responses API requests the API refuses, about reasoning, tools, sampling, audio and
tool_choice (see test_rules_responses.py).
"""

from __future__ import annotations

from responses_requests import SCHEMA, call, out, req, rs, said, tool, user

# (id, body, rule, severity, path, a word of the message)
TOOLS_BROKEN = [
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
