"""Property tests: any input gives a LintResult, never an exception.

Normal run: 2,400 examples. `pytest -m slow tests/checker` runs the 20,000-example variant.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from checker_requests import (
    anthropic_body,
    assert_plain_text,
    openai_body,
    parallel_body,
    weather_tool,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from slow_share import bounded

from checker import LintResult, lint, lint_value
from checker.report import format_human
from checker.source import JsonSyntaxError, parse

KEYS = [
    "role", "content", "type", "text", "id", "name", "input", "tool_use_id", "is_error",
    "messages", "tools", "input_schema", "parameters", "tool_choice", "thinking", "model",
    "tool_calls", "function", "arguments", "tool_call_id", "strict", "properties", "required",
    "additionalProperties", "items", "input_examples", "disable_parallel_tool_use",
    "stop_reason", "system", "choices", "$ref", "anyOf", "enum", "budget_tokens",
]  # fmt: skip
WORDS = [
    "user", "assistant", "tool", "system", "developer", "text", "tool_use", "tool_result",
    "image", "image_url", "function", "object", "string", "array", "auto", "any", "none",
    "required", "enabled", "toolu_01", "call_1", "get_weather", "claude-opus-4-6",
    "claude-sonnet-4-5", "gpt-4o", "", " ", "{}", '{"city": "Paris"}', "#/$defs/x", "[b]x[/b]",
]  # fmt: skip

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(WORDS)
    | st.text(max_size=8)
)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), children, max_size=6)
    ),
    max_leaves=40,
)

SEEDS: list[Any] = [
    anthropic_body(),
    parallel_body(),
    anthropic_body(
        tools=[weather_tool(input_examples=[{"city": "Paris"}])],
        tool_choice={"type": "tool", "name": "get_weather"},
        thinking={"type": "enabled", "budget_tokens": 1024},
        system="Be brief.",
    ),
    openai_body(),
    openai_body(
        tools=[
            {
                "type": "function",
                "function": {"name": "f", "strict": True, "parameters": {"type": "object"}},
            }
        ]
    ),
    anthropic_body()["messages"],
    openai_body()["messages"],
]
RETYPES = [None, 0, -1, 1.5, "", " ", "x", "toolu_01", "call_1", "get_weather", True, [], {},
           [None], {"type": "text"}, {"type": "tool_result"}, "user", "assistant", "tool",
           "[bold]x", "\ud800"]  # fmt: skip


def _paths(value: Any) -> list[tuple]:
    out, stack = [], [((), value)]
    while stack:
        path, node = stack.pop()
        out.append(path)
        if isinstance(node, dict):
            stack.extend(((*path, k), v) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend(((*path, n), v) for n, v in enumerate(node))
    return out


def _get(value: Any, path: tuple) -> Any:
    for token in path:
        value = value[token]
    return value


@st.composite
def mutated_requests(draw):
    """A valid request with 1-4 parts dropped, swapped, duplicated, retyped or renamed."""
    value = copy.deepcopy(draw(st.sampled_from(SEEDS)))
    for _ in range(draw(st.integers(1, 4))):
        paths = _paths(value)
        path = draw(st.sampled_from(paths))
        op = draw(st.sampled_from(["drop", "swap", "duplicate", "retype", "rename", "graft"]))
        if not path:
            if op in ("retype", "graft"):
                value = copy.deepcopy(draw(st.sampled_from(RETYPES)))
            continue
        parent, key = _get(value, path[:-1]), path[-1]
        if op == "drop":
            del parent[key]
        elif op == "retype":
            parent[key] = copy.deepcopy(draw(st.sampled_from(RETYPES)))
        elif op == "graft":
            parent[key] = copy.deepcopy(_get(value, draw(st.sampled_from(paths))))
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif op == "duplicate":
            parent[draw(st.sampled_from(KEYS))] = copy.deepcopy(parent[key])
        elif op == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
        elif op == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS))] = parent.pop(key)
    return value


def _check(result: LintResult, *, text: str | None) -> None:
    assert isinstance(result, LintResult)
    assert result.format in ("anthropic", "openai", "responses", "unknown")
    assert result.valid == (not any(d.severity == "error" for d in result.diagnostics))
    for d in result.diagnostics:
        assert d.severity in ("error", "warning", "note")
        assert d.path == "" or d.path.startswith("/")
        assert isinstance(d.message, str) and d.message and isinstance(d.hint, str)
        if text is not None:
            assert isinstance(d.line, int) and d.line >= 1 and d.column >= 1
    if text is not None:
        positions = [(d.line, d.column) for d in result.diagnostics]
        assert positions == sorted(positions)
        format_human(result, text, "fuzz.json")


def _lint_everything(value: Any) -> None:
    for fmt in ("auto", "anthropic", "openai", "responses"):
        _check(lint_value(value, fmt), text=None)
        _check(lint_value(value, fmt, bare=True, model="claude-opus-4-6"), text=None)
    text = json.dumps(value, indent=2)
    result = lint(text)
    _check(result, text=text)
    for d in result.diagnostics:
        assert_plain_text(d)
    one_line = json.dumps(value)
    _check(lint(one_line.encode()), text=one_line)


def _lint_text(text: str) -> None:
    result = lint(text)
    _check(result, text=text)
    for d in result.diagnostics:
        assert_plain_text(d)
    try:
        doc = parse(text)
    except JsonSyntaxError:
        assert [d.rule for d in result.diagnostics] == ["json-syntax"]
    else:
        assert doc.value == json.loads(text[1:] if text.startswith("\ufeff") else text)


@st.composite
def broken_texts(draw):
    """Valid request text with a few characters deleted, inserted or replaced."""
    text = json.dumps(draw(st.sampled_from(SEEDS)), indent=draw(st.sampled_from([None, 2])))
    chars = list(text)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(chars)))
        piece = draw(
            st.sampled_from(
                [
                    ",",
                    "'",
                    '"',
                    "]",
                    "}",
                    "[",
                    "{",
                    ":",
                    "//",
                    "/*",
                    "True",
                    "None",
                    "NaN",
                    "\\",
                    "\n",
                    "\t",
                    "",
                    "x",
                    "\ufeff",
                ]
            )
        )
        if draw(st.booleans()) and at < len(chars):
            chars[at] = piece
        else:
            chars.insert(at, piece)
    return "".join(chars)


FUZZ = settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SLOW = settings(
    max_examples=bounded(10_000),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@FUZZ
@given(json_values)
def test_arbitrary_json_values(value):
    _lint_everything(value)


@FUZZ
@given(mutated_requests())
def test_mutated_requests(value):
    _lint_everything(value)


@settings(max_examples=300, deadline=None)
@given(broken_texts())
def test_broken_text(text):
    _lint_text(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(lambda s: s.encode("utf-8", "replace")))
def test_arbitrary_bytes(data):
    _check(lint(data), text=data.decode("utf-8", "replace"))


@pytest.mark.slow
@SLOW
@given(json_values)
def test_arbitrary_json_values_slow(value):
    _lint_everything(value)


@pytest.mark.slow
@SLOW
@given(mutated_requests())
def test_mutated_requests_slow(value):
    _lint_everything(value)
