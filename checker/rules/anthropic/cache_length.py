"""When a cache breakpoint caches nothing: a prefix below the model's minimum length.

No 400 here: a prefix shorter than the model's minimum is simply not cached. The length is
estimated from the request's text, generously, so that a warning means "surely too short".
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.i18n import tr
from checker.models.claude import CACHE_MINIMUM as _MINIMUM
from checker.models.claude import LOWEST_CACHE_MINIMUM
from checker.rules.anthropic.caching import MINIMUM, NO_CACHE_CONTROL, Breakpoint, breakpoints
from checker.rules.anthropic.context import Context
from checker.rules.anthropic.models import claude_version
from checker.rules.record import Finding, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

# ------------------------------------------------------------------ minimum length

LOWEST_MINIMUM = LOWEST_CACHE_MINIMUM
#: tokens of the system prompt the API adds when tools are defined (about 300 to 350)
_TOOL_PROMPT_TOKENS = 300
#: bytes per token, kept low so the estimate errs on the long side (English is about 4)
_BYTES_PER_TOKEN = 3


def minimum_tokens(model: str | None) -> int:
    """The model's minimum cacheable length (tokens), or `LOWEST_MINIMUM` if not known."""
    if not isinstance(model, str):
        return LOWEST_MINIMUM
    lowered = model.lower()
    if "mythos-preview" in lowered:
        return _MINIMUM[("mythos", (0, 0))]
    version = claude_version(model)
    for family in ("opus", "sonnet", "haiku"):
        if family in lowered and version is not None:
            return _MINIMUM.get((family, version), LOWEST_MINIMUM)
    return LOWEST_MINIMUM


class _Unknown(Exception):
    """The prefix holds something whose size in tokens cannot be guessed (an image...)."""


def _weight(value: Any, budget: int, depth: int = 0) -> int:
    """A byte count of the text in a JSON value, stopping once past `budget`."""
    if isinstance(value, str):
        return len(value) if value.isascii() else 3 * len(value)
    if depth > 32:
        return 0
    total = 0
    if isinstance(value, dict):
        for key, item in value.items():
            total += len(key) + 2 + _weight(item, budget - total, depth + 1)
            if total > budget:
                break
    elif isinstance(value, (list, tuple)):
        for item in value:
            total += 2 + _weight(item, budget - total, depth + 1)
            if total > budget:
                break
    else:
        total = 4
    return total


def _block_weight(block: dict[str, Any], budget: int) -> int:
    kind = block.get("type")
    if kind in ("image", "redacted_thinking", "container_upload"):
        raise _Unknown
    if kind == "document":
        source = block.get("source")
        if not isinstance(source, dict) or source.get("type") not in ("text", "content"):
            raise _Unknown
    if kind == "tool_result":
        content = block.get("content")
        if isinstance(content, (list, tuple)):
            total = 0
            for item in content:
                if isinstance(item, dict):
                    total += _block_weight(item, budget - total)
            return total
    if kind == "thinking":
        return _weight(block.get("thinking"), budget)
    return _weight(block, budget)


@rule(
    "a-cache-too-short",
    api="anthropic",
    severity="note",
    scope="body",
    sources=(MINIMUM, "https://docs.litellm.ai/docs/completion/prompt_caching"),
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "system": [{"type": "text", "text": "You are a helpful assistant.",
              "cache_control": {"type": "ephemeral"}}],
  "messages": [{"role": "user", "content": "Hello!"}]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "system": [{"type": "text", "text": "You are a helpful assistant."}],
  "messages": [{"role": "user", "content": "Hello!"}]
}""",
)
def cache_too_short(ctx: Context) -> Iterator[Finding]:
    """A cache breakpoint caches nothing below the model's minimum length.

    A prefix shorter than the model's minimum (1024 to 4096 tokens on the models the
    docs list, e.g. 1024 on Claude Sonnet 4.5 and 4096 on Claude Opus 4.6; as low as 512
    on some newer models) is simply not cached: the response shows
    `cache_creation_input_tokens: 0`, and there is no error. This is a warning, and a
    cautious one: it counts the text up to each breakpoint generously (about 3 bytes a
    token, plus the prompt the API adds for tools), uses the lowest known minimum for
    models the table does not list, and stays silent when the prefix holds an image, a
    PDF or a server tool, whose size it cannot tell.
    """
    found = breakpoints(ctx)
    if not found:
        return
    minimum = minimum_tokens(ctx.model)
    budget = minimum * _BYTES_PER_TOKEN
    marks = {id(b.block): b for b in found if b.kind not in NO_CACHE_CONTROL}
    short: list[tuple[Breakpoint, int]] = []
    try:
        for block, total in _prefix(ctx, budget):
            mark = marks.get(id(block))
            if mark is not None:
                if total >= budget:
                    break
                short.append((mark, total))
    except _Unknown:
        return
    if not short:
        return
    mark, total = short[-1]
    yield note(
        mark.path,
        tr(
            "the prompt up to this breakpoint is about {n} tokens or fewer: prefixes shorter "
            "than {minimum} tokens are not cached on this model, so this breakpoint caches "
            "nothing",
            n=max(1, total // _BYTES_PER_TOKEN),
            minimum=minimum,
        )
        if len(short) == 1
        else tr(
            "the prompt up to this breakpoint is about {n} tokens or fewer: prefixes shorter "
            "than {minimum} tokens are not cached on this model, so this breakpoint and the "
            "{before} before it cache nothing",
            n=max(1, total // _BYTES_PER_TOKEN),
            minimum=minimum,
            before=len(short) - 1,
        ),
        tr(
            "Put the breakpoint after a longer stable part (a long system prompt, documents, "
            "the conversation so far), or remove it."
        ),
    )


def _prefix(ctx: Context, budget: int) -> Iterator[tuple[Any, int]]:
    """(tool or block, bytes of the prompt up to and including it), in the API's order.

    Raises `_Unknown` at a block whose size cannot be guessed; stops past `budget`.
    """
    total = _TOOL_PROMPT_TOKENS * _BYTES_PER_TOKEN if ctx.tools else 0
    for _, tool in ctx.tools:
        if tool.get("type", "custom") != "custom":
            raise _Unknown  # an Anthropic-defined tool: its definition is not shown
        total += _weight(tool, budget)
        yield tool, total
    system = ctx.body.get("system") if ctx.body is not None else None
    if isinstance(system, str):
        total += _weight(system, budget)
    elif isinstance(system, (list, tuple)):
        for block in system:
            if isinstance(block, dict):
                total += _weight(block.get("text"), budget)
                yield block, total
    for m in ctx.msgs:
        if total > budget:
            return
        if m is None:
            continue
        if isinstance(m.content, str):
            total += _weight(m.content, budget)
            continue
        for _, block in m.blocks:
            total += _block_weight(block, budget - total)
            yield block, total
