"""Thinking rules: resent thinking blocks, the `thinking` parameter, effort, and forced tools.

Each broken request names the rule, severity, JSON pointer and a word of the message; each
near miss must not trigger the rule and must be a valid request. The comments cite the
docs page or public report each case comes from.
"""

from __future__ import annotations

import json

import pytest
from checker_requests import (
    assert_plain_text,
    assistant,
    dump_positions,
    expected_position,
    text,
    tool_result,
    tool_use,
    user,
)
from thinking_broken import BROKEN
from thinking_requests import ADAPTIVE, ENABLED, Q, body, loop, redacted, thinking

from checker import lint, lint_value
from checker.i18n import use_language
from checker.rules.anthropic.models import (
    MODELS,
    claude_version,
    is_retired,
    model_info,
    thinking_state,
)

# (case id, request, rule): the rule stays quiet and the request is valid
NEAR_MISSES = [
    # the thinking block resent first: https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows
    (
        "preserved",
        loop(thinking(), tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-missing",
    ),
    (
        "redacted-first",
        loop(redacted(), tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-missing",
    ),
    # earlier, finished loops may drop their thinking blocks
    # https://platform.claude.com/docs/en/build-with-claude/extended-thinking#preserving-thinking-blocks
    (
        "earlier-loop-dropped",
        body(
            [
                user("Is it raining in Paris?"),
                assistant([tool_use("toolu_01")]),
                user([tool_result("toolu_01")]),
                assistant("Yes, light rain."),
                user("And in Rome?"),
                assistant([thinking(), tool_use("toolu_02", args={"city": "Rome"})]),
                user([tool_result("toolu_02")]),
            ],
            thinking=ENABLED,
        ),
        "a-thinking-block-missing",
    ),
    # interleaved thinking: thinking blocks after calls (https://github.com/anthropics/claude-code/issues/63404)
    (
        "interleaved",
        body(
            [
                user("Weather in Paris and Rome?"),
                assistant(
                    [
                        thinking(),
                        tool_use("toolu_01"),
                        thinking("Rome too."),
                        tool_use("toolu_02", args={"city": "Rome"}),
                    ]
                ),
                user([tool_result("toolu_01"), tool_result("toolu_02")]),
            ],
            model="claude-opus-4-6",
            max_tokens=32000,
            thinking=ADAPTIVE,
        ),
        "a-thinking-block-missing",
    ),
    # a later step of the loop without thinking (no interleaved thinking)
    (
        "later-step-without-thinking",
        body(
            [
                user(Q),
                assistant([thinking(), tool_use("toolu_01")]),
                user([tool_result("toolu_01")]),
                assistant([tool_use("toolu_02", args={"city": "Rome"})]),
                user([tool_result("toolu_02")]),
            ],
            thinking=ENABLED,
        ),
        "a-thinking-block-missing",
    ),
    ("thinking-off", loop(tool_use("toolu_01")), "a-thinking-block-missing"),
    (
        "between-tools",
        loop(tool_use("toolu_01"), model="claude-sonnet-5-5", thinking={"type": "between_tools"}),
        "a-thinking-block-missing",
    ),
    ("no-loop", body(thinking=ENABLED), "a-thinking-block-missing"),
    # a thinking block with empty text (display: omitted) is fine
    (
        "omitted-text",
        loop(thinking(""), tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-shape",
    ),
    # thinking blocks of earlier turns are ignored when thinking is off
    (
        "earlier-turn-while-off",
        body(
            [user("17*23?"), assistant([thinking("391"), text("391")]), user("And 17*24?")],
            tools=False,
        ),
        "a-thinking-block-unexpected",
    ),
    (
        "prefill-with-thinking-on",
        body([user(Q), assistant([thinking(), text("It is")])], tools=False, thinking=ENABLED),
        "a-thinking-block-unexpected",
    ),
    (
        "config-same",
        loop(thinking(), tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-config-changed",
    ),
    (
        "shape-enabled",
        body(thinking={"type": "enabled", "budget_tokens": 2048, "display": "summarized"}),
        "a-thinking-shape",
    ),
    ("shape-disabled", body(thinking={"type": "disabled"}), "a-thinking-shape"),
    (
        "shape-adaptive-omitted",
        body(model="claude-opus-4-7", thinking={"type": "adaptive", "display": "omitted"}),
        "a-thinking-shape",
    ),
    (
        "shape-between-tools",
        body(model="claude-sonnet-5-5", thinking={"type": "between_tools"}),
        "a-thinking-shape",
    ),
    (
        "budget-minimum",
        body(
            model="claude-haiku-4-5",
            max_tokens=2048,
            tools=False,
            thinking={"type": "enabled", "budget_tokens": 1024},
        ),
        "a-thinking-budget",
    ),
    (
        "budget-below-max",
        body(max_tokens=16000, tools=False, thinking={"type": "enabled", "budget_tokens": 10000}),
        "a-thinking-budget",
    ),
    (
        "mode-adaptive-opus-4-7",
        body(model="claude-opus-4-7", thinking=ADAPTIVE, output_config={"effort": "xhigh"}),
        "a-thinking-mode-unsupported",
    ),
    (
        "mode-enabled-opus-4-6-deprecated",
        body(model="claude-opus-4-6", thinking=ENABLED),
        "a-thinking-mode-unsupported",
    ),
    (
        "mode-disabled-opus-5-high",
        body(
            model="claude-opus-5", thinking={"type": "disabled"}, output_config={"effort": "high"}
        ),
        "a-thinking-mode-unsupported",
    ),
    (
        "mode-omitted-opus-5-5-low",
        body(model="claude-opus-5-5", output_config={"effort": "low"}),
        "a-thinking-mode-unsupported",
    ),
    (
        "mode-disabled-sonnet-5",
        body(model="claude-sonnet-5", thinking={"type": "disabled"}),
        "a-thinking-mode-unsupported",
    ),
    (
        "mode-between-tools-sonnet-5-5",
        body(model="claude-sonnet-5-5", thinking={"type": "between_tools"}),
        "a-thinking-mode-unsupported",
    ),
    ("sampling-temperature-1", body(temperature=1, thinking=ENABLED), "a-thinking-sampling"),
    (
        "sampling-top-p-0-95",
        body(model="claude-haiku-4-5", top_p=0.95, thinking=ENABLED),
        "a-thinking-sampling",
    ),
    ("sampling-no-thinking", body(temperature=0.2), "a-thinking-sampling"),
    (
        "effort-low",
        body(model="claude-sonnet-5", output_config={"effort": "low"}),
        "a-effort-invalid",
    ),
    (
        "effort-max-opus-4-6",
        body(model="claude-opus-4-6", output_config={"effort": "max"}),
        "a-effort-invalid",
    ),
    (
        "effort-null",
        body(model="claude-opus-5", output_config={"effort": None}),
        "a-effort-invalid",
    ),
    (
        "choice-auto-thinking",
        body(thinking=ENABLED, tool_choice={"type": "auto"}),
        "a-tool-choice-thinking",
    ),
    # adaptive thinking with a forced tool is valid where forcing is: https://github.com/langchain-ai/langchain-aws/pull/1141
    (
        "choice-forced-adaptive",
        body(
            model="claude-opus-4-6",
            thinking=ADAPTIVE,
            tool_choice={"type": "tool", "name": "get_weather"},
        ),
        "a-tool-choice-thinking",
    ),
    (
        "choice-forced-fable-5",
        body(model="claude-fable-5", tool_choice={"type": "any"}),
        "a-tool-choice-forced-unsupported",
    ),
    (
        "shape-untyped-fable-5-1",
        body(model="claude-fable-5-1", thinking={"display": "summarized"}),
        "a-thinking-shape",
    ),
    (
        "shape-untyped-opus-5-5-dated-platform-id",
        body(model="anthropic.claude-opus-5-5-v1:0", thinking={"display": "omitted"}),
        "a-thinking-shape",
    ),
    (
        "choice-auto-fable-5-1",
        body(model="claude-fable-5-1", tool_choice={"type": "auto"}),
        "a-tool-choice-forced-unsupported",
    ),
    (
        "choice-forced-sonnet-4-5-dated",
        body(model="claude-sonnet-4-5-20250929", tool_choice={"type": "any"}),
        "a-tool-choice-forced-unsupported",
    ),
]


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("request_body", "rule", "severity", "path", "words"),
    [pytest.param(*case[1:], id=case[0]) for case in BROKEN],
)
def test_broken(request_body, rule, severity, path, words):
    result = lint_value(request_body, "anthropic")
    found = _find(result, rule, path)
    assert found, [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint, found[0]
    assert_plain_text(found[0])
    if severity == "error":
        assert not result.valid
    # the same request as text: the diagnostic stands at the value its pointer names
    doc, positions = dump_positions(request_body, 2)
    placed = _find(lint(doc, "anthropic"), rule, path)
    assert placed and (placed[0].line, placed[0].column) == expected_position(positions, path)


@pytest.mark.parametrize(
    ("request_body", "rule"), [pytest.param(*case[1:], id=case[0]) for case in NEAR_MISSES]
)
def test_near_miss(request_body, rule):
    result = lint_value(request_body, "anthropic")
    assert not [d for d in result.diagnostics if d.rule == rule], result.diagnostics
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]


def test_every_broken_case_reads_in_portuguese():
    for case_id, request_body, rule, _severity, path, _words in BROKEN:
        english = _find(lint_value(request_body, "anthropic"), rule, path)[0]
        with use_language("pt-BR"):
            found = _find(lint_value(request_body, "anthropic"), rule, path)
        assert found and found[0].severity == english.severity, case_id
        assert found[0].message != english.message, (case_id, english.message)
        assert_plain_text(found[0])


def test_bare_messages_skip_the_body_rules():
    """A bare array has no `thinking` to read: only the message rules speak."""
    messages = loop(tool_use("toolu_01"), thinking=ENABLED)["messages"]
    assert not [d for d in lint_value(messages, "anthropic").diagnostics if "thinking" in d.rule]
    prefill = [user(Q), assistant([thinking(), text("It is")])]
    assert not lint_value(prefill, "anthropic").diagnostics


def test_the_api_wording_of_a_missing_signature():
    from checker.rules.api_text import api_error_message

    request_body = BROKEN[6][1]
    found = _find(lint_value(request_body, "anthropic"), "a-thinking-block-shape", BROKEN[6][4])
    text_ = api_error_message(found[0].to_dict(), request_body)
    assert text_ == "messages.1.content.0.thinking.signature: Field required"


# --------------------------------------------------------------------------- the model table


@pytest.mark.parametrize(
    ("model", "name"),
    [
        ("claude-sonnet-4-5", "Claude Sonnet 4.5"),
        ("claude-sonnet-4-5-20250929", "Claude Sonnet 4.5"),
        ("anthropic.claude-sonnet-4-5-20250929-v1:0", "Claude Sonnet 4.5"),
        ("us.anthropic.claude-opus-4-8-v1:0", "Claude Opus 4.8"),
        ("claude-haiku-4-5@20251001", "Claude Haiku 4.5"),
        ("anthropic/claude-sonnet-4.5", "Claude Sonnet 4.5"),
        ("claude-opus-5-5", "Claude Opus 5.5"),
        ("claude-mythos-preview", "Claude Mythos Preview"),
    ],
)
def test_model_ids_are_read_in_every_platform_spelling(model, name):
    assert model_info(model).name == name


def test_the_table_is_consistent():
    ids = [mid for m in MODELS for mid in m.ids]
    assert len(ids) == len(set(ids)), "an id is listed twice"
    for m in MODELS:
        for mid in m.ids:
            assert model_info(mid) is m
            assert claude_version(mid) in (m.version, None)
        assert m.prefill == (m.version < (4, 6))
        if m.forced_tool_choice is False:
            assert m.thinking_default in ("on", "always")
        if m.manual_thinking == "yes":
            assert not m.adaptive


def test_unknown_and_retired_models():
    assert model_info("claude-opus-6") is None and model_info("gpt-4o") is None
    assert is_retired("claude-3-5-sonnet-20241022") and is_retired("claude-opus-4-1-20250805")
    assert is_retired("claude-sonnet-4-20250514") and is_retired("claude-2.1")
    assert not is_retired("claude-haiku-4-5") and not is_retired("claude-opus-6")
    assert not is_retired("gpt-4o") and not is_retired(None)


@pytest.mark.parametrize(
    ("request_body", "model", "state"),
    [
        ({"thinking": ENABLED}, None, "manual"),
        ({"thinking": ADAPTIVE}, "claude-opus-4-6", "adaptive"),
        ({"thinking": {"type": "disabled"}}, "claude-sonnet-5", "off"),
        ({}, "claude-sonnet-4-5", "off"),
        ({}, "claude-sonnet-5", "default-on"),
        ({}, "claude-fable-5-1", "default-on"),
        ({}, "claude-opus-4-7", "off"),
        ({}, "claude-opus-9", "unknown"),
        ({}, None, "unknown"),
        ({"thinking": "on"}, None, "unknown"),
        (None, "claude-sonnet-4-5", "unknown"),
    ],
)
def test_thinking_state(request_body, model, state):
    assert thinking_state(request_body, model) == state


def test_cases_in_this_file_are_json():
    """Every request here is plain JSON (what a learner would paste)."""
    for case in BROKEN + NEAR_MISSES:
        assert json.loads(json.dumps(case[1])) == case[1]


def test_a_long_loop_is_linted_in_linear_time():
    def sized(n):
        messages = [user(Q)]
        for k in range(n):
            uid = f"toolu_{k:04d}"
            messages += [assistant([thinking(), tool_use(uid)]), user([tool_result(uid)])]
        return body(messages, thinking=ENABLED)

    small, large = sized(250), sized(1000)
    assert lint_value(small).valid and lint_value(large).valid
    # best of three runs each: a busy machine slows single runs, not the best one
    t_small, t_large = _best_time(lambda: lint_value(small)), _best_time(lambda: lint_value(large))
    assert t_large < 10 * t_small + 0.02  # 4x the messages; quadratic would be 16x


def _best_time(fn, runs: int = 3) -> float:
    import time

    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def test_block_binding_alone_is_accepted_with_its_beta_header():
    """The recorded Fable 5.1 request: `thinking` holds only `block_binding`. With the beta
    header in the log it is clean; with another beta it is a warning; with no headers known,
    a note (hidden by default)."""
    request = body(
        model="claude-fable-5-1",
        tools=False,
        thinking={"block_binding": {"prefix_mismatch_behavior": "drop_block"}},
    )
    sent = {"anthropic-beta": "thinking-binding-controls-2026-08-01"}
    assert not lint_value(request, "anthropic", headers=sent).diagnostics
    other = lint_value(request, "anthropic", headers={"anthropic-beta": "files-api-2025-04-14"})
    assert [(d.severity, d.path) for d in other.diagnostics] == [
        ("warning", "/thinking/block_binding")
    ]
    unknown = lint_value(request, "anthropic")
    assert unknown.valid and [d.severity for d in unknown.diagnostics] == ["note"]
