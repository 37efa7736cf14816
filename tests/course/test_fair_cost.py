"""Fair marking of the cost lesson: learner answers that are not in the exercise files.

Each answer is written from the task text a learner reads. The correct ones differ from the
solution in the ways learners differ and must pass; the wrong ones come from real
misconceptions and must fail the criterion about that mistake, with a message that names
it (and, where one mistake makes later numbers wrong too, those say "not judged yet").

Here the JSON exercises (token-ledger, count-round-trips); the Python ones are in
test_fair_cost_code.py.
"""

from __future__ import annotations

import json

import pytest
from criteria_marking import assert_fails, assert_passes, verdict

# ----------------------------------------------------------------------- token-ledger

LEDGER = {
    "requests": 4,
    "per_request": [3126, 4386, 4956, 5906],
    "input_tokens_total": 18374,
    "definition_share_pct": 52.2,
    "cached_equivalent_tokens": 12494,
}


def ledger(**changes) -> str:
    return json.dumps({**LEDGER, **changes}, indent=2)


LEDGER_RIGHT = {
    "fields in another order": json.dumps(dict(reversed(list(LEDGER.items())))),
    "one compact line": json.dumps(LEDGER, separators=(",", ":")),
    "the work shown in extra keys": ledger(
        fixed_per_request=3046, definitions_total=9600, saving=5880
    ),
    "the share with a trailing zero": ledger().replace("52.2", "52.20"),
    "a count written as 4.0": ledger().replace('"requests": 4', '"requests": 4.0'),
    "one number per line": json.dumps(LEDGER, indent=4),
    "a cached total written 12494.0": ledger().replace("12494", "12494.0"),
    "the share to two decimals, within rounding": ledger(definition_share_pct=52.25),
}


@pytest.mark.parametrize("note", LEDGER_RIGHT)
def test_token_ledger_accepts_correct_answers_written_differently(note):
    assert_passes("token-ledger", LEDGER_RIGHT[note])


def _without(per_request: list[int], **more) -> str:
    total = sum(per_request)
    return ledger(per_request=per_request, input_tokens_total=total, **more)


LEDGER_WRONG = {
    "the definitions counted in the first request only": (
        _without([3126, 1986, 2556, 3506]),
        "per-request",
        ["tool definitions", "every request"],
    ),
    "the request for the final answer forgotten": (
        ledger(requests=3, per_request=[3126, 4386, 4956], input_tokens_total=12468),
        "requests",
        ["final answer"],
    ),
    "each request with only its newest messages": (
        _without([3126, 4306, 3616, 3996]),
        "per-request",
        ["whole history"],
    ),
    "a request per message": (ledger(requests=8), "requests", ["assistant messages"]),
    "each reply counted as input of its own request": (
        _without([3186, 4456, 5006, 6056]),
        "per-request",
        ["own reply"],
    ),
    "the fixed part forgotten": (
        _without([80, 1340, 1910, 2860]),
        "per-request",
        ["sent with every request"],
    ),
    "the tool-use system prompt forgotten": (
        _without([2780, 4040, 4610, 5560]),
        "per-request",
        ["tool-use system prompt"],
    ),
    "the tool-use system prompt counted as definitions": (
        ledger(definition_share_pct=59.8),
        "share",
        ["tool-use system prompt"],
    ),
    "the share given as a fraction": (
        ledger(definition_share_pct=0.522),
        "share",
        ["fraction"],
    ),
    "the definitions' share counted once": (
        ledger(definition_share_pct=13.1),
        "share",
        ["once"],
    ),
    "the cheap read charged on the first request too": (
        ledger(cached_equivalent_tokens=9734),
        "cached",
        ["first request"],
    ),
    "no premium for the cache write": (
        ledger(cached_equivalent_tokens=11894),
        "cached",
        ["1.25"],
    ),
    "the cache written on every request": (
        ledger(cached_equivalent_tokens=20774),
        "cached",
        ["only the first writes"],
    ),
    "the saving given instead of the total": (
        ledger(cached_equivalent_tokens=5880),
        "cached",
        ["saving"],
    ),
    "the multipliers applied to whole requests": (
        ledger(cached_equivalent_tokens=round(3126 * 1.25 + (4386 + 4956 + 5906) * 0.1)),
        "cached",
        ["whole requests"],
    ),
    "a total that is not the sum of the requests": (
        ledger(input_tokens_total=18274),
        "total",
        ["adds up to"],
    ),
}


@pytest.mark.parametrize("note", LEDGER_WRONG)
def test_token_ledger_rejects_misconceptions_naming_them(note):
    answer, criterion, words = LEDGER_WRONG[note]
    assert_fails("token-ledger", answer, criterion, *words)


def test_token_ledger_folds_what_follows_from_the_first_mistake():
    answer = json.dumps(
        {
            "requests": 3,
            "per_request": [3126, 4386, 4956],
            "input_tokens_total": 12468,
            "definition_share_pct": 57.7,
            "cached_equivalent_tokens": 8748,
        }
    )
    result = verdict("token-ledger", answer)
    by_id = {c.id: c.message for c in result.criteria}
    for knock_on in ("per-request", "total", "share", "cached"):
        assert by_id[knock_on].startswith("Not judged yet"), (knock_on, by_id[knock_on])
    answer = _without([3126, 1986, 2556, 3506], definition_share_pct=21.5)
    by_id = {c.id: c.message for c in verdict("token-ledger", answer).criteria}
    assert "tool definitions" in by_id["per-request"]
    assert by_id["total"].startswith("Not judged yet")
    assert by_id["share"].startswith("Not judged yet")  # 2,400 of the learner's own total


# ------------------------------------------------------------------ count-round-trips

TRIPS = {
    "weekend-trip": {"parallel": 2, "one_per_reply": 5},
    "refund-diamond": {"parallel": 5, "one_per_reply": 6},
    "failing-build": {"parallel": 4, "one_per_reply": 7},
}


def trips(**changes) -> str:
    value = json.loads(json.dumps(TRIPS))
    for task, entry in changes.items():
        value[task.replace("_", "-")].update(entry)
    return json.dumps(value, indent=2)


TRIPS_RIGHT = {
    "tasks in another order": json.dumps(dict(reversed(list(TRIPS.items())))),
    "one_per_reply first in each entry": json.dumps(
        {
            t: {"one_per_reply": e["one_per_reply"], "parallel": e["parallel"]}
            for t, e in TRIPS.items()
        }
    ),
    "one compact line": json.dumps(TRIPS, separators=(",", ":")),
    "the rounds listed beside the counts": trips(
        refund_diamond={"rounds": [["A"], ["B", "C"], ["D"], ["E"]]},
        failing_build={"rounds": [["A", "E"], ["B", "C", "D"], ["F"]]},
    ),
    "a note in every entry": json.dumps(
        {t: {**e, "note": "minimum, answer included"} for t, e in TRIPS.items()}
    ),
    "four spaces of indent": json.dumps(TRIPS, indent=4),
    "counts written as 2.0": trips(weekend_trip={"parallel": 2.0}),
    "a final newline and spaces": trips() + "\n  \n",
}


@pytest.mark.parametrize("note", TRIPS_RIGHT)
def test_count_round_trips_accepts_correct_answers_written_differently(note):
    assert_passes("count-round-trips", TRIPS_RIGHT[note])


TRIPS_WRONG = {
    "the request for the final answer forgotten everywhere": (
        trips(weekend_trip={"parallel": 1, "one_per_reply": 4}),
        "weekend-trip",
        ["request that writes the final answer"],
    ),
    "dependencies ignored in the diamond": (
        trips(refund_diamond={"parallel": 2}),
        "refund-diamond",
        ["must wait", "`A` → `B` → `D` → `E`"],
    ),
    "the log reads given a round each": (
        trips(failing_build={"parallel": 6}),
        "failing-build",
        ["share a round", "`B`, `C` and `D`"],
    ),
    "independent lookups done one by one": (
        trips(weekend_trip={"parallel": 5}),
        "weekend-trip",
        ["share a round"],
    ),
    "one call per reply believed to change nothing": (
        trips(failing_build={"one_per_reply": 4}),
        "failing-build",
        ["each of the 6 calls"],
    ),
    "one call per reply without the answer's request": (
        trips(refund_diamond={"one_per_reply": 5}),
        "refund-diamond",
        ["5 calls take 5 requests", "answer"],
    ),
    "the parallel count without the answer's request": (
        trips(refund_diamond={"parallel": 4}),
        "refund-diamond",
        ["leaves out the request that writes the final answer"],
    ),
    "the diamond taken for a straight chain": (
        trips(refund_diamond={"parallel": 6}),
        "refund-diamond",
        ["`B` and `C` can go together"],
    ),
    "counts written as strings": (
        trips(weekend_trip={"parallel": "2", "one_per_reply": "5"}),
        "shape",
        ["string"],
    ),
    "the commit list made to wait for the logs": (
        trips(failing_build={"parallel": 5}),
        "failing-build",
        ["share a round"],
    ),
}


@pytest.mark.parametrize("note", TRIPS_WRONG)
def test_count_round_trips_rejects_misconceptions_naming_them(note):
    answer, criterion, words = TRIPS_WRONG[note]
    assert_fails("count-round-trips", answer, criterion, *words)
