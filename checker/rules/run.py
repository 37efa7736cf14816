"""Run one API's checks over an indexed request, in declaration order."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from checker.diagnostics import Diagnostic
from checker.rules.record import registered


def run(api: str, ctx: Any, *, with_model: bool = False, complete: bool = True) -> list[Diagnostic]:
    """Every finding of `api`'s checks as diagnostics with their rule's id and severity.

    Body checks run only when the request body is known (`ctx.body`); request checks also
    need it to be `complete` (the whole request as sent, not a fragment an exercise asked
    for); model checks run with the body, or when a model was named (`with_model`). A
    finding that names a beta header (`Finding.beta`) is dropped when `ctx.headers` carry
    it, and is a note when the headers are not known.
    """
    with_body = ctx.body is not None
    out: list[Diagnostic] = []
    for check in registered(api):
        if check.scope == "body" and not with_body:
            continue
        if check.scope == "request" and not (with_body and complete):
            continue
        if check.scope == "model" and not (with_body or with_model):
            continue
        rule_id, severity = check.rule.id, check.rule.severity
        for found in check.run(ctx):
            level = found.severity or severity
            if found.beta is not None:
                state = beta_state(getattr(ctx, "headers", None), found.beta)
                if state == "sent":
                    continue
                if state == "unknown" and level != "error":
                    level = "note"  # it depends on a header the body cannot show
            out.append(Diagnostic(rule_id, level, found.path, found.message, found.hint))
    return out


_DATE = re.compile(r"-\d{4}-\d{2}-\d{2}$")


def beta_state(headers: Mapping[str, str] | None, beta: str) -> str:
    """Whether the request sends the beta header `beta`: "sent", "not sent", or "unknown"
    (no headers known). Any version of the same beta counts (`files-api-2025-04-14` and a
    later `files-api-...`), and "*" means any beta at all."""
    if headers is None:
        return "unknown"
    sent = [b.strip() for b in str(headers.get("anthropic-beta", "")).split(",") if b.strip()]
    if beta == "*":
        return "sent" if sent else "not sent"
    stem = _DATE.sub("", beta)
    return "sent" if any(_DATE.sub("", b) == stem for b in sent) else "not sent"


def header_map(headers: Mapping[str, Any] | None) -> dict[str, str] | None:
    """HTTP headers with lower-case names (lists joined with commas), or None."""
    if headers is None:
        return None
    out: dict[str, str] = {}
    for name, value in headers.items():
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        out[str(name).lower()] = str(value)
    return out
