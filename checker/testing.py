"""Test helpers: assert that a request is valid, and an offline HTTP client for the SDKs.

    from checker.testing import assert_valid_request

    def test_my_agent_builds_a_valid_request():
        body = my_agent.build_request(...)
        assert_valid_request(body)                      # the format is detected
        assert_valid_request(body, format="anthropic")  # or chosen

`assert_valid_request` takes what `checker.lint` takes (a dict or list, JSON text, bytes)
or an httpx request, whose URL names the API (`/v1/messages`, `/v1/chat/completions`,
`/v1/responses`). It raises `AssertionError` with every diagnostic when the API would
answer 400 (and, with `allow_warnings=False`, on warnings), and returns the `LintResult`.

`mock_http_client("anthropic")` is an httpx client for `anthropic.Anthropic(http_client=
...)` (or `"openai"`) that lints each request (`checker.hooks.RequestLinter`) and
answers it offline with a minimal valid response (`canned_response`), or with your own
`handler(request) -> response`. It uses the httpx package that SDK uses (`httpx` or
`httpx2`), imported only when called. Nothing here needs pytest, but for the test's
linter of the pytest plugin (`FixtureLinter`), which imports it when it fails a test.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import sys
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Any

from checker.hooks import LintedRequest, RequestLinter, RequestLintError, describe

if TYPE_CHECKING:
    from checker.diagnostics import LintResult

__all__ = [
    "FixtureLinter",
    "Rejection",
    "assert_valid_request",
    "canned_response",
    "httpx_module",
    "mock_http_client",
]


def assert_valid_request(
    request: Any,
    format: str = "auto",
    *,
    model: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    allow_warnings: bool = True,
) -> LintResult:
    """Fail (AssertionError) when the API would reject `request`; return the `LintResult`.

    `request` is a body (dict, list, JSON `str` or `bytes`) or an httpx request (its URL
    path chooses the format when `format` is "auto"). `model`, `select` and `ignore` are
    those of `checker.lint`.
    """
    __tracebackhide__ = True  # pytest shows the caller's line
    linter = RequestLinter(format=format, model=model, select=select, ignore=ignore)
    if _is_http_request(request):
        linted = linter.lint_body(str(request.method), str(request.url), _content(request))
    else:
        linted = linter.lint_body("", "", request)
    if not linted.result.valid or (not allow_warnings and linted.result.diagnostics):
        raise AssertionError(describe(linted))
    return linted.result


def _is_http_request(value: Any) -> bool:
    return all(hasattr(value, name) for name in ("method", "url", "headers")) and (
        hasattr(value, "content") or hasattr(value, "read")
    )


def _content(request: Any) -> bytes:
    try:
        return bytes(request.content)
    except Exception:  # a streamed body
        return bytes(request.read())


# --------------------------------------------------------------------------- offline client


def httpx_module(sdk: str | None = None) -> ModuleType:
    """The httpx package `sdk` ("anthropic", "openai") builds its client with.

    Newer SDKs use `httpx2`, older ones `httpx`; without `sdk`, whichever is installed.
    """
    if sdk:
        base = importlib.import_module(f"{sdk}._base_client")
        for name in ("httpx2", "httpx"):
            found = getattr(base, name, None)
            if isinstance(found, ModuleType):
                return found
    for name in ("httpx2", "httpx"):
        if name in sys.modules or importlib.util.find_spec(name) is not None:
            return importlib.import_module(name)
    raise ModuleNotFoundError("neither httpx2 nor httpx is installed")


def canned_response(request: Any, module: ModuleType | None = None) -> Any:
    """A minimal successful answer to a request of one of the three APIs (else a 404)."""
    # on first use, not at import: checker.lint, checker.detect, ... (14 modules)
    from checker.lint import format_for_url

    httpx = module or httpx_module()
    fmt = format_for_url(str(request.url))
    try:
        model = json.loads(request.content or b"{}").get("model", "model")
    except (ValueError, AttributeError):
        model = "model"
    if fmt == "anthropic":
        body: dict[str, Any] = {
            "id": "msg_offline",
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [{"type": "text", "text": "ok"}],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
    elif fmt == "openai":
        body = {
            "id": "chatcmpl-offline",
            "object": "chat.completion",
            "created": 0,
            "model": model,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": "ok", "refusal": None},
                    "finish_reason": "stop",
                    "logprobs": None,
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }
    elif fmt == "responses":
        body = {
            "id": "resp_offline",
            "object": "response",
            "created_at": 0,
            "status": "completed",
            "model": model,
            "output": [
                {
                    "type": "message",
                    "id": "msg_offline",
                    "status": "completed",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": "ok", "annotations": []}],
                }
            ],
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
        }
    else:
        error = {"type": "not_found_error", "message": "no offline answer for this URL"}
        return httpx.Response(404, json={"type": "error", "error": error})
    return httpx.Response(200, json=body)


def mock_http_client(
    sdk: str | None = None,
    handler: Callable[[Any], Any] | None = None,
    *,
    linter: RequestLinter | None = None,
    asynchronous: bool = False,
    **linter_options: Any,
) -> Any:
    """An offline httpx client that lints each request, for an SDK's `http_client=`.

    `handler(request)` answers (default: `canned_response`); with `asynchronous=True` the
    client is an `AsyncClient` (and `handler` may be async). `linter` is the hook to use
    (default: a new `RequestLinter(**linter_options)`), kept as the client's `.linter`.
    """
    httpx = httpx_module(sdk)
    linter = linter or RequestLinter(sdk=sdk, **linter_options)
    answer = handler or (lambda request: canned_response(request, httpx))
    if asynchronous:

        async def reply(request: Any) -> Any:
            response = answer(request)
            if hasattr(response, "__await__"):
                response = await response
            return response

        client = httpx.AsyncClient(
            transport=httpx.MockTransport(reply), event_hooks=linter.async_event_hooks
        )
    else:
        client = httpx.Client(transport=httpx.MockTransport(answer), event_hooks=linter.event_hooks)
    client.linter = linter
    return client


# --------------------------------------------------------------------------- pytest's linter
# (`checker.pytest_plugin` imports this module only when a test asks for the linter)


class Rejection:
    """What `expect_rejection` caught: `error` (a `RequestLintError`) once the block ends."""

    error: RequestLintError | None = None

    @property
    def linted(self) -> LintedRequest:
        assert self.error is not None, "no request was rejected"
        return self.error.linted


class FixtureLinter(RequestLinter):
    """The test's `RequestLinter`: `http_client`, `expect_rejection`, `assert_all_valid`."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._expected: set[int] = set()

    @property
    def failures(self) -> list[LintedRequest]:
        """The rejected requests, less those an `expect_rejection` block expected."""
        return [
            r for n, r in enumerate(self.records) if self.rejects(r) and n not in self._expected
        ]

    def http_client(
        self, sdk: str | None = None, handler: Any = None, *, asynchronous: bool = False
    ) -> Any:
        """An offline httpx client for `sdk` (`"anthropic"`, `"openai"`) linting with this."""
        if sdk and not self.sdk:
            self.sdk = sdk
        return mock_http_client(sdk, handler, linter=self, asynchronous=asynchronous)

    @contextlib.contextmanager
    def expect_rejection(self) -> Iterator[Rejection]:
        """Fail unless the block sends a request the linter rejects; that one is expected."""
        __tracebackhide__ = True
        first = len(self.records)
        caught = Rejection()
        try:
            yield caught
        except RequestLintError as err:
            caught.error = err
        self._expected.update(
            n for n in range(first, len(self.records)) if self.rejects(self.records[n])
        )
        if caught.error is None:
            # on first use, not at import: pytest, iniconfig, pluggy, py, ... (211 modules)
            import pytest

            pytest.fail("expected a request the API would reject; none was", pytrace=False)

    def assert_session_valid(self) -> None:
        """Fail now when a request sent so far breaks the exchange it continues (or is
        invalid alone): the test's requests judged as a session (`lint_session`)."""
        __tracebackhide__ = True
        result = self.lint_session()
        if not result.valid:
            lines = ["tooltutor: the session the test sent would be rejected:"]
            for exchange in result.exchanges:
                for d in exchange.result.errors:
                    place = exchange.earlier_of(d)
                    where = f" (compare exchange {place.exchange} {place.part} {place.path})"
                    lines.append(
                        f"  request {exchange.number} {d.path or '/'}: {d.rule}: {d.message}"
                        + (where if place is not None else "")
                    )
            # on first use, not at import: pytest, iniconfig, pluggy, py, ... (211 modules)
            import pytest

            pytest.fail("\n".join(lines), pytrace=False)

    def assert_all_valid(self) -> None:
        """Fail now when a request sent so far was rejected (and not expected)."""
        __tracebackhide__ = True
        if self.failures:
            # on first use, not at import: pytest, iniconfig, pluggy, py, ... (211 modules)
            import pytest

            pytest.fail(report(self.failures), pytrace=False)


def report(failures: list[LintedRequest]) -> str:
    """The failure text for rejected requests."""
    n = len(failures)
    head = f"tooltutor: {n} request{'' if n == 1 else 's'} the API would reject:"
    return "\n".join([head, *(describe(f) for f in failures)])
