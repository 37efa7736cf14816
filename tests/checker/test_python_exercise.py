"""fix-round-trip: each bug is named on its own, correct styles pass, faults end in a verdict."""

from __future__ import annotations

import pytest

from checker.exercise import mark
from tooltutor.course import load_course
from tooltutor.marking import course_checks

COURSE = load_course(None)
EXERCISE = COURSE.exercise("fix-round-trip")
BUGS = {"assistant-turn-resent", "tool-result-id", "tools-resent"}

HEADER = """\
def handle_turn(client, user_text, tools, run_tool):
    messages = [{"role": "user", "content": user_text}]
    response = client.messages.create(
        model="m", max_tokens=1024, tools=tools, messages=messages)
"""


def verdict_of(source: str):
    # the exercise names a check of the course's own (`results-carry-output`)
    return mark(EXERCISE.spec(), source, model=COURSE.model, checks=course_checks(COURSE))


def failed(verdict) -> set[str]:
    return {c.id for c in verdict.criteria if not c.passed}


def test_starter_fails_naming_all_three_bugs():
    verdict = verdict_of(EXERCISE.starter)
    assert not verdict.passed
    assert failed(verdict) >= BUGS
    messages = {c.id: c.message for c in verdict.criteria}
    assert "own turn is missing" in messages["assistant-turn-resent"]
    assert "tool's `name`" in messages["tool-result-id"]
    assert "no `tools`" in messages["tools-resent"]
    rules = {d.rule for d in verdict.diagnostics}
    assert {"a-tool-result-orphan", "a-tools-required"} <= rules


@pytest.mark.parametrize("answer", EXERCISE.wrong_answers, ids=lambda w: w["note"])
def test_each_single_bug_variant_names_only_its_bug(answer):
    verdict = verdict_of(answer["answer"])
    named = {f for f in answer["fails"] if f in BUGS}
    assert not verdict.passed
    assert failed(verdict) & BUGS == named


CORRECT_STYLES = {
    "model_dump dicts": HEADER
    + """\
    if response.stop_reason == "tool_use":
        call = [b for b in response.content if b.type == "tool_use"][0]
        messages.append({"role": "assistant",
                         "content": [b.model_dump() for b in response.content]})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": call.id,
             "content": run_tool(call.name, call.input)}]})
        response = client.messages.create(
            model="m", max_tokens=1024, tools=tools, messages=messages)
    return response
""",
    "new lists": HEADER
    + """\
    if response.stop_reason != "tool_use":
        return response
    call = next(b for b in response.content if b.type == "tool_use")
    result = {"type": "tool_result", "tool_use_id": call.id,
              "content": run_tool(call.name, call.input)}
    history = messages + [{"role": "assistant", "content": response.content},
                          {"role": "user", "content": [result]}]
    return client.messages.create(
        model="m", max_tokens=1024, tools=tools, messages=history)
""",
    "capped while loop": """\
def handle_turn(client, user_text, tools, run_tool, max_steps=5):
    messages = [{"role": "user", "content": user_text}]
    for _ in range(max_steps):
        response = client.messages.create(
            model="m", max_tokens=1024, tools=tools, messages=messages)
        if response.stop_reason != "tool_use":
            return response
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.id,
             "content": run_tool(b.name, b.input)}
            for b in response.content if b.type == "tool_use"]})
    return response
""",
}


@pytest.mark.parametrize("style", sorted(CORRECT_STYLES))
def test_correct_styles_pass(style):
    verdict = verdict_of(CORRECT_STYLES[style])
    assert verdict.passed, [c.message for c in verdict.criteria if not c.passed]


FAULTS = {
    "endless loop": (
        "def handle_turn(client, user_text, tools, run_tool):\n    while True:\n        pass\n",
        "python-timeout",
    ),
    "memory bomb": (
        "def handle_turn(client, user_text, tools, run_tool):\n"
        "    x = ['y' * 10**6 for _ in range(10**4)]\n",
        "python-memory",
    ),
    "fork": (
        "import os\ndef handle_turn(client, user_text, tools, run_tool):\n    os.fork()\n",
        "python-exception",
    ),
    "sys.exit": (
        "import sys\ndef handle_turn(client, user_text, tools, run_tool):\n    sys.exit(3)\n",
        None,
    ),
    "os._exit": (
        "import os\ndef handle_turn(client, user_text, tools, run_tool):\n    os._exit(0)\n",
        "python-crashed",
    ),
    "output flood": (
        "def handle_turn(client, user_text, tools, run_tool):\n    while True:\n"
        "        print('x' * 1000)\n",
        "python-output-flood",
    ),
    "syntax error": (
        "def handle_turn(client, user_text, tools, run_tool)\n    pass\n",
        "python-syntax",
    ),
    "missing entry": (
        "def handle(client, user_text, tools, run_tool):\n    pass\n",
        "python-missing-entry",
    ),
    "real client": (
        "import anthropic\ndef handle_turn(client, user_text, tools, run_tool):\n"
        "    return anthropic.Anthropic()\n",
        "python-exception",
    ),
    "socket": (
        "import socket\ndef handle_turn(client, user_text, tools, run_tool):\n"
        "    socket.create_connection(('127.0.0.1', 9))\n",
        "python-exception",
    ),
}


@pytest.mark.parametrize("name", sorted(FAULTS))
def test_faults_give_a_clear_fail_verdict(name):
    source, rule = FAULTS[name]
    verdict = verdict_of(source)
    assert not verdict.passed
    assert verdict.diagnostics, "the learner is told what happened"
    if rule is not None:
        assert rule in {d.rule for d in verdict.diagnostics}
    text = " ".join(d.message + " " + d.hint for d in verdict.diagnostics)
    text += " ".join(c.message for c in verdict.criteria)
    assert "checker/" not in text and "sandbox.py" not in text and "fake_client" not in text


def test_syntax_error_points_at_the_learners_line():
    verdict = verdict_of(FAULTS["syntax error"][0])
    (diag,) = verdict.diagnostics
    assert (diag.rule, diag.line) == ("python-syntax", 1)
    assert verdict.status == "error"


MALFORMED = {
    "a reply that is no object": {"script": ["hello"]},
    "a content block without a type": {"script": [{"content": [{"text": "hi"}]}]},
    "a variant's script that is no list": {"variants": [{"script": {"content": []}}]},
    "support code Python cannot read": {"support": "def broken(:\n"},
    "support that is no source text": {"support": ["import os"]},
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
@pytest.mark.parametrize("lang", ["en", "pt-BR"])
def test_a_malformed_script_or_support_is_an_error_verdict_not_a_crash(name, lang):
    from checker.i18n import use_language

    spec = {**EXERCISE.spec(), **MALFORMED[name]}
    with use_language(lang):
        verdict = mark(spec, EXERCISE.solution, model=COURSE.model)
    assert verdict.status == "error" and not verdict.passed
    assert not any(c.passed for c in verdict.criteria)
    (diag,) = verdict.diagnostics
    assert diag.rule == "marking-error"
    said = {
        "en": "the exercise's script or support code is malformed",
        "pt-BR": "o script ou o código de apoio do exercício está malformado",
    }[lang]
    assert said in diag.message, diag.message
    assert "ValueError" not in diag.message and "Traceback" not in diag.message
