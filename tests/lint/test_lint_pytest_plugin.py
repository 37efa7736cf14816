"""The pytest plugin, loaded by a pytester run: it fails a test whose code sends, through
the real `anthropic` or `openai` SDK and no network, a request the API would reject."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

pytest.importorskip("anthropic")
pytest.importorskip("openai")

#: The tests of the pytester run: a user's test module, as the docs tell it to be written.
USER_TESTS = '''
import anthropic
import openai
import pytest

from tooltutor.hooks import RequestLintError
from tooltutor.testing import canned_response, httpx_module

httpx = httpx_module("anthropic")

TOOLS = [{"name": "get_weather", "description": "The weather.",
          "input_schema": {"type": "object", "properties": {}}}]
BROKEN = [
    {"role": "user", "content": "Weather in Lisbon?"},
    {"role": "assistant", "content": [
        {"type": "tool_use", "id": "toolu_01A", "name": "get_weather", "input": {}}]},
    {"role": "user", "content": "thanks"},
]
VALID = [{"role": "user", "content": "Weather in Lisbon?"}]


def offline_anthropic():
    transport = httpx.MockTransport(lambda request: canned_response(request, httpx))
    return anthropic.Anthropic(api_key="test", http_client=httpx.Client(transport=transport))


def agent_step(client, messages):
    """Code under test: it catches every error, as agent loops often do."""
    try:
        return client.messages.create(
            model="claude-sonnet-4-5", max_tokens=64, messages=messages, tools=TOOLS
        )
    except Exception:
        return None


@pytest.mark.lint_requests
def test_marker_valid():
    assert agent_step(offline_anthropic(), VALID) is not None


@pytest.mark.lint_requests
def test_marker_broken_even_when_the_code_catches_it():
    agent_step(offline_anthropic(), BROKEN)


@pytest.mark.lint_requests
def test_marker_async_client_broken():
    import asyncio

    async def main():
        transport = httpx.MockTransport(lambda request: canned_response(request, httpx))
        http = httpx.AsyncClient(transport=transport)
        client = anthropic.AsyncAnthropic(api_key="test", http_client=http)
        await client.messages.create(
            model="claude-sonnet-4-5", max_tokens=64, messages=BROKEN, tools=TOOLS
        )

    asyncio.run(main())


@pytest.mark.lint_requests(ignore=["a-tool-result-missing"])
def test_marker_options():
    agent_step(offline_anthropic(), BROKEN)


def test_without_the_marker_nothing_is_linted():
    agent_step(offline_anthropic(), BROKEN)


def test_fixture_client_broken(request_linter):
    http = request_linter.http_client("anthropic")
    client = anthropic.Anthropic(api_key="test", http_client=http)
    client.messages.create(model="claude-sonnet-4-5", max_tokens=64, messages=BROKEN, tools=TOOLS)


def test_fixture_expect_rejection(request_linter):
    client = openai.OpenAI(api_key="test", http_client=request_linter.http_client("openai"))
    client.chat.completions.create(model="gpt-5", messages=[{"role": "user", "content": "hi"}])
    with request_linter.expect_rejection() as caught:
        client.chat.completions.create(
            model="gpt-5", messages=[{"role": "tool", "tool_call_id": "c", "content": "x"}]
        )
    assert caught.linted.result.errors[0].rule == "o-tool-msg-orphan"
    assert [r.valid for r in request_linter.records] == [True, False]


def test_assert_valid_request(request_linter):
    from tooltutor.pytest_plugin import assert_valid_request

    assert_valid_request({"model": "gpt-5", "messages": [{"role": "user", "content": "hi"}]})
    assert_valid_request({"model": "gpt-5", "messages": [{"role": "tool", "content": "x"}]})
'''

OUTCOMES = {
    "test_marker_valid": "passed",
    "test_marker_broken_even_when_the_code_catches_it": "failed",
    "test_marker_async_client_broken": "failed",
    "test_marker_options": "passed",
    "test_without_the_marker_nothing_is_linted": "passed",
    "test_fixture_client_broken": "failed",
    "test_fixture_expect_rejection": "passed",
    "test_assert_valid_request": "failed",
}


#: The plugin, and none of the unrelated ones this suite uses (textual snapshots, asyncio).
ARGS = ("-p", "tooltutor.pytest_plugin", "-p", "no:textual-snapshot", "-p", "no:asyncio")
ARGS += ("-p", "no:cacheprovider")


def _check(recorder) -> None:
    outcomes = {}
    for report in recorder.getreports("pytest_runtest_logreport"):
        if report.when == "call" or report.outcome != "passed":
            outcomes[report.location[2]] = report.outcome
    assert outcomes == OUTCOMES


def test_plugin_in_a_pytester_run(pytester):
    pytester.makepyfile(test_agent=USER_TESTS)
    result = pytester.inline_run(*ARGS)
    _check(result)
    text = "\n".join(
        str(r.longrepr) for r in result.getfailures() if r.location[2].startswith("test_marker")
    )
    assert "tooltutor: 1 request the API would reject" in text
    assert "a-tool-result-missing" in text and "/messages/1/content/0/id" in text


def test_plugin_in_a_subprocess_run(pytester):
    """A fresh interpreter, as `pytest` is run: the plugin loads and the outcomes hold."""
    pytester.makepyfile(test_agent=USER_TESTS)
    result = pytester.runpytest_subprocess(*ARGS)
    result.assert_outcomes(passed=4, failed=4)
    result.stdout.fnmatch_lines(
        [
            "*_ test_marker_broken_even_when_the_code_catches_it _*",
            "tooltutor: 1 request the API would reject:",
            "*/messages/1/content/0/id: error a-tool-result-missing:*",
            "*_ test_fixture_client_broken _*",
            "E*AnthropicRequestLintError: POST https://api.anthropic.com/v1/messages would be*",
        ]
    )


def test_the_option_and_the_ini_turn_it_on_for_every_test(pytester):
    pytester.makepyfile(test_agent=USER_TESTS)
    by_option = pytester.runpytest_subprocess(*ARGS, "--lint-requests", "-k", "without_the_marker")
    by_option.assert_outcomes(failed=1)
    pytester.makeini("[pytest]\nlint_requests = true\n")
    by_ini = pytester.runpytest_subprocess(*ARGS, "-k", "without_the_marker")
    by_ini.assert_outcomes(failed=1)
