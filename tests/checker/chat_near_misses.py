"""Chat Completions requests the API accepts, each near a rule (see
test_rules_openai_new.py).
"""

from __future__ import annotations

from chat_requests import (
    ASK,
    AUDIO_PART,
    ROUND_TRIP,
    STRICT_SCHEMA,
    body,
    calls,
    custom_tool,
    nested,
    strict_tool,
    tool,
    tool_msg,
    with_tools,
)
from checker_requests import (
    fn_call,
)

NEAR_MISSES = [
    (
        "audio-part-on-audio-model",
        body(
            "gpt-4o-audio-preview-2024-12-17", messages=[{"role": "user", "content": [AUDIO_PART]}]
        ),
        "o-audio-input-model",
    ),
    (
        "audio-part-on-unknown-model",
        body("qwen2-audio", messages=[{"role": "user", "content": [AUDIO_PART]}]),
        "o-audio-input-model",
        ("model-unknown",),
    ),
    (
        "function-tool-on-gpt-6-sol-effort-none",
        with_tools(tool(), model="gpt-6-sol", reasoning_effort="none"),
        "o-tools-model-endpoint",
    ),
    (
        "function-tool-on-gpt-6-1-terra-not-known",
        with_tools(tool(), model="gpt-6.1-terra", reasoning_effort="high"),
        "o-tools-model-endpoint",
    ),
    (
        "gpt-6-astra-without-tools",
        body("gpt-6-astra", reasoning_effort="high"),
        "o-tools-model-endpoint",
    ),
    (
        "sampling-edges",
        body(temperature=2, top_p=0, presence_penalty=-2, top_logprobs=20, logprobs=True),
        "o-sampling-range",
    ),
    ("sampling-null", body(temperature=None, top_p=None), "o-sampling-range"),
    (
        "array-with-items",
        with_tools(
            tool(
                parameters={
                    "type": "object",
                    "properties": {"paths": {"type": "array", "items": {"type": "string"}}},
                }
            )
        ),
        "o-parameters-invalid",
    ),
    (
        "tool-call-id-40",
        body(messages=[ASK, calls(fn_call("c" * 40)), tool_msg("c" * 40)], tools=[tool()]),
        "o-tool-call-id-length",
    ),
    # https://github.com/continuedev/continue/issues/3370: leave the key out
    ("tools-omitted", body(stream=True), "o-tools-empty"),
    ("tools-128", body(tools=[tool(f"tool_{n}") for n in range(128)]), "o-tools-too-many"),
    ("function-tool", with_tools(tool()), "o-tool-def-shape"),
    (
        "custom-tool-gpt-54",
        with_tools(custom_tool(description="Apply a diff."), model="gpt-5.4"),
        "o-tool-def-shape",
    ),
    # the spec documents that omitting parameters means no arguments
    (
        "parameters-omitted",
        body("gpt-4.1-mini", tools=[{"type": "function", "function": {"name": "now"}}]),
        "o-parameters-invalid",
    ),
    (
        "parameters-empty-properties",
        with_tools(tool(parameters={"type": "object", "properties": {}})),
        "o-parameters-invalid",
    ),
    (
        "parameters-nested-object-without-properties",
        with_tools(tool(parameters={"type": "object", "properties": {"meta": {"type": "object"}}})),
        "o-parameters-invalid",
    ),
    (
        "custom-lark-grammar",
        with_tools(
            custom_tool(
                format={
                    "type": "grammar",
                    "grammar": {"syntax": "lark", "definition": "start: WORD"},
                }
            ),
            model="gpt-5.4",
        ),
        "o-tool-custom",
    ),
    (
        "custom-text-format",
        with_tools(custom_tool(format={"type": "text"}), model="gpt-5"),
        "o-tool-custom",
    ),
    (
        "tool-choice-with-tools",
        with_tools(tool(), tool_choice="none"),
        "o-tool-choice-without-tools",
    ),
    # https://github.com/camel-ai/camel/pull/3706
    (
        "parallel-with-tools",
        with_tools(tool(), parallel_tool_calls=False),
        "o-parallel-without-tools",
    ),
    (
        "tool-choice-required",
        with_tools(tool(), model="gpt-4.1", tool_choice="required"),
        "o-tool-choice-invalid",
    ),
    (
        "tool-choice-nested",
        with_tools(tool(), tool_choice={"type": "function", "function": {"name": "get_weather"}}),
        "o-tool-choice-invalid",
    ),
    (
        "tool-choice-custom",
        with_tools(
            custom_tool(),
            model="gpt-5.4",
            tool_choice={"type": "custom", "custom": {"name": "apply_patch"}},
        ),
        "o-tool-choice-unknown-name",
    ),
    (
        "allowed-tools",
        with_tools(
            tool(),
            tool("get_time"),
            model="gpt-5.4",
            tool_choice={
                "type": "allowed_tools",
                "allowed_tools": {
                    "mode": "required",
                    "tools": [{"type": "function", "function": {"name": "get_time"}}],
                },
            },
        ),
        "o-tool-choice-unknown-name",
    ),
    ("tools-instead-of-functions", with_tools(tool(), tool_choice="auto"), "o-legacy-functions"),
    ("functions-omitted", body("gpt-4"), "o-functions-empty"),
    ("function-call-omitted", with_tools(tool()), "o-function-call-without-functions"),
    ("tools-only", with_tools(tool(), tool("get_time")), "o-functions-with-tools"),
    # the legacy round trip, accepted on gpt-4o (a deprecation warning)
    (
        "function-message-with-name",
        body(
            messages=[
                ASK,
                {
                    "role": "assistant",
                    "content": None,
                    "function_call": {"name": "f", "arguments": "{}"},
                },
                {"role": "function", "name": "f", "content": "18 C"},
            ],
            functions=[{"name": "f", "parameters": {"type": "object", "properties": {}}}],
        ),
        "o-function-msg-name",
        ("o-legacy-functions",),
    ),
    ("model-given", with_tools(tool()), "o-body-required"),
    (
        "known-optional-fields",
        body(
            store=False,
            metadata={"ticket": "T-1042"},
            prompt_cache_key="support-classifier",
            safety_identifier="u_9f2c1a",
            n=1,
            seed=7,
            service_tier="auto",
            stream=True,
            stream_options={"include_usage": True},
            response_format={"type": "json_object"},
            user="u1",
        ),
        "o-body-field-unknown",
    ),
    ("top-logprobs-with-logprobs", body(logprobs=True, top_logprobs=3), "o-logprobs-required"),
    # tool_calls: null next to content is what a resent SDK message holds
    (
        "tool-calls-null-with-content",
        body(
            "gpt-4o-mini",
            messages=[ASK, {"role": "assistant", "content": "Blue.", "tool_calls": None}, ASK],
        ),
        "o-tool-calls-empty",
    ),
    ("content-null-with-calls", body(messages=ROUND_TRIP), "o-content-missing"),
    (
        "refusal-for-content",
        body(messages=[ASK, {"role": "assistant", "refusal": "I can't help with that."}, ASK]),
        "o-content-missing",
    ),
    (
        "empty-string-content",
        body(messages=[{"role": "user", "content": ""}, ASK]),
        "o-content-missing",
    ),
    ("tool-message-without-name", body(messages=ROUND_TRIP), "o-tool-msg-name"),
    # https://github.com/microsoft/agent-framework/issues/1077: o3-mini accepts system
    (
        "o3-mini-system",
        body("o3-mini", messages=[{"role": "system", "content": "Be brief."}, ASK]),
        "o-role-model",
    ),
    (
        "gpt4o-developer",
        body("gpt-4o", messages=[{"role": "developer", "content": "Be brief."}, ASK]),
        "o-role-model",
    ),
    ("o3-max-completion-tokens", body("o3", max_completion_tokens=2000), "o-max-tokens-reasoning"),
    ("gpt5-mini-temperature-1", body("gpt-5-mini", temperature=1), "o-sampling-reasoning"),
    ("gpt4o-temperature", body("gpt-4o", temperature=0), "o-sampling-reasoning"),
    ("gpt51-default-none-temperature", body("gpt-5.1", temperature=0.3), "o-sampling-reasoning"),
    (
        "gpt56-effort-none-temperature",
        body("gpt-5.6", reasoning_effort="none", temperature=0.3),
        "o-sampling-reasoning",
    ),
    # https://github.com/openclaw/openclaw/pull/76727: tools without effort on gpt-5.4-mini
    (
        "gpt54-mini-tools-no-effort",
        with_tools(tool(), model="gpt-5.4-mini"),
        "o-tools-reasoning-effort",
    ),
    (
        "gpt56-tools-effort-none",
        with_tools(tool(), model="gpt-5.6-terra", reasoning_effort="none"),
        "o-tools-reasoning-effort",
    ),
    (
        "gpt5-tools-effort",
        with_tools(tool(), model="gpt-5", reasoning_effort="low"),
        "o-tools-reasoning-effort",
    ),
    ("o4-mini-tools", with_tools(tool(), model="o4-mini"), "o-param-model"),
    (
        "gpt5-parallel",
        with_tools(tool(), model="gpt-5.4", parallel_tool_calls=True),
        "o-param-model",
    ),
    # https://github.com/Open-Less/openless/pull/555: an explicit null is accepted
    ("gpt4o-effort-null", body("gpt-4o-mini", reasoning_effort=None), "o-param-model"),
    ("gpt4o-web-search", body("gpt-4o-search-preview", web_search_options={}), "o-param-model"),
    ("gpt4o-stop", body("gpt-4o", stop=["\n"]), "o-param-model"),
    (
        "strict-nested-anyof",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {"v": {"anyOf": [{"type": "string"}, {"type": "null"}]}},
                    "required": ["v"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
    ),
    (
        "strict-defs-recursion",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {
                        "label": {"type": "string"},
                        "children": {"type": "array", "items": {"$ref": "#"}},
                        "attrs": {"type": "array", "items": {"$ref": "#/$defs/attr"}},
                    },
                    "$defs": {
                        "attr": {
                            "type": "object",
                            "properties": {"name": {"type": "string"}},
                            "required": ["name"],
                            "additionalProperties": False,
                        }
                    },
                    "required": ["label", "children", "attrs"],
                    "additionalProperties": False,
                }
            )
        ),
        "o-strict-keyword",
    ),
    (
        "strict-pattern-base-model",
        with_tools(
            strict_tool(
                parameters={
                    "type": "object",
                    "properties": {
                        "room": {"type": "string", "pattern": "^R[0-9]{3}$", "minLength": 4},
                        "n": {"type": "integer", "minimum": 1, "maximum": 40},
                        "day": {"type": "string", "format": "date"},
                    },
                    "required": ["room", "n", "day"],
                    "additionalProperties": False,
                }
            ),
            model="gpt-4.1",
        ),
        "o-strict-keyword",
    ),
    ("strict-10-levels", with_tools(strict_tool(parameters=nested(10))), "o-strict-limits"),
    (
        "strict-response-format-closed",
        body(
            response_format={
                "type": "json_schema",
                "json_schema": {"name": "w", "strict": True, "schema": STRICT_SCHEMA},
            }
        ),
        "o-strict-schema",
    ),
    (
        "strict-fine-tuned-sequential",
        with_tools(
            strict_tool(),
            model="ft:gpt-4.1-mini-2025-04-14:acme::a1B2c3D4",
            parallel_tool_calls=False,
        ),
        "o-strict-parallel",
    ),
    ("strict-base-model-parallel", with_tools(strict_tool(), model="gpt-4.1"), "o-strict-parallel"),
    ("tool-name-underscore", with_tools(tool("coding_start")), "o-function-name-pattern"),
    (
        "custom-call-history",
        body(
            "gpt-5.4",
            messages=[
                ASK,
                calls(
                    {
                        "id": "call_1",
                        "type": "custom",
                        "custom": {"name": "apply_patch", "input": "diff"},
                    }
                ),
                tool_msg("call_1", "applied"),
            ],
            tools=[custom_tool()],
        ),
        "o-tool-call-shape",
    ),
    (
        "tool-image-then-user",
        body(
            "gpt-4o",
            messages=[
                ASK,
                calls(fn_call("call_1")),
                tool_msg("call_1", "Screenshot taken; it follows."),
                {
                    "role": "user",
                    "content": [{"type": "image_url", "image_url": {"url": "https://x/y.png"}}],
                },
            ],
        ),
        "o-tool-content-type",
    ),
]
