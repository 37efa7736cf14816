"""The SDK hook's `repair=True` and the session a test suite records, through the real SDKs
(offline: `tooltutor.testing.mock_http_client`)."""

from __future__ import annotations

import json
import logging

import pytest

anthropic = pytest.importorskip("anthropic")
openai = pytest.importorskip("openai")

from tooltutor.hooks import RequestLintError  # noqa: E402
from tooltutor.testing import canned_response, mock_http_client  # noqa: E402

TOOLS = [{"name": "get_weather", "input_schema": {"type": "object"}}]
INTERRUPTED = [
    {"role": "user", "content": "Weather in Lisbon?"},
    {
        "role": "assistant",
        "content": [{"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {}}],
    },
    {"role": "user", "content": "Never mind: and in Porto?"},
]


def _recording(sent):
    def handler(request):
        sent.append(json.loads(request.content))
        return canned_response(request)

    return handler


def test_repair_answers_the_interrupted_call_logs_it_and_keeps_the_words(caplog):
    sent = []
    http = mock_http_client("anthropic", _recording(sent), repair=True)
    client = anthropic.Anthropic(api_key="x", http_client=http, max_retries=0)
    with caplog.at_level(logging.WARNING, logger="tooltutor.hooks"):
        client.messages.create(
            model="claude-sonnet-4-5", max_tokens=64, tools=TOOLS, messages=INTERRUPTED
        )
    content = sent[0]["messages"][2]["content"]
    assert content[0]["tool_use_id"] == "toolu_01" and content[0]["is_error"] is True
    assert content[1] == {"type": "text", "text": "Never mind: and in Porto?"}
    assert "tooltutor repaired POST" in caplog.text and "a-tool-result-missing" in caplog.text
    assert http.linter.repairs[0][2].rule == "a-tool-result-missing"


def test_without_repair_the_same_request_is_stopped():
    http = mock_http_client("anthropic")
    client = anthropic.Anthropic(api_key="x", http_client=http, max_retries=0)
    with pytest.raises(RequestLintError):
        client.messages.create(
            model="claude-sonnet-4-5", max_tokens=64, tools=TOOLS, messages=INTERRUPTED
        )


def test_what_cannot_be_repaired_is_still_stopped():
    thinking = [
        INTERRUPTED[0],
        INTERRUPTED[1],
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "9 C"}],
        },
    ]
    http = mock_http_client("anthropic", repair=True)
    client = anthropic.Anthropic(api_key="x", http_client=http, max_retries=0)
    with pytest.raises(RequestLintError, match="a-thinking-block-missing"):
        client.messages.create(
            model="claude-sonnet-4-5",
            max_tokens=4096,
            thinking={"type": "enabled", "budget_tokens": 2048},
            tools=TOOLS,
            messages=thinking,
        )
    assert http.linter.repairs == []


def test_the_hook_records_the_session_with_its_responses():
    http = mock_http_client("openai")
    client = openai.OpenAI(api_key="x", http_client=http, max_retries=0)
    history = [{"role": "user", "content": "Hi"}]
    reply = client.chat.completions.create(model="gpt-5.5", messages=history)
    history.append({"role": "assistant", "content": reply.choices[0].message.content})
    history.append({"role": "user", "content": "Again"})
    client.chat.completions.create(model="gpt-5.5", messages=history)
    exchanges = http.linter.exchanges
    assert (
        len(exchanges) == 2 and exchanges[0]["response"]["choices"][0]["message"]["content"] == "ok"
    )
    result = http.linter.lint_session()
    assert result.valid and result.exchanges[1].continues == 1


PLUGIN_TESTS = """
import json
import anthropic
import pytest
from tooltutor.testing import canned_response, httpx_module

httpx = httpx_module("anthropic")

REPLY = {"id": "m", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
         "content": [{"type": "thinking", "thinking": "Look it up.", "signature": "EqQB"},
                     {"type": "tool_use", "id": "toolu_9", "name": "f", "input": {}}],
         "stop_reason": "tool_use", "stop_sequence": None,
         "usage": {"input_tokens": 1, "output_tokens": 1}}


@pytest.mark.lint_requests
def test_agent_edits_thinking(request_linter):
    client = anthropic.Anthropic(api_key="x", max_retries=0, http_client=request_linter.http_client(
        "anthropic", lambda r: httpx.Response(200, json=REPLY)))
    tools = [{"name": "f", "input_schema": {"type": "object"}}]
    body = dict(model="claude-sonnet-4-5", max_tokens=4096, tools=tools,
                thinking={"type": "enabled", "budget_tokens": 2048})
    first = [{"role": "user", "content": "go"}]
    client.messages.create(messages=first, **body)
    edited = [dict(b) for b in REPLY["content"]]
    edited[0]["thinking"] = "Summarised."
    result = {"type": "tool_result", "tool_use_id": "toolu_9", "content": "1"}
    client.messages.create(messages=first + [{"role": "assistant", "content": edited},
        {"role": "user", "content": [result]}], **body)
    request_linter.assert_session_valid()
"""


def test_the_pytest_plugin_fails_a_test_whose_session_breaks(pytester):
    pytester.makepyfile(test_agent=PLUGIN_TESTS)
    result = pytester.runpytest_subprocess(
        "-p", "tooltutor.pytest_plugin", "-p", "no:xdist", "-p", "no:cacheprovider", "-q"
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*a-session-thinking-modified*compare exchange 1 response /content/0*"]
    )


pytest_plugins = ["pytester"]
