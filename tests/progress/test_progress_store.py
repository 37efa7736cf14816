"""The progress store's API: drafts, statuses, hints, checks, position, reset, export."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tooltutor import progress
from tooltutor.progress import ATTEMPTED, NEW, PASSED, open_store

REPO = Path(__file__).resolve().parents[2]
C = "course-a"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def store(home):
    with open_store() as s:
        assert s.persistent and s.notice is None
        yield s


def attempt(store, exercise, passed, course=C, text="{}"):
    return store.record_attempt(
        course,
        exercise,
        passed=passed,
        criteria_passed=3 if passed else 1,
        criteria_total=3,
        submission=text,
        lesson_id="lesson-1",
    )


def test_store_lives_under_tooltutor_home(home):
    with open_store() as s:
        assert s.path == home / "progress.db"
        assert s.path.is_file()
        assert progress.data_dir() == home


def test_platformdirs_is_imported_only_when_needed():
    code = "import sys, tooltutor.progress; print('platformdirs' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"


ODD_TEXTS = [
    "",
    "plain ascii",
    "lone surrogates \ud800 and \udfff, reversed pair \udc00\ud800",
    "NUL \x00 inside, and \r\n CRLF, \t tab, \x7f DEL",
    "emoji 🧰🤖 combining é, RTL שלום, CJK 工具, BOM \ufeff, U+FFFF \uffff",
    '{"json": "with \\"escapes\\" and \\u0000"}',
    "x" * 200_000,
]


@pytest.mark.parametrize("text", ODD_TEXTS, ids=range(len(ODD_TEXTS)))
def test_draft_round_trip_keeps_any_text_verbatim(home, text):
    with open_store() as s:
        s.save_draft(C, "ex-1", text)
    with open_store() as s:  # and across a reopen
        draft = s.load_draft(C, "ex-1")
    assert draft is not None
    assert draft.text == text
    assert type(draft.text) is str


def test_draft_keeps_the_latest_text_and_a_utc_time(store):
    assert store.load_draft(C, "ex-1") is None
    before = datetime.now(timezone.utc) - timedelta(seconds=1)
    store.save_draft(C, "ex-1", "first")
    store.save_draft(C, "ex-1", "second")
    draft = store.load_draft(C, "ex-1")
    assert draft.text == "second"
    saved = datetime.fromisoformat(draft.saved_at)
    assert saved.utcoffset() == timedelta(0)
    assert before <= saved <= datetime.now(timezone.utc) + timedelta(seconds=1)
    # Keyed by course and exercise: nothing leaks across.
    assert store.load_draft("course-b", "ex-1") is None
    assert store.load_draft(C, "ex-2") is None


def test_submission_text_is_stored_verbatim(store):
    text = "surrogate \udead NUL \x00 🧰"
    attempt(store, "ex-1", False, text=text)
    [a] = store.attempts(C, "ex-1")
    assert a.submission == text
    assert (a.passed, a.criteria_passed, a.criteria_total, a.lesson_id) == (
        False,
        1,
        3,
        "lesson-1",
    )


def test_status_new_attempted_passed_and_passed_stays(store):
    assert store.exercise_status(C, "ex-1") == NEW
    attempt(store, "ex-1", False)
    assert store.exercise_status(C, "ex-1") == ATTEMPTED
    attempt(store, "ex-1", True)
    assert store.exercise_status(C, "ex-1") == PASSED
    attempt(store, "ex-1", False)  # a later failure does not undo a pass
    assert store.exercise_status(C, "ex-1") == PASSED
    store.save_draft(C, "ex-2", "typed but never checked")
    store.reveal_hint(C, "ex-2", 0)
    assert store.exercise_status(C, "ex-2") == NEW
    attempt(store, "ex-3", False)
    attempt(store, "ex-1", True, course="course-b")
    assert store.statuses(C) == {"ex-1": PASSED, "ex-3": ATTEMPTED}
    assert store.statuses("course-b") == {"ex-1": PASSED}
    assert store.statuses("nobody") == {}


def test_statuses_is_one_query(store):
    for i in range(20):
        attempt(store, f"ex-{i}", i % 2 == 0)
    statements = []
    store._conn.set_trace_callback(statements.append)
    result = store.statuses(C)
    store._conn.set_trace_callback(None)
    assert len(result) == 20
    assert len(statements) == 1, statements


def test_attempts_are_listed_oldest_first(store):
    ids = [attempt(store, "ex-1", p, text=str(i)) for i, p in enumerate([False, False, True])]
    got = store.attempts(C, "ex-1")
    assert [a.id for a in got] == ids == sorted(ids)
    assert [a.submission for a in got] == ["0", "1", "2"]
    assert [a.passed for a in got] == [False, False, True]
    assert store.attempts(C, "ex-2") == []


def test_failures_since_last_pass(store):
    assert store.failures_since_pass(C, "ex-1") == 0
    for expected in (1, 2, 3):
        attempt(store, "ex-1", False)
        assert store.failures_since_pass(C, "ex-1") == expected
    attempt(store, "ex-1", True)
    assert store.failures_since_pass(C, "ex-1") == 0
    attempt(store, "ex-1", False)
    assert store.failures_since_pass(C, "ex-1") == 1
    attempt(store, "ex-2", False)  # other exercises do not count
    assert store.failures_since_pass(C, "ex-1") == 1


def test_hints_are_revealed_monotonically(store):
    assert store.hints_revealed(C, "ex-1") == 0
    assert store.reveal_hint(C, "ex-1", 0) == 1
    assert store.reveal_hint(C, "ex-1", 2) == 3  # revealing hint 3 implies 1 and 2
    assert store.reveal_hint(C, "ex-1", 1) == 3  # never goes back
    assert store.reveal_hint(C, "ex-1", 0) == 3
    assert store.hints_revealed(C, "ex-1") == 3
    assert store.hints_revealed(C, "ex-2") == 0
    with pytest.raises(ValueError):
        store.reveal_hint(C, "ex-1", -1)


def test_solution_viewed(store):
    assert store.solution_viewed(C, "ex-1") is False
    store.mark_solution_viewed(C, "ex-1")
    store.mark_solution_viewed(C, "ex-1")
    assert store.solution_viewed(C, "ex-1") is True
    assert store.solution_viewed(C, "ex-2") is False


def test_inline_check_keeps_latest_answer_and_counts_tries(store):
    assert store.check_answer(C, "lesson-1", "q1") is None
    store.answer_check(C, "lesson-1", "q1", 2, False)
    store.answer_check(C, "lesson-1", "q1", 0, True)
    answer = store.check_answer(C, "lesson-1", "q1")
    assert (answer.choice_index, answer.correct, answer.tries) == (0, True, 2)
    # The same check id in another lesson is another question.
    assert store.check_answer(C, "lesson-2", "q1") is None


def test_position_is_a_lesson_page_or_an_exercise(store):
    assert store.position(C) is None
    store.set_position(C, "lesson-1", section=3)
    pos = store.position(C)
    assert (pos.lesson_id, pos.section, pos.exercise_id) == ("lesson-1", 3, None)
    store.set_position(C, "lesson-2", exercise_id="ex-4")
    pos = store.position(C)
    assert (pos.lesson_id, pos.section, pos.exercise_id) == ("lesson-2", None, "ex-4")
    assert store.position("course-b") is None


def test_progress_survives_reopening(home):
    with open_store() as s:
        attempt(s, "ex-1", True)
        s.save_draft(C, "ex-2", "draft")
        s.reveal_hint(C, "ex-2", 1)
        s.set_position(C, "lesson-1", exercise_id="ex-2")
    with open_store() as s:
        assert s.statuses(C) == {"ex-1": PASSED}
        assert s.load_draft(C, "ex-2").text == "draft"
        assert s.hints_revealed(C, "ex-2") == 2
        assert s.position(C).exercise_id == "ex-2"


def fill(store, course):
    attempt(store, "ex-1", False, course=course)
    attempt(store, "ex-1", True, course=course)
    attempt(store, "ex-2", False, course=course)
    store.save_draft(course, "ex-1", "d1")
    store.save_draft(course, "ex-2", "d2")
    store.reveal_hint(course, "ex-1", 0)
    store.reveal_hint(course, "ex-2", 1)
    store.mark_solution_viewed(course, "ex-1")
    store.answer_check(course, "lesson-1", "q1", 1, True)
    store.set_position(course, "lesson-1", section=0)


def test_reset_exercise_forgets_only_that_exercise(store):
    fill(store, C)
    fill(store, "course-b")
    assert store.reset_exercise(C, "ex-1") == 5  # 2 attempts, draft, hints, solution
    assert store.exercise_status(C, "ex-1") == NEW
    assert store.load_draft(C, "ex-1") is None
    assert store.hints_revealed(C, "ex-1") == 0
    assert store.solution_viewed(C, "ex-1") is False
    assert store.failures_since_pass(C, "ex-1") == 0
    assert store.exercise_status(C, "ex-2") == ATTEMPTED
    assert store.load_draft(C, "ex-2").text == "d2"
    assert store.exercise_status("course-b", "ex-1") == PASSED
    assert store.reset_exercise(C, "ex-1") == 0


def test_reset_course_forgets_only_that_course(store):
    fill(store, C)
    fill(store, "course-b")
    assert store.reset_course(C) > 0
    assert store.export(C)["courses"][C] == {"exercises": {}, "checks": {}, "position": None}
    assert store.statuses("course-b") == {"ex-1": PASSED, "ex-2": ATTEMPTED}
    assert store.check_answer("course-b", "lesson-1", "q1") is not None


def test_export_is_json_ready_and_complete(store):
    fill(store, C)
    fill(store, "course-b")
    data = json.loads(json.dumps(store.export(C)))
    assert data["format"] == "tooltutor-progress"
    assert data["schema_version"] == progress.schema_version()
    assert data["store"] == {"path": str(store.path), "persistent": True}
    assert list(data["courses"]) == [C]
    course = data["courses"][C]
    ex1, ex2 = course["exercises"]["ex-1"], course["exercises"]["ex-2"]
    assert ex1["status"] == PASSED and ex2["status"] == ATTEMPTED
    assert (ex1["attempts"], ex1["passed_attempts"], ex1["failures_since_pass"]) == (2, 1, 0)
    assert (ex2["attempts"], ex2["passed_attempts"], ex2["failures_since_pass"]) == (1, 0, 1)
    assert (ex1["hints_revealed"], ex2["hints_revealed"]) == (1, 2)
    assert (ex1["solution_viewed"], ex2["solution_viewed"]) == (True, False)
    assert ex1["first_passed_at"] is not None and ex2["first_passed_at"] is None
    assert (ex1["last_criteria_passed"], ex1["last_criteria_total"]) == (3, 3)
    assert ex1["lesson_id"] == "lesson-1"
    assert ex1["draft_saved_at"] is not None
    assert "draft" not in ex1 and "history" not in ex1  # learner text only when asked
    assert course["checks"] == {
        "lesson-1": {
            "q1": {
                "choice_index": 1,
                "correct": True,
                "tries": 1,
                "answered_at": course["checks"]["lesson-1"]["q1"]["answered_at"],
            }
        }
    }
    assert course["position"]["lesson_id"] == "lesson-1"
    assert course["position"]["section"] == 0
    assert sorted(store.export()["courses"]) == [C, "course-b"]
    assert store.export("nobody")["courses"]["nobody"]["exercises"] == {}


def test_export_with_texts_includes_drafts_and_submissions(store):
    attempt(store, "ex-1", False, text="first \ud800")
    attempt(store, "ex-1", True, text="second")
    store.save_draft(C, "ex-1", "draft")
    ex = store.export(C, texts=True)["courses"][C]["exercises"]["ex-1"]
    assert ex["draft"] == "draft"
    assert [h["submission"] for h in ex["history"]] == ["first \ud800", "second"]
    json.dumps(ex)  # lone surrogates are escaped by json, not refused


def test_notice_is_taken_once(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    s = open_store(blocker / "sub" / "progress.db")
    notice = s.notice
    assert notice
    assert s.take_notice() == notice
    assert s.notice is None
    assert s.take_notice() is None


def test_one_store_is_safe_to_share_between_threads(store):
    def work(n):
        for i in range(50):
            store.save_draft(C, f"ex-{n}", str(i))
            attempt(store, f"ex-{n}", i == 49)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.statuses(C) == {f"ex-{n}": PASSED for n in range(4)}
    assert all(len(store.attempts(C, f"ex-{n}")) == 50 for n in range(4))
    assert all(store.load_draft(C, f"ex-{n}").text == "49" for n in range(4))
