"""Messages API requests the API refuses over thinking: resent thinking blocks, the
`thinking` parameter, effort, and forced tools (see test_rules_thinking.py).
"""

from __future__ import annotations

from checker_requests import (
    assistant,
    text,
    tool_result,
    tool_use,
    user,
)
from thinking_requests import ADAPTIVE, ENABLED, Q, body, loop, redacted, thinking

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
