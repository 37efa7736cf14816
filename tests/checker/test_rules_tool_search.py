"""Tool search: deferred tools and `tool_reference` blocks, each rule broken and its near misses.

Shapes from https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
(quick start, continuing the conversation, custom tool search, error handling, prompt
caching) and the Messages API reference (`ToolReferenceBlockParam`).
"""

from __future__ import annotations

import copy

from checker import lint_value

REGEX = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
BM25 = {"type": "tool_search_tool_bm25", "name": "tool_search_tool_bm25"}
WEATHER = {
    "name": "get_weather",
    "description": "Weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
    "defer_loading": True,
}
FIND = {
    "name": "find_tools",
    "description": "Search the tool catalog.",
    "input_schema": {"type": "object", "properties": {"query": {"type": "string"}}},
}
Q = {"role": "user", "content": "Weather in Paris?"}


def body(tools, messages=(Q,), **extra):
    out = {
        "model": "claude-opus-4-8",
        "max_tokens": 1024,
        "tools": list(tools),
        "messages": list(messages),
    }
    out.update(extra)
    return out


def ref(name="get_weather", **extra):
    block = {"type": "tool_reference", "tool_name": name}
    block.update(extra)
    return block


def custom_search(references, tools=(FIND, WEATHER)):
    """The docs' custom tool search: find_tools returns tool_reference blocks in a tool_result."""
    return body(
        tools,
        [
            Q,
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "tool_use",
                        "id": "toolu_01",
                        "name": "find_tools",
                        "input": {"query": "w"},
                    }
                ],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": "toolu_01", "content": references}
                ],
            },
        ],
    )


def server_search(references, tools=(REGEX, WEATHER)):
    """The docs' continuation: server_tool_use + tool_search_tool_result, then the tool call."""
    found = {"type": "tool_search_tool_search_result", "tool_references": references}
    return body(
        tools,
        [
            Q,
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "server_tool_use",
                        "id": "srvtoolu_01ABC123",
                        "name": "tool_search_tool_regex",
                        "input": {"pattern": "weather"},
                    },
                    {
                        "type": "tool_search_tool_result",
                        "tool_use_id": "srvtoolu_01ABC123",
                        "content": found,
                    },
                    {"type": "text", "text": "Found a weather tool."},
                ],
            },
            {"role": "user", "content": "Go on."},
        ],
    )


def found(request, rule):
    result = lint_value(copy.deepcopy(request), "anthropic")
    return [d for d in result.diagnostics if d.rule == rule], result


def only(request, rule):
    hits, result = found(request, rule)
    assert len(hits) == 1, [(d.rule, d.path, d.message) for d in result.diagnostics]
    return hits[0]


def clean(request, rule):
    hits, result = found(request, rule)
    assert not hits, [(d.rule, d.path, d.message) for d in hits]
    assert result.valid, [(d.rule, d.path, d.message) for d in result.errors]


def test_quick_start_is_clean():
    for rule in ("a-tools-all-deferred", "a-tool-search-deferred", "a-deferred-unreachable"):
        clean(body([REGEX, WEATHER]), rule)
        clean(body([BM25, WEATHER]), rule)  # the undated alias is a valid type


def test_every_tool_deferred():
    # docs error example: `At least one tool must have defer_loading=false. All tools cannot
    # be deferred.`
    d = only(body([dict(REGEX, defer_loading=True), WEATHER]), "a-tools-all-deferred")
    assert (d.severity, d.path) == ("error", "/tools/0/defer_loading")
    assert "at least one tool" in d.message
    d = only(body([WEATHER]), "a-tools-all-deferred")
    assert d.path == "/tools/0/defer_loading"


def test_deferred_mcp_toolsets_only_warn():
    toolset = {
        "type": "mcp_toolset",
        "mcp_server_name": "cal",
        "default_config": {"defer_loading": True},
    }
    server = [{"type": "url", "url": "https://cal.example.com/mcp", "name": "cal"}]
    d = only(body([toolset], mcp_servers=server), "a-tools-all-deferred")
    assert d.severity == "warning"
    # docs MCP integration: the toolset deferred, the search tool loaded
    clean(body([REGEX, toolset], mcp_servers=server), "a-tools-all-deferred")


def test_tool_additions_are_not_judged():
    # mid-conversation tool_addition blocks can surface tools (a beta): no finding
    addition = {
        "role": "system",
        "content": [
            {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "get_weather"}}
        ],
    }
    hits, _ = found(
        body([WEATHER], [Q, {"role": "assistant", "content": "Ok."}, addition]),
        "a-tools-all-deferred",
    )
    assert hits == []


def test_reference_names_a_defined_tool():
    # docs error example: `Tool reference 'unknown_tool' not found in available tools`
    d = only(server_search([ref("unknown_tool")]), "a-tool-reference-unknown")
    assert d.severity == "error"
    assert d.path == "/messages/1/content/1/content/tool_references/0/tool_name"
    d = only(custom_search([ref("get_weathr")]), "a-tool-reference-unknown")
    assert d.path == "/messages/2/content/0/content/0/tool_name" and "get_weather" in d.hint
    clean(server_search([ref()]), "a-tool-reference-unknown")
    clean(custom_search([ref()]), "a-tool-reference-unknown")


def test_reference_to_a_toolset_tool_warns():
    toolset = {"type": "mcp_toolset", "mcp_server_name": "cal"}
    request = custom_search([ref("list_events")], (FIND, WEATHER, toolset))
    request["mcp_servers"] = [{"type": "url", "url": "https://cal.example.com/mcp", "name": "cal"}]
    assert only(request, "a-tool-reference-unknown").severity == "warning"


def test_reference_outside_a_tool_result():
    # SDK/API reference: tool_reference is a tool_result content block, not a message block
    request = body(
        [FIND, WEATHER],
        [{"role": "user", "content": [{"type": "text", "text": "Load it."}, ref()]}],
    )
    d = only(request, "a-tool-reference-misplaced")
    assert (d.severity, d.path) == ("error", "/messages/0/content/1/type")
    assert "inside the `content`" in d.message
    clean(custom_search([ref()]), "a-tool-reference-misplaced")


def test_reference_shape():
    # docs custom search: the field is tool_name (tool_addition's own references use `name`)
    d = only(
        custom_search([{"type": "tool_reference", "name": "get_weather"}]), "a-tool-reference-shape"
    )
    assert (d.severity, d.path) == ("error", "/messages/2/content/0/content/0")
    assert "`tool_name`" in d.message
    d = only(
        server_search([{"type": "tool_reference", "name": "get_weather"}]), "a-tool-reference-shape"
    )
    assert d.path == "/messages/1/content/1/content/tool_references/0"
    d = only(custom_search([ref(extra=1)]), "a-tool-reference-shape")
    assert d.path.endswith("/extra")
    clean(custom_search([ref(cache_control={"type": "ephemeral"})]), "a-tool-reference-shape")


def test_deferred_tool_with_cache_control():
    # https://github.com/anthropics/claude-code/issues/30920: `Tool '...' cannot have both
    # defer_loading=true and cache_control set. Tools with defer_loading cannot use prompt
    # caching.`
    cached = dict(WEATHER, cache_control={"type": "ephemeral"})
    d = only(body([REGEX, cached]), "a-tool-defer-cache-control")
    assert (d.severity, d.path) == ("error", "/tools/1")
    assert "cache breakpoint" in d.message
    # docs prompt caching: put the breakpoint on the (non-deferred) search tool
    clean(
        body([dict(REGEX, cache_control={"type": "ephemeral"}), WEATHER]),
        "a-tool-defer-cache-control",
    )


def test_deferred_search_tool_warns():
    d = only(body([dict(REGEX, defer_loading=True), FIND, WEATHER]), "a-tool-search-deferred")
    assert (d.severity, d.path) == ("warning", "/tools/0/defer_loading")
    # all deferred: a-tools-all-deferred reports it, not this rule
    assert (
        found(body([dict(REGEX, defer_loading=True), WEATHER]), "a-tool-search-deferred")[0] == []
    )


def test_deferred_tool_nothing_can_load():
    d = only(body([FIND, WEATHER]), "a-deferred-unreachable")
    assert (d.severity, d.path) == ("note", "/tools/1/defer_loading")
    assert "tool search tool" in d.message
    # a custom search that already returned references, or a search tool: no warning
    clean(custom_search([ref()]), "a-deferred-unreachable")
    clean(body([REGEX, WEATHER]), "a-deferred-unreachable")
