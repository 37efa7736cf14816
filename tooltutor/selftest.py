"""The instructor's self-test: every solution passes, every known-wrong answer fails as declared."""

from __future__ import annotations

from tooltutor.course import Course, Problem


def self_test(course: Course) -> list[Problem]:
    """Problems found by marking each exercise's solution and wrong answers."""
    return []
