"""Anthropic Messages API (`POST /v1/messages`): the request rules, ids `a-*`.

Each rule is declared once, beside its check, in the module of its topic; importing this
package registers them in the order below, which is the order they run in. A check reads
the request through `Context` (indexed once) and skips values of an unexpected type,
which the `request-shape` checks of `shape` report once.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from checker.diagnostics import Diagnostic
from checker.rules import (
    general,  # noqa: F401 (declares request-shape first)
    model_unknown,
)
from checker.rules.anthropic.context import Context
from checker.rules.anthropic.models import claude_version
from checker.rules.run import header_map, run

#: The topic modules, in the order their rules run (and the docs list them).
MODULES = (
    "shape",
    "body",
    "params",
    "fields",
    "sampling",
    "roles",
    "blocks",
    "thinking",
    "thinking_config",
    "pairing",
    "server_tools",
    "server_blocks",
    "server_calls",
    "mcp",
    "mcp_blocks",
    "results",
    "content",
    "documents",
    "tool_search",
    "prefill",
    "tools",
    "tool_fields",
    "strict",
    "tool_types",
    "toolsets",
    "web_tools",
    "container_context",
    "tool_choice",
    "caching",
    "cache_length",
)
for _name in MODULES:
    importlib.import_module(f"{__name__}.{_name}")
model_unknown.register("anthropic", lambda model: claude_version(model) is not None)

__all__ = ["Context", "check", "claude_version"]


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
    ctx = Context(messages, body=body, prefix=prefix, model=model)
    ctx.headers = header_map(headers)
    return run("anthropic", ctx, with_model=model is not None, complete=complete)
