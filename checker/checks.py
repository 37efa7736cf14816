"""Writing an exercise check: the API a course's own `checks/` (or a package) is written with.

The engine holds the general checks (roles, message-equals, tool-result, protocol, equals,
json-schema, set-equals, in-order, each-field, choice, the Python run checks). A check that
serves one course's exercises lives with that course, in a `checks/` folder beside its
`course.yaml`:

    # checks/weather.py
    from checker.checks import JsonContext, Outcome, check, tr

    @check("mentions-city", kinds=("json",), params={
        "type": "object",
        "properties": {"city": {"type": "string"}},
        "required": ["city"],
        "additionalProperties": False,
    })
    def mentions_city(ctx: JsonContext, params) -> Outcome:
        \"\"\"The first user message names `params.city`.\"\"\"
        ...

Each module of the folder is imported when the course's exercises are first marked (it is
course code: tooltutor asks before it runs a course it does not trust, see
`tooltutor.trust`). An installed package adds checks for any course through the
entry-point group `tooltutor.checks` (an entry point names a module whose import registers
them). A course's check is found before an engine check of the same name. Where the
checks run in tooltutor's own process (the bundled course), a folder already imported whole
once is afterwards imported module by module, as marking asks for its checks
(`FolderChecks`, with the index `folder_index` made by that whole import).

`params`, a JSON Schema, is what `validate` holds each criterion's parameters to.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import threading
import types
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from checker import python_checks
from checker.answer_context import ChoiceContext, JsonContext, not_messages
from checker.check_registry import _TARGET, CHECKS, CheckSpec, Outcome, check
from checker.criteria import first_difference  # and registers the engine's checks
from checker.diagnostics import code, describe, diag, pointer, quote
from checker.i18n import tr, trn
from checker.json_checks import (
    canon,
    json_text,
    names,
    not_an_array,
    safe,
    same,
    upper,
    where,
)
from checker.jsonpointer import resolve as get_pointer

TYPE_CHECKING = False  # not `typing`'s: importing it would slow every start
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "CHECKS",
    "canon",
    "CheckSpec",
    "ChoiceContext",
    "JsonContext",
    "Outcome",
    "PythonContext",  # noqa: F822 (from checker.python_checks, on first use)
    "check",
    "code",
    "describe",
    "diag",
    "find",
    "first_difference",
    "folder_index",
    "FolderChecks",
    "get_pointer",
    "json_text",
    "lint_value",  # noqa: F822 (from checker.lint, on first use)
    "load_folder",
    "model_info",  # noqa: F822 (from checker.rules.anthropic.models, on first use)
    "names",
    "not_an_array",
    "not_messages",
    "pointer",
    "quote",
    "returned_reply",  # noqa: F822 (from checker.python_checks, on first use)
    "safe",
    "same",
    "thinking_default",  # noqa: F822 (from checker.rules.anthropic.models, on first use)
    "tool_rounds",  # noqa: F822 (from checker.python_checks, on first use)
    "tr",
    "trn",
    "upper",
    "validation_errors",  # noqa: F822 (from checker.schema_tools, on first use)
    "where",
]

ENTRY_POINT_GROUP = "tooltutor.checks"
_entry_points_loaded = False


def __getattr__(name: str) -> Any:
    # each on first use: a check that needs none of them loads neither the Python run
    # checks, nor the linter, nor jsonschema, nor the model table
    if name in ("PythonContext", "returned_reply", "tool_rounds"):
        return getattr(python_checks, name)
    if name == "lint_value":
        from checker.lint import lint_value

        return lint_value
    if name == "validation_errors":
        from checker.schema_tools import validation_errors

        return validation_errors
    if name in ("model_info", "thinking_default"):
        from checker.rules.anthropic import models

        return getattr(models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@contextlib.contextmanager
def _registering_into(registry: dict[str, CheckSpec]) -> Iterator[None]:
    _TARGET.append(registry)
    try:
        yield
    finally:
        _TARGET.pop()


def load_folder(
    folder: str | Path,
    modules: Iterable[str] | None = None,
    into: dict[str, CheckSpec] | None = None,
) -> dict[str, CheckSpec]:
    """Import a course's `checks/` folder; the checks its modules declare, by name.

    The folder is imported as a package of its own (`tooltutor_checks_<n>`), so two
    courses may both have a `checks/tools.py` and a module may import a sibling
    (`from ._helpers import ...`). Every module whose name does not start with `_` is
    imported, or only those named in `modules` (`FolderChecks` loads one at a time), and
    their checks go to `into` when given. An exception while importing is raised as is:
    the caller reports it as a problem of the course.
    """
    folder = Path(folder)
    registry: dict[str, CheckSpec] = {} if into is None else into
    if not folder.is_dir():
        return registry
    package = _package_of(folder)
    if package not in sys.modules:
        module = types.ModuleType(package, f"The checks of the course in {folder}.")
        module.__path__ = [str(folder)]
        sys.modules[package] = module
    stems = sorted(p.stem for p in folder.glob("*.py")) if modules is None else list(modules)
    with _registering_into(registry):
        for stem in stems:
            if stem.startswith("_") and modules is None:
                continue
            name = f"{package}.{stem}"
            sys.modules.pop(name, None)  # a changed file is read again
            try:
                importlib.import_module(name)
            except BaseException:
                sys.modules.pop(name, None)
                raise
    return registry


#: each folder's package name in this process, by its resolved path
_PACKAGES: dict[str, str] = {}
_PACKAGES_LOCK = threading.Lock()


def _package_of(folder: Path) -> str:
    """The package the modules of `folder` are imported under: one per folder (its resolved
    path) for the life of the process, numbered in the order they are first seen. Never
    the same for two folders, as a digest of the path could be, and found without
    importing hashlib (OpenSSL, ~3 ms at every start). Nothing keeps the name across
    processes (`folder_index` keeps module stems)."""
    key = str(folder.resolve())
    with _PACKAGES_LOCK:
        name = _PACKAGES.get(key)
        if name is None:
            name = _PACKAGES[key] = f"tooltutor_checks_{len(_PACKAGES)}"
        return name


def folder_index(folder: str | Path, registry: Mapping[str, CheckSpec]) -> dict[str, str]:
    """Check name -> the module of `folder` whose import declares it (its stem), for the
    checks of `registry` that `load_folder(folder)` gave: what `FolderChecks` reads."""
    prefix = _package_of(Path(folder)) + "."
    index = {}
    for name, spec in registry.items():
        module = getattr(spec.function, "__module__", "") or ""
        index[name] = module[len(prefix) :] if module.startswith(prefix) else ""
    return index


class FolderChecks(Mapping[str, CheckSpec]):
    """A course's `checks/` folder whose modules are imported one by one, as marking asks
    for their checks: marking one answer imports only the modules it needs.

    `index` (check name -> module stem, from `folder_index` of an earlier whole load of the
    same files) says which module declares what; a name it does not hold is not the
    course's. Iterating, or a check its module did not declare after all, loads them all.
    """

    def __init__(self, folder: str | Path, index: Mapping[str, str]) -> None:
        self.folder = Path(folder)
        self._index = dict(index)
        self._registry: dict[str, CheckSpec] = {}
        self._imported: set[str] = set()
        self._whole = False
        #: one import at a time (registering goes through a module-wide target stack)
        self._lock = threading.RLock()

    def load_all(self) -> None:
        with self._lock:
            if not self._whole:
                self._registry = load_folder(self.folder)
                self._whole = True

    def __getitem__(self, name: str) -> CheckSpec:
        if name not in self._index:
            raise KeyError(name)
        with self._lock:
            stem = self._index[name]
            if name not in self._registry and stem and stem not in self._imported:
                self._imported.add(stem)
                load_folder(self.folder, [stem], into=self._registry)
            if name not in self._registry:
                self.load_all()
            return self._registry[name]

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def __bool__(self) -> bool:  # `if checks:` must not load the folder
        return bool(self._index)

    def __iter__(self) -> Iterator[str]:
        self.load_all()
        return iter(self._registry)

    def __len__(self) -> int:
        self.load_all()
        return len(self._registry)


def _load_entry_points() -> None:
    """Import the modules installed packages register under `tooltutor.checks`, once."""
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    # on first use, not at import: importlib, array, base64, binascii, ... (63 modules)
    from importlib.metadata import entry_points

    for point in entry_points(group=ENTRY_POINT_GROUP):
        with contextlib.suppress(Exception):  # a broken plugin must not break marking
            point.load()


def find(name: str, course: Mapping[str, CheckSpec] | None = None) -> CheckSpec | None:
    """The check called `name`: the course's own first, then the engine's and the plugins'."""
    if course and name in course:
        return course[name]
    if name not in CHECKS:
        _load_entry_points()
    return CHECKS.get(name)
