"""How fair-marking tests mark an answer as the app does (`mark_answer`), and what they ask
of what the learner reads (test_fair_defining_tools.py, test_fair_consolidate_tools.py,
test_fair_two_formats.py).
"""

from __future__ import annotations

import json

from tooltutor.course import load_course
from tooltutor.marking import mark_answer

COURSE = load_course(None)


def mark(exercise_id: str, answer):
    text = answer if isinstance(answer, str) else json.dumps(answer, indent=2, ensure_ascii=False)
    return mark_answer(COURSE, COURSE.exercise(exercise_id), text)


def said(verdict) -> str:
    """Everything the learner reads about the failed criteria."""
    parts = [c.message for c in verdict.criteria if not c.passed]
    parts += [f"{d.message} {d.hint}" for d in verdict.diagnostics]
    return " ".join(parts)


def assert_passes(exercise_id: str, answer):
    verdict = mark(exercise_id, answer)
    assert verdict.passed, said(verdict)


def assert_fails_because(exercise_id: str, answer, word: str) -> str:
    """Fails, with `word` in what the learner reads (returned), and no raw difference."""
    verdict = mark(exercise_id, answer)
    assert not verdict.passed, "a wrong answer passed"
    text = said(verdict)
    assert word.lower() in text.lower(), text
    assert "\\u00" not in text and "could not be checked" not in text
    return text


#: a JSON value with the keys of every object in reverse order (the same to the API)
def reordered(value):
    if isinstance(value, dict):
        return {k: reordered(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reordered(v) for v in value]
    return value
