"""How fair-marking tests mark an answer with the bundled course's checks, and what they
ask of the criterion an answer must fail (test_fair_cost*.py, test_fair_tool_types.py).
"""

from __future__ import annotations

from checker.exercise import mark
from tooltutor.course import load_course
from tooltutor.marking import course_checks

COURSE = load_course(None)
CHECKS = course_checks(COURSE)


def verdict(exercise_id: str, answer: str):
    exercise = COURSE.exercise(exercise_id)
    return mark(exercise.spec(), answer, model=COURSE.model, checks=CHECKS)


def assert_passes(exercise_id: str, answer: str) -> None:
    result = verdict(exercise_id, answer)
    failing = [(c.id, c.message) for c in result.criteria if not c.passed]
    assert result.passed, failing


def assert_fails(exercise_id: str, answer: str, criterion: str, *words: str):
    """The answer fails `criterion`, whose message holds each of `words` (any case)."""
    result = verdict(exercise_id, answer)
    assert not result.passed
    by_id = {c.id: c for c in result.criteria}
    assert criterion in by_id, sorted(by_id)
    judged = by_id[criterion]
    failing = [(c.id, c.message) for c in result.criteria if not c.passed]
    assert not judged.passed, failing
    for word in words:
        assert word.lower() in judged.message.lower(), (word, judged.message)
    return result
