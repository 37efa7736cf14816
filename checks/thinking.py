"""Checks of thinking-round-trip: a thinking model's turn resent with its tool result.

With thinking on, the assistant turn that opened a tool loop goes back exactly as the API
returned it: its `thinking` (or `redacted_thinking`) blocks first, complete and unmodified,
then its text and calls in their order. The API checks a thinking block by its
`signature`, so an edited text or signature fails verification; a block dropped, moved or
put in the user message leaves the loop without the reasoning that opened it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from checker.checks import (
    CHECKS,
    JsonContext,
    Outcome,
    check,
    diag,
    json_text,
    model_info,
    not_messages,
    safe,
    thinking_default,
    tr,
)

THINKING_TYPES = ("thinking", "redacted_thinking")
#: the fields the API verifies a thinking block by, per type
SIGNED_FIELDS = {"thinking": ("thinking", "signature"), "redacted_thinking": ("data",)}


def _blocks(message: Any) -> list:
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, list) else []


def _thinking(blocks: list) -> list[tuple[int, dict]]:
    return [
        (j, b)
        for j, b in enumerate(blocks)
        if isinstance(b, dict) and b.get("type") in THINKING_TYPES
    ]


def _json(value: Any) -> str:
    return f"`{json_text(value)}`"


def _type(block: Any) -> str:
    return str(block.get("type")) if isinstance(block, dict) else type(block).__name__


def _elsewhere(ctx: JsonContext, index: int, given: list) -> int | None:
    """The index of another message holding one of the `given` thinking blocks (the same
    signature or data), if any: a block moved there, not another turn's own thinking."""
    marks = {b.get("signature") or b.get("data") for _, b in given} - {None}
    for i, message in enumerate(ctx.messages or []):
        if i == index:
            continue
        for _, block in _thinking(_blocks(message)):
            if (block.get("signature") or block.get("data")) in marks:
                return i
    return None


def _field_problem(block: dict, given: dict) -> tuple[str, str] | None:
    """(field, what is wrong with it) for the first signed field that differs."""
    for key in SIGNED_FIELDS.get(given.get("type"), ()):
        if key not in block:
            return key, "missing"
        if block.get(key) != given.get(key):
            return key, "changed"
    return None


@check(
    "thinking-turn-resent",
    kinds=("json",),
    params={
        "type": "object",
        "properties": {
            "index": {"type": "integer"},
            "message": {"type": "object"},
        },
        "required": ["index", "message"],
        "additionalProperties": False,
    },
)
@safe
def thinking_turn_resent(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is the thinking model's turn `message` resent unchanged: its thinking
    blocks first, with their text and signature as the API returned them, then the rest.

    Names the real cause first: a thinking block dropped, put in another message, moved
    after the text or the call, or with its `thinking`, `signature` (or `data`) edited or
    left out. Any other difference is reported as `message-equals` reports it.
    """
    if ctx.messages is None:
        return not_messages(ctx)
    expected = params["message"]
    index, actual = ctx.message(int(params["index"]))
    given = _thinking(_blocks(expected))
    if actual is None or not given:
        return CHECKS["message-equals"].function(ctx, {**params, "what": tr("the assistant turn")})
    blocks = _blocks(actual)
    sent = _thinking(blocks)
    where = ctx.message_ptr(index, "content")
    if not sent:
        other = _elsewhere(ctx, index, given)
        if other is not None:
            why = tr(
                "The thinking block is in {other}, not in the assistant turn. It belongs to "
                "the turn the API returned it in, first, before the text and the call.",
                other=f"`messages[{other}]`",
            )
        else:
            why = tr(
                "The assistant turn has lost its thinking block. With thinking on, an "
                "assistant turn goes back with its thinking blocks first, exactly as the API "
                "returned it, even when their text is empty: the docs say a turn rebuilt "
                "without them gets a 400, and the model would lose the reasoning behind what "
                "it said and did."
            )
        return Outcome(
            False, why, [diag(where, tr("the thinking block is missing from this turn"))]
        )
    if len(sent) < len(given):
        return Outcome(
            False,
            tr(
                "The assistant turn holds {n} of its {m} thinking blocks. Resend every one, "
                "`redacted_thinking` included: the API rejects a turn filtered of them.",
                n=len(sent),
                m=len(given),
            ),
            [diag(where, tr("a thinking block is missing"))],
        )
    positions = [j for j, _ in sent]
    if positions != list(range(len(given))):
        j = positions[0]
        return Outcome(
            False,
            tr(
                "The thinking block stands at position {j} of the assistant turn, after "
                "{before}. Keep the blocks in the order the API returned them: the thinking "
                "block first, then the text and the call.",
                j=j,
                before=tr("a {type} block", type=f"`{_type(blocks[0])}`"),
            ),
            [diag(ctx.message_ptr(index, "content", j), tr("this block must come first"))],
        )
    for (j, block), (_, original) in zip(sent, given):
        problem = _field_problem(block, original)
        if problem is None:
            continue
        key, what = problem
        path = ctx.message_ptr(index, "content", j, key) if what == "changed" else where
        if key == "signature" and what == "missing":
            why = tr(
                "The thinking block has no `signature`. The API verifies a thinking block by "
                "its signature and rejects one without it: copy the block whole."
            )
        elif key == "signature":
            why = tr(
                "The thinking block's `signature` is not the one the API returned. A "
                "signature verifies one exact block; any other value fails the check, and "
                "the API rejects the request."
            )
        elif what == "missing":
            why = tr(
                "The thinking block has no {key}. Resend the block exactly as the API "
                "returned it, every field included.",
                key=f"`{key}`",
            )
        else:
            why = tr(
                "The thinking block's {key} was edited. Its signature covers that text, so "
                "an edited block no longer verifies and the API rejects the request: resend "
                "it character for character, even where it reads oddly.",
                key=f"`{key}`",
            )
        return Outcome(False, why, [diag(path, tr("not as the API returned it"))])
    return CHECKS["message-equals"].function(ctx, {**params, "what": tr("the assistant turn")})


def _rejects_disabled(info: Any) -> bool:
    """The model answers `thinking: {"type": "disabled"}` with a 400, as the rules judge it:
    the table says so, or the model's lowest setting is `between_tools` instead."""
    if info is None:
        return False
    return info.disabled == "no" or (info.disabled is None and bool(info.between_tools))


@check(
    "thinking-kept",
    kinds=("json",),
    params={
        "type": "object",
        "properties": {"thinking": {"type": "object"}},
        "required": ["thinking"],
        "additionalProperties": False,
    },
)
@safe
def thinking_kept(ctx: JsonContext, params: Mapping) -> Outcome:
    """The request body's `thinking` is `params.thinking`, the setting the tool loop began
    with: one thinking configuration per assistant turn, and a tool loop is one turn.

    `thinking` left out passes where it means the same (`adaptive` on a model that thinks
    by default, per the rules' model table). `disabled` on a model that rejects it is named
    as the 400 it is, with the model's lowest setting where it has one.
    """
    expected = params["thinking"]
    if not isinstance(ctx.value, dict):
        return Outcome(
            False,
            tr(
                "Your answer is a bare list of messages. Write the whole request body: the "
                "thinking setting and the tools travel in it, and the API checks the "
                "thinking blocks against them."
            ),
        )
    if "thinking" not in ctx.value:
        default = thinking_default(ctx.value.get("model"))
        if default in ("on", "always") and expected == {"type": "adaptive"}:
            return Outcome(True)  # left out, the model thinks adaptively: the same setting
        return Outcome(
            False,
            tr(
                "The body has no `thinking`. The loop began with {expected}: send the same "
                "setting with every request until the turn ends with a final answer.",
                expected=_json(expected),
            ),
            [diag("", tr("`thinking` is missing"))],
        )
    value = ctx.value["thinking"]
    if value == expected:
        return Outcome(True)
    off = isinstance(value, dict) and value.get("type") == "disabled"
    info = model_info(ctx.value.get("model"))
    if off and _rejects_disabled(info):
        lowest = (
            tr(
                " Its lowest setting is `between_tools`, which still thinks between tool "
                "calls, and its blocks go back the same way."
            )
            if info.between_tools
            else ""
        )
        why = tr(
            '{model} does not take `thinking: {{"type": "disabled"}}` at all: the API '
            "answers 400.{lowest} And a tool loop keeps the setting it began with: keep "
            "{expected} until the turn ends with a final answer.",
            model=f"`{ctx.value.get('model')}`",
            lowest=lowest,
            expected=_json(expected),
        )
    elif off:
        why = tr(
            "Thinking is turned off in the middle of the tool loop. A tool loop is one "
            "assistant turn, and a turn keeps the thinking setting it began with (several "
            "current models do not take `disabled` at all): keep {expected} until the turn "
            "ends with a final answer.",
            expected=_json(expected),
        )
    else:
        why = tr(
            "`thinking` is {value}, but the loop began with {expected}. A tool loop is one "
            "assistant turn, and a turn keeps one thinking setting: change it only between "
            "turns.",
            value=_json(value),
            expected=_json(expected),
        )
    return Outcome(False, why, [diag("/thinking", tr("not the setting the loop began with"))])
