"""Loading a course again skips YAML parsing and schema checks, and never hides a problem."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
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


def test_a_same_size_edit_that_keeps_the_mtime_is_read_again(tmp_path, monkeypatch):
    """As `cp -p` or `rsync -t` leave a file: same size, same modification time."""
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    root = write_course(tmp_path / "course")
    path = root / "lessons/01-basics.yaml"
    before = path.stat()
    assert load_course(root).lessons[0].title == "Basics"
    path.write_text(LESSON.replace("title: Basics", "title: Basicz"))  # same size
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    assert load_course(root).lessons[0].title == "Basicz"
    # rsync -t: a new file renamed over the old one, the times copied
    fresh = path.with_name("new.tmp")
    fresh.write_text(LESSON.replace("title: Basics", "title: Basic!"))
    os.utime(fresh, ns=(before.st_atime_ns, before.st_mtime_ns))
    os.replace(fresh, path)
    assert load_course(root).lessons[0].title == "Basic!"


def test_the_fingerprint_follows_the_schemas_python_and_the_yaml_loader(monkeypatch):
    from tooltutor.course import cache as course_cache

    course_cache.fingerprint.cache_clear()
    base = course_cache.fingerprint()
    monkeypatch.setattr(course_cache, "_yaml_loader", lambda: "another PyYAML")
    course_cache.fingerprint.cache_clear()
    assert course_cache.fingerprint() != base
    monkeypatch.undo()
    monkeypatch.setattr(sys, "version_info", (3, 99, 0, "final", 0))
    course_cache.fingerprint.cache_clear()
    assert course_cache.fingerprint() != base
    monkeypatch.undo()
    course_cache.fingerprint.cache_clear()
    assert course_cache.fingerprint() == base


def _schemas_copy(tmp_path, monkeypatch):
    """The schemas copied where a test may edit them, and the cache told to use the copy."""
    from tooltutor.course import schemas
    from tooltutor.course.cache import fingerprint

    copy = tmp_path / "schemas"
    shutil.copytree(schemas.SCHEMA_DIR, copy)
    monkeypatch.setattr(schemas, "SCHEMA_DIR", copy)
    fingerprint.cache_clear()
    return copy


@pytest.mark.parametrize("edit", ["longer", "same size, same mtime", "replaced, same times"])
def test_editing_a_schema_changes_the_fingerprint(tmp_path, monkeypatch, edit):
    from tooltutor.course.cache import fingerprint

    copy = _schemas_copy(tmp_path, monkeypatch)
    base = fingerprint()
    path = copy / "lesson.schema.json"
    before = path.stat()
    text = path.read_text()
    if edit == "longer":
        path.write_text(text + " ")
    elif edit == "same size, same mtime":  # as `cp -p` leaves it: only the ctime tells
        path.write_text(text.replace('"', "'", 1))
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    else:  # rsync -t: a new file renamed over the old one, the times copied
        fresh = copy / "new.tmp"
        fresh.write_text(text.replace('"', "'", 1))
        os.utime(fresh, ns=(before.st_atime_ns, before.st_mtime_ns))
        os.replace(fresh, path)
    fingerprint.cache_clear()
    try:
        assert fingerprint() != base
    finally:
        fingerprint.cache_clear()


def test_a_schema_edited_since_a_file_was_cached_checks_it_again(tmp_path, monkeypatch):
    """The cached file passed the old schema; the new one refuses it, and says so."""

    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    root = write_course(tmp_path / "course")
    copy = _schemas_copy(tmp_path, monkeypatch)
    try:
        assert not load_course(root).problems
        assert not load_course(root).problems  # from the cache
        schema = copy / "lesson.schema.json"
        data = json.loads(schema.read_text())
        data.setdefault("required", []).append("a_field_no_lesson_has")
        schema.write_text(json.dumps(data))
        _forget_schemas()
        problems = [str(p) for p in load_course(root).problems]
        assert any("a_field_no_lesson_has" in p for p in problems), problems
    finally:
        _forget_schemas()


def _forget_schemas():
    from tooltutor.course import schemas
    from tooltutor.course.cache import fingerprint

    for cached in (fingerprint, schemas.schema, schemas.validator):
        cached.cache_clear()


def test_entry_names_are_short_and_differ_by_file(tmp_path):
    from tooltutor.course.cache import _file_name

    names = {_file_name(str(tmp_path / f"lessons/{n:03}.yaml")) for n in range(2000)}
    assert len(names) == 2000
    assert all(len(n) == len("0123456789abcdef.bin") for n in names)
    assert _file_name("/a/\udc80/b") == _file_name("/a/\udc80/b")  # any path, stable


def test_a_course_from_the_cache_keeps_no_positions_until_asked(tmp_path, monkeypatch):
    monkeypatch.setenv("TOOLTUTOR_HOME", str(tmp_path / "home"))
    root = write_course(tmp_path / "course")
    first = load_course(root).exercises["first"]
    cached = load_course(root).exercises["first"]
    assert cached.positions._owner._tables is None  # nothing parsed for positions yet
    assert cached.position("/title") == first.position("/title")
    assert cached.position("/criteria/0") == first.position("/criteria/0")
