"""The MCP connector: remote MCP servers the API calls for you (beta).

`mcp_servers` lists the servers; each is opened to the model by one `mcp_toolset` entry
in `tools`; the API's calls of their tools come back as `mcp_tool_use` and
`mcp_tool_result` blocks in the assistant's turn, paired like server tool blocks.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, warning
from checker.rules.anthropic.server_tools import (
    MCP_CONNECTOR,
    filled,
    indexed_blocks,
)
from checker.rules.record import Finding, needs_beta, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

MCP_BETA = "mcp-client-2025-11-20"
MAX_SERVERS = 20
_SERVER = '{"type": "url", "url": "https://mcp.example.com/sse", "name": "docs"}'
_TOOLSET_KEYS = ("type", "mcp_server_name", "default_config", "configs", "cache_control")
_CONFIG_KEYS = ("enabled", "defer_loading")


def _servers(ctx: Context) -> list[tuple[int, dict[str, Any]]]:
    servers = ctx.body.get("mcp_servers") if ctx.body is not None else None
    if not isinstance(servers, (list, tuple)):
        return []
    return [(k, s) for k, s in enumerate(servers) if isinstance(s, dict)]


def _toolsets(ctx: Context) -> list[tuple[int, dict[str, Any]]]:
    return [(k, t) for k, t in ctx.tools if t.get("type") == "mcp_toolset"]


@rule(
    "a-mcp-beta-required",
    api="anthropic",
    severity="note",
    scope="body",
    sources=(MCP_CONNECTOR,),
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
    fix="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
)
def mcp_beta_required(ctx: Context) -> Iterator[Finding]:
    """The MCP connector needs its beta header.

    `mcp_servers`, `mcp_toolset` tools and `mcp_tool_use` / `mcp_tool_result` blocks exist
    only when the request sends `anthropic-beta: mcp-client-2025-11-20` (SDKs:
    `client.beta.messages.create(..., betas=[...])`); without it the API rejects them as
    unknown. A header is not part of the body, so this is a warning, once per request.
    """
    if ctx.body is None:
        return
    where = "/mcp_servers" if "mcp_servers" in ctx.body else None
    if where is None:
        sets = _toolsets(ctx)
        where = pointer("tools", sets[0][0], "type") if sets else None
    if where is None:
        for m, hits in indexed_blocks(ctx):
            hit = next((j for j, b in hits if b["type"].startswith("mcp_")), None)
            if hit is not None:
                where = ctx.path(m.index, "content", hit, "type")
                break
    if where is None:
        return
    yield needs_beta(
        warning(
            where,
            tr(
                "the MCP connector is a beta feature: the request needs the header "
                "`anthropic-beta: {beta}`, which tooltutor cannot see in the body",
                beta=MCP_BETA,
            ),
            tr(
                "Send it with the request (SDKs: `client.beta.messages.create(..., "
                'betas=["{beta}"])`).',
                beta=MCP_BETA,
            ),
        ),
        MCP_BETA,
    )


@rule(
    "a-mcp-server-shape",
    api="anthropic",
    scope="body",
    sources=(f"{MCP_CONNECTOR}#mcp-server-configuration",),
    api_message="{loc}: {detail}",
    example="""{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [{"type": "url", "url": "http://mcp.example.com/sse", "name": "docs"}],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
)
def mcp_server_shape(ctx: Context) -> Iterator[Finding]:
    """Each `mcp_servers` entry is `{"type": "url", "url": "https://...", "name": ...}`.

    `mcp_servers` is an array of at most 20 server objects. Each has `type: "url"`, a
    `url` that starts with `https://`, a `name` (unique: toolsets and calls refer to the
    server by it) and, if the server needs one, a string `authorization_token`.
    """
    if ctx.body is None or "mcp_servers" not in ctx.body:
        return
    servers = ctx.body["mcp_servers"]
    hint = tr("Write each server as {example}.", example=f"`{_SERVER}`")
    if not isinstance(servers, (list, tuple)):
        yield Finding(
            "/mcp_servers",
            tr("`mcp_servers` is {type}: it must be an array of servers", type=json_type(servers)),
            hint,
        )
        return
    if len(servers) > MAX_SERVERS:
        yield Finding(
            pointer("mcp_servers", MAX_SERVERS),
            tr(
                "`mcp_servers` lists {n} servers; at most {limit} are allowed",
                n=len(servers),
                limit=MAX_SERVERS,
            ),
            tr("Connect fewer servers per request."),
        )
    names: dict[str, int] = {}
    for k, server in enumerate(servers):
        base = pointer("mcp_servers", k)
        if not isinstance(server, dict):
            yield Finding(
                base, tr("server {k} is {type}, not an object", k=k, type=json_type(server)), hint
            )
            continue
        if server.get("type") != "url":
            yield Finding(
                base + ("/type" if "type" in server else ""),
                tr('server {k} needs `"type": "url"`', k=k),
                hint,
            )
        url = server.get("url")
        if not isinstance(url, str):
            yield Finding(
                base + ("/url" if "url" in server else ""),
                tr("server {k} needs a string `url`", k=k),
                hint,
            )
        elif not url.startswith("https://"):
            yield Finding(
                base + "/url",
                tr("the server URL {url} must start with `https://`", url=quote(url)),
                tr(
                    "The API connects to MCP servers over HTTPS "
                    "only: use the server's `https://` address."
                ),
            )
        name = server.get("name")
        if not isinstance(name, str) or not name:
            yield Finding(
                base + ("/name" if "name" in server else ""),
                tr("server {k} needs a non-empty string `name`", k=k),
                tr("Name the server; its `mcp_toolset` refers to it by `mcp_server_name`."),
            )
        elif name in names:
            yield Finding(
                base + "/name",
                tr(
                    "two MCP servers are named {name} (servers {a} and {b})",
                    name=quote(name),
                    a=names[name],
                    b=k,
                ),
                tr("Give each server its own name."),
            )
        else:
            names[name] = k
        token = server.get("authorization_token")
        if token is not None and not isinstance(token, str):
            yield Finding(
                base + "/authorization_token",
                tr("`authorization_token` is {type}: it must be a string", type=json_type(token)),
                tr("Pass the OAuth access token as a string, or leave the field out."),
            )


@rule(
    "a-mcp-server-unreferenced",
    api="anthropic",
    scope="body",
    sources=(
        f"{MCP_CONNECTOR}#validation-rules",
        "https://github.com/anthropics/anthropic-sdk-csharp/pull/267",
    ),
    api_message="MCP server '{value}' is defined but not referenced by any mcp_toolset in tools.",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s,
                  {"type": "url", "url": "https://cal.example.com/mcp", "name": "calendar"}],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s,
                  {"type": "url", "url": "https://cal.example.com/mcp", "name": "calendar"}],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"},
            {"type": "mcp_toolset", "mcp_server_name": "calendar"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
)
def mcp_server_unreferenced(ctx: Context) -> Iterator[Finding]:
    """Every MCP server is opened by an `mcp_toolset` in `tools`.

    With the current beta (`mcp-client-2025-11-20`) a server in `mcp_servers` that no
    `mcp_toolset` names is rejected. When the request has no `mcp_toolset` at all it may
    be written for the deprecated `mcp-client-2025-04-04` header, where servers needed no
    toolset: then the request's headers decide (an error with the current beta, nothing
    with the old one), and a note when they are not known (recorded accepted).
    """
    servers = _servers(ctx)
    if not servers:
        return
    sets = _toolsets(ctx)
    used = {t["mcp_server_name"] for _, t in sets if isinstance(t.get("mcp_server_name"), str)}
    for k, server in servers:
        name = server.get("name")
        if not isinstance(name, str) or name in used:
            continue
        hint = tr(
            'Add `{{"type": "mcp_toolset", "mcp_server_name": {name}}}` to `tools`.',
            name=quote(name),
        )
        if sets:
            yield Finding(
                pointer("mcp_servers", k),
                tr(
                    "the MCP server {name} is defined but no `mcp_toolset` in `tools` names it",
                    name=quote(name),
                ),
                hint,
            )
        else:
            betas = str((ctx.headers or {}).get("anthropic-beta", ""))
            if "mcp-client-2025-04-04" in betas:
                continue
            current = ctx.headers is not None and "mcp-client-" in betas
            yield (Finding if current else note)(
                pointer("mcp_servers", k),
                tr(
                    "the MCP server {name} has no `mcp_toolset` in `tools`: the current beta "
                    "rejects that; only the deprecated `mcp-client-2025-04-04` header accepts it",
                    name=quote(name),
                ),
                hint,
            )


@rule(
    "a-mcp-toolset-unknown-server",
    api="anthropic",
    scope="body",
    sources=(f"{MCP_CONNECTOR}#validation-rules",),
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "doc"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
)
def mcp_toolset_unknown_server(ctx: Context) -> Iterator[Finding]:
    """An `mcp_toolset` names a server of `mcp_servers`.

    `mcp_server_name` must equal the `name` of one entry of `mcp_servers`: a toolset for a
    server the request does not define is rejected.
    """
    sets = _toolsets(ctx)
    if not sets:
        return
    names = [s["name"] for _, s in _servers(ctx) if isinstance(s.get("name"), str)]
    for k, tool in sets:
        name = tool.get("mcp_server_name")
        if not isinstance(name, str) or name in names:
            continue
        if names:
            message = tr(
                "`mcp_server_name` {name} matches no server in `mcp_servers` (servers: {names})",
                name=quote(name),
                names=", ".join(quote(n) for n in names[:5]),
            )
        else:
            message = tr(
                "`mcp_server_name` {name} names an MCP "
                "server, but the request has no `mcp_servers`",
                name=quote(name),
            )
        yield Finding(
            pointer("tools", k, "mcp_server_name"),
            message,
            tr("Define the server in `mcp_servers` and use its `name` here."),
        )


@rule(
    "a-mcp-toolset-duplicate",
    api="anthropic",
    scope="body",
    sources=(f"{MCP_CONNECTOR}#validation-rules",),
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs"},
            {"type": "mcp_toolset", "mcp_server_name": "docs",
             "default_config": {"enabled": false}}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs",
             "default_config": {"enabled": false}}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
)
def mcp_toolset_duplicate(ctx: Context) -> Iterator[Finding]:
    """One `mcp_toolset` per MCP server.

    Each server may be referenced by only one `mcp_toolset`; configure all of its tools
    there (`default_config`, `configs`).
    """
    seen: dict[str, int] = {}
    for k, tool in _toolsets(ctx):
        name = tool.get("mcp_server_name")
        if not isinstance(name, str):
            continue
        if name in seen:
            yield Finding(
                pointer("tools", k, "mcp_server_name"),
                tr(
                    "a second `mcp_toolset` for the server {name} (the first is tool {first})",
                    name=quote(name),
                    first=seen[name],
                ),
                tr(
                    "Merge the two into one toolset: `default_config` "
                    "for all tools, `configs` per tool."
                ),
            )
        else:
            seen[name] = k


@rule(
    "a-mcp-toolset-shape",
    api="anthropic",
    scope="body",
    sources=(f"{MCP_CONNECTOR}#mcp-toolset-configuration",),
    api_message="{loc}: Extra inputs are not permitted",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs", "name": "docs_tools"}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "mcp_servers": [%s],
  "tools": [{"type": "mcp_toolset", "mcp_server_name": "docs",
             "configs": {"search_docs": {"defer_loading": false}}}],
  "messages": [{"role": "user", "content": "What tools do you have?"}]
}""",
        _SERVER,
    ),
)
def mcp_toolset_shape(ctx: Context) -> Iterator[Finding]:
    """An `mcp_toolset` has a server name and optional tool configs, nothing else.

    The entry is `{"type": "mcp_toolset", "mcp_server_name": ...}` with optional
    `default_config` and `configs` (tool name -> config), each config holding only the
    booleans `enabled` and `defer_loading`, and `cache_control`. It has no `name`, schema,
    `strict` or `allowed_callers`: the server's tools bring their own.
    """
    for k, tool in _toolsets(ctx):
        base = pointer("tools", k)
        if not isinstance(tool.get("mcp_server_name"), str):
            yield Finding(
                base + ("/mcp_server_name" if "mcp_server_name" in tool else ""),
                tr("an `mcp_toolset` needs a string `mcp_server_name`"),
                tr("Set it to the `name` of the server in `mcp_servers`."),
            )
        for key in tool:
            if key not in _TOOLSET_KEYS:
                yield Finding(
                    base + pointer(key),
                    tr(
                        "`{key}` is not a field of an `mcp_toolset` (it takes `mcp_server_name`, "
                        "`default_config`, `configs` and `cache_control`)",
                        key=key,
                    ),
                    tr(
                        "Remove it; defer or disable the server's tools with `default_config` "
                        "and `configs`."
                    ),
                )
        configs: list[tuple[str, Any]] = []
        if "default_config" in tool:
            configs.append((base + "/default_config", tool["default_config"]))
        if "configs" in tool:
            per_tool = tool["configs"]
            if not isinstance(per_tool, dict):
                yield Finding(
                    base + "/configs",
                    tr(
                        "`configs` is {type}: it maps tool names to configs",
                        type=json_type(per_tool),
                    ),
                    tr('Write `"configs": {"search_docs": {"enabled": true}}`.'),
                )
            else:
                configs.extend((base + pointer("configs", n), c) for n, c in per_tool.items())
        for path, config in configs:
            yield from _config_shape(path, config)


def _config_shape(path: str, config: Any) -> Iterator[Finding]:
    hint = tr('Write e.g. `{"enabled": true, "defer_loading": false}`.')
    if not isinstance(config, dict):
        yield Finding(
            path, tr("a tool config is {type}, not an object", type=json_type(config)), hint
        )
        return
    for key, value in config.items():
        if key not in _CONFIG_KEYS:
            yield Finding(
                path + pointer(key),
                tr(
                    "`{key}` is not a tool config field: a "
                    "config holds `enabled` and `defer_loading`",
                    key=key,
                ),
                hint,
            )
        elif not isinstance(value, bool):
            yield Finding(
                path + pointer(key),
                tr(
                    "`{key}` is {type}: it must be `true` or `false`",
                    key=key,
                    type=json_type(value),
                ),
                hint,
            )


# The blocks of MCP calls in the messages.
