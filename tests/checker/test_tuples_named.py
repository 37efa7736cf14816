"""`checker.tuples.NamedTuple` makes what `collections.namedtuple` makes: the same
instances, errors, copies and helpers, from `typing.NamedTuple`'s class syntax."""

from __future__ import annotations

import collections
import copy
import pickle

import pytest

from checker.tuples import NamedTuple


class Place(NamedTuple):
    """Where a finding points."""

    path: str
    line: int = 0
    column: int = 0

    @property
    def spot(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


Theirs = collections.namedtuple("Place", ["path", "line", "column"], defaults=[0, 0])

CALLS = [
    ((), {}),
    (("a",), {}),
    (("a", 1), {}),
    (("a", 1, 2), {}),
    ((), {"path": "a", "column": 3}),
    (("a",), {"line": 2}),
    (("a", 1, 2, 3), {}),
    (("a",), {"path": "b"}),
    (("a",), {"row": 1}),
]


@pytest.mark.parametrize("args, kwargs", CALLS)
def test_arguments_bind_or_fail_as_a_namedtuples_do(args, kwargs):
    try:
        expected = tuple(Theirs(*args, **kwargs))
    except TypeError:
        with pytest.raises(TypeError):
            Place(*args, **kwargs)
    else:
        assert tuple(Place(*args, **kwargs)) == expected


def test_instances_behave_as_a_namedtuples_do():
    ours, theirs = Place("a.json", 3), Theirs("a.json", 3)
    assert ours == theirs and repr(ours) == repr(theirs) and hash(ours) == hash(theirs)
    assert (ours.path, ours.line, ours.column, ours.spot) == ("a.json", 3, 0, "a.json:3:0")
    assert ours._asdict() == theirs._asdict()
    assert ours._replace(column=9) == (*theirs[:2], 9)
    assert type(ours._replace(column=9)) is Place
    with pytest.raises(ValueError):
        ours._replace(row=1)
    assert Place._make(["b", 1, 2]) == ("b", 1, 2)
    with pytest.raises(TypeError):
        Place._make(["b"])
    assert Place._fields == Theirs._fields and Place._field_defaults == Theirs._field_defaults
    assert Place.__match_args__ == ("path", "line", "column")
    assert pickle.loads(pickle.dumps(ours)) == ours and copy.deepcopy(ours) == ours
    assert Place.__doc__ == "Where a finding points." and Place.__module__ == __name__
    with pytest.raises(AttributeError):
        ours.path = "b"
    match ours:
        case Place(path, line):
            assert (path, line) == ("a.json", 3)
