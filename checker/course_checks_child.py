"""The child that runs a course's own checks: records in, findings out.

`main(read_fd, write_fd)` reads the course's `checks/` as the parent hashed it when the
course was trusted (file name -> source text: never the folder itself, which this
process cannot see), imports it from memory as one package, reports the checks it
declares (name, kinds, params schema), then answers one request at a time: a check's
name, the answer's context as data (the parsed JSON answer, the chosen options, or the
report of the Python runs the parent recorded), the criterion's params; back comes the
check's `Outcome` as data, or the exception it raised. Nothing but Python source of that
snapshot is importable from the course: no compiled module, no extension, no `.pth`.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import linecache
import os
import sys
import traceback
import types
from typing import Any

from checker.i18n import set_language
from checker.sandbox.child.harness import drop_root, set_limits
from checker.sandbox.protocol import LineReader, decode, encode, write_all

#: the name the course's `checks/` is imported as
PACKAGE = "tooltutor_course_checks"
#: the end of a check's traceback that is sent back (the innermost frames)
TRACEBACK_CHARS = 20_000


class SnapshotImporter(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports `PACKAGE` and its modules from `sources` (path in `checks/` -> text)."""

    def __init__(self, sources: dict[str, str], shown_as: str) -> None:
        self.sources = sources
        self.shown_as = shown_as.rstrip("/")

    def _where(self, fullname: str) -> tuple[str, bool] | None:
        """(file in the snapshot, is a package) for `fullname`, or None."""
        if fullname == PACKAGE:
            return "__init__.py", True
        if not fullname.startswith(PACKAGE + "."):
            return None
        rel = fullname[len(PACKAGE) + 1 :].replace(".", "/")
        if f"{rel}/__init__.py" in self.sources or any(
            key.startswith(rel + "/") for key in self.sources
        ):
            return f"{rel}/__init__.py", True
        if f"{rel}.py" in self.sources:
            return f"{rel}.py", False
        return None

    def find_spec(self, fullname: str, path: Any = None, target: Any = None):
        found = self._where(fullname)
        if found is None:
            return None
        rel, package = found
        spec = importlib.machinery.ModuleSpec(
            fullname, self, origin=f"{self.shown_as}/{rel}", is_package=package
        )
        if package:
            spec.submodule_search_locations = []
        spec.has_location = True
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        rel = module.__spec__.origin[len(self.shown_as) + 1 :]
        module.__file__ = module.__spec__.origin
        source = self.sources.get(rel, "")
        # a traceback shows the course's lines though this process cannot read its files
        linecache.cache[module.__file__] = (
            len(source),
            None,
            source.splitlines(keepends=True),
            module.__file__,
        )
        exec(compile(source, module.__file__, "exec", dont_inherit=True), module.__dict__)


def where(exc: BaseException, shown_as: str) -> str:
    """`checks/tools.py:12: NameError: ...`: the frame of the course's file that failed."""
    name = f"{type(exc).__name__}: {exc}"
    if isinstance(exc, SyntaxError) and exc.filename:
        return f"{exc.filename}:{exc.lineno}:{exc.offset or 1}: {name}"
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.startswith(shown_as)]
    if frames:
        return f"{frames[-1].filename}:{frames[-1].lineno}: {name}"
    return f"{shown_as}: {name}"


def problem(exc: BaseException, shown_as: str) -> dict[str, Any]:
    """Where importing the checks failed, as data: the course file's line and column, what
    to do, the course's part of the traceback (`checker.checks_import`)."""
    # on first use, not at import: checker.checks_import (1 module)
    from checker.checks_import import import_problem

    path, line, column, message, details = import_problem(exc, shown_as)
    return {
        "file": str(path),
        "line": line,
        "column": column,
        "message": message,
        "details": [str(d)[:2000] for d in details],
    }


def provide_catalogs(catalogs: Any, shown_as: str) -> None:
    """The course's catalogs as the parent read them (tag -> translated messages), for
    `tr` while a check runs: this process cannot read `checks/locales/` itself."""
    # on first use, not at import: checker.po_catalog, ast, dataclasses, dis, ... (8 modules)
    from checker.po_catalog import Entry, PoCatalog, provide

    for tag, data in (catalogs or {}).items():
        catalog = PoCatalog(plural_forms=str(data.get("plural_forms") or ""))
        for msgid, entry in (data.get("entries") or {}).items():
            plural = entry.get("plural")
            strings = [str(x) for x in entry.get("strings") or ()]
            catalog.entries[str(msgid)] = Entry(str(msgid), plural, strings)
        provide(shown_as, str(tag), catalog)


def load(sources: dict[str, str], shown_as: str) -> dict[str, Any]:
    """Import every module of the snapshot whose name does not start with `_`; the checks
    they declare, by name."""
    # on first use, not at import: checker.checks, checker.answer_context, ... (24 modules)
    from checker.checks import _registering_into

    sys.meta_path.insert(0, SnapshotImporter(sources, shown_as))
    registry: dict[str, Any] = {}
    with _registering_into(registry):
        importlib_import = __import__("importlib").import_module
        importlib_import(PACKAGE)
        for rel in sorted(sources):
            if "/" in rel or not rel.endswith(".py") or rel.startswith("_"):
                continue
            importlib_import(f"{PACKAGE}.{rel[:-3]}")
    return registry


def context(data: dict[str, Any]) -> Any:
    """The check's context rebuilt from the data the parent sent."""
    kind = data.get("kind")
    if kind == "json":
        # on first use, not at import: checker.answer_context, checker.exercise, ... (16 modules)
        from checker.answer_context import JsonContext
        from checker.exercise import answer_linter

        api, model = data.get("api") or "anthropic", data.get("model")
        return JsonContext(
            data.get("value"), data.get("given"), api, model, answer_linter(api, model)
        )
    if kind == "choice":
        # on first use, not at import: checker.answer_context, ... (12 modules)
        from checker.answer_context import ChoiceContext

        return ChoiceContext(list(data.get("choices") or []), list(data.get("chosen") or []))
    if kind == "python":
        # on first use, not at import: checker.python_checks, checker.sandbox, ... (13 modules)
        from checker.python_checks import PythonContext
        from checker.sandbox.report import RunReport

        return PythonContext(RunReport.from_dict(data["report"]), data.get("exercise") or {})
    raise ValueError(f"unknown context {kind!r}")


def answer(spec: Any, ctx: Any, params: Any) -> dict[str, Any]:
    """The check's outcome, or its fault, as data (`checker.criterion_run.call_check`: the
    same faults as a check run in the parent's process)."""
    # on first use, not at import: checker.criterion_run, checker.check_registry, ... (13 modules)
    from checker.criterion_run import call_check, raised_fault

    try:
        outcome, fault = call_check(spec, ctx, params)
    except BaseException as exc:  # noqa: BLE001 - sys.exit() in a check is its bug too
        outcome, fault = None, raised_fault(spec, exc)
    found = fault.to_dict() if fault is not None else None
    if found is not None:
        found["traceback"] = found["traceback"][-TRACEBACK_CHARS:]
    if outcome is None:
        return {"op": "faulted", "fault": found}
    return {
        "op": "outcome",
        "passed": bool(outcome.passed),
        "message": str(outcome.message),
        "diagnostics": [d.to_dict() for d in outcome.diagnostics],
        "fault": found,
    }


def main(read_fd: int, write_fd: int) -> None:
    """Serve the parent until it closes the channel (see the module docstring)."""
    reader = LineReader(read_fd)

    def send(message: dict[str, Any]) -> None:
        write_all(write_fd, encode(message))

    config = decode(reader.read_line())
    set_limits(config["limits"])
    drop_root(config.get("uid", -1))

    shown_as = str(config["shown_as"]).rstrip("/")
    try:
        checks = load(dict(config["sources"]), shown_as)
    except BaseException as exc:  # noqa: BLE001 - the course's fault, said where
        try:
            found = problem(exc, shown_as)
        except Exception:  # noqa: BLE001 - the one line below still says where
            found = None
        send({"op": "load-error", "where": where(exc, shown_as)[:4000], "problem": found})
        os._exit(0)
    provide_catalogs(config.get("catalogs"), shown_as)
    send(
        {
            "op": "loaded",
            "checks": {
                name: {
                    "kinds": list(spec.kinds),
                    "doc": spec.doc or "",
                    "params": spec.params,
                    "origin": list(spec.origin),
                }
                for name, spec in checks.items()
            },
        }
    )
    while True:
        try:
            request = decode(reader.read_line())
        except Exception:  # noqa: BLE001 - the parent closed the channel: done
            os._exit(0)
        set_language(request.get("language"))
        try:
            spec = checks[request["name"]]
            send(answer(spec, context(request["context"]), request["params"]))
        except BaseException as exc:  # noqa: BLE001 - a failed check is an error verdict
            send({"op": "raised", "error": where(exc, shown_as)[:4000]})
