"""Run one API's checks over an indexed request, in order (`checker.rules.record.order`).

An API package imports its topic modules on demand (`load_topics`): a lint imports only
the modules that hold a check of a scope that can run on its request (`runnable`), so a bare
messages array does not pay for the rules of tools, parameters and caching.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Mapping

from checker.diagnostics import Diagnostic
from checker.rules.record import registered

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def runnable(*, with_body: bool, with_model: bool, complete: bool) -> frozenset[str]:
    """The scopes of the checks that run on a request: message checks always; body checks
    when the request body is known; request checks when it is also `complete` (the whole
    request as sent, not a fragment an exercise asked for); model checks with the body, or
    when a model was named (`with_model`)."""
    scopes = {"message"}
    if with_body:
        scopes.add("body")
        if complete:
            scopes.add("request")
    if with_body or with_model:
        scopes.add("model")
    return frozenset(scopes)


def load_topics(
    package: str, modules: Mapping[str, tuple[str, ...]], scopes: frozenset[str] | None = None
) -> None:
    """Import `package`'s topic modules (`MODULES`: each name with the scopes of its checks)
    that hold a check of one of `scopes`; None: all of them (for what lists the rules)."""
    for name, held in modules.items():
        if scopes is None or not scopes.isdisjoint(held):
            full = f"{package}.{name}"
            if full not in sys.modules:
                importlib.import_module(full)


def run(api: str, ctx: Any, *, with_model: bool = False, complete: bool = True) -> list[Diagnostic]:
    """Every finding of `api`'s checks as diagnostics with their rule's id and severity.

    Only checks of a `runnable` scope run (the request body is `ctx.body`). A finding that
    names a beta header (`Finding.beta`) is dropped when `ctx.headers` carry it, and is a
    note when the headers are not known.
    """
    scopes = runnable(with_body=ctx.body is not None, with_model=with_model, complete=complete)
    out: list[Diagnostic] = []
    for check in registered(api):
        if check.scope not in scopes:
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


#: a beta's date suffix (compiled by `re` on first use, for a finding that names a beta)
_DATE = r"-\d{4}-\d{2}-\d{2}$"


def beta_state(headers: Mapping[str, str] | None, beta: str) -> str:
    """Whether the request sends the beta header `beta`: "sent", "not sent", or "unknown"
    (no headers known). Any version of the same beta counts (`files-api-2025-04-14` and a
    later `files-api-...`), and "*" means any beta at all."""
    if headers is None:
        return "unknown"
    sent = [b.strip() for b in str(headers.get("anthropic-beta", "")).split(",") if b.strip()]
    if beta == "*":
        return "sent" if sent else "not sent"
    stem = re.sub(_DATE, "", beta)
    return "sent" if any(re.sub(_DATE, "", b) == stem for b in sent) else "not sent"


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
