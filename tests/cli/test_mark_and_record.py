"""`check`, `watch` and the TUI record an attempt the same way: `marking.mark_and_record`."""

from __future__ import annotations

from tooltutor.course import load_course
from tooltutor.exercise_status import ATTEMPTED, NEW, PASSED
from tooltutor.marking import mark_and_record
from tooltutor.progress import open_store

COURSE = load_course(None)
EXERCISE = COURSE.exercise("write-tool-result")


def _store(tmp_path):
    return open_store(tmp_path / "progress.db", course=COURSE)


def test_an_attempt_is_stored_with_its_criteria_and_the_text_as_saved(tmp_path):
    store = _store(tmp_path)
    wrong = "[1, 2]"
    verdict = mark_and_record(store, COURSE, EXERCISE, wrong, submission="saved: " + wrong)
    assert not verdict.passed
    (attempt,) = store.attempts(COURSE.id, EXERCISE.id)
    assert attempt.submission == "saved: " + wrong
    assert (attempt.passed, attempt.criteria_total) == (False, len(verdict.criteria))
    assert attempt.criteria_passed == sum(c.passed for c in verdict.criteria)
    assert attempt.lesson_id == EXERCISE.lesson
    assert store.exercise_status(COURSE.id, EXERCISE.id) == ATTEMPTED
    solution = COURSE.expand(EXERCISE.solution)
    assert mark_and_record(store, COURSE, EXERCISE, solution, submission=solution).passed
    assert store.exercise_status(COURSE.id, EXERCISE.id) == PASSED


def test_no_record_and_a_first_look_that_fails_leave_progress_as_it_was(tmp_path):
    store = _store(tmp_path)
    starter = EXERCISE.starter
    mark_and_record(store, COURSE, EXERCISE, starter, submission=starter, record=False)
    mark_and_record(store, COURSE, EXERCISE, starter, submission=starter, only_a_pass=True)
    assert store.attempts(COURSE.id, EXERCISE.id) == []
    assert store.exercise_status(COURSE.id, EXERCISE.id) == NEW
    solution = COURSE.expand(EXERCISE.solution)
    mark_and_record(store, COURSE, EXERCISE, solution, submission=solution, only_a_pass=True)
    assert store.exercise_status(COURSE.id, EXERCISE.id) == PASSED
