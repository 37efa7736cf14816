"""Fair marking of the why-tools exercises, both ways: learner answers that are not in the
exercise files, written from the task text a learner reads.

Each correct answer differs from the solution the way learners differ (key order, spacing,
an extra note, a defensible second reason, another way to write the ids); each wrong one
comes from a real misconception and must fail with a message that names its cause.
"""

from __future__ import annotations

import json
import random

import pytest

from tooltutor.course import load_course
from tooltutor.marking import mark_answer

COURSE = load_course(None)

KEY = {
    "fx-rate": (True, "fresh_data"),
    "summarise-notes": (False, "none"),
    "unpaid-invoices": (True, "private_data"),
    "email-contract": (True, "side_effect"),
    "compound-interest": (True, "exact_compute"),
    "mutex-semaphore": (False, "none"),
    "porto-rain": (True, "fresh_data"),
    "cancel-meeting": (True, "side_effect"),
    "palindrome-function": (False, "none"),
    "board-deck": (True, "private_data"),
}


def verdict(exercise_id: str, answer: str):
    return mark_answer(COURSE, COURSE.exercise(exercise_id), answer)


def everything_said(v) -> str:
    """Every word the learner reads about a verdict: criteria messages, diagnostics, hints."""
    parts = [c.message for c in v.criteria]
    parts += [f"{d.message} {d.hint}" for d in v.diagnostics]
    return "\n".join(parts)


def failed(v) -> set[str]:
    return {c.id for c in v.criteria if not c.passed} | {
        d.rule for d in v.diagnostics if d.is_error
    }


def assert_passes(exercise_id: str, answer: str) -> None:
    v = verdict(exercise_id, answer)
    assert v.passed, everything_said(v)


def assert_fails(exercise_id: str, answer: str, criterion: str, *words: str) -> None:
    v = verdict(exercise_id, answer)
    assert not v.passed, answer
    assert criterion in failed(v), (criterion, failed(v), everything_said(v))
    said = everything_said(v)
    for word in words:
        assert word in said, (word, said)


# --------------------------------------------------------------------------- tool-or-not


def entries(changes: dict | None = None, *, extra: dict | None = None) -> dict:
    out = {}
    for entry, (needs, reason) in KEY.items():
        needs, reason = (changes or {}).get(entry, (needs, reason))
        out[entry] = {"needs_tool": needs, "reason": reason, **(extra or {})}
    return out


def shuffled(value: dict, seed: int) -> dict:
    items = list(value.items())
    random.Random(seed).shuffle(items)
    return dict(items)


TOOL_OR_NOT_RIGHT = {
    "entries in a shuffled order": json.dumps(shuffled(entries(), 1), indent=2),
    "entries in another shuffled order, one line": json.dumps(shuffled(entries(), 7)),
    "reason before needs_tool": json.dumps(
        {k: {"reason": v["reason"], "needs_tool": v["needs_tool"]} for k, v in entries().items()}
    ),
    "tabs and a trailing newline": json.dumps(entries(), indent="\t") + "\n",
    "a note of the learner's own in every entry": json.dumps(entries(extra={"note": "decided"})),
    "invoices change often too (one reason off)": json.dumps(
        entries({"unpaid-invoices": (True, "fresh_data")})
    ),
    "two defensible second reasons": json.dumps(
        entries({"board-deck": (True, "fresh_data"), "cancel-meeting": (True, "private_data")})
    ),
    "the contract file is private, the calendar too": json.dumps(
        entries(
            {"email-contract": (True, "private_data"), "cancel-meeting": (True, "private_data")}
        )
    ),
    "JSON escapes inside the strings": json.dumps(entries()).replace(
        "fresh_data", "fresh\\u005fdata"
    ),
    "minified, keys sorted": json.dumps(entries(), sort_keys=True, separators=(",", ":")),
}


@pytest.mark.parametrize("answer", TOOL_OR_NOT_RIGHT.values(), ids=TOOL_OR_NOT_RIGHT.keys())
def test_tool_or_not_accepts_correct_answers_written_differently(answer):
    assert_passes("tool-or-not", answer)


def _as_strings() -> str:
    value = entries()
    for entry in value.values():
        entry["needs_tool"] = json.dumps(entry["needs_tool"])
    return json.dumps(value)


def _yes_no() -> str:
    value = entries()
    for entry in value.values():
        entry["needs_tool"] = "yes" if entry["needs_tool"] else "no"
    return json.dumps(value)


def _without(entry: str) -> str:
    value = entries()
    del value[entry]
    return json.dumps(value)


def _renamed(old: str, new: str) -> str:
    return json.dumps({new if k == old else k: v for k, v in entries().items()})


TOOL_OR_NOT_WRONG = [
    # (misconception, answer, the criterion it fails, words that name the cause)
    ("booleans as strings", _as_strings(), "shape", ['a boolean, not the string "true"']),
    ("yes and no for booleans", _yes_no(), "shape", ['found the string "yes"']),
    (
        "the function must be run",
        json.dumps(entries({"palindrome-function": (True, "exact_compute")})),
        "needs-tool",
        ['"palindrome-function"', "producing text"],
    ),
    (
        "the model can do the interest in its head",
        json.dumps(entries({"compound-interest": (False, "none")})),
        "needs-tool",
        ['"compound-interest"', "exact arithmetic"],
    ),
    (
        "pasted notes counted as private data",
        json.dumps(entries({"summarise-notes": (True, "private_data")})),
        "needs-tool",
        ['"summarise-notes"'],
    ),
    (
        "every request gets a tool",
        json.dumps(
            entries(
                {
                    "summarise-notes": (True, "private_data"),
                    "mutex-semaphore": (True, "fresh_data"),
                    "palindrome-function": (True, "exact_compute"),
                }
            )
        ),
        "needs-tool",
        ["7 of 10 verdicts"],
    ),
    (
        "three reasons mixed up: over the two allowed",
        json.dumps(
            entries(
                {
                    "fx-rate": (True, "private_data"),
                    "board-deck": (True, "fresh_data"),
                    "email-contract": (True, "exact_compute"),
                }
            )
        ),
        "reasons",
        ["7 of 10 reasons", "at least 8"],
    ),
    (
        "a tool needed, but the reason says none",
        json.dumps(entries({"email-contract": (True, "none")})),
        "consistent",
        ['"none" is not one of'],
    ),
    (
        "no tool, but a reason anyway",
        json.dumps(entries({"mutex-semaphore": (False, "private_data")})),
        "consistent",
        ['expected "none", found "private_data"'],
    ),
    ("an entry left out", _without("board-deck"), "shape", ['"board-deck" is missing']),
    (
        "an id mistyped",
        _renamed("fx-rate", "fx_rate"),
        "shape",
        ['the key "fx_rate" is not expected here', 'did you mean "fx-rate"'],
    ),
    (
        "a reason spelled with a dash",
        json.dumps(entries({"porto-rain": (True, "fresh-data")})),
        "shape",
        ['did you mean "fresh_data"'],
    ),
    (
        "a list of records instead of an object",
        json.dumps([{"id": k, **v} for k, v in entries().items()]),
        "shape",
        ["expected an object, found an array"],
    ),
    (
        "no reason written for the requests that need no tool",
        json.dumps(entries({"summarise-notes": (False, None), "mutex-semaphore": (False, "")})),
        "shape",
        ["null is not one of", '"" is not one of'],
    ),
]


@pytest.mark.parametrize(
    "answer, criterion, words",
    [w[1:] for w in TOOL_OR_NOT_WRONG],
    ids=[w[0] for w in TOOL_OR_NOT_WRONG],
)
def test_tool_or_not_rejects_misconceptions_with_their_cause(answer, criterion, words):
    assert_fails("tool-or-not", answer, criterion, *words)


def test_tool_or_not_untouched_starter_gets_one_message_per_entry():
    exercise = COURSE.exercise("tool-or-not")
    v = mark_answer(COURSE, exercise, exercise.starter)
    assert len(v.diagnostics) == 10
    first = v.diagnostics[0]
    assert first.message == "expected a boolean, found null"
    assert '`reason`: "" is not one of' in first.hint


def test_tool_or_not_untouched_starter_meets_no_criterion():
    """Nothing is ticked on the starter: the consistency of `reason` with `needs_tool` is
    judged once the entries have their shape (`after: [shape]`), and says so meanwhile."""
    exercise = COURSE.exercise("tool-or-not")
    v = mark_answer(COURSE, exercise, exercise.starter)
    assert [c.passed for c in v.criteria] == [False] * len(v.criteria)
    consistent = next(c for c in v.criteria if c.id == "consistent")
    shape = next(c for c in v.criteria if c.id == "shape")
    assert consistent.message == f"Not checked until this is met: {shape.label}"


def test_tool_or_not_consistency_is_judged_once_the_shape_holds():
    solution = json.loads(COURSE.exercise("tool-or-not").solution)
    solution["fx-rate"]["reason"] = "none"  # well formed, but a tool with no reason
    v = verdict("tool-or-not", json.dumps(solution))
    met = {c.id: c.passed for c in v.criteria}
    assert met["shape"] and not met["consistent"]
    assert "Not checked" not in next(c.message for c in v.criteria if c.id == "consistent")


def test_tool_or_not_type_slips_are_not_blamed_on_the_verdict():
    """A string "true" is a type slip: the wrong-verdict note must not be shown for it."""
    v = verdict("tool-or-not", _as_strings())
    said = everything_said(v)
    assert "Rates move all day" not in said
    assert "wrong type" in next(c.message for c in v.criteria if c.id == "needs-tool")


# ------------------------------------------------------------------- did-anything-happen

DID_ANYTHING_RIGHT = [
    "7, 13",
    "13, 7",
    "7,13",
    "7 13",
    '["7", "13"]',
    "[7, 13]",
    "7; 13",
    "turns 7 and 13",
    "Turn 7, turn 13",
    " 7 , 13 \n",
    "7, 13, 7",
]


@pytest.mark.parametrize("answer", DID_ANYTHING_RIGHT)
def test_did_anything_happen_accepts_the_two_turns_however_written(answer):
    assert_passes("did-anything-happen", answer)


DID_ANYTHING_WRONG = [
    ("1, 7, 13", ["nothing was sent"]),
    ("3, 7, 13", ["is_error: true"]),
    ("5, 7, 13", ["no `tool_use` block"]),
    ("7, 11, 13", ["only reads"]),
    ("7, 9, 13, 15", ["only reports what turn 7 did"]),
    ("9, 15", ["only reports what turn 7 did"]),
    ("7", ["1 more option"]),
    ("13", ["1 more option"]),
    ("3, 7, 11, 13", ["is_error: true", "only reads"]),
    ("8, 14", ['"8", "14" are not among the options']),
    ("", ["Pick an option"]),
    ("all of them", ['"all", "of", "them"']),
]


@pytest.mark.parametrize("answer, words", DID_ANYTHING_WRONG)
def test_did_anything_happen_rejects_misreadings_with_their_feedback(answer, words):
    assert_fails("did-anything-happen", answer, "choice", *words)


# ------------------------------------------------------------------------- order-the-flow

STEPS = ["request", "call", "extract", "execute", "result", "answer"]

ORDER_RIGHT = {
    "as in the solution": json.dumps(STEPS),
    "one per line": json.dumps(STEPS, indent=2),
    "compact": json.dumps(STEPS, separators=(",", ":")),
    "tabs": json.dumps(STEPS, indent="\t"),
    "spaces inside the brackets": "[ " + " , ".join(json.dumps(s) for s in STEPS) + " ]",
    "a trailing newline": json.dumps(STEPS) + "\n\n",
    "two per line": '["request", "call",\n "extract", "execute",\n "result", "answer"]',
    "escaped letters": json.dumps(STEPS).replace("call", "c\\u0061ll"),
}


@pytest.mark.parametrize("answer", ORDER_RIGHT.values(), ids=ORDER_RIGHT.keys())
def test_order_the_flow_accepts_the_steps_however_laid_out(answer):
    assert_passes("order-the-flow", answer)


ORDER_WRONG = [
    (
        "the model looks the order up itself",
        ["request", "call", "lookup", "result", "answer"],
        "steps",
        ['"lookup" does not belong here', "never connects"],
    ),
    (
        "the API runs the user-defined tool",
        ["request", "call", "extract", "relay", "result", "answer"],
        "steps",
        ["only your code can run it"],
    ),
    (
        "all eight kept",
        ["request", "call", "lookup", "extract", "execute", "relay", "result", "answer"],
        "steps",
        ['"lookup", "relay" do not belong here'],
    ),
    (
        "the tool runs before its call is read",
        ["request", "call", "execute", "extract", "result", "answer"],
        "order",
        ['"execute" stands before "extract"'],
    ),
    (
        "the model calls before it is asked",
        ["call", "request", "extract", "execute", "result", "answer"],
        "order",
        ['"call" stands before "request"'],
    ),
    (
        "the answer before the result",
        ["request", "call", "extract", "execute", "answer", "result"],
        "order",
        ['"answer" stands before "result"'],
    ),
    (
        "the SDK reads the call, so extract is left out",
        ["request", "call", "execute", "result", "answer"],
        "steps",
        ["1 step is missing"],
    ),
    (
        "a step listed twice",
        ["request", "call", "extract", "execute", "result", "result", "answer"],
        "steps",
        ['"result" is listed twice'],
    ),
    (
        "a step id mistyped",
        ["request", "call", "extract", "excute", "result", "answer"],
        "shape",
        ['did you mean "execute"'],
    ),
    (
        "the step texts instead of their ids",
        ["Your code sends the customer's question", "The model replies"],
        "shape",
        ["is not one of"],
    ),
    (
        "an object of positions instead of an array",
        {"request": 1, "call": 2, "extract": 3, "execute": 4, "result": 5, "answer": 6},
        "shape",
        ["expected an array, found an object"],
    ),
]


@pytest.mark.parametrize(
    "answer, criterion, words",
    [w[1:] for w in ORDER_WRONG],
    ids=[w[0] for w in ORDER_WRONG],
)
def test_order_the_flow_rejects_misconceptions_with_their_cause(answer, criterion, words):
    assert_fails("order-the-flow", json.dumps(answer), criterion, *words)


def test_order_the_flow_judges_the_order_of_the_steps_given_even_with_one_missing():
    v = verdict("order-the-flow", json.dumps(["call", "request", "execute", "result", "answer"]))
    order = next(c for c in v.criteria if c.id == "order")
    assert '"call" stands before "request"' in order.message
