"""Checks of capped-loop: a loop that stops at its cap, acts on every stop reason, and turns
every tool result into data.

What the loop does with each `stop_reason` follows the API's docs on handling stop
reasons: `tool_use` runs the calls and asks again; `pause_turn` (a server tool paused a
long turn) sends the paused reply back as the last message and asks again; `end_turn`,
`refusal`, `max_tokens`, `model_context_window_exceeded` and any other reason end the
loop, and the `tool_use` a reply cut off at `max_tokens` or at the context window may end
with is never run (its input may be incomplete).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, check, find, quote, tool_rounds, tr, trn

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import (
    RAISE_KEY,
    _is_flag,
    content_text,
    fault_of,
    is_whole,
    not_scenario,
    params_schema,
)

#: the stop reasons that end a loop (anything but tool_use and pause_turn)
ENDING_REASONS = (
    "end_turn",
    "max_tokens",
    "refusal",
    "stop_sequence",
    "model_context_window_exceeded",
)

#: the stop reasons of a reply cut off mid-way: a tool_use it ends with may be unfinished
CUT_OFF_REASONS = ("max_tokens", "model_context_window_exceeded")


def _not_judged(cause: str) -> Outcome:
    return Outcome(False, tr("Not judged yet: {cause}.", cause=cause))


def _ended_by(run, ctx) -> str:
    """Why a run ended early, in a few words, for a "not judged yet" line."""
    fault = fault_of(run, ctx)
    exc = run.exception
    if fault == "request":
        errors = [e for e in run.request_errors or [] if e.index is not None]
        if errors:
            return tr(
                "run {run} ended when the API rejected request {request} ({rule})",
                run=run.index + 1,
                request=errors[-1].index + 1,
                rule=errors[-1].rule or exc.type,
            )
        return tr(
            "run {run} ended when `client.messages.create` raised {type}",
            run=run.index + 1,
            type=exc.type,
        )
    if fault == "bug":
        return tr(
            "run {run} stopped with {type} in your own code", run=run.index + 1, type=exc.type
        )
    return tr(
        "run {run} let {type} escape ({message})",
        run=run.index + 1,
        type=exc.type,
        message=quote(exc.message, 60),
    )


def _cap(run, params: Mapping) -> int:
    default = params.get("default", 8)
    default = default if is_whole(default) else 8
    value = run.call.get(params.get("param", "max_steps"), default)
    return value if is_whole(value) else default


def _runaway(run, cap: int) -> bool:
    """The script asks for tools in more replies than the cap allows, and never stops."""
    replies = run.script
    return len(replies) > cap and all(r.get("stop_reason") == "tool_use" for r in replies)


@check(
    "stops-at-cap",
    kinds=("python",),
    params=params_schema(
        {
            "param": {
                "type": "string",
                "description": "the argument that holds the cap (default max_steps)",
            },
            "default": {
                "type": "integer",
                "minimum": 1,
                "description": "the cap when the call leaves the argument out (default 8)",
            },
        }
    ),
)
def stops_at_cap(ctx: PythonContext, params: Mapping) -> Outcome:
    """No run sends more than `max_steps` requests; a model that never stops gets exactly that.

    Params: `param` (the argument that holds the cap, default max_steps) and `default` (its
    value when the call leaves it out).
    """
    for run in ctx.runs:
        cap = _cap(run, params)
        sent = len(run.requests)
        where = tr("Run {run} (max_steps={cap})", run=run.index + 1, cap=cap)
        if sent > cap:
            return Outcome(
                False,
                tr(
                    "{where} sent {sent} requests. Count the requests and stop at the cap, "
                    "whatever the model keeps asking for.",
                    where=where,
                    sent=sent,
                ),
            )
        if _runaway(run, cap) and sent < cap:
            if run.exception is not None:
                return _not_judged(_ended_by(run, ctx))
            return Outcome(
                False,
                trn(
                    sent,
                    "{where} stopped after {n} request while the model was still asking for "
                    "tools. The cap allows {cap}: stop at it, not before.",
                    "{where} stopped after {n} requests while the model was still asking for "
                    "tools. The cap allows {cap}: stop at it, not before.",
                    where=where,
                    cap=cap,
                ),
            )
    return Outcome(True)


def _rounds(run):
    """(where, tool_use block, its tool_result block or None, scripted result) per call.

    Results are looked for in every message after the last assistant turn, so a result
    sent in a second user message is still judged here (`tool-result-id` and the protocol
    rules report the split).
    """
    for k, request, uses in tool_rounds(run):
        messages = request.get("messages") if isinstance(request, dict) else None
        messages = messages if isinstance(messages, list) else []
        turns = [i for i, m in enumerate(messages) if isinstance(m, dict)]
        assistant = [i for i in turns if messages[i].get("role") == "assistant"]
        after = messages[assistant[-1] + 1 :] if assistant else messages[-1:]
        results = {}
        for message in after:
            content = message.get("content") if isinstance(message, dict) else None
            for b in content if isinstance(content, list) else []:
                used = b.get("tool_use_id") if isinstance(b, dict) else None
                if isinstance(used, str) and b.get("type") == "tool_result":
                    results.setdefault(used, b)
        for use in uses:
            yield (
                tr("request {request} of run {run}", request=k + 1, run=run.index + 1),
                use,
                results.get(use.get("id")) if isinstance(use.get("id"), str) else None,
                run.tool_results.get(use.get("name")) if isinstance(use.get("name"), str) else None,
            )


def _raises(scripted: Any) -> str | None:
    if isinstance(scripted, dict) and set(scripted) == {RAISE_KEY}:
        return str(scripted[RAISE_KEY])
    return None


_NO_PARAMS = params_schema()


@check(
    "results-carry-output",
    kinds=("python",),
    params=params_schema(
        {
            "within": {
                "type": "boolean",
                "description": "the output may stand inside other words (a label before it)",
            }
        }
    ),
)
def results_carry_output(ctx: PythonContext, params: Mapping) -> Outcome:
    """A call whose tool worked is answered with what run_tool returned (with `within`, a
    text that holds it whole), and no `is_error`."""
    within = bool(params.get("within"))
    seen = False
    for run in ctx.runs:
        for where, use, block, scripted in _rounds(run):
            if _raises(scripted) is not None or block is None:
                continue
            seen = True
            name = quote(use.get("name"))
            if block.get("is_error") not in (None, False):
                return Outcome(
                    False,
                    tr(
                        "In {where}, the result for {name} says `is_error` although the tool "
                        "worked. Set it only when run_tool raised.",
                        where=where,
                        name=name,
                    ),
                )
            text = content_text(block.get("content"))
            if not (
                text == scripted
                or (
                    within
                    and isinstance(text, str)
                    and isinstance(scripted, str)
                    and scripted in text
                )
            ):
                return Outcome(
                    False,
                    tr(
                        "In {where}, the result for {name} holds {content}; run_tool returned "
                        "{scripted}. Send back what the tool returned.",
                        where=where,
                        name=name,
                        content=quote(block.get("content")),
                        scripted=quote(scripted),
                    ),
                )
    if not seen:
        return Outcome(
            False,
            tr(
                "No request sent back the result of a tool that worked, so there is nothing to "
                "judge yet: run each call and send its result in the next request."
            ),
        )
    return Outcome(True)


@check("errors-as-results", kinds=("python",), params=_NO_PARAMS)
def errors_as_results(ctx: PythonContext, params: Mapping) -> Outcome:
    """A call whose tool raised is answered with `is_error: true` and the exception's message."""
    expected_somewhere = False
    for run in ctx.runs:
        failing = [n for n, v in run.tool_results.items() if _raises(v) is not None]
        answered = False
        for where, use, block, scripted in _rounds(run):
            message = _raises(scripted)
            if message is None or block is None:
                continue
            answered = True
            name = quote(use.get("name"))
            flag = block.get("is_error")
            if not _is_flag(flag):
                if flag is not None and flag is not False:
                    return Outcome(
                        False,
                        tr(
                            "In {where}, the error result for {name} has `is_error` = {flag}: "
                            "it should be the boolean true.",
                            where=where,
                            name=name,
                            flag=quote(flag),
                        ),
                    )
                return Outcome(
                    False,
                    tr(
                        "In {where}, run_tool raised for {name}, but its result has no "
                        '`"is_error": true`: the model would take the failure for a result.',
                        where=where,
                        name=name,
                    ),
                )
            text = content_text(block.get("content")) or ""
            if message not in text:
                return Outcome(
                    False,
                    tr(
                        "In {where}, the error result for {name} is {text}; include the "
                        "exception's message ({message}) so the model knows what failed.",
                        where=where,
                        name=name,
                        text=quote(text),
                        message=quote(message),
                    ),
                )
        called = [c.name for c in run.tool_calls if isinstance(c.name, str)]
        if any(name in failing for name in called):
            expected_somewhere = True
            if run.exception is not None and fault_of(run, ctx) == "scenario":
                return Outcome(
                    False,
                    tr(
                        "In run {run}, run_tool raised RuntimeError ({message}) and your loop "
                        "let it escape. Catch exceptions around each tool call and send a "
                        'tool_result with `"is_error": true` instead.',
                        run=run.index + 1,
                        message=quote(run.exception.message),
                    ),
                )
            if not answered:
                if run.exception is not None:
                    return _not_judged(_ended_by(run, ctx))
                return Outcome(
                    False,
                    tr(
                        "In run {run}, a tool raised and no request sent its error result back. "
                        "Answer every call, failed ones included.",
                        run=run.index + 1,
                    ),
                )
    if not expected_somewhere:
        return Outcome(
            False,
            tr(
                "The tool that fails was never run, so there is nothing to judge yet: run every "
                "call the model asks for."
            ),
        )
    return Outcome(True)


@check("returns-last-response", kinds=("python",), params=_NO_PARAMS)
def returns_last_response(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each run returns the reply to its last request, as `client.messages.create` gave it:
    the engine's `returns-final`, with the cap at `max_steps` (8 by default).

    A run that ended in an exception another criterion explains (a refused request, a tool
    error let through) is "not judged yet"; a bug of the learner's code is reported here.
    """
    for run in ctx.runs:
        if run.exception is not None:
            if fault_of(run, ctx) == "bug":
                return not_scenario(run, ctx)  # type: ignore[return-value]
            return _not_judged(_ended_by(run, ctx))
    return find("returns-final").function(ctx, {"max_param": "max_steps", "default": 8})


# ----------------------------------------------------------------------- stop reasons


def _messages(request: Any) -> list:
    messages = request.get("messages") if isinstance(request, dict) else None
    return messages if isinstance(messages, list) else []


def _tool_uses(message: Any) -> list[dict]:
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return []
    return [b for b in content if isinstance(b, dict) and b.get("type") == "tool_use"]


def _replies_for(run, reason: str) -> list[tuple[int, dict]]:
    """(request index, reply) for each scripted reply of this run that stops for `reason`."""
    found = []
    for reply in run.replies or []:
        message = reply.get("message") if isinstance(reply, dict) else None
        if (
            isinstance(message, dict)
            and reply.get("scripted", True)
            and message.get("stop_reason") == reason
            and is_whole(reply.get("request"))
        ):
            found.append((reply["request"], message))
    return found


def _scripted_at(run, reason: str) -> int | None:
    """The position (from 0) of the first scripted reply that stops for `reason`."""
    for position, reply in enumerate(run.script or []):
        if isinstance(reply, dict) and reply.get("stop_reason") == reason:
            return position
    return None


def _not_reached(run, ctx, reason: str, position: int) -> Outcome:
    if run.exception is not None:
        return _not_judged(_ended_by(run, ctx))
    return _not_judged(
        trn(
            len(run.requests),
            "in run {run}, the loop ended after {n} request, before the reply that stops for "
            "{reason} (the reply to request {request})",
            "in run {run}, the loop ended after {n} requests, before the reply that stops for "
            "{reason} (the reply to request {request})",
            run=run.index + 1,
            reason=f"`{reason}`",
            request=position + 1,
        )
    )


@check(
    "stops-on",
    kinds=("python",),
    params=params_schema(
        {
            "reason": {
                "enum": list(ENDING_REASONS),
                "description": "the stop reason that must end the loop",
            }
        },
        required=["reason"],
    ),
)
def stops_on(ctx: PythonContext, params: Mapping) -> Outcome:
    """A reply that stops for `reason` ends the loop: no request after it, and for
    `max_tokens` or `model_context_window_exceeded` none of its (possibly unfinished) tool
    calls is run: the engine's `stop-reasons` for that one reason.

    Judged on every run whose script holds such a reply; a run that ended in an exception
    before it is "not judged yet"; what the run returns is `returns-last-response`'s.
    """
    reason = params.get("reason")
    for run in ctx.runs:
        position = _scripted_at(run, reason)
        if position is not None and not _replies_for(run, reason) and run.exception is not None:
            return _not_judged(_ended_by(run, ctx))
    return find("stop-reasons").function(ctx, {"reasons": [reason]})


def _same_block(sent: Any, given: Mapping) -> bool:
    """`sent` is the reply's block `given` sent back: every field it had, same value (extra
    fields left empty by an SDK dump, such as `"citations": null`, do not count)."""
    if not isinstance(sent, dict):
        return False
    for key, value in given.items():
        if sent.get(key) != value:
            return False
    extra = {k: v for k, v in sent.items() if k not in given and v is not None}
    return not extra


def _same_content(sent: Any, given: Any) -> bool:
    if not isinstance(sent, list) or not isinstance(given, list) or len(sent) != len(given):
        return False
    return all(_same_block(s, g) for s, g in zip(sent, given) if isinstance(g, dict))


def _what_user_sent(message: Mapping) -> str:
    content = message.get("content")
    if isinstance(content, str):
        return quote(content, 40)
    if isinstance(content, list) and not content:
        return tr("an empty list")
    if isinstance(content, list):
        kinds = sorted({b.get("type") for b in content if isinstance(b, dict)} - {None})
        return ", ".join(quote(k) for k in kinds) or quote(content)
    return quote(content)


@check("continues-paused-turn", kinds=("python",), params=_NO_PARAMS)
def continues_paused_turn(ctx: PythonContext, params: Mapping) -> Outcome:
    """After a reply that stops for `pause_turn`, the next request is the same conversation
    with the paused reply appended, unchanged, as the last message (no user message after
    it): that is how the API lets the server tool's turn carry on."""
    reason = "pause_turn"
    runs = [run for run in ctx.runs if _scripted_at(run, reason) is not None]
    if not runs:
        return Outcome(
            False,
            tr(
                "No scenario of this exercise has a reply that stops for {reason}.",
                reason=quote(reason),
            ),
        )
    for run in runs:
        replies = _replies_for(run, reason)
        if not replies:
            return _not_reached(run, ctx, reason, _scripted_at(run, reason) or 0)
        for k, reply in replies:
            if len(run.requests) <= k + 1:
                if run.exception is not None:
                    return _not_judged(_ended_by(run, ctx))
                return Outcome(
                    False,
                    tr(
                        "In run {run}, the reply to request {request} stopped for "
                        "`pause_turn`, and your loop ended there. A pause is not the end of the "
                        "turn: append the reply as the assistant turn and send the request "
                        "again, with nothing after it, so the model can carry on.",
                        run=run.index + 1,
                        request=k + 1,
                    ),
                )
            before = _messages(run.requests[k])
            after = _messages(run.requests[k + 1])
            where = {"run": run.index + 1, "request": k + 2}
            last = after[-1] if after and isinstance(after[-1], dict) else {}
            content = reply.get("content")
            if last.get("role") != "assistant" or not _same_content(last.get("content"), content):
                paused_before = (
                    len(after) >= 2
                    and isinstance(after[-2], dict)
                    and after[-2].get("role") == "assistant"
                    and _same_content(after[-2].get("content"), content)
                )
                if last.get("role") == "user" and paused_before:
                    return Outcome(
                        False,
                        tr(
                            "In run {run}, request {request} has a user message after the "
                            "paused turn ({what}). After `pause_turn`, the paused reply goes "
                            "back as the last message, with no user message after it (no "
                            'results, no "Continue."): the server tool\'s call has no result '
                            "yet, and the API answers 400.",
                            what=_what_user_sent(last),
                            **where,
                        ),
                    )
                if last.get("role") == "assistant":
                    return Outcome(
                        False,
                        tr(
                            "In run {run}, request {request} ends with an assistant turn, but "
                            "not the paused reply as it came: send `response.content` back "
                            "unchanged, server tool blocks included, so the model can carry on "
                            "where it stopped.",
                            **where,
                        ),
                    )
                return Outcome(
                    False,
                    tr(
                        "In run {run}, request {request} does not end with the paused reply. "
                        "After `pause_turn`, append the reply as the assistant turn, as it "
                        "came, and send nothing after it.",
                        **where,
                    ),
                )
            earlier = after[:-1]
            if len(earlier) != len(before) or any(
                not isinstance(a, dict) or not isinstance(b, dict) or a.get("role") != b.get("role")
                for a, b in zip(earlier, before)
            ):
                return Outcome(
                    False,
                    tr(
                        "In run {run}, request {request} does not keep the conversation so "
                        "far: send every earlier message, then the paused reply.",
                        **where,
                    ),
                )
    return Outcome(True)
