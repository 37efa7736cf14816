"""Responses API requests the API accepts, each near a rule (see test_rules_responses.py)."""

from __future__ import annotations

from responses_requests import ROUND_TRIP, SCHEMA, call, out, req, rs, said, tool, user

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
