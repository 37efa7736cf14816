"""OpenAI Chat Completions rules: each rule broken, and a near miss that is accepted."""

from __future__ import annotations

import copy
import json

import pytest
from checker_requests import (
    assert_plain_text,
    dump_positions,
    expected_position,
    fn_call,
    fn_tool,
    openai_body,
)

from checker import lint, lint_value, rules

SYSTEM = {"role": "system", "content": "You are helpful."}
ASK = {"role": "user", "content": "What's the weather in Paris?"}

#: the cross-turn rules: proved on sessions by tests/lint/test_session_lint.py
SESSION_RULES = frozenset(r.id for r in rules.all_rules() if r.scope == "session")


def calls(*entries, content=None):
    return {"role": "assistant", "content": content, "tool_calls": list(entries)}


def tool_msg(cid, content="18 C"):
    return {"role": "tool", "tool_call_id": cid, "content": content}


def msgs(*messages, **extra):
    return openai_body(list(messages), **extra)


def changed(body, fn):
    body = copy.deepcopy(body)
    fn(body)
    return body


def first_call(fn):
    return lambda b: fn(b["messages"][2]["tool_calls"][0])


BROKEN = [
    # o-tool-response-missing
    (
        "no-tool-message",
        msgs(SYSTEM, ASK, calls(fn_call("call_1"))),
        "o-tool-response-missing",
        "error",
        "/messages/2/tool_calls/0/id",
        "ends with",
    ),
    (
        "user-in-between",
        msgs(ASK, calls(fn_call("call_1")), {"role": "user", "content": "hm?"}, tool_msg("call_1")),
        "o-tool-response-missing",
        "error",
        "/messages/1/tool_calls/0/id",
        "comes between",
    ),
    (
        "parallel-answered-in-part",
        msgs(ASK, calls(fn_call("call_1"), fn_call("call_2")), tool_msg("call_1")),
        "o-tool-response-missing",
        "error",
        "/messages/1/tool_calls/1/id",
        "1 of its 2 calls",
    ),
    (
        "plain-user-reply",
        msgs(ASK, calls(fn_call("call_1")), {"role": "user", "content": "thanks"}),
        "o-tool-response-missing",
        "error",
        "/messages/1/tool_calls/0/id",
        '"user" message',
    ),
    # o-tool-msg-orphan
    (
        "tool-after-user",
        msgs(ASK, tool_msg("call_1")),
        "o-tool-msg-orphan",
        "error",
        "/messages/1/tool_call_id",
        'follows a "user" message',
    ),
    (
        "tool-first",
        msgs(tool_msg("call_1"), ASK),
        "o-tool-msg-orphan",
        "error",
        "/messages/0/tool_call_id",
        "starts with a `tool` message",
    ),
    (
        "tool-after-plain-assistant",
        msgs(ASK, {"role": "assistant", "content": "Sure."}, tool_msg("call_1")),
        "o-tool-msg-orphan",
        "error",
        "/messages/2/tool_call_id",
        "has no `tool_calls`",
    ),
    # o-tool-call-id-missing
    (
        "tool-without-id",
        msgs(ASK, calls(fn_call("call_1")), {"role": "tool", "content": "18 C"}),
        "o-tool-call-id-missing",
        "error",
        "/messages/2",
        "no `tool_call_id`",
    ),
    (
        "tool-with-anthropic-id",
        msgs(
            ASK,
            calls(fn_call("call_1")),
            {"role": "tool", "tool_use_id": "call_1", "content": "18 C"},
        ),
        "o-tool-call-id-missing",
        "error",
        "/messages/2/tool_use_id",
        "Anthropic name",
    ),
    # o-tool-call-id-unknown
    (
        "id-is-function-name",
        msgs(ASK, calls(fn_call("call_1")), tool_msg("get_weather")),
        "o-tool-call-id-unknown",
        "error",
        "/messages/2/tool_call_id",
        "function's name, not the call's id: the `get_weather` call in `messages[1]` has id "
        '"call_1"',
    ),
    (
        "id-typo",
        msgs(ASK, calls(fn_call("call_abc123")), tool_msg("call_abc124")),
        "o-tool-call-id-unknown",
        "error",
        "/messages/2/tool_call_id",
        'did you mean "call_abc123"',
    ),
    # o-arguments-not-string
    (
        "arguments-object",
        msgs(ASK, calls(fn_call("call_1", arguments={"city": "Paris"})), tool_msg("call_1")),
        "o-arguments-not-string",
        "error",
        "/messages/1/tool_calls/0/function/arguments",
        "an object",
    ),
    (
        "arguments-not-json",
        msgs(ASK, calls(fn_call("call_1", arguments="{city: Paris}")), tool_msg("call_1")),
        "o-arguments-not-string",
        "note",
        "/messages/1/tool_calls/0/function/arguments",
        "not valid JSON",
    ),
    # o-function-name-pattern
    (
        "tool-name-space",
        openai_body(tools=[fn_tool("get weather")]),
        "o-function-name-pattern",
        "error",
        "/tools/0/function/name",
        "space",
    ),
    # A dot is refused (https://github.com/redhat-community-ai-tools/UnifAI/pull/266); the
    # hint renames it with `_`.
    (
        "call-name-dot",
        msgs(ASK, calls(fn_call("call_1", name="weather.get")), tool_msg("call_1")),
        "o-function-name-pattern",
        "error",
        "/messages/1/tool_calls/0/function/name",
        '"weather.get" contains "."',
    ),
    # o-function-name-length
    (
        "tool-name-65",
        openai_body(tools=[fn_tool("f" * 65)]),
        "o-function-name-length",
        "error",
        "/tools/0/function/name",
        "65 characters",
    ),
    # o-tool-call-shape
    (
        "call-without-type",
        changed(openai_body(), first_call(lambda c: c.pop("type"))),
        "o-tool-call-shape",
        "error",
        "/messages/2/tool_calls/0",
        '`"type": "function"`',
    ),
    (
        "call-without-id",
        changed(openai_body(), first_call(lambda c: c.pop("id"))),
        "o-tool-call-shape",
        "error",
        "/messages/2/tool_calls/0",
        "`id`",
    ),
    (
        "call-without-arguments",
        changed(openai_body(), first_call(lambda c: c["function"].pop("arguments"))),
        "o-tool-call-shape",
        "error",
        "/messages/2/tool_calls/0",
        "`function.arguments`",
    ),
    (
        "call-anthropic-block",
        msgs(
            ASK,
            calls({"type": "tool_use", "id": "call_1", "name": "get_weather", "input": {}}),
            tool_msg("call_1"),
        ),
        "o-tool-call-shape",
        "error",
        "/messages/1/tool_calls/0",
        "Anthropic",
    ),
    # o-tool-content-type
    (
        "tool-content-image",
        msgs(
            ASK,
            calls(fn_call("call_1")),
            tool_msg("call_1", [{"type": "image_url", "image_url": {"url": "https://x/y.png"}}]),
        ),
        "o-tool-content-type",
        "error",
        "/messages/2/content/0",
        "`image_url` part",
    ),
    (
        "tool-content-object",
        msgs(ASK, calls(fn_call("call_1")), tool_msg("call_1", {"temp": 18})),
        "o-tool-content-type",
        "error",
        "/messages/2/content",
        "an object",
    ),
    # o-content-part-type
    (
        "anthropic-tool-result-part",
        msgs(
            ASK,
            calls(fn_call("call_1")),
            tool_msg("call_1"),
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "x"}],
            },
        ),
        "o-content-part-type",
        "error",
        "/messages/3/content/0/type",
        "separate `tool` message",
    ),
    (
        "image-in-assistant",
        msgs(
            ASK,
            {"role": "assistant", "content": [{"type": "image_url", "image_url": {"url": "u"}}]},
            tool_msg("call_1"),
        ),
        "o-content-part-type",
        "error",
        "/messages/1/content/0/type",
        "cannot hold",
    ),
    # o-strict-schema
    (
        "strict-open-object",
        openai_body(tools=[fn_tool(strict=True)]),
        "o-strict-schema",
        "error",
        "/tools/0/function/parameters",
        '"additionalProperties": false',
    ),
    (
        "strict-optional-property",
        changed(
            openai_body(tools=[fn_tool(strict=True)]),
            lambda b: b["tools"][0]["function"]["parameters"].update(additionalProperties=False),
        ),
        "o-strict-schema",
        "error",
        "/tools/0/function/parameters/required",
        '"unit"',
    ),
    (
        "strict-nested-object",
        openai_body(
            tools=[
                fn_tool(
                    strict=True,
                    parameters={
                        "type": "object",
                        "properties": {
                            "place": {
                                "type": "object",
                                "properties": {"city": {"type": "string"}},
                                "required": ["city"],
                            }
                        },
                        "required": ["place"],
                        "additionalProperties": False,
                    },
                )
            ]
        ),
        "o-strict-schema",
        "error",
        "/tools/0/function/parameters/properties/place",
        "`properties/place`",
    ),
    # request-shape
    (
        "unknown-role",
        msgs(ASK, calls(fn_call("call_1")), tool_msg("call_1"), {"role": "bot", "content": "x"}),
        "request-shape",
        "error",
        "/messages/3/role",
        '"bot"',
    ),
    # The shape of a tool definition is o-tool-def-shape now (issue 14); the API names the
    # missing member: "Missing required parameter: 'tools[0].type'."
    (
        "anthropic-tool-in-openai",
        openai_body(
            tools=[{"name": "get_weather", "input_schema": {"type": "object"}}, fn_tool("other")]
        ),
        "o-tool-def-shape",
        "error",
        "/tools/0/type",
        "Anthropic shape",
    ),
]

NEAR_MISSES = [
    ("answered", openai_body(), "o-tool-response-missing"),
    (
        "parallel-answered-any-order",
        msgs(
            ASK,
            calls(fn_call("call_1"), fn_call("call_2", arguments='{"city": "Rome"}')),
            tool_msg("call_2"),
            tool_msg("call_1"),
            {"role": "assistant", "content": "Paris 18 C, Rome 25 C."},
            {"role": "user", "content": "Thanks"},
        ),
        "o-tool-response-missing",
    ),
    (
        "second-tool-message-of-batch",
        msgs(
            ASK, calls(fn_call("call_1"), fn_call("call_2")), tool_msg("call_1"), tool_msg("call_2")
        ),
        "o-tool-msg-orphan",
    ),
    ("tool-message-has-id", openai_body(), "o-tool-call-id-missing"),
    ("id-known", openai_body(), "o-tool-call-id-unknown"),
    (
        "arguments-empty-object-string",
        msgs(ASK, calls(fn_call("call_1", arguments="{}")), tool_msg("call_1")),
        "o-arguments-not-string",
    ),
    (
        "name-dash-underscore",
        openai_body(tools=[fn_tool("get-weather_2")]),
        "o-function-name-pattern",
    ),
    ("name-64", openai_body(tools=[fn_tool("f" * 64)]), "o-function-name-length"),
    ("complete-call", openai_body(), "o-tool-call-shape"),
    (
        "tool-content-text-parts",
        msgs(ASK, calls(fn_call("call_1")), tool_msg("call_1", [{"type": "text", "text": "18 C"}])),
        "o-tool-content-type",
    ),
    (
        "user-image-part",
        msgs(
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "What is this?"},
                    {"type": "image_url", "image_url": {"url": "https://x/y.png"}},
                ],
            },
            calls(fn_call("call_1")),
            tool_msg("call_1"),
        ),
        "o-content-part-type",
    ),
    (
        "strict-closed-schema",
        changed(
            openai_body(tools=[fn_tool(strict=True)]),
            lambda b: b["tools"][0]["function"]["parameters"].update(
                additionalProperties=False, required=["city", "unit"]
            ),
        ),
        "o-strict-schema",
    ),
    ("not-strict", openai_body(tools=[fn_tool(strict=False)]), "o-strict-schema"),
    ("shape-fine", openai_body(), "request-shape"),
    (
        "follow-up-without-tools",
        changed(openai_body(), lambda b: b.pop("tools")),
        "request-shape",
    ),
]


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("body", "rule", "severity", "path", "words"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_rule_broken(body, rule, severity, path, words):
    result = lint_value(body)
    assert result.format == "openai"
    found = _find(result, rule, path)
    assert found, [(d.rule, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint
    if severity == "error":
        assert not result.valid
    for indent in (2, None):
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
    assert result.format == "openai"
    assert not [d for d in result.diagnostics if d.rule == rule]
    assert result.valid and result.diagnostics == [], result.diagnostics
    assert lint(json.dumps(body)).diagnostics == []


def test_every_rule_has_a_broken_case_and_a_near_miss():
    from chat_broken_body import BODY_BROKEN
    from chat_broken_tools import TOOLS_BROKEN
    from chat_near_misses import NEAR_MISSES as NEW_NEAR_MISSES

    own = rules.ids("openai") - SESSION_RULES
    assert own <= {case[2] for case in BROKEN + TOOLS_BROKEN + BODY_BROKEN}
    assert own <= {case[2] for case in NEAR_MISSES + NEW_NEAR_MISSES}


def test_no_first_message_or_alternation_rule():
    body = msgs(
        {"role": "assistant", "content": "Hello!"},
        {"role": "assistant", "content": "Ask me anything."},
        calls(fn_call("call_1")),
        tool_msg("call_1"),
    )
    assert lint_value(body).diagnostics == []


def test_bare_openai_messages_skip_tool_definitions():
    body = openai_body(tools=[fn_tool("bad name", strict=True)])
    assert {d.rule for d in lint_value(body).diagnostics} == {
        "o-function-name-pattern",
        "o-strict-schema",
    }
    assert lint_value(body["messages"]).diagnostics == []
    assert lint_value(body, bare=True).diagnostics == []


def test_messages_are_plain_text_safe_for_rich():
    for case in BROKEN + NEAR_MISSES:
        for diag in lint_value(case[1]).diagnostics:
            assert_plain_text(diag)
