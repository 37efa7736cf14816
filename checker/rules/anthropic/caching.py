"""Prompt caching: where `cache_control` may stand, how many, with which `ttl`, and when a
breakpoint caches nothing.

A breakpoint (`"cache_control": {"type": "ephemeral"}`) on a block caches the prompt up to
and including it, read in the order `tools`, `system`, `messages`. The top-level
`cache_control` (automatic caching) puts one on the last cacheable block.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker import jsonpointer
from checker.diagnostics import code, describe, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic import refs
from checker.rules.anthropic.content import all_blocks
from checker.rules.anthropic.context import Context, warning
from checker.rules.record import Finding, needs_beta, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

AUTOMATIC = f"{refs.CACHING}#automatic-caching"
WHAT_CANNOT = f"{refs.CACHING}#what-cannot-be-cached"
MINIMUM = f"{refs.CACHING}#cache-limitations"
MAX_BREAKPOINTS = 4
TTLS = ("5m", "1h")
#: blocks whose schema has no `cache_control`
NO_CACHE_CONTROL = ("thinking", "redacted_thinking")


class Breakpoint:
    """One `cache_control` of the request, in the order the API reads them."""

    __slots__ = ("path", "holder", "value", "block", "kind")

    def __init__(self, path: str, holder: str, value: Any, block: dict[str, Any], kind: str):
        #: pointer of the `cache_control` value, and of the tool or block that holds it
        self.path, self.holder = path, holder
        self.value, self.block = value, block
        #: "tool", "system" or the block's type
        self.kind = kind

    @property
    def ttl(self) -> str | None:
        """ "5m" or "1h" (a missing ttl is 5m), or None when the value is not valid."""
        if not isinstance(self.value, dict):
            return None
        ttl = self.value.get("ttl", "5m")
        return ttl if ttl in TTLS else None


def breakpoints(ctx: Context) -> list[Breakpoint]:
    """Every `cache_control` that is set (not null): tools, then system, then messages."""
    found = getattr(ctx, "_breakpoints", None)
    if found is not None:
        return found
    out: list[Breakpoint] = []
    for k, tool in ctx.tools:
        if tool.get("cache_control") is not None:
            holder = pointer("tools", k)
            out.append(
                Breakpoint(holder + "/cache_control", holder, tool["cache_control"], tool, "tool")
            )
    system = ctx.body.get("system") if ctx.body is not None else None
    if isinstance(system, (list, tuple)):
        for j, block in enumerate(system):
            if isinstance(block, dict) and block.get("cache_control") is not None:
                holder = pointer("system", j)
                out.append(
                    Breakpoint(
                        holder + "/cache_control", holder, block["cache_control"], block, "system"
                    )
                )
    for i, where, block, _ in all_blocks(ctx):
        if block.get("cache_control") is not None:
            holder = ctx.path(i, "content", *where)
            out.append(
                Breakpoint(
                    holder + "/cache_control", holder, block["cache_control"], block, block["type"]
                )
            )
    ctx._breakpoints = out
    return out


def _automatic(ctx: Context) -> Any:
    """The top-level `cache_control` (automatic caching), or None."""
    return ctx.body.get("cache_control") if ctx.body is not None else None


@rule(
    "a-cache-control-invalid",
    api="anthropic",
    scope="body",
    sources=(refs.CACHING, f"{refs.CACHING}#1-hour-cache-duration"),
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "system": [{"type": "text", "text": "You are a travel assistant. <long policy text>",
              "cache_control": {"type": "ephemeral", "ttl": "10m"}}],
  "messages": [{"role": "user", "content": "Plan day one."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 1024,
  "system": [{"type": "text", "text": "You are a travel assistant. <long policy text>",
              "cache_control": {"type": "ephemeral", "ttl": "5m"}}],
  "messages": [{"role": "user", "content": "Plan day one."}]
}""",
)
def cache_control_invalid(ctx: Context) -> Iterator[Finding]:
    """`cache_control` is `{"type": "ephemeral"}`, with an optional `ttl` of `"5m"` or `"1h"`.

    `ephemeral` is the only cache type, and the lifetime is five minutes (the default) or
    one hour, written exactly so: `"10m"`, `300` or `"1 hour"` are rejected. A `scope` key
    belongs to a beta that needs its `anthropic-beta` header, which the body cannot show:
    a warning. Any other key is rejected as an extra input. `null` means no breakpoint.
    """
    automatic = _automatic(ctx)
    entries = [(b.path, b.value) for b in breakpoints(ctx)]
    if automatic is not None:
        entries.insert(0, ("/cache_control", automatic))
    for path, value in entries:
        if not isinstance(value, dict):
            yield Finding(
                path,
                tr(
                    "`cache_control` is {type}: it must be an object such as "
                    '`{{"type": "ephemeral"}}`',
                    type=json_type(value),
                ),
                tr('Write `"cache_control": {"type": "ephemeral"}`.'),
            )
            continue
        if value.get("type") != "ephemeral":
            yield Finding(
                path + ("/type" if "type" in value else ""),
                tr(
                    "`cache_control.type` is {value}: the only cache type is `ephemeral`",
                    value=describe(value["type"]),
                )
                if "type" in value
                else tr('`cache_control` has no `type`: it must say `"type": "ephemeral"`'),
                tr('Write `"cache_control": {"type": "ephemeral"}`.'),
            )
        if "ttl" in value and value["ttl"] not in TTLS:
            yield Finding(
                path + "/ttl",
                tr(
                    '`cache_control.ttl` is {value}: it must be `"5m"` or `"1h"`',
                    value=describe(value["ttl"]),
                ),
                tr('Write `"ttl": "1h"` for an hour, or leave `ttl` out for five minutes.'),
            )
        for key in value:
            if key in ("type", "ttl"):
                continue
            at = jsonpointer.join(path, key)
            if key == "scope":
                yield needs_beta(
                    warning(
                        at,
                        tr(
                            "`cache_control.scope` exists only in a beta: without its "
                            "`anthropic-beta` header the API rejects it as an extra input"
                        ),
                        tr("Send the beta header, or remove `scope`."),
                    ),
                    "*",
                )
            else:
                yield Finding(
                    at,
                    tr(
                        "`cache_control` has no field {key}: it takes `type` and `ttl`",
                        key=code(key),
                    ),
                    tr("Remove {key}.", key=code(key)),
                )


@rule(
    "a-cache-control-placement",
    api="anthropic",
    sources=(
        WHAT_CANNOT,
        refs.issue("router-for-me/CLIProxyAPI", 512),
        refs.issue("Wei-Shaw/sub2api", 225),
    ),
    api_message="{loc}: Extra inputs are not permitted",
    example="""[
  {"role": "user", "content": "Weather in Rome?"},
  {"role": "assistant", "content": [
    {"type": "thinking", "thinking": "Call the weather tool.", "signature": "EqQBCkgIBxAB",
     "cache_control": {"type": "ephemeral"}},
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Rome"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "22 C, sunny"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Rome?"},
  {"role": "assistant", "content": [
    {"type": "thinking", "thinking": "Call the weather tool.", "signature": "EqQBCkgIBxAB"},
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Rome"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "22 C, sunny",
     "cache_control": {"type": "ephemeral"}}
  ]}
]""",
)
def cache_control_placement(ctx: Context) -> Iterator[Finding]:
    """`thinking` and `redacted_thinking` blocks carry no `cache_control`.

    A breakpoint may stand on a tool, a system text block, and message blocks such as
    `text`, `image`, `document`, `tool_use` and `tool_result`, but thinking blocks have no
    such field: the API rejects it as an extra input. They are cached anyway as part of
    the prefix when a later block has the breakpoint, so put it on the `tool_result` or
    the next text block. Gateways that add `cache_control` to "the last block" hit this.
    """
    for b in breakpoints(ctx):
        if b.kind in NO_CACHE_CONTROL:
            yield Finding(
                b.path,
                tr(
                    "a {kind} block has `cache_control`: thinking blocks cannot be cache "
                    "breakpoints",
                    kind=code(b.kind),
                ),
                tr(
                    "Move the breakpoint to a later block, such as the `tool_result` that "
                    "follows; the thinking is cached with the prefix."
                ),
            )


@rule(
    "a-cache-control-empty-text",
    api="anthropic",
    sources=(
        WHAT_CANNOT,
        refs.issue("anthropics/claude-code", 54013),
        refs.issue("anthropics/claude-code", 67261),
        "https://github.com/NousResearch/hermes-agent/pull/1216",
    ),
    api_message="{block_loc}.text: cache_control cannot be set for empty text blocks",
    example="""[
  {"role": "user", "content": [
    {"type": "image", "source": {"type": "url", "url": "https://example.com/screen.png"}},
    {"type": "text", "text": "", "cache_control": {"type": "ephemeral"}}
  ]}
]""",
    fix="""[
  {"role": "user", "content": [
    {"type": "image", "source": {"type": "url", "url": "https://example.com/screen.png"},
     "cache_control": {"type": "ephemeral"}},
    {"type": "text", "text": "What does this screen show?"}
  ]}
]""",
)
def cache_control_empty_text(ctx: Context) -> Iterator[Finding]:
    """An empty text block is no cache breakpoint.

    `cache_control` on a text block whose `text` is `""` is rejected ("cache_control
    cannot be set for empty text blocks"), before the API's check that text blocks are
    not empty: a pasted screenshot with no words, where the client put the breakpoint on
    the text after it. Put the breakpoint on the image, or drop the empty block.
    """
    for b in breakpoints(ctx):
        if b.kind in ("text", "system") and b.block.get("text") == "":
            yield Finding(
                b.holder,
                tr(
                    "this text block is empty and has `cache_control`: an empty text block "
                    "cannot be a cache breakpoint"
                ),
                tr(
                    "Drop the empty block and put the breakpoint on the block before it, or "
                    "give the block some text."
                ),
            )


@rule(
    "a-cache-control-limit",
    api="anthropic",
    scope="body",
    sources=(
        refs.CACHING,
        AUTOMATIC,
        refs.issue("tghamm/Anthropic.SDK", 50),
        "https://github.com/continuedev/continue/pull/6937",
    ),
    api_message="A maximum of 4 blocks with cache_control may be provided.",
    example="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "system": [{"type": "text", "text": "You are a careful analyst.",
              "cache_control": {"type": "ephemeral"}}],
  "messages": [{"role": "user", "content": [
    {"type": "text", "text": "Doc A ...", "cache_control": {"type": "ephemeral"}},
    {"type": "text", "text": "Doc B ...", "cache_control": {"type": "ephemeral"}},
    {"type": "text", "text": "Doc C ...", "cache_control": {"type": "ephemeral"}},
    {"type": "text", "text": "Question?", "cache_control": {"type": "ephemeral"}}
  ]}]
}""",
    fix="""{
  "model": "claude-opus-4-8",
  "max_tokens": 1024,
  "system": [{"type": "text", "text": "You are a careful analyst.",
              "cache_control": {"type": "ephemeral"}}],
  "messages": [{"role": "user", "content": [
    {"type": "text", "text": "Doc A ..."},
    {"type": "text", "text": "Doc B ..."},
    {"type": "text", "text": "Doc C ...", "cache_control": {"type": "ephemeral"}},
    {"type": "text", "text": "Question?"}
  ]}]
}""",
)
def cache_control_limit(ctx: Context) -> Iterator[Finding]:
    """A request has at most 4 cache breakpoints.

    Counted over tools, system and messages together (blocks inside a `tool_result`
    included): a fifth `cache_control` is rejected ("A maximum of 4 blocks with
    cache_control may be provided. Found 5."). The top-level `cache_control` of automatic
    caching takes one of the four slots, so with it at most three explicit ones remain.
    Proxies and gateways that add a breakpoint of their own often push a request over.
    """
    found = breakpoints(ctx)
    automatic = _automatic(ctx) is not None
    hint = tr(
        "Keep the breakpoints at the ends of the parts that stay the same (tools, system, "
        "the conversation so far); each caches everything before it."
    )
    if len(found) > MAX_BREAKPOINTS:
        yield Finding(
            found[MAX_BREAKPOINTS].path,
            tr(
                "this is cache breakpoint number {n} of the request ({total} in all): at most "
                "{limit} blocks may have `cache_control`",
                n=MAX_BREAKPOINTS + 1,
                total=len(found),
                limit=MAX_BREAKPOINTS,
            ),
            hint,
        )
    elif automatic and len(found) == MAX_BREAKPOINTS:
        yield Finding(
            "/cache_control",
            tr(
                "the request has {n} `cache_control` breakpoints and the top-level "
                "`cache_control` of automatic caching, which needs a fifth slot: the limit "
                "is 4",
                n=len(found),
            ),
            hint,
        )


@rule(
    "a-cache-ttl-order",
    api="anthropic",
    scope="body",
    sources=(
        f"{refs.CACHING}#mixing-different-ttls",
        AUTOMATIC,
        refs.issue("cnighswonger/claude-code-cache-fix", 44),
        "https://github.com/vellum-ai/vellum-assistant/pull/22191",
    ),
    api_message=(
        "{block_loc}.cache_control.ttl: a ttl='1h' cache_control block must not come after a "
        "ttl='5m' cache_control block. Note that blocks are processed in the following order: "
        "`tools`, `system`, `messages`."
    ),
    example="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 2048,
  "tools": [{"name": "get_weather", "description": "Get the current weather for a city.",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
             "cache_control": {"type": "ephemeral"}}],
  "system": [{"type": "text", "text": "You are a travel assistant. <long policy text>",
              "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
  "messages": [{"role": "user", "content": "Plan day one."}]
}""",
    fix="""{
  "model": "claude-sonnet-4-6",
  "max_tokens": 2048,
  "tools": [{"name": "get_weather", "description": "Get the current weather for a city.",
             "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
             "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
  "system": [{"type": "text", "text": "You are a travel assistant. <long policy text>",
              "cache_control": {"type": "ephemeral", "ttl": "1h"}}],
  "messages": [{"role": "user", "content": "Plan day one."}]
}""",
)
def cache_ttl_order(ctx: Context) -> Iterator[Finding]:
    """One-hour breakpoints come before five-minute ones.

    Read in the order tools, system, messages, a breakpoint with `"ttl": "1h"` may not
    follow one with `"5m"`, and a breakpoint without `ttl` is a 5-minute one: a tool
    marked `{"type": "ephemeral"}` before a system prompt marked `1h` is rejected.

    With automatic caching (a top-level `cache_control`), the API puts that breakpoint on
    the last block: if the last block already has a `cache_control` with another `ttl`,
    the request is rejected (the docs say so). A top-level `1h` after an explicit `5m`
    breaks the same order, but the docs do not say so: a warning.
    """
    seen_5m: Breakpoint | None = None
    for b in breakpoints(ctx):
        ttl = b.ttl
        if ttl == "5m" and seen_5m is None:
            seen_5m = b
        elif ttl == "1h" and seen_5m is not None:
            yield Finding(
                b.holder,
                tr(
                    'this breakpoint has `"ttl": "1h"` but comes after a 5-minute one ({where}): '
                    "1-hour breakpoints must come first (order: tools, system, messages)",
                    where=code(seen_5m.path.rsplit("/", 1)[0]),
                ),
                tr(
                    'Give the earlier breakpoints `"ttl": "1h"` too, or this one `"5m"` '
                    "(leave `ttl` out)."
                ),
            )
    automatic = _automatic(ctx)
    if not isinstance(automatic, dict):
        return
    auto_ttl = automatic.get("ttl", "5m")
    if auto_ttl not in TTLS:
        return
    last = _last_block(ctx)
    explicit = last.get("cache_control") if last is not None else None
    if isinstance(explicit, dict) and explicit.get("ttl", "5m") in TTLS:
        if explicit.get("ttl", "5m") != auto_ttl:
            yield Finding(
                "/cache_control" + ("/ttl" if "ttl" in automatic else ""),
                tr(
                    "the top-level `cache_control` (ttl {auto}) lands on the last block, which "
                    "has its own `cache_control` with ttl {explicit}",
                    auto=quote(auto_ttl),
                    explicit=quote(explicit.get("ttl", "5m")),
                ),
                tr("Use the same `ttl` in both, or drop one of them."),
            )
        return
    if auto_ttl == "1h" and seen_5m is not None:
        yield warning(
            "/cache_control/ttl",
            tr(
                "automatic caching puts a 1-hour breakpoint on the last block, after the "
                "5-minute breakpoint at {where}: 1-hour breakpoints must come first",
                where=code(seen_5m.path.rsplit("/", 1)[0]),
            ),
            tr('Give the explicit breakpoints `"ttl": "1h"` too, or the top-level one `"5m"`.'),
        )


def _last_block(ctx: Context) -> dict[str, Any] | None:
    """The last content block of the last message, when it is an object."""
    m = ctx.msgs[-1] if ctx.msgs else None
    if m is None or not isinstance(m.content, (list, tuple)) or not m.content:
        return None
    block = m.content[-1]
    return block if isinstance(block, dict) else None


# The minimum-length rule (its own module, run after these).
