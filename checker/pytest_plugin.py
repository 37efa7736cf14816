"""The pytest plugin: fail a test whose code sends a request the API would reject.

Installed with tooltutor (entry point `pytest11`: `tooltutor`); or load it with
`-p tooltutor.pytest_plugin`. It does nothing until asked:

- `@pytest.mark.lint_requests` on a test (or `--lint-requests`, or `lint_requests = true`
  in the ini file, for every test) lints every request any `anthropic` or `openai` client
  sends while the test runs, whatever client the code builds: each `httpx.Client.send` /
  `httpx.AsyncClient.send` (and `httpx2`'s) runs the lint hook first. A rejected request
  raises `checker.hooks.RequestLintError` where the SDK call is, and the test fails with
  the diagnostics, even when the code under test catches the error.
  `@pytest.mark.lint_requests(ignore=["a-cache-*"], fail_on_warnings=True)` passes options
  to `checker.hooks.RequestLinter`.
- The `request_linter` fixture is that linter, for clients you build in the test:
  `request_linter.http_client("anthropic")` is an offline httpx client (answered by
  `checker.testing.canned_response`, or your `handler`) that lints every request;
  `request_linter.attach(client)` adds the hook to any SDK or httpx client;
  `request_linter.records` lists what was sent; `with request_linter.expect_rejection():`
  around a call that must be rejected (the test then passes);
  `request_linter.assert_session_valid()` judges every request the test sent as one
  recorded session (each against the exchange it continues: `checker.session`), and
  `request_linter.lint_session()` returns that result.
- `assert_valid_request(body)` (from `checker.testing`) for a body built without sending.

No request leaves the machine because of the plugin; the network is whatever the test's
client uses (give it a mock transport, as `http_client()` does).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from checker.hooks import RequestLinter
    from checker.testing import FixtureLinter, Rejection, assert_valid_request

__all__ = ["FixtureLinter", "Rejection", "assert_valid_request"]

#: pytest loads this module in every run of every project where it is installed: it
#: imports nothing but pytest until a test asks for the linter (`checker.testing` has it).
_LAZY = {"FixtureLinter", "Rejection", "assert_valid_request", "report"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module("checker.testing"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_LINTER = pytest.StashKey["FixtureLinter"]()
_MARK = "lint_requests"
#: The httpx packages whose clients' `send` the marker wraps (when installed).
HTTPX_PACKAGES = ("httpx", "httpx2")


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("tooltutor", "tooltutor request linting")
    group.addoption(
        "--lint-requests",
        action="store_true",
        default=False,
        help="lint every request the anthropic / openai SDKs send, in every test (tooltutor)",
    )
    parser.addini(
        "lint_requests",
        type="bool",
        default=False,
        help="lint every request the anthropic / openai SDKs send, in every test (tooltutor)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "lint_requests(**options): fail the test when an anthropic / openai client sends a "
        "request the API would reject (options: those of checker.hooks.RequestLinter)",
    )


def _enabled(item: pytest.Item) -> bool:
    config = item.config
    return (
        item.get_closest_marker(_MARK) is not None
        or bool(config.getoption("lint_requests", False))
        or bool(config.getini("lint_requests"))
    )


@pytest.fixture
def request_linter(request: pytest.FixtureRequest) -> FixtureLinter:
    """The test's request linter: records every request; a rejected one fails the test."""
    item = request.node
    linter = item.stash.get(_LINTER, None)
    if linter is None:
        # only for a test that asks: pytest's start loads nothing of the engine
        from checker.testing import FixtureLinter

        marker = item.get_closest_marker(_MARK)
        linter = FixtureLinter(**(marker.kwargs if marker is not None else {}))
        item.stash[_LINTER] = linter
    return linter


@pytest.fixture(autouse=True)
def _tooltutor_lint_requests(request: pytest.FixtureRequest) -> Iterator[None]:
    """With the marker or the option: run the lint hook in every httpx client's `send`."""
    if not _enabled(request.node):
        yield
        return
    linter = request.getfixturevalue("request_linter")
    with pytest.MonkeyPatch.context() as patch:
        for name in HTTPX_PACKAGES:
            module = _installed(name)
            if module is not None:
                _wrap_send(patch, module, linter)
        yield


def _installed(name: str) -> Any:
    # only when a test asks for the fixture (find_spec of the SDKs)
    import importlib.util

    if name in sys.modules:
        return sys.modules[name]
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    return importlib.import_module(name) if found is not None else None


def _wrap_send(patch: pytest.MonkeyPatch, module: Any, linter: RequestLinter) -> None:
    client = getattr(module, "Client", None)
    if client is not None:
        send = client.send

        def linted_send(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
            __tracebackhide__ = True
            linter(request)
            response = send(self, request, *args, **kwargs)
            if not kwargs.get("stream"):
                linter.on_response(response)
            return response

        patch.setattr(client, "send", linted_send)
    async_client = getattr(module, "AsyncClient", None)
    if async_client is not None:
        asend = async_client.send

        async def linted_asend(self: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
            __tracebackhide__ = True
            await linter.async_hook(request)
            response = await asend(self, request, *args, **kwargs)
            if not kwargs.get("stream"):
                await linter.async_on_response(response)
            return response

        patch.setattr(async_client, "send", linted_asend)


@pytest.hookimpl(trylast=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    """A test that passed although it sent a rejected request (it caught the error) fails."""
    linter = item.stash.get(_LINTER, None)
    if linter is not None and linter.raise_on_invalid and linter.failures:
        # only for a test that sent a rejected request
        from checker.testing import report

        pytest.fail(report(linter.failures), pytrace=False)
