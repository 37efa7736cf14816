"""The capability table as the course's one source of dated facts: Fable 5.2 and Mythos 5.2,
every fact dated (never in the future) with its URL, and the named lists lessons render."""

from __future__ import annotations

import datetime

import pytest

from checker.models import all_models, course_facts, facts_for
from checker.models.claude import CURRENT_MODELS, FABLE_52_PAGE


def test_fable_and_mythos_5_2_are_current_and_take_fable_5_1s_rules():
    for model in ("claude-fable-5-2", "claude-mythos-5-2"):
        row = facts_for(model)
        assert row is not None and row.name in CURRENT_MODELS
        assert row.get("forced_tool_choice") is False
        assert row.get("prefix_check") == "all_accounts"
        assert row.get("thinking_lowest") == "adaptive"
        assert row.get("cache_min_tokens") == 512
        assert row.source("prefix_check") == FABLE_52_PAGE
        assert row.source("forced_tool_choice").url.endswith("/whats-new-fable-5-2")


def test_every_fact_has_a_url_and_a_read_date_that_is_not_in_the_future():
    today = datetime.date.today()
    for row in all_models():
        for fact, source in row.sources.items():
            assert source.url.startswith("https://"), (row.id, fact)
            read = datetime.date.fromisoformat(source.read)
            assert read <= today, f"{row.id} {fact} read {source.read}, after today"
    roster = course_facts.roster_source()
    assert datetime.date.fromisoformat(roster.read) <= today


def test_the_lists_follow_the_table():
    rejected = course_facts.names("forcing_rejected")
    assert {"Claude Fable 5.2", "Claude Mythos 5.2", "Claude Sonnet 5.5"} <= set(rejected)
    assert "Claude Haiku 4.5" not in rejected
    assert course_facts.names("forcing_accepted") == ("Claude Haiku 4.5",)
    # a model whose forcing is not known for sure is in neither list
    assert "Claude Haiku 5.5" not in rejected + course_facts.names("forcing_accepted")
    every_account = course_facts.names("prefix_check_all_accounts")
    assert {"Claude Fable 5.2", "Claude Mythos 5.2"} <= set(every_account)
    assert "Claude Fable 5.1" in course_facts.names("prefix_check_new_accounts")
    # only current models, newest version first
    current = course_facts.names("current_models")
    assert set(current) == set(CURRENT_MODELS)
    assert current.index("Claude Fable 5.2") < current.index("Claude Fable 5.1")
    assert current[-1] == "Claude Haiku 4.5"


def test_a_grouped_list_gives_each_value_its_models():
    groups = dict(course_facts.groups("cache_minimums"))
    assert groups[4096] == ("Claude Haiku 4.5",)
    assert "Claude Fable 5.2" in groups[512]
    assert list(groups) == sorted(groups)


def test_sources_name_each_fact_its_date_and_url():
    found = course_facts.sources("forcing_rejected")
    assert found[0][0] == course_facts.ROSTER
    facts = {(fact, source.url) for fact, source, _ in found}
    assert ("forced_tool_choice", FABLE_52_PAGE.url) in facts
    fable = next(models for fact, source, models in found if source == FABLE_52_PAGE)
    assert fable == ("Claude Fable 5.2", "Claude Mythos 5.2")


def test_an_unknown_list_names_the_known_ones():
    with pytest.raises(KeyError, match="forcing_rejected"):
        course_facts.names("forcing")


def test_the_linters_note_on_an_unknown_model_lists_the_table_not_a_copy():
    from checker.i18n import use_language
    from checker.lint import lint_value

    body = {
        "model": "claude-fable-9",
        "max_tokens": 10,
        "tools": [{"name": "a", "description": "d", "input_schema": {"type": "object"}}],
        "tool_choice": {"type": "any"},
        "messages": [{"role": "user", "content": "hi"}],
    }
    for lang, joined in (("en", " and "), ("pt-BR", " e ")):
        with use_language(lang):
            found = [d for d in lint_value(body).diagnostics if "forced" in d.rule]
        assert [d.severity for d in found] == ["warning"]
        expected = course_facts.join_names(course_facts.names("forcing_rejected"), lang)
        assert expected in found[0].message and joined in expected
        assert "Fable 5.2" in found[0].message


def test_numbers_and_token_words_follow_the_language():
    assert course_facts.number(4096) == "4,096"
    assert course_facts.number(4096, "pt-BR") == "4.096"
    assert course_facts.number(4096, "ru") == "4096"
    assert course_facts.number(12000, "ru") == "12\u00a0000"
