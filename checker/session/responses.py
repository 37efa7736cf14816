"""Cross-turn checks of the Responses API: output items passed back, calls answered.

- With `previous_response_id`, the server holds the response's items: the request answers
  each of its calls (`r-session-call-unanswered`, a 400).
- Without it, the request passes the response's output items back: a call or message
  resent with its server id keeps the reasoning item that came before it
  (`r-session-reasoning-dropped`, a 400), calls keep their name and arguments
  (`r-session-call-edited`), and each call is answered (`r-session-calls-dropped`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from checker.diagnostics import code
from checker.i18n import tr
from checker.session.model import CrossFinding, Earlier
from checker.session.pair import Pair, at, finding
from checker.session.views import VIEWS, same_arguments

VIEW = VIEWS["responses"]
#: call item types and the output type that answers each
CALLS = {
    "function_call": "function_call_output",
    "custom_tool_call": "custom_tool_call_output",
    "computer_call": "computer_call_output",
    "local_shell_call": "local_shell_call_output",
    "shell_call": "shell_call_output",
    "apply_patch_call": "apply_patch_call_output",
}
ANSWERS = frozenset(CALLS.values())


def _type(item: Any) -> Any:
    return item.get("type", "message") if isinstance(item, dict) else None


def check(pair: Pair) -> Iterator[CrossFinding]:
    found = VIEW.reply(pair.prev.response) if pair.prev.answered else None
    cur = pair.cur_history
    answered = {it.get("call_id") for it in cur if _type(it) in ANSWERS and isinstance(it, dict)}
    if pair.shared is None:  # continues the stored response by its id
        if found is None:
            return
        output, base = found
        yield from _orphans(pair, output, base, cur)
        missing = [
            (j, it)
            for j, it in enumerate(output)
            if _type(it) in CALLS and it.get("call_id") not in answered
        ]
        if missing:
            yield finding(
                "r-session-call-unanswered",
                "/input",
                tr(
                    "this request continues response {id} of exchange {n} but gives no output "
                    "for its calls {calls}: the API refuses to go on with a call unanswered",
                    id=code(str(pair.prev.response.get("id"))),
                    n=pair.prev_number,
                    calls=", ".join(code(str(it.get("call_id"))) for _, it in missing),
                ),
                tr(
                    "Add a `function_call_output` with the same `call_id` for each call "
                    "(saying it was not executed, when it did not run)."
                ),
                pair.in_response(f"{base}/{missing[0][0]}"),
            )
        return
    # the items the earlier request passed back, matched by id and call_id (not by place:
    # a dropped item shifts the rest)
    yield from _passed_back(pair, pair.prev_history, "/input", pair.in_request, cur, False)
    if found is not None:
        output, base = found
        yield from _passed_back(pair, output, base, pair.in_response, cur, True)


def _orphans(pair: Pair, output: list[Any], base: str, cur: list[Any]) -> Iterator[CrossFinding]:
    """Outputs, in a request that continues a stored response, for calls it did not make."""
    made = {it.get("call_id") for it in output if _type(it) in CALLS}
    made |= {it.get("call_id") for it in cur if _type(it) in CALLS and isinstance(it, dict)}
    calls = [(j, it) for j, it in enumerate(output) if _type(it) in CALLS]
    for n, item in enumerate(cur):
        if _type(item) not in ANSWERS or not isinstance(item, dict):
            continue
        if item.get("call_id") in made:
            continue
        yield finding(
            "r-session-output-orphan",
            at("input", n, "call_id"),
            tr(
                "`input[{n}]` answers {id}, but response {rid} of exchange {m}, which this "
                "request continues, made no call with that `call_id`",
                n=n,
                id=code(str(item.get("call_id"))),
                rid=code(str(pair.prev.response.get("id"))),
                m=pair.prev_number,
            ),
            tr(
                "Answer the calls of the response you continue, with their `call_id`s; "
                "leave out outputs of calls it did not make."
            ),
            pair.in_response(f"{base}/{calls[0][0]}" if calls else base),
        )


def _passed_back(
    pair: Pair,
    items: list[Any],
    base: str,
    source: Callable[[str], Earlier],
    cur: list[Any],
    lost_matters: bool,
) -> Iterator[CrossFinding]:
    """The items an earlier exchange held (its output, or its input) against `cur`."""
    by_call = {it.get("call_id"): (n, it) for n, it in enumerate(cur) if _type(it) in CALLS}
    by_id = {it.get("id"): n for n, it in enumerate(cur) if isinstance(it, dict) and it.get("id")}
    answered = {it.get("call_id") for it in cur if _type(it) in ANSWERS}
    lost: list[tuple[int, Any]] = []
    for j, item in enumerate(items):
        kind = _type(item)
        if kind not in CALLS and kind != "message":
            continue
        if kind == "message":
            n = by_id.get(item.get("id")) if item.get("id") else None
            resent = (n, cur[n]) if n is not None else None
        else:
            resent = by_call.get(item.get("call_id"))
        if resent is None:
            if kind in CALLS and item.get("call_id") not in answered and lost_matters:
                lost.append((j, item.get("call_id")))
            continue
        n, sent = resent
        server_id = item.get("id")
        if isinstance(server_id, str) and sent.get("id") == server_id:
            rs = _reasoning_before(items, j)
            if rs is not None and items[rs].get("id") not in by_id:
                yield finding(
                    "r-session-reasoning-dropped",
                    at("input", n, "id"),
                    tr(
                        "`input[{n}]` passes back {id} with its server id, but not the "
                        "reasoning item {rs} that came before it in exchange {m}: the API "
                        "refuses the item without it",
                        n=n,
                        id=code(server_id),
                        rs=code(str(items[rs].get("id"))),
                        m=pair.prev_number,
                    ),
                    tr(
                        "Pass back every output item as returned, reasoning items included, or "
                        "leave out this item's `id` (keep `call_id`)."
                    ),
                    source(f"{base}/{rs}"),
                )
        if kind in CALLS:
            field = _edited(sent, item)
            if field is not None:
                yield finding(
                    "r-session-call-edited",
                    at("input", n, field),
                    tr(
                        "the call {id} in `input[{n}]` is passed back with another `{field}` "
                        "than the model gave it in exchange {m}",
                        id=code(str(item.get("call_id"))),
                        n=n,
                        field=field,
                        m=pair.prev_number,
                    ),
                    tr(
                        "Pass the model's calls back as they were returned; say what you did "
                        "differently in the call's output."
                    ),
                    source(f"{base}/{j}"),
                )
    if lost:
        k = pair.shared or 0
        yield finding(
            "r-session-calls-dropped",
            at("input", k) if k < len(cur) else "/input",
            tr(
                "the calls {ids} that exchange {n} returned are neither passed back nor "
                "answered: the model's calls are lost from the conversation",
                ids=", ".join(code(str(c)) for _, c in lost),
                n=pair.prev_number,
            ),
            tr(
                "Pass back the response's output items and add a `function_call_output` for "
                "each call (saying it was not executed, when it did not run)."
            ),
            source(f"{base}/{lost[0][0]}"),
        )


def _reasoning_before(items: list[Any], j: int) -> int | None:
    """The reasoning item that leads the group of items `items[j]` belongs to."""
    for n in range(j - 1, -1, -1):
        kind = _type(items[n])
        if kind == "reasoning":
            return n if isinstance(items[n].get("id"), str) else None
        if kind not in CALLS and kind != "message":
            return None
    return None


def _edited(sent: dict[str, Any], item: dict[str, Any]) -> str | None:
    if sent.get("name") != item.get("name"):
        return "name"
    for field in ("arguments", "input"):
        if field in item and not same_arguments(sent.get(field), item.get(field)):
            return field
    return None
