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
them). A course's check is found before an engine check of the same name.

`params`, a JSON Schema, is what `validate` holds each criterion's parameters to.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

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
        from checker import python_checks

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


def load_folder(folder: str | Path) -> dict[str, CheckSpec]:
    """Import a course's `checks/` folder; the checks its modules declare, by name.

    The folder is imported as a package of its own (`tooltutor_checks_<hash>`), so two
    courses may both have a `checks/tools.py` and a module may import a sibling
    (`from ._helpers import ...`). Every module whose name does not start with `_` is
    imported. An exception while importing is raised as is: the caller reports it as a
    problem of the course.
    """
    import types

    folder = Path(folder)
    registry: dict[str, CheckSpec] = {}
    if not folder.is_dir():
        return registry
    tag = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:12]
    package = f"tooltutor_checks_{tag}"
    if package not in sys.modules:
        module = types.ModuleType(package, f"The checks of the course in {folder}.")
        module.__path__ = [str(folder)]
        sys.modules[package] = module
    with _registering_into(registry):
        for path in sorted(folder.glob("*.py")):
            if path.stem.startswith("_"):
                continue
            name = f"{package}.{path.stem}"
            sys.modules.pop(name, None)  # a changed file is read again
            try:
                importlib.import_module(name)
            except BaseException:
                sys.modules.pop(name, None)
                raise
    return registry


def _load_entry_points() -> None:
    """Import the modules installed packages register under `tooltutor.checks`, once."""
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
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
