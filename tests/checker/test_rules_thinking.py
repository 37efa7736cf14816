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
    weather_tool,
)

from checker import lint, lint_value
from checker.i18n import use_language
from checker.rules.anthropic.models import (
    MODELS,
    claude_version,
    is_retired,
    model_info,
    thinking_state,
)

Q = "What's the weather in Paris?"
SIG = "EqQBCkgIBxABGAIqQLk3sF0yZbW9p1nQ2xv6mJ4kT8aR0cE5uH7iL3oN9qS1tV2wX4yZ6bD8fG0hJ2kM4nP6rT8vX0"


def thinking(words: str = "I should call get_weather.", **extra) -> dict:
    block = {"type": "thinking", "thinking": words, "signature": SIG}
    block.update(extra)
    return block


def redacted(data: str = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr") -> dict:
    return {"type": "redacted_thinking", "data": data}


def body(messages=None, *, model="claude-sonnet-4-5", max_tokens=4096, tools=True, **extra):
    out = {"model": model, "max_tokens": max_tokens}
    if tools:
        out["tools"] = [weather_tool()]
    out["messages"] = messages if messages is not None else [user(Q)]
    out.update(extra)
    return out


ENABLED = {"type": "enabled", "budget_tokens": 2048}
ADAPTIVE = {"type": "adaptive"}


def loop(*opener_blocks, model="claude-sonnet-4-5", **extra):
    """A request in the middle of a tool loop whose opening assistant turn has these blocks."""
    blocks = list(opener_blocks) or [tool_use("toolu_01")]
    return body([user(Q), assistant(blocks), user([tool_result("toolu_01")])], model=model, **extra)


# (case id, request, rule, severity, pointer, a word of the message or hint)
BROKEN = [
    # a-thinking-block-missing: the turn that opened the loop lost its thinking block
    # https://github.com/Kilo-Org/kilocode/issues/5219 (manual thinking, tool_use first)
    (
        "missing-manual",
        loop(tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-missing",
        "error",
        "/messages/1/content/0/type",
        "thinking block",
    ),
    # https://github.com/n8n-io/n8n/issues/22550 (text rebuilt before the call)
    (
        "missing-text-first",
        loop(text("Let me check."), tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-missing",
        "error",
        "/messages/1/content/0/type",
        "`text`",
    ),
    # blocks reordered: the thinking block is there but not first
    (
        "missing-reordered",
        loop(text("Let me check."), thinking(), tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-missing",
        "error",
        "/messages/1/content/0/type",
        "must come first",
    ),
    # a two-step loop: the opener (not the last assistant turn) must carry the block
    (
        "missing-in-opener-of-long-loop",
        body(
            [
                user(Q),
                assistant([tool_use("toolu_01")]),
                user([tool_result("toolu_01")]),
                assistant([thinking(), tool_use("toolu_02", args={"city": "Rome"})]),
                user([tool_result("toolu_02")]),
            ],
            thinking=ENABLED,
        ),
        "a-thinking-block-missing",
        "error",
        "/messages/1/content/0/type",
        "messages[1]",
    ),
    # adaptive thinking may skip thinking: a warning
    # https://platform.claude.com/docs/en/build-with-claude/thinking-tool-workflows
    (
        "missing-adaptive",
        loop(tool_use("toolu_01"), model="claude-opus-4-6", thinking=ADAPTIVE),
        "a-thinking-block-missing",
        "note",
        "/messages/1/content/0/type",
        "adaptive",
    ),
    # Claude Sonnet 5 thinks by default when `thinking` is omitted
    (
        "missing-default-on",
        loop(tool_use("toolu_01"), model="claude-sonnet-5"),
        "a-thinking-block-missing",
        "note",
        "/messages/1/content/0/type",
        "by default",
    ),
    # a-thinking-block-shape
    # https://github.com/lbjlaq/Antigravity-Manager/issues/1650 (signature: Field required)
    (
        "shape-no-signature",
        loop(
            {"type": "thinking", "thinking": "Call get_weather."},
            tool_use("toolu_01"),
            thinking=ENABLED,
        ),
        "a-thinking-block-shape",
        "error",
        "/messages/1/content/0/signature",
        "`signature`",
    ),
    # https://github.com/ding113/claude-code-hub/issues/518 (an empty signature is invalid)
    (
        "shape-empty-signature",
        loop(thinking(signature=""), tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-shape",
        "error",
        "/messages/1/content/0/signature",
        "empty",
    ),
    # SDK redacted_thinking_block_param.py: `data` is required
    (
        "shape-redacted-no-data",
        loop({"type": "redacted_thinking"}, tool_use("toolu_01"), thinking=ENABLED),
        "a-thinking-block-shape",
        "error",
        "/messages/1/content/0/data",
        "`data`",
    ),
    (
        "shape-thinking-not-string",
        body([user(Q), assistant([thinking(["a", "b"]), text("18 C")]), user("ok")]),
        "a-thinking-block-shape",
        "error",
        "/messages/1/content/0/thinking",
        "string",
    ),
    # a-thinking-block-unexpected
    # https://github.com/anthropics/claude-code/issues/7946 (a prefill with thinking, off)
    (
        "unexpected-prefill-off",
        body([user(Q), assistant([thinking(), text("The weather is")])], tools=False),
        "a-thinking-block-unexpected",
        "error",
        "/messages/1/content/0",
        "prefill",
    ),
    (
        "unexpected-prefill-disabled",
        body(
            [user(Q), assistant([redacted(), text("The weather is")])],
            tools=False,
            thinking={"type": "disabled"},
        ),
        "a-thinking-block-unexpected",
        "error",
        "/messages/1/content/0",
        "`redacted_thinking`",
    ),
    (
        "unexpected-prefill-unknown-model",
        body([user(Q), assistant([thinking(), text("The weather is")])], model="my-proxy-model"),
        "a-thinking-block-unexpected",
        "warning",
        "/messages/1/content/0",
        "not set",
    ),
    (
        "unexpected-in-user-message",
        body([user([thinking(), text(Q)])], tools=False),
        "a-thinking-block-unexpected",
        "warning",
        "/messages/0/content/0/type",
        "user message",
    ),
    # a-thinking-config-changed: the loop was opened with thinking, now it is off
    (
        "config-changed-disabled",
        loop(thinking(), tool_use("toolu_01"), thinking={"type": "disabled"}),
        "a-thinking-config-changed",
        "warning",
        "/messages/1/content/0",
        "`thinking` is disabled",
    ),
    (
        "config-changed-omitted",
        loop(thinking(), tool_use("toolu_01")),
        "a-thinking-config-changed",
        "warning",
        "/messages/1/content/0",
        "Claude Sonnet 4.5",
    ),
    # a-thinking-shape
    # SDK thinking_config_adaptive_param.py: adaptive takes no budget
    (
        "shape-adaptive-budget",
        body(model="claude-opus-4-6", thinking={"type": "adaptive", "budget_tokens": 8000}),
        "a-thinking-shape",
        "error",
        "/thinking/budget_tokens",
        "no",
    ),
    (
        "shape-unknown-type",
        body(thinking={"type": "extended", "budget_tokens": 2048}),
        "a-thinking-shape",
        "error",
        "/thinking/type",
        '"extended"',
    ),
    ("shape-not-object", body(thinking=True), "a-thinking-shape", "error", "/thinking", "true"),
    (
        "shape-no-budget",
        body(thinking={"type": "enabled"}),
        "a-thinking-shape",
        "error",
        "/thinking/budget_tokens",
        "needs `budget_tokens`",
    ),
    (
        "shape-budget-string",
        body(thinking={"type": "enabled", "budget_tokens": "2048"}),
        "a-thinking-shape",
        "error",
        "/thinking/budget_tokens",
        "integer",
    ),
    # no `type`: the model's default only where it thinks by default (recorded 200 on
    # claude-fable-5-1: pydantic-ai test_anthropic_fable_5_1_drops_a_stale_thinking_block)
    (
        "shape-untyped-off-by-default",
        body(model="claude-haiku-4-5", thinking={"display": "summarized"}),
        "a-thinking-shape",
        "error",
        "/thinking",
        "does not think by default",
    ),
    (
        "shape-untyped-default-on-without-preserved-thinking",
        body(model="claude-sonnet-5", thinking={"display": "summarized"}),
        "a-thinking-shape",
        "warning",
        "/thinking",
        "preserved thinking",
    ),
    (
        "shape-untyped-unknown-model",
        body(model="claude-nova-7", thinking={"display": "summarized"}),
        "a-thinking-shape",
        "note",
        "/thinking",
        "preserved thinking",
    ),
    (
        "shape-block-binding-behavior",
        body(
            model="claude-fable-5-2",
            thinking={"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "drop"}},
        ),
        "a-thinking-shape",
        "error",
        "/thinking/block_binding/prefix_mismatch_behavior",
        "drop_block",
    ),
    (
        "shape-block-binding-not-object",
        body(model="claude-fable-5-1", thinking={"block_binding": "drop_block"}),
        "a-thinking-shape",
        "error",
        "/thinking/block_binding",
        "object",
    ),
    (
        "shape-effort-inside",
        body(model="claude-opus-4-6", thinking={"type": "adaptive", "effort": "high"}),
        "a-thinking-shape",
        "error",
        "/thinking/effort",
        "output_config",
    ),
    (
        "shape-display-bad",
        body(thinking={"type": "enabled", "budget_tokens": 2048, "display": "full"}),
        "a-thinking-shape",
        "error",
        "/thinking/display",
        "`summarized`",
    ),
    # https://platform.claude.com/docs/en/models/fable-5-1/whats-new-fable-5-1 (beta)
    (
        "shape-display-updates-beta",
        body(model="claude-fable-5-1", thinking={"type": "adaptive", "display": "updates"}),
        "a-thinking-shape",
        "note",
        "/thinking/display",
        "beta",
    ),
    # https://platform.claude.com/docs/en/build-with-claude/preserved-thinking (beta key)
    (
        "shape-block-binding-beta",
        body(
            model="claude-fable-5-1",
            thinking={
                "type": "adaptive",
                "block_binding": {"prefix_mismatch_behavior": "drop_block"},
            },
        ),
        "a-thinking-shape",
        "note",
        "/thinking/block_binding",
        "beta",
    ),
    # a-thinking-budget
    # SDK thinking_config_enabled_param.py: "Must be >=1024 and less than max_tokens"
    (
        "budget-below-minimum",
        body(
            model="claude-haiku-4-5",
            tools=False,
            thinking={"type": "enabled", "budget_tokens": 512},
        ),
        "a-thinking-budget",
        "error",
        "/thinking/budget_tokens",
        "1024",
    ),
    # https://github.com/vellum-ai/vellum-assistant/pull/37276
    (
        "budget-equals-max-tokens",
        body(max_tokens=16000, tools=False, thinking={"type": "enabled", "budget_tokens": 16000}),
        "a-thinking-budget",
        "error",
        "/thinking/budget_tokens",
        "not below",
    ),
    (
        "budget-above-max-tokens-with-tools",
        body(max_tokens=4096, thinking={"type": "enabled", "budget_tokens": 8000}),
        "a-thinking-budget",
        "note",
        "/thinking/budget_tokens",
        "interleaved",
    ),
    # a-thinking-mode-unsupported
    # https://github.com/NousResearch/hermes-agent/issues/11137 (Opus 4.7: enabled rejected)
    (
        "mode-enabled-opus-4-7",
        body(
            model="claude-opus-4-7",
            max_tokens=32000,
            thinking={"type": "enabled", "budget_tokens": 16000},
        ),
        "a-thinking-mode-unsupported",
        "error",
        "/thinking/type",
        "manual thinking",
    ),
    (
        "mode-enabled-sonnet-5",
        body(model="claude-sonnet-5", thinking=ENABLED),
        "a-thinking-mode-unsupported",
        "error",
        "/thinking/type",
        "Claude Sonnet 5",
    ),
    (
        "mode-adaptive-sonnet-4-5",
        body(thinking=ADAPTIVE),
        "a-thinking-mode-unsupported",
        "error",
        "/thinking/type",
        "4.6",
    ),
    # https://platform.claude.com/docs/en/models/opus-5-5/whats-new-opus-5-5#thinking-cant-be-disabled
    (
        "mode-disabled-opus-5-5",
        body(model="claude-opus-5-5", thinking={"type": "disabled"}),
        "a-thinking-mode-unsupported",
        "error",
        "/thinking/type",
        "cannot be disabled",
    ),
    # https://github.com/Podden/openwebui_anthropic_api_manifold_pipe/pull/45
    (
        "mode-disabled-opus-5-max-effort",
        body(model="claude-opus-5", thinking={"type": "disabled"}, output_config={"effort": "max"}),
        "a-thinking-mode-unsupported",
        "error",
        "/thinking/type",
        '"max"',
    ),
    (
        "mode-disabled-fable-5-disputed",
        body(model="claude-fable-5", thinking={"type": "disabled"}),
        "a-thinking-mode-unsupported",
        "warning",
        "/thinking/type",
        "not settled",
    ),
    (
        "mode-disabled-sonnet-5-5",
        body(model="claude-sonnet-5-5", thinking={"type": "disabled"}),
        "a-thinking-mode-unsupported",
        "error",
        "/thinking/type",
        "between_tools",
    ),
    (
        "mode-between-tools-elsewhere",
        body(model="claude-opus-5", thinking={"type": "between_tools"}),
        "a-thinking-mode-unsupported",
        "warning",
        "/thinking/type",
        "Sonnet 5.5",
    ),
    (
        "mode-enabled-unknown-new-model",
        body(model="claude-opus-6", thinking=ENABLED),
        "a-thinking-mode-unsupported",
        "warning",
        "/thinking/type",
        "do not know",
    ),
    # a-thinking-sampling
    # https://github.com/MartialBE/one-hub/issues/529 (temperature may only be set to 1)
    (
        "sampling-temperature",
        body(
            tools=False,
            max_tokens=8000,
            temperature=0.7,
            thinking={"type": "enabled", "budget_tokens": 4000},
        ),
        "a-thinking-sampling",
        "error",
        "/temperature",
        "only be 1",
    ),
    # https://github.com/egoist/chatwise-releases/issues/1348 (adaptive mode on 4.6)
    (
        "sampling-adaptive-temperature",
        body(model="claude-sonnet-4-6", temperature=0, thinking=ADAPTIVE),
        "a-thinking-sampling",
        "error",
        "/temperature",
        "only be 1",
    ),
    (
        "sampling-top-k",
        body(model="claude-haiku-4-5", top_k=40, thinking=ENABLED),
        "a-thinking-sampling",
        "error",
        "/top_k",
        "`top_k`",
    ),
    (
        "sampling-top-p-low",
        body(top_p=0.9, thinking=ENABLED),
        "a-thinking-sampling",
        "error",
        "/top_p",
        "0.95",
    ),
    # a-effort-invalid
    # https://platform.claude.com/docs/en/build-with-claude/effort (five levels)
    (
        "effort-unknown",
        body(model="claude-sonnet-5", output_config={"effort": "turbo"}),
        "a-effort-invalid",
        "error",
        "/output_config/effort",
        '"turbo"',
    ),
    (
        "effort-upper-case",
        body(model="claude-opus-4-6", output_config={"effort": "High"}),
        "a-effort-invalid",
        "error",
        "/output_config/effort",
        "lower case",
    ),
    (
        "effort-openai-minimal",
        body(model="claude-opus-5", output_config={"effort": "minimal"}),
        "a-effort-invalid",
        "error",
        "/output_config/effort",
        '"minimal"',
    ),
    # https://github.com/anomalyco/opencode/issues/22788 (4.6: no xhigh; a recorded 400)
    (
        "effort-xhigh-on-opus-4-6",
        body(model="claude-opus-4-6", output_config={"effort": "xhigh"}),
        "a-effort-invalid",
        "error",
        "/output_config/effort",
        "`max`",
    ),
    (
        "effort-on-haiku-4-5",
        body(model="claude-haiku-4-5", output_config={"effort": "low"}),
        "a-effort-invalid",
        "error",
        "/output_config/effort",
        "budget_tokens",
    ),
    # a-tool-choice-thinking keeps its meaning: manual thinking with a forced tool
    # https://github.com/mastra-ai/mastra/issues/7507
    (
        "forced-with-manual-thinking",
        body(
            max_tokens=16096,
            thinking={"type": "enabled", "budget_tokens": 4000},
            tool_choice={"type": "any"},
        ),
        "a-tool-choice-thinking",
        "error",
        "/tool_choice/type",
        "extended thinking",
    ),
    # a-tool-choice-forced-unsupported
    # https://platform.claude.com/docs/en/models/opus-5-5/whats-new-opus-5-5#forced-tool-use-is-not-supported
    (
        "forced-opus-5-5",
        body(model="claude-opus-5-5", tool_choice={"type": "any"}),
        "a-tool-choice-forced-unsupported",
        "error",
        "/tool_choice/type",
        "Claude Opus 5.5",
    ),
    # https://github.com/experientiallabs/experiential/pull/804 (Fable 5.1)
    (
        "forced-fable-5-1",
        body(model="claude-fable-5-1", tool_choice={"type": "tool", "name": "get_weather"}),
        "a-tool-choice-forced-unsupported",
        "error",
        "/tool_choice/type",
        "`tool`",
    ),
    (
        "forced-sonnet-5-5-with-adaptive",
        body(model="claude-sonnet-5-5", thinking=ADAPTIVE, tool_choice={"type": "any"}),
        "a-tool-choice-forced-unsupported",
        "error",
        "/tool_choice/type",
        "Sonnet 5.5",
    ),
    (
        "forced-haiku-5-5-undocumented",
        body(model="claude-haiku-5-5", tool_choice={"type": "any"}),
        "a-tool-choice-forced-unsupported",
        "warning",
        "/tool_choice/type",
        "not documented",
    ),
    (
        "forced-unknown-model",
        body(model="claude-sonnet-6", tool_choice={"type": "any"}),
        "a-tool-choice-forced-unsupported",
        "warning",
        "/tool_choice/type",
        "not a model we know",
    ),
]

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
