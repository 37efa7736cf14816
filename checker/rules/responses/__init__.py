"""OpenAI Responses API (`POST /v1/responses`): the request rules, ids `r-*`.

Each rule is declared once, beside its check, in the module of its topic; importing this
package registers them in the order below, which is the order they run in. A check reads
the request through `Context` (the `input` items indexed once) and skips values of an
unexpected type, which the `request-shape` checks of `shape` report once. Calls and their
outputs pair by `call_id` anywhere in `input`; with `previous_response_id` or
`conversation` the server holds earlier items, so what depends on them is a warning.
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
from checker.rules.responses.context import Context
from checker.rules.run import header_map, run

__all__ = ["Context", "check"]

#: The topic modules, in the order their rules run (and the docs list them).
MODULES = (
    "shape",
    "chat_shapes",
    "body",
    "config",
    "items",
    "calls",
    "pairing",
    "reasoning",
    "tools",
    "tool_choice",
    "strict",
)
for _name in MODULES:
    importlib.import_module(f"{__name__}.{_name}")
model_unknown.register("responses")


def check(
    items: list[Any],
    *,
    body: dict[str, Any] | None,
    prefix: str,
    model: str | None = None,
    complete: bool = True,
    headers: Mapping[str, Any] | None = None,
) -> list[Diagnostic]:
    """Apply the Responses rules. `body` is None for a bare array of input items.

    `items` is the `input` array ([] when `input` is a string or absent), `prefix` its
    pointer ("/input", or "" when bare). `model` overrides the body's `model` for the
    model's rules; `complete=False`: the body is a fragment, so its required fields are
    not asked for.
    """
    if model is None and body is not None and isinstance(body.get("model"), str):
        model = body["model"]
    ctx = Context(items, body=body, prefix=prefix)
    ctx.model = model
    ctx.headers = header_map(headers)
    return run("responses", ctx, with_model=model is not None, complete=complete)
