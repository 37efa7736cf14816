"""Run one API's checks over an indexed request, in declaration order."""

from __future__ import annotations

from typing import Any

from checker.diagnostics import Diagnostic
from checker.rules.record import registered


def run(api: str, ctx: Any, *, with_model: bool = False, complete: bool = True) -> list[Diagnostic]:
    """Every finding of `api`'s checks as diagnostics with their rule's id and severity.

    Body checks run only when the request body is known (`ctx.body`); request checks also
    need it to be `complete` (the whole request as sent, not a fragment an exercise asked
    for); model checks run with the body, or when a model was named (`with_model`).
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
            out.append(Diagnostic(rule_id, level, found.path, found.message, found.hint))
    return out
