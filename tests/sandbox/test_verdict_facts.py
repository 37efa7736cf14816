"""Every fact a verdict uses is derived in the parent; a judge that fails is an `error`.

The forgeries of issue 25, written against the bundled course's own exercises by someone
who has read the code, and one test per judge that makes it fail and expects `error`:

- which reply the entry returned is decided by comparing what it returned with the replies
  the parent issued, never by an attribute or a key the child sets;
- which arguments the entry changed is decided by comparing what the parent sent with what
  the child reports they hold afterwards; no harness function decides it;
- a judge that raises (the request judge, the protocol rules, an engine check, a course
  check) makes the verdict `error`, never a pass;
- the audit hook reads no module global that the learner's code could assign.
"""

from __future__ import annotations

import pytest

from checker import criteria
from checker.check_registry import CHECKS, CheckSpec
from checker.exercise import mark
from checker.sandbox import run_python
from tooltutor.course import load_course
from tooltutor.marking import course_checks, mark_answer

COURSE = load_course(None)
ROUND_TRIP = COURSE.exercise("fix-round-trip")
TRIM = COURSE.exercise("trim-result")


def _solution(exercise) -> str:
    return exercise.solution


def _round_trip_with(tail: str, head: str = "") -> str:
    """The reference solution of fix-round-trip, ending in `tail` instead of its return."""
    solution = _solution(ROUND_TRIP)
    body, marker, _ = solution.rpartition("return client.messages.create(")
    assert marker, "the solution returns the second reply"
    lines = body.rstrip().splitlines()
    indent = " " * 8
    second = (
        f"{indent}final = client.messages.create(\n"
        f"{indent}    model=MODEL, max_tokens=1024, tools=tools, messages=messages\n"
        f"{indent})\n"
    )
    tail = "".join(f"{indent}{line}\n" for line in tail.splitlines())
    return head + "\n".join(lines) + "\n" + second + tail


def _criterion(verdict, check: str, exercise):
    ids = {spec["check"]: n for n, spec in enumerate(exercise.criteria)}
    return verdict.criteria[ids[check]]


def test_the_reference_solution_still_passes_both_exercises():
    for exercise in (ROUND_TRIP, TRIM):
        verdict = mark_answer(COURSE, exercise, _solution(exercise))
        assert verdict.passed, [c for c in verdict.criteria if not c.passed]


REPLY_FORGERIES = {
    "the first reply, its hidden index set to the last": (
        "object.__setattr__(response, '_reply_index', 1)\nreturn response"
    ),
    "a dict that names the last reply": 'return {"__reply__": 1}',
    "a dict that claims to be the final Message": (
        'return {"__sdk__": "Message", "__reply__": 1, "stop_reason": "end_turn"}'
    ),
    "the first reply wearing the last one's id": (
        "object.__setattr__(response, 'id', final.id)\nreturn response"
    ),
    "the final reply, its text changed": (
        "final.content[0].text = 'Delivered yesterday.'\nreturn final"
    ),
    "the final reply's dict, not the reply": "return final.to_dict()",
}


@pytest.mark.parametrize("name", list(REPLY_FORGERIES))
def test_which_reply_was_returned_is_decided_by_the_parent(name):
    verdict = mark_answer(COURSE, ROUND_TRIP, _round_trip_with(REPLY_FORGERIES[name]))
    assert not verdict.passed, name
    assert not _criterion(verdict, "returns-final", ROUND_TRIP).passed


def test_the_final_reply_returned_as_it_came_passes():
    verdict = mark_answer(COURSE, ROUND_TRIP, _round_trip_with("return final"))
    assert verdict.passed, [c for c in verdict.criteria if not c.passed]


def _trim_deleting(preamble: str) -> str:
    """The reference trim_result, which then deletes the caller's other fields."""
    solution = _solution(TRIM)
    solution = solution.replace("def trim_result(rows, budget):", "def _trim(rows, budget):")
    return (
        solution
        + "\n\ndef trim_result(rows, budget):\n"
        + "".join(f"    {line}\n" for line in preamble.splitlines())
        + "    result = _trim(rows, budget)\n"
        + "    for row in rows:\n"
        + "        for key in [k for k in row if k not in KEEP]:\n"
        + "            del row[key]\n"
        + "    return result\n"
    )


MUTATION_FORGERIES = {
    "no disguise": "",
    "the harness's comparison replaced": (
        "import checker.sandbox.child.harness as h\n"
        "h.changed = lambda *a: []\n"
        "h.snapshot = lambda *a: {}"
    ),
    "the harness's report of the arguments replaced": (
        "import checker.sandbox.child.harness as h\nh.argument_states = lambda *a: {}"
    ),
}


@pytest.mark.parametrize("name", list(MUTATION_FORGERIES))
def test_which_arguments_changed_is_decided_by_the_parent(name):
    verdict = mark_answer(COURSE, TRIM, _trim_deleting(MUTATION_FORGERIES[name]))
    assert not verdict.passed, name
    assert not _criterion(verdict, "arguments-unchanged", TRIM).passed


def _sampling_answer(depth: int) -> str:
    head = (
        "import sys\nsys.setrecursionlimit(50000)\n\n\ndef deep(n):\n    value = {}\n"
        "    for _ in range(n):\n        value = {'a': value}\n    return value\n\n\n"
    )
    solution = _solution(ROUND_TRIP).replace(
        "max_tokens=1024,",
        f"max_tokens=1024, temperature=7, metadata={{'user_id': 'u', 'x': deep({depth})}},",
    )
    assert "temperature=7" in solution
    return head + solution


@pytest.mark.parametrize("depth", [1, 400, 600, 990, 3000])
def test_a_temperature_of_7_never_passes_however_deep_the_request(depth):
    verdict = mark_answer(COURSE, ROUND_TRIP, _sampling_answer(depth))
    assert not verdict.passed
    assert verdict.status in ("fail", "error")


# ----------------------------------------------------------------- a failing judge


def _broken(*_args, **_kwargs):
    raise RecursionError("maximum recursion depth exceeded (injected)")


def test_a_request_judge_that_fails_makes_the_run_an_error():
    source = _solution(ROUND_TRIP).replace("{{model}}", COURSE.model)
    spec = ROUND_TRIP.spec()
    report = run_python(
        source,
        entry=spec["entry"],
        call=spec["call"],
        script=spec["script"],
        tool_results=spec["tool_results"],
        runs=1,
        validator=_broken,
    )
    assert report.status == "ok" and report.internal_errors
    assert all(d["rule"] == "marking-error" for ds in report.runs[0].diagnostics for d in ds), (
        "each request the judge could not judge is refused, not accepted"
    )


def test_a_request_judge_that_fails_makes_the_verdict_an_error(monkeypatch):
    from checker.sandbox import scripted

    monkeypatch.setattr(scripted, "lint_validate", _broken)
    verdict = mark_answer(COURSE, ROUND_TRIP, _solution(ROUND_TRIP))
    assert verdict.status == "error" and not verdict.passed
    assert verdict.diagnostics[0].rule == "marking-error"


def test_protocol_rules_that_fail_make_a_json_verdict_an_error(monkeypatch):
    exercise = COURSE.exercise("write-tool-result")
    assert mark_answer(COURSE, exercise, exercise.solution).passed
    import sys

    monkeypatch.setattr(sys.modules["checker.lint"], "lint_value", _broken)
    verdict = mark_answer(COURSE, exercise, exercise.solution)
    assert verdict.status == "error" and not verdict.passed


@pytest.mark.parametrize(
    "exercise_id", ["write-tool-result", "fix-round-trip", "did-anything-happen"]
)
def test_an_engine_check_that_fails_makes_the_verdict_an_error(exercise_id, monkeypatch):
    exercise = COURSE.exercise(exercise_id)
    own = course_checks(COURSE)
    names = [s["check"] for s in exercise.criteria]
    name = next(n for n in names if n in CHECKS and n not in own)
    original = CHECKS[name]
    monkeypatch.setitem(
        CHECKS, name, CheckSpec(name, _broken, original.kinds, original.doc, original.params)
    )
    verdict = mark_answer(COURSE, exercise, exercise.solution)
    assert verdict.status == "error" and not verdict.passed
    failed = [c for c in verdict.criteria if not c.passed]
    assert failed and all("not your answer" in c.message for c in failed)


@pytest.mark.parametrize("exercise_id", ["trim-result", "claude-to-openai"])
def test_a_course_check_that_fails_makes_the_verdict_an_error(exercise_id, monkeypatch):
    exercise = COURSE.exercise(exercise_id)
    own = dict(course_checks(COURSE))
    name = next(s["check"] for s in exercise.criteria if s["check"] in own)
    spec = own[name]
    own[name] = CheckSpec(name, _broken, spec.kinds, spec.doc, spec.params)
    verdict = mark(exercise.spec(), exercise.solution, model=COURSE.model, checks=own)
    assert verdict.status == "error" and not verdict.passed


def test_a_check_that_returns_no_outcome_is_an_error(monkeypatch):
    exercise = COURSE.exercise("write-tool-result")
    name = exercise.criteria[0]["check"]
    original = CHECKS.get(name) or course_checks(COURSE)[name]
    fake = CheckSpec(name, lambda ctx, params: True, original.kinds, original.doc, original.params)
    verdict = mark(exercise.spec(), exercise.solution, model=COURSE.model, checks={name: fake})
    assert verdict.status == "error" and not verdict.passed


def test_a_verdict_with_a_failed_judge_never_passes():
    from checker.criterion_run import judge_failed
    from checker.diagnostics import Criterion, Verdict

    verdict = Verdict(True, [Criterion("x", True)], [judge_failed("injected")])
    assert not verdict.passed and verdict.status == "error"


assert criteria  # the engine's checks are registered


# ----------------------------------------------------------------- the audit hook


SWITCHES = {
    "the set of watched events": "guards._WATCHED = frozenset()",
    "the process events": "guards._PROCESS_EVENTS = frozenset()",
    "the message function": "guards.tr = lambda *a, **k: None",
    "the whole module": "sys.modules['checker.sandbox.child.guards'] = None",
}


@pytest.mark.parametrize("name", list(SWITCHES))
def test_the_audit_hook_has_no_switch_a_learner_can_assign(name):
    source = (
        "import sys, subprocess\nimport checker.sandbox.child.guards as guards\n\n\n"
        "def escape():\n"
        f"    {SWITCHES[name]}\n"
        "    try:\n"
        "        subprocess.run(['true'])\n"
        "        return 'started a process'\n"
        "    except PermissionError:\n"
        "        return 'refused'\n"
    )
    report = run_python(
        source, entry="escape", call={}, script=[], tool_results={}, runs=1, validator=None
    )
    assert report.status == "ok", report.reason
    assert report.runs[0].returned == "refused"
