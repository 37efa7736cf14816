"""The bundled course's Python checks end to end: other correct styles of the exercises
that use them pass, and a loop that mishandles a stop reason is named for it.
"""

from __future__ import annotations

from python_check_runs import (
    CHECKS,
    COURSE,
    as_returned,
    boom,
    course_checks,
    judge,
    loop_run,
    runaway,
    tool_use,
)

from checker.exercise import mark
from checker.sandbox import ToolCall

# -------------------------------------------------------------- other correct styles


def passes(exercise_id: str, source: str) -> None:
    exercise = COURSE.exercise(exercise_id)
    verdict = mark(exercise.spec(), source, model=COURSE.model, checks=CHECKS)
    failing = [(c.label, c.message) for c in verdict.criteria if not c.passed]
    assert verdict.passed, failing


def fails(exercise_id: str, criterion: str, source: str) -> None:
    exercise = COURSE.exercise(exercise_id)
    verdict = mark(exercise.spec(), source, model=COURSE.model, checks=CHECKS)
    by_id = {c.id: c for c in verdict.criteria}
    assert not by_id[criterion].passed, by_id[criterion]
    assert "next_cursor" in by_id[criterion].message


def test_errors_as_data_passes_a_helper_style_with_text_blocks():
    passes(
        "errors-as-data",
        """\
import json
import support


def _error(call_id, **fields):
    return {"type": "tool_result", "tool_use_id": call_id, "is_error": True,
            "content": [{"type": "text", "text": json.dumps(fields)}]}


def to_tool_result(call_id, fn, args):
    try:
        value = fn(**args)
    except support.RateLimited as exc:
        return _error(call_id, error="rate_limited", retry_after=exc.retry_after,
                      message=f"Slow down: retry in {exc.retry_after} seconds.")
    except support.PermissionDenied as exc:
        return _error(call_id, error="permission_denied",
                      message=f"{exc}; answer without the forecast.")
    return {"type": "tool_result", "tool_use_id": call_id, "content": json.dumps(value),
            "is_error": False}
""",
    )


def test_search_leads_passes_a_pathlib_style():
    passes(
        "search-leads",
        """\
import re
from pathlib import Path

ROOT = "project"


def search_code(pattern, path=".", max_results=20):
    root = Path(ROOT).resolve()
    start = (root / path).resolve()
    if not start.is_relative_to(root):
        return {"error": "path_outside_root", "message": "That path leaves the project."}
    try:
        regex = re.compile(pattern)
    except re.error:
        return {"error": "bad_pattern", "message": "Fix the regular expression."}
    hits = []
    for file in sorted(p for p in start.rglob("*") if p.is_file()):
        for number, line in enumerate(file.read_text().splitlines(), 1):
            if regex.search(line):
                hits.append((file.relative_to(root).as_posix(), number, line.strip()[:200]))
    hits.sort(key=lambda hit: (hit[0], hit[1]))
    return {
        "matches": [dict(file=f, line=n, snippet=s) for f, n, s in hits[:max_results]],
        "total_matches": len(hits),
        "truncated": len(hits) > max_results,
        "hint": "Narrow with path= or a more specific pattern." if len(hits) > max_results else "",
    }
""",
    )


def test_trim_result_refuses_a_binary_search_that_keeps_a_null_cursor():
    """The task says to leave `next_cursor` out when nothing was cut (issue 30): a null
    cursor is refused, with the reason."""
    fails(
        "trim-result",
        "all-fit",
        """\
import json
import math


def size(value):
    return math.ceil(len(json.dumps(value, separators=(",", ":"))) / 4)


def page(orders, n, total):
    result = {"orders": orders[:n], "total": total, "truncated": n < total,
              "next_cursor": None}
    if n < total and n:
        result["next_cursor"] = orders[n - 1]["order_id"]
    return result


def trim_result(rows, budget):
    orders = [{"order_id": r["order_id"], "status": r["status"],
               "refund_shipped": r["refund_shipped"]} for r in rows]
    low, high = 0, len(orders)
    while low < high:
        middle = (low + high + 1) // 2
        if size(page(orders, middle, len(rows))) <= budget:
            low = middle
        else:
            high = middle - 1
    return page(orders, low, len(rows))
""",
    )


def test_capped_loop_passes_a_loop_that_also_runs_the_last_replys_tools():
    passes(
        "capped-loop",
        """\
def run_agent(client, user_text, tools, run_tool, max_steps=8):
    messages = [{"role": "user", "content": user_text}]
    sent = 0
    while True:
        response = client.messages.create(
            model="m", max_tokens=1024, tools=tools, messages=messages)
        sent += 1
        if response.stop_reason == "pause_turn" and sent < max_steps:
            messages.append({"role": "assistant", "content": response.content})
            continue
        if response.stop_reason != "tool_use":
            return response
        messages.append({"role": "assistant",
                         "content": [b.model_dump() for b in response.content]})
        results = []
        for call in [b for b in response.content if b.type == "tool_use"]:
            try:
                results.append({"type": "tool_result", "tool_use_id": call.id,
                                "content": run_tool(call.name, call.input)})
            except Exception as exc:
                results.append({"type": "tool_result", "tool_use_id": call.id,
                                "is_error": True, "content": f"{type(exc).__name__}: {exc}"})
        messages.append({"role": "user", "content": results})
        if sent >= max_steps:
            return response
""",
    )


# ----------------------------------------------------------------- stop reasons (loop)


def _paused_reply():
    return {
        "stop_reason": "pause_turn",
        "content": [
            {"type": "text", "text": "Searching."},
            {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search", "input": {}},
        ],
    }


def _ask(messages):
    return {"tools": [{"name": "poll"}], "messages": messages}


USER = {"role": "user", "content": "go"}


def test_stops_on_max_tokens_wants_no_further_request_and_the_cut_call_never_run():
    cut = {"type": "tool_use", "id": "toolu_01C", "name": "get_metrics", "input": {}}
    script = [
        {"stop_reason": "tool_use", "content": [tool_use(1, "read_logs")]},
        {"stop_reason": "max_tokens", "content": [{"type": "text", "text": "and"}, cut]},
    ]
    good = loop_run(
        script,
        [_ask([USER]), _ask([USER])],
        returned=as_returned(script[1]),
        tool_calls=[ToolCall("read_logs", {"n": 1})],
    )
    assert judge("stops-on", [good], reason="max_tokens").passed
    ran = loop_run(
        script,
        [_ask([USER]), _ask([USER]), _ask([USER])],
        tool_calls=[ToolCall("read_logs", {"n": 1}), ToolCall("get_metrics", {})],
    )
    outcome = judge("stops-on", [ran], reason="max_tokens")
    assert "unfinished call" in outcome.message and '"get_metrics"' in outcome.message
    early = loop_run(script[:1], [_ask([USER])], script=script)
    outcome = judge("stops-on", [early], reason="max_tokens")
    assert outcome.message.startswith("Not judged yet") and "`max_tokens`" in outcome.message
    none = loop_run(script[:1], [_ask([USER])])
    assert "No scenario" in judge("stops-on", [none], reason="refusal").message


def test_stops_on_refusal_names_the_request_sent_after_it():
    script = [{"stop_reason": "refusal", "content": [{"type": "text", "text": "No."}]}]
    good = loop_run(script, [_ask([USER])], returned=as_returned(script[0]))
    assert judge("stops-on", [good], reason="refusal").passed
    again = loop_run(script, [_ask([USER]), _ask([USER])])
    outcome = judge("stops-on", [again], reason="refusal")
    assert "`refusal`" in outcome.message and "sent request 2" in outcome.message


def test_continues_paused_turn_wants_the_paused_reply_last_and_nothing_after_it():
    paused = _paused_reply()
    assistant = {"role": "assistant", "content": paused["content"]}
    script = [paused, {"stop_reason": "end_turn", "content": []}]
    good = loop_run(script, [_ask([USER]), _ask([USER, assistant])])
    assert judge("continues-paused-turn", [good]).passed
    dumped = {"role": "assistant", "content": [dict(b, citations=None) for b in paused["content"]]}
    assert judge(
        "continues-paused-turn", [loop_run(script, [_ask([USER]), _ask([USER, dumped])])]
    ).passed

    ended = loop_run(script[:1], [_ask([USER])], script=script)
    assert "not the end of the turn" in judge("continues-paused-turn", [ended]).message
    nudged = loop_run(
        script, [_ask([USER]), _ask([USER, assistant, {"role": "user", "content": "Continue."}])]
    )
    outcome = judge("continues-paused-turn", [nudged])
    assert (
        "user message after the paused turn" in outcome.message and '"Continue."' in outcome.message
    )
    text_only = {"role": "assistant", "content": paused["content"][:1]}
    outcome = judge(
        "continues-paused-turn", [loop_run(script, [_ask([USER]), _ask([USER, text_only])])]
    )
    assert "unchanged" in outcome.message
    same = loop_run(script, [_ask([USER]), _ask([USER])])
    assert "does not end with the paused reply" in judge("continues-paused-turn", [same]).message
    lost = loop_run(script, [_ask([USER]), _ask([assistant])])
    assert "conversation so far" in judge("continues-paused-turn", [lost]).message


def test_a_refused_request_is_named_as_the_cause_not_as_an_error_to_catch():
    from checker.sandbox.report import RequestError

    refused = runaway(3)
    refused.exception = boom("Error code: 400 - ...", kind="BadRequestError")
    refused.request_errors = [RequestError(2, "BadRequestError", "400", 400, "a-tools-required")]
    outcome = judge("returns-last-response", [refused])
    assert outcome.message.startswith("Not judged yet") and "a-tools-required" in outcome.message
    assert "escape" not in outcome.message
    outcome = course_checks.raised(refused)
    assert "rejects it with a 400 (a-tools-required)" in outcome.message
    assert "instead of letting" not in outcome.message
