"""The bundled course's own checks of Python runs (`checks/`), on hand-made run records.

Unit tests build `RunResult`s by hand (no child process); the end-to-end tests, which mark
other correct styles of the exercises that use these checks, are in
test_python_course_checks_end_to_end.py.
"""

from __future__ import annotations

import itertools
import json

import pytest
from python_check_runs import (
    CHECKS,
    NEW_CHECKS,
    as_returned,
    boom,
    course_checks,
    judge,
    loop_run,
    run_of,
    runaway,
    tool_use,
)

from checker.sandbox import RunResult, ToolCall


def test_every_new_check_is_registered_for_python_with_a_docstring():
    assert len(NEW_CHECKS) >= 15
    for name in NEW_CHECKS:
        spec = CHECKS[name]
        assert spec.kinds == ("python",)
        assert spec.doc, f"{name} has no docstring"


# --------------------------------------------------------------------- errors as data


def block(call_id="toolu_01A", content='{"ok": true}', **extra):
    return {"type": "tool_result", "tool_use_id": call_id, "content": content, **extra}


def test_tool_result_block_accepts_the_block_and_names_each_fault():
    good = [
        run_of(0, call={"call_id": "toolu_01A"}, returned=block("toolu_01A")),
        run_of(1, call={"call_id": "toolu_01B"}, returned=block("toolu_01B")),
    ]
    assert judge("tool-result-block", good).passed

    copied = [good[0], run_of(1, call={"call_id": "toolu_01B"}, returned=block("toolu_01A"))]
    outcome = judge("tool-result-block", copied)
    assert not outcome.passed and "written into the code" in outcome.message

    as_dict = [run_of(0, call={"call_id": "toolu_01A"}, returned=block(content={"ok": 1}))]
    assert "make it a string" in judge("tool-result-block", as_dict).message

    extra = [run_of(0, call={"call_id": "toolu_01A"}, returned=block(status="ok"))]
    assert "does not accept" in judge("tool-result-block", extra).message

    nothing = [run_of(0, call={"call_id": "toolu_01A"}, returned=None)]
    assert "returned null" in judge("tool-result-block", nothing).message

    limited = boom("rate limited", kind="RateLimited")
    crashed = [run_of(0, call={"call_id": "toolu_01A"}, exception=limited)]
    outcome = judge("tool-result-block", crashed)
    assert not outcome.passed and outcome.message.startswith("Not judged yet: run 1 raised")
    bug = [run_of(0, call={"call_id": "toolu_01A"}, exception=boom("'id'", kind="KeyError"))]
    outcome = judge("tool-result-block", bug)
    assert "bug in the function itself" in outcome.message and "Catch" not in outcome.message


def test_tool_result_outcome_success_must_be_the_value_as_json_without_is_error():
    value = {"city": "Lisboa", "high_c": 26}
    params = {"runs": [1], "is_error": False, "exact": True, "content": value}
    ok = run_of(0, returned=block(content=json.dumps(value)))
    assert judge("tool-result-outcome", [ok], **params).passed
    as_blocks = run_of(0, returned=block(content=[{"type": "text", "text": json.dumps(value)}]))
    assert judge("tool-result-outcome", [as_blocks], **params).passed

    flagged = run_of(0, returned=block(content=json.dumps(value), is_error=True))
    assert "Leave it out" in judge("tool-result-outcome", [flagged], **params).message
    python_str = run_of(0, returned=block(content=str(value)))
    assert "not JSON" in judge("tool-result-outcome", [python_str], **params).message
    other = run_of(0, returned=block(content=json.dumps({"city": "Lisboa"})))
    assert "unchanged" in judge("tool-result-outcome", [other], **params).message


def test_tool_result_outcome_errors_need_the_flag_the_code_per_run_and_a_message():
    params = {
        "runs": [1, 2],
        "is_error": True,
        "content": [{"error": "rate_limited", "retry_after": 30}, {"retry_after": 12}],
        "text_fields": ["message"],
    }

    def error_run(index, retry, message="Retry later.", **extra):
        content = {"error": "rate_limited", "retry_after": retry, "message": message}
        return run_of(index, returned=block(content=json.dumps(content), **extra))

    good = [error_run(0, 30, is_error=True), error_run(1, 12, is_error=True)]
    assert judge("tool-result-outcome", good, **params).passed

    unflagged = [error_run(0, 30), error_run(1, 12, is_error=True)]
    assert "is_error" in judge("tool-result-outcome", unflagged, **params).message
    fixed = [error_run(0, 30, is_error=True), error_run(1, 30, is_error=True)]
    outcome = judge("tool-result-outcome", fixed, **params)
    assert "`retry_after` in the content is 30; it should be 12" in outcome.message
    mute = [error_run(0, 30, "", is_error=True), error_run(1, 12, is_error=True)]
    assert "no `message` sentence" in judge("tool-result-outcome", mute, **params).message
    crashed = [run_of(0, exception=boom(kind="RateLimited")), error_run(1, 12, is_error=True)]
    assert "Catch it" in judge("tool-result-outcome", crashed, **params).message
    own = [run_of(0, exception=boom(kind="NameError")), error_run(1, 12, is_error=True)]
    outcome = judge("tool-result-outcome", own, **params)
    assert "in your own code" in outcome.message and "Catch it" not in outcome.message


# ------------------------------------------------------------------------ search-leads

LINES = [
    {"file": "README.md", "line": 3, "text": "refunds and more"},
    {"file": "app.py", "line": 1, "text": "from billing.refunds import issue_refund"},
    {"file": "billing/refunds.py", "line": 5, "text": "def issue_refund(order_id, amount):"},
    {"file": "setup.py", "line": 3, "text": "x" * 250 + " refund"},
]


def search_run(matches, total=None, truncated=None, max_results=2, index=0, **extra):
    returned = {
        "matches": matches,
        "total_matches": len(LINES) if total is None else total,
        "truncated": (len(LINES) > max_results) if truncated is None else truncated,
    }
    expected = {"matches": LINES, "total": len(LINES), "max_results": max_results}
    call = {"pattern": "refund", "max_results": max_results}
    return run_of(index, call=call, returned=returned, expected=expected, **extra)


def lead(m, snippet=None):
    return {"file": m["file"], "line": m["line"], "snippet": snippet or m["text"][:200]}


def test_search_checks_pass_the_first_matches_in_order():
    run = search_run([lead(m) for m in LINES[:2]])
    for name in ("search-shape", "search-matches", "search-snippets", "search-total"):
        assert judge(name, [run]).passed, name
    everything = search_run([lead(m) for m in LINES], max_results=20)
    assert judge("search-snippets", [everything]).passed  # the long line cut to 200


def test_search_matches_explains_order_paths_lines_and_the_cut():
    wrong_order = search_run([lead(LINES[1]), lead(LINES[0])])
    assert "wrong order" in judge("search-matches", [wrong_order]).message
    relative = search_run([lead(LINES[0]), {**lead(LINES[1]), "file": "./app.py"}])
    assert "relative to the project root" in judge("search-matches", [relative]).message
    zero_based = search_run([{**lead(m), "line": m["line"] - 1} for m in LINES[:2]])
    assert "count lines from 1" in judge("search-matches", [zero_based]).message
    cut_first = search_run([lead(LINES[0]), lead(LINES[3])])
    assert "cut before it was sorted" in judge("search-matches", [cut_first]).message
    too_few = search_run([lead(LINES[0])])
    assert "1 match;" in judge("search-matches", [too_few]).message


def test_search_snippets_must_come_from_the_line_and_stay_short():
    long = search_run([lead(LINES[3], LINES[3]["text"])], max_results=20, total=4)
    assert "250" not in judge("search-snippets", [long]).message
    assert "cut it to at most 200" in judge("search-snippets", [long]).message
    newline = search_run([lead(LINES[0], LINES[0]["text"] + "\n"), lead(LINES[1])])
    assert "line break" in judge("search-snippets", [newline]).message
    invented = search_run([lead(LINES[0], "refunds!"), lead(LINES[1])])
    assert "not taken from its line" in judge("search-snippets", [invented]).message
    partial = search_run([lead(LINES[0], "refunds"), lead(LINES[1])])
    assert "whole line" in judge("search-snippets", [partial]).message
    empty = search_run([], total=0)
    assert not judge("search-snippets", [empty]).passed


def test_search_total_is_the_true_count_and_truncated_follows_it():
    counted = search_run([lead(m) for m in LINES[:2]], total=2)
    assert "number returned, not the number found" in judge("search-total", [counted]).message
    flag = search_run([lead(m) for m in LINES[:2]], truncated=False)
    assert "should be true" in judge("search-total", [flag]).message


def test_returned_error_wants_the_code_no_matches_and_a_message():
    def error_run(returned=None, exception=None):
        return run_of(
            0,
            call={"pattern": "refund", "path": "../.."},
            returned=returned,
            expected={"error": "path_outside_root"},
            exception=exception,
        )

    params = {"code": "path_outside_root", "text_fields": ["message"]}
    good = error_run({"error": "path_outside_root", "message": "Stay inside."})
    assert judge("returned-error", [good], **params).passed
    read = error_run({"matches": [{"file": "x", "line": 1, "snippet": "y"}]})
    assert "read files it must not" in judge("returned-error", [read], **params).message
    crashed = error_run(exception=boom("bad", kind="error"))
    assert "raised re.error" in judge("returned-error", [crashed], **params).message
    silent = error_run({"error": "path_outside_root"})
    assert "no `message` sentence" in judge("returned-error", [silent], **params).message
    wrong = error_run({"error": "not_found", "message": "x"})
    assert not judge("returned-error", [wrong], **params).passed
    other = {"code": "bad_pattern"}
    assert "No run of this exercise" in judge("returned-error", [good], **other).message


# ------------------------------------------------------------------------- trim-result

ROWS = [{"order_id": f"ORD-{n}", "status": "delivered", "refund_shipped": None} for n in range(10)]


def trim_run(returned, budget=60, rows=ROWS, index=0, mutated=None, exception=None):
    return run_of(
        index,
        call={"rows": "$support.rows()", "budget": budget},
        returned=returned,
        expected={"orders": rows, "total": len(rows)},
        mutated=mutated or [],
        exception=exception,
    )


def best(budget, rows=ROWS):
    """The largest correct result within `budget`, built as the exercise asks."""
    for n in range(len(rows), -1, -1):
        result = {"orders": rows[:n], "total": len(rows), "truncated": n < len(rows)}
        if n < len(rows):
            result["next_cursor"] = rows[n - 1]["order_id"] if n else None
        if course_checks.estimate_tokens(result) <= budget:
            return result
    raise AssertionError("nothing fits")


def test_the_estimator_is_the_course_one():
    assert course_checks.estimate_tokens({"a": 1}) == 2  # '{"a":1}' is 7 characters
    assert course_checks.estimate_tokens([]) == 1


def test_trim_checks_pass_the_largest_result_that_fits():
    result = best(60)
    assert 0 < len(result["orders"]) < len(ROWS)
    run = trim_run(result)
    names = ["trim-budget", "trim-orders", "trim-total", "trim-truncation", "trim-fills"]
    for name in names + ["arguments-unchanged"]:
        assert judge(name, [run]).passed, name
    everything = trim_run(best(10_000), budget=10_000)
    assert judge("trim-complete", [everything]).passed


def test_trim_budget_and_fills_measure_the_whole_result():
    result = best(60)
    over = trim_run(result, budget=course_checks.estimate_tokens(result) - 1)
    assert "over" in judge("trim-budget", [over]).message
    assert "over the budget" in judge("trim-fills", [over]).message
    short = dict(result, orders=result["orders"][:-1])
    short["next_cursor"] = short["orders"][-1]["order_id"]
    assert "one more would still fit" in judge("trim-fills", [trim_run(short)]).message


def test_trim_orders_wants_a_prefix_of_exact_three_field_rows():
    result = best(60)
    skipped = dict(result, orders=result["orders"][1:])
    assert "keep the rows in the order" in judge("trim-orders", [trim_run(skipped)]).message
    falsy = dict(result, orders=[dict(o, refund_shipped=False) for o in result["orders"]])
    assert "Copy values exactly" in judge("trim-orders", [trim_run(falsy)]).message
    extra = dict(result, orders=[dict(o, carrier="DHL") for o in result["orders"]])
    assert "also has" in judge("trim-orders", [trim_run(extra)]).message
    invented = dict(result, orders=ROWS + ROWS[:1])
    assert "only" in judge("trim-orders", [trim_run(invented)]).message


def test_trim_total_truncation_and_complete_name_what_is_off():
    result = best(60)
    counted = dict(result, total=len(result["orders"]))
    assert "not the number returned" in judge("trim-total", [trim_run(counted)]).message
    unmarked = {k: v for k, v in result.items() if k not in ("truncated", "next_cursor")}
    assert "it is missing" in judge("trim-truncation", [trim_run(unmarked)]).message
    next_row = dict(result, next_cursor=ROWS[len(result["orders"])]["order_id"])
    assert "last order returned" in judge("trim-truncation", [trim_run(next_row)]).message
    always = dict(best(10_000), truncated=True, next_cursor="ORD-9")
    assert "should be false" in judge("trim-complete", [trim_run(always, 10_000)]).message
    cursor = dict(best(10_000), next_cursor="ORD-9")
    assert "leave `next_cursor`" in judge("trim-complete", [trim_run(cursor, 10_000)]).message
    raw = trim_run({"orders": ROWS, "total": 10}, budget=5)
    assert "over the budget" in judge("trim-truncation", [raw]).message


def test_arguments_unchanged_reads_the_recorded_mutations():
    assert judge("arguments-unchanged", [trim_run(best(60))]).passed
    changed = trim_run(best(60), mutated=["rows"])
    assert "changed `rows` in place" in judge("arguments-unchanged", [changed]).message
    only_other = trim_run(best(60), mutated=["budget"])
    assert judge("arguments-unchanged", [only_other], names=["rows"]).passed
    never = RunResult(index=0, finished=False)
    assert not judge("arguments-unchanged", [never]).passed


# ------------------------------------------------------------------------- capped-loop


def answer(uses, results_by_id, *, split=False):
    """A follow-up request: the assistant turn with `uses`, then the results."""
    blocks = [
        {"type": "tool_result", "tool_use_id": u["id"], **results_by_id[u["id"]]} for u in uses
    ]
    after = (
        [{"role": "user", "content": [b]} for b in blocks]
        if split
        else [{"role": "user", "content": blocks}]
    )
    return {
        "tools": [{"name": "poll"}],
        "messages": [{"role": "user", "content": "go"}, {"role": "assistant", "content": uses}]
        + after,
    }


def test_stops_at_cap_wants_exactly_the_cap_from_a_model_that_never_stops():
    assert judge("stops-at-cap", [runaway(8), runaway(3, cap=3, index=1)], default=8).passed
    over = judge("stops-at-cap", [runaway(10)], default=8)
    assert "sent 10 requests" in over.message
    early = judge("stops-at-cap", [runaway(7)], default=8)
    assert "stopped after 7 requests" in early.message
    hard_coded = judge("stops-at-cap", [runaway(8), runaway(8, cap=3, index=1)], default=8)
    assert "max_steps=3" in hard_coded.message
    finished = loop_run([{"stop_reason": "end_turn", "content": []}], [{"tools": [1]}])
    assert judge("stops-at-cap", [finished], default=8).passed


def batch_run(results_by_id, *, split=False, exception=None):
    uses = [tool_use(1, "read_logs"), tool_use(2, "get_metrics")]
    replies = [
        {"stop_reason": "tool_use", "content": uses},
        {"stop_reason": "end_turn", "content": [{"type": "text", "text": "done"}]},
    ]
    requests = [{"tools": [1], "messages": []}, answer(uses, results_by_id, split=split)]
    return loop_run(
        replies,
        requests,
        tool_results={"read_logs": {"$raise": "log store timed out"}, "get_metrics": "p95 182"},
        tool_calls=[ToolCall("read_logs", {"n": 1}), ToolCall("get_metrics", {"n": 2})],
        returned=as_returned(replies[1]),
        exception=exception,
    )


GOOD_RESULTS = {
    "toolu_01X1": {"content": "Error: log store timed out", "is_error": True},
    "toolu_01X2": {"content": "p95 182"},
}


def test_errors_as_results_and_results_carry_output_on_a_parallel_batch():
    good = batch_run(GOOD_RESULTS)
    assert judge("errors-as-results", [good]).passed
    assert judge("results-carry-output", [good]).passed
    split = batch_run(GOOD_RESULTS, split=True)
    assert judge("errors-as-results", [split]).passed  # the split is tool-result-id's

    unflagged = batch_run({**GOOD_RESULTS, "toolu_01X1": {"content": "Error: timed out"}})
    assert 'no `"is_error": true`' in judge("errors-as-results", [unflagged]).message
    vague = batch_run({**GOOD_RESULTS, "toolu_01X1": {"content": "failed", "is_error": True}})
    assert "include the exception's message" in judge("errors-as-results", [vague]).message
    both = batch_run({**GOOD_RESULTS, "toolu_01X2": {"content": "p95 182", "is_error": True}})
    assert "although the tool worked" in judge("results-carry-output", [both]).message
    made_up = batch_run({**GOOD_RESULTS, "toolu_01X2": {"content": "fine"}})
    assert "Send back what the tool returned" in judge("results-carry-output", [made_up]).message

    escaped = loop_run(
        [{"stop_reason": "tool_use", "content": [tool_use(1, "read_logs")]}],
        [{"tools": [1]}],
        tool_results={"read_logs": {"$raise": "log store timed out"}},
        tool_calls=[ToolCall("read_logs", {"n": 1})],
        exception=boom("log store timed out"),
    )
    assert "let it escape" in judge("errors-as-results", [escaped]).message
    never_ran = loop_run([], [], tool_results={"read_logs": {"$raise": "x"}})
    assert "never run" in judge("errors-as-results", [never_ran]).message
    assert "nothing to judge" in judge("results-carry-output", [never_ran]).message


def test_returns_last_response_accepts_the_reply_the_cap_stopped_at():
    assert judge("returns-last-response", [runaway(8)]).passed
    earlier = runaway(8)
    earlier.returned = as_returned(earlier.replies[2]["message"])
    assert "not to the last one" in judge("returns-last-response", [earlier]).message
    text = runaway(8)
    text.returned = "done"
    assert '"done"' in judge("returns-last-response", [text]).message
    crashed = runaway(8)
    crashed.exception = boom("too many steps")  # the learner's own raise at the cap
    outcome = judge("returns-last-response", [crashed])
    assert "RuntimeError" in outcome.message and "bug in the function" in outcome.message


# --------------------------------------------------------------- never raise, any input

ODD_VALUES = [
    None,
    0,
    True,
    "text",
    [],
    [None, 1, "x"],
    {},
    {"__repr__": "<object>"},
    {"matches": "x", "orders": {"a": 1}, "total_matches": True, "truncated": "yes"},
    {"matches": [None, {"file": 1, "line": "2", "snippet": None}], "orders": [None, 5, {}]},
    {"type": "tool_result", "tool_use_id": None, "content": [{"type": "image"}], "x": 1},
    {"error": ["path_outside_root"], "message": 5},
    {"matches": [{"file": ["a"], "line": [1], "snippet": "s"}], "orders": [{"order_id": []}]},
]
ODD_EXPECTED = [
    None,
    {},
    {"matches": [], "total": 0},
    {"matches": [{"file": "a", "line": 1, "text": "t"}], "max_results": 0},
    {"orders": [], "total": 0},
    {"orders": [{"order_id": "O-1", "status": "x", "refund_shipped": None}], "total": 1},
    {"error": "bad_pattern"},
]
ODD_CALLS = [{}, {"budget": "300", "max_steps": "8", "call_id": None}, {"budget": 0, "path": 1}]
ODD_PARAMS = [
    {},
    {"runs": [1, 2], "code": "bad_pattern", "content": [None], "text_fields": ["message"]},
    {"runs": "all", "is_error": True, "exact": True, "content": {"error": "x"}, "max": "10"},
    {"default": 3, "param": "budget", "names": ["rows"], "budget_param": "nope"},
]
ODD_REQUESTS = [
    [],
    [None, {"messages": "x"}],
    [{"messages": [None, {"role": "assistant", "content": "x"}, {"role": "user"}]}],
    [
        {"messages": []},
        {
            "messages": [
                {"role": "assistant", "content": [{"type": "tool_use", "id": "t"}]},
                {"role": "user", "content": [{"type": "tool_result", "tool_use_id": ["t"]}]},
                {"role": "user", "content": [None, "x", {"type": "tool_result"}]},
            ]
        },
    ],
]
ODD_REPLIES = [
    [],
    [
        {
            "request": 0,
            "message": {
                "stop_reason": "tool_use",
                "content": [
                    {"type": "tool_use", "id": "t", "name": "t"},
                    {"type": "tool_use", "id": ["u"]},
                ],
            },
        },
    ],
    [{"request": 0, "message": {"stop_reason": "tool_use", "content": [{"type": "tool_use"}]}}],
    [{"request": 0, "message": None}],
]


@pytest.mark.parametrize("name", NEW_CHECKS)
def test_no_check_raises_on_odd_records(name):
    combos = itertools.product(ODD_VALUES, ODD_EXPECTED, ODD_CALLS)
    for number, (returned, expected, call) in enumerate(combos):
        params = ODD_PARAMS[number % len(ODD_PARAMS)]
        requests = ODD_REQUESTS[number % len(ODD_REQUESTS)]
        replies = ODD_REPLIES[number % len(ODD_REPLIES)]
        run = run_of(
            0,
            call=call,
            returned=returned,
            expected=expected,
            requests=requests,
            replies=replies,
            script=[{"stop_reason": "tool_use", "content": []}] * (number % 12),
            tool_results={"t": {"$raise": "x"}, "u": None},
            mutated=["rows"] if number % 2 else [],
            tool_calls=[ToolCall({"name": 1}, None), ToolCall("t", [1])],
            exception=boom() if number % 5 == 0 else None,
        )
        outcome = judge(name, [run, run_of(1, call=call, returned=returned)], **params)
        assert isinstance(outcome.passed, bool) and isinstance(outcome.message, str)
    outcome = judge(name, [])
    assert isinstance(outcome.passed, bool)


# ----------------------------------------------------------- search: named causes first


def test_search_matches_names_a_repeated_line_before_anything_else():
    twice = search_run([lead(LINES[0]), lead(LINES[0])])
    outcome = judge("search-matches", [twice])
    assert "repeats" in outcome.message and "a line counts once" in outcome.message


def test_search_matches_names_a_case_blind_sort_and_a_path_it_should_not_search():
    lines = [
        {"file": "README.md", "line": 3, "text": "refunds"},
        {"file": "app.py", "line": 1, "text": "refund"},
        {"file": "billing/refunds.py", "line": 5, "text": "refund"},
    ]
    returned = {"matches": [lead(lines[1]), lead(lines[2])], "total_matches": 3, "truncated": True}
    expected = {"matches": lines, "total": 3, "max_results": 2}
    run = run_of(
        0, call={"pattern": "refund", "max_results": 2}, returned=returned, expected=expected
    )
    assert "ignoring case" in judge("search-matches", [run]).message
    inside = {"matches": lines[2:], "total": 1, "max_results": 20}
    wide = {"matches": [lead(lines[1])], "total_matches": 1, "truncated": False}
    run = run_of(0, call={"pattern": "refund", "path": "billing"}, returned=wide, expected=inside)
    assert "not under the folder" in judge("search-matches", [run]).message


def test_search_total_names_occurrences_and_a_total_equal_to_the_cap():
    lines = [{"file": "app.py", "line": 1, "text": "refund refund"}]
    expected = {"matches": lines, "total": 1, "max_results": 20}
    each = run_of(
        0,
        call={"pattern": "refund"},
        expected=expected,
        returned={"matches": [lead(lines[0])], "total_matches": 2, "truncated": False},
    )
    assert "number of times the pattern occurs" in judge("search-total", [each]).message
    full = search_run([lead(m) for m in LINES], max_results=4, truncated=True)
    assert "nothing was left out" in judge("search-total", [full]).message
    typed = search_run([lead(m) for m in LINES[:2]], total="4")
    assert judge("search-total", [typed]).message.startswith("Not judged yet")
    assert 'a whole number, not the string "4"' in judge("search-shape", [typed]).message


def test_search_snippets_accept_a_cut_marked_with_an_ellipsis():
    long = LINES[3]["text"]
    cut = search_run([lead(LINES[3], long[:197] + "...")], max_results=20, total=4)
    assert judge("search-snippets", [cut]).passed


def test_trim_fills_names_a_result_exactly_at_the_budget():
    result = best(60)
    kept = len(result["orders"])
    bigger = best(10_000, ROWS[: kept + 1])
    shorter = dict(result, orders=result["orders"][:-1])
    shorter["next_cursor"] = shorter["orders"][-1]["order_id"]
    budget = course_checks.estimate_tokens(
        dict(shorter, orders=result["orders"], next_cursor=result["orders"][-1]["order_id"])
    )
    assert bigger  # the helper works on any prefix
    outcome = judge("trim-fills", [trim_run(shorter, budget=budget)])
    assert "`<=`" in outcome.message


# ----------------------------------------------------------------- params schemas


@pytest.mark.parametrize("name", NEW_CHECKS)
def test_every_course_check_declares_a_closed_params_schema(name):
    schema = CHECKS[name].params
    assert schema is not None and schema.get("type") == "object", name
    assert schema.get("additionalProperties") is False, name


def test_a_mistyped_parameter_is_caught_by_the_schema():
    from jsonschema import Draft202012Validator

    def errors(name, params):
        return list(Draft202012Validator(CHECKS[name].params).iter_errors(params))

    assert not errors("stops-on", {"reason": "refusal"})
    assert errors("stops-on", {"reason": "refusl"})
    assert errors("stops-on", {"reasons": ["refusal"]})
    assert errors("returned-error", {"text_fields": ["message"]})  # `code` is required
    assert errors("tool-result-outcome", {"is_eror": True})
