"""Anthropic Messages API rules: each rule broken, and a near miss that is accepted."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from checker_requests import (
    anthropic_body,
    assert_plain_text,
    assistant,
    dump_positions,
    expected_position,
    parallel_body,
    text,
    tool_result,
    tool_use,
    user,
    weather_tool,
)

from checker import lint, lint_value, rules
from checker.rules import anthropic

Q = "What's the weather in Paris?"

#: the cross-turn rules: proved on sessions by tests/lint/test_session_lint.py
SESSION_RULES = frozenset(r.id for r in rules.all_rules() if r.scope == "session")


def base_messages():
    return anthropic_body()["messages"]


def with_messages(*messages, **extra):
    return anthropic_body(list(messages), **extra)


def changed(body, fn):
    body = copy.deepcopy(body)
    fn(body)
    return body


def round_trip(result_block, *, before=None, after=None):
    """Request whose third message holds `result_block` (plus blocks before/after)."""
    content = [*(before or []), result_block, *(after or [])]
    return with_messages(
        user(Q), assistant([text("Let me check."), tool_use("toolu_01")]), user(content)
    )


def tools(*tool_list, **extra):
    return anthropic_body(tools=list(tool_list), **extra)


# (case id, body, rule, severity, pointer, words the message must contain)
BROKEN = [
    # a-tool-result-missing
    (
        "missing-plain-reply",
        with_messages(user(Q), assistant([tool_use("toolu_01")]), user("thanks")),
        "a-tool-result-missing",
        "error",
        "/messages/1/content/0/id",
        "plain reply",
    ),
    (
        "missing-ends-on-tool-use",
        with_messages(user(Q), assistant([text("Checking."), tool_use("toolu_01")])),
        "a-tool-result-missing",
        "error",
        "/messages/1/content/1/id",
        "ends with",
    ),
    (
        "missing-parallel-part",
        changed(parallel_body(), lambda b: b["messages"][2]["content"].pop(0)),
        "a-tool-result-missing",
        "error",
        "/messages/1/content/2/id",
        "1 of the 2 calls",
    ),
    (
        "missing-message-between",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            user("hold on"),
            user([tool_result("toolu_01")]),
        ),
        "a-tool-result-missing",
        "error",
        "/messages/1/content/0/id",
        "must be in the next message",
    ),
    (
        "missing-role-tool-next",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            {"role": "tool", "tool_call_id": "toolu_01", "content": "18 C"},
        ),
        "a-tool-result-missing",
        "error",
        "/messages/1/content/0/id",
        "OpenAI",
    ),
    # a-results-split
    (
        "results-split",
        with_messages(
            user(Q),
            assistant([text("Both."), tool_use("toolu_a"), tool_use("toolu_b")]),
            user([tool_result("toolu_a")]),
            user([tool_result("toolu_b")]),
        ),
        "a-results-split",
        "error",
        "/messages/3/content/0/tool_use_id",
        "spread over 2 user messages",
    ),
    # a-tool-result-orphan
    (
        "orphan-typo",
        round_trip(tool_result("toolu_10")),
        "a-tool-result-orphan",
        "error",
        "/messages/2/content/0/tool_use_id",
        'did you mean "toolu_01"',
    ),
    (
        "orphan-name-as-id",
        round_trip(tool_result("get_weather")),
        "a-tool-result-orphan",
        "error",
        "/messages/2/content/0/tool_use_id",
        "tool's name, not the call's id: the `get_weather` call in `messages[1]` has id "
        '"toolu_01"',
    ),
    (
        "orphan-assistant-not-resent",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            user([tool_result("toolu_01")]),
            assistant("It is 18 C."),
            user("And now?"),
            user([tool_result("toolu_01", "19 C")]),
        ),
        "a-tool-result-orphan",
        "error",
        "/messages/5/content/0/tool_use_id",
        'the call "toolu_01" is in `messages[1]`, so the assistant turn was not resent',
    ),
    (
        "orphan-result-before-call",
        with_messages(
            user([tool_result("toolu_01")]),
            assistant([tool_use("toolu_01")]),
            user([tool_result("toolu_01")]),
        ),
        "a-tool-result-orphan",
        "error",
        "/messages/0/content/0/tool_use_id",
        "comes before its call",
    ),
    (
        "orphan-truncated-history",
        with_messages(user([tool_result("toolu_01")])),
        "a-tool-result-orphan",
        "error",
        "/messages/0/content/0/tool_use_id",
        "must be resent",
    ),
    (
        "orphan-earlier-call",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            user([tool_result("toolu_01")]),
            assistant([tool_use("toolu_02")]),
            user([tool_result("toolu_01")]),
        ),
        "a-tool-result-orphan",
        "error",
        "/messages/4/content/0/tool_use_id",
        "is the id of the call in `messages[1]`",
    ),
    (
        "orphan-answers-a-later-call",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            user([tool_result("toolu_01"), tool_result("toolu_02")]),
            assistant([tool_use("toolu_02")]),
            user([tool_result("toolu_02")]),
        ),
        "a-tool-result-orphan",
        "error",
        "/messages/2/content/1/tool_use_id",
        "comes before its call, which is in `messages[3]`",
    ),
    # a-tool-result-not-first
    (
        "text-before-result",
        round_trip(tool_result("toolu_01"), before=[text("Here you go:")]),
        "a-tool-result-not-first",
        "error",
        "/messages/2/content/0/type",
        "results must come first",
    ),
    (
        "text-between-results",
        changed(
            parallel_body(),
            lambda b: b["messages"][2]["content"].insert(1, text("and")),
        ),
        "a-tool-result-not-first",
        "error",
        "/messages/2/content/1/type",
        "",
    ),
    # a-tool-result-wrong-role
    (
        "result-in-assistant",
        with_messages(user(Q), assistant([tool_result("toolu_01")])),
        "a-tool-result-wrong-role",
        "error",
        "/messages/1/content/0/type",
        "assistant message",
    ),
    (
        "tool-use-in-user",
        with_messages(user([tool_use("toolu_01")]), assistant("ok")),
        "a-tool-result-wrong-role",
        "error",
        "/messages/0/content/0/type",
        "only the assistant calls tools",
    ),
    # a-tool-use-not-last
    (
        "text-after-tool-use",
        with_messages(
            user(Q),
            assistant([text("Checking."), tool_use("toolu_01"), text("One moment.")]),
            user([tool_result("toolu_01")]),
        ),
        "a-tool-use-not-last",
        "warning",
        "/messages/1/content/2/type",
        "never writes content after a call",
    ),
    # a-tool-use-id-duplicate
    (
        "duplicate-id",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01"), tool_use("toolu_01", args={"city": "Rome"})]),
            user([tool_result("toolu_01")]),
        ),
        "a-tool-use-id-duplicate",
        "error",
        "/messages/1/content/1/id",
        "first call with it is in `messages[1]`",
    ),
    (
        "duplicate-id-across-turns",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            user([tool_result("toolu_01")]),
            assistant([tool_use("toolu_01", args={"city": "Rome"})]),
            user([tool_result("toolu_01")]),
        ),
        "a-tool-use-id-duplicate",
        "note",
        "/messages/3/content/0/id",
        "an earlier turn",
    ),
    # a-tool-id-pattern
    (
        "id-with-dot",
        with_messages(
            user(Q),
            assistant([tool_use("toolu.01")]),
            user([tool_result("toolu.01")]),
        ),
        "a-tool-id-pattern",
        "error",
        "/messages/1/content/0/id",
        'contains "."',
    ),
    (
        "result-id-with-colon",
        round_trip(tool_result("toolu:01")),
        "a-tool-id-pattern",
        "error",
        "/messages/2/content/0/tool_use_id",
        'contains ":"',
    ),
    (
        "empty-id",
        with_messages(user(Q), assistant([tool_use("")]), user([tool_result("")])),
        "a-tool-id-pattern",
        "error",
        "/messages/1/content/0/id",
        "is empty",
    ),
    # a-tool-name-pattern
    (
        "name-with-space",
        tools(weather_tool("get weather")),
        "a-tool-name-pattern",
        "error",
        "/tools/0/name",
        "space",
    ),
    (
        "name-65",
        tools(weather_tool("w" * 65)),
        "a-tool-name-pattern",
        "warning",
        "/tools/0/name",
        "65",
    ),
    (
        "name-129",
        tools(weather_tool("w" * 129)),
        "a-tool-name-pattern",
        "error",
        "/tools/0/name",
        "129 characters",
    ),
    (
        "name-missing",
        changed(anthropic_body(), lambda b: b["tools"][0].pop("name")),
        "a-tool-name-pattern",
        "error",
        "/tools/0",
        "no `name`",
    ),
    # a-tool-name-duplicate
    (
        "duplicate-tool-name",
        tools(weather_tool(), weather_tool()),
        "a-tool-name-duplicate",
        "error",
        "/tools/1/name",
        "tools 0 and 1",
    ),
    # a-tool-schema-invalid
    (
        "schema-missing",
        changed(anthropic_body(), lambda b: b["tools"][0].pop("input_schema")),
        "a-tool-schema-invalid",
        "error",
        "/tools/0",
        "no `input_schema`",
    ),
    (
        "schema-as-parameters",
        changed(
            anthropic_body(),
            lambda b: b["tools"][0].update(parameters=b["tools"][0].pop("input_schema")),
        ),
        "a-tool-schema-invalid",
        "error",
        "/tools/0/parameters",
        "OpenAI",
    ),
    (
        "schema-not-object-type",
        changed(anthropic_body(), lambda b: b["tools"][0]["input_schema"].update(type="string")),
        "a-tool-schema-invalid",
        "error",
        "/tools/0/input_schema/type",
        '"type": "object"',
    ),
    (
        "schema-no-type",
        changed(anthropic_body(), lambda b: b["tools"][0]["input_schema"].pop("type")),
        "a-tool-schema-invalid",
        "error",
        "/tools/0/input_schema",
        '"type": "object"',
    ),
    (
        "schema-bad-type-name",
        changed(
            anthropic_body(),
            lambda b: b["tools"][0]["input_schema"]["properties"]["city"].update(type="strng"),
        ),
        "a-tool-schema-invalid",
        "error",
        "/tools/0/input_schema/properties/city/type",
        '"strng", not a JSON Schema type',
    ),
    (
        "schema-required-not-array",
        changed(anthropic_body(), lambda b: b["tools"][0]["input_schema"].update(required="city")),
        "a-tool-schema-invalid",
        "error",
        "/tools/0/input_schema/required",
        "`required` must be an array",
    ),
    (
        "schema-openai-shape",
        tools(
            {
                "type": "function",
                "function": {"name": "get_weather", "parameters": {"type": "object"}},
            }
        ),
        "a-tool-schema-invalid",
        "error",
        "/tools/0/function",
        "OpenAI shape",
    ),
    # a-tools-required
    (
        "no-tools",
        changed(anthropic_body(), lambda b: b.pop("tools")),
        "a-tools-required",
        "error",
        "/tools",
        "defines no `tools`",
    ),
    ("empty-tools", tools(), "a-tools-required", "error", "/tools", "empty `tools`"),
    # a-tool-input-not-object
    (
        "input-json-string",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01", args='{"city": "Paris"}')]),
            user([tool_result("toolu_01")]),
        ),
        "a-tool-input-not-object",
        "error",
        "/messages/1/content/0/input",
        "JSON text inside a string",
    ),
    (
        "input-null",
        changed(anthropic_body(), lambda b: b["messages"][1]["content"][1].update(input=None)),
        "a-tool-input-not-object",
        "error",
        "/messages/1/content/1/input",
        "null",
    ),
    (
        "input-array",
        changed(anthropic_body(), lambda b: b["messages"][1]["content"][1].update(input=[1])),
        "a-tool-input-not-object",
        "error",
        "/messages/1/content/1/input",
        "an array",
    ),
    # a-tool-result-content-type
    (
        "result-content-number",
        round_trip(tool_result("toolu_01", 42)),
        "a-tool-result-content-type",
        "error",
        "/messages/2/content/0/content",
        "a number",
    ),
    (
        "result-content-object",
        round_trip(tool_result("toolu_01", {"temp": 18})),
        "a-tool-result-content-type",
        "error",
        "/messages/2/content/0/content",
        "json.dumps",
    ),
    (
        "result-content-null",
        round_trip(tool_result("toolu_01", None)),
        "a-tool-result-content-type",
        "error",
        "/messages/2/content/0/content",
        "null",
    ),
    (
        "result-content-image-url",
        round_trip(tool_result("toolu_01", [{"type": "image_url", "image_url": {"url": "x"}}])),
        "a-tool-result-content-type",
        "error",
        "/messages/2/content/0/content/0",
        "`image_url`",
    ),
    # a-invalid-role
    (
        "role-tool",
        with_messages(
            user(Q),
            assistant([tool_use("toolu_01")]),
            user([tool_result("toolu_01")]),
            {"role": "tool", "tool_call_id": "toolu_01", "content": "18 C"},
        ),
        "a-invalid-role",
        "error",
        "/messages/3/role",
        "OpenAI shape",
    ),
    (
        "role-system",
        with_messages({"role": "system", "content": "Be brief."}, user(Q)),
        "a-invalid-role",
        "error",
        "/messages/0/role",
        "top-level `system`",
    ),
    (
        "role-model",
        with_messages(user(Q), {"role": "model", "content": "Hi"}),
        "a-invalid-role",
        "error",
        "/messages/1/role",
        '"model"',
    ),
    # a-empty-content
    (
        "empty-string",
        with_messages(user(""), assistant("Hi"), user("x")),
        "a-empty-content",
        "error",
        "/messages/0/content",
        "empty content",
    ),
    (
        "blank-text-block",
        with_messages(user([text("   ")])),
        "a-empty-content",
        "error",
        "/messages/0/content/0/text",
        "only whitespace",
    ),
    (
        "empty-array",
        with_messages(user(Q), assistant([]), user("x")),
        "a-empty-content",
        "error",
        "/messages/1/content",
        "empty content array",
    ),
    (
        "final-user-empty",
        with_messages(user(Q), assistant("Hi"), user("")),
        "a-empty-content",
        "error",
        "/messages/2/content",
        "",
    ),
    (
        "empty-text-in-result",
        round_trip(tool_result("toolu_01", [text("")])),
        "a-empty-content",
        "error",
        "/messages/2/content/0/content/0/text",
        "empty text",
    ),
    # a-prefill-trailing-whitespace
    (
        "prefill-trailing-space",
        with_messages(user(Q), assistant("The weather is ")),
        "a-prefill-trailing-whitespace",
        "error",
        "/messages/1/content",
        "ends with whitespace",
    ),
    (
        "prefill-block-trailing-newline",
        with_messages(user(Q), assistant([text("{\n")])),
        "a-prefill-trailing-whitespace",
        "error",
        "/messages/1/content/0/text",
        "",
    ),
    # a-prefill-unsupported
    (
        "prefill-opus-4-6",
        with_messages(user(Q), assistant("{"), model="claude-opus-4-6"),
        "a-prefill-unsupported",
        "error",
        "/messages/1/role",
        '"claude-opus-4-6"',
    ),
    (
        "prefill-sonnet-5",
        with_messages(user(Q), assistant("{"), model="claude-sonnet-5"),
        "a-prefill-unsupported",
        "error",
        "/messages/1/role",
        "",
    ),
    (
        "prefill-unknown-model",
        with_messages(user(Q), assistant("{"), model="my-proxy-model"),
        "a-prefill-unsupported",
        "warning",
        "/messages/1/role",
        "not one we know",
    ),
    (
        "prefill-no-model",
        changed(with_messages(user(Q), assistant("{")), lambda b: b.pop("model")),
        "a-prefill-unsupported",
        "warning",
        "/messages/1/role",
        "no `model`",
    ),
    # a-tool-choice-invalid
    (
        "choice-string",
        anthropic_body(tool_choice="auto"),
        "a-tool-choice-invalid",
        "error",
        "/tool_choice",
        '{"type": "auto"}',
    ),
    (
        "choice-required",
        anthropic_body(tool_choice={"type": "required"}),
        "a-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "`any`",
    ),
    (
        "choice-tool-without-name",
        anthropic_body(tool_choice={"type": "tool"}),
        "a-tool-choice-invalid",
        "error",
        "/tool_choice",
        "needs the `name`",
    ),
    (
        "choice-unknown-tool",
        anthropic_body(tool_choice={"type": "tool", "name": "get_time"}),
        "a-tool-choice-invalid",
        "error",
        "/tool_choice/name",
        "not defined",
    ),
    (
        "choice-openai-function",
        anthropic_body(tool_choice={"type": "function", "function": {"name": "get_weather"}}),
        "a-tool-choice-invalid",
        "error",
        "/tool_choice/type",
        "OpenAI",
    ),
    # a-tool-choice-thinking
    (
        "thinking-forced-any",
        anthropic_body(
            thinking={"type": "enabled", "budget_tokens": 2048}, tool_choice={"type": "any"}
        ),
        "a-tool-choice-thinking",
        "error",
        "/tool_choice/type",
        "extended thinking",
    ),
    # a-input-examples-invalid
    (
        "example-missing-required",
        tools(weather_tool(input_examples=[{"unit": "celsius"}])),
        "a-input-examples-invalid",
        "error",
        "/tools/0/input_examples/0",
        "required property `city`",
    ),
    (
        "example-wrong-type",
        tools(weather_tool(input_examples=[{"city": "Paris"}, {"city": 7}])),
        "a-input-examples-invalid",
        "error",
        "/tools/0/input_examples/1/city",
        "must be a string",
    ),
    (
        "example-bad-enum",
        tools(weather_tool(input_examples=[{"city": "Paris", "unit": "kelvin"}])),
        "a-input-examples-invalid",
        "error",
        "/tools/0/input_examples/0/unit",
        '"kelvin", not one of "celsius", "fahrenheit"',
    ),
    # a-first-not-user
    (
        "first-assistant",
        with_messages(assistant("Hello! Ask me anything."), user(Q)),
        "a-first-not-user",
        "note",
        "/messages/0/role",
        "",
    ),
    # a-roles-not-alternating
    (
        "two-users",
        with_messages(user("Hi"), user(Q)),
        "a-roles-not-alternating",
        "note",
        "/messages/1/role",
        "merges them",
    ),
    # a-envelope-field-in-message
    (
        "stop-reason-in-message",
        changed(anthropic_body(), lambda b: b["messages"][1].update(stop_reason="tool_use")),
        "a-envelope-field-in-message",
        "error",
        "/messages/1/stop_reason",
        "response envelope",
    ),
    (
        "whole-response-as-message",
        changed(
            anthropic_body(),
            lambda b: b["messages"][1].update(
                id="msg_01", type="message", model="claude-sonnet-4-5", usage={}
            ),
        ),
        "a-envelope-field-in-message",
        "error",
        "/messages/1/id",
        "`id`, `type`, `model`, `usage`",
    ),
    # request-shape (Anthropic content)
    (
        "content-number",
        with_messages(user(5)),
        "request-shape",
        "error",
        "/messages/0/content",
        "a number",
    ),
    (
        "block-not-object",
        with_messages(user(["hello"])),
        "request-shape",
        "error",
        "/messages/0/content/0",
        "not an object",
    ),
    (
        "tool-result-openai-id",
        round_trip({"type": "tool_result", "tool_call_id": "toolu_01", "content": "x"}),
        "request-shape",
        "error",
        "/messages/2/content/0",
        "`tool_call_id`, the OpenAI name",
    ),
    (
        "is-error-string",
        round_trip(tool_result("toolu_01", is_error="yes")),
        "request-shape",
        "error",
        "/messages/2/content/0/is_error",
        "`true` or `false`",
    ),
]

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


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("body", "rule", "severity", "path", "words"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_rule_broken(body, rule, severity, path, words):
    result = lint_value(body)
    assert result.format == "anthropic"
    found = _find(result, rule, path)
    assert found, [(d.rule, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint
    assert result.valid == (not any(d.severity == "error" for d in result.diagnostics))
    if severity == "error":
        assert not result.valid
    # The same request as text, pretty-printed and on one line, gives the same diagnostic at
    # the position of the value the pointer names.
    for indent in (2, None, "\t"):
        doc, positions = dump_positions(body, indent)
        placed = _find(lint(doc), rule, path)
        assert placed and placed[0].severity == severity
        assert (placed[0].line, placed[0].column) == expected_position(positions, path)


@pytest.mark.parametrize(
    ("body", "rule"),
    [pytest.param(*case[1:], id=case[0]) for case in NEAR_MISSES],
)
def test_rule_near_miss(body, rule):
    result = lint_value(body)
    assert result.format == "anthropic"
    assert not [d for d in result.diagnostics if d.rule == rule], result.diagnostics
    assert result.valid, [(d.rule, d.path, d.message) for d in result.diagnostics]
    from_text = lint(json.dumps(body, indent=2))
    assert from_text.valid and from_text.format == "anthropic"
    assert [d.rule for d in from_text.diagnostics] == [d.rule for d in result.diagnostics]


#: the rules of the first catalogue (`../shared/rules.md`): their cases are in this file
FIRST_CATALOGUE = {r.id for r in rules.all_rules() if r.api == "anthropic"} & {
    case[2] for case in BROKEN
}


def test_every_rule_has_a_broken_case_and_a_near_miss():
    """The first catalogue's rules here; every later rule in its topic's `test_rules_*.py`."""
    broken = {case[2] for case in BROKEN}
    near = {case[2] for case in NEAR_MISSES}
    assert len(FIRST_CATALOGUE) >= 24
    assert near >= FIRST_CATALOGUE
    topic_tests = "".join(
        path.read_text(encoding="utf-8") for path in Path(__file__).parent.glob("test_rules_*.py")
    )
    for rule in rules.ids("anthropic") - broken - SESSION_RULES:
        assert f'"{rule}"' in topic_tests, f"{rule} has no test of its own"


def test_valid_requests_have_no_diagnostics():
    for body in (anthropic_body(), parallel_body()):
        assert lint_value(body).diagnostics == []
        assert lint(json.dumps(body)).diagnostics == []


# --------------------------------------------------------------------------- details


@pytest.mark.parametrize(
    ("model", "version"),
    [
        ("claude-opus-4-6", (4, 6)),
        ("claude-sonnet-4-6", (4, 6)),
        ("claude-sonnet-5", (5, 0)),
        ("claude-opus-5-5", (5, 5)),
        ("claude-fable-5-1", (5, 1)),
        ("claude-3-5-sonnet-20241022", (3, 5)),
        ("claude-3-opus-20240229", (3, 0)),
        ("claude-sonnet-4-5-20250929", (4, 5)),
        ("claude-opus-4-1", (4, 1)),
        ("claude-opus-4-20250514", (4, 0)),
        ("claude-haiku-4-5", (4, 5)),
        ("anthropic.claude-opus-4-6-v1:0", (4, 6)),
        ("claude-opus-4-6@20260101", (4, 6)),
        ("claude-2.1", (2, 1)),
        ("gpt-4o", None),
        ("claude", None),
        ("", None),
    ],
)
def test_claude_version(model, version):
    assert anthropic.claude_version(model) == version


@pytest.mark.parametrize(
    ("model", "severity"),
    [
        ("claude-opus-4-6", "error"),
        ("claude-sonnet-4-6", "error"),
        ("claude-sonnet-5", "error"),
        ("claude-opus-5-5", "error"),
        ("claude-fable-5-1", "error"),
        ("claude-3-5-sonnet-20241022", None),
        ("claude-sonnet-4-5", None),
        ("claude-opus-4-1", None),
        ("some-model", "warning"),
    ],
)
def test_prefill_by_model(model, severity):
    body = with_messages(user(Q), assistant("{"), model=model)
    found = [d.severity for d in lint_value(body).diagnostics if d.rule == "a-prefill-unsupported"]
    assert found == ([severity] if severity else [])


def test_model_argument_overrides_body_and_enables_prefill_rule_for_bare_arrays():
    body = with_messages(user(Q), assistant("{"), model="claude-sonnet-4-5")
    assert not lint_value(body, model="claude-sonnet-4-5").errors
    assert [d.rule for d in lint_value(body, model="claude-opus-4-6").errors] == [
        "a-prefill-unsupported"
    ]
    bare = [user(Q), assistant("{")]
    assert not [d for d in lint_value(bare, "anthropic").diagnostics if "prefill" in d.rule]
    bare_result = lint_value(bare, "anthropic", model="claude-opus-4-6")
    assert [d.path for d in bare_result.errors] == ["/1/role"]


def test_bare_messages_skip_body_rules():
    messages = anthropic_body()["messages"]
    result = lint_value(messages)
    assert result.format == "anthropic"
    assert result.valid and result.diagnostics == []  # no a-tools-required for a bare array
    assert lint_value(anthropic_body(), bare=True).diagnostics == []
    broken = changed(anthropic_body(), lambda b: b.pop("tools"))
    assert lint_value(broken, bare=True).valid
    # ... while message rules still run, with pointers into the array
    bad = [user(Q), assistant([tool_use("toolu_01")]), user("thanks")]
    assert [(d.rule, d.path) for d in lint_value(bad).errors] == [
        ("a-tool-result-missing", "/1/content/0/id")
    ]


def test_role_tool_message_shows_the_anthropic_shape():
    body = with_messages(
        user(Q),
        assistant([tool_use("toolu_01")]),
        {"role": "tool", "tool_call_id": "toolu_01", "content": "18 C"},
    )
    result = lint_value(body)
    assert result.format == "anthropic"
    (role,) = [d for d in result.diagnostics if d.rule == "a-invalid-role"]
    assert '"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"' in role.hint
    assert '"role": "user"' in role.hint


def test_a_result_that_comes_too_late_is_one_error_that_says_where_it_is():
    body = with_messages(
        user(Q),
        assistant([text("Checking."), tool_use("toolu_01")]),
        user("any news?"),
        user([tool_result("toolu_01")]),
    )
    errors = lint_value(body).errors
    assert [d.rule for d in errors] == ["a-tool-result-missing"]
    assert "`messages[3]`" in errors[0].message and "`messages[2]`" in errors[0].message


def test_split_results_are_one_error_not_four_findings():
    """Issue 29: one split-results mistake, one error that explains it."""
    body = with_messages(
        user(Q),
        assistant([text("Both."), tool_use("toolu_a"), tool_use("toolu_b")]),
        user([tool_result("toolu_a")]),
        user([tool_result("toolu_b")]),
    )
    found = [(d.rule, d.severity) for d in lint_value(body).diagnostics]
    assert found == [("a-results-split", "error")]


def test_consecutive_assistant_messages_are_one_turn_answered_after_the_last():
    """Recorded 200: a replay from another provider sends two assistant messages, then one
    user message with both results (the API combines consecutive same-role turns)."""
    body = with_messages(
        user(Q),
        assistant([text("First."), tool_use("toolu_a")]),
        assistant([tool_use("toolu_b")]),
        user([tool_result("toolu_a"), tool_result("toolu_b")]),
    )
    result = lint_value(body)
    assert result.valid, result.errors
    assert {d.severity for d in result.diagnostics} <= {"note"}
    broken = with_messages(
        user(Q),
        assistant([tool_use("toolu_a")]),
        assistant([tool_use("toolu_b")]),
        user([tool_result("toolu_a")]),
    )
    assert [d.rule for d in lint_value(broken).errors] == ["a-tool-result-missing"]


def test_alternation_warning_does_not_hide_pairing_errors():
    body = with_messages(
        user(Q),
        assistant([tool_use("toolu_01")]),
        user([tool_result("toolu_01")]),
        user("and tomorrow?"),
    )
    result = lint_value(body)
    assert result.valid
    assert [d.rule for d in result.diagnostics] == ["a-roles-not-alternating"]


def test_schema_check_is_cached_and_deep_or_cyclic_schemas_do_not_crash():
    deep: dict = {"type": "object"}
    node = deep
    for _ in range(300):
        node["properties"] = {"x": {"type": "object"}}
        node = node["properties"]["x"]
    cyclic: dict = {"type": "object", "properties": {}}
    cyclic["properties"]["self"] = cyclic
    loop = {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/b"}},
        "$defs": {"b": {"$ref": "#/$defs/b"}},
    }
    for schema in (deep, cyclic, loop):
        body = tools(weather_tool(input_schema=schema, input_examples=[{"a": 1}]))
        assert lint_value(body).format == "anthropic"
    text_body = json.dumps(tools(weather_tool(input_schema=deep)))
    assert lint(text_body).format == "anthropic"


def test_schema_errors_point_inside_the_schema():
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": "one"}}}
    body = tools(weather_tool(input_schema=schema))
    (diag,) = [d for d in lint_value(body).diagnostics if d.rule == "a-tool-schema-invalid"]
    assert diag.path == "/tools/0/input_schema/properties/n/minimum"
    assert "'" not in diag.message  # plain words, not a Python repr


def test_envelope_fields_in_one_diagnostic_per_message():
    body = changed(
        anthropic_body(),
        lambda b: b["messages"][1].update(stop_reason="tool_use", usage={"input_tokens": 3}),
    )
    found = [d for d in lint_value(body).diagnostics if d.rule == "a-envelope-field-in-message"]
    assert len(found) == 1 and "`stop_reason`, `usage`" in found[0].message


def test_messages_are_plain_text_safe_for_rich():
    for case in BROKEN + NEAR_MISSES:
        for diag in lint_value(case[1]).diagnostics:
            assert_plain_text(diag)
