"""Checks of resume-pause-turn: the request that lets a paused server-tool turn carry on.

After `stop_reason: "pause_turn"` the turn is still open: the paused reply goes back as
the last message, exactly as it came (thinking blocks, the server tool calls and the
results the API added, and the call still waiting for its result), with nothing after it,
and with the same `tools`, so the API can run the waiting call and the model can go on
where it stopped. `paused-turn-resumed` names each way of getting that wrong as the model
would see it; `tools-unchanged` asks for the very same tool definitions.
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
    not_messages,
    quote,
    safe,
    tr,
)

#: the blocks a server tool's turn carries: its calls and the results the API added
SERVER_CALLS = ("server_tool_use", "mcp_tool_use")
THINKING = ("thinking", "redacted_thinking")


def _blocks(message: Any) -> list:
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, list) else []


def _type(block: Any) -> str | None:
    return block.get("type") if isinstance(block, dict) else None


def _calls(message: Any) -> list[str]:
    return [
        b["id"]
        for b in _blocks(message)
        if _type(b) in SERVER_CALLS and isinstance(b.get("id"), str)
    ]


def _waiting(paused: Mapping) -> str | None:
    """The id of the paused turn's last server call when no result follows it."""
    blocks = _blocks(paused)
    answered = {b.get("tool_use_id") for b in blocks if isinstance(b, dict)}
    for block in reversed(blocks):
        if _type(block) in SERVER_CALLS:
            return block.get("id") if block.get("id") not in answered else None
    return None


def _what_user_sent(message: Any) -> str:
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, str):
        return quote(content, 40)
    kinds = [_type(b) for b in content] if isinstance(content, list) else []
    if "tool_result" in kinds:
        return tr("a `tool_result`")
    texts = [b.get("text") for b in content or [] if _type(b) == "text"]
    if texts and isinstance(texts[0], str):
        return quote(texts[0], 40)
    return quote(content, 40)


def _missing_kinds(sent: list, given: list) -> list[str]:
    want = [_type(b) for b in given]
    got = [_type(b) for b in sent]
    return [k for k in dict.fromkeys(want) if got.count(k) < want.count(k) and k is not None]


@check(
    "paused-turn-resumed",
    kinds=("json",),
    params={
        "type": "object",
        "properties": {"message": {"type": "object"}},
        "required": ["message"],
        "additionalProperties": False,
    },
)
@safe
def paused_turn_resumed(ctx: JsonContext, params: Mapping) -> Outcome:
    """The last message is the paused assistant turn `message`, unchanged, with nothing
    after it: a user message after it ("Continue.", a `tool_result` for the server call)
    closes the turn while a call waits, and a turn trimmed of its thinking, of a result
    the API added or of the waiting call is no longer the turn the model paused."""
    if ctx.messages is None:
        return not_messages(ctx)
    paused = params["message"]
    waiting = _waiting(paused)
    calls = set(_calls(paused))
    messages = ctx.messages or []
    at = next(
        (
            i
            for i in range(len(messages) - 1, -1, -1)
            if isinstance(messages[i], dict)
            and messages[i].get("role") == "assistant"
            and calls & set(_calls(messages[i]))
        ),
        None,
    )
    if at is None:
        return Outcome(
            False,
            tr(
                "The paused turn is not in the request: no assistant message holds its "
                "`server_tool_use` blocks. After `pause_turn`, append the reply's content as "
                "it came, as the last message, so the model can go on where it stopped."
            ),
        )
    after = messages[at + 1 :]
    if after:
        first = after[0]
        role = first.get("role") if isinstance(first, dict) else None
        if role == "user":
            why = tr(
                "After the paused turn comes a user message ({what}). That closes the turn "
                "while the server tool call {id} still has no result, and the API answers "
                "400. A server tool's call is the API's to answer: send the paused turn back "
                "as the last message, with nothing after it.",
                what=_what_user_sent(first),
                id=quote(waiting) if waiting else "",
            )
        else:
            why = tr(
                "The paused turn is not the last message: {n} more follow it. Send it back "
                "as the last message, with nothing after it.",
                n=len(after),
            )
        return Outcome(False, why, [diag(ctx.message_ptr(at + 1), tr("nothing goes here"))])
    sent = _blocks(messages[at])
    given = _blocks(paused)
    where = ctx.message_ptr(at, "content")
    if waiting and waiting not in _calls(messages[at]):
        if len(_calls(messages[at])) == len(_calls(paused)):
            return Outcome(
                False,
                tr(
                    "The paused turn's last `server_tool_use` is not the one the API returned: "
                    "its id is no longer {id}. That call is the one the API runs when the turn "
                    "goes on; keep it exactly as it came.",
                    id=quote(waiting),
                ),
                [diag(where, tr("not the turn as the API returned it"))],
            )
        return Outcome(
            False,
            tr(
                "The paused turn has lost its last `server_tool_use` ({id}), the call that has "
                "no result yet. It is not a loose end to tidy away: it is the call the API runs "
                "when the turn goes on. Keep it, last, as it came.",
                id=quote(waiting),
            ),
            [diag(where, tr("the waiting call is missing"))],
        )
    missing = _missing_kinds(sent, given)
    if missing:
        if set(missing) & set(THINKING):
            why = tr(
                "The paused turn has lost its thinking block. Its text is empty (the model's "
                "`display` is `omitted`), but the block is part of the turn: it goes back "
                "first, with its signature, or the turn is not the one the API returned."
            )
        elif "web_search_tool_result" in missing or any(k.endswith("_result") for k in missing):
            why = tr(
                "The paused turn has lost a result block the API added ({kinds}). Server tool "
                "results belong to the turn they came in: keep every block, in its order.",
                kinds=", ".join(f"`{k}`" for k in missing),
            )
        else:
            why = tr(
                "The paused turn has lost some of its blocks ({kinds}). Send the reply's "
                "content back whole, every block in its order.",
                kinds=", ".join(f"`{k}`" for k in missing),
            )
        return Outcome(False, why, [diag(where, tr("not the turn as the API returned it"))])
    return CHECKS["message-equals"].function(
        ctx, {"index": at, "message": paused, "what": tr("the paused turn")}
    )


@check(
    "tools-unchanged",
    kinds=("json",),
    params={
        "type": "object",
        "properties": {"tools": {"type": "array"}},
        "required": ["tools"],
        "additionalProperties": False,
    },
)
@safe
def tools_unchanged(ctx: JsonContext, params: Mapping) -> Outcome:
    """The body's `tools` is the request's own `tools`, the same definitions in the same
    order: a server tool left out cannot run its waiting call, and with preserved thinking
    a changed `tools` invalidates every earlier thinking block (the prefix check)."""
    expected = params["tools"]
    if not isinstance(ctx.value, dict):
        return Outcome(
            False,
            tr(
                "Your answer is a bare list of messages. Write the whole request body: the "
                "`tools` must travel again, or the API cannot run the waiting search."
            ),
        )
    tools = ctx.value.get("tools")
    if tools == expected:
        return Outcome(True)
    if not isinstance(tools, list):
        return Outcome(
            False,
            tr("The body has no `tools` list. Send the same `tools` as the request that paused."),
            [diag("", tr("`tools` is missing"))],
        )
    names = [t.get("name") for t in tools if isinstance(t, dict)]
    for tool in expected:
        name = tool.get("name") if isinstance(tool, dict) else None
        if name not in names:
            server = isinstance(tool, dict) and "type" in tool and "input_schema" not in tool
            why = (
                tr(
                    "`tools` no longer defines the server tool {name}. The paused turn waits "
                    "on a {name} call, which the API runs only if the tool is still there.",
                    name=f"`{name}`",
                )
                if server
                else tr(
                    "`tools` no longer defines {name}. Every request of a conversation "
                    "carries the same tools, the client ones included.",
                    name=f"`{name}`",
                )
            )
            return Outcome(False, why, [diag("/tools", tr("a tool is missing"))])
    same = sorted(json_text(t) for t in tools) == sorted(json_text(t) for t in expected)
    if same:
        why = tr(
            "`tools` holds the same definitions, in another order. Send them in the order "
            "of the request that paused: with preserved thinking, `tools` is part of every "
            "earlier thinking block's prefix, so even a new order invalidates them."
        )
    else:
        why = tr(
            "`tools` is not the same as in the request that paused: a definition was added "
            "or changed. Send the very same copy: with preserved thinking, `tools` is part of "
            "every earlier thinking block's prefix, so an edited tool invalidates them."
        )
    return Outcome(False, why, [diag("/tools", tr("not the request's own tools"))])
