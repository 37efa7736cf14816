"""The engine's general JSON checks (`checker/json_checks.py`): each passes a right answer,
fails a wrong one with a message that says what is wrong, and never raises, nor do the
course's own on odd answers. The bundled course's checks by lesson:
test_course_checks_definitions.py, test_course_checks_two_formats.py."""

from __future__ import annotations

import pytest
from course_check_judge import CALLS, OWN, SERVICES, judge

from checker.criteria import CHECKS

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
        "notes": [{"item": ["x", "y"], "note": "x never waits on y"}],
    }
    criterion, diags = judge("set-equals", params, [["d", "c"], ["x", "y"]])
    assert not criterion.passed
    assert '["x", "y"]' in criterion.message and "x never waits on y" in criterion.message
    assert "1 pair is missing" in criterion.message
    assert diags[0].path == "/1" and diags[0].hint == "x never waits on y"


def test_set_equals_names_a_reversed_pair_and_does_not_count_it_missing():
    params = {
        "key": [["b", "a"], ["d", "c"]],
        "what": "pair",
        "notes": [{"item": ["a", "b"], "note": "this pair is reversed"}],
    }
    criterion, diags = judge("set-equals", params, [["d", "c"], ["a", "b"]])
    assert not criterion.passed
    assert '["a", "b"] is the wrong way round' in criterion.message
    assert "missing" not in criterion.message
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
