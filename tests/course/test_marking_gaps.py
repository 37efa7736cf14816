"""Marking gaps closed (issue 30): answers that passed though the task says otherwise, and
their family: a check that took an empty or placeholder value, or that never looked.

Each wrong answer here is written the way a learner would write it and is not one of the
exercise's own `wrong_answers`; each must fail the named criterion with a message that says
why. The right answers beside them differ from the solution and must still pass.
"""

from __future__ import annotations

import copy
import json

import pytest

from checker.rules.anthropic.models import model_info
from tooltutor.course import load_course
from tooltutor.marking import mark_answer

COURSE = load_course(None)


def verdict(exercise_id: str, answer: str):
    return mark_answer(COURSE, COURSE.exercise(exercise_id), COURSE.expand(answer))


def message_of(v, criterion: str) -> str:
    return next(c.message for c in v.criteria if c.id == criterion)


def assert_passes(exercise_id: str, answer: str) -> None:
    v = verdict(exercise_id, answer)
    failed = {c.id: c.message for c in v.criteria if not c.passed}
    assert v.passed, failed


def assert_fails(exercise_id: str, answer: str, criterion: str, *words: str) -> None:
    v = verdict(exercise_id, answer)
    by_id = {c.id: c for c in v.criteria}
    assert not by_id[criterion].passed, (criterion, answer[:300])
    said = by_id[criterion].message
    for word in words:
        assert word.lower() in said.lower(), (word, said)


# ---------------------------------------------------------------- thinking-round-trip

THINKING = json.loads(COURSE.expand(COURSE.exercise("thinking-round-trip").solution))
OUTPUT = {"status": "delayed", "eta": "2026-08-29", "reason": "carrier backlog"}


def thinking_body(content, **changes) -> str:
    body = copy.deepcopy(THINKING)
    body["messages"][2]["content"][0]["content"] = content
    body.update(changes)
    return json.dumps(body)


@pytest.mark.parametrize(
    "content",
    [
        json.dumps(OUTPUT, indent=2),
        json.dumps(dict(reversed(list(OUTPUT.items())))),
        [{"type": "text", "text": json.dumps(OUTPUT, separators=(",", ":"))}],
        json.dumps({**OUTPUT, "order_id": "ORD-2026-8842"}),
        json.dumps(
            {"order": {"status": "Delayed", "eta": "2026-08-29"}, "reason": OUTPUT["reason"]}
        ),
    ],
    ids=["pretty-printed", "keys reversed", "a text block", "an extra field", "nested"],
)
def test_thinking_round_trip_takes_the_output_however_it_is_written(content):
    assert_passes("thinking-round-trip", thinking_body(content))


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("   ", ["cannot parse"]),
        ("null", ["status", "eta", "reason"]),
        ("{}", ["status (delayed)"]),
        ("ok", ["cannot parse"]),
        (json.dumps({"status": "delayed"}), ["2026-08-29", "carrier backlog"]),
        (json.dumps({"result": "see above"}), ["status (delayed)"]),
        (json.dumps({**OUTPUT, "status": "in_transit"}), ["status (delayed)"]),
        ("status: delayed, eta: 2026-08-29, reason: carrier backlog", ["cannot parse"]),
    ],
    ids=[
        "blank",
        "null",
        "an empty object",
        "ok",
        "status only",
        "a pointer",
        "wrong status",
        "prose",
    ],
)
def test_thinking_round_trip_reads_inside_the_tool_result(content, words):
    assert_fails("thinking-round-trip", thinking_body(content), "result-output", *words)


def test_thinking_switched_off_mid_loop_is_named_as_the_model_takes_it():
    v = verdict(
        "thinking-round-trip",
        thinking_body(json.dumps(OUTPUT), thinking={"type": "disabled"}),
    )
    said = message_of(v, "same-thinking")
    assert "drops" not in said and "adaptive" in said
    info = model_info(THINKING["model"])
    if info is not None and (info.disabled == "no" or info.between_tools):
        assert "400" in said
        if info.between_tools:
            assert "between_tools" in said


def test_thinking_left_out_on_a_model_that_thinks_by_default_is_the_same_setting():
    body = json.loads(thinking_body(json.dumps(OUTPUT)))
    del body["thinking"]
    v = verdict("thinking-round-trip", json.dumps(body))
    by_id = {c.id: c.passed for c in v.criteria}
    if model_info(body["model"]) and model_info(body["model"]).thinking_default != "off":
        assert by_id["same-thinking"]
    assert not by_id["json-schema"]  # the task asks for the whole body, thinking included


# -------------------------------------------------------------------- consolidate-tools

TOOLS = json.loads(COURSE.exercise("consolidate-tools").solution)


def tools_with(change) -> str:
    tools = copy.deepcopy(TOOLS)
    change(tools)
    return json.dumps(tools)


def helpdesk(tools):
    return tools[0]["input_schema"]["properties"]


def billing(tools):
    return tools[1]["input_schema"]["properties"]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda t: helpdesk(t)["priority"].pop("enum"), ["priority", "no `enum`"]),
        (lambda t: billing(t).update(status={"type": "string"}), ["status", "no `enum`"]),
        (lambda t: billing(t).update(amount_cents={}), ["amount_cents", "no `type`"]),
        (lambda t: helpdesk(t).update(ticket_id={"description": "T-1042"}), ["ticket_id", "type"]),
        (
            lambda t: billing(t).update(status={"enum": ["open", "paid", "void", "draft"]}),
            ["status"],
        ),
        (
            lambda t: helpdesk(t).update(priority={"type": "string", "enum": ["low", "high"]}),
            ["priority"],
        ),
    ],
    ids=["enum gone", "enum gone, type kept", "empty schema", "description only", "extra", "lost"],
)
def test_consolidate_tools_keeps_each_parameters_type_and_values(change, words):
    assert_fails("consolidate-tools", tools_with(change), "parameters", *words)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: helpdesk(t).update(priority={"enum": ["high", "low", "normal"]}),
        lambda t: billing(t).update(
            status={"type": ["string", "null"], "enum": ["open", "paid", "void", None]}
        ),
        lambda t: billing(t).update(
            amount_cents={"type": "integer", "description": "Amount to refund, in cents."}
        ),
    ],
    ids=["enum without type, other order", "nullable strict style", "a description added"],
)
def test_consolidate_tools_takes_the_values_written_differently(change):
    assert_passes("consolidate-tools", tools_with(change))


@pytest.mark.parametrize(
    ("examples", "words"),
    [
        (
            [{"action": "get", "invoice_id": "INV-1"}, {"action": "get", "invoice_id": "INV-1"}],
            ["repeats"],
        ),
        (
            [{"action": "get", "invoice_id": "..."}, {"action": "list", "customer_id": "C-1"}],
            ["placeholder"],
        ),
        (
            [
                {"action": "list", "customer_id": "<customer id>"},
                {"action": "get", "invoice_id": "INV-9"},
            ],
            ["placeholder"],
        ),
        (
            [
                {"action": "void", "invoice_id": "INV-3", "reason": ""},
                {"action": "get", "invoice_id": "INV-9"},
            ],
            ["placeholder"],
        ),
    ],
    ids=["the same call twice", "dots", "angle brackets", "an empty reason"],
)
def test_consolidate_tools_refuses_placeholder_examples(examples, words):
    def change(tools):
        tools[1]["input_examples"] = examples

    v = verdict("consolidate-tools", tools_with(change))
    by_id = {c.id: c for c in v.criteria}
    assert not by_id["examples"].passed
    said = by_id["examples"].message + " ".join(d.message for d in v.diagnostics)
    assert any(w in said for w in words), said


# --------------------------------------------------------------------------- trim-result

TRIM = COURSE.exercise("trim-result").solution
ALL_FIT = 'result = {"orders": orders, "total": len(rows), "truncated": False}'


@pytest.mark.parametrize(
    "cursor",
    ["None", '""', '"ORD-2026-0000"', 'rows[-1]["order_id"]', "False"],
)
def test_trim_result_leaves_the_cursor_out_when_nothing_was_cut(cursor):
    answer = TRIM.replace(
        ALL_FIT,
        'result = {"orders": orders, "total": len(rows), "truncated": False, '
        f'"next_cursor": {cursor}}}',
    )
    assert answer != TRIM
    assert_fails("trim-result", answer, "all-fit", "next_cursor")


def test_trim_result_takes_a_cursor_set_only_after_a_cut():
    answer = TRIM.replace(
        ALL_FIT,
        "result = dict(orders=orders, total=len(rows), truncated=False)",
    )
    assert answer != TRIM
    assert_passes("trim-result", answer)


# ------------------------------------------------------------------------ errors-as-data

ERRORS = COURSE.exercise("errors-as-data").solution
RATE = (
    '(\n                f"The weather service is rate-limited. Retry in {exc.retry_after} s, "\n'
    '                "or answer without the forecast."\n            )'
)
DENIED = (
    '(\n                f"The weather service refused the request ({exc}). Retrying will not "\n'
    '                "help: tell the user the forecast is unavailable."\n            )'
)


def messages(rate: str, denied: str) -> str:
    assert RATE in ERRORS and DENIED in ERRORS
    return ERRORS.replace(RATE, rate).replace(DENIED, denied)


@pytest.mark.parametrize(
    ("rate", "denied", "words"),
    [
        ("exc.args[0]", "exc.args[0]", ["exception's own words"]),
        ('f"{exc}."', 'f"{exc}."', ["exception's own words"]),
        ('"Failed: " + str(exc)', '"Failed: " + str(exc)', ["exception's own words"]),
        ('f"{type(exc).__name__}: {exc}"', 'f"{type(exc).__name__}: {exc}"', ["exception's own"]),
        ('"Rate limited."', '"Permission denied."', ["what it can do next"]),
        ('"n/a"', '"n/a"', ["what it can do next"]),
        ('"Wait 30 seconds and retry."', "str(exc)", ["exception's own words"]),
    ],
    ids=[
        "args[0]",
        "with a dot",
        "a label",
        "class and text",
        "what, not next",
        "n/a",
        "one of two",
    ],
)
def test_errors_as_data_wants_a_message_for_the_model(rate, denied, words):
    assert_fails("errors-as-data", messages(rate, denied), "actionable", *words)


@pytest.mark.parametrize(
    ("rate", "denied"),
    [
        (
            'f"{exc}. Wait {exc.retry_after} s before the next try."',
            'f"{exc}. Do not retry; answer without the forecast."',
        ),
        (
            '"Too busy. Try again later or skip the forecast."',
            '"No access to forecasts with this key. Tell the user it is unavailable."',
        ),
        (
            'f"Rate limit hit: please wait {exc.retry_after} seconds, then call again."',
            '"Forbidden for this key; answer from what you know, without a forecast."',
        ),
    ],
    ids=["the exception's text and advice", "short advice", "other words"],
)
def test_errors_as_data_takes_advice_written_differently(rate, denied):
    assert_passes("errors-as-data", messages(rate, denied))


# ------------------------------------------------------------------------- search-leads

SEARCH = COURSE.exercise("search-leads").solution
OUTSIDE = (
    '            "message": f"{path!r} is outside the project. Search a folder inside it, "\n'
    "            \"such as 'billing', or '.' for everything.\","
)


@pytest.mark.parametrize("message", ['"x"', '"TODO"', '"path_outside_root"', '"Error."', '""'])
def test_search_leads_wants_a_sentence_not_a_placeholder(message):
    assert OUTSIDE in SEARCH
    answer = SEARCH.replace(OUTSIDE, f'            "message": {message},')
    assert_fails("search-leads", answer, "stays-inside")


def test_search_leads_takes_a_short_real_sentence():
    answer = SEARCH.replace(
        OUTSIDE, '            "message": "That folder is outside the project.",'
    )
    assert_passes("search-leads", answer)


# --------------------------------------------------------------------------- capped-loop


def lesson_two_loop() -> str:
    lesson = COURSE.lesson("round-trip")
    for section in lesson.sections:
        for block in section["blocks"]:
            code = block.get("code") if isinstance(block, dict) else None
            if code and code.get("lang") == "python" and "def run_agent" in code["text"]:
                return code["text"]
    raise AssertionError("Lesson 2 has no run_agent loop")


def test_capped_loop_starts_from_lesson_twos_loop():
    """The capstone finishes the loop of Lesson 2: pasted as it is, it runs, and what it
    still lacks (tool errors as results) is what fails."""
    v = verdict("capped-loop", lesson_two_loop())
    failed = {c.id for c in v.criteria if not c.passed}
    assert failed <= {"errors-as-results", "returns-last-response"}, failed
    assert "errors-as-results" in failed


def test_a_wrong_signature_is_told_every_parameter_the_runs_pass():
    v = verdict("capped-loop", "def run_agent(client, text, tools, run_tool):\n    return None\n")
    said = " ".join(d.message for d in v.diagnostics)
    assert "def run_agent(client, user_text, tools, run_tool, max_steps=...)" in said, said
