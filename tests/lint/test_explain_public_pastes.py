# ruff: noqa: E501  (the pastes are kept as one line each, as they were pasted)
"""`tooltutor explain` on 400s pasted from public reports, in the shapes people paste them.

Each case is the error text of a public issue or pull request (ids shortened or changed),
as it was pasted there: the message alone, the vendor's error JSON, a Python SDK line with
a dict, a Node/TypeScript SDK line or stack, a proxy (LiteLLM, OpenRouter, Vertex, a
gateway) with the API's JSON escaped inside its own, a terminal's wrapped and indented
copy, a log line with its prefix, a message cut short. The right rule is among the first
three, and first where the wording belongs to one rule only. Each case is also re-wrapped
at 80 columns (with and without an indent) and must still be named.
"""

from __future__ import annotations

import textwrap

import pytest

from checker.explain import explain

PASTES: list[tuple[tuple[str, ...], bool, str, str]] = []


def add(rules: str | tuple[str, ...], url: str, text: str, first: bool = True) -> None:
    PASTES.append((rules if isinstance(rules, tuple) else (rules,), first, url, text))


add(
    "a-tool-result-missing",
    "https://github.com/Kilo-Org/kilocode/issues/5163",
    '400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.33: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_vrtx_01ABCdef. Each `tool_use` block must have a corresponding `tool_result` block in the next message."},"request_id":"req_vrtx_011CX"}',
)
add(
    "a-tool-result-missing",
    "https://github.com/anthropics/claude-code/issues/5989",
    'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.22: `tool_use` \n    ids were found without `tool_result` blocks immediately after: toolu_01Hq, \n    toolu_01SJ. Each `tool_use` block must have a corresponding `tool_result` block in the \n    next message."}}',
)
add(
    "a-tool-result-missing",
    "https://github.com/edison7009/EchoBird/issues/338",
    "messages.20: `tool_use` ids were found without `tool_result` blocks immediately after: call_sS3H. Each `tool_use` block must have a corresponding `tool_result` block in the next me",
)
add(
    "a-tool-result-missing",
    "https://github.com/lbjlaq/Antigravity-Manager/issues/654",
    '{\n  "error": {\n    "code": 400,\n    "message": "{\\"type\\":\\"error\\",\\"error\\":{\\"type\\":\\"invalid_request_error\\",\\"message\\":\\"messages.243: `tool_use` ids were found without `tool_result` blocks immediately after: bash-uOQI. Each `tool_use` block must have a corresponding `tool_result` block in the next message.\\"},\\"request_id\\":\\"req_vrtx_01\\"}",\n    "status": "INVALID_ARGUMENT"\n  }\n}',
)
add(
    "a-tool-result-missing",
    "https://github.com/anthropics/claude-code/issues/1237",
    '⎿ API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.22: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01Gh.\nEach `tool_use` block must have a corresponding `tool_result` block in the next message."}}',
)
add(
    "a-tool-result-missing",
    "https://github.com/anthropics/claude-code/issues/2697",
    r'[{"error":"Error: 400 {\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"messages.130: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01G2. Each `tool_use` block must have a corresponding `tool_result` block in the next message.\"}}\n    at Z5.generate (file:///home/u/cli.js:1299:12578)\n    at Jq.makeStatusError (file:///home/u/cli.js:1314:2100)"}]',
)
add(
    "a-tool-result-missing",
    "https://github.com/anthropics/claude-code/issues/1577",
    ' API Error: 400 \n    {"type":"error","error":{"type":"invalid_request_error","message":"messages.89: \n    `tool_use` ids were found without `tool_result` blocks immediately after: \n    toolu_01EG. Each `tool_use` block must have a corresponding \n    `tool_result` block in the next message."}}',
)
add(
    "a-tool-result-missing",
    "https://github.com/anthropics/claude-code/issues/6521",
    'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.114: `tool_use` ids were found without `tool_result` \n    blocks immediately after: toolu_01N8. Each `tool_use` block must have a corresponding `tool_result` block in the next \n    message."},"request_id":"req_011CS"}',
)
add(
    "a-tool-result-missing",
    "https://github.com/anthropics/anthropic-sdk-typescript/issues/653",
    "Did not find 1 tool_result block(s) at the beginning of this message. Messages following tool_use blocks must begin with a matching number of tool_result blocks.",
    first=False,
)
add(
    "a-tool-result-orphan",
    "https://github.com/decocms/studio/issues/1803",
    "Error: messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_015c. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
)
add(
    "a-tool-result-orphan",
    "https://github.com/router-for-me/CLIProxyAPI/issues/497",
    '{"error":{"message":"Provider returned error","code":400,"metadata":{"raw":"{"type\\":\\"error\\",\\"error\\":{"type":"invalid_request_error",\\"message":"messages.12.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01JL. Each `tool_result` block must have a corresponding `tool_use` block in the previous message."},\\"request_id\\":\\"req_011C\\"}","provider_name":"Anthropic"}},"user_id":"user_2i"}',
)
add(
    "a-tool-result-orphan",
    "https://github.com/continuedev/continue/issues/4751",
    'HTTP 500 Internal Server Error from https://api.continue.dev/openai/v1/chat/completions Error in Continue server: {"type":"error","error":{"type":"invalid_request_error","message":"messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01NF. Each `tool_result` block must have a corresponding `tool_use` block in the previous message."}}',
)
add(
    "a-tool-result-orphan",
    "https://github.com/microsoft/vscode/issues/267837",
    'Reason: Request Failed: 400 {"error":{"message":"messages.0.content.3: unexpected tool_use_id found in tool_result blocks: toolu_vrtx_017X. Each tool_result block must have a corresponding tool_use block in the previous message.","code":"invalid_request_body"}}',
)
add(
    "a-tool-result-orphan",
    "https://github.com/anthropics/claude-code/issues/10834",
    'API Error: 400 {"type":"error","error":{"type":"invalid_request_error",\n    "message":"messages.4.content.5: unexpected `tool_use_id` found in \n    `tool_result` blocks: toolu_01Ri. Each \n    `tool_result` block must have a corresponding `tool_use` block in the \n    previous message."},"request_id":"req_011CU"}',
)
add(
    "a-server-tool-result-orphan",
    "https://github.com/anthropics/claude-code/issues/64383",
    "API Error: 400 messages.7.content.0: unexpected `tool_use_id` found in `advisor_tool_result` blocks: srvtoolu_01Jj. Each `advisor_tool_result` block must have a corresponding `server_tool_use` block before it.",
)
add(
    "a-server-tool-result-orphan",
    "https://github.com/anthropics/claude-code/issues/62577",
    "API Error: 400 messages.3.content.0: unexpected `tool_use_id` found in `advisor_tool_result` blocks: srvtoolu_01CE. Each `advisor_tool_result` block must have\n      a corresponding `server_tool_use` block before it.",
)
add(
    "o-tool-msg-orphan",
    "https://github.com/itmisx/deepx-code/issues/94",
    ' [Error: HTTP 400:\n{"error":{"message":"Messages with role \'tool\' must be a response to a preceding\nmessage with\n\'tool_calls\'","type":"invalid_request_error","param":null,"code":"invalid_request_er\nror"}}]',
)
add(
    "o-tool-msg-orphan",
    "https://github.com/miurla/morphic/issues/136",
    '{"error":{"message":"Invalid parameter: messages with role \'tool\' must be a response to a preceeding message with \'tool_calls\'. (request id: 2024051116100984850589317176109) (request id: 20240511161006903012458ab9obA9U)","type":"invalid_request_error","param":"messages.[3].role","code":null}}',
)
add(
    "o-tool-msg-orphan",
    "https://github.com/diegosouzapw/OmniRoute/issues/2893",
    "Error\n[400]: Messages with role 'tool' must be a response to a preceding message with 'tool_calls'",
)
add(
    "o-tool-msg-orphan",
    "https://github.com/FoundationAgents/OpenManus/issues/744",
    "2025-03-16 09:53:42.844 | ERROR    | app.llm:ask_tool:426 - OpenAI API error: Error code: 400 - {'error': {'message': \"Messages with role 'tool' must be a response to a preceding message with 'tool_calls'\", 'type': 'invalid_request_error', 'param': None, 'code': 'invalid_request_error'}}",
)
add(
    "o-tool-msg-orphan",
    "https://github.com/philschmid/mcp-openai-gemini-llama-example/pull/5",
    "Error occurred: Error code: 400 - {'error': {'code': 'invalid_parameter_error', 'param': None, 'message': '<400> InternalError.Algo.InvalidParameter: messages with role \"tool\" must be a response to a preceeding message with \"tool_calls\".', 'type': 'invalid_request_error'}, 'id': 'chatcmpl-c943', 'request_id': 'c943'}",
)
add(
    "o-tool-msg-orphan",
    "https://github.com/smarter-sh/smarter/issues/264",
    "[2025-01-21 18:53:35 +0000] - ERROR - Error: {'request_meta_data': {'model': 'gpt-4-turbo'}, 'error': 'Error code: 40 │\n│ 0 - {\\'error\\': {\\'message\\': \"Invalid parameter: messages with role \\'tool\\' must be a response to a preceeding message with \\'tool_calls\\'.\", \\'type\\': \\'invalid_request_error\\', \\'param\\': │\n│  \\'messages.[4].role\\', \\'code\\': None}}'}",
)
add(
    "o-tool-msg-orphan",
    "https://github.com/langchain-ai/langgraph-supervisor-py/issues/122",
    "openai.BadRequestError: Error code: 400 - {'error': {'message': 'Invalid parameter: messages with role \"tool\" must be a response to a preceeding message with \"tool_calls\".', 'type': 'invalid_request_error', 'param': 'messages.[2].role', 'code': None}}",
)
add(
    "o-tool-response-missing",
    "https://github.com/smallmain/vscode-unify-chat-provider/issues/248",
    "Reason: 400 An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message): Error: 400 An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. (insufficient tool messages following tool_calls message) at APIError.generate (c:\\Users\\x\\node_modules\\openai\\core\\error.js:45:20)",
)
add(
    "o-tool-response-missing",
    "https://github.com/QwenLM/qwen-code/issues/606",
    '│ ✖ OpenAI API Streaming Error: 400 <400> InternalError.Algo.InvalidParameter: An assistant message with         │\n│    "tool_calls" must be followed by tool messages responding to each "tool_call_id". The following              │\n│    tool_call_ids did not have response messages: message[532].role                                              │',
)
add(
    "o-tool-response-missing",
    "https://github.com/aliasrobotics/cai/issues/111",
    "Error: litellm.BadRequestError: OpenAIException - An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_jJAT",
)
add(
    "o-tool-response-missing",
    "https://github.com/langgenius/dify/issues/32222",
    '{"args":{"description":"[models] Error: API request failed with status code 400: {\\"error\\":{\\"message\\":\\"An assistant message with \'tool_calls\' must be followed by tool messages responding to each \'tool_call_id\'. (insufficient tool messages following tool_calls message)\\",\\"type\\":\\"invalid_request_error\\",\\"param\\":null,\\"code\\":null}}"}}',
)
add(
    "o-tool-response-missing",
    "https://github.com/minoism/freecc/issues/2",
    "API Error: 400 {\"detail\":\"litellm.BadRequestError: OpenAIException - An assistant message with 'tool_calls' must be\n     followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response\n    messages: call_sVab\"}",
)
add(
    "r-function-call-output-missing",
    "https://github.com/router-for-me/CLIProxyAPI/issues/2368",
    '{\n  "type": "error",\n  "status": 400,\n  "error": {\n    "message": "No tool output found for function call call_uK3e.",\n    "type": "invalid_request_error",\n    "param": "input",\n    "code": null\n  }\n}',
)
add(
    "r-function-call-output-missing",
    "https://github.com/smallmain/vscode-unify-chat-provider/issues/40",
    "原因: 400 No tool output found for function call call_eM9v.: Error: 400 No tool output found for function call call_eM9v. at APIError.generate (c:\\Users\\x\\node_modules\\openai\\src\\core\\error.ts:72:14)",
)
add(
    "r-function-call-output-missing",
    "https://github.com/openai/codex/issues/620",
    "[Error]: 400 No tool output found for function call call_Ab12.",
)
add(
    "r-function-call-output-orphan",
    "https://github.com/continuedev/continue/issues/10092",
    '{"message":"No tool call found for function call output with call_id call_uelf.","type":"invalid_request_error","param":"input","code":null}',
)
add(
    "r-function-call-output-orphan",
    "https://github.com/microsoft/vscode/issues/320060",
    'Reason: Request Failed: 400 { "error": { "message": "No tool call found for function call output with call_id call_TnakLSVsqtVt5cJssAhRwMoe.", "type": "invalid_request_error", "param": "input", "code": null } }: Error: Request Failed: 400 { "error": { "message": "No tool call found for function call output with call_id call_TnakLSVsqtVt5cJssAhRwMoe.", "type": "invalid_request_error", "param": "input", "code": null } } at bG._provide (/x/extension.js:1710:13791)',
)
add(
    "r-function-call-output-orphan",
    "https://github.com/can1357/oh-my-pi/issues/106",
    "Error: 400 No tool call found for function call output with call_id call_x0jS.\nError: 400 No tool call found for function call output with call_id call_x0jS.",
)
add(
    "r-function-call-output-orphan",
    "https://github.com/agentscope-ai/AgentTeams/issues/299",
    "400 No tool call found for function call output with call_id fcUdHXdv33lqE3HoR9P6yJNJ7.",
)
add(
    "r-store-false-reasoning-id",
    "https://github.com/vercel/ai/issues/7543",
    "GatewayInternalServerError: Item with id 'rs_688404f677dc81a1b0f94bd50c9dbc4b064a6bfa4c1e652e' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or\nremove this item from your input.",
)
add(
    "r-store-false-reasoning-id",
    "https://github.com/openai/openai-agents-python/issues/919",
    "Error getting response: Error code: 404 - {'error': {'message': \"Item with id 'rs_68582a79cb90819a' not found. Items are not persisted when `store` is set to false. Try again with `store` set to true, or remove this item from your input.\", 'type': 'invalid_request_error', 'param': 'input', 'code': None}}. (request_id: req_b7bd)",
)
add(
    "r-store-false-reasoning-id",
    "https://github.com/anomalyco/opencode/pull/6501",
    "Item with id 'rs_...' not found. Items are not persisted when `store` is set to false.",
)
add(
    "a-session-thinking-modified",
    "https://github.com/anthropics/claude-code/issues/63203",
    r'[{"error":"Error: 400 {\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"messages.3.content.11: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response.\"},\"request_id\":\"req_011Cb\"}\n    at generate (/$bunfs/root/src/entrypoints/cli.js:11:63519)","timestamp":"2026-05-28T16:42:35.214Z"}]',
)
add(
    "a-session-thinking-modified",
    "https://github.com/anthropics/claude-code/issues/19539",
    "`thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified.",
)
add(
    "a-session-thinking-modified",
    "https://github.com/anthropics/claude-code/issues/64004",
    "API Error 400 message.41.content.6 `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified",
)
add(
    "a-session-thinking-modified",
    "https://github.com/bastani-inc/atomic/issues/1318",
    ' Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.3.content.9: `thinking` or `redacted_thinking` blocks in the latest\n assistant message cannot be modified. These blocks must remain as they were in the original response."},"request_id":"req_011Cbr"}',
)
add(
    "a-session-thinking-modified",
    "https://github.com/vybestack/llxprt-code/issues/1653",
    'seen: [API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages.5.content.28: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response."},"request_id":"req_011CY"} (Status: 400)]',
)
add(
    "a-thinking-block-missing",
    "https://github.com/OpenRouterTeam/ai-sdk-provider/issues/162",
    " When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at",
)
add(
    "a-thinking-block-missing",
    "https://github.com/anomalyco/opencode/issues/3077",
    'litellm.BadRequestError: BedrockException - {\\"message\\":\\"The model returned the following errors: messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking\\"}. Received Model Group=claude-4-5-sonnet',
)
add(
    "a-thinking-block-missing",
    "https://github.com/deepset-ai/haystack-core-integrations/issues/2146",
    "anthropic.BadRequestError: Error code: 400 - {'type': 'error', 'error': {'type': 'invalid_request_error', 'message': 'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking'}}",
)
add(
    "a-thinking-block-missing",
    "https://github.com/mastra-ai/mastra/issues/7799",
    "[1] Error creating stream APICallError [AI_APICallError]: messages.29.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns.\n[1]   at <anonymous> (/x/node_modules/@ai-sdk/provider-utils/src/response-handler.ts:56:16)",
)
add(
    "a-thinking-block-unexpected",
    "https://github.com/tailcallhq/forgecode/issues/1853",
    'Caused by:\n    0: 400 Bad Request Reason: {"type":"error","error":{"type":"invalid_request_error","message":"messages.1.content.0: When thinking is disabled, an `assistant` message in the final position cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."}}',
)
add(
    "o-strict-schema",
    "https://github.com/spring-projects/spring-ai/pull/6865",
    "Invalid schema for function 'search_issues': 'additionalProperties' is required to be supplied and to be false.",
)
add(
    ("o-strict-keyword", "o-strict-schema", "r-strict-schema"),
    "https://github.com/kevinwatt/mysql-mcp/issues/5",
    "Error [AI_APICallError]: Invalid schema for function 'mysql_execute': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'params'.\n    at async POST (app\\api\\chat\\route.js:26:25)\n  responseBody: '{\\n' +\n    '  \"error\": {\\n' +\n    `    \"message\": \"Invalid schema for function 'mysql_execute': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'params'.\",\\n` +\n    '    \"type\": \"invalid_request_error\",\\n' +\n    '    \"param\": \"tools[1].parameters\",\\n' +\n    '    \"code\": \"invalid_function_parameters\"\\n' +\n    '  }\\n' +\n    '}',",
    first=False,
)
add(
    "a-tool-name-pattern",
    "https://github.com/apify/tester-mcp-client/issues/11",
    '2025-03-07T07:29:39.472Z ERROR Error in processing user query: Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"tools.7.custom.name: String should match pattern \'^[a-zA-Z0-9_-]{1,64}$\'"}}',
)
add(
    "a-tool-name-pattern",
    "https://github.com/jedisct1/openapi-mcp/issues/9",
    '    API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"tools.73.custom.name: String should match pattern \n     \'^[a-zA-Z0-9_-]{1,128}$\'"}}',
)
add(
    "a-tool-name-pattern",
    "https://github.com/malloydata/publisher/pull/543",
    "tools.0.FrontendRemoteMcpToolDefinition.name: String should match pattern",
)
add(
    "a-tool-name-pattern",
    "https://github.com/modelcontextprotocol/typescript-sdk/issues/413",
    '"message":"tools.12.custom.name: String should match pattern \'^[a-zA-Z0-9_-]{1,64}$\'"',
)
add(
    "o-function-name-pattern",
    "https://github.com/Vortiago/mcp-azure-devops/pull/30",
    "ERROR mcp_listener: Error during streaming: Error code: 400 - {'error': {'message': \"Invalid 'tools[21].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.\", 'type': 'invalid_request_error', 'param': 'tools[21].function.name', 'code': 'invalid_value'}}",
)
add(
    "o-function-name-pattern",
    "https://github.com/brekkylab/ailoy/pull/109",
    '{\n  "error": {\n    "message": "Invalid \'tools[0].function.name\': string does not match pattern. Expected a string that matches the pattern \'^[a-zA-Z0-9_-]+$\'.",\n    "type": "invalid_request_error",\n    "param": "tools[0].function.name",\n    "code": "invalid_value"\n  }\n}',
)
add(
    "o-max-tokens-reasoning",
    "https://github.com/griptape-ai/ComfyUI-Griptape/issues/312",
    "Error code: 400 - {'error': {'message': \"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.\", 'type': 'invalid_request_error', 'param': 'max_tokens', 'code': 'unsupported_parameter'}}",
)
add(
    "o-max-tokens-reasoning",
    "https://github.com/caozhiyuan/copilot-api/issues/164",
    " ERROR  HTTP error: { error:\n   { message:\n      \"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.\",\n     code: 'invalid_request_body' } }",
)
add(
    "o-max-tokens-reasoning",
    "https://github.com/dsp05/overleaf-copilot/pull/43",
    "400 Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
)
add(
    "a-thinking-sampling",
    "https://github.com/MartialBE/one-hub/issues/529",
    "Provider API error: `temperature` may only be set to 1 when thinking is enabled. Please consult our documentation at https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking#important-considerations-when-using-extended-thinking",
)
add(
    "a-thinking-sampling",
    "https://github.com/dotCipher/opencode-claude-bridge/pull/1",
    "temperature may only be set to 1 when thinking is enabled or in adaptive mode",
)
add(
    "a-empty-content",
    "https://github.com/anthropics/claude-code/issues/4416",
    'API Error: 400 {"type":"error","error":{"type":"invalid_request_err\n    or","message":"messages.11: all messages must have non-empty \n    content except for the optional final assistant message"}}',
)
add(
    "a-empty-content",
    "https://github.com/anthropics/claude-code/issues/59812",
    "  ⎿  API Error: 400 messages: text content blocks must be non-empty",
)
add(
    "a-empty-content",
    "https://github.com/anthropics/claude-code/issues/23440",
    'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"messages: text content blocks must contain non-whitespace text"},"request_id":"req_011CXq"}',
)
add(
    ("a-tool-field-unsupported", "a-tool-field-unknown"),
    "https://github.com/anthropics/claude-code/issues/31033",
    "API Error: 400 tools.0.custom.defer_loading: Extra inputs are not permitted",
    first=False,
)
add(
    ("a-tool-field-unsupported", "a-tool-field-unknown"),
    "https://github.com/yuegongzi/copilot-api/issues/11",
    " ERROR  HTTP error: { message: 'tools.0.custom.eager_input_streaming: Extra inputs are not permitted' }",
    first=False,
)
add(
    "a-block-field-unknown",
    "https://github.com/anthropics/claude-code/issues/4378",
    "messages.65.content.1.tool_use.text: Extra inputs are not permitted",
)
add(
    "a-cache-control-placement",
    "https://github.com/router-for-me/CLIProxyAPI/issues/512",
    '{\n  "error": {\n    "code": 400,\n    "message": "{\\"type\\":\\"error\\",\\"error\\":{\\"type\\":\\"invalid_request_error\\",\\"message\\":\\"messages.1.content.0.thinking.cache_control: Extra inputs are not permitted\\"},\\"request_id\\":\\"req_vrtx_011CW5\\"}",\n    "status": "INVALID_ARGUMENT"\n  }\n}',
)
add(
    "a-body-field-unknown",
    "https://github.com/Aider-AI/aider/issues/3367",
    'litellm.BadRequestError: AnthropicException - b\'{"type":"error","error":{"type":"invalid_request_error","message":"extra_body: Extra inputs are not permitted"}}\'',
)
add(
    "a-body-field-unknown",
    "https://github.com/amrit110/oli/issues/7",
    'Error: Network Error: Anthropic API error: 400 Bad Request -                                                \n {"type":"error","error":{"type":"invalid_request_error","message":"response_format: Extra inputs are not\n permitted"}} for complex test cases',
)

add(
    "o-parameters-invalid",
    "https://github.com/nspady/google-calendar-mcp/issues/39",
    "openai.BadRequestError: Error code: 400 - {'error': {'message': \"Invalid schema for function 'update-event': schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level.\", 'type': 'invalid_request_error', 'param': 'tools[5].function.parameters', 'code': 'invalid_function_parameters'}}",
)
add(
    ("r-parameters-invalid", "o-parameters-invalid"),
    "https://github.com/elie222/inbox-zero/issues/2272",
    "Error [AI_APICallError]: Invalid schema for function 'saveMemory': schema must be a JSON Schema of 'type: \"object\"', got 'type: \"None\"'.",
)
add(
    ("r-parameters-invalid", "o-parameters-invalid"),
    "https://github.com/LionSR/TeXRA/issues/4274",
    "Invalid function 'inquiry': schema must have type 'object' and not contain\n'oneOf'/'anyOf'/'allOf' at the top level.",
)

add(
    "a-session-thinking-prefix",
    "https://github.com/anomalyco/opencode/issues/48637",
    'messages.1.content.0: Invalid `signature` in `thinking` block. The block is bound to a different conversation. Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block". That setting requires the `thinking-binding-controls-2026-08-01` value in the `anthropic-beta` header. The `system` prompt differs from the one this block was created with.',
)


IDS = [
    f"{n}-{url.rsplit('/', 3)[-3]}-{url.rsplit('/', 1)[-1]}"
    for n, (_, _, url, _) in enumerate(PASTES)
]


def test_the_collection_is_broad():
    assert len(PASTES) >= 60
    apis = {rules[0][:2] for rules, *_ in PASTES}
    assert apis == {"a-", "o-", "r-"}


@pytest.mark.parametrize("case", PASTES, ids=IDS)
def test_a_public_paste_names_its_rule(case):
    rules, first, url, text = case
    found = [m.rule for m in explain(text)]
    assert any(r in found[:3] for r in rules), (url, found)
    if first:
        assert found[0] in rules, (url, found)


@pytest.mark.parametrize("indent", ["", "  ", "  ⎿ "])
def test_a_paste_rewrapped_at_80_columns_still_names_its_rule(indent):
    missed = []
    for rules, _, url, text in PASTES:
        lines = textwrap.wrap(text.replace("\n", " "), 80, break_on_hyphens=False)
        found = [m.rule for m in explain("\n".join(indent + line for line in lines))]
        if not any(r in found[:3] for r in rules):
            missed.append((url, found[:3]))
    assert not missed
