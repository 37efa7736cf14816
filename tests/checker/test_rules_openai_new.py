"""Chat Completions rules added for issue 14: each broken as the real API saw it, and a near miss.

Every case cites where the fact comes from: OpenAI's own spec and guides, or a public
issue that pastes the API's 400. The cases live in `chat_broken_tools.py`,
`chat_broken_body.py` and `chat_near_misses.py`, which `test_checker_openai.py` also
reads, to ask that every `o-*` rule has both.
"""

from __future__ import annotations

import json
import time

import pytest
from chat_broken_body import BODY_BROKEN
from chat_broken_tools import TOOLS_BROKEN
from chat_near_misses import NEAR_MISSES
from chat_requests import ASK, body, calls, strict_tool, tool, tool_msg, with_tools
from checker_requests import (
    assert_plain_text,
    dump_positions,
    expected_position,
    fn_call,
)

from checker import lint, lint_value, rules
from checker.rules.api_text import api_error_message
from checker.rules.openai.models import model_info

BROKEN = [*TOOLS_BROKEN, *BODY_BROKEN]


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("value", "rule", "severity", "path", "words"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_rule_broken(value, rule, severity, path, words):
    result = lint_value(value, "openai")
    found = _find(result, rule, path)
    assert found, [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint, found[0].message
    if severity == "error":
        assert not result.valid
    assert_plain_text(found[0])
    doc, positions = dump_positions(value, 2)
    placed = _find(lint(doc, "openai"), rule, path)
    assert placed and placed[0].severity == severity
    assert (placed[0].line, placed[0].column) == expected_position(positions, path)


@pytest.mark.parametrize(
    ("value", "rule", "warns"),
    [
        pytest.param(*case[1:3], case[3] if len(case) > 3 else (), id=case[0])
        for case in NEAR_MISSES
    ],
)
def test_rule_near_miss(value, rule, warns):
    """Valid, and clean but for the warnings the case names (a legacy field, say)."""
    result = lint_value(value, "openai")
    assert not [d for d in result.diagnostics if d.rule == rule], result.diagnostics
    assert result.valid
    allowed = {(w, s) for w in warns for s in ("warning", "note")}
    assert {(d.rule, d.severity) for d in result.diagnostics} <= allowed, [
        (d.rule, d.path, d.message) for d in result.diagnostics
    ]


NEW_RULES = {case[2] for case in BROKEN} - {"request-shape"}


def test_every_new_rule_has_a_broken_case_and_a_near_miss():
    assert {case[2] for case in NEAR_MISSES} >= NEW_RULES
    assert rules.ids("openai") >= NEW_RULES


# --------------------------------------------------------------------------- precedence


def test_an_empty_tools_array_is_reported_before_tool_choice():
    # the research: report o-tools-empty, not o-tool-choice-without-tools, for both at once
    found = {d.rule for d in lint_value(body(tools=[], tool_choice="auto"), "openai").errors}
    assert "o-tools-empty" in found
    assert "o-tool-choice-without-tools" not in found


def test_an_empty_tool_calls_is_not_also_missing_content():
    value = body(messages=[ASK, {"role": "assistant", "tool_calls": []}, ASK])
    found = [d.rule for d in lint_value(value, "openai").errors]
    assert found == ["o-tool-calls-empty"]


def test_request_rules_skip_an_exercise_fragment():
    fragment = {"messages": [ASK], "thinking": {"type": "enabled"}}
    result = lint_value(fragment, "openai", fragment=True)
    assert not {"o-body-required", "o-body-field-unknown"} & {d.rule for d in result.diagnostics}
    assert {"o-body-required", "o-body-field-unknown"} <= {
        d.rule for d in lint_value(fragment, "openai").diagnostics
    }


def test_bare_messages_skip_body_and_model_rules():
    messages = [{"role": "system", "content": "Be brief."}, ASK]
    assert lint_value(messages, "openai").diagnostics == []
    # --model turns the model rules on for a bare array
    found = lint_value(messages, "openai", model="o1-mini").diagnostics
    assert [(d.rule, d.path) for d in found] == [("o-role-model", "/0/role")]


def test_the_model_override_wins_over_the_body():
    value = body("gpt-4o", max_tokens=100)
    assert (
        _find(lint_value(value, "openai"), "o-max-tokens-reasoning", "/max_tokens")[0].severity
        == "note"
    )
    found = _find(lint_value(value, "openai", model="o3"), "o-max-tokens-reasoning", "/max_tokens")
    assert found[0].severity == "error"


def test_tool_image_is_an_error_on_gpt4o_and_without_a_model():
    messages = [
        ASK,
        calls(fn_call("call_1")),
        tool_msg("call_1", [{"type": "image_url", "image_url": {"url": "https://x/y.png"}}]),
    ]
    for value in (body("gpt-4o", messages=messages), messages):
        (found,) = [
            d for d in lint_value(value, "openai").diagnostics if d.rule == "o-tool-content-type"
        ]
        assert found.severity == "error"


# --------------------------------------------------------------------------- the model table


@pytest.mark.parametrize(
    ("model", "family", "reasoning", "version"),
    [
        ("gpt-4o", "gpt-4o", False, None),
        ("gpt-4o-mini-2024-07-18", "gpt-4o", False, None),
        ("chatgpt-4o-latest", "gpt-4o", False, None),
        ("gpt-4.1-nano", "gpt-4.1", False, None),
        ("gpt-35-turbo", "gpt-3.5", False, None),
        ("o1-mini", "o1-mini", True, None),
        ("o1", "o1", True, None),
        ("o3-mini-2025-01-31", "o3-mini", True, None),
        ("o4-mini-2025-04-16", "o4-mini", True, None),
        ("gpt-5", "gpt-5", True, (5, 0)),
        ("gpt-5-mini", "gpt-5", True, (5, 0)),
        ("gpt-5.1-codex-max", "gpt-5", True, (5, 1)),
        ("gpt-5.4-mini-2026-03-17", "gpt-5", True, (5, 4)),
        ("gpt-5.6-terra", "gpt-5", True, (5, 6)),
        ("gpt-5.3-chat-latest", "gpt-5", False, (5, 3)),
        ("gpt-4o-search-preview", "search", None, None),
        ("openai/gpt-4.1", "gpt-4.1", False, None),
        ("llama-3.1-70b", "unknown", None, None),
    ],
)
def test_the_model_table_reads_ids(model, family, reasoning, version):
    info = model_info(model)
    assert (info.family, info.reasoning, info.version) == (family, reasoning, version)
    assert info.known == (family != "unknown")


def test_fine_tuned_ids_keep_their_base():
    info = model_info("ft:gpt-4o-mini-2024-07-18:acme::9xYz12ab")
    assert info.fine_tuned and info.family == "gpt-4o" and info.reasoning is False


# --------------------------------------------------------------------------- wording, speed


def test_api_wording_of_the_new_rules():
    value = with_tools(tool(), tool_choice={"type": "function", "function": {"name": "nope"}})
    (diag,) = [
        d for d in lint_value(value, "openai").diagnostics if d.rule == "o-tool-choice-unknown-name"
    ]
    assert api_error_message(diag.to_dict(), value) == (
        "Invalid value for 'function_call': no function named 'nope' was specified in the "
        "'functions' parameter."
    )
    value = body(messages=[ASK, {"role": "assistant", "content": "x", "tool_calls": []}])
    (diag,) = lint_value(value, "openai").errors
    assert api_error_message(diag.to_dict(), value).startswith(
        "Invalid 'messages[1].tool_calls': empty array."
    )


def test_messages_are_plain_text_safe_for_rich():
    for case in BROKEN:
        for diag in lint_value(case[1], "openai").diagnostics:
            assert_plain_text(diag)


def test_a_long_request_lints_fast():
    messages = [{"role": "system", "content": "Be brief."}]
    for n in range(10):
        messages += [ASK, calls(fn_call(f"call_{n}")), tool_msg(f"call_{n}")]
    value = with_tools(strict_tool(), tool("get_time"), model="gpt-5.4", messages=messages[:30])
    text = json.dumps(value)
    lint(text, "openai")
    start = time.perf_counter()
    for _ in range(20):
        lint_value(value, "openai")
    per_lint = (time.perf_counter() - start) / 20
    assert per_lint < 0.01, per_lint  # the budget is 2 ms; leave room for a slow CI machine
