"""Cross-turn checks of Chat Completions: the response's message comes back as returned.

The assistant message of the choice the conversation went on with is resent with its
`tool_calls` as made (`o-session-call-edited`: the arguments may be re-serialised with the
same value) and each call answered (`o-session-calls-dropped`). Fields the API adds to a
reply (`refusal`, `annotations`) may be left out; user-side edits are not reported.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from checker.diagnostics import code
from checker.i18n import tr
from checker.session.model import CrossFinding, Earlier
from checker.session.pair import Pair, at, finding
from checker.session.views import VIEWS, ChatView, same_arguments

VIEW: ChatView = VIEWS["openai"]  # type: ignore[assignment]


def _calls_of(message: Any) -> list[tuple[int, dict[str, Any]]]:
    calls = message.get("tool_calls") if isinstance(message, dict) else None
    return [(j, c) for j, c in enumerate(calls or []) if isinstance(c, dict)]


def _mentioned(messages: list[Any]) -> set[str]:
    """Every call id resent or answered in `messages`."""
    found: set[str] = set()
    for m in messages:
        if not isinstance(m, dict):
            continue
        if isinstance(m.get("tool_call_id"), str):
            found.add(m["tool_call_id"])
        for _, call in _calls_of(m):
            if isinstance(call.get("id"), str):
                found.add(call["id"])
    return found


def check(pair: Pair) -> Iterator[CrossFinding]:
    cur, prev, k = pair.cur_history, pair.prev_history, pair.shared
    if k is None:
        return
    for i in range(min(k, len(cur))):
        if _role(cur[i]) == _role(prev[i]) == "assistant" and not VIEW.same(cur[i], prev[i]):
            base = f"/messages/{i}/tool_calls"

            def source(j: int, base: str = base) -> Earlier:
                return pair.in_request(f"{base}/{j}")

            yield from _calls(pair, i, cur[i], prev[i], source)
    replies = VIEW.replies(pair.prev.response) if pair.prev.answered else []
    if not replies:
        return
    if k < len(cur) and _role(cur[k]) == "assistant":
        sent_ids = {c.get("id") for _, c in _calls_of(cur[k])}
        message, base = max(
            replies, key=lambda r: len(sent_ids & {c.get("id") for _, c in _calls_of(r[0])})
        )
        if not VIEW.same(cur[k], message):

            def replied(j: int) -> Earlier:
                return pair.in_response(f"{base}/tool_calls/{j}")

            yield from _calls(pair, k, cur[k], message, replied)
        return
    message, base = replies[0]
    mentioned = _mentioned(cur)
    lost = [(j, str(c.get("id"))) for j, c in _calls_of(message) if c.get("id") not in mentioned]
    if lost:
        path = at("messages", k) if k < len(cur) else "/messages"
        yield _dropped(pair, path, lost, pair.in_response(f"{base}/tool_calls/{lost[0][0]}"))


def _role(message: Any) -> Any:
    return message.get("role") if isinstance(message, dict) else None


def _calls(pair: Pair, i: int, sent: Any, original: Any, source: Any) -> Iterator[CrossFinding]:
    resent = _calls_of(sent)
    by_id = {c.get("id"): (j, c) for j, c in resent}
    known = {c.get("id") for _, c in _calls_of(original)}
    mentioned = _mentioned(pair.cur_history)
    lost: list[tuple[int, str]] = []
    for n, (j0, call) in enumerate(_calls_of(original)):
        match = by_id.get(call.get("id"))
        if match is None and n < len(resent) and resent[n][1].get("id") not in known:
            match = resent[n]
        if match is None:
            if call.get("id") not in mentioned:
                lost.append((j0, str(call.get("id"))))
            continue
        j, block = match
        field = _changed(block, call)
        if field is not None:
            yield finding(
                "o-session-call-edited",
                at("messages", i, "tool_calls", j, *field),
                tr(
                    "the tool call `{id}` in `messages[{i}]` is resent with other {what} than "
                    "the model gave it in exchange {n}",
                    id=str(call.get("id")),
                    i=i,
                    what=code(".".join(field)),
                    n=pair.prev_number,
                ),
                tr(
                    "Resend the assistant message's `tool_calls` as they were returned; say "
                    "what you did differently in the `tool` message."
                ),
                source(j0),
            )
    if lost:
        yield _dropped(pair, at("messages", i, "tool_calls"), lost, source(lost[0][0]))


def _changed(sent: dict[str, Any], call: dict[str, Any]) -> tuple[str, ...] | None:
    if sent.get("id") != call.get("id"):
        return ("id",)
    a, b = sent.get("function"), call.get("function")
    if not isinstance(a, dict) or not isinstance(b, dict):
        return None if a == b else ("function",)
    if a.get("name") != b.get("name"):
        return ("function", "name")
    if not same_arguments(a.get("arguments"), b.get("arguments")):
        return ("function", "arguments")
    return None


def _dropped(pair: Pair, path: str, lost: list[tuple[int, str]], earlier: Earlier) -> CrossFinding:
    return finding(
        "o-session-calls-dropped",
        path,
        tr(
            "the tool calls {ids} that exchange {n} returned are neither resent nor "
            "answered: the model's calls are lost from the conversation",
            ids=", ".join(code(i) for _, i in lost),
            n=pair.prev_number,
        ),
        tr(
            "Resend the assistant message with its `tool_calls` and answer each with a `tool` "
            "message of the same `tool_call_id` (saying it was not executed, when it did not "
            "run)."
        ),
        earlier,
    )
