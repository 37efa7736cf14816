"""The course reads the same with and without libyaml (PyYAML's C loader), and `validate`
points to a file only libyaml can read."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tooltutor.course import load_course
from tooltutor.yaml_portability import course_files, portability_problems

ROOT = Path(__file__).resolve().parents[2]
COURSES = [ROOT, ROOT / "tests/tui/fixture_course", ROOT / "tests/i18n/fixture_course"]


@pytest.mark.parametrize("root", COURSES, ids=lambda p: p.name)
def test_every_course_file_reads_alike_with_both_loaders(root):
    files = course_files(root)
    assert len(files) >= 3
    for path in files:
        text = path.read_text(encoding="utf-8")
        pure = yaml.load(text, Loader=yaml.SafeLoader)
        if hasattr(yaml, "CSafeLoader"):
            assert yaml.load(text, Loader=yaml.CSafeLoader) == pure, path


def test_the_bundled_course_loads_whole_without_libyaml(tmp_path):
    """In a Python where PyYAML has no C loader, every lesson and exercise is there."""
    script = (
        "import yaml; del yaml.CSafeLoader\n"
        "from tooltutor.course import load_course\n"
        "c = load_course(None, use_cache=False)\n"
        "print(len(c.lessons), len(c.exercises), len(c.errors))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={"TOOLTUTOR_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    course = load_course()
    assert done.stdout.split() == [str(len(course.lessons)), str(len(course.exercises)), "0"]


@pytest.mark.skipif(not hasattr(yaml, "CSafeLoader"), reason="PyYAML without libyaml")
def test_validate_names_the_line_only_libyaml_can_read(tmp_path):
    course = tmp_path / "course"
    shutil.copytree(ROOT / "tests/tui/fixture_course", course)
    target = course / "exercises/why-tools/01-pick-one.yaml"
    text = target.read_text(encoding="utf-8")
    quoted = '"Which one changes every minute?"'
    assert quoted in text
    target.write_text(text.replace(quoted, quoted.strip('"')), encoding="utf-8")
    line = next(
        n for n, row in enumerate(target.read_text().splitlines(), 1) if "every minute?" in row
    )
    problems = portability_problems(course)
    assert [(p.path, p.line) for p in problems] == [(target, line)]
    assert "put the text in quotes" in problems[0].message
