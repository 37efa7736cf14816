"""Pairing calls with their outputs by `call_id`, and what the server already holds.

The API pairs a call and its output by `call_id` anywhere in `input` (a message between
them is accepted). Every call you send needs its output in the same request; an output
needs its call in the request, unless `previous_response_id` or `conversation` brings
the call from the server.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import quote
from checker.i18n import N_, tr
from checker.rules.record import Finding, rule
from checker.rules.responses import refs
from checker.rules.responses.context import (
    CALL_OUTPUTS,
    OUTPUT_CALLS,
    Context,
    as_body,
    snippet,
    warning,
)

#: how the API names each kind of call in its pairing errors
CALL_WORDS = {
    "function_call": N_("function call"),
    "custom_tool_call": N_("custom tool call"),
    "shell_call": N_("shell call"),
    "apply_patch_call": N_("apply patch call"),
    "computer_call": N_("computer call"),
}

_OUTPUT_EXAMPLE = """[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather",
   "arguments": "{\\"city\\": \\"Paris\\"}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C, light rain"}
]"""


@rule(
    "r-function-call-output-missing",
    api="responses",
    sources=(
        "https://github.com/openai/openai-support-agent-demo/issues/12",
        "https://github.com/bytedance/trae-agent/issues/245",
        refs.FUNCTION_CALLING,
    ),
    api_message="No tool output found for function call {value}.",
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather",
   "arguments": "{\\"city\\": \\"Paris\\"}"}
]"""),
    fix=as_body(_OUTPUT_EXAMPLE),
)
def function_call_output_missing(ctx: Context) -> Iterator[Finding]:
    """Every call in `input` has its output, with the same `call_id`, in the same input.

    When you send the calls the model made, you send what they returned: a
    `function_call` needs a `function_call_output`, a `custom_tool_call` a
    `custom_tool_call_output`, and so for shell, apply-patch and computer calls. A request
    that ends on its calls is refused (`No tool output found for function call call_...`)
    even with `previous_response_id`: a call you resend must be answered.
    """
    for cid, sites in ctx.calls.items():
        if cid in ctx.outputs:
            continue
        i = sites[0]
        kind = ctx.items[i].type  # type: ignore[union-attr]
        output = CALL_OUTPUTS[kind]  # type: ignore[index]
        yield Finding(
            ctx.path(i, "call_id"),
            tr(
                "the {what} {id} in {item} has no `{output}` item with its result",
                what=tr(CALL_WORDS[kind]),  # type: ignore[index]
                id=quote(cid),
                item=ctx.where(i),
                output=output,
            ),
            tr(
                "Run the tool and add its result to `input`: {example}",
                example=snippet({"type": output, "call_id": cid, "output": "..."}),
            ),
        )


@rule(
    "r-function-call-output-orphan",
    api="responses",
    sources=(
        refs.RECORDED_CLIENT_SEARCH,
        "https://github.com/binaricat/Netcatty/issues/684",
        refs.CONVERSATION_STATE,
    ),
    api_message="No tool call found for function call output with call_id {value}.",
    example="""{
  "model": "gpt-5.5",
  "input": [
    {"role": "user", "content": "Weather in Paris?"},
    {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
  ]
}""",
    fix=as_body(_OUTPUT_EXAMPLE),
    near_misses=(
        """{
  "model": "gpt-5.5",
  "previous_response_id": "resp_68b140cf2c9c8193a6417aab",
  "input": [{"type": "function_call_output", "call_id": "call_1", "output": "18 C"}]
}""",
    ),
)
def function_call_output_orphan(ctx: Context) -> Iterator[Finding]:
    """An output answers a call that is in the request, or in the stored response.

    Without `previous_response_id` or `conversation` the API only sees this request, so an
    output whose `call_id` matches no call in `input` is refused (`No tool call found for
    function call output with call_id ...`): history cut between a call and its output,
    or the wrong `call_id`. With `previous_response_id` (or `conversation`) sending only
    the outputs is the documented way to continue, so nothing is reported then. In a bare
    array of items the body cannot be seen, so there it is a warning. A call the client
    runs itself, such as a `tool_search_call` with `"execution": "client"`, is answered by
    the client's output with its `call_id` (recorded accepted, answered by a
    `function_call_output`).
    """
    if ctx.stateful:
        return
    for cid, sites in ctx.outputs.items():
        if cid in ctx.calls or cid in ctx.client_calls:
            continue
        i = sites[0]
        kind = ctx.items[i].type  # type: ignore[union-attr]
        call = OUTPUT_CALLS[kind]  # type: ignore[index]
        yield (Finding if ctx.body is not None else warning)(
            ctx.path(i, "call_id"),
            tr(
                "{item} answers {id}, but no `{call}` item in `input` has that `call_id`",
                item=ctx.where(i),
                id=quote(cid),
                call=call,
            ),
            tr(
                "Keep the call in `input` before its output (with the same `call_id`), or "
                "continue with `previous_response_id` and send only the outputs."
            ),
        )


@rule(
    "r-tool-output-order",
    api="responses",
    severity="warning",
    sources=(refs.FUNCTION_CALLING,),
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"},
  {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": "{}"}
]"""),
    fix=as_body(_OUTPUT_EXAMPLE),
)
def tool_output_order(ctx: Context) -> Iterator[Finding]:
    """A call comes before its output in `input`.

    The API pairs by `call_id`, and an item between a call and its output is accepted,
    but an output placed before its call reads as a result nobody asked for yet. No
    public report shows the API's answer to it, so this is a warning: keep the order the
    model produced.
    """
    for cid, sites in ctx.outputs.items():
        calls = ctx.calls.get(cid)
        if calls and sites[0] < calls[0]:
            yield warning(
                ctx.path(sites[0], "call_id"),
                tr(
                    "{item} gives the output of {id} before the call itself ({call})",
                    item=ctx.where(sites[0]),
                    id=quote(cid),
                    call=ctx.where(calls[0]),
                ),
                tr("Put the output after its call, in the order the model produced them."),
            )


_SERVER_IDS = ("fc_", "rs_", "msg_", "ctc_", "ws_", "mcp", "ig_", "ci_", "fs_")


@rule(
    "r-previous-response-duplicate",
    api="responses",
    severity="warning",
    scope="body",
    sources=(
        "https://github.com/openai/openai-agents-python/issues/1789",
        "https://github.com/MacPaw/OpenAI/issues/432",
        "https://github.com/openai/openai-agents-python/pull/1827",
    ),
    example="""{
  "model": "gpt-5.5",
  "previous_response_id": "resp_041790625241cc16006a36ff",
  "input": [
    {"type": "function_call", "id": "fc_041790625241cc16", "call_id": "call_qbEi",
     "name": "get_weather", "arguments": "{\\"city\\": \\"Kyiv\\"}"},
    {"type": "function_call_output", "call_id": "call_qbEi", "output": "21 C"}
  ]
}""",
    fix="""{
  "model": "gpt-5.5",
  "previous_response_id": "resp_041790625241cc16006a36ff",
  "input": [{"type": "function_call_output", "call_id": "call_qbEi", "output": "21 C"}]
}""",
)
def previous_response_duplicate(ctx: Context) -> Iterator[Finding]:
    """With stored state, `input` holds only the new items.

    `previous_response_id` and `conversation` bring the earlier items from the server.
    Resending items that came back from the API with their ids (`fc_...`, `rs_...`,
    `msg_...`) duplicates them: for `conversation` this is refused (`Duplicate item found
    with id fc_...`), and it has been reported for `previous_response_id` too. A warning,
    because the linter cannot see which items the server holds: send only the outputs and
    the new messages.
    """
    if not ctx.stateful:
        return
    source = "previous_response_id" if (ctx.body or {}).get("previous_response_id") else None
    for it in ctx.items:
        if it is None or it.id is None or it.type == "item_reference":
            continue
        if not it.id.startswith(_SERVER_IDS):
            continue
        yield warning(
            ctx.path(it.index, "id"),
            tr(
                "{item} resends the stored item {id}, which `{source}` already brings",
                item=ctx.where(it.index),
                id=quote(it.id),
                source=source or "conversation",
            ),
            tr(
                "Send only the new items (tool outputs, the next user message); the server "
                "has the rest."
            ),
        )


@rule(
    "r-mcp-approval-missing",
    api="responses",
    sources=(refs.SPEC, "https://platform.openai.com/docs/guides/tools-connectors-mcp"),
    api_message="The following MCP approval requests do not have an approval: {value}",
    example=as_body("""[
  {"role": "user", "content": "Create the lead."},
  {"type": "mcp_approval_request", "id": "mcpr_68b1a2c3", "server_label": "crm",
   "name": "create_lead", "arguments": "{\\"name\\": \\"Ada\\"}"},
  {"role": "user", "content": "Go on."}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Create the lead."},
  {"type": "mcp_approval_request", "id": "mcpr_68b1a2c3", "server_label": "crm",
   "name": "create_lead", "arguments": "{\\"name\\": \\"Ada\\"}"},
  {"type": "mcp_approval_response", "approval_request_id": "mcpr_68b1a2c3", "approve": true}
]"""),
)
def mcp_approval_missing(ctx: Context) -> Iterator[Finding]:
    """Every `mcp_approval_request` in `input` is answered by an `mcp_approval_response`.

    When an MCP tool needs approval, the model stops with an `mcp_approval_request`; the
    next request answers it with `{"type": "mcp_approval_response", "approval_request_id":
    ..., "approve": true}`. A request that carries the approval request without its answer
    is refused (`The following MCP approval requests do not have an approval: mcpr_...`).
    The response's `approve` is a boolean.
    """
    answered: set[str] = set()
    for it in ctx.items:
        if it is not None and it.type == "mcp_call":
            rid = it.raw.get("approval_request_id")
            if isinstance(rid, str):
                answered.add(rid)  # the call ran: it was approved
        if it is not None and it.type == "mcp_approval_response":
            rid = it.raw.get("approval_request_id")
            if isinstance(rid, str):
                answered.add(rid)
            if not isinstance(it.raw.get("approve"), bool):
                yield Finding(
                    ctx.path(it.index, "approve") if "approve" in it.raw else ctx.path(it.index),
                    tr("`approve` of {item} must be true or false", item=ctx.where(it.index)),
                    tr('Write `"approve": true` (or false, with a `reason`).'),
                )
    for it in ctx.items:
        if it is None or it.type != "mcp_approval_request" or it.id is None:
            continue
        if it.id in answered:
            continue
        yield Finding(
            ctx.path(it.index, "id"),
            tr(
                "the MCP approval request {id} in {item} has no `mcp_approval_response`",
                id=quote(it.id),
                item=ctx.where(it.index),
            ),
            tr(
                "Answer it: {example}",
                example=snippet(
                    {"type": "mcp_approval_response", "approval_request_id": it.id, "approve": True}
                ),
            ),
        )
