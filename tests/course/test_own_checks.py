"""A course owns its checks: an instructor adds an exercise and a new check without touching
`checker/` (the course in `own_checks_course/`, whose `checks/` defines two checks)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from checker import checks as api
from tooltutor import trust
from tooltutor.course import load_course
from tooltutor.marking import CourseChecksError, course_checks, mark_answer
from tooltutor.selftest import self_test

COURSE_DIR = Path(__file__).parent / "own_checks_course"


@pytest.fixture(autouse=True)
def own_home(tmp_path, monkeypatch):
    """A progress folder of the test's own: what is trusted is remembered there."""
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "trust-home"))


def trusted(folder: Path):
    """The course in `folder`, loaded and trusted (as `--trust` does)."""
    course = load_course(folder)
    trust.ensure_trusted(course, assume=True)
    return course


@pytest.fixture
def pack(tmp_path) -> Path:
    """A fresh copy of the course, to break one piece at a time."""
    target = tmp_path / "pack"
    shutil.copytree(COURSE_DIR, target)
    return target


def test_the_courses_checks_mark_its_exercises_and_validate_proves_them():
    course = load_course(COURSE_DIR)
    with pytest.raises(trust.NotTrusted):  # nothing of it is imported before the decision
        course_checks(course)
    course = trusted(COURSE_DIR)
    own = course_checks(course)
    assert set(own) == {"names-city", "returns-shout"}
    assert "names-city" not in api.CHECKS, "a course's check stays the course's"
    assert self_test(course) == []
    forecast = course.exercise("forecast")
    assert mark_answer(course, forecast, '{"city": "Lisboa"}').passed
    failed = mark_answer(course, forecast, '{"city": "Porto"}')
    assert not failed.passed and "Porto" in failed.criteria[0].message
    shout = course.exercise("shout")
    assert mark_answer(course, shout, "def shout(text):\n    return text.upper() + '!'\n").passed


def test_validate_runs_the_courses_checks_once_trusted(tmp_path, pack):
    env = {"TOOLTUTOR_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-m", "tooltutor", "validate", str(pack)]
    refused = subprocess.run(command, capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode == 2 and "not trusted" in refused.stderr
    trusted = subprocess.run(
        [sys.executable, "-m", "tooltutor", "--trust", "validate", str(pack)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert trusted.returncode == 0, trusted.stdout + trusted.stderr
    assert "valid: 1 lesson, 2 exercises" in trusted.stdout


def test_a_params_typo_is_reported_where_it_stands_with_did_you_mean(pack):
    path = pack / "exercises/basics/01-forecast.yaml"
    path.write_text(path.read_text().replace("params: {city: Lisboa}", "params: {cty: Lisboa}"))
    problems = [str(p) for p in self_test(trusted(pack))]
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if "cty" in text)
    assert any(
        f"01-forecast.yaml:{line}:" in p and "'cty'" in p and "did you mean 'city'" in p
        for p in problems
    ), problems


def test_an_unknown_check_name_gets_a_did_you_mean(pack):
    path = pack / "exercises/basics/01-forecast.yaml"
    path.write_text(path.read_text().replace("check: names-city", "check: name-city"))
    problems = [str(p) for p in self_test(trusted(pack))]
    assert any("unknown check 'name-city'" in p and "'names-city'" in p for p in problems)


def test_a_right_answer_that_fails_is_reported(pack):
    path = pack / "exercises/basics/01-forecast.yaml"
    path.write_text(path.read_text().replace('\'{ "city" : "Lisboa" }\'', '\'{"city": "Faro"}\''))
    problems = [str(p) for p in self_test(trusted(pack))]
    assert any("right_answers" in p or "right answer does not pass" in p for p in problems)


def test_a_broken_checks_module_is_a_problem_of_the_course_with_its_line(pack):
    (pack / "checks/broken.py").write_text("x = 1\nundefined_name + 1\n")
    course = trusted(pack)
    with pytest.raises(CourseChecksError, match=r"broken\.py:2: NameError"):
        course_checks(course)
    problems = [str(p) for p in self_test(course)]
    assert problems and "broken.py:2" in problems[0]


def test_two_courses_may_both_have_a_checks_module_of_one_name(tmp_path, pack):
    other = tmp_path / "other"
    shutil.copytree(COURSE_DIR, other)
    weather = other / "checks/weather.py"
    weather.write_text(weather.read_text().replace('"names-city"', '"names-the-city"'))
    assert "names-city" in course_checks(trusted(pack))
    assert "names-the-city" in course_checks(trusted(other))
    assert "names-city" in course_checks(trusted(pack)), "the first course's, unchanged"


def test_an_installed_package_adds_checks_through_an_entry_point(tmp_path, monkeypatch):
    site = tmp_path / "site"
    (site / "weatherchecks-1.0.dist-info").mkdir(parents=True)
    (site / "weatherchecks-1.0.dist-info/METADATA").write_text(
        "Metadata-Version: 2.1\nName: weatherchecks\nVersion: 1.0\n"
    )
    (site / "weatherchecks-1.0.dist-info/entry_points.txt").write_text(
        "[tooltutor.checks]\nweather = weatherchecks\n"
    )
    (site / "weatherchecks.py").write_text(
        textwrap.dedent(
            '''
            from checker.checks import Outcome, check

            @check("plugin-always-passes", kinds=("json",))
            def always(ctx, params):
                """A check an installed package adds."""
                return Outcome(True)
            '''
        )
    )
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(api, "_entry_points_loaded", False)
    try:
        found = api.find("plugin-always-passes")
        assert found is not None and found.doc == "A check an installed package adds."
    finally:
        api.CHECKS.pop("plugin-always-passes", None)
        sys.modules.pop("weatherchecks", None)
