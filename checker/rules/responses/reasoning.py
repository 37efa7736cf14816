"""Reasoning items: their shape, their place before what they produced, and the model.

A reasoning model returns `reasoning` items before the message or calls they led to. In
a stateless loop you pass them back, unchanged and in place: the API checks that each is
followed by its item, and that items it stored with a reasoning item come with it.
"""

from __future__ import annotations

from collections.abc import Iterator

from checker.diagnostics import json_type, quote
from checker.i18n import tr
from checker.rules.record import Finding, note, rule
from checker.rules.responses import refs
from checker.rules.responses.context import (
    OUTPUT_CALLS,
    Context,
    Item,
    as_body,
    model_kind,
    warning,
)

_REASONING = (
    '{"type": "reasoning", "id": "rs_0a1b2c3d", "summary": [], "encrypted_content": "gAAAAABq..."}'
)
_REASONING_EXAMPLE = f"""[
  {{"role": "user", "content": "Weather in Paris?"}},
  {_REASONING},
  {{"type": "function_call", "id": "fc_0a1b2c3d", "call_id": "call_1", "name": "get_weather",
   "arguments": "{{\\"city\\": \\"Paris\\"}}"}},
  {{"type": "function_call_output", "call_id": "call_1", "output": "18 C"}}
]"""


@rule(
    "r-reasoning-item-shape",
    api="responses",
    sources=(
        "https://github.com/newo-ether/Agora/issues/126",
        refs.REASONING_ITEMS,
        refs.SPEC,
        refs.RECORDED_REASONING_NO_ID,
    ),
    api_message="Missing required parameter: '{param}'.",
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "reasoning", "id": "rs_0a1b2c3d", "encrypted_content": "gAAAAABq..."},
  {"type": "function_call", "id": "fc_0a1b2c3d", "call_id": "call_1", "name": "get_weather",
   "arguments": "{\\"city\\": \\"Paris\\"}"},
  {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
]"""),
    fix=as_body(_REASONING_EXAMPLE),
)
def reasoning_item_shape(ctx: Context) -> Iterator[Finding]:
    """A reasoning item has its `id` and a `summary` array, even an empty one.

    Pass reasoning items back as the API returned them: `id` (`rs_...`), `summary` (an
    array of `{"type": "summary_text", "text": ...}`, `[]` when there was none) and, when
    asked for, `encrypted_content` (a string). Dropping the empty `summary` is refused
    (`Missing required parameter: 'input[2].summary'.`), so is a missing `id` when the
    item has nothing else to be found by. Stateless callers (`store: false`, with
    `include: ["reasoning.encrypted_content"]`) send the item with its `encrypted_content`
    and no `id`: recorded accepted, since the encrypted content carries the reasoning.
    """
    for i in ctx.reasoning:
        raw = ctx.items[i].raw  # type: ignore[union-attr]
        if not isinstance(raw.get("id"), str) and not isinstance(raw.get("encrypted_content"), str):
            yield Finding(
                ctx.path(i, "id"),
                tr("the reasoning item {item} has no `id`", item=ctx.where(i)),
                tr("Pass the reasoning item back unchanged, with its `rs_...` id."),
            )
        summary = raw.get("summary")
        if not isinstance(summary, (list, tuple)):
            yield Finding(
                ctx.path(i, "summary"),
                tr(
                    "`summary` of the reasoning item {item} is {type}: it must be an array",
                    item=ctx.where(i),
                    type=json_type(summary),
                )
                if "summary" in raw
                else tr("the reasoning item {item} has no `summary`", item=ctx.where(i)),
                tr('Keep `"summary": []` when the summary is empty.'),
            )
        else:
            for j, part in enumerate(summary):
                ok = (
                    isinstance(part, dict)
                    and part.get("type") == "summary_text"
                    and isinstance(part.get("text"), str)
                )
                if not ok:
                    yield Finding(
                        ctx.path(i, "summary", j),
                        tr(
                            "summary part {j} of {item} is not a summary text",
                            j=j,
                            item=ctx.where(i),
                        ),
                        tr('Write `{"type": "summary_text", "text": "..."}`.'),
                    )
        blob = raw.get("encrypted_content")
        if blob is not None and not isinstance(blob, str):
            yield Finding(
                ctx.path(i, "encrypted_content"),
                tr(
                    "`encrypted_content` of {item} is {type}: it must be the string the API "
                    "returned",
                    item=ctx.where(i),
                    type=json_type(blob),
                ),
                tr("Send `encrypted_content` back exactly as you received it."),
            )


def _bad_follower(it: Item | None) -> bool:
    """True when `it` (None: the end of `input`) cannot be what a reasoning item produced."""
    if it is None:
        return True
    return (
        it.is_input_message
        or it.type in OUTPUT_CALLS
        or it.type
        in (
            "mcp_approval_response",
            "local_shell_call_output",
            "tool_search_output",
            "program_output",
        )
    )


@rule(
    "r-reasoning-item-orphan",
    api="responses",
    sources=(
        "https://github.com/continuedev/continue/issues/8933",
        "https://community.openai.com/t/how-to-solve-gpt-5-reasoning-error-without-previous-"
        "response-id-item-of-type-reasoning-was-provided-without-its-required-following-item/"
        "1344988",
        refs.REASONING_ITEMS,
    ),
    api_message=(
        "Item '{value}' of type 'reasoning' was provided without its required following item."
    ),
    example=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "message", "id": "msg_0a1b2c", "role": "assistant", "status": "completed",
   "content": [{"type": "output_text", "text": "It's 18 C and cloudy."}]},
  {"type": "reasoning", "id": "rs_0a1b2c3d", "summary": [], "encrypted_content": "gAAAAABq..."}
]"""),
    fix=as_body("""[
  {"role": "user", "content": "Weather in Paris?"},
  {"type": "reasoning", "id": "rs_0a1b2c3d", "summary": [], "encrypted_content": "gAAAAABq..."},
  {"type": "message", "id": "msg_0a1b2c", "role": "assistant", "status": "completed",
   "content": [{"type": "output_text", "text": "It's 18 C and cloudy."}]}
]"""),
)
def reasoning_item_orphan(ctx: Context) -> Iterator[Finding]:
    """A reasoning item is followed by the item it produced.

    The model's reasoning led to an assistant message or to calls, and the API wants the
    reasoning item immediately before that item. A reasoning item last in `input`, or
    followed by a user, system or developer message or by a tool output, is refused
    (`Item 'rs_...' of type 'reasoning' was provided without its required following
    item.`): a client that stored the reasoning after the text, or dropped the message
    that followed it.
    """
    for i in ctx.reasoning:
        nxt = ctx.item(i + 1)
        if i + 1 < len(ctx.items) and nxt is None:
            continue  # not an object: request-shape
        if not _bad_follower(nxt):
            continue
        rid = ctx.items[i].id  # type: ignore[union-attr]
        label = quote(rid) if rid else ctx.where(i)
        yield Finding(
            ctx.path(i),
            tr("the reasoning item {id} is the last item of `input`: nothing follows it", id=label)
            if nxt is None
            else tr(
                "the reasoning item {id} is followed by {item}, not by the message or call it "
                "produced",
                id=label,
                item=ctx.where(i + 1),
            ),
            tr(
                "Keep each reasoning item right before the item that came after it in the "
                "response, or drop the reasoning item."
            ),
        )


def _server_item(it: Item | None) -> bool:
    """An item sent back with the id the API gave it (its reasoning is looked up)."""
    if it is None or it.id is None:
        return False
    if it.type == "message":
        return it.role == "assistant" and it.id.startswith("msg_")
    return it.type not in ("reasoning", "item_reference") and "_" in it.id


@rule(
    "r-reasoning-item-missing",
    api="responses",
    severity="note",
    sources=(
        "https://github.com/mastra-ai/mastra/issues/8738",
        "https://github.com/continuedev/continue/issues/11994",
        "https://github.com/laravel/ai/pull/1052",
    ),
    example="""{
  "model": "gpt-5.5",
  "input": [
    {"role": "user", "content": "Weather in Paris?"},
    {"type": "function_call", "id": "fc_0a038568becf80fb", "call_id": "call_1",
     "name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"},
    {"type": "function_call_output", "call_id": "call_1", "output": "18 C"},
    {"role": "user", "content": "And Lyon?"}
  ]
}""",
    fix="""{
  "model": "gpt-5.5",
  "input": [
    {"role": "user", "content": "Weather in Paris?"},
    {"type": "function_call", "call_id": "call_1", "name": "get_weather",
     "arguments": "{\\"city\\": \\"Paris\\"}"},
    {"type": "function_call_output", "call_id": "call_1", "output": "18 C"},
    {"role": "user", "content": "And Lyon?"}
  ]
}""",
)
def reasoning_item_missing(ctx: Context) -> Iterator[Finding]:
    """A call or message sent back with its server id keeps its reasoning item before it.

    When a reasoning model produced a call (`fc_...`) or a message (`msg_...`) after a
    reasoning item, the API looks the item up by its id and refuses it without that
    reasoning item in front (`Item 'fc_...' of type 'function_call' was provided without
    its required 'reasoning' item: 'rs_...'.`). A warning, because only the server knows
    whether the stored response had a reasoning item there: it is reported when no
    reasoning item leads the item's turn, or when the nearest one is followed by another
    item you built yourself. Not reported for models without reasoning, nor with
    `previous_response_id` or `conversation`. Either pass the reasoning item back in
    place, or leave out the item's `id` (the pairing key is `call_id`).
    """
    if ctx.stateful or model_kind(ctx.model) == "plain":
        return
    for it in ctx.items:
        if it is None or not _server_item(it):
            continue
        if not (it.id.startswith(("fc_", "msg_"))):  # type: ignore[union-attr]
            continue
        k = it.index - 1
        while k >= 0:
            prev = ctx.items[k]
            if prev is not None and (prev.type == "reasoning" or prev.is_input_message):
                break
            k -= 1
        prev = ctx.item(k)
        if prev is not None and prev.type == "reasoning":
            after = ctx.item(k + 1)
            if after is it or _server_item(after):
                continue
        yield note(
            ctx.path(it.index, "id"),
            tr(
                "{item} carries the server id {id} but no reasoning item leads it: a "
                "reasoning model refuses it without the reasoning item that preceded it",
                item=ctx.where(it.index),
                id=quote(it.id),
            ),
            tr(
                "Pass back the reasoning item that came before it in the response, or "
                "remove the item's `id` (keep `call_id`)."
            ),
        )


@rule(
    "r-reasoning-model-mismatch",
    api="responses",
    scope="model",
    sources=(refs.REASONING, refs.REASONING_ITEMS),
    api_message=(
        "Reasoning input items can only be provided to a reasoning or computer use model. "
        "Remove reasoning items from your input and try again."
    ),
    example=f"""{{
  "model": "gpt-4.1",
  "input": {_REASONING_EXAMPLE.replace(chr(10), chr(10) + "  ")}
}}""",
    fix=f"""{{
  "model": "gpt-5.5",
  "input": {_REASONING_EXAMPLE.replace(chr(10), chr(10) + "  ")}
}}""",
)
def reasoning_model_mismatch(ctx: Context) -> Iterator[Finding]:
    """Reasoning items go only to reasoning models.

    A model without reasoning (GPT-4o, GPT-4.1, ...) refuses reasoning items (`Reasoning
    input items can only be provided to a reasoning or computer use model.`), which
    happens after switching models in the middle of a conversation. An error for a model
    known to have no reasoning; a warning for a model name the checker does not know.
    """
    if not ctx.reasoning or not isinstance(ctx.model, str):
        return
    kind = model_kind(ctx.model)
    if kind == "reasoning" or "computer-use" in ctx.model:
        return
    make = Finding if kind == "plain" else warning
    yield make(
        ctx.path(ctx.reasoning[0]),
        tr(
            "{model} is not a reasoning model, and `input` has reasoning items",
            model=quote(ctx.model),
        )
        if kind == "plain"
        else tr(
            "`input` has reasoning items: the model {model} must be a reasoning model",
            model=quote(ctx.model),
        ),
        tr("Remove the reasoning items when you switch to a model without reasoning."),
    )


@rule(
    "r-store-false-reasoning-id",
    api="responses",
    severity="warning",
    scope="body",
    sources=(
        "https://github.com/vercel/ai/issues/7543",
        "https://github.com/openai/openai-agents-js/issues/546",
        refs.REASONING_ITEMS,
    ),
    example="""{
  "model": "gpt-5.5",
  "store": false,
  "input": [
    {"role": "user", "content": "Weather in Paris?"},
    {"type": "reasoning", "id": "rs_688404f677dc81a1", "summary": [],
     "encrypted_content": null},
    {"type": "function_call", "id": "fc_0a1b2c3d", "call_id": "call_1", "name": "get_weather",
     "arguments": "{\\"city\\": \\"Paris\\"}"},
    {"type": "function_call_output", "call_id": "call_1", "output": "18 C"}
  ]
}""",
    fix=f"""{{
  "model": "gpt-5.5",
  "store": false,
  "include": ["reasoning.encrypted_content"],
  "input": {_REASONING_EXAMPLE.replace(chr(10), chr(10) + "  ")}
}}""",
)
def store_false_reasoning_id(ctx: Context) -> Iterator[Finding]:
    """Without storage, a reasoning item is sent back with its `encrypted_content`.

    With `"store": false` nothing is kept on the server, so a reasoning item sent with
    only its id is looked up and not found (`Item with id 'rs_...' not found. Items are
    not persisted when store is set to false.`, HTTP 404 in some reports). Ask for
    `"include": ["reasoning.encrypted_content"]` and send the blob back with its id. A
    warning, because the item may come from an earlier response that was stored.
    """
    if (ctx.body or {}).get("store") is not False:
        return
    for i in ctx.reasoning:
        raw = ctx.items[i].raw  # type: ignore[union-attr]
        if not isinstance(raw.get("id"), str) or isinstance(raw.get("encrypted_content"), str):
            continue
        yield warning(
            ctx.path(i, "encrypted_content") if "encrypted_content" in raw else ctx.path(i),
            tr(
                'with `"store": false`, the reasoning item {id} has no `encrypted_content`: '
                "the server has nothing stored under its id",
                id=quote(raw["id"]),
            ),
            tr(
                'Add `"include": ["reasoning.encrypted_content"]` to each request and send '
                "the returned `encrypted_content` back with the item."
            ),
        )
