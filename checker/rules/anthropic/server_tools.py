"""Server tools: calls the API runs itself (`server_tool_use`) and their result blocks.

Both stand in the assistant's turn: the call, then its result (`web_search_tool_result`,
`web_fetch_tool_result`, ...) paired by `tool_use_id`. A call may stay without its result
only while the turn is open: the paused turn sent back as the last message (`pause_turn`),
or a turn that also called client tools, answered by a user message of `tool_result`
blocks only (the result then opens the next assistant message). MCP connector calls
(`mcp_tool_use` / `mcp_tool_result`) pair the same way; `mcp` has their own rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from checker.diagnostics import code, quote
from checker.i18n import tr
from checker.rules.anthropic.context import Context, Msg
from checker.rules.record import Finding, rule

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

DOCS = "https://platform.claude.com/docs/en"
SERVER_TOOLS = f"{DOCS}/agents-and-tools/tool-use/server-tools"
PAUSE_TURN = f"{SERVER_TOOLS}#the-server-side-loop-and-pause-turn"
MIXED_TURN = f"{SERVER_TOOLS}#mixing-server-tools-and-client-tools-in-one-turn"
TOOL_REFERENCE = f"{DOCS}/agents-and-tools/tool-use/tool-reference"
TOOL_SEARCH = f"{DOCS}/agents-and-tools/tool-use/tool-search-tool"
MCP_CONNECTOR = f"{DOCS}/agents-and-tools/mcp-connector"
MESSAGES_API = f"{DOCS}/api/messages"
STOP_REASONS = f"{DOCS}/build-with-claude/handling-stop-reasons#pause-turn"

#: server tool name -> the type of its result block
RESULT_TYPE = {
    "web_search": "web_search_tool_result",
    "web_fetch": "web_fetch_tool_result",
    "code_execution": "code_execution_tool_result",
    "bash_code_execution": "bash_code_execution_tool_result",
    "text_editor_code_execution": "text_editor_code_execution_tool_result",
    "tool_search_tool_regex": "tool_search_tool_result",
    "tool_search_tool_bm25": "tool_search_tool_result",
    "advisor": "advisor_tool_result",
}
#: names the API accepts without a beta header (its validator's list)
GA_NAMES = tuple(n for n in RESULT_TYPE if n != "advisor")
SERVER_RESULT_TYPES = frozenset(RESULT_TYPE.values())
CALL_TYPES = frozenset({"server_tool_use", "mcp_tool_use"})
RESULT_TYPES = SERVER_RESULT_TYPES | {"mcp_tool_result"}
#: the block types the rules of this family look at (indexed once per request)
KINDS = CALL_TYPES | RESULT_TYPES | {"tool_reference", "tool_addition"}
SERVER_ID = re.compile(r"srvtoolu_[a-zA-Z0-9_]+")
#: server tool name -> prefixes of the `tools[].type` values that provide it
PROVIDED_BY = {
    "web_search": ("web_search_",),
    "web_fetch": ("web_fetch_",),
    "code_execution": ("code_execution_",),
    "bash_code_execution": ("code_execution_",),
    "text_editor_code_execution": ("code_execution_",),
    "tool_search_tool_regex": ("tool_search_tool_regex",),
    "tool_search_tool_bm25": ("tool_search_tool_bm25",),
    "advisor": ("advisor_",),
}


class Pairing:
    """Server-side calls and results of a request, paired as the API pairs them (once)."""

    __slots__ = ("calls", "resolved", "missing", "pending", "orphans", "ended_by")

    def __init__(self) -> None:
        #: call id -> [(message index, block index, block)] of every server-side call
        self.calls: dict[str, list[tuple[int, int, dict[str, Any]]]] = {}
        #: (call site, result site) for each call answered by a result
        self.resolved: list[tuple[tuple[int, int, dict], tuple[int, int, dict]]] = []
        #: (call site, index of the user message that closed its turn)
        self.missing: list[tuple[tuple[int, int, dict], int]] = []
        #: call sites still waiting at the end of the request (paused or deferred)
        self.pending: list[tuple[int, int, dict]] = []
        #: result sites whose `tool_use_id` matched no open call
        self.orphans: list[tuple[int, int, dict]] = []
        #: call id -> the user message that ended its turn (for orphan explanations)
        self.ended_by: dict[str, int] = {}


def _only_results(m: Msg) -> bool:
    return (
        isinstance(m.content, (list, tuple))
        and bool(m.content)
        and len(m.results) == len(m.content)
    )


def filled(text: str, *parts: str) -> str:
    """`text` with each `%s` replaced by the next of `parts` (a rule example built from
    shared pieces of JSON, whose braces rule out `str.format`)."""
    for part in parts:
        text = text.replace("%s", part, 1)
    return text


def indexed_blocks(ctx: Context) -> list[tuple[Msg, list[tuple[int, dict[str, Any]]]]]:
    """(message, its blocks of a server tool, MCP or tool reference type), for each message
    that has any: one pass over the request, shared by the rules of this family."""
    found = getattr(ctx, "_server_blocks", None)
    if found is not None:
        return found
    found = []
    for m in ctx.msgs:
        if m is None:
            continue
        hits = [(j, b) for j, b in m.blocks if b["type"] in KINDS]
        if hits:
            found.append((m, hits))
    ctx._server_blocks = found  # type: ignore[attr-defined]
    return found


def pairing(ctx: Context) -> Pairing:
    """The server-side call pairing of `ctx`, computed once per request."""
    found = getattr(ctx, "_server_pairing", None)
    if found is not None:
        return found
    out = Pairing()
    open_calls: dict[str, tuple[int, int, dict[str, Any]]] = {}
    deferrable = False
    by_message = {m.index: hits for m, hits in indexed_blocks(ctx)}
    if not by_message:
        ctx._server_pairing = out  # type: ignore[attr-defined]
        return out
    for m in ctx.msgs:
        if m is None:
            continue
        if m.role == "assistant":
            for j, block in by_message.get(m.index, ()):
                kind = block["type"]
                if kind in CALL_TYPES:
                    uid = block.get("id")
                    if isinstance(uid, str):
                        site = (m.index, j, block)
                        out.calls.setdefault(uid, []).append(site)
                        open_calls[uid] = site
                elif kind in RESULT_TYPES:
                    uid = block.get("tool_use_id")
                    if not isinstance(uid, str):
                        continue
                    call = open_calls.pop(uid, None)
                    if call is None:
                        out.orphans.append((m.index, j, block))
                    else:
                        out.resolved.append((call, (m.index, j, block)))
            deferrable = bool(m.uses)
        elif m.role == "user":
            if open_calls and not (deferrable and _only_results(m)):
                for uid, site in open_calls.items():
                    out.missing.append((site, m.index))
                    out.ended_by[uid] = m.index
                open_calls = {}
            if not _only_results(m):
                deferrable = False
    out.pending = list(open_calls.values())
    ctx._server_pairing = out  # type: ignore[attr-defined]
    return out


def declared_server_tool(ctx: Context, name: str) -> bool | None:
    """Whether `tools` provides the server tool `name` (None: unknown name)."""
    prefixes = PROVIDED_BY.get(name)
    if prefixes is None:
        return None
    for _, tool in ctx.tools:
        kind = tool.get("type")
        if tool.get("name") == name and kind not in (None, "custom"):
            return True
        if isinstance(kind, str):
            if kind.startswith(prefixes):
                return True
            # web tools from _20260209 on run code execution themselves
            if name == "code_execution" and kind.startswith(("web_search_", "web_fetch_")):
                date = kind.rsplit("_", 1)[-1]
                if date.isdigit() and date >= "20260209":
                    return True
    return False


def final_server_turn(ctx: Context) -> str | None:
    """How the request ends: "server" when the final assistant message ends with a server-side
    call or result (a paused turn), "text" when it holds such blocks but ends otherwise."""
    if not ctx.msgs:
        return None
    m = ctx.msgs[-1]
    if m is None or m.role != "assistant" or not isinstance(m.content, (list, tuple)):
        return None
    kinds = [b["type"] for _, b in m.blocks]
    if not any(k in CALL_TYPES or k in RESULT_TYPES for k in kinds):
        return None
    if m.blocks[-1][0] == len(m.content) - 1 and (
        kinds[-1] in CALL_TYPES or kinds[-1] in RESULT_TYPES
    ):
        return "server"
    return "text"


def call_words(block: dict[str, Any]) -> str:
    name = block.get("name")
    uid = block.get("id")
    kind = block["type"]
    return f"`{kind}` {quote(uid)}" + (f" ({code(name)})" if isinstance(name, str) else "")


_WEB_RESULT = """{"type": "web_search_result", "url": "https://example.com/q", "title": "Q",
       "encrypted_content": "EqgfCioIARgB"}"""


@rule(
    "a-server-tool-result-missing",
    api="anthropic",
    sources=(
        MIXED_TURN,
        PAUSE_TURN,
        "https://github.com/anthropics/anthropic-sdk-python/issues/1339",
    ),
    api_message=(
        "{message_loc}: `server_tool_use` with id `{value}` was found without a corresponding "
        "result block"
    ),
    example="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}}
  ]},
  {"role": "user", "content": "Continue."}
]""",
    fix="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}}
  ]}
]""",
    near_misses=(
        filled(
            """[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
      %s
    ]},
    {"type": "text", "text": "Here is the news."}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
            _WEB_RESULT,
        ),
    ),
)
def server_tool_result_missing(ctx: Context) -> Iterator[Finding]:
    """A `server_tool_use` gets its result block before the assistant's turn ends.

    The API runs a server tool (web search, web fetch, code execution, tool search) inside
    the assistant's turn and puts its result block after the call. A call may stay without
    its result only while that turn is still open: when the paused assistant message
    (`stop_reason: "pause_turn"`) is sent back as the last message, or when the same turn
    also called a client tool and the next user message holds nothing but `tool_result`
    blocks (the API then runs the server tool and its result opens the next assistant
    message). Any other user message, such as "Continue." after a pause or text after the
    results, ends the turn with the call unresolved: HTTP 400.
    """
    found = pairing(ctx)
    early = {(i, b["tool_use_id"]) for i, _, b in found.orphans}
    for (i, j, block), k in found.missing:
        if block["type"] != "server_tool_use" or (i, block["id"]) in early:
            continue  # mcp_tool_use: a-mcp-result-missing; a result before it: the orphan rule
        closer = ctx.msgs[k]
        uid = block["id"]
        if closer is not None and _answers(closer, uid):
            continue  # a-server-tool-client-result / a-server-tool-result-misplaced
        m = ctx.msgs[i]
        if m is not None and m.uses:
            message = tr(
                "{call} in {message} has no result: the turn also called client tools, so the "
                "next user message ({next}) may hold only `tool_result` blocks, and its other "
                "content ended the turn",
                call=call_words(block),
                message=ctx.where(i),
                next=ctx.where(k),
            )
            hint = tr(
                "Send only the `tool_result` blocks in that user message; put your text in a "
                "later message, after the turn completes."
            )
        else:
            message = tr(
                "{call} in {message} has no result block, and the user message {next} ends "
                "the assistant's turn",
                call=call_words(block),
                message=ctx.where(i),
                next=ctx.where(k),
            )
            hint = tr(
                'After `stop_reason: "pause_turn"`, resend the assistant content unchanged '
                "as the last message, without a new user message; otherwise keep the result "
                "block the API returned after the call."
            )
        yield Finding(ctx.path(i, "content", j, "id"), message, hint)


def _answers(m: Msg, uid: str) -> bool:
    """True when a block of `m` claims to answer the call `uid` (reported elsewhere)."""
    for _, block in m.blocks:
        kind = block["type"]
        if (kind == "tool_result" or kind in RESULT_TYPES) and block.get("tool_use_id") == uid:
            return True
    return False


@rule(
    "a-server-tool-result-orphan",
    api="anthropic",
    sources=(SERVER_TOOLS, "https://github.com/anthropics/claude-code/issues/64383"),
    api_message=(
        "{block_loc}: unexpected `tool_use_id` found in server tool result blocks: {value}. "
        "Each result block must have a corresponding `server_tool_use` block before it."
    ),
    example=filled(
        """[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
      %s
    ]},
    {"type": "text", "text": "Here is the news."}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
        _WEB_RESULT,
    ),
    fix=filled(
        """[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
      %s
    ]},
    {"type": "text", "text": "Here is the news."}
  ]},
  {"role": "user", "content": "Thanks."}
]""",
        _WEB_RESULT,
    ),
)
def server_tool_result_orphan(ctx: Context) -> Iterator[Finding]:
    """A server tool's result block follows its call.

    Each `web_search_tool_result`, `web_fetch_tool_result`, `code_execution_tool_result`,
    `tool_search_tool_result`... (and `mcp_tool_result`) needs the `server_tool_use` (or
    `mcp_tool_use`) block with its `tool_use_id` before it in the same assistant turn, or
    in the assistant message before a user message of `tool_result` blocks (a turn that
    mixed server and client tools). A result whose call was dropped, rebuilt with another
    id, or placed after it is rejected.
    """
    found = pairing(ctx)
    for i, j, block in found.orphans:
        uid = block["tool_use_id"]
        sites = found.calls.get(uid, [])
        later = [s for s in sites if (s[0], s[1]) > (i, j)]
        earlier = [s for s in sites if (s[0], s[1]) < (i, j)]
        if later:
            message = tr(
                "this {type} block comes before its call {id} (in {message}): a result must "
                "follow the call",
                type=code(block["type"]),
                id=quote(uid),
                message=ctx.where(later[0][0]),
            )
            hint = tr(
                "Keep the blocks in the order the API returned them: the call, then its result."
            )
        elif earlier and uid in found.ended_by:
            message = tr(
                "the call {id} is in {message}, but the user message {closer} ended that turn, "
                "so this {type} block answers nothing",
                id=quote(uid),
                message=ctx.where(earlier[-1][0]),
                closer=ctx.where(found.ended_by[uid]),
                type=code(block["type"]),
            )
            hint = tr(
                "Keep the call and its result in one assistant turn, with no user message "
                "between them other than `tool_result` blocks."
            )
        elif uid in ctx.use_sites:
            message = tr(
                "{id} is the id of a client `tool_use`, not of a server tool call: a {type} "
                "block answers only a `server_tool_use`",
                id=quote(uid),
                type=code(block["type"]),
            )
            hint = tr(
                "Answer a client tool with a `tool_result` block in the next user message; "
                "resend server tool blocks as the API returned them."
            )
        else:
            message = tr(
                "no `server_tool_use` with id {id} comes before this {type} block",
                id=quote(uid),
                type=code(block["type"]),
            )
            hint = tr(
                "Resend the assistant content exactly as the API returned it: the call block "
                "together with its result block."
            )
        yield Finding(ctx.path(i, "content", j, "tool_use_id"), message, hint)


@rule(
    "a-server-tool-result-misplaced",
    api="anthropic",
    sources=(SERVER_TOOLS, MESSAGES_API),
    example=filled(
        """[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}}
  ]},
  {"role": "user", "content": [
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
      %s
    ]}
  ]}
]""",
        _WEB_RESULT,
    ),
    fix=filled(
        """[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": [
      %s
    ]}
  ]}
]""",
        _WEB_RESULT,
    ),
)
def server_tool_result_misplaced(ctx: Context) -> Iterator[Finding]:
    """Server tool blocks stand in assistant messages only.

    The API runs server tools and writes both the `server_tool_use` block and its result
    block into the assistant's turn; your program never answers a server tool. A server
    tool block in a user message leaves the assistant's call without its result.
    """
    for m, hits in indexed_blocks(ctx):
        if m.role != "user":
            continue
        for j, block in hits:
            kind = block["type"]
            if kind != "server_tool_use" and kind not in SERVER_RESULT_TYPES:
                continue
            yield Finding(
                ctx.path(m.index, "content", j, "type"),
                tr(
                    "a {type} block in a user message ({message}): server tool calls and their "
                    "results belong to the assistant's turn",
                    type=code(kind),
                    message=ctx.where(m.index),
                ),
                tr(
                    "Resend it in the assistant message the API returned it in, right after its "
                    "`server_tool_use` block; the API runs server tools itself."
                ),
            )


@rule(
    "a-server-tool-result-type-mismatch",
    api="anthropic",
    sources=(SERVER_TOOLS, MESSAGES_API),
    example="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}},
    {"type": "web_fetch_tool_result", "tool_use_id": "srvtoolu_01",
     "content": {"type": "web_fetch_tool_result_error", "error_code": "unavailable"}}
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
def server_tool_result_type_mismatch(ctx: Context) -> Iterator[Finding]:
    """A server tool's result block has the type of that tool.

    `web_search` is answered by `web_search_tool_result`, `web_fetch` by
    `web_fetch_tool_result`, `code_execution` by `code_execution_tool_result`,
    `bash_code_execution` and `text_editor_code_execution` by their own `*_tool_result`,
    both tool search tools by `tool_search_tool_result`, `mcp_tool_use` by
    `mcp_tool_result`. A result of another type leaves the call unresolved.
    """
    for (_, _, call), (i, j, result) in pairing(ctx).resolved:
        if call["type"] == "mcp_tool_use":
            expected = "mcp_tool_result"
        else:
            name = call.get("name")
            expected = RESULT_TYPE.get(name) if isinstance(name, str) else None
        if expected is None or result["type"] == expected:
            continue
        yield Finding(
            ctx.path(i, "content", j, "type"),
            tr(
                "{call} is answered by a {type} block: its result type is {expected}",
                call=call_words(call),
                type=code(result["type"]),
                expected=code(expected),
            ),
            tr(
                "Resend the result block the API returned for this call unchanged (type "
                "{expected}).",
                expected=code(expected),
            ),
        )


@rule(
    "a-server-tool-client-result",
    api="anthropic",
    sources=(f"{TOOL_SEARCH}#continuing-the-conversation", SERVER_TOOLS),
    api_message=(
        "{block_loc}: unexpected `tool_use_id` found in `tool_result` blocks: {value}. Each "
        "`tool_result` block must have a corresponding `tool_use` block in the previous "
        "message."
    ),
    example="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}}
  ]},
  {"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "srvtoolu_01", "content": "no results"}
  ]}
]""",
    fix="""[
  {"role": "user", "content": "Search the news about qubits."},
  {"role": "assistant", "content": [
    {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
     "input": {"query": "qubits"}}
  ]}
]""",
)
def server_tool_client_result(ctx: Context) -> Iterator[Finding]:
    """A `tool_result` never answers a server tool call.

    Server tools (`server_tool_use`, ids `srvtoolu_...`) and MCP connector calls
    (`mcp_tool_use`, ids `mcptoolu_...`) are run by the API, which adds their results
    itself. A client `tool_result` for one of their ids is rejected.
    """
    calls = pairing(ctx).calls
    for m in ctx.msgs:
        if m is None or m.role != "user":
            continue
        for j, block in m.results:
            uid = block.get("tool_use_id")
            if not isinstance(uid, str):
                continue
            if uid in calls:
                kind = calls[uid][0][2]["type"]
            elif uid.startswith(("srvtoolu_", "mcptoolu_")) and uid not in ctx.use_sites:
                kind = "server_tool_use" if uid.startswith("srvtoolu_") else "mcp_tool_use"
            else:
                continue
            yield Finding(
                ctx.path(m.index, "content", j, "tool_use_id"),
                tr(
                    "this `tool_result` answers {id}, a {type} call: the API runs that tool "
                    "itself, so it takes no `tool_result`",
                    id=quote(uid),
                    type=code(kind),
                ),
                tr(
                    "Remove this `tool_result`. To continue a paused server tool, resend the "
                    "assistant message unchanged as the last message."
                ),
            )


# The structure of server tool blocks, and the rules on single calls (their tool, name, id).
