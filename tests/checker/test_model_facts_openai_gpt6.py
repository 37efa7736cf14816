"""The GPT-6 rows of the OpenAI table (issue 30): which endpoint takes their function tools,
their reasoning efforts, each fact with OpenAI's page and the day it was read; the lists
Lesson 5 renders from them; and the linter, which rejects no request for them that the
pages do not show to be a 400."""

from __future__ import annotations

import pytest

from checker.lint import lint_value
from checker.models import course_facts, facts_for, models_with
from checker.models.openai import CURRENT_MODELS, DEPLOYMENT_CHECKLIST, GPT6_GUIDE
from tooltutor.course.facts import render

TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "description": "Weather for a city",
        "parameters": {
            "type": "object",
            "properties": {"city": {"type": "string"}},
            "required": ["city"],
        },
    },
}


def test_every_current_gpt6_model_is_a_row_with_its_openai_name():
    for model in CURRENT_MODELS:
        row = facts_for(model)
        assert row is not None and row.vendor == "openai", model
        assert row.name.startswith("GPT-6"), row.name
    assert facts_for("openai/gpt-6.1-sol").name == "GPT-6.1 Sol"


def test_which_endpoint_takes_function_tools_is_read_from_openais_checklist():
    assert facts_for("gpt-6-astra").get("chat_tools") == "no"
    assert facts_for("gpt-6.1-sol").get("chat_tools") == "no"
    assert facts_for("gpt-6-sol").get("chat_tools") == "effort_none"
    assert facts_for("gpt-6-luna").get("chat_tools") == "effort_none"
    # only third-party reports, which disagree: not known
    for model in ("gpt-6.1-terra", "gpt-6.2-astra", "gpt-6.2-sol"):
        assert facts_for(model).get("chat_tools") is None, model
    source = facts_for("gpt-6-astra").source("chat_tools")
    assert (
        source.url
        == DEPLOYMENT_CHECKLIST
        == ("https://developers.openai.com/api/docs/guides/deployment-checklist")
    )
    assert source.read == "2026-12-05"
    assert models_with("chat_tools", "no") == ("gpt-6-astra", "gpt-6.1-sol")


def test_efforts_astra_and_6_1_sol_have_no_none_the_older_sol_and_luna_do():
    for model in ("gpt-6-astra", "gpt-6.1-sol"):
        row = facts_for(model)
        assert row.get("effort") == ("low", "medium", "high", "xhigh", "max")
        assert row.get("thinking_lowest") == "low"
    for model in ("gpt-6-sol", "gpt-6-luna"):
        assert facts_for(model).get("effort")[0] == "none"
    for model in CURRENT_MODELS:
        assert "minimal" not in (facts_for(model).get("effort") or ()), model
    # GPT-6.2: no OpenAI page read, so not known (the rules keep quiet)
    assert facts_for("gpt-6.2-astra").get("effort") is None
    assert facts_for("gpt-6-astra").source("effort").url == GPT6_GUIDE
    # sampling: only the defaults unless the effort is none (the checklist)
    assert facts_for("gpt-6-astra").get("sampling") == "default-only"


def test_lesson_5s_lists_come_from_the_openai_rows():
    assert course_facts.names("openai_tools_responses_only") == ("GPT-6.1 Sol", "GPT-6 Astra")
    assert course_facts.names("openai_tools_chat_effort_none") == ("GPT-6 Sol", "GPT-6 Luna")
    # an OpenAI list never shows a Claude model, nor a Claude list an OpenAI one
    assert not any("Claude" in n for n in course_facts.names("openai_tools_responses_only"))
    assert not any("GPT" in n for n in course_facts.names("current_models"))
    assert render("{{facts:openai_tools_responses_only}}", "pt-BR") == "GPT-6.1 Sol e GPT-6 Astra"
    assert render("{{facts:openai_tools_chat_effort_none}}", "ru") == "GPT-6 Sol и GPT-6 Luna"
    # its sources: OpenAI's lineup, then the checklist, dated
    (roster, _, _), (fact, source, models) = course_facts.sources("openai_tools_responses_only")
    assert roster == course_facts.ROSTER and fact == "chat_tools"
    assert source.url == DEPLOYMENT_CHECKLIST and "GPT-6 Astra" in models


def test_a_new_openai_row_joins_its_list(monkeypatch):
    from checker.models import openai

    row = facts_for("gpt-6.2-sol")
    monkeypatch.setitem(row.facts, "chat_tools", "no")
    assert course_facts.names("openai_tools_responses_only")[0] == "GPT-6.2 Sol"
    assert "gpt-6.2-sol" in openai.CURRENT_MODELS


@pytest.mark.parametrize("model", CURRENT_MODELS)
@pytest.mark.parametrize("effort", [None, "none", "low", "max"])
def test_the_linter_rejects_no_gpt6_tool_request(model, effort):
    """What the pages do not call a 400 is never an error, on either API."""
    chat = {"model": model, "messages": [{"role": "user", "content": "Hi"}], "tools": [TOOL]}
    responses = {"model": model, "input": "Hi", "tools": [{"type": "function", **TOOL["function"]}]}
    if effort is not None:
        chat["reasoning_effort"] = effort
        responses["reasoning"] = {"effort": effort}
    for fmt, body in (("openai", chat), ("responses", responses)):
        found = lint_value(body, fmt).diagnostics
        assert found is not None
        # only `o-tools-model-endpoint`, which reads `chat_tools`, may judge a Chat body
        # (tests/checker/test_rules_tools_model_endpoint.py says when)
        errors = [d for d in found if d.severity == "error" and d.rule != "o-tools-model-endpoint"]
        assert errors == [], (fmt, [d.rule for d in errors])
        # a GPT-6 id is a known model now: no "unknown model" note
        assert not [d for d in found if "model-unknown" in d.rule], (fmt, [d.rule for d in found])


@pytest.mark.parametrize(
    ("lang", "responses_only", "effort_none"),
    [
        ("en", "GPT-6.1 Sol and GPT-6 Astra", "GPT-6 Sol and GPT-6 Luna"),
        ("pt-BR", "GPT-6.1 Sol e GPT-6 Astra", "GPT-6 Sol e GPT-6 Luna"),
        ("ru", "GPT-6.1 Sol и GPT-6 Astra", "GPT-6 Sol и GPT-6 Luna"),
    ],
)
def test_lesson_5_says_which_models_take_tools_where_from_the_table(
    lang, responses_only, effort_none
):
    from tooltutor.course import load_course

    course = load_course(None, lang)
    lesson = next(x for x in course.lessons if x.id == "two-formats")
    section = next(s for s in lesson.sections if s["id"] == "responses-api")
    raw = section["blocks"][0]["markdown"]
    assert "{{facts:openai_tools_responses_only}}" in raw
    shown = course.expand(raw)
    assert "{{facts:" not in shown
    assert f"({responses_only})" in shown and f"({effort_none})" in shown
    assert '`reasoning_effort: "none"`' in shown and "[^S11]" in shown
    assert any(src["id"] == "S11" for src in lesson.sources)
