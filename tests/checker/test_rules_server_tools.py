"""Server tools, MCP connector blocks and paused turns: each rule broken, and its near misses.

Sources of the shapes (cited per test): the server tools page
https://platform.claude.com/docs/en/agents-and-tools/tool-use/server-tools (pause_turn,
mixing server and client tools), the MCP connector page
https://platform.claude.com/docs/en/agents-and-tools/mcp-connector, the Messages API
reference, and public reports of the API's 400s.
"""

from __future__ import annotations

import copy

import pytest

from checker import lint_value

SRV = "srvtoolu_01A2B3C4D5E6F7G8H9"
RESULT = {
    "type": "web_search_result",
    "url": "https://example.com/q",
    "title": "Qubits",
    "encrypted_content": "EqgfCioIARgB",
}
WEB_SEARCH = {"type": "web_search_20250305", "name": "web_search", "max_uses": 5}
RUN = {
    "name": "run_command",
    "description": "Run a shell command.",
    "input_schema": {"type": "object", "properties": {"command": {"type": "string"}}},
}
SERVER = {"type": "url", "url": "https://mcp.example.com/sse", "name": "docs"}
TOOLSET = {"type": "mcp_toolset", "mcp_server_name": "docs"}


def user(content):
    return {"role": "user", "content": content}


def assistant(content):
    return {"role": "assistant", "content": content}


def text(value):
    return {"type": "text", "text": value}


def call(uid=SRV, name="web_search", **extra):
    block = {"type": "server_tool_use", "id": uid, "name": name, "input": {"query": "qubits"}}
    block.update(extra)
    return block


def result(uid=SRV, kind="web_search_tool_result", content=None):
    return {"type": kind, "tool_use_id": uid, "content": [RESULT] if content is None else content}


def client_use(uid="toolu_01", name="run_command"):
    return {"type": "tool_use", "id": uid, "name": name, "input": {"command": "uname -a"}}


def client_result(uid="toolu_01", content="Linux"):
    return {"type": "tool_result", "tool_use_id": uid, "content": content}


def mcp_use(uid="mcptoolu_01", **extra):
    block = {"type": "mcp_tool_use", "id": uid, "name": "echo", "server_name": "docs"}
    block["input"] = {"text": "hi"}
    block.update(extra)
    return block


def mcp_result(uid="mcptoolu_01", content="hi"):
    return {"type": "mcp_tool_result", "tool_use_id": uid, "content": content}


def body(messages, tools=(WEB_SEARCH,), model="claude-opus-4-8", **extra):
    out = {"model": model, "max_tokens": 1024, "tools": list(tools), "messages": messages}
    out.update(extra)
    return out


def found(request, rule, model=None):
    result_ = lint_value(copy.deepcopy(request), "anthropic", model=model)
    return [d for d in result_.diagnostics if d.rule == rule], result_


def only(request, rule, model=None):
    hits, result_ = found(request, rule, model)
    assert len(hits) == 1, [(d.rule, d.path, d.message) for d in result_.diagnostics]
    return hits[0]


def clean(request, rule, model=None):
    hits, result_ = found(request, rule, model)
    assert not hits, [(d.rule, d.path, d.message) for d in hits]
    assert result_.valid, [(d.rule, d.path, d.message) for d in result_.errors]


Q = "Search the news about qubits."
PAIRED = [user(Q), assistant([text("Searching."), call(), result(), text("Here it is.")])]


# ----------------------------------------------------------- a-server-tool-result-missing


def test_continue_message_after_a_paused_turn_ends_it():
    # https://github.com/anthropics/anthropic-sdk-python/issues/1339 (answered in PR 1507):
    # `messages.1: `web_search` tool use with id ... was found without a corresponding
    # `web_search_tool_result` block`
    d = only(
        body([user(Q), assistant([call()]), user("Please continue.")]),
        "a-server-tool-result-missing",
    )
    assert (d.severity, d.path) == ("error", "/messages/1/content/0/id")
    assert "ends the assistant's turn" in d.message and "pause_turn" in d.hint


@pytest.mark.parametrize(
    "messages",
    [
        # docs pause_turn example: the paused content is resent as the last message
        [user(Q), assistant([text("Searching."), call()])],
        # a paused turn can end right after a result, or pause again after one
        [user(Q), assistant([call(), result()])],
        [user(Q), assistant([call(), result(), call("srvtoolu_02")])],
        PAIRED + [user("Thanks.")],
    ],
)
def test_paused_or_paired_calls_are_fine(messages):
    clean(body(messages), "a-server-tool-result-missing")


MIXED = [
    user("Summarize https://example.com/a and run uname -a."),
    assistant([text("Both at once."), call(name="web_fetch"), client_use()]),
]
FETCH = {"type": "web_fetch_20250910", "name": "web_fetch"}


def test_mixed_turn_answered_with_results_only_stays_open():
    # docs, "Mixing server tools and client tools in one turn": the follow-up user message
    # holds only tool_result blocks; the next response starts with the web_fetch result
    clean(body([*MIXED, user([client_result()])], (FETCH, RUN)), "a-server-tool-result-missing")
    later = [
        *MIXED,
        user([client_result()]),
        assistant([result(kind="web_fetch_tool_result", content=_FETCHED), text("Done.")]),
        user("Thanks."),
    ]
    clean(body(later, (FETCH, RUN)), "a-server-tool-result-missing")


_FETCHED = {
    "type": "web_fetch_result",
    "url": "https://example.com/a",
    "content": {
        "type": "document",
        "source": {"type": "text", "media_type": "text/plain", "data": "A"},
    },
}


def test_text_after_the_results_of_a_mixed_turn_ends_it():
    # docs quote: `web_fetch` tool use with id `srvtoolu_...` was found without a
    # corresponding `web_fetch_tool_result` block
    messages = [*MIXED, user([client_result(), text("Keep it short.")])]
    d = only(body(messages, (FETCH, RUN)), "a-server-tool-result-missing")
    assert d.path == "/messages/1/content/1/id" and "only `tool_result`" in d.message


def test_programmatic_tool_calling_keeps_the_code_call_open_over_rounds():
    # docs note on programmatic tool calling: the code_execution result arrives once the code
    # finishes, which can take more than one round of tool results
    caller = {"type": "code_execution_20260120", "tool_id": "srvtoolu_01Code"}
    use = dict(client_use(), caller=caller)
    messages = [
        user("Run it."),
        assistant([call("srvtoolu_01Code", "code_execution"), use]),
        user([client_result()]),
        assistant([dict(client_use("toolu_02"), caller=caller)]),
        user([client_result("toolu_02")]),
    ]
    tools = ({"type": "code_execution_20260120", "name": "code_execution"}, RUN)
    clean(body(messages, tools), "a-server-tool-result-missing")


def test_a_client_result_or_misplaced_result_is_reported_by_its_own_rule():
    # one finding per mistake: the tool_result for a srvtoolu_ id is a-server-tool-client-result
    messages = [user(Q), assistant([call()]), user([client_result(SRV)])]
    hits, _ = found(body(messages), "a-server-tool-result-missing")
    assert hits == []


# ----------------------------------------------------------- a-server-tool-result-orphan


def test_result_without_its_call():
    # https://github.com/anthropics/claude-code/issues/64383: `unexpected `tool_use_id` found
    # in `advisor_tool_result` blocks ... must have a corresponding `server_tool_use` block
    # before it.`
    messages = [user(Q), assistant([result(), text("Here.")]), user("Thanks.")]
    d = only(body(messages), "a-server-tool-result-orphan")
    assert (d.severity, d.path) == ("error", "/messages/1/content/0/tool_use_id")
    assert "no `server_tool_use`" in d.message


def test_result_before_its_call_is_reported_once():
    messages = [user(Q), assistant([result(), call(), text("Done.")]), user("Thanks.")]
    d = only(body(messages), "a-server-tool-result-orphan")
    assert "before its call" in d.message
    assert found(body(messages), "a-server-tool-result-missing")[0] == []


def test_result_after_the_turn_ended():
    messages = [user(Q), assistant([call()]), user("Go on."), assistant([result()]), user("Ok")]
    d = only(body(messages), "a-server-tool-result-orphan")
    assert "`messages[2]` ended that turn" in d.message


def test_mcp_result_pairs_like_a_server_result():
    clean(
        body(
            [user("Echo hi."), assistant([mcp_use(), mcp_result(), text("Done.")]), user("Ok")],
            (TOOLSET,),
            mcp_servers=[SERVER],
        ),
        "a-server-tool-result-orphan",
    )
    d = only(
        body(
            [user("Echo hi."), assistant([mcp_result()]), user("Ok")],
            (TOOLSET,),
            mcp_servers=[SERVER],
        ),
        "a-server-tool-result-orphan",
    )
    assert d.path == "/messages/1/content/0/tool_use_id"


# ----------------------------------------------------------- misplaced, type, client result


def test_server_result_in_a_user_message():
    # docs: the result block follows the call in the same assistant turn
    messages = [user(Q), assistant([call()]), user([result(), text("Here are the results.")])]
    d = only(body(messages), "a-server-tool-result-misplaced")
    assert (d.severity, d.path) == ("error", "/messages/2/content/0/type")
    assert "assistant's turn" in d.message
    clean(body(PAIRED), "a-server-tool-result-misplaced")


def test_result_type_must_match_the_tool():
    fetch_error = {"type": "web_fetch_tool_result_error", "error_code": "unavailable"}
    messages = [
        user(Q),
        assistant([call(), result(kind="web_fetch_tool_result", content=fetch_error)]),
        user("Again."),
    ]
    d = only(body(messages, (WEB_SEARCH, FETCH)), "a-server-tool-result-type-mismatch")
    assert d.path == "/messages/1/content/1/type" and "web_search_tool_result" in d.message
    # near miss: code_execution_20250825 calls its sub-tools by their own names
    editor = {"type": "text_editor_code_execution_create_result", "is_file_update": False}
    bash = {
        "type": "bash_code_execution_result",
        "stdout": "",
        "stderr": "",
        "return_code": 0,
        "content": [],
    }
    ok = [
        user("Create a file."),
        assistant(
            [
                call("srvtoolu_01E", "text_editor_code_execution"),
                result("srvtoolu_01E", "text_editor_code_execution_tool_result", editor),
                call("srvtoolu_01B", "bash_code_execution"),
                result("srvtoolu_01B", "bash_code_execution_tool_result", bash),
                text("Done."),
            ]
        ),
        user("Thanks."),
    ]
    clean(
        body(ok, ({"type": "code_execution_20250825", "name": "code_execution"},)),
        "a-server-tool-result-type-mismatch",
    )


def test_client_tool_result_for_a_server_call():
    # https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool: never
    # send a tool_result for a server tool's srvtoolu_ id
    messages = [user(Q), assistant([call()]), user([client_result(SRV, "no results")])]
    d = only(body(messages), "a-server-tool-client-result")
    assert (d.severity, d.path) == ("error", "/messages/2/content/0/tool_use_id")
    assert "takes no `tool_result`" in d.message
    clean(body([*MIXED, user([client_result()])], (FETCH, RUN)), "a-server-tool-client-result")


# ----------------------------------------------------------- undeclared, name, id


def test_pending_call_needs_its_tool():
    # docs: "a resume request that no longer defines the waiting server tool fails with a 400
    # whose message ends `but no `web_fetch` tool was provided`"
    d = only(body([*MIXED, user([client_result()])], (RUN,)), "a-server-tool-undeclared")
    assert (d.severity, d.path) == ("error", "/messages/1/content/1/name")
    assert "has not run yet" in d.message
    paused = body([user(Q), assistant([call()])], ())
    assert only(paused, "a-server-tool-undeclared").severity == "error"
    clean(body([user(Q), assistant([call()])]), "a-server-tool-undeclared")


def test_finished_history_without_its_tool_is_a_warning():
    d = only(body([*PAIRED, user("A haiku now.")], (RUN,)), "a-server-tool-undeclared")
    assert d.severity == "warning" and "no longer defines" in d.message


def test_dynamic_web_tools_provide_code_execution():
    # docs, "Dynamic filtering with code execution": no code_execution tool is needed
    messages = [user(Q), assistant([call("srvtoolu_01C", "code_execution")])]
    clean(
        body(messages, ({"type": "web_search_20260209", "name": "web_search"},)),
        "a-server-tool-undeclared",
    )


def test_server_tool_use_naming_a_client_tool():
    # live validator: `name: Input should be 'web_search', 'web_fetch', 'code_execution', ...`
    messages = [user("Weather?"), assistant([call(name="run_command")]), user("?")]
    d = only(body(messages, (RUN,)), "a-server-tool-name-unknown")
    assert (d.severity, d.path) == ("error", "/messages/1/content/0/name")
    assert "`tool_use`" in d.message
    messages = [user("?"), assistant([call(name="analyze_image")])]
    assert only(body(messages), "a-server-tool-name-unknown").severity == "error"


def test_server_tool_id_pattern():
    # https://github.com/ding113/claude-code-hub/issues/470: `...server_tool_use.id: String
    # should match pattern '^srvtoolu_[a-zA-Z0-9_]+$'`
    messages = [user(Q), assistant([call("call_abc123"), result("call_abc123")]), user("Ok")]
    hits, _ = found(body(messages), "a-server-tool-id-pattern")
    assert [d.path for d in hits] == [
        "/messages/1/content/0/id",
        "/messages/1/content/1/tool_use_id",
    ]
    assert hits[0].severity == "error" and "srvtoolu_" in hits[0].message
    clean(body(PAIRED), "a-server-tool-id-pattern")


# ----------------------------------------------------------- a-server-tool-block-shape


@pytest.mark.parametrize(
    ("block", "path", "word"),
    [
        # live probe: `...content.list[RequestWebSearchResultBlock].0.encrypted_content: Field
        # required`
        (
            result(content=[{"type": "web_search_result", "url": "u", "title": "t"}]),
            "/content/0",
            "encrypted",
        ),
        (result(content="3 results"), "/content", "list of `web_search_result`"),
        (
            result(
                kind="web_fetch_tool_result", content={"type": "web_fetch_result", "content": {}}
            ),
            "/content",
            "`url`",
        ),
        (
            result(kind="web_fetch_tool_result", content={"type": "fetched"}),
            "/content/type",
            "does not know",
        ),
    ],
)
def test_result_content_shape(block, path, word):
    name = "web_fetch" if block["type"] == "web_fetch_tool_result" else "web_search"
    messages = [user(Q), assistant([call(name=name), block, text("Done.")]), user("Ok")]
    d = only(body(messages, (WEB_SEARCH, FETCH)), "a-server-tool-block-shape")
    assert d.path == "/messages/1/content/1" + path and word in d.message


def test_unknown_content_variant_is_only_a_warning():
    block = result(kind="web_fetch_tool_result", content={"type": "fetched"})
    d = only(
        body([user(Q), assistant([call(name="web_fetch"), block])], (FETCH,)),
        "a-server-tool-block-shape",
    )
    assert d.severity == "warning"


def test_server_tool_use_needs_input():
    d = only(
        body([user(Q), assistant([{"type": "server_tool_use", "id": SRV, "name": "web_search"}])]),
        "a-server-tool-block-shape",
    )
    assert (d.severity, d.path) == ("error", "/messages/1/content/0") and "`input`" in d.message
    error = {"type": "web_search_tool_result_error", "error_code": "max_uses_exceeded"}
    clean(
        body([user(Q), assistant([call(), result(content=error), text("Limit.")]), user("Ok")]),
        "a-server-tool-block-shape",
    )


# ----------------------------------------------------------- MCP


def test_mcp_needs_its_beta_header():
    d = only(body([user("Tools?")], (TOOLSET,), mcp_servers=[SERVER]), "a-mcp-beta-required")
    assert (d.severity, d.path) == (
        "note",
        "/mcp_servers",
    ) and "mcp-client-2025-11-20" in d.message


def test_mcp_server_shape():
    # docs field table: url must start with https://, type "url", name required
    plain = dict(SERVER, url="http://mcp.example.com/sse")
    d = only(body([user("Tools?")], (TOOLSET,), mcp_servers=[plain]), "a-mcp-server-shape")
    assert (d.severity, d.path) == ("error", "/mcp_servers/0/url") and "https://" in d.message
    twice = [SERVER, dict(SERVER, url="https://b.example.com/mcp")]
    d = only(body([user("Tools?")], (TOOLSET,), mcp_servers=twice), "a-mcp-server-shape")
    assert d.path == "/mcp_servers/1/name"
    clean(body([user("Tools?")], (TOOLSET,), mcp_servers=[SERVER]), "a-mcp-server-shape")


def test_mcp_server_unreferenced():
    # anthropic-sdk-csharp #255 (cited by PR 267): `MCP server 'mcp' is defined but not
    # referenced by any mcp_toolset in tools.`
    other = dict(SERVER, name="calendar", url="https://cal.example.com/mcp")
    d = only(
        body([user("Tools?")], (TOOLSET,), mcp_servers=[SERVER, other]), "a-mcp-server-unreferenced"
    )
    assert (d.severity, d.path) == ("error", "/mcp_servers/1")
    # no toolset at all: the shape of the deprecated mcp-client-2025-04-04 beta, a warning
    d = only(body([user("Tools?")], (), mcp_servers=[SERVER]), "a-mcp-server-unreferenced")
    assert d.severity == "note" and "2025-04-04" in d.message


def test_mcp_toolset_server_and_duplicates():
    # docs "Validation rules": the toolset names a defined server, one toolset per server
    wrong = dict(TOOLSET, mcp_server_name="doc")
    d = only(body([user("Tools?")], (wrong,), mcp_servers=[SERVER]), "a-mcp-toolset-unknown-server")
    assert d.path == "/tools/0/mcp_server_name" and '"docs"' in d.message
    d = only(
        body([user("Tools?")], (TOOLSET, TOOLSET), mcp_servers=[SERVER]), "a-mcp-toolset-duplicate"
    )
    assert d.path == "/tools/1/mcp_server_name" and "second" in d.message


def test_mcp_toolset_shape():
    for extra, path in (
        ({"name": "docs"}, "/tools/0/name"),
        ({"configs": {"a": {"on": True}}}, "/tools/0/configs/a/on"),
    ):
        d = only(
            body([user("Tools?")], (dict(TOOLSET, **extra),), mcp_servers=[SERVER]),
            "a-mcp-toolset-shape",
        )
        assert (d.severity, d.path) == ("error", path)
    allow = dict(TOOLSET, default_config={"enabled": False}, configs={"search": {"enabled": True}})
    clean(body([user("Tools?")], (allow,), mcp_servers=[SERVER]), "a-mcp-toolset-shape")


def test_mcp_blocks():
    # SDK BetaMCPToolUseBlockParam: id, name, server_name, input are required
    no_server = mcp_use()
    del no_server["server_name"]
    messages = [user("Echo."), assistant([no_server, mcp_result(), text("Done.")]), user("Ok")]
    d = only(body(messages, (TOOLSET,), mcp_servers=[SERVER]), "a-mcp-block-shape")
    assert (d.severity, d.path) == ("error", "/messages/1/content/0") and "server_name" in d.message
    # the client never answers an MCP call
    messages = [user("Echo."), assistant([mcp_use()]), user([mcp_result()])]
    d = only(body(messages, (TOOLSET,), mcp_servers=[SERVER]), "a-mcp-block-misplaced")
    assert (d.severity, d.path) == ("error", "/messages/2/content/0/type")
    # a call left without its result outside a paused turn: a warning (wording not public)
    messages = [user("Echo."), assistant([mcp_use()]), user("And?")]
    d = only(body(messages, (TOOLSET,), mcp_servers=[SERVER]), "a-mcp-result-missing")
    assert (d.severity, d.path) == ("warning", "/messages/1/content/0/id")
    clean(
        body([user("Echo."), assistant([mcp_use()])], (TOOLSET,), mcp_servers=[SERVER]),
        "a-mcp-result-missing",
    )


# ----------------------------------------------------------- paused turns and prefills


@pytest.mark.parametrize(
    "last",
    [
        assistant([text("Searching."), call()]),
        assistant([call(), result()]),
        assistant([mcp_use()]),
    ],
)
def test_a_paused_turn_is_not_a_prefill(last):
    # docs pause_turn example runs on claude-opus-4-8 (and claude-opus-5-5), which reject
    # real prefills: the resent paused turn is a continuation
    request = body([user(Q), last], (WEB_SEARCH, TOOLSET), mcp_servers=[SERVER])
    for rule in (
        "a-prefill-unsupported",
        "a-prefill-trailing-whitespace",
        "a-pause-turn-ends-in-text",
    ):
        assert found(request, rule)[0] == []


def test_a_paused_turn_ending_in_text():
    # https://github.com/laravel/ai/pull/493: pause_turn responses may end in text after a
    # result; whether 4.6+ reads the resend as a prefill is not documented
    request = body([user(Q), assistant([call(), result(), text("Looking further.")])])
    d = only(request, "a-pause-turn-ends-in-text")
    assert (d.severity, d.path) == ("warning", "/messages/1/role")
    assert found(request, "a-prefill-unsupported")[0] == []
    clean(dict(request, model="claude-sonnet-4-5"), "a-pause-turn-ends-in-text")


def test_trailing_whitespace_after_server_blocks_is_a_warning():
    request = body([user(Q), assistant([call(), result(), text("Looking further. ")])])
    d = only(request, "a-prefill-trailing-whitespace")
    assert d.severity == "warning" and "paused" in d.message


def test_a_text_prefill_after_server_history_is_still_a_prefill():
    # https://github.com/jobrunr/JavaClaw/issues/36: `This model does not support assistant
    # message prefill. The conversation must end with a user message.`
    request = body([*PAIRED, user("As JSON."), assistant([text("{")])])
    d = only(request, "a-prefill-unsupported")
    assert d.severity == "error"
