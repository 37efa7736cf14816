"""The exercise schema written into a course's `schemas/` knows its marking: check names
by kind (the engine's and the course's), each check's params, the keys of each kind.

Checked twice: with jsonschema (every exercise of the bundled and the calendar course
fits it, and the usual slips are flagged), and with the real yaml-language-server (what
an editor completes and underlines), when it is installed (CI installs it).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tooltutor.course import load_course
from tooltutor.course.schemas import schema
from tooltutor.course.schemas.editor import exercise_schema
from tooltutor.course.yamlsource import read_yaml
from tooltutor.marking import course_checks
from tooltutor.scaffold import copy_schemas, engine_checks
from tooltutor.trust import ensure_trusted


def trusted_course(*args, **kw):
    """The course, its code trusted as `--trust` would (marking refuses untrusted code)."""
    course = load_course(*args, **kw)
    ensure_trusted(course, assume=True)
    return course


HERE = Path(__file__).parent
ROOT = HERE.parents[1]
CALENDAR = HERE / "calendar_course"


def editor_validator(course_dir: Path) -> Draft202012Validator:
    course = trusted_course(course_dir)
    checks = {**engine_checks(), **course_checks(course)}
    return Draft202012Validator(exercise_schema(schema("exercise"), checks))


@pytest.mark.parametrize("course_dir", [ROOT, CALENDAR], ids=["bundled", "calendar"])
def test_every_exercise_of_a_course_fits_its_editor_schema(course_dir):
    validator = editor_validator(course_dir)
    files = [p for p in course_dir.glob("exercises/*/*.yaml")]
    assert len(files) >= 3
    for path in files:
        errors = [e.message for e in validator.iter_errors(read_yaml(path).value)]
        assert errors == [], (path, errors)


def _errors(validator, value) -> list[str]:
    return [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(value)
    ]


def test_the_editor_schema_flags_what_validate_would():
    validator = editor_validator(CALENDAR)
    base = read_yaml(CALENDAR / "exercises/first-steps/01-propose-slot.yaml").value

    def with_criterion(**criterion):
        return {**base, "criteria": [criterion]}

    wrong_type = with_criterion(
        check="fits-free-slot", label="x", params={"free": "$given/free", "minutes": "thirty"}
    )
    assert any("criteria/0/params/minutes" in e for e in _errors(validator, wrong_type))
    unknown = with_criterion(check="fits-free-slot", label="x", params={"free": [], "minute": 3})
    assert any("minute" in e for e in _errors(validator, unknown))
    no_params = with_criterion(check="fits-free-slot", label="x")
    assert any("params" in e for e in _errors(validator, no_params))
    other_kind = with_criterion(check="tool-ran", label="x")
    assert any("criteria/0/check" in e for e in _errors(validator, other_kind))
    python_key = {**base, "entry": "book"}
    assert _errors(validator, python_key), "a python key in a JSON exercise"
    assert not _errors(validator, base)


def test_copy_schemas_writes_the_courses_checks(tmp_path):
    root = tmp_path / "c"
    shutil.copytree(CALENDAR, root)
    course = trusted_course(root)
    copy_schemas(root, course_checks(course))
    written = json.loads((root / "schemas/exercise.schema.json").read_text())
    text = json.dumps(written)
    assert '"fits-free-slot"' in text and "how long the meeting lasts" in text
    assert (root / "schemas/lesson.schema.json").read_bytes() == (
        ROOT / "tooltutor/course/schemas/lesson.schema.json"
    ).read_bytes()


# -- the real yaml-language-server ------------------------------------------------------------


def _server():
    from test_scaffold import LanguageServer, _language_server

    command = _language_server()
    if command is None:
        pytest.skip("yaml-language-server is not installed")
    return LanguageServer, command


def _complete(server, path: Path, text: str, line: int, character: int) -> list[str]:
    uri = path.as_uri()
    server.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
    )
    answer = server.request(
        "textDocument/completion",
        {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}},
    )
    items = answer.get("result") or []
    if isinstance(items, dict):
        items = items.get("items", [])
    return [item["label"] for item in items]


def test_an_editor_completes_checks_by_kind_and_flags_a_wrong_param(tmp_path):
    language_server, command = _server()
    root = tmp_path / "calendar"
    shutil.copytree(CALENDAR, root)
    copy_schemas(root, course_checks(trusted_course(root)))
    source = (root / "exercises/first-steps/01-propose-slot.yaml").read_text()
    lines = source.split("\n")
    at = lines.index("criteria:")
    probe = root / "exercises/first-steps/03-probe.yaml"
    text = "\n".join(lines[: at + 1] + ["  - check: ", "    label: x"] + lines[at + 1 :])
    probe.write_text(text)
    broken = root / "exercises/first-steps/04-broken.yaml"
    broken.write_text(source.replace("      minutes: 30", "      minutes: thirty"))
    server = language_server(command, root)
    try:
        offered = _complete(server, probe, text, at + 1, len("  - check: "))
        found = server.diagnostics(broken)
    finally:
        server.close()
    assert "fits-free-slot" in offered and "equals" in offered, offered
    assert "tool-ran" not in offered and "choice" not in offered, offered
    wrong = lines.index("      minutes: 30")
    assert any(d["range"]["start"]["line"] == wrong for d in found), found
