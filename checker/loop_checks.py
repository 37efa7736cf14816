"""Generic checks of a tool loop, for any course's Python exercises.

A tool loop sends a request, and while the model's reply asks for tools (`stop_reason`
"tool_use") runs each call, sends the results back and asks again, until the model stops
asking (or a cap on requests stops it); then it returns the final reply. Each property is
one check, judged on every run from the parent's own records (the requests that arrived,
the replies the scripted model gave, the tools `run_tool` ran), never from what the
learner's code says about itself:

- `loop-until-done`: the loop went on while the model asked for tools, and stopped when
  it stopped asking (or at the cap);
- `returns-final`: each run returned the reply to its last request, as the client gave
  it, and that reply is final (it does not still ask for a tool, unless the cap stopped
  the loop there);
- `calls-answered`: every call of a reply the loop went on from ran once, with its name
  and input, and was answered by id in the next request, once;
- `stop-reasons`: `pause_turn` resends the paused turn and asks again; any other reason
  but `tool_use` ends the loop, and the calls of a reply cut off at `max_tokens` (or at
  the context window) are never run.

The cap, where the exercise has one, is a number (`max`) or the argument of the entry
that holds it (`max_param`, with its `default` when the call leaves it out).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping

from checker.check_registry import Outcome, check, params_schema
from checker.diagnostics import quote
from checker.i18n import tr, trn
from checker.python_checks import PythonContext, raised_outcome, returned_reply

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

#: stop reasons after which a loop goes on
GOES_ON = ("tool_use", "pause_turn")
#: stop reasons of a reply cut off mid-way: a tool call it ends with may be unfinished
CUT_OFF = ("max_tokens", "model_context_window_exceeded")
#: the stop reasons the Messages API gives that end a loop
ENDING = ("end_turn", "max_tokens", "stop_sequence", "refusal", "model_context_window_exceeded")

CAP = {
    "max": {"type": "integer", "minimum": 1, "description": "the most requests a run may send"},
    "max_param": {
        "type": "string",
        "description": "the argument of the entry that holds the cap on requests",
    },
    "default": {
        "type": "integer",
        "minimum": 1,
        "description": "the cap when the call leaves max_param out",
    },
}


# ----------------------------------------------------------------------------- records


def replies(run) -> list[tuple[int, dict]]:
    """(request index, reply) for each reply the scripted model gave, in order."""
    out = []
    for reply in run.replies or []:
        message = reply.get("message") if isinstance(reply, dict) else None
        if isinstance(message, dict) and isinstance(reply.get("request"), int):
            out.append((reply["request"], message))
    return out


def reply_to(run, request: int) -> dict | None:
    return next((m for k, m in replies(run) if k == request), None)


def stop_reason(message: Any) -> Any:
    return message.get("stop_reason") if isinstance(message, dict) else None


def tool_uses(message: Any) -> list[dict]:
    content = message.get("content") if isinstance(message, dict) else None
    if not isinstance(content, list):
        return []
    return [b for b in content if isinstance(b, dict) and b.get("type") == "tool_use"]


def cap_of(run, params: Mapping) -> int | None:
    """The cap on requests for this run (None: the exercise has none)."""
    if _whole(params.get("max")):
        return params["max"]
    name = params.get("max_param")
    if not isinstance(name, str):
        return None
    value = (run.call or {}).get(name, params.get("default"))
    return value if _whole(value) else None


def _code(reason: Any) -> str:
    """A stop reason as the messages show it: `max_tokens` (anything else quoted)."""
    return f"`{reason}`" if isinstance(reason, str) and reason.isidentifier() else quote(reason)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _where(run, request: int) -> str:
    return tr("request {request} of run {run}", request=request + 1, run=run.index + 1)


def _plain(recorded: Any, returned: Any) -> Any:
    """`recorded` as the SDK's dump of it reads: a block's empty extra fields added."""
    if isinstance(recorded, list) and isinstance(returned, list) and len(recorded) == len(returned):
        return [_plain(r, v) for r, v in zip(recorded, returned)]
    if isinstance(recorded, dict) and isinstance(returned, dict):
        extra = {k: v for k, v in returned.items() if k not in recorded and v is None}
        return {**{k: _plain(v, returned.get(k)) for k, v in recorded.items()}, **extra}
    return recorded


# ------------------------------------------------------------------------------ checks


@check("loop-until-done", kinds=("python",), params=params_schema(CAP))
def loop_until_done(ctx: PythonContext, params: Mapping) -> Outcome:
    """The loop goes on while the model asks for tools and stops when it stops asking (or
    at the cap, `max` or the argument `max_param`): no run ends on a reply that still asks
    for a tool, none asks again after a reply that ends the turn."""
    for run in ctx.runs:
        if run.exception is not None:
            return raised_outcome(run)
        cap = cap_of(run, params)
        sent = len(run.requests)
        if cap is not None and sent > cap:
            return Outcome(
                False,
                tr(
                    "Run {run} sent {sent} requests; the cap is {cap}. Count the requests and "
                    "stop at the cap, whatever the model keeps asking for.",
                    run=run.index + 1,
                    sent=sent,
                    cap=cap,
                ),
            )
        seen = replies(run)
        if not sent:
            return Outcome(False, tr("Run {run} sent no request at all.", run=run.index + 1))
        for request, message in seen:
            reason = stop_reason(message)
            if reason not in GOES_ON and request + 1 < sent:
                return Outcome(
                    False,
                    tr(
                        "In run {run}, the reply to request {request} stopped for {reason}, "
                        'yet the loop sent request {next}. Only "tool_use" (run the calls) '
                        'and "pause_turn" (send the reply back) go on; any other '
                        "`stop_reason` ends the loop.",
                        run=run.index + 1,
                        request=request + 1,
                        reason=_code(reason),
                        next=request + 2,
                    ),
                )
        last = reply_to(run, sent - 1)
        reason = stop_reason(last)
        if reason in GOES_ON and not (cap is not None and sent == cap):
            if reason == "pause_turn":
                why = tr(
                    "In run {run}, the loop ended on the reply to request {request}, which "
                    'stopped for "pause_turn": a paused turn is not finished. Send the reply '
                    "back as the last message and ask again.",
                    run=run.index + 1,
                    request=sent,
                )
            else:
                why = trn(
                    len(tool_uses(last)),
                    "In run {run}, the loop ended after request {request}, whose reply still "
                    'asks for a tool ({n} call, `stop_reason` "tool_use"). A tool loop goes '
                    "on until the model stops asking: run the calls, send the results, ask "
                    'again, while `stop_reason` is "tool_use".',
                    "In run {run}, the loop ended after request {request}, whose reply still "
                    'asks for tools ({n} calls, `stop_reason` "tool_use"). A tool loop goes '
                    "on until the model stops asking: run the calls, send the results, ask "
                    'again, while `stop_reason` is "tool_use".',
                    run=run.index + 1,
                    request=sent,
                )
            return Outcome(False, why)
    return Outcome(True)


@check(
    "returns-final",
    kinds=("python",),
    params=params_schema(CAP),
)
def returns_final(ctx: PythonContext, params: Mapping) -> Outcome:
    """The function returns the model's final reply: the response to its last request, as
    `client.messages.create` gave it, and one that no longer asks for a tool (unless the
    cap, `max` or the argument `max_param`, stopped the loop there)."""
    for run in ctx.runs:
        if run.exception is not None:
            return raised_outcome(run)
        last = len(run.requests) - 1
        request = returned_reply(run)
        if request is None:
            return Outcome(False, _not_a_reply(run, last))
        if request != last:
            return Outcome(
                False,
                tr(
                    "Run {run} returned the reply to request {request}, not to the last one "
                    "(request {last}). Return the final response, the one the loop stopped "
                    "on.",
                    run=run.index + 1,
                    request=request + 1,
                    last=last + 1,
                ),
            )
        message = reply_to(run, last)
        cap = cap_of(run, params)
        if stop_reason(message) in GOES_ON and not (cap is not None and last + 1 == cap):
            return Outcome(
                False,
                tr(
                    "Run {run} returned the reply to request {request}, which still asks for "
                    "a tool (`stop_reason` {reason}): that is not the model's final reply. "
                    "Go on until the model stops asking, then return that reply.",
                    run=run.index + 1,
                    request=last + 1,
                    reason=_code(stop_reason(message)),
                ),
            )
    return Outcome(True)


def _not_a_reply(run, last: int) -> str:
    """Why what the run returned is no reply the model gave, naming a likely slip."""
    message = reply_to(run, last) if last >= 0 else None
    returned = run.returned
    content = message.get("content") if isinstance(message, dict) else None
    texts = [b.get("text") for b in content or [] if isinstance(b, dict) and "text" in b]
    if isinstance(returned, str) and returned in texts:
        slip = tr("the reply's text")
    elif isinstance(returned, list) and returned == content:
        slip = tr("the reply's `content` list")
    else:
        slip = quote(returned, 80)
    return tr(
        "Run {run} returned {what}, not the model's final response. Return the last response "
        "`client.messages.create` gave, as it is (the message object, not a part of it).",
        run=run.index + 1,
        what=slip,
    )


@check("calls-answered", kinds=("python",), params=params_schema({}))
def calls_answered(ctx: PythonContext, params: Mapping) -> Outcome:
    """Every call of a reply the loop went on from ran once, with its name and input, and
    the next request answers it: its last message is the user's, with one `tool_result`
    quoting the call's id, and no result for a call that reply did not make."""
    judged = False
    for run in ctx.runs:
        expected: Counter = Counter()
        allowed: Counter = Counter()
        for request, message in replies(run):
            uses = tool_uses(message)
            if stop_reason(message) != "tool_use" or not uses:
                continue
            allowed.update(_key(u) for u in uses)
            if request + 1 >= len(run.requests):
                continue  # the loop ended here (the cap): its calls need no answer
            judged = True
            expected.update(_key(u) for u in uses)
            wrong = _answer_problem(run, request + 1, uses)
            if wrong:
                return Outcome(False, wrong)
        ran = Counter(_key_of(call.name, call.input) for call in run.tool_calls or [])
        wrong = _ran_problem(run, expected, allowed, ran)
        if wrong:
            return Outcome(False, wrong)
    if not judged:
        return Outcome(
            False,
            tr(
                "No run sent a request after the model asked for a tool, so there is nothing "
                "to judge yet: run the calls and send their results in the next request."
            ),
        )
    return Outcome(True)


def _key(use: Mapping) -> str:
    return _key_of(use.get("name"), use.get("input"))


def _key_of(name: Any, value: Any) -> str:
    try:
        shown = json.dumps(value, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        shown = repr(value)
    return tr("{name} with input {input}", name=quote(name), input=shown)


def _answer_problem(run, k: int, uses: list[dict]) -> str | None:
    request = run.requests[k]
    messages = request.get("messages") if isinstance(request, dict) else None
    last = messages[-1] if isinstance(messages, list) and messages else None
    where = _where(run, k)
    if not isinstance(last, dict) or last.get("role") != "user":
        text = tr(
            "{where} does not end with a user message holding the tool results: the answer "
            "to the model's calls goes in the very next message.",
            where=where,
        )
        return text[:1].upper() + text[1:]  # a language may begin otherwise ("В запросе")
    content = last.get("content")
    blocks = [
        b
        for b in (content if isinstance(content, list) else [])
        if isinstance(b, dict) and b.get("type") == "tool_result"
    ]
    answered = Counter(b.get("tool_use_id") for b in blocks)
    ids = [u.get("id") for u in uses]
    for call_id in ids:
        if answered[call_id] == 0:
            name = next(u.get("name") for u in uses if u.get("id") == call_id)
            return tr(
                "In {where}, the call {id} ({name}) got no tool_result: every call of the "
                "reply is answered in the next message, by its id.",
                where=where,
                id=quote(call_id),
                name=quote(name),
            )
        if answered[call_id] > 1:
            return tr(
                "In {where}, the call {id} is answered {n} times: give each call one result.",
                where=where,
                id=quote(call_id),
                n=answered[call_id],
            )
    stray = [i for i in answered if i not in ids]
    if stray:
        return tr(
            "In {where}, a tool_result quotes {id}, which is no call of the reply before it "
            "(its calls: {ids}).",
            where=where,
            id=quote(stray[0]),
            ids=", ".join(quote(i) for i in ids),
        )
    return None


def _ran_problem(run, expected: Counter, allowed: Counter, ran: Counter) -> str | None:
    for key, count in expected.items():
        if ran[key] < count:
            return tr(
                "In run {run}, the call {call} was never run: run every call of a reply "
                "before sending the results.",
                run=run.index + 1,
                call=key,
            )
    for key, count in ran.items():
        if count > allowed[key]:
            if allowed[key] == 0:
                return tr(
                    "In run {run}, run_tool ran {call}, which no reply of the model asked for: "
                    "run each call as the model wrote it, `run_tool(call.name, call.input)`.",
                    run=run.index + 1,
                    call=key,
                )
            return tr(
                "In run {run}, the call {call} ran {times}; the model asked for it {asked}. "
                "Run each call once.",
                run=run.index + 1,
                call=key,
                times=trn(count, "{n} time", "{n} times"),
                asked=trn(allowed[key], "{n} time", "{n} times"),
            )
    return None


@check(
    "stop-reasons",
    kinds=("python",),
    params=params_schema(
        {
            "reasons": {
                "type": "array",
                "items": {"enum": ["pause_turn", *ENDING]},
                "minItems": 1,
                "description": "the stop reasons judged (default: every one the script has)",
            }
        }
    ),
)
def stop_reasons(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each stop reason handled: after "pause_turn" the paused reply goes back as the last
    message and the loop asks again; any reason but "tool_use" and "pause_turn" ends the
    loop, and the calls of a reply cut off at "max_tokens" (or the context window) are never
    run. `reasons` picks which (default: every one the exercise's script has)."""
    wanted = params.get("reasons")
    scripted = {
        stop_reason(reply)
        for run in ctx.runs
        for reply in run.script or []
        if stop_reason(reply) not in (None, "tool_use")
    }
    reasons = list(wanted) if isinstance(wanted, list) else sorted(scripted, key=str)
    absent = [r for r in reasons if r not in scripted]
    if absent or not reasons:
        return Outcome(
            False,
            tr(
                "No scenario of this exercise has a reply that stops for {reason}: add one to "
                "the script (or a variant's), or leave it out of `reasons`.",
                reason=", ".join(_code(r) for r in absent) or tr("anything but tool_use"),
            ),
        )
    for run in ctx.runs:
        order = [stop_reason(r) for r in run.script or []]
        for reason in sorted(set(reasons), key=lambda r: order.index(r) if r in order else 99):
            position = _scripted_at(run, reason)
            if position is None:
                continue
            found = [(k, m) for k, m in replies(run) if stop_reason(m) == reason]
            if not found:
                if run.exception is not None:
                    return raised_outcome(run)
                return Outcome(
                    False,
                    tr(
                        "Not judged yet: run {run} ended after {n}, before the reply that "
                        "stops for {reason} (the reply to request {request}).",
                        run=run.index + 1,
                        n=trn(len(run.requests), "{n} request", "{n} requests"),
                        reason=_code(reason),
                        request=position + 1,
                    ),
                )
            for k, message in found:
                wrong = _handled(run, k, message, reason)
                if wrong:
                    return Outcome(False, wrong)
    return Outcome(True)


def _scripted_at(run, reason: str) -> int | None:
    for position, reply in enumerate(run.script or []):
        if stop_reason(reply) == reason:
            return position
    return None


def _handled(run, k: int, message: dict, reason: str) -> str | None:
    sent = len(run.requests)
    if reason == "pause_turn":
        if k + 1 >= sent:
            return tr(
                'In run {run}, the reply to request {request} stopped for "pause_turn" and the '
                "loop ended there. A pause is not the end of the turn: append the reply as the "
                "assistant turn, send nothing after it, and ask again.",
                run=run.index + 1,
                request=k + 1,
            )
        after = run.requests[k + 1].get("messages") if isinstance(run.requests[k + 1], dict) else []
        last = after[-1] if isinstance(after, list) and after else None
        content = message.get("content")
        if not (
            isinstance(last, dict)
            and last.get("role") == "assistant"
            and last.get("content") == _plain(content, last.get("content"))
        ):
            return tr(
                "In {where}, the last message is not the paused reply as it came: after "
                '"pause_turn", send the reply back unchanged as the last message, with no '
                "user message after it, so the model can carry on.",
                where=_where(run, k + 1),
            )
        return None
    if reason in CUT_OFF:
        allowed = Counter(
            _key(u) for _, m in replies(run) if stop_reason(m) == "tool_use" for u in tool_uses(m)
        )
        ran = Counter(_key_of(c.name, c.input) for c in run.tool_calls or [])
        for use in tool_uses(message):
            if ran[_key(use)] > allowed[_key(use)]:
                return tr(
                    "In run {run}, the reply to request {request} was cut off ({reason}) and "
                    "the code ran its unfinished call {name}. A cut-off reply ends the loop: "
                    "run none of its calls, their input may be incomplete.",
                    run=run.index + 1,
                    request=k + 1,
                    reason=_code(reason),
                    name=quote(use.get("name")),
                )
    if k + 1 < sent:
        return tr(
            "In run {run}, the reply to request {request} stopped for {reason}, yet the loop "
            'sent request {next}. Only "tool_use" and "pause_turn" go on; {reason} ends the '
            "loop: return that reply.",
            run=run.index + 1,
            request=k + 1,
            reason=_code(reason),
            next=k + 2,
        )
    return None
