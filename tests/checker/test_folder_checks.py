"""A course's `checks/` folder imported one module at a time (`FolderChecks`): marking one
answer imports only the modules that declare its checks, and the answer is the same."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from checker.checks import FolderChecks, folder_index, load_folder

MODULE = """
from checker.checks import Outcome, check

@check("{name}", kinds=("json",))
def one(ctx, params):
    \"\"\"{name}.\"\"\"
    return Outcome(True, "{name} ran")
"""


@pytest.fixture
def folder(tmp_path) -> Path:
    target = tmp_path / "checks"
    target.mkdir()
    for stem, name in (("alpha", "says-alpha"), ("beta", "says-beta")):
        (target / f"{stem}.py").write_text(textwrap.dedent(MODULE.format(name=name)))
    (target / "_helpers.py").write_text("raise RuntimeError('a helper is never imported alone')\n")
    return target


def test_the_index_names_the_module_that_declares_each_check(folder):
    assert folder_index(folder, load_folder(folder)) == {"says-alpha": "alpha", "says-beta": "beta"}


def test_asking_for_one_check_imports_its_module_only(folder):
    index = folder_index(folder, load_folder(folder))
    for name in [m for m in sys.modules if m.startswith("tooltutor_checks_")]:
        if name.count("."):
            del sys.modules[name]
    checks = FolderChecks(folder, index)
    assert checks and "says-beta" in checks and "roles" not in checks  # no import for that
    assert not any(m.startswith("tooltutor_checks_") and "." in m for m in sys.modules)
    spec = checks["says-beta"]
    assert spec.function(None, {}).message == "says-beta ran"
    loaded = {m.rpartition(".")[2] for m in sys.modules if m.startswith("tooltutor_checks_")}
    assert "beta" in loaded and "alpha" not in loaded


def test_a_check_that_moved_to_another_module_is_still_found(folder):
    stale = {"says-alpha": "beta", "says-beta": "beta"}  # says-alpha is not in beta
    checks = FolderChecks(folder, stale)
    assert checks["says-alpha"].function(None, {}).message == "says-alpha ran"
    assert set(checks) == {"says-alpha", "says-beta"}


def test_iterating_loads_the_whole_folder(folder):
    checks = FolderChecks(folder, folder_index(folder, load_folder(folder)))
    assert sorted(checks) == ["says-alpha", "says-beta"] and len(checks) == 2
    with pytest.raises(KeyError):
        checks["not-the-course's"]


def test_the_bundled_course_marks_on_demand_once_a_whole_load_told_the_cache(tmp_path, monkeypatch):
    from tooltutor import marking
    from tooltutor.course import load_course
    from tooltutor.course.location import bundled_course_dir

    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(marking, "_loaded", {})
    course = load_course(bundled_course_dir())
    first = marking.course_checks(course, on_demand=True)
    assert not isinstance(first, FolderChecks)  # nothing cached yet: the whole folder
    monkeypatch.setattr(marking, "_loaded", {})
    second = marking.course_checks(course, on_demand=True)
    assert isinstance(second, FolderChecks) and set(second) == set(first)
    monkeypatch.setattr(marking, "_loaded", {})
    exercise = course.exercise("pick-tool-choice")  # its `tool-choice` is in definitions
    loaded = []
    monkeypatch.setattr(FolderChecks, "load_all", lambda self: loaded.append(self))
    verdict = marking.mark_answer(course, exercise, exercise.solution)
    assert verdict.passed, verdict
    assert loaded == [], "marking one answer imported the whole folder"
