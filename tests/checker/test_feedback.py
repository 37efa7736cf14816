"""Feedback that diagnoses (issue 16): what the engine's checks tell a learner.

- values are shown as typed (no `\\u005b` for `[`), and nothing a learner typed is ever
  read as markup, by the CLI or by the TUI;
- a wrong JSON type is named as such (`a boolean, not the string "true"`);
- one diagnostic per wrong item, the first cause first and its knock-ons folded under it;
- a named diagnosis (out of order, missing prefix, listed twice, wrong way round, wrong
  type) before any raw difference;
- pointers written against the messages array work on a whole request body;
- advice never contradicts the fault (an API 400 is the request's fault, not the error
  handling's);
- every engine check declares the JSON Schema of its params.
"""

from __future__ import annotations

import json

import pytest

from checker.criteria import CHECKS
from checker.diagnostics import Diagnostic, Verdict, describe, quote, type_slip, wrong_type
from checker.exercise import fold, mark
from checker.report import format_human
from tooltutor.course import load_course
from tooltutor.marking import mark_answer
from tooltutor.verdict_text import format_verdict

MARKUP = "[bold]x[/bold]"
LINK = "[link=https://evil.example]click[/link]"


def json_exercise(*criteria, api="none", given=None) -> dict:
    return {"kind": "json", "api": api, "criteria": list(criteria), "given": given}


def criterion(check: str, cid: str | None = None, **params) -> dict:
    return {"check": check, "id": cid or check, "label": check, "params": params}


def said(v: Verdict) -> str:
    return "\n".join(
        [c.message for c in v.criteria] + [f"{d.message} {d.hint}" for d in v.diagnostics]
    )


# ------------------------------------------------------------------ values shown as typed


@pytest.mark.parametrize(
    "value, shown",
    [
        ("choices[0]", '"choices[0]"'),
        ("14:02:11", '"14:02:11"'),
        (":smile:", '":smile:"'),
        (MARKUP, '"[bold]x[/bold]"'),
        ("Lisboa, 26 °C", '"Lisboa, 26 °C"'),
        ("a\nb", '"a\\nb"'),
        ("\x1b[31mred", '"\\u001b[31mred"'),
        ("abc\u202edef", '"abc\\u202edef"'),
        ("\ud800", '"\\ud800"'),
    ],
)
def test_quote_shows_printable_characters_as_typed_and_escapes_only_the_rest(value, shown):
    assert quote(value) == shown


def test_describe_keeps_brackets_and_colons_in_keys():
    assert describe({"a[0]": 1, "b:c": 2}) == 'an object with keys "a[0]", "b:c"'


def _marked_with_markup():
    course = load_course(None)
    exercise = course.exercise("tool-or-not")
    answer = json.loads(exercise.solution)
    answer["fx-rate"]["reason"] = MARKUP
    answer[LINK] = answer.pop("board-deck")
    text = json.dumps(answer, indent=2)
    return exercise, mark_answer(course, exercise, text), text


def test_the_cli_verdict_shows_markup_in_an_answer_literally():
    exercise, verdict, text = _marked_with_markup()
    out = format_verdict(exercise, verdict, text, "answer.json")
    assert MARKUP in out and LINK in out
    assert "\\u005b" not in out and "\\u003a" not in out


async def test_a_tui_widget_shows_markup_in_an_answer_literally():
    """The diagnostics list and a criterion row, as the exercise screen builds them."""
    from textual.app import App

    from tooltutor.tui.texts import inline, plain
    from tooltutor.tui.widgets.exercise.checklist import CriterionRow
    from tooltutor.tui.widgets.exercise.diagnostics import DiagnosticList

    _, verdict, _ = _marked_with_markup()
    failed = [c for c in verdict.criteria if not c.passed]
    assert any(MARKUP in c.message or LINK in c.message for c in failed)

    class Host(App):
        def compose(self):
            for c in failed:
                yield CriterionRow(plain("x"), inline(c.label) + plain("\n") + inline(c.message))
            yield DiagnosticList(id="diagnostics")

    app = Host()
    async with app.run_test(size=(200, 60)) as pilot:
        app.query_one(DiagnosticList).show(verdict.diagnostics)
        await pilot.pause()
        strips = app.screen._compositor.render_strips()
        screen = "\n".join(strip.text for strip in strips)
        assert MARKUP in screen
        assert "https://evil.example" in screen and "[/link]" in screen
        for strip in strips:
            for segment in strip:
                assert not (segment.style and segment.style.link), segment


# ------------------------------------------------------------------------------ type slips


@pytest.mark.parametrize(
    "value, wanted, message",
    [
        ("true", "boolean", 'expected a boolean, not the string "true"'),
        ("False", "boolean", 'expected a boolean, not the string "False"'),
        ("26", "integer", 'expected a whole number, not the string "26"'),
        ("2.5", "number", 'expected a number, not the string "2.5"'),
        (26, "string", "expected a string, not the number 26"),
        (True, "string", "expected a string, not the boolean true"),
        ("yes", "boolean", 'expected a boolean, found the string "yes"'),
        (None, "boolean", "expected a boolean, found null"),
        ([1], "object", "expected an object, found an array of 1 item"),
    ],
)
def test_a_wrong_type_is_named_as_such(value, wanted, message):
    assert wrong_type(value, [wanted]) == message


def test_a_value_of_the_right_type_is_no_slip():
    assert wrong_type(3, ["number"]) is None and type_slip("x", ["string"]) is None


def test_json_schema_names_a_type_slip_in_an_enum_and_in_a_type():
    exercise = json_exercise(
        criterion(
            "json-schema",
            schema={
                "type": "object",
                "properties": {"on": {"enum": [True]}, "n": {"type": "integer"}},
            },
        )
    )
    v = mark(exercise, '{"on": "true", "n": "3"}')
    messages = [d.message for d in v.diagnostics]
    assert messages == [
        'a boolean, not the string "true"',
        'expected a whole number, not the string "3"',
    ]


def test_equals_and_each_field_name_a_type_slip():
    exercise = json_exercise(
        criterion("equals", at="/flag", key=True),
        criterion("each-field", key={"a": True}, field="ok", what="verdict"),
    )
    v = mark(exercise, '{"flag": "true", "a": {"ok": "true"}}')
    assert 'expected a boolean, not the string "true"' in v.criteria[0].message
    assert "wrong type" in v.criteria[1].message
    assert not mark(exercise, '{"flag": 1, "a": {"ok": 1}}').passed, "true is not 1"


# ---------------------------------------------------- one message per item, causes first


def test_an_untouched_starter_gets_one_diagnostic_per_wrong_item():
    schema = {
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "properties": {"ok": {"type": "boolean"}, "why": {"enum": ["a", "b"]}},
        },
    }
    key = {k: {"ok": True, "why": "a"} for k in "pqrs"}
    exercise = json_exercise(
        criterion("json-schema", "shape", schema=schema),
        criterion("each-field", "ok", key=key, field="ok"),
        criterion("each-field", "why", key=key, field="why"),
    )
    starter = json.dumps({k: {"ok": None, "why": ""} for k in "pqrs"}, indent=1)
    v = mark(exercise, starter)
    assert len(v.diagnostics) == 4, [d.message for d in v.diagnostics]
    first = v.diagnostics[0]
    assert first.rule == "shape" and first.message == "expected a boolean, found null"
    assert first.hint.startswith('Also here, at `why`: "" is not one of')
    assert [d.line for d in v.diagnostics] == sorted(d.line for d in v.diagnostics)


def test_a_protocol_error_leads_and_criteria_at_the_same_place_fold_under_it():
    diagnostics = [
        Diagnostic("a-rule", "error", "/1/content/0/id", "the id is wrong"),
        Diagnostic("crit", "error", "/1/content/0/id", "knock-on at the same place"),
        Diagnostic("crit", "error", "/1/content/0/name", "another fault in the same message"),
        Diagnostic("crit", "error", "/2/role", "a fault in another message"),
    ]
    value = [{}, {"content": [{"id": 1, "name": 2}]}, {"role": "x"}]
    out = fold(diagnostics, value, foldable={"crit"})
    assert [d.message for d in out] == ["the id is wrong", "a fault in another message"]
    assert "Also here, at `content/0/name`: another fault in the same message." in out[0].hint
    assert "knock-on" not in out[0].hint


def test_protocol_diagnostics_are_never_folded_away():
    diagnostics = [
        Diagnostic("a-one", "error", "/1/content", "one"),
        Diagnostic("a-two", "error", "/1/content/0", "two"),
    ]
    assert len(fold(diagnostics, [{}, {"content": [{}]}], foldable={"crit"})) == 2


# -------------------------------------------------------------- named diagnoses in equals


@pytest.mark.parametrize(
    "key, answer, named",
    [
        ("Error: timed out", "timed out", 'lacks the prefix "Error: "'),
        ("timed out", "Error: timed out", 'has "Error: " before the expected text'),
        ("Timed Out", "timed out", "differs only in upper and lower case"),
        ("a b", "a  b", "differs only in spaces"),
        (["a", "b", "c"], ["c", "a", "b"], "the right items, but out of order"),
        (["a", "b", "c"], ["a", "b", "b", "c"], '"b" is listed twice'),
        (["a", "b", "c"], ["a", "b"], "1 item is missing"),
        (["a", "b"], ["a", "b", "z"], '"z" is not expected here'),
        (26, "26", 'expected a number, not the string "26"'),
        ({"a": 1}, {"a": 1, "b": 2}, '"b" is not expected here'),
    ],
)
def test_equals_names_the_mistake_before_any_raw_difference(key, answer, named):
    exercise = json_exercise(criterion("equals", at="/v", key=key))
    v = mark(exercise, json.dumps({"v": answer}))
    assert not v.passed
    assert named in v.criteria[0].message, v.criteria[0].message
    assert "is not right" not in v.criteria[0].message


def test_equals_says_out_of_order_when_the_item_stands_elsewhere():
    key = {"role": "tool", "content": "B"}
    exercise = json_exercise(criterion("equals", at="/1", key=key), api="openai")
    answer = [{"role": "user", "content": "q"}, {"role": "tool", "content": "A"}, key]
    v = mark(exercise, json.dumps(answer))
    assert "out of order: what belongs here stands at /2" in v.criteria[0].message


def test_set_equals_names_a_pair_the_wrong_way_round():
    exercise = json_exercise(criterion("set-equals", key=[["a", "b"]], what="pair"))
    v = mark(exercise, '[["b", "a"]]')
    assert v.criteria[0].message == 'Looking for 1 pair: ["b", "a"] is the wrong way round.'


def test_choice_reads_ids_written_in_words():
    exercise = {
        "kind": "choice",
        "choices": [
            {"id": "7", "text": "", "correct": True, "feedback": "yes"},
            {"id": "9", "text": "", "correct": False, "feedback": "no"},
            {"id": "13", "text": "", "correct": True, "feedback": "yes"},
        ],
        "criteria": [{"check": "choice", "label": "pick"}],
    }
    for answer in ("turns 7 and 13", "#7, #13.", "13 & 7"):
        assert mark(exercise, answer).passed, answer
    assert "are not among the options" in mark(exercise, "8, 14").criteria[0].message


# ------------------------------------------------------- a whole body where messages asked

BODY_KEY = {"role": "tool", "tool_call_id": "call_1", "content": "Error: timed out"}


def _messages(content: str) -> list:
    return [
        {"role": "user", "content": "Where is my order?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {"name": "get_order", "arguments": "{}"},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": content},
    ]


def test_equals_pointers_resolve_against_messages_when_a_whole_body_is_given():
    exercise = json_exercise(criterion("equals", at="/2", key=BODY_KEY), api="openai")
    tools = [{"type": "function", "function": {"name": "get_order", "parameters": {}}}]
    body = {"model": "gpt-5.5", "tools": tools, "messages": _messages("Error: timed out")}
    assert mark(exercise, json.dumps(body, indent=2)).passed
    assert mark(exercise, json.dumps(_messages("Error: timed out"))).passed
    wrong = {**body, "messages": _messages("timed out")}
    text = json.dumps(wrong, indent=2)
    v = mark(exercise, text)
    d = next(d for d in v.diagnostics if d.rule == "equals")
    assert d.path == "/messages/2/content"
    line = text.splitlines()[d.line - 1]
    assert line[d.column - 1 :].startswith('"timed out"'), (line, d.column)


def test_every_pointer_check_reads_inside_messages_when_a_body_is_given():
    exercise = json_exercise(
        criterion("json-schema", schema={"type": "array", "minItems": 3}),
        criterion("item-count", min=3),
        api="openai",
    )
    body = {"model": "gpt-5.5", "messages": _messages("x")}
    v = mark(exercise, json.dumps(body))
    assert all(c.passed for c in v.criteria[:2]), said(v)


# ----------------------------------------------------- advice that fits the real fault


def test_a_400_from_the_learners_own_request_is_never_answered_with_catch_the_error():
    course = load_course(None)
    exercise = course.exercise("fix-round-trip")
    v = mark_answer(course, exercise, exercise.starter)
    text = said(v)
    assert "instead of letting the error escape" not in text
    exception = next(d for d in v.diagnostics if d.rule == "python-exception")
    assert "the API refused request 2" in exception.message
    assert "rather than catch the error" in exception.hint


def test_a_diagnostic_with_a_line_and_no_column_prints_no_none():
    d = Diagnostic("python-exception", "error", "", "boom", "", 3, None)
    out = format_human([d], "a\nb\nc\n", "solution.py")
    assert out.startswith("solution.py:3: error python-exception: boom")
    assert "None" not in out


# ---------------------------------------------------------------------- params declared


def test_every_engine_check_declares_the_schema_of_its_params():
    import checker.python_checks  # noqa: F401  (registers the Python run checks)

    for name, spec in CHECKS.items():
        assert spec.params is not None, name
        assert spec.params.get("type") == "object", name
        assert spec.params.get("additionalProperties") is False, name
