"""How the fair-marking tests of the round-trip exercises (test_fair_*round_trip.py) mark
an answer, and what they ask of its verdict.
"""

from __future__ import annotations

from tooltutor.course import load_course
from tooltutor.marking import mark_answer

COURSE = load_course(None)


def verdict(exercise_id: str, answer: str):
    return mark_answer(COURSE, COURSE.exercise(exercise_id), COURSE.expand(answer))


def everything_said(v) -> str:
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
    assert not [d for d in v.diagnostics if d.is_error], everything_said(v)


def assert_fails(exercise_id: str, answer: str, criterion: str, *words: str) -> None:
    v = verdict(exercise_id, answer)
    assert not v.passed, answer
    assert criterion in failed(v), (criterion, failed(v), everything_said(v))
    said = everything_said(v)
    for word in words:
        assert word in said, (word, said)
