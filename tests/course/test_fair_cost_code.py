"""Fair marking of the cost lesson's Python exercises (trim-result, capped-loop): learner
code that is not in the exercise files. Correct styles pass; each misconception fails
the criterion about that mistake, with a message that names it.
"""

from __future__ import annotations

import pytest
from criteria_marking import COURSE, assert_fails, assert_passes

# ------------------------------------------------------------------------ trim-result

TRIM_RIGHT = {
    "a binary search, the cursor added only after a cut": """\
import json
import math


def size(value):
    return math.ceil(len(json.dumps(value, separators=(",", ":"))) / 4)


def page(orders, n, total):
    result = {"orders": orders[:n], "total": total, "truncated": n < total}
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
    "shrink from the end until it fits": """\
import json
import math

KEEP = ("order_id", "status", "refund_shipped")


def tokens(value):
    return math.ceil(len(json.dumps(value, separators=(",", ":"))) / 4)


def trim_result(rows, budget):
    orders = [{k: row[k] for k in KEEP} for row in rows]
    result = {"orders": orders, "total": len(rows), "truncated": False}
    while tokens(result) > budget:
        orders = orders[:-1]
        result = {"orders": orders, "total": len(rows), "truncated": True,
                  "next_cursor": orders[-1]["order_id"] if orders else None}
    return result
""",
    "sizes added up order by order": """\
import json
import math


def compact(value):
    return json.dumps(value, separators=(",", ":"))


def trim_result(rows, budget):
    orders = [dict(order_id=r["order_id"], status=r["status"], refund_shipped=r["refund_shipped"])
              for r in rows]
    whole = {"orders": orders, "total": len(rows), "truncated": False}
    if math.ceil(len(compact(whole)) / 4) <= budget:
        return whole
    kept = []
    for order in orders:
        trial = {"orders": kept + [order], "total": len(rows), "truncated": True,
                 "next_cursor": order["order_id"]}
        if math.ceil(len(compact(trial)) / 4) > budget:
            break
        kept.append(order)
    return {"orders": kept, "total": len(rows), "truncated": True,
            "next_cursor": kept[-1]["order_id"]}
""",
    "itemgetter, and the total first": """\
import json
import math
from operator import itemgetter

FIELDS = ("order_id", "status", "refund_shipped")
pick = itemgetter(*FIELDS)


def cost(result):
    return math.ceil(len(json.dumps(result, separators=(",", ":"))) / 4)


def trim_result(rows, budget):
    orders = [dict(zip(FIELDS, pick(row))) for row in rows]
    if cost({"total": len(rows), "orders": orders, "truncated": False}) <= budget:
        return {"total": len(rows), "orders": orders, "truncated": False}
    n = 0
    while n < len(orders):
        bigger = {"total": len(rows), "orders": orders[: n + 1], "truncated": True,
                  "next_cursor": orders[n]["order_id"]}
        if cost(bigger) > budget:
            break
        n += 1
    return {"total": len(rows), "orders": orders[:n], "truncated": True,
            "next_cursor": orders[n - 1]["order_id"]}
""",
    "a deep copy first, then keys deleted from the copy": """\
import copy
import json
import math


def trim_result(rows, budget):
    orders = copy.deepcopy(rows)
    for order in orders:
        for key in list(order):
            if key not in ("order_id", "status", "refund_shipped"):
                del order[key]
    size = lambda r: math.ceil(len(json.dumps(r, separators=(",", ":"))) / 4)
    full = {"orders": orders, "total": len(rows), "truncated": False}
    if size(full) <= budget:
        return full
    best = None
    for n in range(1, len(orders) + 1):
        candidate = {"orders": orders[:n], "total": len(rows), "truncated": True,
                     "next_cursor": orders[n - 1]["order_id"]}
        if size(candidate) > budget:
            break
        best = candidate
    return best
""",
    "a generator of candidates and max()": """\
import json
import math


def est(v):
    return math.ceil(len(json.dumps(v, separators=(",", ":"))) / 4)


def candidates(orders, total):
    yield {"orders": orders, "total": total, "truncated": False}
    for n in range(len(orders) - 1, -1, -1):
        page = {"orders": orders[:n], "total": total, "truncated": True}
        if n:
            page["next_cursor"] = orders[n - 1]["order_id"]
        yield page


def trim_result(rows, budget):
    orders = [{"order_id": r["order_id"], "status": r["status"],
               "refund_shipped": r["refund_shipped"]} for r in rows]
    return next(c for c in candidates(orders, len(rows)) if est(c) <= budget)
""",
}


@pytest.mark.parametrize("note", TRIM_RIGHT)
def test_trim_result_accepts_correct_answers_written_differently(note):
    assert_passes("trim-result", TRIM_RIGHT[note])


TRIM_SOLUTION = COURSE.exercise("trim-result").solution


def _trim(old: str, new: str, source: str = TRIM_SOLUTION) -> str:
    assert old in source, old
    return source.replace(old, new)


TRIM_WRONG = {
    "a result at the budget taken for one over it": (
        _trim(
            "if estimate_tokens(candidate) > budget:", "if estimate_tokens(candidate) >= budget:"
        ),
        "fills-budget",
        ["`<=`"],
    ),
    "measured with json.dumps' default separators": (
        _trim('json.dumps(value, separators=(",", ":"))', "json.dumps(value)"),
        "fills-budget",
        ["one more would still fit"],
    ),
    "the cursor of the first order left out": (
        _trim(
            '"next_cursor": kept[-1]["order_id"] if kept else None',
            '"next_cursor": orders[len(kept)]["order_id"]',
        ),
        "truncation-marked",
        ["last order returned"],
    ),
    "the total of what was kept": (
        _trim(
            '"orders": kept,\n        "total": len(rows),',
            '"orders": kept,\n        "total": len(kept),',
        ),
        "total",
        ["not the number returned"],
    ),
    "refund_shipped made a boolean": (
        _trim(
            "orders = [{key: row[key] for key in KEEP} for row in rows]",
            "orders = [{key: row[key] for key in KEEP} for row in rows]\n"
            "    for order in orders:\n"
            '        order["refund_shipped"] = bool(order["refund_shipped"])',
        ),
        "orders-exact",
        ["Copy values exactly"],
    ),
    "the newest orders first": (
        _trim("for row in rows]", "for row in reversed(rows)]"),
        "orders-exact",
        ["in the order given"],
    ),
    "orders that do not fit skipped, smaller later ones kept": (
        _trim(
            "            break\n        kept.append(order)",
            "            continue\n        kept.append(order)",
        ),
        "orders-exact",
        ["in the order given"],
    ),
    "the carrier kept too": (
        _trim(
            'KEEP = ("order_id", "status", "refund_shipped")',
            'KEEP = ("order_id", "status", "refund_shipped", "carrier")',
        ),
        "orders-exact",
        ["also has"],
    ),
    "truncated written as a string": (
        _trim(
            '"truncated": True,\n        "next_cursor": kept',
            '"truncated": "true",\n        "next_cursor": kept',
        ),
        "truncation-marked",
        ["boolean", 'string "true"'],
    ),
    "the rows trimmed in place": (
        _trim(
            "orders = [{key: row[key] for key in KEEP} for row in rows]",
            "for row in rows:\n"
            "        for key in list(row):\n"
            "            if key not in KEEP:\n"
            "                row.pop(key)\n"
            "    orders = [dict(row) for row in rows]",
        ),
        "input-unchanged",
        ["in place"],
    ),
    "truncated even when everything fits": (
        _trim(
            'result = {"orders": orders, "total": len(rows), "truncated": False}',
            'result = {"orders": orders, "total": len(rows), "truncated": True}',
        ),
        "all-fit",
        ["should be false"],
    ),
    "no cursor when orders are left out": (
        _trim('        "next_cursor": kept[-1]["order_id"] if kept else None,\n', ""),
        "truncation-marked",
        ["next_cursor"],
    ),
}


@pytest.mark.parametrize("note", TRIM_WRONG)
def test_trim_result_rejects_misconceptions_naming_them(note):
    answer, criterion, words = TRIM_WRONG[note]
    assert_fails("trim-result", answer, criterion, *words)


def test_trim_result_has_a_run_whose_best_result_is_exactly_its_budget():
    exercise = COURSE.exercise("trim-result")
    support, solution = {}, {}
    exec(exercise.support, support)  # noqa: S102 - the course's own code
    exec(exercise.solution, solution)  # noqa: S102
    calls = [exercise.call] + [{**exercise.call, **v["call"]} for v in exercise.variants]
    sizes = []
    for call in calls:
        rows = support[call["rows"].removeprefix("$support.").removesuffix("()")]()
        result = solution["trim_result"](rows, call["budget"])
        sizes.append((solution["estimate_tokens"](result), call["budget"]))
    assert any(size == budget for size, budget in sizes), sizes


# ------------------------------------------------------------------------ capped-loop

LOOP_SOLUTION = COURSE.exercise("capped-loop").solution


def _loop(old: str, new: str, source: str = LOOP_SOLUTION) -> str:
    assert old in source, old
    return source.replace(old, new)


LOOP_RIGHT = {
    "a while loop with a counter": """\
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
        if response.stop_reason != "tool_use" or sent >= max_steps:
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
""",
    "a match statement on the stop reason": """\
MODEL = "{{model}}"


def run_agent(client, user_text, tools, run_tool, max_steps=8):
    messages = [{"role": "user", "content": user_text}]
    for step in range(1, max_steps + 1):
        reply = client.messages.create(model=MODEL, max_tokens=1024, tools=tools,
                                       messages=messages)
        match reply.stop_reason:
            case "pause_turn":
                messages.append({"role": "assistant", "content": reply.content})
            case "tool_use" if step < max_steps:
                messages.append({"role": "assistant", "content": reply.content})
                messages.append({"role": "user", "content": [
                    answer(block, run_tool) for block in reply.content if block.type == "tool_use"
                ]})
            case _:
                return reply
    return reply


def answer(block, run_tool):
    try:
        return {"type": "tool_result", "tool_use_id": block.id,
                "content": run_tool(block.name, block.input)}
    except Exception as error:
        return {"type": "tool_result", "tool_use_id": block.id, "content": f"Error: {error}",
                "is_error": True}
""",
    "the reasons that end the loop named": """\
STOP = {"end_turn", "max_tokens", "refusal", "stop_sequence", "model_context_window_exceeded"}


def run_agent(client, user_text, tools, run_tool, max_steps=8):
    history = [{"role": "user", "content": user_text}]
    last = None
    for _ in range(max_steps):
        last = client.messages.create(model="{{model}}", max_tokens=1024, tools=tools,
                                      messages=history)
        history.append({"role": "assistant", "content": last.content})
        if last.stop_reason in STOP:
            return last
        if last.stop_reason == "pause_turn":
            continue
        outputs = []
        for block in last.content:
            if block.type == "tool_use":
                try:
                    outputs.append({"type": "tool_result", "tool_use_id": block.id,
                                    "content": run_tool(block.name, block.input)})
                except Exception as exc:  # the tool failed: tell the model
                    outputs.append({"type": "tool_result", "tool_use_id": block.id,
                                    "content": "Error: " + str(exc), "is_error": True})
        history.append({"role": "user", "content": outputs})
    return last
""",
    "a recursive helper with the steps left": """\
def run_agent(client, user_text, tools, run_tool, max_steps=8):
    return _step(client, [{"role": "user", "content": user_text}], tools, run_tool, max_steps)


def _step(client, messages, tools, run_tool, left):
    response = client.messages.create(model="{{model}}", max_tokens=1024, tools=tools,
                                      messages=messages)
    left -= 1
    if left == 0 or response.stop_reason not in ("tool_use", "pause_turn"):
        return response
    messages = messages + [{"role": "assistant", "content": response.content}]
    if response.stop_reason == "tool_use":
        results = []
        for use in (b for b in response.content if b.type == "tool_use"):
            try:
                out = run_tool(use.name, use.input)
                results.append({"type": "tool_result", "tool_use_id": use.id, "content": out})
            except Exception as exc:
                results.append({"type": "tool_result", "tool_use_id": use.id,
                                "content": f"run_tool failed: {exc}", "is_error": True})
        messages.append({"role": "user", "content": results})
    return _step(client, messages, tools, run_tool, left)
""",
    "the docs' continuation, rebuilt from the history": _loop(
        '            messages.append({"role": "assistant", "content": response.content})\n'
        "            continue",
        '            messages = messages + [{"role": "assistant", "content": response.content}]\n'
        "            continue",
    ),
    "content sent back as dicts": _loop(
        '        messages.append({"role": "assistant", "content": response.content})\n'
        "        results = []",
        '        messages.append({"role": "assistant",\n'
        '                         "content": [b.to_dict() for b in response.content]})\n'
        "        results = []",
    ),
}


@pytest.mark.parametrize("note", LOOP_RIGHT)
def test_capped_loop_accepts_correct_answers_written_differently(note):
    assert_passes("capped-loop", LOOP_RIGHT[note])


LOOP_WRONG = {
    "a loop that runs until end_turn": (
        _loop(
            'if response.stop_reason != "tool_use" or step == max_steps - 1:',
            'if response.stop_reason == "end_turn" or step == max_steps - 1:',
        ).replace('        if response.stop_reason == "pause_turn":', "        if False:"),
        "max-tokens",
        ["unfinished call", "max_tokens"],
    ),
    "the calls of any reply that has them": (
        _loop(
            'if response.stop_reason != "tool_use" or step == max_steps - 1:',
            'if not any(b.type == "tool_use" for b in response.content) or step == max_steps - 1:',
        ),
        "max-tokens",
        ["unfinished call"],
    ),
    "max_tokens taken for a request for tools": (
        _loop(
            'if response.stop_reason != "tool_use" or step == max_steps - 1:',
            'if response.stop_reason not in ("tool_use", "max_tokens") or step == max_steps - 1:',
        ),
        "max-tokens",
        ["unfinished call"],
    ),
    "the context window taken for a request for tools": (
        _loop(
            'if response.stop_reason != "tool_use" or step == max_steps - 1:',
            'if response.stop_reason not in ("tool_use", "model_context_window_exceeded")'
            " or step == max_steps - 1:",
        ),
        "context-window",
        ["unfinished call", "`model_context_window_exceeded`"],
    ),
    "a refusal answered by asking again": (
        _loop(
            'if response.stop_reason != "tool_use" or step == max_steps - 1:',
            'if response.stop_reason in ("end_turn", "max_tokens") or step == max_steps - 1:',
        ),
        "refusal",
        ["`refusal`", "sent request 3"],
    ),
    "Continue. after a pause": (
        _loop(
            '            messages.append({"role": "assistant", "content": response.content})\n'
            "            continue",
            '            messages.append({"role": "assistant", "content": response.content})\n'
            '            messages.append({"role": "user", "content": "Continue."})\n'
            "            continue",
        ),
        "pause-turn",
        ['"Continue."', "no user message after it"],
    ),
    "the pause taken for the end": (
        _loop('if response.stop_reason == "pause_turn":', 'if response.stop_reason == "never":'),
        "pause-turn",
        ["not the end of the turn"],
    ),
    "only the paused text sent back": (
        _loop(
            '            messages.append({"role": "assistant", "content": response.content})\n'
            "            continue",
            '            messages.append({"role": "assistant", "content": '
            '[b for b in response.content if b.type == "text"]})\n'
            "            continue",
        ),
        "pause-turn",
        ["unchanged"],
    ),
    "the same request sent again after a pause": (
        _loop(
            '            messages.append({"role": "assistant", "content": response.content})\n'
            "            continue",
            "            continue",
        ),
        "pause-turn",
        ["does not end with the paused reply"],
    ),
    "the error without the exception's message": (
        _loop('"content": f"Error: {exc}",', '"content": "The tool failed.",'),
        "errors-as-results",
        ["include the exception's message"],
    ),
    "is_error written as a string": (
        _loop('"is_error": True,', '"is_error": "true",'),
        "errors-as-results",
        ["boolean true"],
    ),
    "the tool's output encoded again as JSON": (
        _loop('"content": output}', '"content": json.dumps(output)}').replace(
            'MODEL = "', 'import json\n\nMODEL = "'
        ),
        "results-carry-output",
        ["Send back what the tool returned"],
    ),
    "the reply's content returned instead of the reply": (
        _loop("return response  # end_turn", "return response.content  # end_turn"),
        "returns-last-response",
        ["Return the last response"],
    ),
    "one request short of the cap": (
        _loop("for step in range(max_steps):", "for step in range(max_steps - 1):").replace(
            "step == max_steps - 1", "step == max_steps - 2"
        ),
        "stops-at-cap",
        ["stopped after 7 requests"],
    ),
}


@pytest.mark.parametrize("note", LOOP_WRONG)
def test_capped_loop_rejects_misconceptions_naming_them(note):
    answer, criterion, words = LOOP_WRONG[note]
    assert_fails("capped-loop", answer, criterion, *words)


def test_capped_loop_scripts_reach_every_stop_reason():
    exercise = COURSE.exercise("capped-loop")
    scripts = [exercise.script] + [v.get("script", exercise.script) for v in exercise.variants]
    reasons = {reply.get("stop_reason") for script in scripts for reply in script}
    assert {
        "tool_use",
        "end_turn",
        "max_tokens",
        "pause_turn",
        "refusal",
        "model_context_window_exceeded",
    } <= reasons
    for cut_by in ("max_tokens", "model_context_window_exceeded"):
        cut = [r for s in scripts for r in s if r.get("stop_reason") == cut_by]
        assert cut and cut[0]["content"][-1]["type"] == "tool_use"  # a call cut off mid-way
    for reason in ("max_tokens", "pause_turn", "refusal", "model_context_window_exceeded"):
        assert f'"{reason}"' in exercise.prompt, reason  # the task says what to do on each
