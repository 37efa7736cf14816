"""Exercise criteria: each check passes a right answer and explains a wrong one."""

from __future__ import annotations

import json

import pytest

from checker.exercise import mark

GIVEN_ASSISTANT = {
    "role": "assistant",
    "content": [
        {"type": "text", "text": "Let me check."},
        {"type": "tool_use", "id": "call_7", "name": "get_weather", "input": {"city": "Lisboa"}},
    ],
}
QUESTION = "Weather in Lisboa?"


def answer(result_block=None, *, assistant=GIVEN_ASSISTANT, extra_first=None):
    block = result_block or {
        "type": "tool_result",
        "tool_use_id": "call_7",
        "content": json.dumps({"condition": "sunny", "temp_c": 26}),
    }
    content = ([extra_first] if extra_first else []) + [block]
    return [
        {"role": "user", "content": QUESTION},
        assistant,
        {"role": "user", "content": content},
    ]


def exercise(*criteria, given=None, api="anthropic", kind="json", **extra):
    return {
        "kind": kind,
        "api": api,
        "given": given or {"assistant": GIVEN_ASSISTANT, "question": QUESTION},
        "criteria": [
            {"check": c[0], "label": c[0], "params": c[1], **({"id": c[2]} if len(c) > 2 else {})}
            for c in criteria
        ],
        **extra,
    }


def outcome(ex, value):
    text = value if isinstance(value, str) else json.dumps(value, indent=2)
    verdict = mark(ex, text)
    return verdict, verdict.criteria[0]


def test_roles_pass_and_name_the_openai_habit():
    ex = exercise(("roles", {"roles": ["user", "assistant", "user"]}))
    assert outcome(ex, answer())[1].passed
    wrong = answer()
    wrong[2]["role"] = "tool"
    verdict, criterion = outcome(ex, wrong)
    assert not criterion.passed
    assert "user, assistant, tool" in criterion.message
    diag = next(d for d in verdict.diagnostics if d.path == "/2/role")
    assert diag.line == 24 and diag.severity == "error"
    assert "OpenAI" in diag.message + diag.hint


def test_roles_on_a_full_request_body_uses_messages():
    ex = exercise(("roles", {"roles": ["user", "assistant", "user"]}))
    body = {"model": "m", "max_tokens": 10, "tools": [], "messages": answer()}
    assert outcome(ex, body)[1].passed


def test_user_text_accepts_string_or_one_text_block():
    ex = exercise(("user-text", {"index": 0, "text": "$given/question"}))
    assert outcome(ex, answer())[1].passed
    as_block = answer()
    as_block[0]["content"] = [{"type": "text", "text": QUESTION}]
    assert outcome(ex, as_block)[1].passed
    changed = answer()
    changed[0]["content"] = "Weather?"
    assert not outcome(ex, changed)[1].passed


def test_message_equals_finds_dropped_text_block_and_envelope_fields():
    ex = exercise(
        (
            "message-equals",
            {"index": 1, "message": "$given/assistant", "what": "the assistant turn"},
        )
    )
    assert outcome(ex, answer())[1].passed
    trimmed = dict(GIVEN_ASSISTANT, content=GIVEN_ASSISTANT["content"][1:])
    verdict, criterion = outcome(ex, answer(assistant=trimmed))
    assert not criterion.passed
    assert "whole `content` list" in criterion.message
    enveloped = dict(GIVEN_ASSISTANT, stop_reason="tool_use")
    criterion = outcome(ex, answer(assistant=enveloped))[1]
    assert "response envelope" in criterion.message


def test_tool_result_explains_name_as_id_and_text_first():
    ex = exercise(("tool-result", {"id": "call_7", "tool_name": "get_weather"}))
    assert outcome(ex, answer())[1].passed
    by_name = {"type": "tool_result", "tool_use_id": "get_weather", "content": "{}"}
    criterion = outcome(ex, answer(by_name))[1]
    assert "the tool's name" in criterion.message and '"call_7"' in criterion.message
    typo = {"type": "tool_result", "tool_use_id": "call_8", "content": "{}"}
    assert "Copy the `id`" in outcome(ex, answer(typo))[1].message
    text_first = answer(extra_first={"type": "text", "text": "Here:"})
    assert "Results come first" in outcome(ex, text_first)[1].message
    failed = {"type": "tool_result", "tool_use_id": "call_7", "content": "{}", "is_error": True}
    assert "is_error" in outcome(ex, answer(failed))[1].message


def test_result_json_needs_parseable_content_with_the_values():
    carries = [{"text": "sun", "name": "the condition"}, {"number": 26, "name": "the temperature"}]
    ex = exercise(("result-json", {"id": "call_7", "carries": carries}))
    assert outcome(ex, answer())[1].passed
    as_blocks = {
        "type": "tool_result",
        "tool_use_id": "call_7",
        "content": [{"type": "text", "text": '{"sky": "Sunny", "t": "26 C"}'}],
    }
    assert outcome(ex, answer(as_blocks))[1].passed
    prose = {"type": "tool_result", "tool_use_id": "call_7", "content": "sunny, 26 C"}
    assert "cannot parse" in outcome(ex, answer(prose))[1].message
    partial = {"type": "tool_result", "tool_use_id": "call_7", "content": '{"c": "sunny"}'}
    message = outcome(ex, answer(partial))[1].message
    assert "the temperature" in message and "the condition" not in message
    not_260 = {"type": "tool_result", "tool_use_id": "call_7", "content": '{"c": "sun", "t": 260}'}
    assert not outcome(ex, answer(not_260))[1].passed


def test_json_schema_reports_paths():
    schema = {"type": "object", "required": ["a"], "properties": {"a": {"type": "integer"}}}
    ex = exercise(("json-schema", {"schema": schema}), api="none")
    assert outcome(ex, {"a": 1})[1].passed
    verdict, criterion = outcome(ex, {"a": "one"})
    assert not criterion.passed
    assert verdict.diagnostics[0].path == "/a"
    assert verdict.diagnostics[0].line == 2


def test_equals_unordered_where_declared_and_false_as_absent():
    key = {"first_round": ["a", "c"], "must_wait": [["b", "a"]]}
    ex = exercise(("equals", {"key": key, "unordered": ["/first_round", "/must_wait"]}), api="none")
    assert outcome(ex, {"first_round": ["c", "a"], "must_wait": [["b", "a"]]})[1].passed
    verdict, criterion = outcome(ex, {"first_round": ["a", "c"], "must_wait": [["a", "b"]]})
    assert not criterion.passed and "/must_wait" in criterion.message
    choice = exercise(
        ("equals", {"key": {"type": "auto"}, "ignore_false": ["disable_parallel_tool_use"]}),
        api="none",
    )
    assert outcome(choice, {"type": "auto", "disable_parallel_tool_use": False})[1].passed
    assert not outcome(choice, {"type": "auto", "disable_parallel_tool_use": True})[1].passed


def test_equals_tolerance_and_whitespace():
    ex = exercise(
        (
            "equals",
            {
                "key": {"pct": 12.3, "path": "content[].input"},
                "tolerance": 0.05,
                "ignore_whitespace": True,
            },
        ),
        api="none",
    )
    assert outcome(ex, {"pct": 12.32, "path": "content[]. input"})[1].passed
    assert not outcome(ex, {"pct": 12.4, "path": "content[].input"})[1].passed


def test_choice_gives_feedback_of_the_wrong_pick():
    choices = [
        {"id": "a", "text": "Yes", "correct": False, "feedback": "Nothing has run yet."},
        {"id": "b", "text": "No", "correct": True, "feedback": "Right: your code must run it."},
    ]
    ex = exercise(("choice", {}), kind="choice", choices=choices)
    assert mark(ex, "b").passed
    assert mark(ex, '["B"]').passed
    verdict = mark(ex, "a")
    assert not verdict.passed and verdict.criteria[0].message == "Nothing has run yet."
    assert "not one of the options" in mark(ex, "z").criteria[0].message


def test_invalid_json_fails_every_criterion_with_one_syntax_diagnostic():
    ex = exercise(("roles", {"roles": ["user"]}), ("protocol", {}))
    verdict = mark(ex, '[{"role": "user", "content": "hi",}]')
    assert verdict.status == "error"
    assert [d.rule for d in verdict.diagnostics] == ["json-syntax"]
    assert all(not c.passed and "not valid JSON" in c.message for c in verdict.criteria)


def test_non_utf8_bytes_are_an_error_verdict_at_the_bad_byte():
    ex = exercise(("roles", {"roles": ["user"]}))
    verdict = mark(ex, b'[\n  {"role": "us\xffer"}]')
    assert verdict.status == "error"
    (diag,) = verdict.diagnostics
    assert (diag.rule, diag.line, diag.column) == ("input-encoding", 2, 15)


@pytest.mark.parametrize(
    "text", ["", "null", "42", '"x"', "{}", "[1, 2]", '[{"role": 5}]', '{"messages": {}}']
)
def test_odd_answers_get_a_verdict_not_an_exception(text):
    ex = exercise(
        ("roles", {"roles": ["user", "assistant", "user"]}),
        ("user-text", {"index": 0, "text": "$given/question"}),
        ("message-equals", {"index": 1, "message": "$given/assistant"}),
        ("tool-result", {"id": "call_7"}),
        ("result-json", {"id": "call_7", "carries": [{"number": 26}]}),
        ("protocol", {}),
    )
    verdict = mark(ex, text)
    assert not verdict.passed
    assert len(verdict.criteria) == 6
