"""Anthropic Messages API rules: each rule broken, and a near miss that is accepted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from anthropic_broken import BROKEN
from anthropic_near_misses import NEAR_MISSES
from anthropic_requests import Q, changed, tools, with_messages
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

#: the cross-turn rules: proved on sessions by tests/lint/test_session_lint.py
SESSION_RULES = frozenset(r.id for r in rules.all_rules() if r.scope == "session")


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


#: the rules of the first catalogue (`../shared/rules.md`): their cases are in anthropic_broken.py
FIRST_CATALOGUE = {r.id for r in rules.all_rules() if r.api == "anthropic"} & {
    case[2] for case in BROKEN
}


def test_every_rule_has_a_broken_case_and_a_near_miss():
    """The first catalogue's rules here; every later rule in its topic's `test_rules_*.py`
    (or the cases it reads from a `*_broken*.py`)."""
    broken = {case[2] for case in BROKEN}
    near = {case[2] for case in NEAR_MISSES}
    assert len(FIRST_CATALOGUE) >= 24
    assert near >= FIRST_CATALOGUE
    here = Path(__file__).parent
    topic_tests = "".join(
        path.read_text(encoding="utf-8")
        for path in [*here.glob("test_rules_*.py"), *here.glob("*_broken*.py")]
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
