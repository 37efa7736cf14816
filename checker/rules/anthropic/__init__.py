"""Anthropic Messages API (`POST /v1/messages`): the request rules, ids `a-*`.

Each rule is declared once, beside its check, in the module of its topic; the rules run
in the order of `MODULES` (and the docs list them so). `check` imports only the modules
whose checks can run on its request (`checker.rules.run.runnable`): a bare messages array
needs none of the body's; `load()` imports them all. A check reads the request through
`Context` (indexed once) and skips values of an unexpected type, which the
`request-shape` checks of `shape` report once.
"""

from __future__ import annotations

from checker.rules import (
    general,  # noqa: F401 (declares request-shape first)
    model_unknown,
)
from checker.rules.anthropic.context import Context
from checker.rules.anthropic.models import claude_version
from checker.rules.record import order
from checker.rules.run import header_map, load_topics, run, runnable

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from checker.diagnostics import Diagnostic

#: The topic modules, in the order their rules run (and the docs list them), each with the
#: scopes of its checks (tests/checker/test_rule_loading.py holds them to what it declares).
MODULES: dict[str, tuple[str, ...]] = {
    "shape": ("message", "body"),
    "body": ("body", "request", "model"),
    "params": ("body",),
    "fields": ("message",),
    "sampling": ("body",),
    "roles": ("message",),
    "blocks": ("message",),
    "thinking": ("message", "body"),
    "thinking_config": ("body",),
    "pairing": ("message",),
    "server_tools": ("message",),
    "server_blocks": ("message",),
    "server_calls": ("message", "body"),
    "mcp": ("body",),
    "mcp_blocks": ("message",),
    "results": ("message",),
    "content": ("message",),
    "documents": ("message", "body"),
    "tool_search": ("message", "body"),
    "prefill": ("message", "model"),
    "tools": ("body",),
    "tool_fields": ("body",),
    "strict": ("body",),
    "tool_types": ("body",),
    "toolsets": ("body",),
    "web_tools": ("body",),
    "container_context": ("body",),
    "tool_choice": ("body",),
    "caching": ("message", "body"),
    "cache_length": ("body",),
}
order(f"{__name__}.{name}" for name in MODULES)
model_unknown.register("anthropic", lambda model: claude_version(model) is not None)

__all__ = ["MODULES", "Context", "check", "claude_version", "load"]


def load(scopes: frozenset[str] | None = None) -> None:
    """Import the topic modules that hold a check of one of `scopes` (None: every one)."""
    load_topics(__name__, MODULES, scopes)


def check(
    messages: list[Any],
    *,
    body: dict[str, Any] | None,
    prefix: str,
    model: str | None = None,
    complete: bool = True,
    headers: Mapping[str, Any] | None = None,
) -> list[Diagnostic]:
    """Apply the Anthropic rules. `body` is None for a bare messages array.

    `prefix` is the pointer of the messages array ("/messages", or "" when bare). `model`
    overrides the body's `model`; given with a bare array, the model's rules run too.
    `complete=False`: the body is a fragment, so its required fields are not asked for.
    """
    if model is None and body is not None and isinstance(body.get("model"), str):
        model = body["model"]
    with_model = model is not None
    load(runnable(with_body=body is not None, with_model=with_model, complete=complete))
    ctx = Context(messages, body=body, prefix=prefix, model=model)
    ctx.headers = header_map(headers)
    return run("anthropic", ctx, with_model=with_model, complete=complete)
