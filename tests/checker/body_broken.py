"""Messages API requests the API refuses over the body: required and unknown fields, the
fields of messages and blocks, text and option fields, sampling, the model, and a
mid-conversation `role: "system"` (see test_rules_body.py).
"""

from __future__ import annotations

from body_requests import Q, body, mid_system, system_message, without
from checker_requests import (
    anthropic_body,
    assistant,
    text,
    tool_result,
    tool_use,
    user,
)

# (case id, request, rule, severity, pointer, a word of the message or hint)
BROKEN = [
    # a-body-field-missing: SDK message_create_params.py marks both Required
    (
        "missing-max-tokens",
        without("max_tokens"),
        "a-body-field-missing",
        "error",
        "/max_tokens",
        "`max_tokens`",
    ),
    ("missing-model", without("model"), "a-body-field-missing", "error", "/model", "`model`"),
    (
        "missing-model-bedrock-body",
        without("model", anthropic_version="bedrock-2023-05-31"),
        "a-body-field-missing",
        "warning",
        "/model",
        "Bedrock",
    ),
    # a-body-field-unknown
    # https://github.com/amrit110/oli/issues/7 (response_format: Extra inputs are not permitted)
    (
        "unknown-response-format",
        body(response_format={"type": "json_object"}),
        "a-body-field-unknown",
        "error",
        "/response_format",
        "output_config",
    ),
    (
        "unknown-effort-top-level",
        body(model="claude-opus-4-6", effort="high"),
        "a-body-field-unknown",
        "error",
        "/effort",
        "output_config",
    ),
    (
        "unknown-openai-stop",
        body(stop=["\n"]),
        "a-body-field-unknown",
        "error",
        "/stop",
        "stop_sequences",
    ),
    ("unknown-openai-n", body(n=2), "a-body-field-unknown", "error", "/n", "OpenAI"),
    # https://github.com/Aider-AI/aider/issues/3367 (extra_body: Extra inputs are not permitted)
    (
        "unknown-sdk-extra-body",
        body(extra_body={"top_k": 5}),
        "a-body-field-unknown",
        "error",
        "/extra_body",
        "SDK",
    ),
    (
        "unknown-sdk-betas",
        body(betas=["context-1m-2025-08-07"]),
        "a-body-field-unknown",
        "error",
        "/betas",
        "anthropic-beta",
    ),
    (
        "unknown-typo",
        body(max_token=1024),
        "a-body-field-unknown",
        "error",
        "/max_token",
        "`max_tokens`",
    ),
    # SDK beta/message_create_params.py: `speed` is a beta field
    (
        "unknown-beta-field",
        body(speed="fast", model="claude-opus-4-8"),
        "a-body-field-unknown",
        "note",
        "/speed",
        "beta",
    ),
    (
        "unknown-bedrock-version",
        body(anthropic_version="bedrock-2023-05-31"),
        "a-body-field-unknown",
        "warning",
        "/anthropic_version",
        "Bedrock",
    ),
    (
        "unknown-output-config-key",
        body(output_config={"verbosity": "low"}),
        "a-body-field-unknown",
        "error",
        "/output_config/verbosity",
        "`effort`",
    ),
    (
        "unknown-output-config-beta",
        body(output_config={"task_budget": {"type": "tokens", "total": 20000}}),
        "a-body-field-unknown",
        "note",
        "/output_config/task_budget",
        "beta",
    ),
    (
        "output-config-not-object",
        body(output_config="low"),
        "a-body-field-unknown",
        "error",
        "/output_config",
        "object",
    ),
    # a-body-field-type
    ("stream-string", body(stream="true"), "a-body-field-type", "error", "/stream", "`true`"),
    ("model-empty", body(model=""), "a-body-field-type", "error", "/model", "model id"),
    (
        "model-object",
        body(model={"id": "claude-sonnet-4-5"}),
        "a-body-field-type",
        "error",
        "/model",
        "model id",
    ),
    # a-max-tokens-range
    # https://platform.claude.com/docs/en/about-claude/models/overview (64K on Sonnet 4.5)
    (
        "max-tokens-over-cap",
        body(max_tokens=100000),
        "a-max-tokens-range",
        "error",
        "/max_tokens",
        "64000",
    ),
    (
        "max-tokens-over-batch-cap",
        body(model="claude-opus-5", max_tokens=400000),
        "a-max-tokens-range",
        "error",
        "/max_tokens",
        "128000",
    ),
    (
        "max-tokens-batch-beta",
        body(model="claude-sonnet-5-5", max_tokens=200000),
        "a-max-tokens-range",
        "warning",
        "/max_tokens",
        "Batch API",
    ),
    (
        "max-tokens-negative",
        body(max_tokens=-1),
        "a-max-tokens-range",
        "error",
        "/max_tokens",
        "negative",
    ),
    (
        "max-tokens-fraction",
        body(max_tokens=1024.5),
        "a-max-tokens-range",
        "error",
        "/max_tokens",
        "whole number",
    ),
    (
        "max-tokens-bool",
        body(max_tokens=True),
        "a-max-tokens-range",
        "error",
        "/max_tokens",
        "whole number",
    ),
    (
        "max-tokens-string",
        body(max_tokens="1024"),
        "a-max-tokens-range",
        "warning",
        "/max_tokens",
        "number",
    ),
    # https://platform.claude.com/docs/en/build-with-claude/prompt-caching#pre-warming-the-cache
    (
        "max-tokens-zero",
        body(model="claude-sonnet-4-6", max_tokens=0),
        "a-max-tokens-range",
        "warning",
        "/max_tokens",
        "cache",
    ),
    (
        "max-tokens-unknown-model",
        body(model="claude-opus-6", max_tokens=500000),
        "a-max-tokens-range",
        "warning",
        "/max_tokens",
        "128000",
    ),
    # a-system-invalid: SDK `system: Union[str, Iterable[TextBlockParam]]`
    (
        "system-single-block",
        body(system={"type": "text", "text": "Be terse."}),
        "a-system-invalid",
        "error",
        "/system",
        "array",
    ),
    (
        "system-strings",
        body(system=["Be terse."]),
        "a-system-invalid",
        "error",
        "/system/0",
        "text block",
    ),
    (
        "system-image",
        body(
            system=[
                {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}}
            ]
        ),
        "a-system-invalid",
        "error",
        "/system/0/type",
        "only `text`",
    ),
    (
        "system-extra-key",
        body(system=[{"type": "text", "text": "Be terse.", "role": "system"}]),
        "a-system-invalid",
        "error",
        "/system/0/role",
        '"role"',
    ),
    (
        "system-blank",
        body(system=[{"type": "text", "text": " "}]),
        "a-system-invalid",
        "warning",
        "/system/0/text",
        "blank",
    ),
    ("system-number", body(system=5), "a-system-invalid", "error", "/system", "a number"),
    # a-stop-sequences-invalid
    # https://github.com/BerriAI/litellm/issues/3286 (must contain non-whitespace)
    (
        "stop-newline",
        body(stop_sequences=["\n"]),
        "a-stop-sequences-invalid",
        "error",
        "/stop_sequences/0",
        "whitespace",
    ),
    # https://github.com/MegaGrindStone/mcp-web-ui/issues/5 (must be non-empty)
    (
        "stop-empty",
        body(stop_sequences=["END", ""]),
        "a-stop-sequences-invalid",
        "error",
        "/stop_sequences/1",
        "empty",
    ),
    (
        "stop-string",
        body(stop_sequences="END"),
        "a-stop-sequences-invalid",
        "error",
        "/stop_sequences",
        "array",
    ),
    (
        "stop-number",
        body(stop_sequences=[42]),
        "a-stop-sequences-invalid",
        "error",
        "/stop_sequences/0",
        "not a string",
    ),
    # a-metadata-invalid: SDK metadata_param.py has only user_id
    (
        "metadata-extra",
        body(metadata={"session": "abc"}),
        "a-metadata-invalid",
        "error",
        "/metadata/session",
        '"session"',
    ),
    (
        "metadata-user-id-number",
        body(metadata={"user_id": 42}),
        "a-metadata-invalid",
        "error",
        "/metadata/user_id",
        "string",
    ),
    (
        "metadata-email",
        body(metadata={"user_id": "ana@example.com"}),
        "a-metadata-invalid",
        "warning",
        "/metadata/user_id",
        "e-mail",
    ),
    (
        "metadata-string",
        body(metadata="user-1"),
        "a-metadata-invalid",
        "error",
        "/metadata",
        "object",
    ),
    # a-service-tier-invalid: https://platform.claude.com/docs/en/api/service-tiers
    (
        "tier-priority",
        body(service_tier="priority"),
        "a-service-tier-invalid",
        "error",
        "/service_tier",
        "standard_only",
    ),
    # a-model-retired: https://platform.claude.com/docs/en/about-claude/model-deprecations (a 404)
    (
        "retired-sonnet-4",
        body(model="claude-sonnet-4-20250514"),
        "a-model-retired",
        "warning",
        "/model",
        "404",
    ),
    (
        "retired-3-5-sonnet",
        body(model="claude-3-5-sonnet-20241022"),
        "a-model-retired",
        "warning",
        "/model",
        "retired",
    ),
    # a-message-field-unknown
    # https://github.com/RooCodeInc/Roo-Code/issues/11429 (messages.1.reasoning_details)
    (
        "message-reasoning-details",
        body(
            [
                user(Q),
                {"role": "assistant", "content": "18 C.", "reasoning_details": []},
                user("ok"),
            ]
        ),
        "a-message-field-unknown",
        "error",
        "/messages/1/reasoning_details",
        "`thinking`",
    ),
    (
        "message-openai-tool-calls",
        body([user(Q), {"role": "assistant", "content": "", "tool_calls": []}, user("ok")]),
        "a-message-field-unknown",
        "error",
        "/messages/1/tool_calls",
        "`tool_use`",
    ),
    (
        "message-name",
        body([{"role": "user", "content": Q, "name": "ana"}]),
        "a-message-field-unknown",
        "error",
        "/messages/0/name",
        '"name"',
    ),
    (
        "message-cache-control",
        body([{"role": "user", "content": Q, "cache_control": {"type": "ephemeral"}}]),
        "a-message-field-unknown",
        "error",
        "/messages/0/cache_control",
        "content block",
    ),
    # https://platform.claude.com/docs/en/build-with-claude/effort-per-message (beta)
    (
        "system-message-effort-beta",
        body(
            [
                user("Plan it."),
                assistant("1. Export."),
                {"role": "system", "content": [], "output_config": {"effort": "low"}},
                user("Summarise."),
            ],
            model="claude-fable-5-1",
        ),
        "a-message-field-unknown",
        "note",
        "/messages/2/output_config",
        "beta",
    ),
    # a-block-field-unknown
    # https://github.com/anthropics/claude-code/issues/4378 (messages.65.content.1.tool_use.text)
    (
        "block-tool-use-text",
        anthropic_body(
            [
                user(Q),
                assistant([{**tool_use("toolu_01"), "text": "Checking."}]),
                user([tool_result("toolu_01")]),
            ]
        ),
        "a-block-field-unknown",
        "error",
        "/messages/1/content/0/text",
        "separate `text` block",
    ),
    (
        "block-tool-use-arguments",
        anthropic_body(
            [
                user(Q),
                assistant([{**tool_use("toolu_01"), "arguments": '{"city": "Paris"}'}]),
                user([tool_result("toolu_01")]),
            ]
        ),
        "a-block-field-unknown",
        "error",
        "/messages/1/content/0/arguments",
        "`input`",
    ),
    (
        "block-result-name",
        anthropic_body(
            [
                user(Q),
                assistant([tool_use("toolu_01")]),
                user([tool_result("toolu_01", name="get_weather")]),
            ]
        ),
        "a-block-field-unknown",
        "error",
        "/messages/2/content/0/name",
        "tool_use_id",
    ),
    (
        "block-inside-result",
        anthropic_body(
            [
                user(Q),
                assistant([tool_use("toolu_01")]),
                user([tool_result("toolu_01", [{"type": "text", "text": "18 C", "id": "x"}])]),
            ]
        ),
        "a-block-field-unknown",
        "error",
        "/messages/2/content/0/content/0/id",
        '"id"',
    ),
    (
        "block-text-annotations",
        body([user([{"type": "text", "text": Q, "annotations": []}])]),
        "a-block-field-unknown",
        "error",
        "/messages/0/content/0/annotations",
        "`citations`",
    ),
    (
        "block-thinking-extra",
        body(
            [
                user(Q),
                assistant(
                    [
                        {"type": "thinking", "thinking": "...", "signature": "EqQB", "text": "x"},
                        text("18 C"),
                    ]
                ),
                user("ok"),
            ]
        ),
        "a-block-field-unknown",
        "error",
        "/messages/1/content/0/text",
        "`thinking`",
    ),
    # a-sampling-range: SDK "Ranges from 0.0 to 1.0"
    (
        "temperature-openai-range",
        body(temperature=1.5),
        "a-sampling-range",
        "error",
        "/temperature",
        "0 to 1",
    ),
    (
        "temperature-negative",
        body(temperature=-1),
        "a-sampling-range",
        "error",
        "/temperature",
        "0 to 1",
    ),
    (
        "temperature-bool",
        body(temperature=True),
        "a-sampling-range",
        "error",
        "/temperature",
        "number",
    ),
    (
        "temperature-string",
        body(temperature="0.5"),
        "a-sampling-range",
        "warning",
        "/temperature",
        "string",
    ),
    ("top-p-over", body(top_p=1.2), "a-sampling-range", "error", "/top_p", "0 to 1"),
    ("top-k-fraction", body(top_k=2.5), "a-sampling-range", "error", "/top_k", "whole number"),
    ("top-k-negative", body(top_k=-3), "a-sampling-range", "error", "/top_k", "negative"),
    ("top-k-zero", body(top_k=0), "a-sampling-range", "warning", "/top_k", "0"),
    # a-sampling-conflict
    # https://github.com/Vali-98/ChatterUI/issues/564 (Sonnet 4.6)
    (
        "both-sonnet-4-6",
        body(model="claude-sonnet-4-6", temperature=0.8, top_p=0.9),
        "a-sampling-conflict",
        "error",
        "/top_p",
        "only one",
    ),
    # https://github.com/langfuse/langfuse/issues/9882 (Sonnet 4.5)
    (
        "both-sonnet-4-5",
        body(temperature=0.8, top_p=0.9),
        "a-sampling-conflict",
        "error",
        "/top_p",
        "only one",
    ),
    (
        "both-unknown-model",
        body(model="claude-sonnet-9", temperature=0.5, top_p=0.5),
        "a-sampling-conflict",
        "warning",
        "/top_p",
        "4.5",
    ),
    # a-sampling-unsupported
    # https://github.com/Comfy-Org/ComfyUI/issues/13923 (Opus 4.7: `temperature` is deprecated)
    (
        "sampling-opus-4-7",
        body(model="claude-opus-4-7", temperature=0.2),
        "a-sampling-unsupported",
        "error",
        "/temperature",
        "Claude Opus 4.7",
    ),
    (
        "sampling-opus-4-7-top-k",
        body(model="claude-opus-4-7", top_k=5),
        "a-sampling-unsupported",
        "error",
        "/top_k",
        "`top_k`",
    ),
    (
        "sampling-opus-4-7-default",
        body(model="claude-opus-4-7", temperature=1),
        "a-sampling-unsupported",
        "note",
        "/temperature",
        "2026-10-21",
    ),
    # https://github.com/yologdev/yoagent/releases/tag/v0.27.3 vs. live probes: disputed
    (
        "sampling-sonnet-5-disputed",
        body(model="claude-sonnet-5", temperature=0.3),
        "a-sampling-unsupported",
        "note",
        "/temperature",
        "may reject",
    ),
    # https://platform.claude.com/docs/en/api/migration-2026-10-21#breaking-changes
    (
        "sampling-api-version",
        body(temperature=0.3),
        "a-sampling-unsupported",
        "note",
        "/temperature",
        "2026-10-21",
    ),
    # a-invalid-role: role "system" mid-conversation is model-dependent
    # https://github.com/anthropics/claude-code/issues/61412
    # ("role 'system' is not supported on this model")
    (
        "system-role-sonnet-4-5",
        mid_system("claude-sonnet-4-5"),
        "a-invalid-role",
        "error",
        "/messages/1/role",
        "Claude Opus 4.8",
    ),
    (
        "system-role-opus-4-7",
        mid_system("claude-opus-4-7"),
        "a-invalid-role",
        "error",
        "/messages/1/role",
        "Claude Opus 4.7",
    ),
    (
        "system-role-old-unknown-id",
        mid_system("claude-opus-4-1-20250805"),
        "a-invalid-role",
        "error",
        "/messages/1/role",
        "claude-opus-4-1",
    ),
    (
        "system-role-sonnet-5-disputed",
        mid_system("claude-sonnet-5"),
        "a-invalid-role",
        "warning",
        "/messages/1/role",
        "not known",
    ),
    (
        "system-role-unknown-model",
        mid_system("claude-opus-6"),
        "a-invalid-role",
        "warning",
        "/messages/1/role",
        "not known",
    ),
    # https://github.com/Maol-1997/cursor-claude-connector/issues/3 (the system prompt is top-level)
    (
        "system-role-first",
        body([system_message("Be terse."), user(Q)], model="claude-opus-4-8"),
        "a-invalid-role",
        "error",
        "/messages/0/role",
        "top-level `system`",
    ),
]
