"""The JSON Schemas, the loader's model classes and the course files agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tooltutor.course import Exercise, Lesson, bundled_course_dir, model_fields
from tooltutor.course.schemas import SCHEMA_FILES, schema

REGENERATE = "update tooltutor/course/schemas/{kind}.schema.json and the {cls} dataclass together"


@pytest.mark.parametrize("kind", sorted(SCHEMA_FILES))
def test_schema_is_valid_draft_2020_12(kind):
    Draft202012Validator.check_schema(schema(kind))
    assert schema(kind)["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize(("kind", "cls"), [("lesson", Lesson), ("exercise", Exercise)])
def test_schema_keys_match_the_model(kind, cls):
    in_schema = set(schema(kind)["properties"])
    in_model = model_fields(cls)
    assert in_schema == in_model, REGENERATE.format(kind=kind, cls=cls.__name__)
    required = set(schema(kind)["required"])
    assert required <= in_model


def test_course_schema_keys_are_read_by_the_loader():
    import inspect

    from tooltutor.course import loader as course

    source = inspect.getsource(course._Loader._course_header)
    for key in schema("course")["properties"]:
        assert f'"{key}"' in source, f"course.yaml key {key!r} is not read by the loader"


def _course_files():
    root = bundled_course_dir()
    files = [root / "course.yaml", *sorted((root / "lessons").glob("*.yaml"))]
    files += sorted((root / "exercises").glob("*/*.yaml"))
    return root, files


def test_every_course_file_names_its_schema_for_editors():
    root, files = _course_files()
    for path in files:
        first = path.read_text(encoding="utf-8").splitlines()[0]
        kind = (
            "course"
            if path.name == "course.yaml"
            else "lesson"
            if path.parent.name == "lessons"
            else "exercise"
        )
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("$schema=", 1)[1]).resolve()
        if Path(root / "tooltutor").exists():  # in the repository, the path resolves
            assert target == (root / "tooltutor/course/schemas" / SCHEMA_FILES[kind]).resolve(), (
                path
            )
