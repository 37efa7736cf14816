"""Prompt caching rules: cache_control shape, placement, limit, ttl order, minimum length.

Each case cites where its shape comes from (the prompt caching docs, or a public report
that quotes the API's 400). A broken case names its rule, severity, JSON pointer and a word
of the message; a near miss must not fire its rule, and the whole request must be valid.
"""

from __future__ import annotations

import json

import pytest
from checker_requests import (
    anthropic_body,
    assert_plain_text,
    assistant,
    text,
    tool_result,
    tool_use,
    user,
    weather_tool,
)

from checker import lint, lint_value
from checker.rules.anthropic.cache_length import LOWEST_MINIMUM, minimum_tokens

EPHEMERAL = {"type": "ephemeral"}
HOUR = {"type": "ephemeral", "ttl": "1h"}
LONG = "Policy. " * 2000  # about 16,000 characters: over every model's minimum


def cached(value, cc=None):
    """A text block with `cache_control` (a copy of `cc`, ephemeral by default)."""
    return {"type": "text", "text": value, "cache_control": dict(cc or EPHEMERAL)}


def body(*, tools=None, system=None, messages=None, **extra):
    result = anthropic_body(messages or [user("Plan day one.")], **extra)
    if tools is not None:
        result["tools"] = tools
    if system is not None:
        result["system"] = system
    return result


def thinking(**extra):
    block = {"type": "thinking", "thinking": "Call the tool.", "signature": "EqQBCkgIBxAB"}
    block.update(extra)
    return block


def loop(*assistant_blocks, result=None):
    return [
        user("Weather in Rome?"),
        assistant([*assistant_blocks, tool_use("toolu_01", args={"city": "Rome"})]),
        user([result or tool_result("toolu_01", "22 C")]),
    ]


# (id, body, rule, severity, pointer, a word of the message)
BROKEN = [
    # a-cache-control-invalid: SDK cache_control_ephemeral_param.py (type "ephemeral", ttl
    # "5m" | "1h"); scope: https://github.com/caozhiyuan/copilot-api/issues/145
    (
        "ttl-10m",
        body(system=[cached(LONG, {"type": "ephemeral", "ttl": "10m"})]),
        "a-cache-control-invalid",
        "error",
        "/system/0/cache_control/ttl",
        '"5m"',
    ),
    (
        "ttl-seconds",
        body(system=[cached(LONG, {"type": "ephemeral", "ttl": 300})]),
        "a-cache-control-invalid",
        "error",
        "/system/0/cache_control/ttl",
        "300",
    ),
    (
        "type-persistent",
        body(system=[cached(LONG, {"type": "persistent"})]),
        "a-cache-control-invalid",
        "error",
        "/system/0/cache_control/type",
        "ephemeral",
    ),
    (
        "cache-control-true",
        body(system=[{"type": "text", "text": LONG, "cache_control": True}]),
        "a-cache-control-invalid",
        "error",
        "/system/0/cache_control",
        "an object",
    ),
    (
        "cache-control-no-type",
        body(messages=[user([cached(LONG, {"ttl": "1h"})])]),
        "a-cache-control-invalid",
        "error",
        "/messages/0/content/0/cache_control",
        "no `type`",
    ),
    (
        "cache-control-extra-key",
        body(system=[cached(LONG, {"type": "ephemeral", "max_age": 60})]),
        "a-cache-control-invalid",
        "error",
        "/system/0/cache_control/max_age",
        "`max_age`",
    ),
    (
        "scope-beta",
        body(system=[cached(LONG, {"type": "ephemeral", "scope": "global"})]),
        "a-cache-control-invalid",
        "note",
        "/system/0/cache_control/scope",
        "beta",
    ),
    (
        "top-level-bad-ttl",
        body(system=LONG, cache_control={"type": "ephemeral", "ttl": "1d"}),
        "a-cache-control-invalid",
        "error",
        "/cache_control/ttl",
        '"1h"',
    ),
    # a-cache-control-placement: https://github.com/router-for-me/CLIProxyAPI/issues/512,
    # https://github.com/Wei-Shaw/sub2api/issues/225 ("messages.13.content.0.thinking.
    # cache_control: Extra inputs are not permitted")
    (
        "thinking-with-cache-control",
        body(
            messages=loop(thinking(cache_control=EPHEMERAL)),
            thinking={"type": "enabled", "budget_tokens": 2048},
            max_tokens=4096,
        ),
        "a-cache-control-placement",
        "error",
        "/messages/1/content/0/cache_control",
        "`thinking`",
    ),
    (
        "redacted-thinking-with-cache-control",
        body(
            messages=loop(
                {
                    "type": "redacted_thinking",
                    "data": "EmwKAhgBEgy3va3p",
                    "cache_control": EPHEMERAL,
                }
            ),
            thinking={"type": "enabled", "budget_tokens": 2048},
            max_tokens=4096,
        ),
        "a-cache-control-placement",
        "error",
        "/messages/1/content/0/cache_control",
        "redacted_thinking",
    ),
    # a-cache-control-empty-text: https://github.com/anthropics/claude-code/issues/54013,
    # https://github.com/NousResearch/hermes-agent/pull/1216 ("messages.29.content.0.text:
    # cache_control cannot be set for empty text blocks")
    (
        "empty-text-after-screenshot",
        body(
            messages=[
                user(
                    [
                        {"type": "image", "source": {"type": "url", "url": "https://e.com/a.png"}},
                        cached(""),
                    ]
                )
            ]
        ),
        "a-cache-control-empty-text",
        "error",
        "/messages/0/content/1",
        "empty",
    ),
    (
        "empty-system-text",
        body(system=[{"type": "text", "text": LONG}, cached("")]),
        "a-cache-control-empty-text",
        "error",
        "/system/1",
        "breakpoint",
    ),
    # a-cache-control-limit: https://github.com/tghamm/Anthropic.SDK/issues/50 ("A maximum of
    # 4 blocks with cache_control may be provided. Found 5.")
    (
        "five-breakpoints",
        body(
            tools=[weather_tool(cache_control=EPHEMERAL)],
            system=[cached(LONG), cached("Guide.")],
            messages=[user([cached("Notes."), cached("Plan day one.")])],
        ),
        "a-cache-control-limit",
        "error",
        "/messages/0/content/1/cache_control",
        "at most 4",
    ),
    (
        "breakpoint-inside-tool-result-counts",
        body(
            system=[cached(LONG), cached("Guide."), cached("More.")],
            messages=[
                user("Weather?"),
                assistant([tool_use("toolu_01")]),
                user([tool_result("toolu_01", [cached("18 C")], cache_control=EPHEMERAL)]),
            ],
        ),
        "a-cache-control-limit",
        "error",
        "/messages/2/content/0/cache_control",
        "5 in all",
    ),
    (
        # prompt caching docs: "If 4 explicit block-level breakpoints already exist, the API
        # returns a 400 error (no slots left for automatic caching)"
        "automatic-plus-four",
        body(
            system=[cached(LONG), cached("A."), cached("B.")],
            messages=[user([cached("Plan day one.")])],
            cache_control=EPHEMERAL,
        ),
        "a-cache-control-limit",
        "error",
        "/cache_control",
        "fifth slot",
    ),
    # a-cache-ttl-order: https://github.com/vellum-ai/vellum-assistant/pull/22191 ("a
    # ttl='1h' cache_control block must not come after a ttl='5m' cache_control block")
    (
        "tool-5m-then-system-1h",
        body(tools=[weather_tool(cache_control=EPHEMERAL)], system=[cached(LONG, HOUR)]),
        "a-cache-ttl-order",
        "error",
        "/system/0",
        "5-minute",
    ),
    (
        "messages-1h-after-system-default",
        body(system=[cached(LONG)], messages=[user([cached("Plan day one.", HOUR)])]),
        "a-cache-ttl-order",
        "error",
        "/messages/0/content/0",
        "`/system/0`",
    ),
    (
        # prompt caching docs: "If the last block has an explicit cache_control with a
        # different TTL, the API returns a 400 error"
        "automatic-ttl-differs-from-last-block",
        body(messages=[user([cached(LONG, HOUR)])], cache_control=EPHEMERAL),
        "a-cache-ttl-order",
        "error",
        "/cache_control",
        "last block",
    ),
    (
        "automatic-1h-after-explicit-5m",
        body(system=[cached(LONG)], cache_control=HOUR),
        "a-cache-ttl-order",
        "warning",
        "/cache_control/ttl",
        "1-hour",
    ),
    # a-cache-too-short: prompt caching docs, minimum cacheable length (no 400: nothing is
    # cached)
    (
        "short-system-prompt",
        body(system=[cached("You are a helpful assistant.")], model="claude-sonnet-4-5"),
        "a-cache-too-short",
        "note",
        "/system/0/cache_control",
        "1024",
    ),
    (
        "two-short-breakpoints",
        body(
            system=[cached("Be brief.")],
            messages=[user([cached("Hello!")])],
            model="claude-opus-4-6",
        ),
        "a-cache-too-short",
        "note",
        "/messages/0/content/0/cache_control",
        "1 before it",
    ),
]

NEAR_MISSES = [
    ("ephemeral", body(system=[cached(LONG)]), "a-cache-control-invalid"),
    ("one-hour", body(system=[cached(LONG, HOUR)]), "a-cache-control-invalid"),
    (
        "explicit-5m",
        body(system=[cached(LONG, {"type": "ephemeral", "ttl": "5m"})]),
        "a-cache-control-invalid",
    ),
    (
        "null-is-no-breakpoint",
        body(system=[{"type": "text", "text": LONG, "cache_control": None}]),
        "a-cache-control-invalid",
    ),
    # prompt caching docs, automatic caching
    ("automatic", body(system=LONG, cache_control=EPHEMERAL), "a-cache-control-invalid"),
    (
        # prompt caching docs: breakpoint on the tool_result, not on the thinking block
        "tool-result-breakpoint-with-thinking",
        body(
            messages=loop(
                thinking(), result=tool_result("toolu_01", LONG, cache_control=EPHEMERAL)
            ),
            thinking={"type": "enabled", "budget_tokens": 2048},
            max_tokens=4096,
        ),
        "a-cache-control-placement",
    ),
    (
        "breakpoints-on-every-kind",
        body(
            tools=[weather_tool(cache_control=EPHEMERAL)],
            system=[cached(LONG)],
            messages=[
                user(
                    [
                        {
                            "type": "image",
                            "source": {"type": "url", "url": "https://e.com/a.png"},
                            "cache_control": EPHEMERAL,
                        },
                        text("?"),
                    ]
                ),
                assistant(
                    [tool_use("toolu_01", args={"city": "Rome"}) | {"cache_control": EPHEMERAL}]
                ),
                user([tool_result("toolu_01", "22 C")]),
            ],
        ),
        "a-cache-control-placement",
    ),
    (
        "image-breakpoint-instead-of-empty-text",
        body(
            messages=[
                user(
                    [
                        {
                            "type": "image",
                            "source": {"type": "url", "url": "https://e.com/a.png"},
                            "cache_control": EPHEMERAL,
                        },
                        text("What is it?"),
                    ]
                )
            ]
        ),
        "a-cache-control-empty-text",
    ),
    (
        # https://github.com/continuedev/continue/pull/6937: exactly four breakpoints
        "four-breakpoints",
        body(
            tools=[weather_tool(cache_control=EPHEMERAL)],
            system=[cached(LONG), cached("Guide.")],
            messages=[user([text("Notes."), cached("Plan day one.")])],
        ),
        "a-cache-control-limit",
    ),
    (
        "automatic-plus-three",
        body(system=[cached(LONG), cached("A."), cached("B.")], cache_control=EPHEMERAL),
        "a-cache-control-limit",
    ),
    (
        # https://github.com/CommonstackAI/UncommonRoute/issues/1: 1h before 5m
        "hour-then-five-minutes",
        body(
            tools=[weather_tool(cache_control=HOUR)],
            system=[cached(LONG, HOUR)],
            messages=[user([cached("Plan day one.", {"type": "ephemeral", "ttl": "5m"})])],
        ),
        "a-cache-ttl-order",
    ),
    ("hour-only", body(system=[cached(LONG, HOUR)]), "a-cache-ttl-order"),
    (
        "automatic-same-ttl-as-last",
        body(messages=[user([cached(LONG, HOUR)])], cache_control=HOUR),
        "a-cache-ttl-order",
    ),
    ("automatic-hour-alone", body(system=LONG, cache_control=HOUR), "a-cache-ttl-order"),
    (
        "long-system-prompt",
        body(system=[cached(LONG)], model="claude-opus-4-6"),
        "a-cache-too-short",
    ),
    (
        "long-conversation-string-messages",
        body(
            messages=[user(LONG), assistant("Noted."), user([cached("Plan day one.")])],
            model="claude-sonnet-4-5",
        ),
        "a-cache-too-short",
    ),
    (
        # an image's size in tokens is not guessed: no warning
        "image-in-prefix",
        body(
            messages=[
                user(
                    [
                        {"type": "image", "source": {"type": "url", "url": "https://e.com/a.png"}},
                        cached("Describe it."),
                    ]
                )
            ]
        ),
        "a-cache-too-short",
    ),
    ("no-breakpoint", body(system="Be brief."), "a-cache-too-short"),
]


def _find(result, rule, path):
    return [d for d in result.diagnostics if d.rule == rule and d.path == path]


@pytest.mark.parametrize(
    ("value", "rule", "severity", "path", "words"), [pytest.param(*c[1:], id=c[0]) for c in BROKEN]
)
def test_broken(value, rule, severity, path, words):
    result = lint_value(value)
    found = _find(result, rule, path)
    assert found, [(d.rule, d.severity, d.path, d.message) for d in result.diagnostics]
    assert found[0].severity == severity
    assert words in found[0].message or words in found[0].hint
    assert_plain_text(found[0])
    if severity == "error":
        assert not result.valid
    else:
        assert result.valid, [(d.rule, d.message) for d in result.errors]
    assert _find(lint(json.dumps(value, indent=2)), rule, path)


@pytest.mark.parametrize(("value", "rule"), [pytest.param(*c[1:], id=c[0]) for c in NEAR_MISSES])
def test_near_miss(value, rule):
    result = lint_value(value)
    assert not [d for d in result.diagnostics if d.rule == rule], result.diagnostics
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]


@pytest.mark.parametrize(
    ("model", "tokens"),
    [
        ("claude-opus-4-6", 4096),
        ("claude-haiku-4-5-20251001", 4096),
        ("claude-sonnet-4-6", 2048),
        ("claude-sonnet-4-5", 1024),
        ("claude-mythos-preview", 4096),
        ("claude-opus-5", LOWEST_MINIMUM),
        ("gpt-4o", LOWEST_MINIMUM),
        (None, LOWEST_MINIMUM),
    ],
)
def test_minimum_tokens(model, tokens):
    assert minimum_tokens(model) == tokens


def test_one_warning_per_request_for_short_prefixes():
    value = body(system=[cached("A."), cached("B.")], messages=[user([cached("C.")])])
    found = [d for d in lint_value(value).diagnostics if d.rule == "a-cache-too-short"]
    assert [d.path for d in found] == ["/messages/0/content/0/cache_control"]


def test_odd_cache_control_values_are_reported_at_each_place_they_are():
    def found(value) -> set[str]:
        system = [{"type": "text", "text": "x", "cache_control": value}]
        result = lint_value(body(system=system, cache_control=value))
        return {d.path for d in result.errors if d.rule == "a-cache-control-invalid"}

    assert found(None) == set()  # null is no cache_control at all
    for value in (
        1,
        "ephemeral",
        [],
        {"type": None},
        {"ttl": []},
        {"type": "ephemeral", "ttl": {}},
    ):
        paths = found(value)
        for place in ("/cache_control", "/system/0/cache_control"):
            assert any(p == place or p.startswith(place + "/") for p in paths), (value, paths)
        lint_value(body(messages=[user([{"type": "text", "text": 5, "cache_control": value}])]))


def test_pt_br_messages():
    from checker.i18n import use_language

    value = body(tools=[weather_tool(cache_control=EPHEMERAL)], system=[cached(LONG, HOUR)])
    with use_language("pt-BR"):
        (found,) = [d for d in lint_value(value).diagnostics if d.rule == "a-cache-ttl-order"]
    assert "precisam vir primeiro" in found.message
