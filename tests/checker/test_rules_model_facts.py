"""The capability table (checker.models): lookups, sources, near misses, the unknown note."""

from __future__ import annotations

import datetime

from checker.lint import lint_value
from checker.models import did_you_mean, facts_for, models_with, resolve, stale


def test_ids_aliases_and_platform_ids_resolve_to_one_row():
    assert resolve("claude-sonnet-4-5-20250929") == "claude-sonnet-4-5"
    assert resolve("us.anthropic.claude-sonnet-4-5-20250929-v1:0") == "claude-sonnet-4-5"
    assert resolve("gpt-4o-mini-2024-07-18") == "gpt-4o-mini"
    assert resolve("openai/gpt-5.2") == "gpt-5.2"
    assert facts_for("no-such-model") is None


def test_every_fact_has_a_source_and_a_read_date():
    row = facts_for("claude-opus-4-6")
    assert row.get("effort") == ("low", "medium", "high", "max")
    assert "xhigh" not in row.get("effort")
    src = row.source("effort")
    assert src.url.startswith("https://") and datetime.date.fromisoformat(src.read)
    assert facts_for("claude-sonnet-5-5").get("thinking_lowest") == "between_tools"


def test_models_with_a_capability():
    audio = models_with("audio_input")
    assert "gpt-4o-audio-preview" in audio and "gpt-4o" not in audio
    assert "claude-sonnet-5-5" in models_with("forced_tool_choice", False)
    assert "gpt-4o-search-preview" in models_with("search", "web_search_options")


def test_stale_names_old_facts():
    later = datetime.date(2030, 1, 1)
    assert any(model == "gpt-5.2" and fact == "effort" for model, fact, _ in stale(365, later))
    assert not list(stale(365, datetime.date(2026, 12, 6)))


def test_near_misses_and_new_versions():
    assert did_you_mean("gpt-5.2-proo") == "gpt-5.2-pro"
    assert did_you_mean("claude-sonet-4-5") == "claude-sonnet-4-5"
    assert did_you_mean("gpt-5.7") is None  # a version the table lacks, not a typo
    assert did_you_mean("gpt-35-turbo") is None  # Azure's name


def _rules(body):
    return [(d.rule, d.severity) for d in lint_value(body).diagnostics]


def test_a_typo_gets_one_note_and_no_model_error():
    chat = {
        "model": "gpt-5.2-proo",
        "messages": [{"role": "user", "content": "hi"}],
        "temperature": 0.2,
        "reasoning_effort": "minimal",
    }
    assert _rules(chat) == [("model-unknown", "note")]
    claude = {
        "model": "claude-opus-4-66x",
        "max_tokens": 10,
        "messages": [{"role": "user", "content": "hi"}],
    }
    assert not [r for r in _rules(claude) if r[1] == "error"]


def test_known_models_and_other_vendors_get_no_note():
    for model in ("gpt-4o", "gpt-5.6-terra", "llama3.1:8b", "ft:gpt-4.1-mini-2025-04-14:a::x"):
        body = {"model": model, "messages": [{"role": "user", "content": "hi"}]}
        assert ("model-unknown", "note") not in _rules(body), model


def test_effort_a_model_does_not_take_is_an_error():
    body = {
        "model": "claude-opus-4-6",
        "max_tokens": 10,
        "output_config": {"effort": "xhigh"},
        "messages": [{"role": "user", "content": "hi"}],
    }
    assert ("a-effort-invalid", "error") in _rules(body)
    body["output_config"]["effort"] = "max"
    assert ("a-effort-invalid", "error") not in _rules(body)


def test_a_claude_id_is_found_without_openais_table_and_gets_the_same_row():
    """`facts_for` reads a `claude...` id from the Claude rows alone (so linting a Claude
    request does not load OpenAI's table); that is the whole table's answer only while no
    OpenAI id or alias starts with `claude` and no name is in both vendors' rows."""
    from checker.models import _claude_table, _table, all_models, claude, openai

    claude_names = {n for r in claude.rows() for n in (r.id, *r.aliases)}
    openai_names = {n for r in openai.rows() for n in (r.id, *r.aliases)}
    assert not claude_names & openai_names
    assert not [n for n in openai_names if n.startswith("claude")]
    assert all(_table()[name] is row for name, row in _claude_table().items())
    for name in ("claude-sonnet-4-5-20250929", "claude-opus-4-6", "claude-sonnet-4.5"):
        assert facts_for(name) in all_models()


def test_linting_a_claude_request_does_not_load_openais_table():
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from checker.lint import lint_value\n"
        "lint_value({'model': 'claude-sonnet-4-5', 'max_tokens': 64,"
        " 'messages': [{'role': 'user', 'content': 'hi'}]})\n"
        "print('checker.models.openai' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr
