"""`tooltutor.hooks` with the real `anthropic` and `openai` clients, offline.

Each client gets an httpx client whose mock transport answers (no network). A broken
request must raise `RequestLintError` before it reaches the transport, with no retry; a
valid one goes through.
"""

from __future__ import annotations

import asyncio
import pickle

import pytest
from lint_requests import (
    ANTHROPIC_BROKEN,
    ANTHROPIC_RULE,
    ANTHROPIC_VALID,
    CHAT_BROKEN,
    CHAT_RULE,
    CHAT_VALID,
    RESPONSES_BROKEN,
    RESPONSES_RULE,
    body,
)

from tooltutor.hooks import RequestLinter, RequestLintError, lint_requests
from tooltutor.testing import assert_valid_request, canned_response, httpx_module

anthropic = pytest.importorskip("anthropic")
openai = pytest.importorskip("openai")


class Transport:
    """A mock transport's handler that answers offline and remembers what reached it."""

    def __init__(self, httpx):
        self.httpx = httpx
        self.seen = []

    def __call__(self, request):
        self.seen.append(request)
        return canned_response(request, self.httpx)


def offline(sdk: str, *, asynchronous: bool = False):
    httpx = httpx_module(sdk)
    transport = Transport(httpx)
    if asynchronous:

        async def handler(request):
            return transport(request)

        http = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    else:
        http = httpx.Client(transport=httpx.MockTransport(transport))
    return http, transport


def anthropic_client(**options):
    http, transport = offline("anthropic")
    client = lint_requests(anthropic.Anthropic(api_key="test", http_client=http), **options)
    return client, transport


def openai_client(**options):
    http, transport = offline("openai")
    client = lint_requests(openai.OpenAI(api_key="test", http_client=http), **options)
    return client, transport


def test_anthropic_valid_request_goes_through():
    client, transport = anthropic_client()
    message = client.messages.create(**body("ANTHROPIC_VALID"))
    assert message.content[0].text == "ok" and len(transport.seen) == 1


def test_anthropic_broken_request_never_leaves():
    rejected = []
    client, transport = anthropic_client(on_invalid=rejected.append)
    with pytest.raises(RequestLintError) as caught:
        client.messages.create(**body("ANTHROPIC_BROKEN"))
    error = caught.value
    assert transport.seen == []  # stopped before the transport
    assert len(rejected) == 1  # and not retried
    assert isinstance(error, anthropic.AnthropicError)  # so the SDK passes it through
    assert not isinstance(error, anthropic.APIConnectionError)
    assert [d.rule for d in error.errors] == [ANTHROPIC_RULE]
    assert error.linted.format == "anthropic" and error.linted.url.endswith("/v1/messages")
    assert ANTHROPIC_RULE in str(error) and "/messages/1/content/0/id" in str(error)
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is RequestLintError and again.errors == error.errors


def test_anthropic_beta_and_streaming_requests_are_linted():
    client, _ = anthropic_client()
    with pytest.raises(RequestLintError):
        client.beta.messages.create(**body("ANTHROPIC_BROKEN"))  # /v1/messages?beta=true
    with pytest.raises(RequestLintError):
        client.messages.create(**body("ANTHROPIC_BROKEN"), stream=True)


def test_other_endpoints_pass_untouched():
    client, transport = anthropic_client()
    tokens = dict(ANTHROPIC_BROKEN)
    tokens.pop("max_tokens")
    with pytest.raises(anthropic.NotFoundError):  # the mock's 404: it was sent, not linted
        client.messages.count_tokens(**tokens)
    assert len(transport.seen) == 1


def test_options_reach_the_linter():
    client, _ = anthropic_client(ignore=[ANTHROPIC_RULE])
    client.messages.create(**body("ANTHROPIC_BROKEN"))  # the rule is ignored
    seen = []
    client, transport = anthropic_client(raise_on_invalid=False, on_invalid=seen.append)
    client.messages.create(**body("ANTHROPIC_BROKEN"))
    assert len(seen) == 1 and len(transport.seen) == 1  # recorded only, then sent


def test_openai_chat_completions():
    client, transport = openai_client()
    reply = client.chat.completions.create(**body("CHAT_VALID"))
    assert reply.choices[0].message.content == "ok"
    with pytest.raises(RequestLintError) as caught:
        client.chat.completions.create(**body("CHAT_BROKEN"))
    assert isinstance(caught.value, openai.OpenAIError)
    assert caught.value.errors[0].rule == CHAT_RULE
    assert len(transport.seen) == 1


def test_openai_responses():
    client, transport = openai_client()
    assert client.responses.create(**body("RESPONSES_VALID")).output_text == "ok"
    with pytest.raises(RequestLintError) as caught:
        client.responses.create(**body("RESPONSES_BROKEN"))
    assert caught.value.linted.format == "responses"
    assert caught.value.errors[0].rule == RESPONSES_RULE
    assert len(transport.seen) == 1


def test_async_clients():
    async def run():
        http, transport = offline("anthropic", asynchronous=True)
        client = lint_requests(anthropic.AsyncAnthropic(api_key="test", http_client=http))
        await client.messages.create(**body("ANTHROPIC_VALID"))
        with pytest.raises(RequestLintError):
            await client.messages.create(**body("ANTHROPIC_BROKEN"))
        http, transport2 = offline("openai", asynchronous=True)
        client = lint_requests(openai.AsyncOpenAI(api_key="test", http_client=http))
        await client.chat.completions.create(**body("CHAT_VALID"))
        with pytest.raises(RequestLintError):
            await client.chat.completions.create(**body("CHAT_BROKEN"))
        return len(transport.seen), len(transport2.seen)

    assert asyncio.run(run()) == (1, 1)


def test_the_hook_on_an_httpx_client_and_records():
    http, transport = offline("openai")
    linter = RequestLinter()
    http.event_hooks = linter.event_hooks
    client = openai.OpenAI(api_key="test", http_client=http)
    client.chat.completions.create(**body("CHAT_VALID"))
    with pytest.raises(openai.OpenAIError):  # the SDK error class is found from the User-Agent
        client.chat.completions.create(**body("CHAT_BROKEN"))
    assert [r.valid for r in linter.records] == [True, False]
    assert linter.failures == [linter.records[1]]
    assert len(transport.seen) == 1
    lint_requests(http)  # a second hook on the same client: each judges once
    assert len(http.event_hooks["request"]) == 2


def test_attach_refuses_what_is_not_a_client():
    with pytest.raises(TypeError, match="anthropic or openai client"):
        lint_requests(object())
    with pytest.raises(ValueError):
        RequestLinter(format="gemini")
    with pytest.raises(ValueError, match="no rule matches"):
        RequestLinter(ignore=["no-such-rule"])


def test_assert_valid_request_takes_bodies_and_httpx_requests():
    assert assert_valid_request(CHAT_VALID).valid
    assert assert_valid_request(ANTHROPIC_VALID, "anthropic").format == "anthropic"
    with pytest.raises(AssertionError, match=CHAT_RULE):
        assert_valid_request(CHAT_BROKEN)
    with pytest.raises(AssertionError, match="would be rejected"):
        assert_valid_request(RESPONSES_BROKEN)
    httpx = httpx_module("openai")
    request = httpx.Request("POST", "https://api.anthropic.com/v1/messages", json={"messages": []})
    with pytest.raises(AssertionError, match="Anthropic Messages"):
        assert_valid_request(request)  # the URL says which API
    warned = [{"role": "user", "content": "hi"}]
    assert assert_valid_request(warned).warnings
    with pytest.raises(AssertionError, match="format-unknown"):
        assert_valid_request(warned, allow_warnings=False)
