"""The records on the start paths (`checker.records.record`): the repr, == and defaults of
the plain dataclass each one replaced."""

from __future__ import annotations

import dataclasses

import pytest

from checker.answer_context import ChoiceContext
from checker.records import fields
from tooltutor.course.yamlsource import YamlDoc
from tooltutor.submit import Submitted
from tooltutor.trust import CourseCode


@dataclasses.dataclass
class _Choice:
    choices: list[dict]
    chosen: list[str]


def test_repr_and_equality_are_a_dataclasss():
    ours, theirs = ChoiceContext([{"id": "a"}], ["a"]), _Choice([{"id": "a"}], ["a"])
    assert repr(ours) == repr(theirs).replace("_Choice", "ChoiceContext")
    assert ours == ChoiceContext([{"id": "a"}], ["a"])
    assert ours != ChoiceContext([], ["a"])
    assert ours != theirs
    with pytest.raises(TypeError):
        hash(ours)


def test_defaults_are_fresh_and_derived_fields_are_set():
    a, b = YamlDoc(value=1, text=""), YamlDoc(1, "")
    assert a == b and a.positions == {} and a.warnings == [] and a.source is None
    a.warnings.append(("dup", None))
    assert b.warnings == []
    assert CourseCode().files == {} and CourseCode().refused == []
    done = Submitted("verdict", "text", True, store_notice="full", draft_note=None)
    assert done.notices == ["full"] and done.draft_note is None
    assert "notices" in [f.name for f in fields(done)] and "notices=['full']" in repr(done)
