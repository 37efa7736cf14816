"""Responses API requests the API refuses, about the input: Chat Completions shapes, the
body, the configuration, the input items, the calls and their pairing (see
test_rules_responses.py).
"""

from __future__ import annotations

from responses_requests import SCHEMA, call, out, req, said, tool, user

# (id, body, rule, severity, path, a word of the message)
INPUT_BROKEN = [
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
]
