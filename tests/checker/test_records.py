"""`checker.records.record` behaves as `dataclasses.dataclass` does for what the code uses:
the same class body made both ways gives the same instances, reprs, equality, hashes,
errors and copies."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from checker import records

REPO = Path(__file__).resolve().parents[2]


def _both(frozen: bool = False):
    """The same class body as a dataclass and as a record."""

    def body(decorate, field):
        @decorate
        class Lesson:
            id: str
            number: int
            title: str = "untitled"
            tags: list[str] = field(default_factory=list)
            path: str | None = field(default=None, compare=False)
            positions: dict = field(default_factory=dict, compare=False, repr=False)

            def label(self) -> str:
                return f"{self.number}. {self.title}"

        return Lesson

    made_as_dataclass = dataclasses.dataclass(frozen=frozen)
    made_as_record = records.record(frozen=frozen)
    return body(made_as_dataclass, dataclasses.field), body(made_as_record, records.field)


def test_instances_read_write_and_compare_as_a_dataclass_s():
    for cls in _both():
        one = cls("loop", 2, tags=["a"], path="/x")
        assert (one.id, one.number, one.title, one.tags, one.path) == (
            "loop",
            2,
            "untitled",
            ["a"],
            "/x",
        )
        assert one.label() == "2. untitled"
        assert one == cls("loop", 2, tags=["a"], path="/elsewhere")  # path does not compare
        assert one != cls("loop", 3, tags=["a"])
        assert cls("a", 1).tags is not cls("a", 1).tags  # a fresh list each time
        one.title = "Loops"
        assert one.title == "Loops"
        with pytest.raises(TypeError):
            hash(one)
    dataclass_made, record_made = _both()
    assert (
        repr(dataclass_made("a", 1, path="p")).split("(", 1)[1]
        == repr(record_made("a", 1, path="p")).split("(", 1)[1]
    )
    assert "positions" not in repr(record_made("a", 1))
    assert record_made("a", 1) != dataclass_made("a", 1)  # another class is never equal


@pytest.mark.parametrize(
    "args, kwargs",
    [((), {}), (("a",), {}), (("a", 1, "t", [], None, {}, "extra"), {}), (("a", 1), {"nope": 1})]
    + [(("a",), {"id": "b", "number": 1})],
)
def test_wrong_arguments_are_refused_as_a_dataclass_refuses_them(args, kwargs):
    for cls in _both():
        with pytest.raises(TypeError):
            cls(*args, **kwargs)


def test_frozen_records_refuse_changes_and_hash_by_the_compared_fields():
    for cls in _both(frozen=True):
        one = cls("a", 1, tags=(), path="p")
        with pytest.raises(AttributeError):
            one.title = "x"
        with pytest.raises(AttributeError):
            del one.title
        assert hash(one) == hash(cls("a", 1, tags=(), path="elsewhere"))
        assert len({one, cls("a", 1, tags=()), cls("b", 1, tags=())}) == 2


def test_fields_and_replace_are_dataclasses_own():
    dataclass_made, record_made = _both()
    names = [f.name for f in dataclasses.fields(dataclass_made)]
    assert [f.name for f in records.fields(record_made)] == names
    assert [f.name for f in records.fields(record_made("a", 1))] == names
    one = record_made("a", 1, tags=["x"])
    other = records.replace(one, title="Loops")
    assert (other.title, other.tags, one.title) == ("Loops", ["x"], "untitled")
    assert type(other) is record_made
    with pytest.raises(TypeError):
        records.replace(one, nope=1)
    with pytest.raises(TypeError):
        records.fields(object())


def test_a_required_field_after_a_default_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="follows default"):

        @records.record
        class Broken:
            a: int = 1
            b: int


def test_post_init_runs_and_explicit_methods_are_kept():
    @records.record
    class Sized:
        items: list
        count: int = 0

        def __post_init__(self) -> None:
            self.count = len(self.items)

        def __repr__(self) -> str:
            return "mine"

    assert Sized([1, 2]).count == 2
    assert repr(Sized([])) == "mine"


def test_a_record_costs_no_dataclasses_inspect_or_typing_at_import():
    code = (
        "import sys; from checker.records import record, field\n"
        "@record\nclass A:\n    x: int = field(default=1)\n"
        "print(sorted({'dataclasses', 'inspect', 'typing'} & set(sys.modules)))"
    )
    out = subprocess.run(
        [sys.executable, "-S", "-c", code], capture_output=True, text=True, cwd=REPO
    )
    assert out.stdout.strip() == "[]", out.stderr


def test_a_field_init_leaves_out_is_set_from_its_default_as_a_dataclass_sets_it():
    def body(decorate, field):
        @decorate
        class Notice:
            text: str
            note: str | None = None
            lines: list[str] = field(init=False, default_factory=list)

            def __post_init__(self) -> None:
                self.lines = [n for n in (self.text, self.note) if n]

        return Notice

    theirs = body(dataclasses.dataclass, dataclasses.field)
    ours = body(records.record, records.field)
    for cls in (theirs, ours):
        one = cls("full", note="kept")
        assert one.lines == ["full", "kept"] and "lines=['full', 'kept']" in repr(one)
        with pytest.raises(TypeError):
            cls("full", lines=[])
    assert [f.name for f in records.fields(ours)] == ["text", "note", "lines"]
    assert records.replace(ours("a"), note="b").lines == ["a", "b"]
    assert ours.__match_args__ == theirs.__match_args__ == ("text", "note")
