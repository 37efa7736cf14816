"""Checks of capped-loop: a loop that stops at its cap and turns every result into data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from checker.checks import Outcome, check, quote, tool_rounds, tr, trn

if TYPE_CHECKING:
    from checker.checks import PythonContext

from ._runs import (
    RAISE_KEY,
    _is_flag,
    content_text,
    raised,
)


def _cap(run, params: Mapping) -> int:
    default = params.get("default", 8)
    default = default if isinstance(default, int) else 8
    value = run.call.get(params.get("param", "max_steps"), default)
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _runaway(run, cap: int) -> bool:
    """The script asks for tools in more replies than the cap allows, and never stops."""
    replies = run.script
    return len(replies) > cap and all(r.get("stop_reason") == "tool_use" for r in replies)


@check("stops-at-cap", kinds=("python",))
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
                return raised(run)  # type: ignore[return-value]
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


@check("results-carry-output", kinds=("python",))
def results_carry_output(ctx: PythonContext, params: Mapping) -> Outcome:
    """A call whose tool worked is answered with what run_tool returned, and no `is_error`."""
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
            if content_text(block.get("content")) != scripted:
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


@check("errors-as-results", kinds=("python",))
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
            if not _is_flag(block.get("is_error")):
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
            if run.exception is not None and run.exception.type == "RuntimeError":
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


@check("returns-last-response", kinds=("python",))
def returns_last_response(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each run returns the reply to its last request, as `client.messages.create` gave it."""
    for run in ctx.runs:
        problem = raised(run)
        if problem:
            return problem
        last = len(run.requests) - 1
        returned = run.returned
        if last >= 0 and isinstance(returned, dict) and returned.get("__reply__") == last:
            continue
        if isinstance(returned, dict) and isinstance(returned.get("__reply__"), int):
            why = tr(
                "the reply to request {request}, not to the last one (request {last})",
                request=returned["__reply__"] + 1,
                last=last + 1,
            )
        else:
            why = quote(returned)
        return Outcome(
            False,
            tr(
                "Run {run} returned {what}. Return the last response `client.messages.create` "
                "gave you, as it is: the final answer, or the reply on which the cap stopped "
                "the loop.",
                run=run.index + 1,
                what=why,
            ),
        )
    return Outcome(True)
