"""Loading a course again skips YAML parsing and schema checks, and never hides a problem."""

from __future__ import annotations

import os
import subprocess
import sys

from minimal import LESSON, write_course

from tooltutor.course import load_course


def test_second_load_uses_the_cache_without_yaml_or_jsonschema(tmp_path):
    root = write_course(tmp_path / "course")
    env = {**os.environ, "TOOLTUTOR_HOME": str(tmp_path / "home")}
    code = (
        "import sys\n"
        "from tooltutor.course import load_course\n"
        f"course = load_course({str(root)!r})\n"
        "assert not course.problems, course.problems\n"
        "print(sorted(m for m in ('yaml', 'jsonschema') if m in sys.modules))\n"
    )
    run = lambda: subprocess.run(  # noqa: E731
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    assert run() == "['jsonschema', 'yaml']"
    assert run() == "[]"


def test_an_edited_file_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    root = write_course(tmp_path / "course")
    assert load_course(root).lessons[0].title == "Basics"
    path = root / "lessons/01-basics.yaml"
    path.write_text(LESSON.replace("title: Basics", "title: Basics again"))
    os.utime(path, ns=(1, 1))  # a different modification time, whatever the clock says
    assert load_course(root).lessons[0].title == "Basics again"


def test_a_broken_file_is_reported_every_time(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    root = write_course(
        tmp_path / "course", lessons_01_basics_yaml=LESSON.replace("number: 1", "number: one")
    )
    first = [str(p) for p in load_course(root).problems]
    second = [str(p) for p in load_course(root).problems]
    assert first and first == second


def test_cached_positions_still_point_at_problems(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    root = write_course(
        tmp_path / "course",
        lessons_01_basics_yaml=LESSON.replace("exercises: [first]", "exercises: [first, second]"),
    )
    first = [str(p) for p in load_course(root).problems]
    second = [str(p) for p in load_course(root).problems]
    assert first == second and ":24:20: exercise 'second'" in first[0]
