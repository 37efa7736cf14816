"""Server tool calls one by one: their tool is defined, their name and id are the API's.

Registered from `server_tools` (it imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import code, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.server_tools import (
    GA_NAMES,
    MESSAGES_API,
    MIXED_TURN,
    PAUSE_TURN,
    RESULT_TYPE,
    SERVER_ID,
    SERVER_RESULT_TYPES,
    SERVER_TOOLS,
    call_words,
    declared_server_tool,
    indexed_blocks,
    pairing,
)
from checker.rules.record import Finding, rule


@rule(
    "a-server-tool-undeclared",
    api="anthropic",
    scope="body",
    sources=(MIXED_TURN, PAUSE_TURN),
    api_message="{block_loc}: the call cannot be resumed, but no `{value}` tool was provided",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}}],
  "messages": [
    {"role": "user", "content": "Search the news about qubits."},
    {"role": "assistant", "content": [
      {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
       "input": {"query": "qubits"}}
    ]}
  ]
}""",
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [{"name": "get_weather", "input_schema": {"type": "object"}},
            {"type": "web_search_20250305", "name": "web_search"}],
  "messages": [
    {"role": "user", "content": "Search the news about qubits."},
    {"role": "assistant", "content": [
      {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
       "input": {"query": "qubits"}}
    ]}
  ]
}""",
)
def server_tool_undeclared(ctx: Context) -> Iterator[Finding]:
    """A server tool call that is still pending has its tool in `tools`.

    A paused turn, or a turn that also called client tools, may end with a server tool
    that has not run yet; the API runs it on the next request, which therefore must define
    the same tool (a missing one is a 400 ending `but no ... tool was provided`). The
    advisor tool must stay defined while the history holds its results (documented). For
    other finished calls in the history with their tool since removed nothing is
    documented either way: a warning. MCP calls need their server in `mcp_servers`.
    """
    if ctx.body is None:
        return
    found = pairing(ctx)
    missing = {id(site[2]) for site, _ in found.missing}
    seen: set[str] = set()
    pending = {id(site[2]) for site in found.pending}
    servers = _mcp_server_names(ctx)
    for sites in found.calls.values():
        for i, j, block in sites:
            if id(block) in missing:
                continue
            is_pending = id(block) in pending
            name = block.get("name")
            if block["type"] == "mcp_tool_use":
                server = block.get("server_name")
                if not isinstance(server, str) or server in servers:
                    continue
                where = ctx.path(i, "content", j, "server_name")
                what = tr("the MCP server {name}", name=quote(server))
                hint = tr(
                    "Keep the server in `mcp_servers` (with its `mcp_toolset` in `tools`) on "
                    "every request whose history calls it."
                )
            else:
                if not isinstance(name, str) or declared_server_tool(ctx, name) is not False:
                    continue
                where = ctx.path(i, "content", j, "name")
                what = tr("the server tool {name}", name=code(name))
                hint = tr(
                    "Send the same `tools` array as the request that made the call, e.g. "
                    '`{"type": "web_search_20250305", "name": "web_search"}`.'
                )
            key = f"{block['type']}:{name}:{is_pending}"
            if key in seen:
                continue
            seen.add(key)
            if is_pending:
                yield Finding(
                    where,
                    tr(
                        "{call} has not run yet and runs on this request, but the request does "
                        "not define {what}",
                        call=call_words(block),
                        what=what,
                    ),
                    hint,
                )
            elif name == "advisor" and block["type"] == "server_tool_use":
                yield Finding(
                    where,
                    tr(
                        "the history holds advisor calls (from {message}) but the request "
                        "no longer defines the advisor tool",
                        message=ctx.where(i),
                    ),
                    hint,
                )
            else:
                yield warning(
                    where,
                    tr(
                        "the history calls {what} (in {message}), which this request no longer "
                        "defines: not documented as an error, but the API may reject it",
                        what=what,
                        message=ctx.where(i),
                    ),
                    hint,
                )


def _mcp_server_names(ctx: Context) -> set[str]:
    servers = ctx.body.get("mcp_servers") if ctx.body is not None else None
    if not isinstance(servers, (list, tuple)):
        return set()
    return {s["name"] for s in servers if isinstance(s, dict) and isinstance(s.get("name"), str)}


@rule(
    "a-server-tool-name-unknown",
    api="anthropic",
    sources=(f"{MESSAGES_API}#body-messages-content", SERVER_TOOLS),
    api_message=(
        "{loc}: Input should be 'web_search', 'web_fetch', 'code_execution', "
        "'bash_code_execution', 'text_editor_code_execution', 'tool_search_tool_regex' or "
        "'tool_search_tool_bm25'"
    ),
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "get_weather",
     "input": {"city": "Paris"}}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}
  ]}
]""",
)
def server_tool_name_unknown(ctx: Context) -> Iterator[Finding]:
    """`server_tool_use.name` names a server tool.

    The name is one of the API's server tools: `web_search`, `web_fetch`, `code_execution`,
    `bash_code_execution`, `text_editor_code_execution`, `tool_search_tool_regex`,
    `tool_search_tool_bm25` (and `advisor`, with its beta header). A call of your own tool
    is a `tool_use` block. A name that a newer Anthropic tool in `tools` carries is a
    warning: the list grows.
    """
    newer = {
        t["name"]
        for _, t in ctx.tools
        if isinstance(t.get("name"), str)
        and isinstance(t.get("type"), str)
        and t["type"] != "custom"
    }
    custom = {
        t["name"]
        for _, t in ctx.tools
        if isinstance(t.get("name"), str) and t.get("type", "custom") == "custom"
    }
    for m, hits in indexed_blocks(ctx):
        for j, block in hits:
            if block["type"] != "server_tool_use":
                continue
            name = block.get("name")
            if not isinstance(name, str) or name in RESULT_TYPE:
                continue
            path = ctx.path(m.index, "content", j, "name")
            if name in custom or name in ctx.use_names:
                yield Finding(
                    path,
                    tr(
                        "{name} is your own tool, not a server tool: its calls are `tool_use` "
                        "blocks",
                        name=code(name),
                    ),
                    tr(
                        'Write `{"type": "tool_use", "id": "toolu_...", "name": ..., "input": '
                        "{...}}` and answer it with a `tool_result` in the next user message."
                    ),
                )
            elif name in newer:
                yield warning(
                    path,
                    tr(
                        "{name} is not a server tool name tooltutor knows; a newer tool in "
                        "`tools` has this name, so it may be valid",
                        name=code(name),
                    ),
                    tr("Resend the block exactly as the API returned it."),
                )
            else:
                yield Finding(
                    path,
                    tr(
                        "{name} is not a server tool: `server_tool_use.name` is one of {names}",
                        name=quote(name),
                        names=", ".join(code(n) for n in GA_NAMES),
                    ),
                    tr("Resend the block exactly as the API returned it."),
                )


@rule(
    "a-server-tool-id-pattern",
    api="anthropic",
    sources=(
        f"{MESSAGES_API}#body-messages-content",
        "https://github.com/ding113/claude-code-hub/issues/470",
    ),
    api_message="{loc}: String should match pattern '^srvtoolu_[a-zA-Z0-9_]+$'",
    example="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "call_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_search_tool_result", "tool_use_id": "call_01",
     "content": {"type": "web_search_tool_result_error", "error_code": "unavailable"}}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
    fix="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01",
     "content": {"type": "web_search_tool_result_error", "error_code": "unavailable"}}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
)
def server_tool_id_pattern(ctx: Context) -> Iterator[Finding]:
    """Server tool ids match `^srvtoolu_[a-zA-Z0-9_]+$`.

    The API gives server tool calls ids that start with `srvtoolu_` and checks them, in the
    `server_tool_use` block and in its result's `tool_use_id`, when they come back (unlike
    client `tool_use` ids, which only need letters, digits, `_` and `-`). An id rebuilt by
    hand, or a block copied from another provider, is rejected.
    """
    for m, hits in indexed_blocks(ctx):
        for j, block in hits:
            kind = block["type"]
            if kind == "server_tool_use":
                key = "id"
            elif kind in SERVER_RESULT_TYPES:
                key = "tool_use_id"
            else:
                continue
            value = block.get(key)
            if not isinstance(value, str) or SERVER_ID.fullmatch(value):
                continue
            yield Finding(
                ctx.path(m.index, "content", j, key),
                tr(
                    "the server tool id {id} does not match `srvtoolu_` followed by letters, "
                    "digits or `_`",
                    id=quote(value),
                ),
                tr(
                    "Resend the ids exactly as the API returned them; a call your own code made "
                    "is a `tool_use` block."
                ),
            )
