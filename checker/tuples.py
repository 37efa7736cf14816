"""`NamedTuple`: `typing.NamedTuple`'s class syntax, without its cost at import.

    from checker.tuples import NamedTuple

    class Source(NamedTuple):
        name: str
        url: str = ""

makes the same class `typing.NamedTuple` makes (a `collections.namedtuple` with the
class's methods, properties and docstring), but does not check the field annotations:
with `from __future__ import annotations` they are strings, and `typing` compiles each
one into a `ForwardRef` to check it. That was ~0.2 ms a class, 14 classes on `lint`'s
path (~3 ms of a 45 ms command; python3 -m bench startup --installed). The annotations
stay in `__annotations__` as written; nothing reads them at run time.

`Record`: the `repr` and `==` of a plain (mutable) `@dataclass`, for a class that lists its
`_fields` and writes its own `__init__`. `dataclasses` costs ~0.5 ms a class at import (it
compiles the generated methods), so the small records on `check`'s path use this instead.
"""

from __future__ import annotations

import collections

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["NamedTuple", "Record"]

#: what a class body holds that is not a field or something to copy onto the tuple class
_SPECIAL = frozenset(
    {"__module__", "__qualname__", "__annotations__", "__orig_bases__", "__classcell__"}
)
#: what `typing.NamedTuple` refuses to let a class body override
_PROHIBITED = frozenset(
    {"__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make"}
    | {"_replace", "_asdict", "_source"}
)


class _Meta(type):
    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if bases != (_Base,):
            raise TypeError("a NamedTuple class derives from NamedTuple alone")
        annotations = ns.get("__annotations__", {})
        fields = list(annotations)
        defaults = []
        for field in fields:
            if field in ns:
                defaults.append(ns[field])
            elif defaults:
                raise TypeError(f"non-default field {field!r} after a default field in {name}")
        cls = collections.namedtuple(name, fields, defaults=defaults, module=ns["__module__"])
        cls.__annotations__ = dict(annotations)
        cls.__qualname__ = ns.get("__qualname__", name)
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
            if key not in _SPECIAL and key not in cls._fields:
                setattr(cls, key, value)
        return cls


_Base = type.__new__(_Meta, "NamedTuple", (), {})


class _Entry:
    """`class X(NamedTuple)` derives from `_Base`, whose metaclass builds the tuple class."""

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type]:
        return (_Base,)

    def __repr__(self) -> str:
        return "checker.tuples.NamedTuple"


NamedTuple: Any = _Entry()


class Record:
    """A mutable record with a dataclass's `repr` and `==`: the subclass names its fields in
    order in `_fields` and sets them in its own `__init__`. Equal when the classes are the
    same and the fields are equal; unhashable, as a dataclass with `eq` is."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__qualname__}({inner})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return tuple(getattr(self, n) for n in self._fields) == tuple(
            getattr(other, n) for n in self._fields
        )
