"""The registry of exercise checks: `@check`, what a check returns, its params schema.

An exercise declares `criteria: [{check, label, id?, params?}]`. Each `check` names a
function registered with `@check(name, kinds)`; it receives a context (the learner's
parsed answer and what the exercise gives, see `checker.answer_context`) and its
`params`, and returns an `Outcome`: passed or not, a message in the learner's terms, and
optional diagnostics that point at the place in the answer to fix (their `rule` is the
criterion's id).

A string parameter `"$given/pointer"` stands for the value at that JSON pointer inside
the exercise's `given`, so a fixture is written once.

This module is below every module of checks: they import it, it imports none of them.
The engine's own checks are registered by importing them (`checker.criteria` does).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping

from checker.jsonpointer import resolve
from checker.records import field, record  # a dataclass, without its import cost
from checker.tuples import NamedTuple  # typing's, without its annotation checks (start-up)

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any

    # `checker.diagnostics` imports `checker.results`, which reads criterion ids from here:
    # the type is only named, never imported at run time, so no circle is made
    from checker.diagnostics import Diagnostic


@record
class Outcome:
    """What one criterion found."""

    passed: bool
    message: str = ""
    #: where to look; `rule` left empty is filled with the criterion's id
    diagnostics: list[Diagnostic] = field(default_factory=list)


class CheckSpec(NamedTuple):
    name: str
    function: Callable[..., Outcome]
    kinds: tuple[str, ...]
    doc: str
    #: JSON Schema of the check's `params` (None: not declared)
    params: Mapping[str, Any] | None = None
    #: a course's check: the course's `checks/` folder, whose `locales/<lang>.po` holds
    #: the translations of its messages (`checker.i18n.course_catalog`); None: the engine's
    catalog: str | None = None
    #: (file, line) of a check that runs elsewhere (a course's checks in their child): its
    #: `function` is only the parent's proxy
    defined_at: tuple[str, int] | None = None

    @property
    def origin(self) -> tuple[str, int]:
        """(file, line) where the check's function is defined."""
        if self.defined_at is not None:
            return self.defined_at
        code = _code_of(self.function)
        if code is None:
            return "<unknown>", 1
        return code.co_filename, code.co_firstlineno


#: the kinds of exercise a check may mark
KINDS = ("json", "python", "choice")
_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


#: check name -> its spec, for the engine's own checks. Filled by `@check` when
#: `checker.criteria` imports the engine's modules of checks. A course's own checks go
#: to its own registry (`checker.checks.load_folder`).
CHECKS: dict[str, CheckSpec] = {}
#: where `@check` registers: CHECKS, or the registry of the course folder being loaded
_TARGET: list[dict[str, CheckSpec]] = [CHECKS]


def check(
    name: str,
    kinds: tuple[str, ...] = ("json",),
    *,
    params: Mapping[str, Any] | None = None,
):
    """Register a marking function under `name` for exercises of the given kinds.

    `params` is the JSON Schema of the check's parameters: `validate` reports a criterion
    whose `params` break it at its file:line:col (an unknown key with "did you mean").
    A mistake in the declaration itself (a name that is not an id, a kind that does not
    exist, `params` that is not a schema object) raises `TypeError` or `ValueError` where
    the decorator stands, which `validate` reports at that file and line.
    """
    kinds = _checked_declaration(name, kinds, params)

    def register(function: Callable[..., Outcome]) -> Callable[..., Outcome]:
        if not callable(function):
            raise TypeError(f"@check({name!r}) must decorate a function")
        doc = (function.__doc__ or "").strip()
        catalog = None
        if _TARGET[-1] is not CHECKS:  # a course's checks/ folder: its catalog sits in it
            code = _code_of(function)
            catalog = os.path.dirname(code.co_filename) if code is not None else None
        _TARGET[-1][name] = CheckSpec(name, function, kinds, doc, params, catalog or None)
        return function

    return register


def _code_of(function: Any) -> Any:
    """The code of the function the author wrote, under wrappers such as `safe` (which
    keep it as `__wrapped__`); None if it has none."""
    seen = 0
    while hasattr(function, "__wrapped__") and seen < 20:
        function, seen = function.__wrapped__, seen + 1
    return getattr(function, "__code__", None)


def _checked_declaration(name: Any, kinds: Any, params: Any) -> tuple[str, ...]:
    """`kinds` as a tuple, once the declaration is one the engine can use."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(
            f"@check: the name {name!r} is not an id: use lower-case letters, digits and "
            "single dashes, like 'names-city'"
        )
    if isinstance(kinds, str):  # kinds="python": one kind, not its letters
        kinds = (kinds,)
    kinds = tuple(kinds)
    unknown = [k for k in kinds if k not in KINDS]
    if unknown or not kinds:
        raise ValueError(
            f"@check({name!r}): kinds={kinds!r}; each kind is one of {', '.join(KINDS)}, "
            'as in kinds=("json",)'
        )
    if params is not None and not isinstance(params, Mapping):
        raise TypeError(
            f"@check({name!r}): params= is the JSON Schema of the parameters, an object "
            'like {"type": "object", "properties": {...}}, not ' + type(params).__name__
        )
    return kinds


def resolve_given(value: Any, given: Any) -> Any:
    """Replace every `"$given/pointer"` string inside `value` by that part of `given`."""
    if isinstance(value, str) and value.startswith("$given"):
        return resolve(given, value[len("$given") :])
    if isinstance(value, list):
        return [resolve_given(v, given) for v in value]
    if isinstance(value, dict):
        return {k: resolve_given(v, given) for k, v in value.items()}
    return value


def params_schema(properties: Mapping[str, Any], required: tuple[str, ...] = ()) -> dict:
    """The JSON Schema of a check's `params`: these keys, no others."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": dict(properties),
        "additionalProperties": False,
    }
    if required:
        schema["required"] = list(required)
    return schema


#: pieces the engine's params schemas share
POINTER = {"type": "string", "description": "a JSON pointer into the answer, '' for all of it"}
INDEX = {"type": "integer", "description": "a message index; negative counts from the end"}
WORDS = {"type": "string", "description": "what the learner reads this as, in words"}
NO_PARAMS = params_schema({})
