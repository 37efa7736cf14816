"""The engine's generic checks of a tool loop (`checker.loop_checks`), on real runs of
learner code in the sandbox: each property fails for the loop that breaks it, with the
run and request named, and holds for correct loops written in other styles."""

from __future__ import annotations

import pytest

from checker.exercise import mark

TOOLS = '[{"name": "get_time", "description": "The time now.", "input_schema": {"type": "object"}}]'
MODEL = "claude-sonnet-4-5"


def call(n: int, name: str = "get_time") -> dict:
    return {"type": "tool_use", "id": f"toolu_0{n}", "name": name, "input": {"n": n}}


def reply(reason: str, *blocks) -> dict:
    return {"stop_reason": reason, "content": list(blocks) or [{"type": "text", "text": "ok"}]}


TWO_ROUNDS = [
    reply("tool_use", call(1)),
    reply("tool_use", call(2), call(3)),
    reply("end_turn", {"type": "text", "text": "It is noon."}),
]


def exercise(criteria, script=TWO_ROUNDS, **extra) -> dict:
    return {
        "kind": "python",
        "entry": "agent",
        "call": {"client": "$client", "run_tool": "$run_tool", **extra.pop("call", {})},
        "script": script,
        "tool_results": {"get_time": "12:00"},
        "criteria": [{"check": c, "label": c, **({"params": p} if p else {})} for c, p in criteria],
        **extra,
    }


HEAD = f"""\
import json
TOOLS = json.loads('{TOOLS}')

def ask(client, messages):
    return client.messages.create(model="{MODEL}", max_tokens=256, tools=TOOLS,
                                  messages=messages)

def results(reply, run_tool):
    return [{{"type": "tool_result", "tool_use_id": b.id, "content": run_tool(b.name, b.input)}}
            for b in reply.content if b.type == "tool_use"]
"""

LOOP = (
    HEAD
    + """
def agent(client, run_tool, max_steps=8):
    messages = [{"role": "user", "content": "What time is it?"}]
    reply = ask(client, messages)
    steps = 1
    while reply.stop_reason == "tool_use" and steps < max_steps:
        messages.append({"role": "assistant", "content": reply.content})
        messages.append({"role": "user", "content": results(reply, run_tool)})
        reply = ask(client, messages)
        steps += 1
    return reply
"""
)

RECURSIVE = (
    HEAD
    + """
def agent(client, run_tool, messages=None):
    messages = messages or [{"role": "user", "content": "What time is it?"}]
    reply = ask(client, messages)
    if reply.stop_reason != "tool_use":
        return reply
    return agent(client, run_tool, messages + [
        {"role": "assistant", "content": [b.model_dump() for b in reply.content]},
        {"role": "user", "content": results(reply, run_tool)},
    ])
"""
)

ONE_ROUND = (
    HEAD
    + """
def agent(client, run_tool):
    messages = [{"role": "user", "content": "What time is it?"}]
    reply = ask(client, messages)
    if reply.stop_reason == "tool_use":
        messages.append({"role": "assistant", "content": reply.content})
        messages.append({"role": "user", "content": results(reply, run_tool)})
        reply = ask(client, messages)
    return reply
"""
)

LOOP_CRITERIA = [("loop-until-done", None), ("returns-final", None), ("calls-answered", None)]


def verdict(source: str, criteria=LOOP_CRITERIA, **extra):
    return mark(exercise(criteria, **extra), source, model=MODEL)


def failed(v, cid: str) -> str:
    found = next(c for c in v.criteria if c.id == cid)
    assert not found.passed, f"{cid} passed"
    return found.message


@pytest.mark.parametrize("source", [LOOP, RECURSIVE], ids=["while-loop", "recursion"])
def test_a_finished_loop_passes_every_loop_check(source):
    v = verdict(source)
    assert v.passed, [(c.id, c.message) for c in v.criteria]


def test_one_round_trip_is_told_from_a_finished_loop():
    v = verdict(ONE_ROUND)
    assert "still asks for tools" in failed(v, "loop-until-done")
    assert "request 2" in failed(v, "loop-until-done")
    assert "still asks for a tool" in failed(v, "returns-final")


def test_a_loop_that_goes_on_after_the_end_is_named():
    keeps_asking = (
        HEAD
        + """
def agent(client, run_tool):
    messages = [{"role": "user", "content": "What time is it?"}]
    reply = ask(client, messages)
    for _ in range(3):
        messages.append({"role": "assistant", "content": reply.content})
        found = results(reply, run_tool)
        messages.append({"role": "user", "content": found or "Go on."})
        reply = ask(client, messages)
    return reply
"""
    )
    message = failed(verdict(keeps_asking), "loop-until-done")
    assert "stopped for `end_turn`" in message and "request 4" in message


def test_what_is_returned_is_judged_against_the_parents_record():
    text = LOOP.replace("    return reply\n", "    return reply.content[0].text\n")
    assert "the reply's text" in failed(verdict(text), "returns-final")
    forged = LOOP.replace("    return reply\n", '    return {"__reply__": 2}\n')
    assert "not the model's final response" in failed(verdict(forged), "returns-final")
    first = LOOP.replace(
        "    reply = ask(client, messages)\n    steps = 1",
        "    reply = first = ask(client, messages)\n    steps = 1",
    ).replace("    return reply\n", "    return first\n")
    assert "not to the last one" in failed(verdict(first), "returns-final")


def test_each_call_runs_once_and_is_answered_by_id():
    twice = LOOP.replace(
        '"content": run_tool(b.name, b.input)}',
        '"content": run_tool(b.name, b.input) + run_tool(b.name, b.input)}',
    )
    assert "ran 2 times" in failed(verdict(twice), "calls-answered")
    only_first = LOOP.replace('for b in reply.content if b.type == "tool_use"][:1]', "").replace(
        'for b in reply.content if b.type == "tool_use"]',
        'for b in reply.content if b.type == "tool_use"][:1]',
    )
    message = failed(verdict(only_first), "calls-answered")
    assert '"toolu_03"' in message and "got no tool_result" in message


def test_the_cap_makes_a_tool_use_reply_final():
    runaway = [reply("tool_use", call(n)) for n in range(1, 6)]
    criteria = [(c, {"max_param": "max_steps", "default": 8}) for c, _ in LOOP_CRITERIA]
    v = verdict(LOOP, criteria, script=runaway, call={"max_steps": 3})
    assert v.passed, [(c.id, c.message) for c in v.criteria]
    uncapped = verdict(LOOP, script=runaway, call={"max_steps": 3})
    assert "still asks" in failed(uncapped, "returns-final")


def test_stop_reasons_pause_turn_and_a_cut_off_call():
    paused = reply("pause_turn", {"type": "text", "text": "searching"})
    script = [paused, reply("tool_use", call(1)), reply("max_tokens", call(2))]
    handles = LOOP.replace(
        'while reply.stop_reason == "tool_use" and steps < max_steps:',
        'while reply.stop_reason in ("tool_use", "pause_turn") and steps < max_steps:\n'
        '        if reply.stop_reason == "pause_turn":\n'
        '            messages.append({"role": "assistant", "content": reply.content})\n'
        "            reply = ask(client, messages)\n"
        "            continue",
    )
    v = verdict(handles, [("stop-reasons", None)], script=script)
    assert v.passed, [(c.id, c.message) for c in v.criteria]
    ignores_pause = verdict(LOOP, [("stop-reasons", None)], script=script)
    assert '"pause_turn"' in failed(ignores_pause, "stop-reasons")
    runs_cut = handles.replace(
        "    return reply\n", "    results(reply, run_tool)\n    return reply\n"
    )
    assert "unfinished call" in failed(
        verdict(runs_cut, [("stop-reasons", None)], script=script), "stop-reasons"
    )
    assert "No scenario" in failed(
        verdict(LOOP, [("stop-reasons", {"reasons": ["refusal"]})]), "stop-reasons"
    )
