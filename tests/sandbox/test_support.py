"""Support code: helper objects for python exercises, built in the child before the learner's file.

An exercise's `support` is written as `support.py` next to the learner's file and imported
as the module `support`; `"$support.NAME"` call values are its attributes, `"$support.NAME()"`
what calling them returns (afresh for each run, each in its own process);
`support.expected(**arguments)`, the key, is computed in a reference process that runs no
learner code and is left out of the learner's copy; `mutated` names the arguments the entry
changed; a tool result `{"$raise": ...}` makes `run_tool` raise.
"""

from __future__ import annotations

import pytest

from checker.python_exercise import mark_python
from checker.sandbox import Limits, run_python

SCRIPT = [{"content": [{"type": "text", "text": "(not used)"}]}]
FAST = Limits(wall_s=3)

SUPPORT = """\
import os

os.makedirs("fixture/sub", exist_ok=True)
with open("fixture/sub/notes.txt", "w") as handle:
    handle.write("built by the support code\\n")


class RateLimited(Exception):
    def __init__(self, retry_after):
        super().__init__(f"retry after {retry_after} s")
        self.retry_after = retry_after


def flaky(**args):
    raise RateLimited(retry_after=30)


MADE = []


def make_rows():
    MADE.append(1)
    return [{"id": n, "tags": ["a"]} for n in range(3)]


def expected(rows, **_others):
    return {"ids": [row["id"] for row in rows], "made": len(MADE)}
"""


def run(source: str, call: dict, **kwargs):
    options = {"entry": "f", "script": SCRIPT, "tool_results": {}, "limits": FAST}
    options.update(kwargs)
    return run_python(source, call=call, support=options.pop("support", SUPPORT), **options)


def test_the_learner_imports_the_same_module_the_call_values_come_from():
    source = """\
import support
from support import RateLimited

def f(rows, fn):
    try:
        fn(city="Lisboa")
    except RateLimited as exc:
        return [type(exc).__name__, exc.retry_after, fn is support.flaky]
"""
    report = run(source, {"rows": "$support.make_rows()", "fn": "$support.flaky"}, runs=1)
    assert report.status == "ok", report.reason
    assert report.runs[0].returned == ["RateLimited", 30, True]
    assert report.internal_errors == []


def test_support_builds_fixture_files_in_the_work_folder_before_the_learners_file_loads():
    source = """\
import os
LISTED = sorted(os.listdir("fixture"))

def f(rows):
    with open("fixture/sub/notes.txt") as handle:
        return [LISTED, handle.read().strip()]
"""
    report = run(source, {"rows": "$support.make_rows()"}, runs=1)
    assert report.runs[0].returned == [["sub"], "built by the support code"]


def test_a_called_value_is_made_afresh_for_each_run_and_expected_sees_it_first():
    source = """\
def f(rows):
    rows.pop()
    rows[0]["tags"].append("changed")
    return len(rows)
"""
    report = run(source, {"rows": "$support.make_rows()"}, runs=3)
    assert report.status == "ok", report.reason
    assert [r.returned for r in report.runs] == [2, 2, 2]  # each run got three new rows
    # every run is a fresh process with a fresh support module: nothing carries over
    assert [r.expected for r in report.runs] == [{"ids": [0, 1, 2], "made": 1}] * 3
    assert all(r.mutated == ["rows"] for r in report.runs)


def test_arguments_left_alone_are_not_reported_as_mutated():
    source = """\
def f(rows, fn, client, run_tool):
    copy = [dict(row) for row in rows]
    copy[0]["id"] = 99
    return copy[0]["id"]
"""
    call = {
        "rows": "$support.make_rows()",
        "fn": "$support.flaky",
        "client": "$client",
        "run_tool": "$run_tool",
    }
    report = run(source, call, runs=1)
    assert report.runs[0].returned == 99
    assert report.runs[0].mutated == []


def test_variants_may_name_support_values_too():
    source = "def f(rows, fn=None):\n    return [len(rows), getattr(fn, '__name__', None)]\n"
    report = run(
        source,
        {"rows": "$support.make_rows()"},
        runs=2,
        variants=[{"call": {"fn": "$support.flaky"}}],
    )
    assert [r.returned for r in report.runs] == [[3, None], [3, "flaky"]]


def test_a_raise_tool_result_makes_run_tool_raise_after_recording_the_call():
    source = """\
def f(run_tool):
    out = [run_tool("ok_tool", {"n": 1})]
    try:
        run_tool("broken_tool", {"n": 2})
    except RuntimeError as exc:
        out.append(str(exc))
    return out
"""
    results = {"ok_tool": "fine", "broken_tool": {"$raise": "log store timed out"}}
    report = run(source, {"run_tool": "$run_tool"}, runs=1, tool_results=results, support=None)
    result = report.runs[0]
    assert result.returned == ["fine", "log store timed out"]
    assert [(c.name, c.input) for c in result.tool_calls] == [
        ("ok_tool", {"n": 1}),
        ("broken_tool", {"n": 2}),
    ]


def test_an_uncaught_raise_is_the_learners_exception_with_their_frames_only():
    source = 'def f(run_tool):\n    return run_tool("broken_tool", {})\n'
    report = run(
        source,
        {"run_tool": "$run_tool"},
        runs=1,
        tool_results={"broken_tool": {"$raise": "disk full"}},
        support=None,
    )
    exc = report.runs[0].exception
    assert exc.type == "RuntimeError" and exc.message == "disk full"
    assert [f["file"] for f in exc.frames] == ["solution.py"]


def test_support_frames_stay_out_of_the_learners_traceback():
    source = "def f(rows, fn):\n    return fn()\n"
    report = run(source, {"rows": "$support.make_rows()", "fn": "$support.flaky"}, runs=1)
    exc = report.runs[0].exception
    assert exc.type == "RateLimited"
    assert all(f["file"] == "solution.py" for f in exc.frames)
    assert "support.py" not in exc.text


def test_a_learner_file_named_support_does_not_replace_the_support_code():
    source = "import support\n\ndef f(rows):\n    return [r['id'] for r in support.make_rows()]\n"
    report = run(source, {"rows": "$support.make_rows()"}, runs=1, filename="support.py")
    assert report.status == "ok", report.reason
    assert report.runs[0].returned == [0, 1, 2]


def test_the_key_is_computed_apart_and_hidden_from_the_learners_code():
    """`expected` runs in a reference child; the learner's copy of the module lacks it."""
    source = """\
import support

def f(rows):
    text = open("support.py").read()
    return [hasattr(support, "expected"), "def expected" in text, len(support.MADE)]
"""
    report = run(source, {"rows": "$support.make_rows()"}, runs=2)
    assert report.status == "ok", report.reason
    assert [r.returned for r in report.runs] == [[False, False, 1]] * 2
    assert [r.expected for r in report.runs] == [{"ids": [0, 1, 2], "made": 1}] * 2


# -- the author's mistakes are never the learner's --------------------------------------


def test_support_python_cannot_read_is_an_authors_error():
    with pytest.raises(ValueError, match="support code, line 1"):
        run("def f():\n    pass\n", {}, support="def broken(:\n")


def test_a_support_name_that_does_not_exist_is_an_internal_error():
    report = run("def f(rows):\n    return 1\n", {"rows": "$support.no_such_thing()"}, runs=1)
    assert report.status == "internal-error"
    assert any("no_such_thing" in e for e in report.internal_errors)
    assert "not of your code" in report.reason


def test_support_that_raises_on_import_is_an_internal_error():
    report = run("def f():\n    return 1\n", {}, support="raise KeyError('oops')\n", runs=1)
    assert report.status == "internal-error"
    assert any("support code failed" in e for e in report.internal_errors)


def test_a_support_name_without_support_code_is_an_internal_error():
    report = run("def f(x):\n    return 1\n", {"x": "$support.thing"}, support=None, runs=1)
    assert report.status == "internal-error"
    assert any("no support code" in e for e in report.internal_errors)


# -- mark_python passes it on ------------------------------------------------------------


def test_mark_python_runs_once_per_variant_with_the_support_code():
    exercise = {
        "entry": "f",
        "call": {"rows": "$support.make_rows()", "n": 1},
        "script": SCRIPT,
        "support": SUPPORT,
        "variants": [{"call": {"n": 2}}, {"call": {"n": 3}}, {"call": {"n": 4}}],
        "criteria": [
            {
                "check": "returned-equals",
                "label": "returns n",
                "params": {"keys": [1, 2, 3, 4]},
            }
        ],
    }
    verdict = mark_python(exercise, "import support\n\ndef f(rows, n):\n    return n\n")
    assert verdict.passed, verdict.criteria
    verdict = mark_python(exercise, "def f(rows, n):\n    return 1\n")
    assert not verdict.passed
    assert "Run 2 returned 1" in verdict.criteria[0].message
