"""A package's public names, each imported from its module on first use (PEP 562), so
that importing the package loads none of its modules."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


def lazy_exports(
    package: str, homes: Mapping[str, str], namespace: dict[str, Any]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The `__getattr__` and `__dir__` of `package`: `homes` maps each public name to the
    module (under `package`) that owns it; a name, once found, is kept in `namespace`."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted([*namespace, *homes])

    return __getattr__, __dir__
