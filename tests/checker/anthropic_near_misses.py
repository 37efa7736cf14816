"""Messages API requests the API accepts, each near a rule of the first catalogue (see
test_checker_anthropic.py).
"""

from __future__ import annotations

from anthropic_requests import Q, changed, round_trip, tools, with_messages
from checker_requests import (
    anthropic_body,
    assistant,
    parallel_body,
    text,
    tool_result,
    tool_use,
    user,
    weather_tool,
)

# (case id, body, rule that must not fire). Every near miss is a valid request.
NEAR_MISSES = [
    ("results-in-any-order", parallel_body(), "a-tool-result-missing"),
    (
        "text-after-results",
        round_trip(tool_result("toolu_01"), after=[text("Thanks!")]),
        "a-tool-result-missing",
    ),
    ("results-in-one-message", parallel_body(), "a-results-split"),
    (
        "no-toolu-prefix",
        with_messages(user(Q), assistant([tool_use("call_1")]), user([tool_result("call_1")])),
        "a-tool-result-orphan",
    ),
    (
        "text-after-results-ok",
        round_trip(tool_result("toolu_01"), after=[text("Go on.")]),
        "a-tool-result-not-first",
    ),
    ("roles-right", anthropic_body(), "a-tool-result-wrong-role"),
    ("text-before-tool-use", anthropic_body(), "a-tool-use-not-last"),
    ("parallel-tool-uses-last", parallel_body(), "a-tool-use-not-last"),
    # Interleaved thinking and server tools: the API itself writes these after a call.
    (
        "thinking-after-tool-use",
        with_messages(
            user(Q),
            assistant(
                [
                    tool_use("toolu_01"),
                    {"type": "thinking", "thinking": "Rome too.", "signature": "sig"},
                    tool_use("toolu_02", args={"city": "Rome"}),
                ]
            ),
            user([tool_result("toolu_01"), tool_result("toolu_02")]),
        ),
        "a-tool-use-not-last",
    ),
    (
        "ids-distinct",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            user([tool_result("toolu_01")]),
            assistant([tool_use("toolu_02")]),
            user([tool_result("toolu_02")]),
        ),
        "a-tool-use-id-duplicate",
    ),
    (
        "id-with-dash-underscore",
        with_messages(user(Q), assistant([tool_use("call-1_A")]), user([tool_result("call-1_A")])),
        "a-tool-id-pattern",
    ),
    ("name-64", tools(weather_tool("w" * 64)), "a-tool-name-pattern"),
    ("name-dash", tools(weather_tool("get-weather_2")), "a-tool-name-pattern"),
    ("names-distinct", tools(weather_tool(), weather_tool("get_time")), "a-tool-name-duplicate"),
    (
        "schema-rich",
        tools(
            weather_tool(
                input_schema={
                    "type": "object",
                    "properties": {
                        "where": {"$ref": "#/$defs/place"},
                        "days": {"type": "integer", "minimum": 1, "maximum": 7},
                        "tags": {"type": ["array", "null"], "items": {"type": "string"}},
                    },
                    "required": ["where"],
                    "additionalProperties": False,
                    "$defs": {"place": {"type": "string", "pattern": "^[A-Z]"}},
                }
            )
        ),
        "a-tool-schema-invalid",
    ),
    (
        "server-tool-without-schema",
        tools(weather_tool(), {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}),
        "a-tool-schema-invalid",
    ),
    (
        "mcp-toolset-has-no-name",
        # the toolset's server must be defined in mcp_servers (MCP connector docs,
        # "Validation rules": https://platform.claude.com/docs/en/agents-and-tools/mcp-connector)
        changed(
            tools(weather_tool(), {"type": "mcp_toolset", "mcp_server_name": "files"}),
            lambda b: b.update(
                mcp_servers=[
                    {"type": "url", "url": "https://files.example.com/mcp", "name": "files"}
                ]
            ),
        ),
        "a-tool-name-pattern",
    ),
    (
        "tools-need-not-match-history",
        tools(weather_tool("get_time")),
        "a-tools-required",
    ),
    (
        "no-tools-no-tool-blocks",
        changed(with_messages(user(Q)), lambda b: b.pop("tools")),
        "a-tools-required",
    ),
    (
        "empty-input-object",
        with_messages(
            user(Q), assistant([tool_use("toolu_01", args={})]), user([tool_result("toolu_01")])
        ),
        "a-tool-input-not-object",
    ),
    (
        "result-content-omitted",
        round_trip({"type": "tool_result", "tool_use_id": "toolu_01"}),
        "a-tool-result-content-type",
    ),
    (
        "result-content-blocks",
        round_trip(
            tool_result(
                "toolu_01",
                [
                    text("18 C"),
                    {
                        "type": "image",
                        "source": {"type": "base64", "media_type": "image/png", "data": "iVBO"},
                    },
                ],
                is_error=False,
            )
        ),
        "a-tool-result-content-type",
    ),
    (
        "result-is-error",
        round_trip(tool_result("toolu_01", "city not found", is_error=True)),
        "a-tool-result-content-type",
    ),
    ("roles-user-assistant", anthropic_body(system="Be brief."), "a-invalid-role"),
    ("final-assistant-empty-prefill", with_messages(user(Q), assistant("")), "a-empty-content"),
    (
        "prefill-no-trailing-space",
        with_messages(user(Q), assistant("The weather is")),
        "a-prefill-trailing-whitespace",
    ),
    (
        "prefill-older-model",
        with_messages(user(Q), assistant("{"), model="claude-sonnet-4-5"),
        "a-prefill-unsupported",
    ),
    (
        "prefill-claude-3-5",
        with_messages(user(Q), assistant("{"), model="claude-3-5-sonnet-20241022"),
        "a-prefill-unsupported",
    ),
    ("ends-on-user-new-model", anthropic_body(model="claude-opus-4-6"), "a-prefill-unsupported"),
    (
        "choice-any",
        anthropic_body(tool_choice={"type": "any", "disable_parallel_tool_use": True}),
        "a-tool-choice-invalid",
    ),
    (
        "choice-tool-named",
        anthropic_body(tool_choice={"type": "tool", "name": "get_weather"}),
        "a-tool-choice-invalid",
    ),
    ("choice-none", anthropic_body(tool_choice={"type": "none"}), "a-tool-choice-invalid"),
    (
        "thinking-auto",
        # (a fresh conversation: resending a tool loop with thinking on needs its thinking
        # block first, a-thinking-block-missing)
        anthropic_body(
            [user(Q)],
            thinking={"type": "enabled", "budget_tokens": 2048},
            tool_choice={"type": "auto"},
        ),
        "a-tool-choice-thinking",
    ),
    (
        "forced-without-thinking",
        anthropic_body(tool_choice={"type": "any"}),
        "a-tool-choice-thinking",
    ),
    (
        "examples-valid",
        tools(
            weather_tool(input_examples=[{"city": "Paris"}, {"city": "Rome", "unit": "celsius"}])
        ),
        "a-input-examples-invalid",
    ),
    ("first-user", anthropic_body(), "a-first-not-user"),
    ("alternating", anthropic_body(), "a-roles-not-alternating"),
    ("message-fields-only", anthropic_body(), "a-envelope-field-in-message"),
    ("shape-fine", anthropic_body(), "request-shape"),
]
