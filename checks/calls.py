"""Checks of the two-formats lesson: the calls of one assistant turn, converted between
Claude's Messages API and OpenAI's Chat Completions, and the turn's text.

- `tool-calls`: one Chat Completions assistant message carrying the calls.
- `tool-use-blocks`: one Claude assistant turn holding the calls as `tool_use` blocks.
- `text-turn`: a message whose text survives as its `content` string.

The concept is one: the turn at `index` is the assistant's, holds every call of the
original, in its order, each keeping its id, name and input. Where the calls live and how
a call is read is the wire format's (`_chat_format`, `_messages_format`). Each names the
first cause of a wrong call (out of order, the other format's shape, a type slip) before
any raw difference.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from checker.checks import JsonContext, Outcome, check, describe, diag, quote, safe, tr

from . import _chat_format, _messages_format
from ._findings import Problem, as_blocks, no_messages, order_problem, outcome, text_of

_CALL = {
    "type": "object",
    "required": ["id", "name", "input"],
    "properties": {"id": {"type": "string"}, "name": {"type": "string"}, "input": {}},
    "additionalProperties": False,
}


def _calls_params(text_description: str | None = None) -> dict:
    text: dict = {"type": "string"}
    if text_description:
        text["description"] = text_description
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["calls"],
        "properties": {
            "index": {"type": "integer"},
            "calls": {"type": "array", "items": _CALL, "minItems": 1},
            "text": text,
        },
    }


def _turn_calls(ctx: JsonContext, params: Mapping, wire: ModuleType) -> Outcome:
    """Message `index` is the assistant turn carrying `calls` in order, as `wire` writes it."""
    if ctx.messages is None:
        return no_messages(ctx)
    index, message = ctx.message(int(params.get("index", 1)))
    wanted = [c for c in params.get("calls") or [] if isinstance(c, Mapping)]
    if message is None:
        return Outcome(
            False,
            tr(
                "There is no message {index} to carry the tool calls.",
                index=params.get("index", 1),
            ),
        )
    base = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != "assistant":
        role = message.get("role") if isinstance(message, dict) else None
        return Outcome(
            False,
            tr(
                "Message {index} should be the assistant turn with the calls; it has role {role}.",
                index=index,
                role=describe(role),
            ),
            [diag(base, tr("the calls belong in an assistant message"))],
        )
    calls, problems = wire.turn_calls(message, base, params, index, wanted)
    if calls is None:
        return outcome(problems)
    if len(calls) != len(wanted):
        problems.append(wire.count_problem(base, len(calls), len(wanted)))
    return outcome(problems + _paired_problems(calls, wanted, base, wire))


def _paired_problems(calls: list, wanted: list, base: str, wire: ModuleType) -> list[Problem]:
    """Each call against its original: in order, or by id when they are only out of order."""
    problems: list[Problem] = []
    ids = [wire.call_id(c) for _, c in calls]
    where = f"{base}/{wire.CALLS_AT}"
    order = order_problem(ids, [str(w.get("id")) for w in wanted], where, "calls")
    pairs = list(zip(calls, wanted))
    if order:
        problems.append(order)
        by_id = {str(w.get("id")): w for w in wanted}
        pairs = [(c, by_id[str(wire.call_id(c[1]))]) for c in calls]
    for k, ((at, call), want) in enumerate(pairs):
        problems += wire.call_problems(call, want, at, k)
    return problems


@check("tool-calls", kinds=("json",), params=_calls_params())
@safe
def tool_calls(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Chat Completions assistant message carrying `calls` in order.

    Params: `index`, `calls` (a list of `{id, name, input}`), `text` (the expected
    `content`, when the message has one). Each call must keep its id, have
    `type: "function"`, and carry `arguments` as a JSON string that decodes to `input`.
    Calls in another order are named as such; so are a call in Claude's shape and
    arguments encoded twice.
    """
    return _turn_calls(ctx, params, _chat_format)


@check(
    "tool-use-blocks",
    kinds=("json",),
    params=_calls_params("the turn's text; none when left out"),
)
@safe
def tool_use_blocks(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` is one Claude assistant turn holding `calls` as `tool_use` blocks.

    Params: `index`, `calls` (`{id, name, input}`), `text` (the turn's text block, when it
    has one; without it the content holds the calls and nothing else). Each block keeps
    its call's id and name and has the decoded arguments as its `input` object. OpenAI's
    `tool_calls`, an input left as a JSON string, and an empty text block for a `null`
    content are named as such.
    """
    return _turn_calls(ctx, params, _messages_format)


# ----------------------------------------------------------------------------- text-turn

_TEXT_TURN_PARAMS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["index", "text"],
    "properties": {
        "index": {"type": "integer"},
        "role": {"enum": ["user", "assistant"]},
        "text": {"type": "string"},
    },
}


@check("text-turn", kinds=("json",), params=_TEXT_TURN_PARAMS)
@safe
def text_turn(ctx: JsonContext, params: Mapping) -> Outcome:
    """Message `index` has `role` (default assistant) and `text` as its `content` string.

    The text is compared without surrounding whitespace. A content of text blocks holding
    the right words is named as such (the task keeps it a string).
    """
    if ctx.messages is None:
        return no_messages(ctx)
    index, message = ctx.message(int(params["index"]))
    role = str(params.get("role", "assistant"))
    text = str(params["text"])
    if message is None:
        return Outcome(False, tr("There is no message {index}.", index=params["index"]))
    base = ctx.message_ptr(index)
    if not isinstance(message, dict) or message.get("role") != role:
        found = message.get("role") if isinstance(message, dict) else None
        return outcome(
            [
                (
                    base,
                    tr(
                        "message {index} should be the {role} message {text}; it has role {found}",
                        index=index,
                        role=f"`{role}`",
                        text=quote(text, 40),
                        found=describe(found),
                    ),
                )
            ]
        )
    content = message.get("content")
    if isinstance(content, str) and content.strip() == text.strip():
        return Outcome(True)
    words = text_of(content)
    if isinstance(words, str) and words.strip() == text.strip():
        message_ = as_blocks()
    else:
        message_ = tr(
            "the content must be the original text, {text}; found {found}",
            text=quote(text, 60),
            found=quote(words, 60) if isinstance(words, str) else describe(content),
        )
    return outcome([(base + "/content", message_)])
