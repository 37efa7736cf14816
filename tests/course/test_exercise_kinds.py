"""An exercise kind is one thing: `tooltutor.kinds.KINDS`, with its marker
(`checker.exercise.MARKERS`), its template (`tooltutor new exercise KIND`) and its name in
the exercise schema, and nothing else decides what differs between kinds."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from checker.exercise import MARKERS
from tooltutor import kinds, scaffold
from tooltutor.course import load_course

ROOT = Path(__file__).resolve().parents[2]


def test_every_kind_has_a_marker_a_template_and_a_place_in_the_schema():
    schema = json.loads(
        (ROOT / "tooltutor/course/schemas/exercise.schema.json").read_text(encoding="utf-8")
    )
    assert list(kinds.KINDS) == list(scaffold.KINDS)
    assert set(kinds.KINDS) == set(MARKERS)
    assert set(kinds.KINDS) == set(schema["properties"]["kind"]["enum"])
    assert set(kinds.KINDS) == set(scaffold.EXERCISE_KINDS)


def test_the_keys_a_kind_alone_reads_are_in_the_schema_and_in_no_other_kinds_file():
    schema = json.loads(
        (ROOT / "tooltutor/course/schemas/exercise.schema.json").read_text(encoding="utf-8")
    )
    own = {name: set(kind.own_keys) for name, kind in kinds.KINDS.items()}
    assert own["python"] >= {"entry", "call"} and own["choice"] == {"choices", "multiple"}
    assert all(keys <= set(schema["properties"]) for keys in own.values())
    course = load_course(ROOT)
    for exercise in course.exercises.values():
        others = set().union(*(keys for name, keys in own.items() if name != exercise.kind))
        assert not others & set(exercise.source_values or {}), exercise.id


def test_a_kind_says_its_file_and_its_editor():
    json_kind, python, choice = (kinds.KINDS[n] for n in ("json", "python", "choice"))
    assert (json_kind.suffix, python.suffix, choice.suffix) == (".json", ".py", ".txt")
    assert (json_kind.language, python.language, choice.language) == ("json", "python", None)
    assert (json_kind.indent, python.indent) == (2, 4)
    assert python.runs_code and not json_kind.runs_code and not choice.runs_code
    assert choice.picks_options and not python.picks_options
    assert kinds.kind_named("a-kind-nobody-wrote").suffix == ".txt"  # reported, not a crash


@pytest.mark.parametrize("exercise_id", ["write-tool-result", "fix-round-trip"])
def test_a_text_answer_is_marked_as_saved(exercise_id):
    exercise = load_course().exercise(exercise_id)
    kind = kinds.of(exercise)
    raw = b"\xef\xbb\xbf[1]\r\n"
    assert kind.payload(exercise, raw, raw.decode()) is raw  # the checker sees the bytes
    assert kind.draft_text(exercise, "x\n# not a comment\n") == "x\n# not a comment\n"
    assert kind.file_text(exercise, None) == exercise.starter
    assert kind.file_text(exercise, "  \n") == exercise.starter
    assert kind.file_text(exercise, "mine") == "mine"


def test_a_choice_file_is_its_options_as_comments_and_the_answer_below():
    course = load_course()
    exercise = next(e for e in course.exercises.values() if e.kind == "choice")
    kind = kinds.of(exercise)
    first = str(exercise.choices[0]["id"])
    written = kind.file_text(exercise, first)
    assert written.startswith(f"# {exercise.title}\n") and written.endswith(f"\n{first}\n")
    assert all(f"# {c['id']}) " in written for c in exercise.choices)
    assert kind.answer_text(exercise, written).strip() == first
    assert kind.payload(exercise, written.encode(), written).strip() == first
    assert kind.draft_text(exercise, written) == first
    assert kind.file_text(exercise, kind.draft_text(exercise, written)) == written


def test_no_module_of_the_app_branches_on_a_kind_by_name():
    """Adding a kind touches the table, its marker and its template: what differs between
    kinds is read from `tooltutor.kinds`, never written as `kind == "python"` elsewhere."""
    branch = re.compile(r"""kind\s*(==|!=)\s*["'](json|python|choice)["']""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "tooltutor").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if branch.search(line)
    ]
    assert found == []
