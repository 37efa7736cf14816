"""OpenAI Chat Completions (`POST /v1/chat/completions`): the request rules, ids `o-*`.

Each rule is declared once, beside its check, in the module of its topic; importing this
package registers them in the order below, which is the order they run in. Values of an
unexpected type are skipped by the rules and reported once by `shape` as `request-shape`.
OpenAI has no first-message or alternation rule, and a follow-up request may omit `tools`.
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
from checker.rules.openai.context import Context
from checker.rules.run import header_map, run

__all__ = ["Context", "check"]

#: The topic modules, in the order their rules run (and the docs list them).
MODULES = (
    "shape",
    "body",
    "models",
    "model_params",
    "legacy",
    "calls",
    "pairing",
    "content",
    "audio",
    "tools",
    "tool_endpoint",
    "tool_choice",
    "strict",
)
for _name in MODULES:
    importlib.import_module(f"{__name__}.{_name}")
model_unknown.register("openai")


def check(
    messages: list[Any],
    *,
    body: dict[str, Any] | None,
    prefix: str,
    model: str | None = None,
    complete: bool = True,
    headers: Mapping[str, Any] | None = None,
) -> list[Diagnostic]:
    """Apply the Chat Completions rules. `body` is None for a bare messages array.

    `model` overrides the body's `model` for the model's rules; `complete=False`: the body
    is a fragment, so its required fields are not asked for.
    """
    if model is None and body is not None and isinstance(body.get("model"), str):
        model = body["model"]
    ctx = Context(messages, body=body, prefix=prefix)
    ctx.model = model
    ctx.headers = header_map(headers)
    return run("openai", ctx, with_model=model is not None, complete=complete)
