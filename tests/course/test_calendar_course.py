"""The calendar course (`calendar_course/`), written from docs/course-format.md and
docs/checks.md alone: it validates, in English and in pt-BR (strict), its own check
speaks Portuguese, and the docs' own examples are exercises that pass their self-test."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tooltutor.course import load_course
from tooltutor.marking import course_checks, mark_answer
from tooltutor.selftest import check_exercise, self_test
from tooltutor.trust import ensure_trusted


def trusted_course(*args, **kw):
    """The course, its code trusted as `--trust` would (marking refuses untrusted code)."""
    course = load_course(*args, **kw)
    ensure_trusted(course, assume=True)
    return course


HERE = Path(__file__).parent
COURSE_DIR = HERE / "calendar_course"
DOCS = HERE.parents[1] / "docs"


def tooltutor(*args, home: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOOLTUTOR_")}
    env["TOOLTUTOR_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "tooltutor", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def test_the_course_validates_in_both_languages_strictly(tmp_path):
    done = tooltutor("--trust", "validate", COURSE_DIR, "--strict", home=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "valid: 2 lessons, 3 exercises, every exercise self-tested" in done.stdout
    assert (
        "pt-BR: 2 of 2 lessons, 3 of 3 exercises translated, 8 of 8 messages of the course's "
        "checks; up to date"
    ) in done.stdout


def test_its_own_check_marks_in_the_learners_language():
    course = trusted_course(COURSE_DIR, "pt-BR")
    exercise = course.exercise("propose-slot")
    late = (
        '{"title": "x", "start": "2026-03-02T09:00", "end": "2026-03-02T09:30", '
        '"attendees": ["ana@example.com", "bo@example.com"]}'
    )
    verdict = mark_answer(course, exercise, late)
    fits = next(c for c in verdict.criteria if c.id == "fits-free-slot")
    assert fits.label.startswith("A reunião dura 30 minutos")
    assert "não cabe num horário livre" in fits.message
    one = late.replace(', "bo@example.com"', "").replace("09:00", "11:00").replace("09:30", "11:30")
    fits = next(c for c in mark_answer(course, exercise, one).criteria if c.id == "fits-free-slot")
    assert fits.message == '1 participante não foi convidado: "bo@example.com".'
    english = trusted_course(COURSE_DIR)
    fits = next(
        c
        for c in mark_answer(english, english.exercise("propose-slot"), one).criteria
        if c.id == "fits-free-slot"
    )
    assert fits.message == '1 attendee is not invited: "bo@example.com".'


def test_a_python_loop_that_stops_early_is_caught_by_the_engines_loop_checks():
    course = trusted_course(COURSE_DIR)
    exercise = course.exercise("book-meeting")
    one_round = exercise.wrong_answers[0]["answer"]
    verdict = mark_answer(course, exercise, one_round)
    failed = {c.id: c.message for c in verdict.criteria if not c.passed}
    assert set(failed) == {"loop-until-done", "returns-final"}
    assert "still asks for a tool" in failed["loop-until-done"]


# -- the docs' own examples ---------------------------------------------------------------


def _block(text: str, heading: str, lang: str) -> str:
    after = text.split(heading, 1)[1]
    found = re.search(rf"```{lang}\n(.*?)```", after, re.S)
    assert found, f"no {lang} block after {heading}"
    return found.group(1)


@pytest.fixture
def scaffold(tmp_path) -> Path:
    root = tmp_path / "docs-course"
    shutil.copytree(COURSE_DIR, root)
    return root


def test_the_worked_loop_exercise_of_checks_md_passes_its_self_test(scaffold):
    yaml_text = _block((DOCS / "checks.md").read_text(), "### A worked exercise", "yaml")
    target = scaffold / "exercises/booking/02-convert.yaml"
    target.write_text(yaml_text.replace("lesson: first-steps", "lesson: booking"))
    lesson = scaffold / "lessons/02-booking.yaml"
    lesson.write_text(
        lesson.read_text().replace("  - book-meeting\n", "  - book-meeting\n  - convert\n")
    )
    course = trusted_course(scaffold)
    assert [p for p in course.problems if p.severity == "error"] == []
    exercise = course.exercise("convert")
    assert check_exercise(exercise, course.model, course_checks(course)) == []


def test_the_check_of_course_format_md_runs_as_written(scaffold):
    text = (DOCS / "course-format.md").read_text()
    code = _block(text, "## A course's own checks", "python")
    (scaffold / "checks/weather.py").write_text(code)
    exercise = scaffold / "exercises/first-steps/03-forecast.yaml"
    exercise.write_text(
        "id: forecast\nlesson: first-steps\nlevel: 1\ntitle: Forecast\nkind: json\napi: none\n"
        "prompt: Name the city.\nstarter: '{}'\n"
        "criteria:\n  - check: names-city\n    label: The answer names Lisboa\n"
        "    params: {city: Lisboa}\n"
        'hints: [a, b]\nsolution: \'{"city": "lisboa"}\'\nexplanation: x\n'
        "wrong_answers:\n"
        '  - {answer: \'{"city": "Porto"}\', fails: [names-city]}\n'
        "  - {answer: '[]', fails: [names-city]}\n"
        "  - {answer: '{}', fails: [names-city]}\n"
    )
    lesson = scaffold / "lessons/01-first-steps.yaml"
    lesson.write_text(
        lesson.read_text().replace(
            "[propose-slot, pick-tools]", "[propose-slot, pick-tools, forecast]"
        )
    )
    course = trusted_course(scaffold)
    problems = [str(p) for p in self_test(course) if "forecast" in str(p.path)]
    assert problems == []
    verdict = mark_answer(course, course.exercise("forecast"), '{"city": "Porto"}')
    assert verdict.criteria[0].message == '`city` is "Porto"; the forecast is for Lisboa.'


def test_the_docs_name_the_whole_check_writing_api():
    text = (DOCS / "checks.md").read_text()
    for name in (
        "message_ptr",
        "pointer_for",
        "ctx.resolve",
        "Outcome(passed",
        "diag(path",
        "PythonContext",
        "ChoiceContext",
        "tool_calls",
        "trn(",
        "loop-until-done",
        "returns-final",
        "calls-answered",
        "stop-reasons",
    ):
        assert name in text, name
    assert "why_here" in (DOCS / "course-format.md").read_text().split("## Exercises")[0]
