"""`NamedTuple`: `typing.NamedTuple`'s class syntax, without its cost at import.

    from checker.tuples import NamedTuple

    class Source(NamedTuple):
        name: str
        url: str = ""

makes the class `typing.NamedTuple` makes (a tuple whose fields are named, with the
class's methods, properties and docstring), at a fraction of the cost: it does not check
the field annotations (with `from __future__ import annotations` they are strings, and
`typing` compiles each one into a `ForwardRef` to check it: ~0.2 ms a class), and it does
not compile a `__new__` for each class as `collections.namedtuple` does (an `eval`, ~0.05
ms a class): one `__new__` serves every class, binding arguments by name only when they
are not all given in order. About 30 such classes are on `check`'s path (python3 -m bench
startup --installed). The instances are what `collections.namedtuple` makes: the same
`==`, `repr`, `_make`, `_replace`, `_asdict`, `_fields`, `_field_defaults`, pickling and
copying. The annotations stay in `__annotations__` as written; nothing reads them at run
time.

A mutable record is a `checker.records.record` (a dataclass's API, without `dataclasses`).
"""

from __future__ import annotations

from operator import itemgetter

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

__all__ = ["NamedTuple"]

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
        cls = _tuple_class(name, fields, defaults, ns["__module__"])
        cls.__annotations__ = dict(annotations)
        cls.__qualname__ = ns.get("__qualname__", name)
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError(f"cannot overwrite NamedTuple attribute {key}")
            if key not in _SPECIAL and key not in cls._fields:
                setattr(cls, key, value)
        return cls


_Base = type.__new__(_Meta, "NamedTuple", (), {})

_MISSING = object()


def _tuple_class(name: str, fields: list[str], defaults: list[Any], module: str) -> type:
    """A tuple class with named fields, as `collections.namedtuple` would make it."""
    names = tuple(fields)
    count = len(names)
    position = {field: index for index, field in enumerate(names)}
    first_default = count - len(defaults)

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:  # noqa: N807
        if not kwargs and len(args) == count:
            return tuple.__new__(cls, args)
        if len(args) > count:
            raise TypeError(
                f"{name}() takes {count} positional arguments but {len(args)} were given"
            )
        values = [*args, *[_MISSING] * (count - len(args))]
        for key, value in kwargs.items():
            index = position.get(key)
            if index is None:
                raise TypeError(f"{name}() got an unexpected keyword argument {key!r}")
            if values[index] is not _MISSING:
                raise TypeError(f"{name}() got multiple values for argument {key!r}")
            values[index] = value
        for index in range(count):
            if values[index] is _MISSING:
                if index < first_default:
                    raise TypeError(f"{name}() missing required argument: {names[index]!r}")
                values[index] = defaults[index - first_default]
        return tuple.__new__(cls, values)

    def _make(cls, iterable: Iterable[Any]) -> Any:
        made = tuple.__new__(cls, iterable)
        if len(made) != count:
            raise TypeError(f"Expected {count} arguments, got {len(made)}")
        return made

    def _replace(self, /, **changes: Any) -> Any:
        unknown = [key for key in changes if key not in position]
        if unknown:
            raise ValueError(f"Got unexpected field names: {unknown!r}")
        return tuple.__new__(type(self), [changes.get(f, v) for f, v in zip(names, self)])

    def __repr__(self) -> str:
        inner = ", ".join(f"{field}={value!r}" for field, value in zip(names, self))
        return f"{type(self).__name__}({inner})"

    def _asdict(self) -> dict[str, Any]:
        return dict(zip(names, self))

    def __getnewargs__(self) -> tuple:
        return tuple(self)

    namespace: dict[str, Any] = {
        "__doc__": f"{name}({', '.join(names)})",
        "__slots__": (),
        "__module__": module,
        "_fields": names,
        "_field_defaults": dict(zip(names[first_default:], defaults)),
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": names,
    }
    for index, field in enumerate(names):
        namespace[field] = property(itemgetter(index), doc=f"Alias for field number {index}")
    return type(name, (tuple,), namespace)


class _Entry:
    """`class X(NamedTuple)` derives from `_Base`, whose metaclass builds the tuple class."""

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type]:
        return (_Base,)

    def __repr__(self) -> str:
        return "checker.tuples.NamedTuple"


NamedTuple: Any = _Entry()
