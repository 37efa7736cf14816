"""`lint` and `lint_value`: input kinds, format detection, structure, order, result types."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from checker_requests import (
    anthropic_body,
    assert_plain_text,
    assistant,
    fn_call,
    openai_body,
    tool_result,
    tool_use,
    user,
)

from checker import Criterion, Diagnostic, LintResult, Verdict, lint, lint_value
from checker.lint import detect_format

ROOT = Path(__file__).resolve().parents[2]


# --------------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (anthropic_body(), "anthropic"),
        (anthropic_body()["messages"], "anthropic"),
        (openai_body(), "openai"),
        (openai_body()["messages"], "openai"),
        ({"choices": [{"message": {"role": "assistant", "content": "hi"}}]}, "openai"),
        ({"messages": [user("hi")], "tools": [{"name": "x", "input_schema": {}}]}, "anthropic"),
        ({"messages": [user("hi")], "tools": [{"type": "function", "function": {}}]}, "openai"),
        ({"messages": [user("hi")], "system": "Be brief."}, "anthropic"),
        ({"messages": [{"role": "system", "content": "Be brief."}, user("hi")]}, "openai"),
        ({"messages": [user("hi")], "model": "gpt-4o"}, "openai"),
        ({"messages": [user("hi")], "model": "claude-opus-4-6"}, "anthropic"),
        ({"messages": [user("hi"), assistant("hello")]}, "unknown"),
        ([user("hi")], "unknown"),
        ([], "unknown"),
        (42, "unknown"),
        # Mixed: the calls decide (an Anthropic tool_use answered by an OpenAI tool message).
        (
            [
                user("hi"),
                assistant([tool_use("toolu_01")]),
                {"role": "tool", "tool_call_id": "toolu_01", "content": "x"},
            ],
            "anthropic",
        ),
        (
            [
                user("hi"),
                {"role": "assistant", "content": None, "tool_calls": [fn_call("call_1")]},
                user([tool_result("call_1")]),
            ],
            "openai",
        ),
    ],
)
def test_detect_format(value, expected):
    assert detect_format(value) == expected


def test_unknown_format_warns_and_checks_the_shape_only():
    result = lint('{"messages": [{"role": "user", "content": "Hi"}]}')
    assert result.valid and result.format == "unknown"
    (warning,) = result.diagnostics
    assert warning.rule == "format-unknown" and warning.severity == "warning"
    assert "--format" in warning.hint
    broken = lint('{"messages": [{"role": "user", "content": 5}]}')
    assert [d.rule for d in broken.errors] == ["request-shape"]
    assert broken.errors[0].path == "/messages/0/content"


def test_forced_format_applies_that_api_rules():
    body = {"model": "my-model", "max_tokens": 64, "messages": [user("hi"), user("again")]}
    assert lint_value(body).format == "unknown"
    forced = lint_value(body, "anthropic")
    assert forced.format == "anthropic"
    assert [d.rule for d in forced.diagnostics] == ["a-roles-not-alternating"]
    # Chat Completions: `max_tokens` is deprecated (a warning); nothing else is wrong.
    assert [d.rule for d in lint_value(body, "openai").diagnostics] == ["o-max-tokens-reasoning"]
    # The Responses API has no `messages` and no `max_tokens`: both moved.
    assert {d.rule for d in lint_value(body, "responses").errors} == {"r-chat-shape"}
    # Without `model` and `max_tokens` every API refuses the request.
    bare = {"messages": [user("hi")]}
    assert "a-body-field-missing" in {d.rule for d in lint_value(bare, "anthropic").errors}
    assert "o-body-required" in {d.rule for d in lint_value(bare, "openai").errors}
    # An OpenAI request judged as Anthropic fails, and says why.
    as_anthropic = lint_value(openai_body(), "anthropic")
    assert "a-invalid-role" in {d.rule for d in as_anthropic.errors}
    with pytest.raises(ValueError):
        lint("[]", "gemini")


# --------------------------------------------------------------------------- structure


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        ("42", "", "a number"),
        ('"hello"', "", "a string"),
        ("null", "", "null"),
        ("{}", "/messages", "no `messages`"),
        ('{"messages": {}}', "/messages", "an object"),
        ('{"messages": "hi"}', "/messages", "a string"),
        ('{"role": "user", "content": "hi"}', "/messages", "single message"),
        ('{"choices": [{"message": {"role": "assistant"}}]}', "/messages", "response"),
        (
            '{"id": "msg_1", "type": "message", "role": "assistant", "content": [], '
            '"stop_reason": "end_turn"}',
            "/messages",
            "Messages API response",
        ),
        ("[]", "", "no messages"),
        ('{"messages": []}', "/messages", "no messages"),
        ('["hi"]', "/0", "a string, not a message object"),
        ('[{"content": "hi"}]', "/0", "has no `role`"),
        ('[{"role": 1, "content": "hi"}]', "/0/role", "a number"),
        ('[{"role": "user"}]', "/0", "no `content`"),
    ],
)
def test_request_shape(text, path, words):
    result = lint(text)
    found = [d for d in result.diagnostics if d.rule == "request-shape" and d.path == path]
    assert found, result.diagnostics
    assert words in found[0].message
    assert found[0].severity == "error" and not result.valid
    assert_plain_text(found[0])


def test_python_values_that_are_not_json():
    cyclic: list = [user("hi")]
    cyclic[0]["content"] = [{"type": "text", "text": "x", "loop": cyclic}]
    cases = [
        ([user({"a", "b"})], "/0/content", "Python set"),
        ([user(math.nan)], "/0/content", "NaN"),
        ([{"role": "user", "content": "x", 1: 2}], "/0", "key that is a number"),
        (cyclic, "/0/content/0/loop", "cycle"),
        ([user(b"hi")], "/0/content", "Python bytes"),
    ]
    for value, path, words in cases:
        result = lint_value(value)
        found = [d for d in result.diagnostics if d.path == path and d.rule == "request-shape"]
        assert found and words in found[0].message, result.diagnostics
        assert not result.valid


def test_tuples_count_as_arrays_and_shared_values_are_fine():
    shared = {"type": "text", "text": "same"}
    result = lint_value((user([shared]), assistant("ok"), user([shared])), "anthropic")
    assert result.valid and result.diagnostics == []


# --------------------------------------------------------------------------- input kinds


def test_bytes_input():
    body = json.dumps(anthropic_body()).encode()
    assert lint(body).valid and lint(body).format == "anthropic"
    assert lint(b"\xef\xbb\xbf" + body).valid  # UTF-8 byte order mark
    assert lint(bytearray(body)).valid


def test_undecodable_bytes_give_one_diagnostic():
    data = b'[{"role": "user",\n  "content": "caf\xe9"}]'
    result = lint(data)
    (diag,) = result.diagnostics
    assert diag.rule == "input-encoding" and diag.severity == "error"
    assert (diag.line, diag.column) == (2, 18)
    assert "UTF-8" in diag.message and not result.valid
    assert_plain_text(diag)


def test_text_and_object_input_agree():
    body = anthropic_body(tool_choice="any")
    body["messages"][2] = user("thanks")
    from_object = lint_value(body)
    from_text = lint(json.dumps(body, indent=2))
    assert [(d.rule, d.path) for d in from_object.diagnostics] == [
        (d.rule, d.path) for d in from_text.diagnostics
    ]
    assert all(d.line is None for d in from_object.diagnostics)
    assert all(d.line is not None for d in from_text.diagnostics)


def test_diagnostics_are_sorted_by_position():
    body = anthropic_body(tool_choice="auto")  # tool_choice comes last in the text
    body["tools"][0]["name"] = "get weather"
    body["messages"][2] = user("thanks")
    body["messages"].insert(0, assistant("Hi"))
    text = json.dumps(body, indent=2)
    result = lint(text)
    positions = [(d.line, d.column) for d in result.diagnostics]
    assert positions == sorted(positions) and len(positions) >= 4
    # Same order without text (document order of the object).
    assert [d.path for d in lint_value(body).diagnostics] == [d.path for d in result.diagnostics]


def test_valid_is_false_exactly_when_an_error_exists():
    only_warning = lint_value(
        [assistant("Hello"), user("hi"), assistant([tool_use("t1")]), user([tool_result("t1")])]
    )
    assert only_warning.valid and only_warning.notes and not only_warning.errors
    with_error = lint_value([user("hi"), assistant([tool_use("t1")])])
    assert not with_error.valid and with_error.errors


# --------------------------------------------------------------------------- result types


def test_result_types_to_dict():
    d = Diagnostic("a-tool-result-orphan", "error", "/messages/2", "msg", "hint", 3, 5)
    assert d.to_dict() == {
        "rule": "a-tool-result-orphan",
        "severity": "error",
        "path": "/messages/2",
        "line": 3,
        "column": 5,
        "message": "msg",
        "hint": "hint",
    }
    with pytest.raises(ValueError):
        Diagnostic("x", "fatal", "", "m", "h")
    result = LintResult.of("anthropic", [d])
    assert result.to_dict() == {"valid": False, "format": "anthropic", "diagnostics": [d.to_dict()]}
    assert json.loads(json.dumps(result.to_dict())) == result.to_dict()
    c = Criterion("Roles are user, assistant, user", False, "role 2 is tool", "roles")
    assert c.to_dict()["status"] == "fail" and c.to_dict()["name"] == c.label
    v = Verdict(False, [c], [d])
    out = v.to_dict()
    assert out["version"] == 3 and out["status"] == "fail" and out["tests"] == [c.to_dict()]
    assert out["diagnostics"] == [d.to_dict()]
    syntax = Diagnostic("json-syntax", "error", "", "not valid JSON", "fix it", 1, 1)
    assert Verdict(False, [], [syntax]).to_dict()["status"] == "error"
    assert Verdict(True, [Criterion("ok", True)], []).to_dict()["status"] == "pass"


# --------------------------------------------------------------------------- imports


def _python(code: str) -> None:
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, timeout=60)


def test_checker_does_not_import_textual_or_tooltutor():
    _python(
        "import checker, sys; checker.lint('[]'); "
        "checker.lint(open('pyproject.toml').read()); "
        "assert 'textual' not in sys.modules, 'textual'; "
        "assert 'tooltutor' not in sys.modules, 'tooltutor'"
    )


def test_bare_messages_do_not_import_jsonschema():
    messages = json.dumps(anthropic_body()["messages"])
    body = json.dumps(anthropic_body())
    _python(
        "import checker, sys; "
        f"r = checker.lint({messages!r}); assert r.valid, r; "
        "assert 'jsonschema' not in sys.modules, 'jsonschema imported for a bare array'; "
        f"checker.lint({body!r})"
    )


def test_very_deep_python_values_cost_linear_memory_and_do_not_crash():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    assert not lint_value(deep).valid
    deep_set: list = [{1, 2}]
    for _ in range(10_000):
        deep_set = [deep_set]
    body = {
        "messages": [user(deep[0][0]), user(deep_set)],
        "tools": [{"name": "f", "input_schema": {"type": "object", "properties": {"a": deep_set}}}],
    }
    for fmt in ("anthropic", "openai"):
        assert not lint_value(body, fmt).valid
    (not_json,) = [d for d in lint_value(body).diagnostics if "Python set" in d.message]
    assert not_json.path == "/messages/1/content" + "/0" * 10_001
