"""Lint every request an `anthropic` or `openai` client sends, before it leaves the machine.

    import anthropic
    from checker.hooks import lint_requests

    client = lint_requests(anthropic.Anthropic())
    client.messages.create(...)  # raises RequestLintError where the API would answer 400

`lint_requests(client)` adds a request event hook to the client's httpx client (the SDK's
`http_client`, or an `httpx.Client` / `httpx.AsyncClient` given directly). The hook reads
each POST whose URL path ends with `/v1/messages` (Anthropic Messages),
`/chat/completions` (Chat Completions) or `/responses` (Responses), lints its JSON body
with that API's rules (`checker.lint`) and, when the API would reject it, raises
`RequestLintError` before the request is sent. Other requests (models, files, batches,
embeddings) pass untouched.

The error raised through an SDK client is also an instance of that SDK's base error
(`anthropic.AnthropicError`, `openai.OpenAIError`), so the SDK lets it through as it is:
it is not retried and not wrapped in `APIConnectionError`. (SDK versions that wrap every
transport error retry it and raise `APIConnectionError` whose `__cause__` is the
`RequestLintError`; pass `max_retries=0` to such a client.)

With `repair=True` (opt-in), a body the API would reject for a pairing that can be
repaired without inventing anything (`checker.fixes`: an unanswered call answered with an
error result saying it was not executed, results split over two messages merged, text
moved after the results, an orphan or repeated result removed) is repaired before it is
linted and sent; each change is logged on the `tooltutor.hooks` logger (a warning) and
kept in `linter.repairs`. What cannot be repaired honestly is left for the lint to stop.

For clients you build yourself, `RequestLinter` is the hook: `httpx.Client(event_hooks=
linter.event_hooks)` (`linter.async_event_hooks` for `httpx.AsyncClient`). It keeps every
linted request in `linter.records`. The pytest plugin (`checker.pytest_plugin`) uses the
same linter to fail a test that sends a broken request.

Neither the SDKs nor httpx are imported here: anything with the shape of an httpx request
(`method`, `url`, `headers`, `content` or `read()`) is read, so `httpx` and `httpx2` both
work.
"""

from __future__ import annotations

import contextlib
import json
import sys
import weakref
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:
    from checker.diagnostics import Diagnostic, LintResult

__all__ = [
    "LintedRequest",
    "RequestLintError",
    "RequestLinter",
    "describe",
    "lint_requests",
]

ClientT = TypeVar("ClientT")

#: The base error class of each SDK, by the package name (see `RequestLintError`).
SDK_ERRORS = {"anthropic": "AnthropicError", "openai": "OpenAIError"}
FORMAT_NAMES = {
    "anthropic": "Anthropic Messages",
    "openai": "OpenAI Chat Completions",
    "responses": "OpenAI Responses",
}


class HTTPRequest(Protocol):
    """What the hook reads of a request (an `httpx.Request` has all of it)."""

    method: str
    url: Any
    headers: Mapping[str, str]


class LintedRequest(NamedTuple):
    """One request the hook judged: where it went, as which API, and what `lint` found."""

    method: str
    url: str
    format: str
    result: LintResult

    @property
    def valid(self) -> bool:
        return self.result.valid

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.result.diagnostics


class RequestLintError(Exception):
    """A request the API would reject, stopped before it was sent.

    `linted` is the `LintedRequest` (method, url, format, result); `result`, `diagnostics`
    and `errors` are shortcuts. The text names every diagnostic with its JSON pointer.
    """

    def __init__(self, linted: LintedRequest, *, fail_on_warnings: bool = False) -> None:
        super().__init__(describe(linted, warnings=True))
        self.linted = linted
        self.fail_on_warnings = fail_on_warnings

    @property
    def result(self) -> LintResult:
        return self.linted.result

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return self.linted.result.diagnostics

    @property
    def errors(self) -> list[Diagnostic]:
        return self.linted.result.errors

    def __reduce__(self) -> tuple[Any, ...]:  # picklable, whatever class it was raised as
        return (RequestLintError, (self.linted,), {"fail_on_warnings": self.fail_on_warnings})


def describe(linted: LintedRequest, *, warnings: bool = True) -> str:
    """The text of a judged request: a headline, then one line per diagnostic and its hint."""
    result = linted.result
    shown = [d for d in result.diagnostics if warnings or d.is_error]
    errors = sum(1 for d in shown if d.is_error)
    counts = [f"{errors} error{'' if errors == 1 else 's'}"] if errors else []
    if len(shown) > errors:
        n = len(shown) - errors
        counts.append(f"{n} warning{'' if n == 1 else 's'}")
    name = FORMAT_NAMES.get(result.format or linted.format, result.format or linted.format)
    where = f"{linted.method} {linted.url}".strip() or "the request"
    verb = "would be rejected by the API" if not result.valid else "has warnings"
    lines = [f"{where} {verb} ({name}): {', '.join(counts) or 'no problems'}"]
    for d in shown:
        lines.append(f"  {d.path or '/'}: {d.severity} {d.rule}: {d.message}")
        if d.hint:
            lines.append(f"    hint: {d.hint}")
    return "\n".join(lines)


class RequestLinter:
    """An httpx request event hook that lints request bodies (see the module docstring).

    `format` forces one API's rules for every linted request ("auto": from the URL path).
    `model`, `select` and `ignore` are those of `checker.lint`. `endpoints` adds URL path
    endings to lint (e.g. `{"/invoke": "anthropic"}` for a gateway), beside the three
    standard ones. `fail_on_warnings` treats a request with warnings as rejected too.
    `raise_on_invalid=False` only records (see `failures`). `on_invalid` is called with
    each rejected `LintedRequest` before anything is raised. `repair=True` repairs what
    `checker.fixes` can repair honestly before linting, logging each change.
    """

    def __init__(
        self,
        *,
        format: str = "auto",
        model: str | None = None,
        select: Iterable[str] = (),
        ignore: Iterable[str] = (),
        endpoints: Mapping[str, str] | None = None,
        fail_on_warnings: bool = False,
        raise_on_invalid: bool = True,
        on_invalid: Callable[[LintedRequest], object] | None = None,
        sdk: str | None = None,
        repair: bool = False,
    ) -> None:
        # on first use, not at import: checker.lint, checker.detect, ... (14 modules)
        from checker.lint import FORMATS

        if format not in FORMATS:
            raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
        self.format = format
        self.model = model
        self.select = list(select)
        self.ignore = list(ignore)
        if self.select or self.ignore:
            # on first use, not at import: checker.rules, checker.i18n, contextvars, ... (6 modules)
            from checker.rules import selector

            try:
                selector(self.select, self.ignore)  # an unknown rule fails now, not mid-test
            except ValueError as err:
                raise ValueError(f"no rule matches {str(err)!r} (see docs/rules.md)") from None
        self.endpoints = dict(endpoints or {})
        self.fail_on_warnings = fail_on_warnings
        self.raise_on_invalid = raise_on_invalid
        self.on_invalid = on_invalid
        self.sdk = sdk
        self.repair = repair
        #: every change `repair=True` made: (method, url, `checker.fixes.Change`)
        self.repairs: list[tuple[str, str, Any]] = []
        #: every request judged, in the order sent
        self.records: list[LintedRequest] = []
        #: the conversation as sent: `{"url", "request", "response", "status"}` per
        #: request (the response when the response hook read a JSON one); `lint_session()`
        self.exchanges: list[dict[str, Any]] = []
        self._exchange_of: weakref.WeakKeyDictionary[Any, dict[str, Any]] = (
            weakref.WeakKeyDictionary()
        )
        self._seen: weakref.WeakSet[Any] = weakref.WeakSet()

    # ------------------------------------------------------------------ what it judges

    def format_for(self, method: str, url: str) -> str | None:
        """The format a request to `url` is linted as, or None when it is not linted."""
        if method.upper() != "POST":
            return None
        # on first use, not at import: checker.lint, checker.detect, ... (14 modules)
        from checker.lint import format_for_url

        path = url.split("#", 1)[0].split("?", 1)[0]
        if "://" in path:
            path = path.split("://", 1)[1].partition("/")[2]
        path = "/" + path.strip("/")
        found = next((f for end, f in self.endpoints.items() if path.endswith(end)), None)
        found = found or format_for_url(path)
        if found is None:
            return None
        return found if self.format == "auto" else self.format

    def rejects(self, linted: LintedRequest) -> bool:
        """Whether `linted` counts as rejected (errors, or warnings with fail_on_warnings)."""
        return not linted.result.valid or (self.fail_on_warnings and bool(linted.diagnostics))

    @property
    def failures(self) -> list[LintedRequest]:
        """The judged requests that were rejected."""
        return [r for r in self.records if self.rejects(r)]

    def lint_body(self, method: str, url: str, body: bytes | str | Any) -> LintedRequest:
        """Judge one body as sent to `url` (records it; never raises on the body)."""
        # on first use, not at import: checker.lint, checker.detect, ... (14 modules)
        from checker.lint import lint

        fmt = self.format_for(method, url) or (self.format if self.format != "auto" else "auto")
        result = lint(body, fmt, model=self.model, select=self.select, ignore=self.ignore)
        linted = LintedRequest(method.upper(), url, fmt, result)
        self.records.append(linted)
        return linted

    def lint(self, request: HTTPRequest) -> LintedRequest | None:
        """Judge an httpx request (sync: reads a streamed body into memory); None if skipped."""
        plan = self._plan(request)
        if plan is None:
            return None
        body = self._repaired(request, plan, _read(request))
        linted = self.lint_body(str(request.method), str(request.url), body)
        self._remember(request, plan, body)
        return linted

    async def alint(self, request: HTTPRequest) -> LintedRequest | None:
        """`lint` for an `httpx.AsyncClient` request (reads a streamed body with `aread`)."""
        plan = self._plan(request)
        if plan is None:
            return None
        body = self._repaired(request, plan, await _aread(request))
        linted = self.lint_body(str(request.method), str(request.url), body)
        self._remember(request, plan, body)
        return linted

    # ------------------------------------------------------------------ the session

    def _remember(self, request: HTTPRequest, fmt: str, body: bytes) -> None:
        try:
            value = json.loads(body)
        except ValueError:
            return
        entry: dict[str, Any] = {
            "url": str(request.url),
            "format": fmt,
            "request": value,
            "response": None,
            "status": None,
        }
        self.exchanges.append(entry)
        with contextlib.suppress(TypeError):
            self._exchange_of[request] = entry

    def _entry_for(self, response: Any) -> dict[str, Any] | None:
        request = getattr(response, "request", None)
        try:
            entry = self._exchange_of.get(request) if request is not None else None
        except TypeError:
            return None
        if entry is None:
            return None
        entry["status"] = getattr(response, "status_code", None)
        kind = str(response.headers.get("content-type", ""))
        return entry if "json" in kind.lower() else None

    def on_response(self, response: Any) -> None:
        """The response event hook: keep a JSON response beside its request (a streamed
        one is left unread: its turn is not known)."""
        entry = self._entry_for(response)
        if entry is not None:
            with contextlib.suppress(Exception):
                entry["response"] = json.loads(response.read())

    async def async_on_response(self, response: Any) -> None:
        """`on_response` for `httpx.AsyncClient`."""
        entry = self._entry_for(response)
        if entry is not None:
            with contextlib.suppress(Exception):
                entry["response"] = json.loads(await response.aread())

    def lint_session(self, **options: Any) -> Any:
        """Every request sent so far judged as a session (`checker.session.lint_session`):
        each against the exchange it continues. `options` as `lint_session`'s; by default
        this linter's `model`, `select` and `ignore`."""
        # on first use, not at import: checker.session, checker.diagnostics, ... (16 modules)
        from checker.session import lint_session

        options.setdefault("model", self.model)
        options.setdefault("select", self.select)
        options.setdefault("ignore", self.ignore)
        options.setdefault("json_values", True)
        return lint_session(self.exchanges, **options)

    def _repaired(self, request: HTTPRequest, fmt: str, body: bytes) -> bytes:
        """With `repair=True`: the body repaired (and put in the request), else as it is."""
        if not self.repair:
            return body

        try:
            value = json.loads(body)
        except ValueError:
            return body
        # on first use, not at import: checker.fixes, checker.diagnostics, ... (8 modules)
        from checker.fixes import repair_value

        try:
            fixed, changes = repair_value(value, fmt)
        except ValueError:
            return body
        if not changes:
            return body
        new = json.dumps(fixed, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        _replace_body(request, new)
        # on first use, not at import: logging, atexit, linecache, string, ... (10 modules)
        import logging

        log = logging.getLogger("tooltutor.hooks")  # its documented name, in both installs
        method, url = str(request.method), str(request.url)
        for change in changes:
            self.repairs.append((method, url, change))
            log.warning(
                "tooltutor repaired %s %s: %s (%s at %s)",
                method,
                url,
                change.change,
                change.rule,
                change.path or "/",
            )
        return new

    def _plan(self, request: HTTPRequest) -> str | None:
        try:
            if request in self._seen:  # judged already (a hook and the plugin both see it)
                return None
        except TypeError:
            pass
        fmt = self.format_for(str(request.method), str(request.url))
        if fmt is None:
            return None
        kind = request.headers.get("content-type", "application/json")
        if "json" not in kind.lower():
            return None
        with contextlib.suppress(TypeError):  # not weak-referenceable: judged each time
            self._seen.add(request)
        return fmt

    # ------------------------------------------------------------------ the hooks

    def __call__(self, request: HTTPRequest) -> None:
        """The sync event hook: raise `RequestLintError` for a rejected request."""
        __tracebackhide__ = True  # pytest shows the caller's frames
        linted = self.lint(request)
        if linted is not None:
            self._verdict(linted, request)

    async def async_hook(self, request: HTTPRequest) -> None:
        """The event hook for `httpx.AsyncClient`."""
        __tracebackhide__ = True  # pytest shows the caller's frames
        linted = await self.alint(request)
        if linted is not None:
            self._verdict(linted, request)

    @property
    def event_hooks(self) -> dict[str, list[Callable[[Any], None]]]:
        """`httpx.Client(event_hooks=linter.event_hooks)`."""
        return {"request": [self], "response": [self.on_response]}

    @property
    def async_event_hooks(self) -> dict[str, list[Callable[[Any], Awaitable[None]]]]:
        """`httpx.AsyncClient(event_hooks=linter.async_event_hooks)`."""
        return {"request": [self.async_hook], "response": [self.async_on_response]}

    def attach(self, client: ClientT) -> ClientT:
        """Add this hook to an SDK client (its httpx client) or an httpx client; returns it."""
        http, sdk = _http_client(client)
        if sdk and not self.sdk:
            self.sdk = sdk
        # on first use, not at import: inspect, ast, dis, importlib, ... (10 modules)
        import inspect

        asynchronous = inspect.iscoroutinefunction(http.send)
        hook: Any = self.async_hook if asynchronous else self
        answer: Any = self.async_on_response if asynchronous else self.on_response
        hooks = dict(http.event_hooks)
        if hook not in hooks.get("request", []):
            hooks["request"] = [*hooks.get("request", []), hook]
            hooks["response"] = [*hooks.get("response", []), answer]
            http.event_hooks = hooks
        return client

    def _verdict(self, linted: LintedRequest, request: HTTPRequest) -> None:
        __tracebackhide__ = True
        if not self.rejects(linted):
            return
        if self.on_invalid is not None:
            self.on_invalid(linted)
        if self.raise_on_invalid:
            sdk = self.sdk or _sdk_of(request)
            raise error_class(sdk)(linted, fail_on_warnings=self.fail_on_warnings)


def lint_requests(client: ClientT, **options: Any) -> ClientT:
    """`client` with a hook that raises `RequestLintError` before a rejected request is sent.

    `client` is an `anthropic` or `openai` client (sync or async), or an httpx client.
    `options` are those of `RequestLinter` (format, model, select, ignore, endpoints,
    fail_on_warnings, on_invalid). Returns the same client, so it can wrap a constructor:
    `client = lint_requests(anthropic.Anthropic())`.
    """
    return RequestLinter(**options).attach(client)


# --------------------------------------------------------------------------- helpers

_ERROR_CLASSES: dict[str, type[RequestLintError]] = {}


def error_class(sdk: str | None) -> type[RequestLintError]:
    """`RequestLintError`, also a subclass of the SDK's base error when it is imported."""
    if not sdk:
        return RequestLintError
    if sdk in _ERROR_CLASSES:
        return _ERROR_CLASSES[sdk]
    base = getattr(sys.modules.get(sdk), SDK_ERRORS.get(sdk, ""), None)
    if not (isinstance(base, type) and issubclass(base, Exception)):
        return RequestLintError
    name = base.__name__.removesuffix("Error") + "RequestLintError"
    cls = type(name, (RequestLintError, base), {"__module__": __name__, "__doc__": None})
    _ERROR_CLASSES[sdk] = cls
    return cls


def _sdk_of(request: HTTPRequest) -> str | None:
    """The SDK that built a request, from its User-Agent (`Anthropic/Python 1.2.3`)."""
    agent = request.headers.get("user-agent", "").lower()
    for sdk in SDK_ERRORS:
        if sdk in agent:
            return sdk
    return None


def _http_client(client: Any) -> tuple[Any, str | None]:
    """The httpx client inside `client` (an SDK client, or an httpx client itself)."""
    if _is_http_client(client):
        return client, None
    inner = getattr(client, "_client", None)  # every Stainless-built SDK keeps it here
    if _is_http_client(inner):
        root = type(client).__module__.partition(".")[0]
        return inner, root if root in SDK_ERRORS else None
    raise TypeError(
        f"cannot add the lint hook to {type(client).__name__}: give an anthropic or openai "
        "client, or an httpx.Client / httpx.AsyncClient"
    )


def _is_http_client(value: Any) -> bool:
    return hasattr(value, "event_hooks") and callable(getattr(value, "send", None))


def _replace_body(request: Any, body: bytes) -> None:
    """Give an httpx request a new body (its stream, its cached content, its length)."""
    stream_type = type(getattr(request, "stream", None))
    package = sys.modules.get(type(request).__module__.partition(".")[0])
    byte_stream = getattr(package, "ByteStream", None)
    if byte_stream is None and stream_type.__name__ == "ByteStream":
        byte_stream = stream_type
    if byte_stream is not None:
        request.stream = byte_stream(body)
    request._content = body
    request.headers["Content-Length"] = str(len(body))


def _read(request: Any) -> bytes:
    try:
        return bytes(request.content)
    except Exception:  # a streamed body not read yet (httpx.RequestNotRead)
        return bytes(request.read())


async def _aread(request: Any) -> bytes:
    try:
        return bytes(request.content)
    except Exception:
        return bytes(await request.aread())
