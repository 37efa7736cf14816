"""A python exercise check: `fix-round-trip`, both runs, in a limited child process."""

from __future__ import annotations

from bench.common import Result, median_time


def run(runs: int = 15) -> list[Result]:
    from tooltutor.course import load_course
    from tooltutor.marking import mark_answer

    course = load_course(None)
    exercise = course.exercise("fix-round-trip")
    solution = course.expand(exercise.solution)
    # as the app marks it: with the course's own checks (`marking.course_checks`)
    assert mark_answer(course, exercise, solution).passed
    seconds = median_time(lambda: mark_answer(course, exercise, solution), runs)
    return [Result("check fix-round-trip (both runs)", seconds * 1000, 400, "ms")]
