"""`o-tools-model-endpoint`: function tools in Chat Completions, judged by the table's
`chat_tools` fact (OpenAI's deployment checklist, read 2026-12-05)."""

from __future__ import annotations

import pytest

from checker.lint import lint_value
from checker.models import facts_for
from checker.rules.api_text import api_error_message

RULE = "o-tools-model-endpoint"
TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
}


def _chat(model, effort=None, tools=(TOOL,)):
    body = {"model": model, "messages": [{"role": "user", "content": "Weather?"}]}
    if tools is not None:
        body["tools"] = list(tools)
    if effort is not None:
        body["reasoning_effort"] = effort
    return body


def _found(body, fmt="openai", model=None):
    return [
        (d.severity, d.path)
        for d in lint_value(body, fmt, model=model).diagnostics
        if d.rule == RULE
    ]


@pytest.mark.parametrize("model", ["gpt-6-astra", "gpt-6.1-sol", "openai/gpt-6-astra"])
@pytest.mark.parametrize("effort", [None, "low", "high", "max"])
def test_responses_only_models_reject_function_tools_in_chat(model, effort):
    assert _found(_chat(model, effort)) == [("error", "/model")]


def test_the_responses_only_hint_gives_the_responses_body():
    (diagnostic,) = [
        d for d in lint_value(_chat("gpt-6.1-sol"), "openai").diagnostics if d.rule == RULE
    ]
    assert "Responses API" in diagnostic.message
    assert "/v1/responses" in diagnostic.hint and '"name": "..."' in diagnostic.hint
    wording = api_error_message(diagnostic.to_dict(), _chat("gpt-6.1-sol"))
    assert wording.startswith(
        "Function tools with reasoning_effort are not supported for gpt-6.1-sol"
    )


@pytest.mark.parametrize("model", ["gpt-6-sol", "gpt-6-luna"])
@pytest.mark.parametrize("effort", ["low", "medium", "high", "xhigh", "max"])
def test_effort_none_models_reject_tools_with_another_effort(model, effort):
    assert _found(_chat(model, effort)) == [("error", "/model")]
    (diagnostic,) = [
        d for d in lint_value(_chat(model, effort), "openai").diagnostics if d.rule == RULE
    ]
    assert '"none"' in diagnostic.hint and effort in diagnostic.message


@pytest.mark.parametrize("model", ["gpt-6-sol", "gpt-6-luna"])
def test_effort_none_models_take_tools_with_none_and_only_warn_on_the_default(model):
    assert _found(_chat(model, "none")) == []
    # no OpenAI page read gives the default effort: a warning, never an error
    assert _found(_chat(model)) == [("warning", "/model")]
    assert lint_value(_chat(model), "openai").valid


@pytest.mark.parametrize(
    "model", ["gpt-6.1-terra", "gpt-6.2-astra", "gpt-6.2-sol", "gpt-7-nova", "gpt-5.2", "gpt-4o"]
)
def test_models_whose_fact_is_unknown_get_nothing(model):
    assert facts_for(model) is None or facts_for(model).get("chat_tools") is None
    for effort in (None, "high"):
        assert _found(_chat(model, effort)) == []


@pytest.mark.parametrize("model", ["gpt-6-astra", "gpt-6-luna"])
def test_no_function_tool_no_finding(model):
    assert _found(_chat(model, "high", tools=None)) == []
    assert _found(_chat(model, "high", tools=())) == []


@pytest.mark.parametrize("model", ["gpt-6-astra", "gpt-6.1-sol", "gpt-6-sol", "gpt-6-luna"])
def test_the_same_request_on_responses_is_not_judged_by_it(model):
    tool = {"type": "function", **TOOL["function"]}
    body = {"model": model, "input": "Weather?", "tools": [tool], "reasoning": {"effort": "high"}}
    found = lint_value(body, "responses").diagnostics
    assert not [d for d in found if d.rule == RULE]
    assert not [d for d in found if d.severity == "error"], [d.rule for d in found]


def test_the_model_named_on_the_command_line_is_judged():
    body = _chat("gpt-4o", "high")
    del body["model"]
    assert _found(body, model="gpt-6-astra") == [("error", "/model")]
