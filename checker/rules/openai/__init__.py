"""OpenAI Chat Completions (`POST /v1/chat/completions`): the request rules, ids `o-*`.

Each rule is declared once, beside its check, in the module of its topic; the rules run
in the order of `MODULES` (and the docs list them so). `check` imports only the modules
whose checks can run on its request (`checker.rules.run.runnable`); `load()` imports them
all. Values of an unexpected type are skipped by the rules and reported once by `shape` as
`request-shape`. OpenAI has no first-message or alternation rule, and a follow-up request
may omit `tools`.
"""

from __future__ import annotations

from checker.rules import (
    general,  # noqa: F401 (declares request-shape first)
    model_unknown,
)
from checker.rules.openai.context import Context
from checker.rules.record import order
from checker.rules.run import header_map, load_topics, run, runnable

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

    from checker.diagnostics import Diagnostic

__all__ = ["MODULES", "Context", "check", "load"]

#: The topic modules, in the order their rules run (and the docs list them), each with the
#: scopes of its checks (tests/checker/test_rule_loading.py holds them to what it declares).
MODULES: dict[str, tuple[str, ...]] = {
    "shape": ("message", "body"),
    "body": ("message", "body", "request"),
    "models": ("model",),
    "model_params": ("model",),
    "legacy": ("message", "body"),
    "calls": ("message",),
    "pairing": ("message",),
    "content": ("message",),
    "audio": ("model",),
    "tools": ("body",),
    "tool_endpoint": ("model",),
    "tool_choice": ("body",),
    "strict": ("body",),
}
order(f"{__name__}.{name}" for name in MODULES)
model_unknown.register("openai")


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
    """Apply the Chat Completions rules. `body` is None for a bare messages array.

    `model` overrides the body's `model` for the model's rules; `complete=False`: the body
    is a fragment, so its required fields are not asked for.
    """
    if model is None and body is not None and isinstance(body.get("model"), str):
        model = body["model"]
    ctx = Context(messages, body=body, prefix=prefix)
    with_model = model is not None
    load(runnable(with_body=body is not None, with_model=with_model, complete=complete))
    ctx.model = model
    ctx.headers = header_map(headers)
    return run("openai", ctx, with_model=with_model, complete=complete)
