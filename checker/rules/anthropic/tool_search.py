"""Tool search: deferred tools (`defer_loading`) and the `tool_reference` blocks that load them.

A deferred tool stays out of the prompt until a search returns a `tool_reference` naming
it: the tool search tool's `tool_search_tool_result`, or your own search tool's
`tool_result`. At least one tool stays loaded, every reference names a defined tool, and a
deferred tool cannot be a cache breakpoint.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.diagnostics import code, json_type, pointer, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, a_block, close_match, warning
from checker.rules.anthropic.server_tools import TOOL_REFERENCE, TOOL_SEARCH, filled, indexed_blocks
from checker.rules.record import Finding, note, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

SEARCH_TYPES = ("tool_search_tool_regex", "tool_search_tool_bm25")
TOOLSET_TYPES = ("computer_toolset_20260801", "browser_toolset_20260801")
_REF_KEYS = ("type", "tool_name", "cache_control")
#: compiled by `re` on first use (and kept in its cache), not at import
_NAME = r"[a-zA-Z0-9_-]+"
_GET_WEATHER = (
    '{"name": "get_weather", "description": "Weather for a city.",\n'
    '     "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},\n'
    '     "defer_loading": true}'
)
_SEARCH = '{"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}'


def is_search_tool(tool: dict[str, Any]) -> bool:
    kind = tool.get("type")
    return isinstance(kind, str) and kind.startswith(SEARCH_TYPES)


def _mcp_deferred(tool: dict[str, Any]) -> bool:
    """An `mcp_toolset` whose every tool is deferred (by `default_config`, not undone)."""
    default = tool.get("default_config")
    if not (isinstance(default, dict) and default.get("defer_loading") is True):
        return False
    configs = tool.get("configs")
    if isinstance(configs, dict):
        for config in configs.values():
            if (
                isinstance(config, dict)
                and config.get("defer_loading") is False
                and config.get("enabled", True) is not False
            ):
                return False
    return True


def deferred(tool: dict[str, Any]) -> bool:
    if tool.get("type") == "mcp_toolset":
        return _mcp_deferred(tool)
    return tool.get("defer_loading") is True


def _adds_tools(ctx: Context) -> bool:
    """Mid-conversation `tool_addition` blocks (a beta) can surface tools too."""
    for m, hits in indexed_blocks(ctx):
        if m.role == "system" and any(b["type"] == "tool_addition" for _, b in hits):
            return True
    return False


def references(ctx: Context) -> list[tuple[str, dict[str, Any], bool]]:
    """(pointer, block, in a client `tool_result`) of every `tool_reference` where one may
    stand: a `tool_result`'s content, a tool search result's `tool_references`."""
    found = getattr(ctx, "_tool_references", None)
    if found is not None:
        return found
    found = []
    for m in ctx.msgs:
        if m is None:
            continue
        for j, block in m.results:
            content = block.get("content")
            if isinstance(content, (list, tuple)):
                for n, item in enumerate(content):
                    if isinstance(item, dict) and item.get("type") == "tool_reference":
                        found.append((ctx.path(m.index, "content", j, "content", n), item, True))
    for m, hits in indexed_blocks(ctx):
        for j, block in hits:
            content = block.get("content")
            if block["type"] == "tool_search_tool_result" and isinstance(content, dict):
                refs = content.get("tool_references")
                if isinstance(refs, (list, tuple)):
                    for n, item in enumerate(refs):
                        path = ctx.path(m.index, "content", j, "content", "tool_references", n)
                        found.append((path, item, False))
    ctx._tool_references = found  # type: ignore[attr-defined]
    return found


@rule(
    "a-tools-all-deferred",
    api="anthropic",
    scope="body",
    sources=(f"{TOOL_SEARCH}#error-handling",),
    api_message="At least one tool must have defer_loading=false. All tools cannot be deferred.",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex",
     "defer_loading": true},
    %s
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _GET_WEATHER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    %s,
    %s
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _SEARCH,
        _GET_WEATHER,
    ),
)
def tools_all_deferred(ctx: Context) -> Iterator[Finding]:
    """At least one tool is not deferred.

    `defer_loading: true` keeps a tool out of the prompt until a search finds it, so a
    request whose every tool is deferred has nothing to start from (the tool search tool
    itself must stay loaded). When the only deferred entries besides plain tools are MCP
    toolsets deferred through `default_config`, the API's behaviour is not documented: a
    warning. Requests that add tools mid-conversation (`tool_addition` blocks, a beta) are
    not judged.
    """
    if not ctx.tools or _adds_tools(ctx):
        return
    if not all(deferred(t) for _, t in ctx.tools):
        return
    if any(t.get("type") == "mcp_toolset" for _, t in ctx.tools):
        yield warning(
            "/tools",
            tr(
                "every tool is deferred, MCP toolsets included: the API requires at least one "
                "tool that is not deferred"
            ),
            tr(
                "Add a tool search tool that is not deferred, or keep some tools loaded "
                "(`defer_loading: false`)."
            ),
        )
        return
    k, first = ctx.tools[0]
    search = next((k for k, t in ctx.tools if is_search_tool(t)), None)
    yield Finding(
        pointer("tools", search if search is not None else k, "defer_loading"),
        tr("every tool has `defer_loading: true`: at least one tool must stay loaded"),
        tr(
            "Remove `defer_loading` from the tool search "
            "tool (and from tools Claude needs every turn)."
        )
        if search is not None
        else tr("Remove `defer_loading` from at least one tool, or add a tool search tool."),
    )


@rule(
    "a-tool-reference-unknown",
    api="anthropic",
    scope="body",
    sources=(f"{TOOL_SEARCH}#error-handling", f"{TOOL_SEARCH}#custom-tool-search-implementation"),
    api_message="Tool reference '{value}' not found in available tools",
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"name": "find_tools", "description": "Find tools.",
     "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}},
    %s
  ],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "toolu_01", "name": "find_tools", "input": {"query": "weather"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01",
       "content": [{"type": "tool_reference", "tool_name": "weather"}]}
    ]}
  ]
}""",
        _GET_WEATHER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"name": "find_tools", "description": "Find tools.",
     "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}}},
    %s
  ],
  "messages": [
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": [
      {"type": "tool_use", "id": "toolu_01", "name": "find_tools", "input": {"query": "weather"}}
    ]},
    {"role": "user", "content": [
      {"type": "tool_result", "tool_use_id": "toolu_01",
       "content": [{"type": "tool_reference", "tool_name": "get_weather"}]}
    ]}
  ]
}""",
        _GET_WEATHER,
    ),
)
def tool_reference_unknown(ctx: Context) -> Iterator[Finding]:
    """A `tool_reference` names a tool defined in `tools`.

    The API expands each reference into the tool's definition, so its `tool_name` must be
    the `name` of a tool in this request's `tools` (usually a deferred one): send every
    definition, deferred ones too, on every request. When the request has MCP or client
    toolsets, whose tools tooltutor cannot list, an unknown name is a warning.
    """
    if ctx.body is None:
        return
    names = [t["name"] for _, t in ctx.tools if isinstance(t.get("name"), str)]
    toolsets = any(t.get("type") in ("mcp_toolset", *TOOLSET_TYPES) for _, t in ctx.tools)
    known = set(names)
    for path, block, _ in references(ctx):
        name = block.get("tool_name") if isinstance(block, dict) else None
        if not isinstance(name, str) or name in known:
            continue
        close = close_match(name, names)
        hint = (
            tr("Did you mean {name}?", name=quote(close[0]))
            if close
            else tr(
                "Define the tool in `tools` (with `defer_loading: "
                "true` if it should load on demand)."
            )
        )
        if toolsets:
            yield warning(
                path + "/tool_name",
                tr(
                    "`tool_reference` names {name}, which is not in `tools`; it may be a tool of "
                    "a toolset, which tooltutor cannot see",
                    name=quote(name),
                ),
                hint,
            )
        else:
            yield Finding(
                path + "/tool_name",
                tr(
                    "`tool_reference` names {name}, which no tool in `tools` is called",
                    name=quote(name),
                ),
                hint,
            )


@rule(
    "a-tool-reference-misplaced",
    api="anthropic",
    sources=(f"{TOOL_SEARCH}#custom-tool-search-implementation", TOOL_REFERENCE),
    example="""[
  {"role": "user", "content": [
    {"type": "text", "text": "Load this tool."},
    {"type": "tool_reference", "tool_name": "get_weather"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "find_tools", "input": {"query": "weather"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01",
     "content": [{"type": "tool_reference", "tool_name": "get_weather"}]}
  ]}
]""",
)
def tool_reference_misplaced(ctx: Context) -> Iterator[Finding]:
    """`tool_reference` blocks stand only inside a `tool_result`'s content.

    A reference is what a search returns: inside the `content` of a `tool_result` (your own
    search tool) or in a `tool_search_tool_result` (the API's). As a message's own content
    block it is rejected.
    """
    for m, hits in indexed_blocks(ctx):
        if m.role not in ("user", "assistant"):
            continue
        for j, block in hits:
            if block["type"] != "tool_reference":
                continue
            yield Finding(
                ctx.path(m.index, "content", j, "type"),
                tr(
                    "a `tool_reference` block directly in {message}: references go inside the "
                    "`content` of a `tool_result`",
                    message=ctx.where(m.index),
                ),
                tr(
                    "Return it from your search tool: "
                    '`{"type": "tool_result", "tool_use_id": ..., "content": [{"type": '
                    '"tool_reference", "tool_name": "get_weather"}]}`.'
                ),
            )


@rule(
    "a-tool-reference-shape",
    api="anthropic",
    sources=(f"{TOOL_SEARCH}#custom-tool-search-implementation", TOOL_REFERENCE),
    api_message="{loc}: {detail}",
    example="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "find_tools", "input": {"query": "weather"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01",
     "content": [{"type": "tool_reference", "name": "get_weather"}]}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Weather in Paris?"},
  {"role": "assistant", "content": [
    {"type": "tool_use", "id": "toolu_01", "name": "find_tools", "input": {"query": "weather"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01",
     "content": [{"type": "tool_reference", "tool_name": "get_weather"}]}
  ]}
]""",
)
def tool_reference_shape(ctx: Context) -> Iterator[Finding]:
    """A `tool_reference` is `{"type": "tool_reference", "tool_name": ...}`.

    `tool_name` is required: 1 to 256 letters, digits, `_` or `-` (optionally with
    `cache_control`). The mid-conversation `tool_addition` blocks use `name` for their own
    references, an easy mix-up; in a `tool_result` or a tool search result the field is
    `tool_name`.
    """
    for path, block, _ in references(ctx):
        if not isinstance(block, dict):
            yield Finding(
                path,
                tr("a tool reference is {type}, not an object", type=json_type(block)),
                tr('Write `{"type": "tool_reference", "tool_name": "get_weather"}`.'),
            )
            continue
        if block.get("type") != "tool_reference":
            yield Finding(
                path + ("/type" if "type" in block else ""),
                tr(
                    "each item of `tool_references` is a `tool_reference` block, not {what}",
                    what=a_block(block.get("type")),
                ),
                tr("Resend the tool search result exactly as the API returned it."),
            )
            continue
        name = block.get("tool_name")
        if "tool_name" not in block:
            message = (
                tr("this `tool_reference` has `name`; here the field is `tool_name`")
                if "name" in block
                else tr("this `tool_reference` has no `tool_name`")
            )
            yield Finding(
                path, message, tr('Write `{"type": "tool_reference", "tool_name": "get_weather"}`.')
            )
            continue
        if not isinstance(name, str) or not (0 < len(name) <= 256) or not re.fullmatch(_NAME, name):
            yield Finding(
                path + "/tool_name",
                tr(
                    "`tool_name` must be a tool's name (letters, digits, `_`, `-`), found {value}",
                    value=quote(name) if isinstance(name, str) else json_type(name),
                ),
                tr("Use the `name` of the tool exactly as it is in `tools`."),
            )
        for key in block:
            if key not in _REF_KEYS:
                yield Finding(
                    path + pointer(key),
                    tr(
                        "`{key}` is not a field of a `tool_reference` "
                        "(it takes `tool_name` and `cache_control`)",
                        key=key,
                    ),
                    tr("Remove it."),
                )


@rule(
    "a-tool-defer-cache-control",
    api="anthropic",
    scope="body",
    sources=(
        f"{TOOL_SEARCH}#prompt-caching",
        "https://github.com/anthropics/claude-code/issues/30920",
    ),
    api_message=(
        "Tool '{value}' cannot have both defer_loading=true and cache_control set. Tools with "
        "defer_loading cannot use prompt caching."
    ),
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    %s,
    {"name": "get_weather", "description": "Weather for a city.",
     "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
     "defer_loading": true, "cache_control": {"type": "ephemeral"}}
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _SEARCH,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex",
     "cache_control": {"type": "ephemeral"}},
    %s
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _GET_WEATHER,
    ),
)
def tool_defer_cache_control(ctx: Context) -> Iterator[Finding]:
    """A deferred tool carries no `cache_control`.

    A deferred tool is not part of the prompt prefix, so it cannot end a cached prefix:
    `defer_loading: true` together with `cache_control` is rejected. Put the breakpoint on
    a tool that is always loaded, such as the tool search tool.
    """
    for k, tool in ctx.tools:
        if tool.get("defer_loading") is True and tool.get("cache_control") is not None:
            name = tool.get("name")
            yield Finding(
                pointer("tools", k),
                tr(
                    "the tool {name} is deferred (`defer_loading: true`) and has `cache_control`: "
                    "a deferred tool cannot be a cache breakpoint",
                    name=quote(name) if isinstance(name, str) else str(k),
                ),
                tr(
                    "Move `cache_control` to a tool that is "
                    "not deferred (e.g. the tool search tool)."
                ),
            )


@rule(
    "a-tool-search-deferred",
    api="anthropic",
    severity="warning",
    scope="body",
    sources=(TOOL_SEARCH,),
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex",
     "defer_loading": true},
    {"name": "get_time", "description": "The time now.", "input_schema": {"type": "object"}},
    %s
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _GET_WEATHER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    %s,
    {"name": "get_time", "description": "The time now.", "input_schema": {"type": "object"}},
    %s
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _SEARCH,
        _GET_WEATHER,
    ),
)
def tool_search_deferred(ctx: Context) -> Iterator[Finding]:
    """The tool search tool itself is not deferred.

    The search tool is how Claude finds the deferred tools; deferred, it is hidden like
    them. The docs say never to defer it; when another tool stays loaded the API accepts
    the request, so this is a warning (with every tool deferred, `a-tools-all-deferred`).
    """
    if all(deferred(t) for _, t in ctx.tools):
        return
    for k, tool in ctx.tools:
        if is_search_tool(tool) and tool.get("defer_loading") is True:
            yield warning(
                pointer("tools", k, "defer_loading"),
                tr(
                    "the tool search tool is deferred, so Claude "
                    "cannot see it to search for the other tools"
                ),
                tr("Remove `defer_loading` from the tool search tool."),
            )


@rule(
    "a-deferred-unreachable",
    api="anthropic",
    severity="note",
    scope="body",
    sources=(f"{TOOL_SEARCH}#how-tool-search-works",),
    example=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    {"name": "get_time", "description": "The time now.", "input_schema": {"type": "object"}},
    %s
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _GET_WEATHER,
    ),
    fix=filled(
        """{
  "model": "claude-sonnet-4-5",
  "max_tokens": 1024,
  "tools": [
    %s,
    %s
  ],
  "messages": [{"role": "user", "content": "Weather in Paris?"}]
}""",
        _SEARCH,
        _GET_WEATHER,
    ),
)
def deferred_unreachable(ctx: Context) -> Iterator[Finding]:
    """Deferred tools have a way to be found.

    A deferred tool loads only when a search returns a `tool_reference` to it. Without a
    tool search tool, no `tool_reference` in the history (your own search tool's results)
    and no mid-conversation `tool_addition`, Claude can never use it. The API accepts the
    request, so this is a warning; ignore it if one of your tools returns references.
    """
    first = next((k for k, t in ctx.tools if deferred(t)), None)
    if first is None or any(is_search_tool(t) for _, t in ctx.tools):
        return
    if all(deferred(t) for _, t in ctx.tools):
        return  # a-tools-all-deferred
    if any(in_result for _, _, in_result in references(ctx)) or _adds_tools(ctx):
        return
    tool = dict(ctx.tools)[first]
    name = tool.get("mcp_server_name") if tool.get("type") == "mcp_toolset" else tool.get("name")
    path = pointer(
        "tools", first, "default_config" if tool.get("type") == "mcp_toolset" else "defer_loading"
    )
    yield note(
        path,
        tr(
            "the tool {name} is deferred but nothing can load it: the request has no tool "
            "search tool",
            name=code(name) if isinstance(name, str) else str(first),
        ),
        tr(
            "Add a tool search tool ({example}), or return `tool_reference` blocks from your "
            "own search tool, or drop `defer_loading`.",
            example=f"`{_SEARCH}`",
        ),
    )
