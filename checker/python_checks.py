"""Criteria for python exercises: they read what the learner's code did against the fake model.

Each check receives a `PythonContext` holding the `RunReport` of every run (the requests the
code sent, as the API would receive them; the replies it got; the tools it ran; what it
returned) and judges every run: a criterion passes only when it holds in all of them, so
an id copied from the first run into the code fails the second.
"""

from __future__ import annotations

from collections.abc import Mapping

from checker.check_registry import NO_PARAMS, Outcome, check, params_schema
from checker.diagnostics import quote
from checker.i18n import tr, trn
from checker.records import record  # a dataclass, without its import cost

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


@record
class PythonContext:
    report: Any  # checker.sandbox.RunReport
    exercise: Mapping[str, Any]

    @property
    def runs(self):
        return self.report.runs


def refusal(run) -> Any | None:
    """The request error behind the run's exception when the API refused one of the
    learner's own requests (a 400, as the parent recorded it); None otherwise."""
    exception = run.exception
    if exception is None or exception.type not in ("BadRequestError", "RequestTooLargeError"):
        return None
    for error in run.request_errors:
        if error.type == exception.type and error.index is not None:
            return error
    return None


def refusal_text(run, error) -> str:
    """`the API refused request 2 with a 400 (a-tool-result-orphan): ...` for `refusal`."""
    found = run.diagnostics[error.index] if error.index < len(run.diagnostics) else []
    first = next((d for d in found if d.get("severity") == "error"), None)
    if first is None:
        return tr(
            "the API refused request {request} ({type})", request=error.index + 1, type=error.type
        )
    return tr(
        "the API refused request {request} with a 400 ({rule}, explained with the problems below)",
        request=error.index + 1,
        rule=first.get("rule"),
    )


def raised_outcome(run) -> Outcome:
    """The failed Outcome of a run that ended in an exception, saying whose fault it is: a
    request the API refused is the request's fault (fix the request, not the error
    handling); any other exception is the code's own."""
    error = refusal(run)
    if error is not None:
        return Outcome(
            False,
            tr(
                "Not judged for run {run}: {refused}. Fix that request; catching the error "
                "would not help.",
                run=run.index + 1,
                refused=refusal_text(run, error),
            ),
        )
    return Outcome(
        False,
        tr(
            "Run {run} raised {type}: {message}",
            run=run.index + 1,
            type=run.exception.type,
            message=quote(run.exception.message, 200),
        ),
    )


def _reply(run, request_index: int) -> dict | None:
    for reply in run.replies:
        if reply.get("request") == request_index:
            return reply.get("message")
    return None


def returned_reply(run) -> int | None:
    """The index of the request whose reply the run returned, as `create` gave it; or None.

    Decided from the parent's own records: what the run returned must be an SDK `Message`
    holding exactly the reply the parent issued for that request (its id, content, stop
    reason, usage...). No attribute of the object, nor any key of a dict, says which reply
    it is: a reply changed, copied from another or made up matches none.
    """
    returned = run.returned
    if not isinstance(returned, dict) or returned.get("__sdk__") != "Message":
        return None
    data = {key: value for key, value in returned.items() if key != "__sdk__"}
    for reply in reversed(run.replies):
        if isinstance(reply, dict) and reply.get("message") == data:
            index = reply.get("request")
            return index if isinstance(index, int) else None
    return None


def _tool_uses(message: Any) -> list[dict]:
    if not isinstance(message, dict) or not isinstance(message.get("content"), list):
        return []
    return [b for b in message["content"] if isinstance(b, dict) and b.get("type") == "tool_use"]


def tool_rounds(run):
    """(request index, request, the tool_use blocks it must answer) for each follow-up."""
    for k in range(1, len(run.requests)):
        previous = _reply(run, k - 1)
        uses = _tool_uses(previous)
        if uses and isinstance(previous, dict) and previous.get("stop_reason") == "tool_use":
            yield k, run.requests[k], uses


def _messages(request: Any) -> list:
    messages = request.get("messages") if isinstance(request, dict) else None
    return messages if isinstance(messages, list) else []


def _where(run, k: int) -> str:
    return tr("request {request} of run {run}", request=k + 1, run=run.index + 1)


def _no_follow_up(ctx: PythonContext) -> Outcome | None:
    if not any(list(tool_rounds(run)) for run in ctx.runs):
        return Outcome(
            False,
            tr(
                "Your code never sent a request after the model asked for a tool, so there is "
                "nothing to judge yet: run the tool and call `client.messages.create` again."
            ),
        )
    return None


@check("assistant-turn-resent", kinds=("python",), params=NO_PARAMS)
def assistant_turn_resent(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each follow-up request resends the model's tool_use turn just before the results."""
    missing = _no_follow_up(ctx)
    if missing:
        return missing
    for run in ctx.runs:
        for k, request, uses in tool_rounds(run):
            messages = _messages(request)
            ids = {u.get("id") for u in uses}
            before_last = messages[-2] if len(messages) >= 2 else None
            resent = {u.get("id") for u in _tool_uses(before_last)}
            if (
                isinstance(before_last, dict)
                and before_last.get("role") == "assistant"
                and (ids <= resent)
            ):
                changed = _changed_reply(before_last.get("content"), _reply(run, k - 1))
                if changed is None:
                    continue
                return Outcome(
                    False,
                    tr(
                        "In {where}, the assistant turn is not the model's reply as it came: "
                        "{changed}. Send `response.content` back whole, every block unchanged "
                        "and in its order; a thinking model's turn rebuilt from its calls alone "
                        "is rejected with a 400.",
                        where=_where(run, k),
                        changed=changed,
                    ),
                )
            anywhere = any(
                ids <= {u.get("id") for u in _tool_uses(m)}
                for m in messages
                if isinstance(m, dict) and m.get("role") == "assistant"
            )
            where = _where(run, k)
            if anywhere:
                why = tr(
                    "In {where}, the assistant turn with the tool call is there but not right "
                    "before the message with the results. The results must answer the turn "
                    "immediately before them.",
                    where=where,
                )
            else:
                why = tr(
                    "In {where}, the model's own turn is missing: `messages` goes from the "
                    "user's question straight to the tool result. Append the reply as "
                    '`{{"role": "assistant", "content": response.content}}` before the '
                    "tool_result message; the API rejects a result whose call it cannot see "
                    "(400: unexpected `tool_use_id`).",
                    where=where,
                )
            return Outcome(False, why)
    return Outcome(True)


def _same_block(sent: Any, given: Any) -> bool:
    """`sent` is the reply's block `given` sent back: every field it had, same value (extra
    fields left empty by an SDK dump, such as `"citations": null`, do not count)."""
    if not isinstance(sent, dict) or not isinstance(given, dict):
        return sent == given
    if any(sent.get(key) != value for key, value in given.items()):
        return False
    return not any(v is not None for k, v in sent.items() if k not in given)


def _changed_reply(content: Any, reply: Any) -> str | None:
    """What differs between a resent assistant turn's `content` and the reply it resends, in
    a few words; None when every block of the reply is there, unchanged, in its order."""
    given = reply.get("content") if isinstance(reply, dict) else None
    if not isinstance(given, list) or not isinstance(content, list):
        return None
    kinds = [b.get("type") for b in given if isinstance(b, dict)]
    sent_kinds = [b.get("type") for b in content if isinstance(b, dict)]
    missing = [k for k in kinds if k not in sent_kinds or kinds.count(k) > sent_kinds.count(k)]
    if missing:
        return trn(
            len(set(missing)),
            "its {blocks} block is missing",
            "its {blocks} blocks are missing",
            blocks=", ".join(f"`{k}`" for k in dict.fromkeys(missing)),
        )
    if len(content) != len(given):
        return tr("it has {n} blocks, the reply had {m}", n=len(content), m=len(given))
    if sent_kinds != kinds:
        return tr("its blocks are in another order")
    for j, (sent, block) in enumerate(zip(content, given)):
        if not _same_block(sent, block):
            return tr("block {j} ({type}) was changed", j=j, type=f"`{kinds[j]}`")
    return None


def _same_message(sent: Any, again: Any) -> bool:
    """Whether `again` resends the message `sent` (a string content and one text block
    holding it count as the same)."""
    if sent == again:
        return True
    if not (isinstance(sent, dict) and isinstance(again, dict)):
        return False
    if sent.get("role") != again.get("role"):
        return False
    return _content_blocks(sent.get("content")) == _content_blocks(again.get("content"))


def _content_blocks(content: Any) -> Any:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content


@check("history-kept", kinds=("python",), params=NO_PARAMS)
def history_kept(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each follow-up request starts with every message of the request before it, unchanged:
    the API keeps nothing between requests, so the question must travel again."""
    missing = _no_follow_up(ctx)
    if missing:
        return missing
    for run in ctx.runs:
        for k, request, _ in tool_rounds(run):
            before = _messages(run.requests[k - 1])
            now = _messages(request)
            for i, message in enumerate(before):
                if i < len(now) and _same_message(message, now[i]):
                    continue
                where = _where(run, k)
                if i == 0:
                    why = tr(
                        "In {where}, the conversation no longer starts with the user's "
                        "message: the model would read a tool result for a question it never "
                        "saw. Keep the earlier messages and append to them.",
                        where=where,
                    )
                else:
                    why = tr(
                        "In {where}, message {index} of the request before it is missing or "
                        "changed. The API keeps nothing between requests: send the earlier "
                        "messages again, unchanged, then append.",
                        where=where,
                        index=i,
                    )
                return Outcome(False, why)
    return Outcome(True)


def _has_results(message: Any) -> bool:
    content = message.get("content") if isinstance(message, dict) else None
    return isinstance(content, list) and any(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in content
    )


def _results_message(messages: list, start: int) -> Any:
    """The message that answers this round's calls: the last user message holding
    tool_result blocks among those the round added (from `start`), wherever it stands (its
    place is `assistant-turn-resent`'s business); else the request's last message."""
    added = messages[start:] if 0 <= start < len(messages) else []
    for message in reversed(added):
        if isinstance(message, dict) and message.get("role") == "user" and _has_results(message):
            return message
    return messages[-1] if messages else None


@check("tool-result-id", kinds=("python",), params=NO_PARAMS)
def tool_result_id(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each follow-up carries a user message of tool_results quoting the calls' ids (where
    it stands among the new messages is `assistant-turn-resent`'s to judge)."""
    missing = _no_follow_up(ctx)
    if missing:
        return missing
    first_ids = set()
    if ctx.runs:
        first_ids = {u.get("id") for _, _, uses in tool_rounds(ctx.runs[0]) for u in uses}
    for run in ctx.runs:
        for k, request, uses in tool_rounds(run):
            messages = _messages(request)
            last = _results_message(messages, len(_messages(run.requests[k - 1])))
            where = _where(run, k)
            if isinstance(last, dict) and last.get("role") == "tool":
                return Outcome(
                    False,
                    tr(
                        "In {where}, the result travels in a `tool` message, the OpenAI shape. "
                        "In the Messages API it is a `user` message whose content holds a "
                        '`{{"type": "tool_result", "tool_use_id": call.id, ...}}` block.',
                        where=where,
                    ),
                )
            if not isinstance(last, dict) or last.get("role") != "user":
                return Outcome(
                    False,
                    tr(
                        "In {where}, the last message should be a `user` message holding the "
                        "tool results.",
                        where=where,
                    ),
                )
            content = last.get("content")
            results = [
                b
                for b in (content if isinstance(content, list) else [])
                if isinstance(b, dict) and b.get("type") == "tool_result"
            ]
            if not results:
                return Outcome(
                    False,
                    tr(
                        "In {where}, the last message holds no `tool_result` block; the answer "
                        'to a call is `{{"type": "tool_result", "tool_use_id": call.id, '
                        '"content": ...}}`.',
                        where=where,
                    ),
                )
            names = {u.get("id"): u.get("name") for u in uses}
            for block in results:
                used = block.get("tool_use_id")
                if used in names:
                    continue
                if used in names.values():
                    why = tr(
                        "In {where}, `tool_use_id` is {used}: that is the tool's `name`. Use the "
                        "call's `id` (`call.id`), which is what the API matches results by.",
                        where=where,
                        used=quote(used),
                    )
                elif run.index > 0 and used in first_ids:
                    why = tr(
                        "In {where}, `tool_use_id` is {used}, the id from the first run: it "
                        "looks written into the code. Read it from the tool_use block "
                        "(`call.id`) each time; every call gets a new id.",
                        where=where,
                        used=quote(used),
                    )
                else:
                    why = tr(
                        "In {where}, `tool_use_id` is {used}, but the call's id is {expected}. "
                        "Copy it from the tool_use block (`call.id`).",
                        where=where,
                        used=quote(used),
                        expected=", ".join(quote(i) for i in names),
                    )
                return Outcome(False, why)
            answered = {b.get("tool_use_id") for b in results}
            unanswered = [i for i in names if i not in answered]
            if unanswered:
                return Outcome(
                    False,
                    trn(
                        len(unanswered),
                        "In {where}, {n} call got no result ({ids}): every tool_use needs its "
                        "tool_result in the next message.",
                        "In {where}, {n} calls got no result ({ids}): every tool_use needs its "
                        "tool_result in the next message.",
                        where=where,
                        ids=", ".join(quote(i) for i in unanswered),
                    ),
                )
    return Outcome(True)


@check("tools-resent", kinds=("python",), params=NO_PARAMS)
def tools_resent(ctx: PythonContext, params: Mapping) -> Outcome:
    """Every request carries the `tools` manifest (the API is stateless)."""
    for run in ctx.runs:
        for k, request in enumerate(run.requests):
            tools = request.get("tools") if isinstance(request, dict) else None
            if not tools:
                where = _where(run, k)
                text = tr(
                    "{where} has no `tools`. The API keeps nothing between requests, so every "
                    "request must carry the tool definitions; one whose history holds "
                    "tool_use or tool_result blocks without `tools` is rejected with a 400.",
                    where=where,
                )
                return Outcome(False, text[:1].upper() + text[1:])
    if not any(run.requests for run in ctx.runs):
        return Outcome(False, tr("Your code sent no request at all."))
    return Outcome(True)


@check("tool-ran", kinds=("python",), params=params_schema({"any_order": {"type": "boolean"}}))
def tool_ran(ctx: PythonContext, params: Mapping) -> Outcome:
    """`run_tool` ran once per tool call, with the call's name and input."""
    for run in ctx.runs:
        wanted = [(u.get("name"), u.get("input")) for _, _, uses in tool_rounds(run) for u in uses]
        if not wanted:
            wanted = [
                (u.get("name"), u.get("input"))
                for reply in run.replies
                for u in _tool_uses(reply.get("message"))
            ]
        got = [(c.name, c.input) for c in run.tool_calls]
        if got == wanted or (
            params.get("any_order") and sorted(map(repr, got)) == sorted(map(repr, wanted))
        ):
            continue
        if not got:
            return Outcome(
                False,
                tr("Your code never ran the tool: call `run_tool(call.name, call.input)`."),
            )
        if len(got) != len(wanted):
            return Outcome(
                False,
                tr(
                    "The tool ran {times}; the model asked for {calls}. Run each requested call "
                    "exactly once.",
                    times=trn(len(got), "{n} time", "{n} times"),
                    calls=trn(len(wanted), "{n} call", "{n} calls"),
                ),
            )
        name, args = next((g for g, w in zip(got, wanted) if g != w), got[0])
        if isinstance(args, dict) and {"type", "id", "name", "input"} <= set(args):
            return Outcome(
                False,
                tr(
                    "`run_tool` got the whole tool_use block as its input; pass the call's "
                    "`input` (`run_tool(call.name, call.input)`)."
                ),
            )
        return Outcome(
            False,
            tr(
                "`run_tool` got {name} with {args}; pass the call's own `name` and `input`.",
                name=quote(name),
                args=quote(args),
            ),
        )
    return Outcome(True)


@check("requests-valid", kinds=("python",), params=NO_PARAMS)
def requests_valid(ctx: PythonContext, params: Mapping) -> Outcome:
    """The API would accept every request the code sent."""
    for run in ctx.runs:
        for k, diagnostics in enumerate(run.diagnostics):
            errors = [d for d in diagnostics if d.get("severity") == "error"]
            if errors:
                rules = ", ".join(dict.fromkeys(str(d["rule"]) for d in errors))
                return Outcome(
                    False,
                    trn(
                        len(errors),
                        "The API would reject {where} with a 400: {n} problem ({rules}), "
                        "explained with the problems below.",
                        "The API would reject {where} with a 400: {n} problems ({rules}), "
                        "explained with the problems below.",
                        where=_where(run, k),
                        rules=rules,
                    ),
                )
    if not any(run.requests for run in ctx.runs):
        return Outcome(False, tr("Your code sent no request at all."))
    return Outcome(True)


@check(
    "max-requests",
    kinds=("python",),
    params=params_schema({"max": {"type": "integer", "minimum": 1}}, ("max",)),
)
def max_requests(ctx: PythonContext, params: Mapping) -> Outcome:
    """No run sends more than `max` requests (a capped loop stops a runaway model)."""
    cap = int(params["max"])
    for run in ctx.runs:
        if len(run.requests) > cap:
            return Outcome(
                False,
                tr(
                    "Run {run} sent {n} requests; the loop must stop after {cap}, whatever the "
                    "model keeps asking for.",
                    run=run.index + 1,
                    n=len(run.requests),
                    cap=cap,
                ),
            )
    return Outcome(True)


@check(
    "returned-equals",
    kinds=("python",),
    params=params_schema(
        {
            "key": {"description": "what every run returns"},
            "keys": {"type": "array", "description": "what each run returns, one per run"},
        }
    ),
)
def returned_equals(ctx: PythonContext, params: Mapping) -> Outcome:
    """Each run returns `key` (or `keys[run]`, one per run)."""
    keys = params.get("keys") or [params.get("key")] * len(ctx.runs)
    for run, key in zip(ctx.runs, keys):
        if run.exception is not None:
            return _raised(run)
        if run.returned != key:
            return Outcome(
                False,
                tr(
                    "Run {run} returned {value}; expected {key}.",
                    run=run.index + 1,
                    value=quote(run.returned),
                    key=quote(key),
                ),
            )
    return Outcome(True)


@check(
    "returned-schema",
    kinds=("python",),
    params=params_schema({"schema": {"type": ["object", "boolean"]}}, ("schema",)),
)
def returned_schema(ctx: PythonContext, params: Mapping) -> Outcome:
    """What each run returns validates against the JSON Schema `schema`."""
    # on first use, not at import: checker.schema_tools, checker.schema_errors, ... (5 modules)
    from checker.schema_tools import validation_errors

    for run in ctx.runs:
        if run.exception is not None:
            return _raised(run)
        problems = validation_errors(params["schema"], run.returned)
        if problems:
            path, message = problems[0]
            return Outcome(
                False,
                tr(
                    "What run {run} returned does not have the expected shape: at {where}, "
                    "{problem}.",
                    run=run.index + 1,
                    where=path or tr("the top"),
                    problem=message,
                ),
            )
    return Outcome(True)


def _raised(run) -> Outcome:
    return raised_outcome(run)
