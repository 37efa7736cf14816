"""`detect_format`: the Responses API told apart from Chat Completions and the Messages API.

Signs and tie-breaks from the Responses research (section 1): a top-level `input` decides
Responses; `messages` with a Responses-only field is Responses (and `r-chat-shape` says
`messages` moved); `messages` with only Chat signs stays Chat; a bare array with
Responses items or parts is Responses. The Anthropic and Chat cases of
`test_checker_lint.py` keep their answers.
"""

from __future__ import annotations

import json

import pytest
from checker_requests import anthropic_body, assistant, fn_call, openai_body, user

from checker import lint, lint_value
from checker.lint import detect_format

FLAT_TOOL = {
    "type": "function",
    "name": "get_weather",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
}
CALL = {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"}
OUTPUT = {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        # A top-level input decides, whatever it holds.
        ({"model": "gpt-5.5", "input": "Hi"}, "responses"),
        ({"input": [user("Hi")]}, "responses"),
        ({"input": None}, "responses"),
        ({"model": "claude-opus-4-6", "input": "Hi"}, "responses"),
        # Responses-only fields.
        ({"model": "gpt-5.5", "instructions": "Be brief."}, "responses"),
        ({"previous_response_id": "resp_1"}, "responses"),
        ({"conversation": "conv_1"}, "responses"),
        ({"max_output_tokens": 64}, "responses"),
        ({"include": ["reasoning.encrypted_content"]}, "responses"),
        ({"reasoning": {"effort": "low"}, "messages": [user("Hi")]}, "responses"),
        ({"text": {"format": {"type": "text"}}, "messages": [user("Hi")]}, "responses"),
        # A response object (pasted instead of a request).
        ({"object": "response", "output": [], "id": "resp_1"}, "responses"),
        # messages + a Responses-only key: Responses (r-chat-shape reports messages).
        ({"messages": [user("Hi")], "instructions": "Be brief."}, "responses"),
        # messages + flat tools and no Chat or Anthropic calls: Responses.
        ({"messages": [user("Hi")], "tools": [FLAT_TOOL]}, "responses"),
        ({"messages": [user("Hi")], "tools": [{"type": "web_search"}]}, "responses"),
        (
            {"messages": [user("Hi")], "tool_choice": {"type": "function", "name": "get_weather"}},
            "responses",
        ),
        # ... but Chat calls in the messages keep a flat tool a Chat mistake.
        (
            {
                "messages": [
                    user("Hi"),
                    {"role": "assistant", "content": None, "tool_calls": [fn_call("call_1")]},
                    {"role": "tool", "tool_call_id": "call_1", "content": "18 C"},
                ],
                "tools": [FLAT_TOOL],
            },
            "openai",
        ),
        # messages with only Chat signs: Chat.
        ({"model": "gpt-5.5", "messages": [user("Hi")]}, "openai"),
        ({"messages": [user("hi")], "tools": [{"type": "function", "function": {}}]}, "openai"),
        # Anthropic tools are never read as flat functions (no `type`, or `input_schema`).
        ({"messages": [user("hi")], "tools": [{"name": "x", "input_schema": {}}]}, "anthropic"),
        (
            {
                "messages": [user("hi")],
                "tools": [{"type": "custom", "name": "x", "input_schema": {}}],
            },
            "anthropic",
        ),
        ({"messages": [user("hi")], "tools": [{"type": "web_search_20250305"}]}, "unknown"),
        # Bare arrays: Responses items or parts decide.
        ([user("Hi"), CALL, OUTPUT], "responses"),
        ([OUTPUT], "responses"),
        ([{"role": "user", "content": [{"type": "input_text", "text": "Hi"}]}], "responses"),
        ([{"role": "assistant", "content": [{"type": "output_text", "text": "Hi"}]}], "responses"),
        ([{"type": "message", "role": "user", "content": "Hi"}], "responses"),
        ([{"type": "reasoning", "id": "rs_1", "summary": []}], "responses"),
        # A typed message with an Anthropic envelope is a pasted Messages API response.
        (
            [
                user("Hi"),
                {
                    "id": "msg_1",
                    "type": "message",
                    "role": "assistant",
                    "model": "claude-opus-4-6",
                    "content": "Hello",
                    "stop_reason": "end_turn",
                },
            ],
            "anthropic",
        ),
        # Unchanged answers for the other formats.
        (anthropic_body(), "anthropic"),
        (anthropic_body()["messages"], "anthropic"),
        (openai_body(), "openai"),
        (openai_body()["messages"], "openai"),
        ([user("hi")], "unknown"),
        ({"messages": [user("hi"), assistant("hello")]}, "unknown"),
        ([], "unknown"),
        (42, "unknown"),
        ([{"type": ["function_call"]}, {"content": [{"type": {}}]}], "unknown"),
    ],
)
def test_detect_format(value, expected):
    assert detect_format(value) == expected


def test_auto_applies_the_responses_rules():
    # https://platform.openai.com/docs/api-reference/responses/create
    result = lint('{"model": "gpt-5.5", "input": "Write a haiku about tide pools."}')
    assert result.format == "responses" and result.valid and result.diagnostics == []
    broken = lint(json.dumps({"model": "gpt-5.5", "input": [user("Hi"), CALL]}, indent=2))
    assert broken.format == "responses"
    assert [d.rule for d in broken.errors] == ["r-function-call-output-missing"]


def test_forced_format_decides():
    body = {"model": "gpt-5.5", "messages": [user("Hi")]}
    assert lint_value(body).format == "openai"
    forced = lint_value(body, "responses")
    assert forced.format == "responses"
    assert [(d.rule, d.path) for d in forced.errors] == [("r-chat-shape", "/messages")]
    # A Responses body judged as Chat Completions fails too, for its own reasons.
    as_chat = lint_value({"model": "gpt-5.5", "input": "Hi"}, "openai")
    assert not as_chat.valid and as_chat.format == "openai"


def test_plain_text_warning_names_the_responses_format():
    result = lint('{"messages": [{"role": "user", "content": "Hi"}]}')
    (warning,) = result.diagnostics
    assert warning.rule == "format-unknown" and "--format responses" in warning.hint
