"""The bundled course's own JSON checks (`checks/`) and the engine's general ones
(`checker/json_checks.py`): each passes a right answer, fails a
wrong one with a message that says what is wrong, and never raises."""

from __future__ import annotations

import importlib
import json

import pytest

from checker.criteria import CHECKS
from checker.exercise import mark
from tooltutor.course import load_course
from tooltutor.marking import course_checks

OWN = course_checks(load_course(None))
count_sentences = importlib.import_module(
    OWN["tool-definition"].function.__module__
).count_sentences


def judge(check: str, params: dict, answer, *, api: str = "none"):
    """The first criterion of a one-criterion exercise, and its diagnostics."""
    exercise = {
        "kind": "json",
        "api": api,
        "criteria": [{"check": check, "label": check, "params": params}],
    }
    text = answer if isinstance(answer, str) else json.dumps(answer, indent=2)
    verdict = mark(exercise, text, checks=OWN)
    return verdict.criteria[0], verdict.diagnostics


# --------------------------------------------------------------------------- each-field

KEY = {
    "fx": {"needs_tool": True, "reason": "fresh_data"},
    "poem": {"needs_tool": False, "reason": "none"},
    "refund": {"needs_tool": True, "reason": "side_effect"},
}


def test_each_field_passes_when_every_field_matches():
    answer = {k: dict(v) for k, v in KEY.items()}
    criterion, _ = judge("each-field", {"key": KEY, "field": "needs_tool"}, answer)
    assert criterion.passed


def test_each_field_names_the_wrong_entries_but_not_the_expected_value():
    answer = {k: dict(v) for k, v in KEY.items()}
    answer["poem"]["needs_tool"] = True
    params = {"key": KEY, "field": "needs_tool", "what": "verdict", "notes": {"poem": "Text only."}}
    criterion, diags = judge("each-field", params, answer)
    assert not criterion.passed
    assert "2 of 3 verdicts match" in criterion.message and '"poem"' in criterion.message
    assert diags[0].path == "/poem/needs_tool" and diags[0].hint == "Text only."


def test_each_field_threshold_passes_with_a_warning():
    answer = {k: dict(v) for k, v in KEY.items()}
    answer["fx"]["reason"] = "private_data"
    params = {"key": KEY, "field": "reason", "what": "reason", "min_correct": 2}
    criterion, diags = judge("each-field", params, answer)
    assert criterion.passed and "enough to pass" in criterion.message
    assert [d.severity for d in diags] == ["warning"]
    answer["poem"]["reason"] = "fresh_data"
    criterion, _ = judge("each-field", params, answer)
    assert not criterion.passed and "at least 2 must" in criterion.message


def test_each_field_keeps_true_apart_from_one_and_reports_missing_entries():
    answer = {"fx": {"needs_tool": 1, "reason": "fresh_data"}, "poem": KEY["poem"]}
    criterion, diags = judge("each-field", {"key": KEY, "field": "needs_tool"}, answer)
    assert not criterion.passed
    assert any("is missing" in d.message for d in diags)
    assert any(d.path == "/fx/needs_tool" for d in diags)


def test_each_field_explains_a_wrong_shape():
    criterion, _ = judge("each-field", {"key": KEY, "field": "reason"}, [1, 2])
    assert not criterion.passed and "write a JSON object" in criterion.message


# --------------------------------------------------------------------------- set-equals


def test_set_equals_ignores_order():
    params = {"key": [["b", "a"], ["d", "c"]], "what": "pair"}
    criterion, _ = judge("set-equals", params, [["d", "c"], ["b", "a"]])
    assert criterion.passed


def test_set_equals_names_unexpected_items_where_they_stand_with_their_note():
    params = {
        "key": [["b", "a"], ["d", "c"]],
        "what": "pair",
        "notes": [{"item": ["a", "b"], "note": "this pair is reversed"}],
    }
    criterion, diags = judge("set-equals", params, [["d", "c"], ["a", "b"]])
    assert not criterion.passed
    assert '["a", "b"]' in criterion.message and "this pair is reversed" in criterion.message
    assert "1 pair is missing" in criterion.message
    assert diags[0].path == "/1" and diags[0].hint == "this pair is reversed"


def test_set_equals_counts_missing_items_without_revealing_them_and_flags_duplicates():
    criterion, diags = judge("set-equals", {"key": ["x", "y", "z"]}, ["x", "x"])
    assert not criterion.passed
    assert "listed twice" in criterion.message and "2 items are missing" in criterion.message
    assert '"y"' not in criterion.message


def test_set_equals_at_a_pointer_and_on_a_wrong_type():
    criterion, _ = judge("set-equals", {"at": "/ids", "key": ["a"]}, {"ids": ["a"]})
    assert criterion.passed
    criterion, _ = judge("set-equals", {"at": "/ids", "key": ["a"]}, {"ids": "a"})
    assert not criterion.passed and "write a JSON array" in criterion.message


# --------------------------------------------------------------------------- item-count


def test_item_count_bounds():
    params = {"min": 1, "max": 3, "what": "definition"}
    assert judge("item-count", params, [{}, {}])[0].passed
    criterion, _ = judge("item-count", params, [{}] * 5)
    assert not criterion.passed and "5 definitions; at most 3" in criterion.message
    criterion, _ = judge("item-count", params, [])
    assert not criterion.passed and "at least 1" in criterion.message
    criterion, _ = judge("item-count", params, {"tools": []})
    assert not criterion.passed and "write a JSON array" in criterion.message


# --------------------------------------------------------------------------- in-order

STEPS = ["request", "call", "extract", "execute", "result", "answer"]


def test_in_order_passes_and_ignores_items_outside_the_key():
    assert judge("in-order", {"key": STEPS}, STEPS)[0].passed
    assert judge("in-order", {"key": STEPS}, ["request", "lookup", *STEPS[1:]])[0].passed


def test_in_order_names_the_first_pair_out_of_order():
    answer = ["request", "call", "execute", "extract", "result", "answer"]
    criterion, diags = judge("in-order", {"key": STEPS, "what": "step"}, answer)
    assert not criterion.passed
    assert criterion.message.startswith('"execute" stands before "extract"')
    assert diags[0].path == "/2"


def test_in_order_waits_for_every_item():
    criterion, _ = judge("in-order", {"key": STEPS, "what": "step"}, STEPS[:4])
    assert not criterion.passed and "2 are missing" in criterion.message


# --------------------------------------------------------------------------- tool-definition

GOOD_TOOL = {
    "name": "search_tickets",
    "description": (
        "Searches help-desk tickets and returns the best matches first. Use it to find earlier "
        "tickets. Do not use it when you know the id, e.g. T-1042. The query is free text."
    ),
    "strict": True,
    "input_schema": {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "status": {
                "type": "string",
                "enum": ["open", "closed"],
                "description": "Only tickets with this status.",
            },
        },
        "required": ["query"],
        "additionalProperties": False,
    },
    "input_examples": [{"query": "refund"}, {"query": "login", "status": "open"}],
}


def tool(**changes):
    value = json.loads(json.dumps(GOOD_TOOL))
    for key, new in changes.items():
        if new is None:
            value.pop(key, None)
        else:
            value[key] = new
    return value


def test_tool_definition_passes_a_complete_definition():
    criterion, diags = judge("tool-definition", {}, GOOD_TOOL)
    assert criterion.passed, criterion.message
    assert not diags


def test_count_sentences_skips_abbreviations_and_decimals():
    assert count_sentences("One two. Three four, e.g. five six. Pi is 3.14 here!") == 3
    assert count_sentences("Searches tickets.") == 1
    assert count_sentences("") == 0


@pytest.mark.parametrize(
    ("answer", "part", "expected"),
    [
        (tool(name="search tickets"), "name", 'contains " "'),
        (tool(name="x" * 65), "name", "65 characters"),
        (
            {"type": "function", "function": {"name": "x", "parameters": {"type": "object"}}},
            "shape",
            "OpenAI's wrapper",
        ),
        (tool(input_schema=None, parameters={"type": "object"}), "shape", "`parameters` is OpenAI"),
        (tool(input_schema={"type": "array"}), "shape", '"type": "object"'),
        (tool(input_schema={"type": "object", "required": "query"}), "shape", "not a valid JSON"),
        (
            tool(input_schema={"type": "object", "properties": {}, "required": ["page"]}),
            "shape",
            '"page" is listed in `required`',
        ),
        (tool(description="Searches tickets."), "description", "1 sentence"),
        (tool(description=None), "description", "no `description`"),
        (
            tool(description="Finds tickets fast. Use it often. Never use it for invoices."),
            "description",
            'the parameter "query" is explained nowhere',
        ),
        (tool(input_examples=None), "examples", "add `input_examples`"),
        (tool(input_examples=[{"query": "x"}]), "examples", "holds 1 example"),
        (
            tool(input_examples=[{"query": "x"}, {"query": "y", "status": "pending"}]),
            "examples",
            "example 1 does not validate",
        ),
        (
            tool(
                input_examples=[
                    {"query": "x", "status": "open"},
                    {"query": "y", "status": "closed"},
                ]
            ),
            "examples",
            "every example sets every optional parameter",
        ),
        (
            tool(input_schema={"type": "object", "properties": {"query": {"type": "string"}}}),
            "strict",
            "does not set `additionalProperties: false`",
        ),
    ],
)
def test_tool_definition_explains_each_problem(answer, part, expected):
    criterion, diags = judge("tool-definition", {"parts": [part]}, answer)
    assert not criterion.passed
    assert expected in criterion.message + " ".join(d.message for d in diags)


def test_tool_definition_examples_mention_the_400():
    answer = tool(input_examples=[{"query": 5}, {"query": "y"}])
    criterion, diags = judge("tool-definition", {"parts": ["examples"]}, answer)
    assert "the API would answer 400" in criterion.message
    assert diags[0].path == "/input_examples/0/query"


def test_tool_definition_strict_reaches_nested_objects():
    schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {"filter": {"type": "object", "properties": {"tag": {"type": "string"}}}},
    }
    criterion, diags = judge("tool-definition", {"parts": ["strict"]}, tool(input_schema=schema))
    assert not criterion.passed and diags[0].path == "/input_schema/properties/filter"
    loose = tool(input_schema=schema, strict=False)
    assert judge("tool-definition", {"parts": ["strict"]}, loose)[0].passed


def test_tool_definition_many_names_the_tool_at_fault():
    answer = [GOOD_TOOL, tool(name="other", description="Too short.")]
    criterion, _ = judge("tool-definition", {"many": True, "parts": ["description"]}, answer)
    assert not criterion.passed and criterion.message.startswith('In tool "other"')
    criterion, _ = judge("tool-definition", {}, [GOOD_TOOL])
    assert not criterion.passed and "not an array" in criterion.message


def test_tool_definition_survives_a_schema_jsonschema_cannot_use():
    answer = tool(
        input_schema={"type": "object", "properties": {"q": {"type": "string", "pattern": "("}}}
    )
    criterion, _ = judge("tool-definition", {"parts": ["examples"]}, answer)
    assert isinstance(criterion.passed, bool)


# --------------------------------------------------------------------------- action-enum

SERVICES = {
    "helpdesk": {"create": "create_ticket", "close": "close_ticket"},
    "billing": {"refund": "refund_invoice"},
}


def action_tool(name, actions, required=True):
    return {
        "name": name,
        "description": "x",
        "input_schema": {
            "type": "object",
            "properties": {"action": {"type": "string", "enum": actions}},
            "required": ["action"] if required else [],
        },
    }


def test_action_enum_passes_when_each_operation_lives_in_one_tool():
    answer = [
        action_tool("helpdesk_ticket", ["create", "close"]),
        action_tool("billing_x", ["refund"]),
    ]
    assert judge("action-enum", {"services": SERVICES}, answer)[0].passed


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (
            [action_tool("tickets", ["create", "close"]), action_tool("billing_x", ["refund"])],
            '"tickets" starts with none of the service prefixes',
        ),
        (
            [action_tool("helpdesk_ticket", ["create"]), action_tool("billing_x", ["refund"])],
            'no `helpdesk` tool offers "close", so "close_ticket" is lost',
        ),
        (
            [
                action_tool("helpdesk_a", ["create", "close"]),
                action_tool("helpdesk_b", ["close"]),
                action_tool("billing_x", ["refund"]),
            ],
            '"close" is offered by "helpdesk_a" and "helpdesk_b"',
        ),
        (
            [action_tool("helpdesk_ticket", ["create", "close", "refund"])],
            '"refund" is a `billing` operation',
        ),
        (
            [
                action_tool("helpdesk_ticket", ["create_ticket", "close"]),
                action_tool("billing_x", ["refund"]),
            ],
            "not one of the helpdesk action names (create, close)",
        ),
        (
            [
                action_tool("helpdesk_ticket", ["create", "close"], required=False),
                action_tool("billing_x", ["refund"]),
            ],
            "should be `required`",
        ),
        (
            [
                {"name": "helpdesk_t", "input_schema": {"type": "object"}},
                action_tool("billing_x", ["refund"]),
            ],
            'has no "action" property',
        ),
    ],
)
def test_action_enum_explains_each_problem(answer, expected):
    criterion, diags = judge("action-enum", {"services": SERVICES}, answer)
    assert not criterion.passed
    assert expected in criterion.message + " ".join(d.message for d in diags)


# --------------------------------------------------------------------------- tool-calls

CALLS = [
    {"id": "toolu_1", "name": "get_order_status", "input": {"order_id": "A"}},
    {"id": "toolu_2", "name": "get_order_status", "input": {"order_id": "B"}},
]


def openai_turn(**overrides):
    turn = {
        "role": "assistant",
        "content": "Checking.",
        "tool_calls": [
            {
                "id": c["id"],
                "type": "function",
                "function": {"name": c["name"], "arguments": json.dumps(c["input"])},
            }
            for c in CALLS
        ],
    }
    turn.update(overrides)
    return [{"role": "user", "content": "Where?"}, turn]


def test_tool_calls_passes_with_string_arguments_in_any_spacing():
    answer = openai_turn()
    answer[1]["tool_calls"][0]["function"]["arguments"] = '{ "order_id" :"A" }'
    criterion, _ = judge("tool-calls", {"index": 1, "calls": CALLS, "text": "Checking."}, answer)
    assert criterion.passed


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda t: t["tool_calls"][0]["function"].update(arguments={"order_id": "A"}),
            "it is a string holding JSON",
        ),
        (
            lambda t: t["tool_calls"][1]["function"].update(arguments='{"order_id": "C"}'),
            "not to the original input",
        ),
        (
            lambda t: t["tool_calls"][1]["function"].update(arguments="{order_id: B}"),
            "not valid JSON text",
        ),
        (lambda t: t["tool_calls"][0].update(id="call_1"), 'keep the original id "toolu_1"'),
        (lambda t: t["tool_calls"][0].pop("type"), '`"type": "function"`'),
        (lambda t: t["tool_calls"].pop(), "all 2 calls of the Claude turn belong in this one list"),
        (lambda t: t.update(content=None), "the assistant's words must survive"),
        (lambda t: t.pop("tool_calls"), "needs `tool_calls`"),
    ],
)
def test_tool_calls_explains_each_problem(mutate, expected):
    answer = openai_turn()
    mutate(answer[1])
    criterion, diags = judge(
        "tool-calls", {"index": 1, "calls": CALLS, "text": "Checking."}, answer
    )
    assert not criterion.passed
    assert expected in criterion.message + " ".join(d.message for d in diags)


def test_tool_calls_wants_an_assistant_message():
    answer = openai_turn(role="user")
    criterion, _ = judge("tool-calls", {"index": 1, "calls": CALLS}, answer)
    assert not criterion.passed and "should be the assistant turn" in criterion.message
    criterion, _ = judge("tool-calls", {"index": 1, "calls": CALLS}, {"tools": []})
    assert not criterion.passed and "array of messages" in criterion.message


# --------------------------------------------------------------------------- robustness

ODD_ANSWERS = [
    "null",
    "[]",
    "{}",
    "42",
    '"text"',
    '[null, 1, "x", [], {}]',
    '{"a": {"b": [1, {"c": null}]}}',
    '[{"name": 5, "input_schema": {"type": 5, "properties": []}, "input_examples": "x"}]',
    '{"name": "t", "input_schema": {"type": "object", "properties": {"a": 5}}, "strict": true}',
    '[{"role": "assistant", "tool_calls": [null, {"function": 3}]}]',
]


@pytest.mark.parametrize(
    "name",
    [
        "each-field",
        "set-equals",
        "item-count",
        "in-order",
        "tool-definition",
        "action-enum",
        "tool-calls",
    ],
)
@pytest.mark.parametrize("answer", ODD_ANSWERS)
def test_course_checks_never_raise(name, answer):
    params = {
        "each-field": {"key": KEY, "field": "reason"},
        "set-equals": {"key": ["a"]},
        "item-count": {"min": 1, "max": 2},
        "in-order": {"key": ["a", "b"]},
        "tool-definition": {},
        "action-enum": {"services": SERVICES},
        "tool-calls": {"index": 0, "calls": CALLS, "text": "x"},
    }[name]
    assert name in CHECKS or name in OWN
    criterion, _ = judge(name, params, answer)
    assert criterion.passed or criterion.message
    # each check handles odd shapes itself; the last-resort guard is not what answered
    assert "could not be checked" not in criterion.message


def test_the_guard_turns_a_crash_into_a_failed_criterion():
    criterion, _ = judge("each-field", {"key": ["not", "a", "mapping"], "field": "x"}, {})
    assert not criterion.passed and "could not be checked" in criterion.message
