"""A python exercise check: `fix-round-trip`, both runs, in a limited child process."""

from __future__ import annotations

from bench.common import Result, median_time


def run(runs: int = 15) -> list[Result]:
    from checker.exercise import mark
    from tooltutor.course import load_course

    course = load_course(None)
    exercise = course.exercise("fix-round-trip")
    spec = exercise.spec()
    assert mark(spec, exercise.solution, model=course.model).passed
    seconds = median_time(lambda: mark(spec, exercise.solution, model=course.model), runs)
    return [Result("check fix-round-trip (both runs)", seconds * 1000, 400, "ms")]
