"""Body rules: required and unknown fields, the fields of messages and blocks, the text and
option fields, the sampling parameters, the model, and `role: "system"` mid-conversation.

Each broken request names the rule, severity, JSON pointer and a word of the message; each
near miss must not trigger the rule and must be a valid request. The comments cite the
docs page or public report each case comes from.
"""

from __future__ import annotations

import pytest
from body_broken import BROKEN
from body_requests import Q, body, mid_system, system_message, without
from checker_requests import (
    anthropic_body,
    assert_plain_text,
    assistant,
    dump_positions,
    expected_position,
    text,
    tool_result,
    tool_use,
    user,
)

from checker import lint, lint_value
from checker.i18n import use_language

NEAR_MISSES = [
    ("required-present", body(), "a-body-field-missing"),
    # https://platform.claude.com/docs/en/build-with-claude/structured-outputs
    (
        "output-config-format",
        body(
            model="claude-sonnet-4-6",
            output_config={
                "format": {
                    "type": "json_schema",
                    "schema": {
                        "type": "object",
                        "properties": {"a": {"type": "string"}},
                        "required": ["a"],
                        "additionalProperties": False,
                    },
                }
            },
        ),
        "a-body-field-unknown",
    ),
    (
        "all-ga-fields",
        body(
            system="Be terse.",
            metadata={"user_id": "u-1"},
            stop_sequences=["END"],
            stream=False,
            service_tier="auto",
            cache_control={"type": "ephemeral"},
            inference_geo="us",
            container=None,
        ),
        "a-body-field-unknown",
    ),
    ("stream-true", body(stream=True), "a-body-field-type"),
    ("max-tokens-cap", body(max_tokens=64000), "a-max-tokens-range"),
    (
        "max-tokens-opus-5-cap",
        body(model="claude-opus-5", max_tokens=128000, stream=True),
        "a-max-tokens-range",
    ),
    ("max-tokens-float-whole", body(max_tokens=1024.0), "a-max-tokens-range"),
    ("system-string", body(system="Be terse."), "a-system-invalid"),
    (
        "system-blocks",
        body(
            system=[
                {
                    "type": "text",
                    "text": "Be terse.",
                    "cache_control": {"type": "ephemeral", "ttl": "1h"},
                }
            ]
        ),
        "a-system-invalid",
    ),
    ("stop-ok", body(stop_sequences=["</answer>", "\n\nHuman:"]), "a-stop-sequences-invalid"),
    (
        "metadata-uuid",
        body(metadata={"user_id": "5f2b9c1e-8d4a-4b7e-9a13-2c6d7e8f9a01"}),
        "a-metadata-invalid",
    ),
    ("metadata-null-id", body(metadata={"user_id": None}), "a-metadata-invalid"),
    ("tier-standard-only", body(service_tier="standard_only"), "a-service-tier-invalid"),
    ("current-model", body(model="claude-haiku-4-5-20251001"), "a-model-retired"),
    ("unknown-model-not-retired", body(model="claude-opus-6"), "a-model-retired"),
    ("plain-messages", anthropic_body(), "a-message-field-unknown"),
    # cache_control on a system message:
    # https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages
    (
        "system-message-cache-control",
        mid_system("claude-opus-4-8")
        | {
            "messages": [
                user("Go."),
                system_message(cache_control={"type": "ephemeral"}),
                assistant("OK."),
                user("Next."),
            ]
        },
        "a-message-field-unknown",
    ),
    (
        "blocks-with-their-fields",
        body(
            [
                user(
                    [
                        {
                            "type": "text",
                            "text": Q,
                            "cache_control": {"type": "ephemeral"},
                            "citations": None,
                        },
                        {
                            "type": "image",
                            "source": {"type": "url", "url": "https://example.com/a.png"},
                        },
                    ]
                )
            ]
        ),
        "a-block-field-unknown",
    ),
    (
        "tool-use-caller",
        anthropic_body(
            [
                user(Q),
                assistant([{**tool_use("toolu_01"), "caller": {"type": "direct"}}]),
                user([tool_result("toolu_01", is_error=False)]),
            ]
        ),
        "a-block-field-unknown",
    ),
    ("temperature-zero", body(temperature=0), "a-sampling-range"),
    ("top-p-one", body(top_p=1), "a-sampling-range"),
    ("top-k-forty", body(top_k=40), "a-sampling-range"),
    ("temperature-only", body(model="claude-sonnet-4-6", temperature=0.8), "a-sampling-conflict"),
    (
        "no-sampling-opus-4-7",
        body(model="claude-opus-4-7", output_config={"effort": "low"}),
        "a-sampling-unsupported",
    ),
    # https://github.com/simonw/llm-anthropic/issues/73 (Opus 4.8 takes role "system")
    ("system-role-opus-4-8", mid_system("claude-opus-4-8"), "a-invalid-role"),
    ("system-role-fable-5-1", mid_system("claude-fable-5-1"), "a-invalid-role"),
    ("system-role-sonnet-5-5", mid_system("claude-sonnet-5-5"), "a-invalid-role"),
    (
        "system-effort-only-message",
        body(
            [
                user("Plan it."),
                assistant("1. Export."),
                {"role": "system", "content": [], "output_config": {"effort": "low"}},
                user("Summarise."),
            ],
            model="claude-fable-5-1",
        ),
        "a-empty-content",
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


def test_a_fragment_is_not_asked_for_its_required_fields():
    """An exercise that asks for part of a body (`fragment=True`) skips the request rules."""
    fragment = {"messages": [user(Q)], "tool_choice": {"type": "auto"}}
    assert not lint_value(fragment, "anthropic", fragment=True).diagnostics
    whole = lint_value(fragment, "anthropic")
    assert {d.rule for d in whole.errors} == {"a-body-field-missing"}
    assert {d.path for d in whole.errors} == {"/model", "/max_tokens"}


def test_the_api_wording_of_a_missing_field():
    from checker.rules.api_text import api_error_message

    request_body = without("max_tokens")
    found = _find(lint_value(request_body, "anthropic"), "a-body-field-missing", "/max_tokens")
    assert api_error_message(found[0].to_dict(), request_body) == "max_tokens: Field required"
    request_body = body(response_format={"type": "json_object"})
    found = _find(lint_value(request_body, "anthropic"), "a-body-field-unknown", "/response_format")
    assert (
        api_error_message(found[0].to_dict(), request_body)
        == "response_format: Extra inputs are not permitted"
    )


def test_a_bare_messages_array_gets_the_message_rules_only():
    messages = [
        user(Q),
        {"role": "assistant", "content": "18 C", "reasoning_details": []},
        user("ok"),
    ]
    found = lint_value(messages, "anthropic")
    assert [d.rule for d in found.errors] == ["a-message-field-unknown"]
    # role "system" with no model to tell: a warning
    found = lint_value(
        [user("Go."), system_message(), assistant("OK."), user("Next.")], "anthropic"
    )
    assert [(d.rule, d.severity) for d in found.diagnostics] == [("a-invalid-role", "warning")]
    assert "no `model`" in found.diagnostics[0].message


def test_the_model_option_decides_for_a_bare_array():
    messages = [user("Go."), system_message(), assistant("OK."), user("Next.")]
    assert lint_value(messages, "anthropic", model="claude-opus-4-8").diagnostics == []
    refused = lint_value(messages, "anthropic", model="claude-sonnet-4-6")
    assert [(d.rule, d.severity) for d in refused.diagnostics] == [("a-invalid-role", "error")]


def test_many_messages_with_stray_fields_are_linted_in_linear_time():
    def sized(n):
        messages = []
        for k in range(n):
            messages += [{"role": "user", "content": f"q{k}", "ts": k}, assistant([text(f"a{k}")])]
        messages.append(user("last"))
        return body(messages)

    small, large = sized(200), sized(800)
    assert len(lint_value(small).errors) == 200 and len(lint_value(large).errors) == 800
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
