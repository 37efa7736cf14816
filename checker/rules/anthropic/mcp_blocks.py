"""MCP connector blocks in the messages: `mcp_tool_use` and `mcp_tool_result`.

Registered from `mcp` (it imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.server_tools import MCP_CONNECTOR, MIXED_TURN, indexed_blocks, pairing
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


@rule(
    "a-mcp-block-shape",
    api="anthropic",
    sources=(f"{MCP_CONNECTOR}#response-content-types",),
    api_message="{loc}: {detail}",
    example="""[
  {"role": "user", "content": "Echo hi."},
  {"role": "assistant", "content": [
    {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "echo", "input": {"text": "hi"}},
    {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_01",
     "content": [{"type": "text", "text": "hi"}]}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
    fix="""[
  {"role": "user", "content": "Echo hi."},
  {"role": "assistant", "content": [
    {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "echo", "server_name": "docs",
     "input": {"text": "hi"}},
    {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_01", "is_error": false,
     "content": [{"type": "text", "text": "hi"}]}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
)
def mcp_block_shape(ctx: Context) -> Iterator[Finding]:
    """MCP blocks carry the fields the API reads.

    An `mcp_tool_use` has string `id`, `name` and `server_name` and an object `input`; an
    `mcp_tool_result` has a string `tool_use_id`, a `content` that is a string or a list
    of `text` blocks, and an optional boolean `is_error`. They are the API's own output:
    resend them unchanged.
    """
    for m, hits in indexed_blocks(ctx):
        for j, block in hits:
            if block["type"] not in ("mcp_tool_use", "mcp_tool_result"):
                continue
            base = ctx.path(m.index, "content", j)
            if block["type"] == "mcp_tool_use":
                for key in ("id", "name", "server_name", "input"):
                    ok = isinstance(block.get(key), dict if key == "input" else str)
                    if not ok:
                        yield Finding(
                            base + (pointer(key) if key in block else ""),
                            tr(
                                "an `mcp_tool_use` block needs {what} `{key}`",
                                key=key,
                                what=tr("an object") if key == "input" else tr("a string"),
                            ),
                            tr(
                                "Resend the block exactly as the API "
                                "returned it, with all its fields."
                            ),
                        )
            elif block["type"] == "mcp_tool_result":
                yield from _mcp_result_shape(base, block)


def _mcp_result_shape(base: str, block: dict[str, Any]) -> Iterator[Finding]:
    resend = tr("Resend the block exactly as the API returned it, with all its fields.")
    if not isinstance(block.get("tool_use_id"), str):
        yield Finding(
            base + ("/tool_use_id" if "tool_use_id" in block else ""),
            tr("an `mcp_tool_result` block needs a string `tool_use_id`"),
            resend,
        )
    if "is_error" in block and not isinstance(block["is_error"], bool):
        yield Finding(base + "/is_error", tr("`is_error` must be `true` or `false`"), resend)
    content = block.get("content")
    if isinstance(content, str) or content is None and "content" not in block:
        return
    if not isinstance(content, (list, tuple)):
        yield Finding(
            base + "/content",
            tr(
                "`content` of an `mcp_tool_result` is {type}: "
                "it must be a string or a list of `text` blocks",
                type=json_type(content),
            ),
            resend,
        )
        return
    for n, item in enumerate(content):
        if not (
            isinstance(item, dict)
            and item.get("type") == "text"
            and isinstance(item.get("text"), str)
        ):
            yield Finding(
                base + pointer("content", n),
                tr("an `mcp_tool_result` holds only `text` blocks"),
                resend,
            )


@rule(
    "a-mcp-block-misplaced",
    api="anthropic",
    sources=(f"{MCP_CONNECTOR}#response-content-types",),
    example="""[
  {"role": "user", "content": "Echo hi."},
  {"role": "assistant", "content": [
    {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "echo", "server_name": "docs",
     "input": {"text": "hi"}}
  ]},
  {"role": "user", "content": [
    {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_01", "content": "hi"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Echo hi."},
  {"role": "assistant", "content": [
    {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "echo", "server_name": "docs",
     "input": {"text": "hi"}},
    {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_01", "content": "hi"}
  ]}
]""",
)
def mcp_block_misplaced(ctx: Context) -> Iterator[Finding]:
    """MCP blocks stand in assistant messages only.

    The API calls the MCP server and writes both the `mcp_tool_use` and its
    `mcp_tool_result` into the assistant's turn; your program never answers them. An MCP
    block in a user message is rejected.
    """
    for m, hits in indexed_blocks(ctx):
        if m.role != "user":
            continue
        for j, block in hits:
            if block["type"] not in ("mcp_tool_use", "mcp_tool_result"):
                continue
            yield Finding(
                ctx.path(m.index, "content", j, "type"),
                tr(
                    "a {type} block in a user message ({message}): the API runs MCP tools "
                    "and puts their blocks in the assistant's turn",
                    type=code(block["type"]),
                    message=ctx.where(m.index),
                ),
                tr(
                    "Resend the MCP blocks in the assistant message they came in; a tool your "
                    "own code runs is a `tool_use` answered by a `tool_result`."
                ),
            )


@rule(
    "a-mcp-result-missing",
    api="anthropic",
    severity="warning",
    sources=(MIXED_TURN, f"{MCP_CONNECTOR}#response-content-types"),
    example="""[
  {"role": "user", "content": "Echo hi."},
  {"role": "assistant", "content": [
    {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "echo", "server_name": "docs",
     "input": {"text": "hi"}}
  ]},
  {"role": "user", "content": "And then?"}
]""",
    fix="""[
  {"role": "user", "content": "Echo hi."},
  {"role": "assistant", "content": [
    {"type": "mcp_tool_use", "id": "mcptoolu_01", "name": "echo", "server_name": "docs",
     "input": {"text": "hi"}},
    {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_01", "content": "hi"}
  ]},
  {"role": "user", "content": "And then?"}
]""",
)
def mcp_result_missing(ctx: Context) -> Iterator[Finding]:
    """An `mcp_tool_use` gets its `mcp_tool_result` before the assistant's turn ends.

    MCP calls pair like server tool calls: the result follows the call in the assistant's
    turn, and a call may stay open only in a paused final turn or a turn that also called
    client tools. The API's wording for an MCP call left without its result is not public,
    so this is a warning.
    """
    for (i, j, block), k in pairing(ctx).missing:
        if block["type"] != "mcp_tool_use":
            continue
        closer = ctx.msgs[k]
        uid = block["id"]
        if closer is not None and any(b.get("tool_use_id") == uid for _, b in closer.blocks):
            continue  # a-mcp-block-misplaced / a-server-tool-client-result
        yield warning(
            ctx.path(i, "content", j, "id"),
            tr(
                "the `mcp_tool_use` {id} in {message} has no `mcp_tool_result`, and the user "
                "message {next} ends the assistant's turn",
                id=quote(uid),
                message=ctx.where(i),
                next=ctx.where(k),
            ),
            tr("Resend the assistant content as the API returned it, the result block included."),
        )
