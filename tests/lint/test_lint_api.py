"""The library API: `lint(request, format=...)`, `format_for_url`, typed packages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from lint_requests import (
    ANTHROPIC_BROKEN,
    ANTHROPIC_RULE,
    CHAT_BROKEN,
    CHAT_RULE,
    CHAT_VALID,
    RESPONSES_BROKEN,
    RESPONSES_RULE,
)

import checker
from checker import Diagnostic, LintResult, lint
from checker.lint import ENDPOINTS, format_for_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("request_body", "fmt", "rule"),
    [
        (ANTHROPIC_BROKEN, "anthropic", ANTHROPIC_RULE),
        (CHAT_BROKEN, "openai", CHAT_RULE),
        (RESPONSES_BROKEN, "responses", RESPONSES_RULE),
    ],
)
def test_lint_returns_diagnostics_for_each_form_of_input(request_body, fmt, rule):
    text = json.dumps(request_body, indent=2)
    for given in (request_body, text, text.encode()):
        result = lint(given, format=fmt)
        assert isinstance(result, LintResult) and isinstance(result.diagnostics[0], Diagnostic)
        assert not result.valid and result.format == fmt
        assert [d.rule for d in result.errors] == [rule]
    auto = lint(text)  # the format is detected
    assert auto.format == fmt and auto.errors[0].line is not None


def test_lint_select_and_ignore():
    assert lint(CHAT_BROKEN, ignore=[CHAT_RULE]).valid
    assert lint(CHAT_BROKEN, select=["a-*"]).valid
    with pytest.raises(ValueError):
        lint(CHAT_VALID, select=["no-such-rule"])


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://api.anthropic.com/v1/messages", "anthropic"),
        ("https://api.anthropic.com/v1/messages?beta=true", "anthropic"),
        ("/v1/chat/completions", "openai"),
        ("https://gateway.example/openai/deployments/d/chat/completions?api-version=1", "openai"),
        ("http://localhost:4000/chat/completions", "openai"),
        ("https://api.openai.com/v1/responses", "responses"),
        ("/v1/responses/", "responses"),
        ("https://api.anthropic.com/v1/messages/count_tokens", None),
        ("https://api.anthropic.com/v1/messages/batches", None),
        ("https://api.openai.com/v1/responses/resp_1/cancel", None),
        ("https://api.openai.com/v1/embeddings", None),
        ("", None),
    ],
)
def test_format_for_url(url, expected):
    assert format_for_url(url) == expected
    assert set(ENDPOINTS.values()) == {"anthropic", "openai", "responses"}


def test_packages_are_typed():
    for package in ("checker", "tooltutor"):
        assert (ROOT / package / "py.typed").is_file()
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"tooltutor.pytest_plugin" = "checker.pytest_plugin"' in text


def test_the_api_is_documented():
    page = (ROOT / "docs" / "linting.md").read_text(encoding="utf-8")
    for name in (
        "from checker import lint",
        "lint_requests(",
        "assert_valid_request(",
        "request_linter",
        "--output-format github",
        ".pre-commit-hooks.yaml",
    ):
        assert name in page, name
    assert checker.lint.__doc__


def test_checker_imports_no_sdk_and_no_app():
    code = (
        "import sys\n"
        "from checker import lint\n"
        "from checker.lint import format_for_url\n"
        'lint(\'{"messages": [{"role": "user", "content": "hi"}]}\')\n'
        "bad = [m for m in ('tooltutor', 'textual', 'anthropic', 'openai', 'httpx', 'httpx2')"
        " if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
