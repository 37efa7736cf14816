"""Checks of the two-formats lesson: the results that answer a turn's calls, converted
between Claude's Messages API, OpenAI's Chat Completions and the Responses API.

- `tool-messages`: the Chat Completions `tool` messages that answer the calls, in order.
- `tool-result-blocks`: one Claude `user` message answering them with `tool_result` blocks.
- `function-call-outputs`: the Responses `function_call_output` items answering the calls.

The concept is one: every call gets its result, naming the call's id, its content as it
came, and the failure said the way the format says it (Claude's `is_error`, the OpenAI
APIs' prefix). Where the results live and how one is read is the wire format's
(`_chat_format`, `_messages_format`, `_responses_format`). Each names the first cause of a
wrong result (out of order, a missing or leftover `Error: ` prefix, the other format's
field, a type slip) before any raw difference.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from checker.checks import JsonContext, Outcome, check, quote, safe, tr

from . import _chat_format, _messages_format, _responses_format
from ._findings import Problem, no_messages, order_problem, outcome

_RESULT = {
    "type": "object",
    "required": ["id", "content"],
    "properties": {
        "id": {"type": "string"},
        "content": {"type": "string"},
        "is_error": {"type": "boolean"},
    },
    "additionalProperties": False,
}
_RESULTS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["results"],
    "properties": {
        "index": {"type": "integer"},
        "results": {"type": "array", "items": _RESULT, "minItems": 1},
        "prefix": {"type": "string", "minLength": 1},
    },
}


def _turn_results(ctx: JsonContext, params: Mapping, wire: ModuleType) -> Outcome:
    """From message `index` on, the results answering the calls in order, as `wire` writes
    them."""
    if ctx.messages is None:
        return no_messages(ctx)
    start = int(params.get("index", 2))
    results = [r for r in params.get("results") or [] if isinstance(r, Mapping)]
    prefix = str(params.get("prefix", "Error: "))
    index, first = ctx.message(start)
    if first is None:
        return Outcome(False, tr("There is no message {index} to carry the results.", index=start))
    units, problems = wire.turn_results(ctx, start, index, first, results)
    if units is None:
        return outcome(problems)
    ids = [wire.result_id(unit[1]) for unit in units]
    wanted = [str(r.get("id")) for r in results]
    order = order_problem(ids, wanted, wire.results_at(ctx, index), "results")
    pairs = list(zip(units, results))
    if order:
        problems.append(order)
        by_id = {str(r.get("id")): r for r in results}
        pairs = [(unit, by_id[str(wire.result_id(unit[1]))]) for unit in units]
    for unit, result in pairs:
        problems += wire.result_problems(ctx, unit, result, prefix)
    return outcome(problems)


@check("tool-messages", kinds=("json",), params=_RESULTS_PARAMS)
@safe
def tool_messages(ctx: JsonContext, params: Mapping) -> Outcome:
    """From message `index` on, one Chat Completions `tool` message per result, in order.

    Params: `index`, `results` (`{id, content, is_error}`: the Claude results), `prefix`
    (default `Error: `). Each message has role `tool`, the `tool_call_id` of its call and
    the result's content as a string, a failed one with `prefix` in front. Results kept as
    Claude blocks, out of order, with Claude's `tool_use_id`, or with a missing, changed
    or needless prefix are named as such.
    """
    return _turn_results(ctx, params, _chat_format)


@check("tool-result-blocks", kinds=("json",), params=_RESULTS_PARAMS)
@safe
def tool_result_blocks(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Claude `user` message answering every call, in order.

    Params: `index`, `results` (`{id, content, is_error}`, the content as the converted
    block holds it), `prefix` (default `Error: `, the OpenAI convention a failed result
    came with). Each `tool_result` block has the call's `tool_use_id`, the content as a
    string, and `is_error: true` exactly when the call failed. Results split over several
    messages, out of order, with OpenAI's `tool_call_id`, or with the prefix left in are
    named as such.
    """
    return _turn_results(ctx, params, _messages_format)


# ---------------------------------------------------------- the Responses API's outputs

_OUTPUTS_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["results"],
    "properties": {
        "results": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["call_id", "content"],
                "properties": {
                    "call_id": {"type": "string"},
                    "item_id": {"type": "string"},
                    "content": {"type": "string"},
                    "is_error": {"type": "boolean"},
                },
            },
        },
        "prefix": {"type": "string", "minLength": 1},
    },
}


def _output_found(ctx: JsonContext, k: int, item: dict, result: Mapping, prefix: str):
    """The output item at `k` answering `result`: after its call, its `output` right."""
    call_id = result["call_id"]
    calls = _responses_format.call_items(ctx.messages, call_id)
    if calls and k < calls[0]:
        return (
            ctx.message_ptr(k),
            tr(
                "the output for {id} comes before its call: an output follows the "
                "`function_call` it answers",
                id=quote(call_id),
            ),
        )
    return _responses_format.result_problem(
        item.get("output"), result, prefix, ctx.message_ptr(k, "output")
    )


def _output_missing(ctx: JsonContext, outputs: list, result: Mapping) -> Problem:
    """Why no output answers `result`: it quotes the item's id, is a Chat Completions
    `tool` message, or is not there."""
    items = ctx.messages
    call_id, item_id = result["call_id"], result.get("item_id")
    wrong_id = [
        (k, it) for k, it in outputs if item_id and _responses_format.result_id(it) == item_id
    ]
    if wrong_id:
        return (
            ctx.message_ptr(wrong_id[0][0], "call_id"),
            tr(
                "{found} is the call item's own `id`; an output quotes the call's `call_id`, {id}",
                found=quote(item_id),
                id=quote(call_id),
            ),
        )
    chat = [
        k
        for k, it in enumerate(items)
        if isinstance(it, dict) and it.get("role") == "tool" and call_id in it.values()
    ]
    if chat:
        return (
            ctx.message_ptr(chat[0]),
            tr(
                "the result for {id} is a Chat Completions `tool` message; in the "
                'Responses API it is an item {{"type": "function_call_output", '
                '"call_id": ..., "output": ...}}',
                id=quote(call_id),
            ),
        )
    return (
        ctx.messages_ptr,
        tr(
            "there is no `function_call_output` item for {id}: each call gets one, "
            "quoting its `call_id`",
            id=quote(call_id),
        ),
    )


@check("function-call-outputs", kinds=("json",), params=_OUTPUTS_PARAMS)
@safe
def function_call_outputs(ctx: JsonContext, params: Mapping) -> Outcome:
    """One Responses `function_call_output` item per result, quoting its call's `call_id`.

    Params: `results` (`{call_id, item_id?, content, is_error?}`), `prefix` (default
    `Error: `). Each output is `{"type": "function_call_output", "call_id": ..., "output":
    ...}` with the result's text as a string, a failed one with `prefix` in front. An
    output quoting the call item's own `id` (`item_id`), a Chat Completions `tool` message,
    a result decoded into an object, a missing or needless prefix are named as such.
    """
    if ctx.messages is None:
        return no_messages(ctx)
    prefix = str(params.get("prefix", "Error: "))
    outputs = _responses_format.output_items(ctx.messages)
    problems: list[Problem] = []
    for result in params["results"]:
        mine = [
            (k, it) for k, it in outputs if _responses_format.result_id(it) == result["call_id"]
        ]
        problem = (
            _output_found(ctx, *mine[0], result, prefix)
            if mine
            else _output_missing(ctx, outputs, result)
        )
        if problem:
            problems.append(problem)
    return outcome(problems)
