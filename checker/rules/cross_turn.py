"""The cross-turn rules: what a request must keep of the exchange it continues.

Declared here like every other rule (id, severity, sources, a broken example, its fix and
near misses, the API's 400 wording); found by `checker.session`, which compares each
request of a recorded session (`tooltutor lint --session`) with the exchange it continues.
Their scope is `session`: the example and its fixes are sessions, JSON arrays of
`{"request": ..., "response": ...}` exchanges in the order they were sent.
"""

from __future__ import annotations

import json

from checker.rules.record import declare

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

A_DOCS = "https://platform.claude.com/docs/en"
THINKING = f"{A_DOCS}/build-with-claude/extended-thinking"
PRESERVING = f"{THINKING}#preserving-thinking-blocks"
PRESERVED = f"{A_DOCS}/build-with-claude/preserved-thinking"
PREFIX_CHECKS = f"{PRESERVED}/prefix-checks"
HANDLE_CALLS = f"{A_DOCS}/agents-and-tools/tool-use/handle-tool-calls"
O_CALLING = "https://developers.openai.com/api/docs/guides/function-calling"
O_STATE = "https://platform.openai.com/docs/guides/conversation-state?api-mode=responses"
O_REASONING_ITEMS = "https://cookbook.openai.com/examples/responses_api/reasoning_items"
GH = "https://github.com"


def _json(value: Any, depth: int = 0) -> str:
    """A session as readable JSON: the exchanges, requests and responses open, and the
    messages (and content blocks, output items) one per line."""
    pad = "  " * depth
    if isinstance(value, dict) and 0 < depth < 3 and value:
        inner = [f'{pad}  "{k}": {_json(v, depth + 1).lstrip()}' for k, v in value.items()]
        return pad + "{\n" + ",\n".join(inner) + "\n" + pad + "}"
    if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
        if depth == 0:
            return "[\n" + ",\n".join(_json(v, 1) for v in value) + "\n]"
        if depth == 3 and len(value) > 1:
            inner = [pad + "  " + _flat(v) for v in value]
            return pad + "[\n" + ",\n".join(inner) + "\n" + pad + "]"
    return pad + _flat(value)


def _flat(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _session(*exchanges: dict[str, Any]) -> str:
    return _json(list(exchanges))


# --------------------------------------------------------------------------- shared parts

_Q = {"role": "user", "content": "Weather in Paris?"}
_A_TOOLS = [{"name": "get_weather", "input_schema": {"type": "object"}}]
_THINK = {"type": "thinking", "thinking": "I should call get_weather.", "signature": "EqQBCkgIAR"}
_USE = {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}}
_RESULT = {
    "role": "user",
    "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "18 C"}],
}


def _a_request(*messages: dict[str, Any], **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "claude-sonnet-4-5", "max_tokens": 4096}
    body["thinking"] = {"type": "enabled", "budget_tokens": 2048}
    body.update(extra)
    body["tools"] = _A_TOOLS
    body["messages"] = list(messages)
    return body


def _a_reply(*content: dict[str, Any], stop: str = "tool_use") -> dict[str, Any]:
    return {"type": "message", "role": "assistant", "content": list(content), "stop_reason": stop}


def _turn(*content: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "content": list(content)}


_A_FIRST = {"request": _a_request(_Q), "response": _a_reply(_THINK, _USE)}
_EDITED = {**_THINK, "thinking": "I will call get_weather for Paris."}
_TEXT = {"type": "text", "text": "It is 18 C in Paris."}

declare(
    "a-session-thinking-modified",
    api="anthropic",
    scope="session",
    doc="""The latest assistant turn resends its thinking blocks exactly as the API returned them.

    The thinking blocks of the assistant message a request ends its history with (most
    often the turn whose tool calls are being answered) must come back unmodified: the same
    text and `signature` (the same `data` for `redacted_thinking`), none left out between
    others, none moved. Agents that rebuild a turn from their own records, strip or trim
    thinking text, merge streamed blocks, or persist the text empty while keeping the
    signature, get this 400. Leaving out every thinking block of a finished turn is
    accepted; in a tool loop with thinking on, the first block is required
    (`a-thinking-block-missing`).
    """,
    sources=(
        PRESERVING,
        f"{GH}/anthropics/claude-code/issues/63203",
        f"{GH}/anthropics/claude-code/issues/21289",
        f"{GH}/NousResearch/hermes-agent/pull/36087",
    ),
    api_message=(
        "{block_loc}: `thinking` or `redacted_thinking` blocks in the latest assistant message "
        "cannot be modified. These blocks must remain as they were in the original response."
    ),
    example=_session(
        _A_FIRST,
        {"request": _a_request(_Q, _turn(_EDITED, _USE), _RESULT)},
    ),
    fix=_session(
        _A_FIRST,
        {"request": _a_request(_Q, _turn(_THINK, _USE), _RESULT)},
    ),
    near_misses=(
        _session(
            _A_FIRST,
            {
                "request": _a_request(_Q, _turn(_THINK, _USE), _RESULT),
                "response": _a_reply(_TEXT, stop="end_turn"),
            },
            {
                "request": _a_request(
                    _Q,
                    _turn(_USE),
                    _RESULT,
                    _turn(_TEXT),
                    {"role": "user", "content": "And in Lyon?"},
                )
            },
        ),
    ),
)

declare(
    "a-session-thinking-signature",
    api="anthropic",
    scope="session",
    doc="""A thinking block of an earlier turn keeps the text and signature the API returned.

    Every thinking block sent back is checked against its `signature`, which the API made
    for the text it returned. A block of an earlier, finished turn may be left out (the
    API drops those turns' thinking anyway, except on models with preserved thinking), but
    a block that is sent must be the one returned: a changed text, a signature copied onto
    other text, or a block carried over from another model or account fails the check.
    Proxies that re-sign or re-encode blocks, and histories rebuilt from a database that
    kept the text and lost the signature, are the usual causes.
    """,
    sources=(
        PRESERVING,
        f"{GH}/anthropics/claude-code/issues/10627",
        f"{GH}/lbjlaq/Antigravity-Manager/issues/608",
        f"{GH}/caozhiyuan/copilot-api/issues/73",
    ),
    api_message="{block_loc}: Invalid `signature` in `thinking` block",
    example=_session(
        _A_FIRST,
        {
            "request": _a_request(_Q, _turn(_THINK, _USE), _RESULT),
            "response": _a_reply(_TEXT, stop="end_turn"),
        },
        {
            "request": _a_request(
                _Q,
                _turn(_EDITED, _USE),
                _RESULT,
                _turn(_TEXT),
                {"role": "user", "content": "And in Lyon?"},
            )
        },
    ),
    fix=_session(
        _A_FIRST,
        {
            "request": _a_request(_Q, _turn(_THINK, _USE), _RESULT),
            "response": _a_reply(_TEXT, stop="end_turn"),
        },
        {
            "request": _a_request(
                _Q,
                _turn(_THINK, _USE),
                _RESULT,
                _turn(_TEXT),
                {"role": "user", "content": "And in Lyon?"},
            )
        },
    ),
)

_BINDING = {"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "error"}}
_DROP = {"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "drop_block"}}


def _fable(system: str, *messages: dict[str, Any], thinking: Any = _BINDING) -> dict[str, Any]:
    return {
        "model": "claude-fable-5-1",
        "max_tokens": 4096,
        "thinking": thinking,
        "system": system,
        "tools": _A_TOOLS,
        "messages": list(messages),
    }


_DAY1 = "You are a travel assistant. Today is 2026-09-01."
_DAY2 = "You are a travel assistant. Today is 2026-09-02."
_FABLE_FIRST = {"request": _fable(_DAY1, _Q), "response": _a_reply(_THINK, _USE)}

declare(
    "a-session-thinking-prefix",
    api="anthropic",
    scope="session",
    doc="""On models with preserved thinking, nothing before a resent thinking block changes.

    Claude Fable 5.1 and 5.2, Mythos 5.1 and 5.2, and the 5.5 models (Opus, Sonnet, Haiku)
    bind each thinking block to its prefix: the `system` prompt, the `tools` and every
    message before it, as they were when the block was produced. A request that changes
    that prefix (a date in the system prompt, a tool added when an MCP server connects, a
    trimmed or summarised earlier turn) and still resends the block fails the prefix
    check; so does one that leaves out a thinking block between others. An error when the
    request asks for one (`thinking.block_binding.prefix_mismatch_behavior: "error"`); a
    warning otherwise, because the outcome then depends on the model and the account
    (accounts created from 2026-08-31 get the 400 by default). With `"drop_block"` the API
    drops the stale blocks instead, and nothing is reported. Keep `system` and `tools` as
    they were and put updates in a new message, or leave out the thinking of the turns you
    keep.
    """,
    sources=(
        PRESERVED,
        PREFIX_CHECKS,
        f"{PRESERVED}/fix-bound-to-a-different-conversation",
        f"{GH}/anomalyco/opencode/pull/46653",
        f"{GH}/langchain-ai/deepagents/pull/6300",
        f"{GH}/anomalyco/opencode/issues/48637",
        f"{GH}/kirodotdev/KiroCrew/pull/11513",
    ),
    # as the docs quote it (fix-bound-to-a-different-conversation)
    api_message=(
        "{block_loc}: Invalid `signature` in `thinking` block. The block is bound to a "
        "different conversation. Remove the block, or set "
        '`thinking.block_binding.prefix_mismatch_behavior` to "drop_block".'
    ),
    # with the beta-header sentence and what changed (opencode#48637, September 2026), or
    # a thinking block left out (KiroCrew#11513)
    other_wordings=(
        "{block_loc}: Invalid `signature` in `thinking` block. The block is bound to a "
        "different conversation. Remove the block, or set `thinking.block_binding."
        'prefix_mismatch_behavior` to "drop_block". That setting requires the '
        "`thinking-binding-controls-2026-08-01` value in the `anthropic-beta` header. The "
        "`system` prompt differs from the one this block was created with.",
        "{block_loc}: Invalid `signature` in `thinking` block. The block is bound to a "
        "different conversation. The `thinking` block that preceded this one when it was "
        "created is missing from this request.",
    ),
    example=_session(
        _FABLE_FIRST,
        {"request": _fable(_DAY2, _Q, _turn(_THINK, _USE), _RESULT)},
    ),
    fix=_session(
        _FABLE_FIRST,
        {"request": _fable(_DAY1, _Q, _turn(_THINK, _USE), _RESULT)},
    ),
    near_misses=(
        _session(
            {"request": _fable(_DAY1, _Q, thinking=_DROP), "response": _a_reply(_THINK, _USE)},
            {"request": _fable(_DAY2, _Q, _turn(_THINK, _USE), _RESULT, thinking=_DROP)},
        ),
    ),
)

_STOPPED = {
    "role": "user",
    "content": [
        {
            "type": "tool_result",
            "tool_use_id": "toolu_01",
            "is_error": True,
            "content": "The call was not executed: the user stopped it.",
        },
        {"type": "text", "text": "Never mind, what about Lyon?"},
    ],
}
_PLAIN_FIRST = {
    "request": {**_a_request(_Q), "thinking": {"type": "disabled"}},
    "response": _a_reply(_USE),
}


def _plain(*messages: dict[str, Any]) -> dict[str, Any]:
    return {**_a_request(*messages), "thinking": {"type": "disabled"}}


declare(
    "a-session-calls-dropped",
    api="anthropic",
    severity="warning",
    scope="session",
    doc="""The tool calls a response asked for are resent and answered, not dropped.

    When a response ends with `tool_use` blocks, the request that continues the
    conversation resends that assistant turn and answers every call with a `tool_result`
    (`is_error: true` when the call was not run: the user stopped it, it timed out). A
    request that goes on without the turn is accepted, but the model's calls and whatever
    it said with them are gone from its history, and it may ask again or lose track. A
    warning: the API accepts it.
    """,
    sources=(HANDLE_CALLS, f"{GH}/anthropics/claude-code/issues/5989"),
    example=_session(
        _PLAIN_FIRST,
        {"request": _plain(_Q, {"role": "user", "content": "Never mind, what about Lyon?"})},
    ),
    fix=_session(_PLAIN_FIRST, {"request": _plain(_Q, _turn(_USE), _STOPPED)}),
)

_LYON = {**_USE, "input": {"city": "Lyon"}}

declare(
    "a-session-call-edited",
    api="anthropic",
    severity="warning",
    scope="session",
    doc="""A resent `tool_use` keeps the id, name and input the response gave it.

    The assistant turn that comes back in the history is the model's own: its calls are
    resent as returned. A call whose input, name or id was rewritten (a default filled in,
    arguments "repaired", ids renumbered by a framework) is accepted, but the model now
    reads that it asked for something it did not, and a result may be matched to the
    wrong call. A warning: the API accepts it. To run a call differently, answer it with
    what you did in its `tool_result`.
    """,
    sources=(HANDLE_CALLS, f"{A_DOCS}/agents-and-tools/tool-use/implement-tool-use"),
    example=_session(
        _PLAIN_FIRST,
        {"request": _plain(_Q, _turn(_LYON), _RESULT)},
    ),
    fix=_session(_PLAIN_FIRST, {"request": _plain(_Q, _turn(_USE), _RESULT)}),
)

# --------------------------------------------------------------------------- Chat Completions

_CITY = {"type": "object", "properties": {"city": {"type": "string"}}}
_O_TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": _CITY}}]
_O_CALL = {
    "id": "call_Ab12",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Paris"}'},
}
_O_TURN = {"role": "assistant", "content": None, "tool_calls": [_O_CALL]}


def _chat(*messages: dict[str, Any]) -> dict[str, Any]:
    return {"model": "gpt-5.5", "tools": _O_TOOLS, "messages": list(messages)}


def _chat_reply(message: dict[str, Any]) -> dict[str, Any]:
    return {
        "object": "chat.completion",
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
    }


_O_FIRST = {"request": _chat(_Q), "response": _chat_reply(_O_TURN)}
_O_ANSWER = {"role": "tool", "tool_call_id": "call_Ab12", "content": "18 C"}

declare(
    "o-session-calls-dropped",
    api="openai",
    severity="warning",
    scope="session",
    doc="""The tool calls a response asked for are resent and answered, not dropped.

    When a response's message has `tool_calls`, the request that continues the
    conversation resends that message and answers each call with a `tool` message of the
    same `tool_call_id` (saying so when the call was not run). Going on without them is
    accepted, but the model loses what it asked for. A warning: the API accepts it.
    """,
    sources=(O_CALLING, f"{GH}/BerriAI/litellm/issues/10083"),
    example=_session(
        _O_FIRST,
        {"request": _chat(_Q, {"role": "user", "content": "Never mind, what about Lyon?"})},
    ),
    fix=_session(
        _O_FIRST,
        {
            "request": _chat(
                _Q,
                _O_TURN,
                {**_O_ANSWER, "content": "Not executed: the user stopped the call."},
                {"role": "user", "content": "Never mind, what about Lyon?"},
            )
        },
    ),
)

declare(
    "o-session-call-edited",
    api="openai",
    severity="warning",
    scope="session",
    doc="""A resent tool call keeps the id, name and arguments the response gave it.

    The assistant message that comes back in `messages` is the model's own: its
    `tool_calls` are resent as returned (the arguments may be re-serialised, with the same
    value). A call whose arguments, name or id changed is accepted, but the model reads a
    call it did not make. A warning: the API accepts it.
    """,
    sources=(O_CALLING,),
    example=_session(
        _O_FIRST,
        {
            "request": _chat(
                _Q,
                {
                    **_O_TURN,
                    "tool_calls": [
                        {
                            **_O_CALL,
                            "function": {"name": "get_weather", "arguments": '{"city": "Lyon"}'},
                        }
                    ],
                },
                _O_ANSWER,
            )
        },
    ),
    fix=_session(_O_FIRST, {"request": _chat(_Q, _O_TURN, _O_ANSWER)}),
    near_misses=(
        _session(
            _O_FIRST,
            {
                "request": _chat(
                    _Q,
                    {
                        **_O_TURN,
                        "tool_calls": [
                            {
                                **_O_CALL,
                                "function": {
                                    "name": "get_weather",
                                    "arguments": '{"city":"Paris"}',
                                },
                            }
                        ],
                    },
                    _O_ANSWER,
                )
            },
        ),
    ),
)

# --------------------------------------------------------------------------- Responses

_R_TOOLS = [{"type": "function", "name": "get_weather", "strict": False, "parameters": _CITY}]
_RS = {"type": "reasoning", "id": "rs_0a4d5126", "summary": []}
_FC = {
    "type": "function_call",
    "id": "fc_0a4d5126",
    "call_id": "call_Ab12",
    "name": "get_weather",
    "arguments": '{"city": "Paris"}',
}
_FCO = {"type": "function_call_output", "call_id": "call_Ab12", "output": "18 C"}


def _resp(*items: Any, **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"model": "gpt-5.5", "tools": _R_TOOLS}
    body.update(extra)
    body["input"] = list(items) if len(items) != 1 or not isinstance(items[0], str) else items[0]
    return body


def _resp_reply(*output: dict[str, Any], rid: str = "resp_0a4d5126") -> dict[str, Any]:
    return {"id": rid, "object": "response", "status": "completed", "output": list(output)}


_R_FIRST = {"request": _resp("Weather in Paris?"), "response": _resp_reply(_RS, _FC)}
_R_USER = {"role": "user", "content": "Weather in Paris?"}

declare(
    "r-session-reasoning-dropped",
    api="responses",
    scope="session",
    doc="""A call passed back with its id keeps the reasoning item that came before it.

    When a reasoning model's response holds a reasoning item and then a `function_call`
    (or a message), the next request that passes that item back with its `id` (`fc_...`,
    `msg_...`) must pass the reasoning item too, in place: the API looks the item up and
    refuses it alone. Agents that keep calls and drop "reasoning" when they save history
    meet this 400 on the next turn. Pass back every output item as returned, or leave out
    the call's `id` (the pairing key is `call_id`), or continue with
    `previous_response_id`.
    """,
    sources=(
        O_REASONING_ITEMS,
        f"{GH}/cline/cline/issues/12242",
        f"{GH}/continuedev/continue/issues/10018",
        f"{GH}/mastra-ai/mastra/issues/8738",
        f"{GH}/VRSEN/agency-swarm/issues/367",
    ),
    api_message=(
        "Item '{value}' of type 'function_call' was provided without its required 'reasoning' item."
    ),
    example=_session(_R_FIRST, {"request": _resp(_R_USER, _FC, _FCO)}),
    fix=_session(_R_FIRST, {"request": _resp(_R_USER, _RS, _FC, _FCO)}),
    near_misses=(
        _session(
            _R_FIRST,
            {"request": _resp(_R_USER, {k: v for k, v in _FC.items() if k != "id"}, _FCO)},
        ),
    ),
)

declare(
    "r-session-call-unanswered",
    api="responses",
    scope="session",
    doc="""With `previous_response_id`, every call of that response gets its output.

    A request that continues a stored response whose output ended with function calls
    carries a `function_call_output` for each of them (same `call_id`): the server has the
    calls, and refuses to go on with one unanswered. A request that only adds a user
    message, or answers some of the calls, is refused. Answer every call, saying so in the
    output when it was not run.
    """,
    sources=(
        O_STATE,
        O_CALLING,
        f"{GH}/openai/openai-agents-python/issues/873",
        f"{GH}/openai/openai-support-agent-demo/issues/12",
    ),
    api_message="No tool output found for function call {value}.",
    example=_session(
        _R_FIRST,
        {"request": _resp(_R_USER, previous_response_id="resp_0a4d5126")},
    ),
    fix=_session(
        _R_FIRST,
        {"request": _resp(_FCO, previous_response_id="resp_0a4d5126")},
    ),
)

declare(
    "r-session-output-orphan",
    api="responses",
    scope="session",
    doc="""With `previous_response_id`, an output answers a call of that response.

    A request that continues a stored response sends a `function_call_output` for each
    call that response made, with the same `call_id`. An output whose `call_id` is not
    among them (nor among calls this request passes itself) answers nothing the server
    holds: a wrong or stale id, or the output of a call from another conversation. The
    API refuses it. Send the outputs of the response you continue, with its `call_id`s.
    """,
    sources=(
        O_STATE,
        O_CALLING,
        f"{GH}/continuedev/continue/issues/10092",
        f"{GH}/microsoft/vscode/issues/320060",
    ),
    api_message="No tool call found for function call output with call_id {value}.",
    example=_session(
        _R_FIRST,
        {
            "request": _resp(
                _FCO,
                {**_FCO, "call_id": "call_Zz99"},
                previous_response_id="resp_0a4d5126",
            )
        },
    ),
    fix=_session(
        _R_FIRST,
        {"request": _resp(_FCO, previous_response_id="resp_0a4d5126")},
    ),
)

declare(
    "r-session-calls-dropped",
    api="responses",
    severity="warning",
    scope="session",
    doc="""The function calls a response made are passed back and answered, not dropped.

    Without `previous_response_id`, the next request passes back the response's output
    items (its reasoning and its calls) and a `function_call_output` for each call. Going
    on without them is accepted, but the model loses what it asked for. A warning: the API
    accepts it.
    """,
    sources=(O_CALLING, O_STATE),
    example=_session(
        _R_FIRST,
        {"request": _resp(_R_USER, {"role": "user", "content": "Never mind, and in Lyon?"})},
    ),
    fix=_session(
        _R_FIRST,
        {
            "request": _resp(
                _R_USER,
                _RS,
                _FC,
                {**_FCO, "output": "Not executed: the user stopped the call."},
                {"role": "user", "content": "Never mind, and in Lyon?"},
            )
        },
    ),
)

declare(
    "r-session-call-edited",
    api="responses",
    severity="warning",
    scope="session",
    doc="""A function call passed back keeps the name and arguments the response gave it.

    The `function_call` items that come back in `input` are the model's own: resent as
    returned (the arguments may be re-serialised, with the same value). One whose
    arguments or name changed is accepted, but the model reads a call it did not make. A
    warning: the API accepts it.
    """,
    sources=(O_CALLING,),
    example=_session(
        _R_FIRST,
        {"request": _resp(_R_USER, _RS, {**_FC, "arguments": '{"city": "Lyon"}'}, _FCO)},
    ),
    fix=_session(_R_FIRST, {"request": _resp(_R_USER, _RS, _FC, _FCO)}),
)
