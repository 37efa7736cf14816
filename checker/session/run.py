"""`lint_session`: every request of a recorded session, alone and against what it continues."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from checker.diagnostics import Diagnostic, LintResult
from checker.session.group import group
from checker.session.model import Earlier, Exchange, ExchangeResult, SessionResult
from checker.session.pair import Pair
from checker.session.views import VIEWS

#: A cross-turn diagnostic that says for sure what a request's own rule could only
#: suspect replaces that rule's diagnostic at the same place.
SUPERSEDES = {"r-session-reasoning-dropped": frozenset({"r-reasoning-item-missing"})}


def as_exchange(value: Any) -> Exchange:
    """An `Exchange` from one: a mapping with `request` (and `response`, `url` or
    `format`, `status`), or a bare request body."""
    if isinstance(value, Exchange):
        return value
    if isinstance(value, Mapping) and "request" in value:
        fmt = value.get("format")
        if fmt is None and isinstance(value.get("url"), str):
            # on first use, not at import: checker.lint, checker.detect, ... (7 modules)
            from checker.lint import format_for_url

            fmt = format_for_url(value["url"])
        status = value.get("status")
        return Exchange(
            value["request"],
            value.get("response"),
            fmt if fmt in VIEWS else None,
            status if isinstance(status, int) else None,
        )
    return Exchange(value)


def format_of(exchange: Exchange, fallback: str = "auto") -> str:
    """The API of an exchange: the log's, else the request's shape, else its response's."""
    if exchange.format in VIEWS:
        return exchange.format  # type: ignore[return-value]
    if fallback in VIEWS:
        return fallback
    # on first use, not at import: checker.detect (1 module)
    from checker.detect import detect_format

    request = exchange.request
    found = detect_format(request) if isinstance(request, (dict, list)) else "unknown"
    if found in VIEWS:
        return found
    response = exchange.response
    if isinstance(response, dict):
        if "choices" in response:
            return "openai"
        if response.get("object") == "response" or "output" in response:
            return "responses"
        if response.get("type") == "message" or "stop_reason" in response:
            return "anthropic"
    model = request.get("model") if isinstance(request, dict) else None
    if isinstance(model, str) and isinstance(request, dict) and "messages" in request:
        lowered = model.lower()
        if "claude" in lowered:
            return "anthropic"
        if lowered.startswith(("gpt", "o1", "o3", "o4", "chatgpt")):
            return "openai"
    return "unknown"


def lint_session(
    exchanges: Iterable[Any],
    format: str = "auto",
    *,
    model: str | None = None,
    select: Iterable[str] = (),
    ignore: Iterable[str] = (),
    json_values: bool = False,
) -> SessionResult:
    """Judge a recorded session: each request alone, and against the exchange it continues.

    `exchanges` are in the order they were sent: `Exchange`s, or mappings with `request`,
    `response` (None or absent when none was recorded), and optionally `url` (which names
    the API), `format` and `status`. `format` forces one API for every exchange ("auto":
    the log's, else detected). `model`, `select` and `ignore` are those of `checker.lint`.
    Diagnostics carry JSON pointers into each request body; a cross-turn one also names
    the place in the earlier exchange (`ExchangeResult.earlier_of`). `json_values=True`
    says the exchanges were parsed from JSON (a log file), so values JSON cannot hold are
    not looked for.
    """
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import FORMATS

    if format not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not {format!r}")
    keep = None
    select, ignore = list(select), list(ignore)
    if select or ignore:
        # on first use, not at import: checker.rules, fnmatch (3 modules)
        from checker.rules import selector

        keep = selector(select, ignore)
    items = [as_exchange(e) for e in exchanges]
    formats = [format_of(e, format) for e in items]
    bodies = [e.request for e in items]
    links = group(formats, bodies, [e.response if e.answered else None for e in items])
    histories = [(VIEWS[f].history(b) or []) if f in VIEWS else [] for f, b in zip(formats, bodies)]
    results: list[ExchangeResult] = []
    for i, exchange in enumerate(items):
        fmt = formats[i]
        own = _own(exchange.request, fmt if fmt in VIEWS else "auto", model, json_values)
        diagnostics = list(own.diagnostics)
        earlier: dict[tuple[str, str, str], Earlier] = {}
        link = links[i]
        if link.continues is not None and fmt in VIEWS:
            j = link.continues
            pair = Pair(i + 1, exchange, j + 1, items[j], link.shared, histories[i], histories[j])
            for found in _checks(fmt)(pair):
                d = found.diagnostic
                diagnostics.append(d)
                if found.earlier is not None:
                    earlier[(d.rule, d.path, d.message)] = found.earlier
        diagnostics = _superseded(diagnostics)
        if keep is not None:
            diagnostics = [d for d in diagnostics if keep(d.rule)]
        diagnostics = _in_order(exchange.request, diagnostics)
        result = LintResult.of(own.format, diagnostics)
        continues = link.continues + 1 if link.continues is not None else None
        results.append(
            ExchangeResult(i + 1, own.format, link.conversation, continues, result, earlier)
        )
    return SessionResult(results)


def _own(request: Any, fmt: str, model: str | None, json_values: bool) -> LintResult:
    """The request judged alone (`checker.lint.lint_value`; a value parsed from JSON is not
    walked again for values JSON cannot hold)."""
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import _lint, lint_value

    if not json_values:
        return lint_value(request, fmt, model=model)
    return _lint(request, fmt, bare=None, model=model, trusted=True, fragment=False)


def _checks(fmt: str):
    if fmt == "anthropic":
        # not at the top: checker.session imports this module (an import circle)
        from checker.session import anthropic

        return anthropic.check
    if fmt == "openai":
        # not at the top: checker.session imports this module (an import circle)
        from checker.session import chat

        return chat.check
    # not at the top: checker.session imports this module (an import circle)
    from checker.session import responses

    return responses.check


def _superseded(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    covered = {(replaced, d.path) for d in diagnostics for replaced in SUPERSEDES.get(d.rule, ())}
    if not covered:
        return diagnostics
    return [d for d in diagnostics if (d.rule, d.path) not in covered]


def _in_order(request: Any, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    # on first use, not at import: checker.lint, checker.detect, checker.source, ... (7 modules)
    from checker.lint import _document_order

    order = sorted(
        range(len(diagnostics)), key=lambda n: (_document_order(request, diagnostics[n].path), n)
    )
    return [diagnostics[n] for n in order]
