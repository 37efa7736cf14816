"""`check --json` is Exercism's results.json v3, whatever happened: a pass, a fail, an
answer that cannot be read, code stopped for looping, prints, a usage or file error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from tooltutor.course import load_course

SCHEMA = json.loads((Path(__file__).parent / "results_v3.schema.json").read_text())
COURSE = load_course()


def check_json(tmp_path, *args: str, answer: str | None = None) -> tuple[int, dict]:
    if answer is not None:
        (tmp_path / "answer").write_text(answer)
    done = subprocess.run(
        [sys.executable, "-m", "tooltutor", "check", *args, "--json", "--no-record"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"TOOLTUTOR_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
    )
    document = json.loads(done.stdout)  # always a document, whatever the exit code
    jsonschema.validate(document, SCHEMA)
    return done.returncode, document


def solution(exercise_id: str) -> str:
    return COURSE.expand(COURSE.exercise(exercise_id).solution)


def test_a_pass_has_null_messages_and_says_what_each_test_checks(tmp_path):
    code, doc = check_json(
        tmp_path, "write-tool-result", "answer", answer=solution("write-tool-result")
    )
    assert code == 0 and doc["status"] == "pass" and doc["message"] is None
    assert {t["status"] for t in doc["tests"]} == {"pass"}
    assert all(t["message"] is None for t in doc["tests"])
    codes = [t["test_code"] for t in doc["tests"]]
    assert 'roles(roles=["user", "assistant", "user"])' in codes


def test_a_fail_names_each_unmet_test(tmp_path):
    code, doc = check_json(tmp_path, "write-tool-result", "answer", answer="[]")
    assert code == 1 and doc["status"] == "fail" and doc["message"] is None
    failed = [t for t in doc["tests"] if t["status"] == "fail"]
    assert failed and all(t["message"] for t in failed)


def test_an_answer_that_cannot_be_read_is_an_error_in_every_test(tmp_path):
    code, doc = check_json(tmp_path, "write-tool-result", "answer", answer='[{"role": ')
    assert code == 1 and doc["status"] == "error"
    assert "line 1" in doc["message"] or "JSON" in doc["message"] or doc["message"]
    assert {t["status"] for t in doc["tests"]} == {"error"}


def _wrapped(exercise_id: str, body: str) -> str:
    entry = COURSE.exercise(exercise_id).entry
    return (
        solution(exercise_id)
        + f"\n\n_learners_{entry} = {entry}\n\n"
        + f"def {entry}(*args, **kwargs):\n{body}\n"
    )


def test_code_stopped_for_looping_is_an_error_with_a_message(tmp_path):
    looping = _wrapped("trim-result", "    while True:\n        pass")
    code, doc = check_json(tmp_path, "trim-result", "answer", answer=looping)
    assert code == 1 and doc["status"] == "error"
    assert doc["message"] and "second" in doc["message"]
    assert doc["tests"] and {t["status"] for t in doc["tests"]} == {"error"}


def test_the_learners_prints_are_the_output_bounded_to_500_characters(tmp_path):
    talky = _wrapped(
        "trim-result",
        "    print('checking the budget')\n    print('x' * 2000)\n"
        "    return _learners_trim_result(*args, **kwargs)",
    )
    code, doc = check_json(tmp_path, "trim-result", "answer", answer=talky)
    assert code == 0 and doc["status"] == "pass"
    output = doc["tests"][0]["output"]
    assert output.startswith(("checking the budget", "--- run 1 ---"))
    assert "checking the budget" in output
    assert len(output) <= 600 and "output truncated" in output


@pytest.mark.parametrize(
    "args",
    [
        ("no-such-exercise", "answer"),
        ("write-tool-result", "missing.json"),
        ("write-tool-result", "answer", "--bogus"),
    ],
    ids=["unknown exercise", "missing file", "usage error"],
)
def test_a_usage_or_file_error_is_still_a_results_document(tmp_path, args):
    code, doc = check_json(tmp_path, *args, answer="[]")
    assert code == 2 and doc["status"] == "error" and doc["tests"] == []
    assert doc["message"]


def test_a_bug_not_found_yet_keeps_its_check_to_itself(tmp_path):
    exercise = COURSE.exercise("fix-round-trip")
    code, doc = check_json(
        tmp_path, "fix-round-trip", "answer", answer=COURSE.expand(exercise.starter)
    )
    hidden = [t for t in doc["tests"] if "not found yet" in t["name"]]
    assert hidden, [t["name"] for t in doc["tests"]]
    for test in hidden:
        assert test["test_code"] == test["name"]
        assert "tooltutor hint fix-round-trip" in test["message"]
