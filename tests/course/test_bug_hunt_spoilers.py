"""The bug hunt gives nothing away, and no Python exercise advises an id written into code.

fix-round-trip hides its three bugs until each is fixed or hint 3 is shown. Learners fix
them in any order, and in ways of their own (the assistant turn appended after the result,
a turn rebuilt from its calls): whatever they have fixed so far, what the learner sees names
no bug still hidden, and a bug fixed stays "found and fixed" whatever else is still wrong.
The scripted model gives every run new ids, so a hint that says which id to write would
advise an answer that fails the next run: hints say `call.id` instead.
"""

from __future__ import annotations

import itertools
import re

import pytest

from tooltutor.course import load_course
from tooltutor.marking import mark_answer
from tooltutor.workspace import spoiler_free

COURSE = load_course(None)
EXERCISE = COURSE.exercise("fix-round-trip")

#: how the assistant turn is handled: left out, appended before the result (the fix),
#: appended after it, or rebuilt from the tool_use blocks alone
TURNS = {
    "missing": ("", ""),
    "before": ('        messages.append({"role": "assistant", "content": response.content})\n', ""),
    "after": ("", '        messages.append({"role": "assistant", "content": response.content})\n'),
    "calls only": (
        '        messages.append({"role": "assistant", "content": '
        '[b for b in response.content if b.type == "tool_use"]})\n',
        "",
    ),
}
#: what the tool_result quotes: the tool's name (the bug), the call's id, or a dict lookup
IDS = {"name": "call.name", "id": "call.id", "dumped id": 'call.model_dump()["id"]'}


def handle_turn(turn: str, quoted: str, tools: bool) -> str:
    before, after = TURNS[turn]
    passed = "tools=tools, " if tools else ""
    return (
        'MODEL = "{{model}}"\n\n\n'
        "def handle_turn(client, user_text, tools, run_tool):\n"
        '    messages = [{"role": "user", "content": user_text}]\n'
        "    response = client.messages.create(\n"
        "        model=MODEL, max_tokens=1024, tools=tools, messages=messages\n"
        "    )\n"
        '    if response.stop_reason == "tool_use":\n'
        '        call = next(b for b in response.content if b.type == "tool_use")\n'
        "        output = run_tool(call.name, call.input)\n"
        f"{before}"
        "        messages.append({\n"
        '            "role": "user",\n'
        '            "content": [{"type": "tool_result", '
        f'"tool_use_id": {IDS[quoted]}, "content": output}}],\n'
        "        })\n"
        f"{after}"
        f"        return client.messages.create(model=MODEL, max_tokens=1024, {passed}"
        "messages=messages)\n"
        "    return response\n"
    )


def shown(answer: str, hints: int = 0):
    v = mark_answer(COURSE, EXERCISE, COURSE.expand(answer))
    return v, spoiler_free(EXERCISE, v, hints)


CASES = list(itertools.product(TURNS, IDS, [False, True]))


@pytest.mark.parametrize(("turn", "quoted", "tools"), CASES)
def test_a_bug_hunt_in_progress_names_no_hidden_bug(turn, quoted, tools):
    v, feedback = shown(handle_turn(turn, quoted, tools))
    bugs = {
        "assistant-turn-resent": turn == "before",
        "tool-result-id": quoted != "name",
        "tools-resent": tools,
    }
    by_id = {c.id: c for c in v.criteria}
    for criterion, fixed in bugs.items():
        assert by_id[criterion].passed is fixed, (turn, quoted, tools, criterion)
    if all(bugs.values()):
        assert v.passed
        return
    # the only faults of these answers are the three bugs: any problem shown would name one
    rules = {d.rule for d in feedback.diagnostics}
    assert rules <= {"python-exception"}, (turn, quoted, tools, rules)
    said = " ".join(c.message for c in feedback.criteria if not c.passed)
    said += " ".join(f"{d.message} {d.hint}" for d in feedback.diagnostics)
    for word in ("tool_use_id", "assistant turn", "`tools`", "prefill", "tool's name"):
        assert word not in said, (turn, quoted, tools, word, said)


@pytest.mark.parametrize("turn", ["after", "calls only", "missing"])
def test_the_id_fix_stays_found_whatever_the_turn_order(turn):
    v, feedback = shown(handle_turn(turn, "id", True))
    found = [c.label for c in feedback.criteria if c.label.startswith("Bug 2 of 3")]
    assert found and "found and fixed" in found[0], found


def test_hint_three_reveals_everything_the_checker_found():
    v, feedback = shown(handle_turn("after", "name", False), hints=3)
    rules = {d.rule for d in feedback.diagnostics}
    assert {"a-tool-result-missing", "a-tools-required"} & rules, rules
    assert not feedback.held_back


PYTHON_EXERCISES = [x for x, e in COURSE.exercises.items() if e.kind == "python"]
TOOL_ID = re.compile(r"\b(?:toolu|srvtoolu)_\w+")


@pytest.mark.parametrize(
    "exercise_id", [x for x in PYTHON_EXERCISES if COURSE.exercise(x).criteria]
)
def test_no_hint_of_a_python_exercise_names_a_call_id(exercise_id):
    """The starter of every Python exercise, and the id-as-name mistake: the problems they
    get may quote ids in their message (what happened), never in their advice."""
    exercise = COURSE.exercise(exercise_id)
    for answer in [exercise.starter, *(w["answer"] for w in exercise.wrong_answers)]:
        v = mark_answer(COURSE, exercise, COURSE.expand(answer))
        for d in v.diagnostics:
            assert not TOOL_ID.search(d.hint or ""), (exercise_id, d.rule, d.hint)


def test_a_hint_keeps_its_code_readable_without_the_id():
    v, _ = shown(handle_turn("after", "id", True), hints=3)
    hints = [d.hint for d in v.diagnostics if d.rule == "a-tool-result-missing"]
    assert hints and '"tool_use_id": call.id' in hints[0], hints
