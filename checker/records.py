"""`@record`: the part of `@dataclass` the engine and the app use, without its import cost.

    from checker.records import field, record, replace

    @record
    class Lesson:
        id: str
        title: str = ""
        path: Path | None = field(default=None, compare=False)
        exercises: list[str] = field(default_factory=list)

gives the class what `@dataclass` would: an `__init__` taking the fields in order
(positional or by name, defaults and factories, a `TypeError` naming what is missing or
unexpected, `__post_init__` called when defined), the `repr`, `==` over the fields that
compare, and with `frozen=True` an immutable, hashable instance. `fields(obj)` and
`replace(obj, **changes)` are `dataclasses.fields` and `dataclasses.replace`.

Why not `dataclasses`: importing it imports `inspect` (and with it `ast`, `dis`,
`tokenize`, ...), about 9 ms, an eighth of a whole `tooltutor check` of a JSON answer
(`python3 -m bench startup --installed`), and every class it makes compiles its methods.
Here the methods are shared and generic: building an instance costs a few microseconds
more, which no path that builds records notices (a course of a thousand exercises).

What it does not do (nothing here uses it): an `init=False` field without a default,
`ClassVar`/`InitVar` annotations, ordering, `slots`, keyword-only fields, `asdict`.
"""

from __future__ import annotations

TYPE_CHECKING = False  # `typing` is not imported at run time (its cost on start paths)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar, dataclass_transform

    T = TypeVar("T")
else:

    def dataclass_transform(**_options):  # editors and type checkers read it; no-op here
        return lambda function: function


__all__ = ["FrozenRecordError", "Field", "field", "fields", "record", "replace"]

_MISSING = object()


class FrozenRecordError(AttributeError):
    """An attribute of a frozen record was set or deleted."""


class Field:
    """One field of a record: its name, default or default factory, and whether it takes
    part in `==` (and the hash of a frozen record) and in the `repr`."""

    __slots__ = ("name", "default", "default_factory", "compare", "repr", "init")

    def __init__(
        self,
        default: Any = _MISSING,
        default_factory: Any = _MISSING,
        compare: bool = True,
        repr: bool = True,  # noqa: A002 (dataclasses' name for it)
        init: bool = True,
    ) -> None:
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.repr = repr
        #: taken by `__init__` (else set from its default, e.g. for `__post_init__` to fill)
        self.init = init

    @property
    def required(self) -> bool:
        return self.default is _MISSING and self.default_factory is _MISSING

    def initial(self) -> Any:
        return self.default_factory() if self.default_factory is not _MISSING else self.default

    def __repr__(self) -> str:
        return f"Field(name={self.name!r})"


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] | Any = _MISSING,
    compare: bool = True,
    repr: bool = True,  # noqa: A002 (dataclasses' name for it)
    init: bool = True,
) -> Any:
    """A field's options, as `dataclasses.field` takes them."""
    return Field(default, default_factory, compare, repr, init)


@dataclass_transform(field_specifiers=(field,))
def record(cls: type[T] | None = None, /, *, frozen: bool = False) -> Any:
    """Make `cls` a record (see the module's docstring); `@record` or `@record(frozen=True)`."""

    def wrap(cls: type[T]) -> type[T]:
        return _build(cls, frozen)

    return wrap if cls is None else wrap(cls)


def fields(obj: Any) -> tuple[Field, ...]:
    """The fields of a record or record class, in order."""
    try:
        return obj.__record_fields__
    except AttributeError:
        raise TypeError("fields() should be called on a record or a record class") from None


def replace(obj: T, /, **changes: Any) -> T:
    """A new record like `obj` with `changes`, built through its `__init__` (which sets
    the fields it does not take itself)."""
    values = {f.name: getattr(obj, f.name) for f in fields(obj) if f.init}
    unknown = set(changes) - values.keys()
    if unknown:
        name = sorted(unknown)[0]
        raise TypeError(f"{type(obj).__qualname__}.__init__() got an unexpected argument {name!r}")
    values.update(changes)
    return type(obj)(**values)


def _build(cls: type[T], frozen: bool) -> type[T]:
    inherited: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for spec in getattr(base, "__record_fields__", ()):
            inherited[spec.name] = spec
    for name in cls.__dict__.get("__annotations__", {}):
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        spec.name = name
        inherited.pop(name, None)
        inherited[name] = spec
        if isinstance(value, Field):
            if spec.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, spec.default)
    specs = tuple(inherited.values())
    taken = tuple(spec for spec in specs if spec.init)
    seen_default = False
    for spec in taken:
        if spec.required and seen_default:
            raise TypeError(f"non-default argument {spec.name!r} follows default argument")
        seen_default = seen_default or not spec.required
    for spec in specs:
        if not spec.init and spec.required:
            raise TypeError(f"field {spec.name!r} is not taken by __init__: give it a default")
    cls.__record_fields__ = specs  # type: ignore[attr-defined]
    cls.__record_init__ = taken  # type: ignore[attr-defined]
    cls.__record_names__ = frozenset(spec.name for spec in taken)  # type: ignore[attr-defined]
    cls.__match_args__ = tuple(spec.name for spec in taken)  # type: ignore[attr-defined]
    for name, method in _METHODS.items():
        if name not in cls.__dict__:
            setattr(cls, name, method)
    own = cls.__dict__
    # as dataclasses decide: a `__hash__` the body wrote is kept (Python's None for a body
    # that wrote `__eq__` is not one); else frozen records hash, mutable ones do not
    if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
        cls.__hash__ = _hash if frozen else None  # type: ignore[method-assign,assignment]
    if frozen:
        cls.__setattr__ = _frozen_setattr  # type: ignore[method-assign,assignment]
        cls.__delattr__ = _frozen_delattr  # type: ignore[method-assign,assignment]
    return cls


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    specs = cls.__record_init__
    if len(args) > len(specs):
        raise TypeError(
            f"{cls.__qualname__}.__init__() takes {len(specs) + 1} positional arguments "
            f"but {len(args) + 1} were given"
        )
    values = dict(zip((spec.name for spec in specs), args))
    for name, value in kwargs.items():
        if name in values:
            raise TypeError(f"{cls.__qualname__}.__init__() got multiple values for {name!r}")
        if name not in cls.__record_names__:
            raise TypeError(
                f"{cls.__qualname__}.__init__() got an unexpected keyword argument {name!r}"
            )
        values[name] = value
    missing = []
    for spec in specs:
        if spec.name not in values:
            if spec.required:
                missing.append(spec.name)
            else:
                values[spec.name] = spec.initial()
    if missing:
        names = " and ".join(repr(name) for name in missing)
        raise TypeError(f"{cls.__qualname__}.__init__() missing required argument(s): {names}")
    for spec in cls.__record_fields__:
        if not spec.init:
            values[spec.name] = spec.initial()
    self.__dict__.update(values)
    post_init = getattr(self, "__post_init__", None)
    if post_init is not None:
        post_init()


def _repr(self: Any) -> str:
    inner = ", ".join(
        f"{spec.name}={getattr(self, spec.name)!r}" for spec in self.__record_fields__ if spec.repr
    )
    return f"{type(self).__qualname__}({inner})"


def _compared(self: Any) -> tuple:
    return tuple(getattr(self, spec.name) for spec in self.__record_fields__ if spec.compare)


def _eq(self: Any, other: object) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _compared(self) == _compared(other)


def _hash(self: Any) -> int:
    return hash(_compared(self))


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenRecordError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise FrozenRecordError(f"cannot delete field {name!r}")


_METHODS = {"__init__": _init, "__repr__": _repr, "__eq__": _eq}
