"""A course's own checks, run in a contained child: records in, findings out.

`CheckHost(sources, shown_as, catalogs)` starts one child (`checker.course_checks_child`)
under the same containment as learner code (`checker.sandbox.contain`): no network, no
home folder, no progress database, no file of the course. The child imports the course's
`checks/` from the snapshot it is sent, and says which checks it declares; `specs()` gives
them as `CheckSpec`s whose function sends the context of one answer (data the parent
made: the parsed answer, the chosen options, the report of the runs it recorded) and
gets back an `Outcome` as data, checked here before use. A check that raises, or a child
that stops answering, raises `CheckFailed`: the criterion runner makes it an `error`. A
check's own bug comes back as a `CheckFault` (file and line in the course's `checks/`, as
the author knows them, with the traceback), exactly as for a check run in this process.
The checks' catalogs (`checks/locales/<tag>.po`) are data: read here, their messages handed over.

One child serves every check of one course's snapshot for the life of the process (the
TUI, `watch`, a `validate`), one request at a time; it is started again after a failure.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Mapping
from typing import Any

from checker.check_registry import CheckSpec, Outcome
from checker.diagnostics import SEVERITIES, Diagnostic
from checker.i18n import current_tag
from checker.po_catalog import catalogs_data
from checker.sandbox import contain
from checker.sandbox.protocol import LineReader, ProtocolError, decode, encode, write_all

#: seconds one check may take before its child is stopped
CHECK_SECONDS = 20.0
#: seconds the child may take to import the course's checks
LOAD_SECONDS = 30.0
#: the child's limits (a long-lived process: CPU for every check it will run)
LIMITS = {
    "cpu_s": 600,
    "memory_bytes": 1024 * 1024 * 1024,
    "file_bytes": 16 * 1024 * 1024,
    "flood_chars": 1 << 20,
}


class CheckFailed(Exception):
    """A course check raised, or its child failed; `str()` says where and why. `fault` is
    the check's own bug as the child found it (`CheckFault`: file, line, traceback), or
    None when the child itself failed."""

    def __init__(self, why: str, fault: Any = None) -> None:
        super().__init__(why)
        self.fault = fault


class ChecksNotLoaded(Exception):
    """The course's `checks/` could not be imported; `str()` is `checks/x.py:12: ...`.
    `problem` is (file, line, column, message, traceback lines), as
    `checker.checks_import.import_problem` gives, or None."""

    def __init__(self, why: str, problem: tuple | None = None) -> None:
        super().__init__(why)
        self.problem = problem


class CheckHost:
    """One contained child holding one course's checks (see the module docstring)."""

    def __init__(
        self,
        sources: Mapping[str, str],
        shown_as: str,
        catalogs: Mapping[str, str] | None = None,
    ) -> None:
        self.sources = dict(sources)
        self.shown_as = shown_as
        self.catalogs = dict(catalogs or {})
        self._lock = threading.Lock()
        self._proc: subprocess.Popen | None = None
        self._tmp: tempfile.TemporaryDirectory | None = None
        self._declared: dict[str, dict[str, Any]] | None = None
        atexit.register(self.close)

    # -- the checks ---------------------------------------------------------------------

    def specs(self) -> dict[str, CheckSpec]:
        """The checks the course declares, each run in the child. Raises ChecksNotLoaded."""
        with self._lock:
            if self._declared is None:
                self._start()
            declared = self._declared or {}
        return {
            name: CheckSpec(
                name,
                self._proxy(name),
                tuple(str(k) for k in info.get("kinds") or ()),
                str(info.get("doc") or ""),
                info.get("params") if isinstance(info.get("params"), dict) else None,
                defined_at=_origin(info.get("origin"), self.shown_as),
            )
            for name, info in declared.items()
        }

    def _proxy(self, name: str):
        def run(ctx: Any, params: Mapping[str, Any]) -> Outcome:
            return self.run(name, ctx, params)

        run.__name__ = run.__qualname__ = f"course check {name}"
        return run

    def run(self, name: str, ctx: Any, params: Mapping[str, Any]) -> Outcome:
        """The Outcome of the course's check `name` on `ctx`, from the child."""
        request = {
            "name": name,
            "context": context_data(ctx),
            "params": params,
            "language": current_tag(),
        }
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._start()
            try:
                answer = self._ask(request, CHECK_SECONDS)
            except (ProtocolError, OSError, TimeoutError) as exc:
                self._stop()
                raise CheckFailed(f"the course's checks stopped answering ({exc})") from None
        fault = self._fault(answer.get("fault"))
        if answer.get("op") == "raised":
            raise CheckFailed(str(answer.get("error")))
        if answer.get("op") == "faulted":
            if fault is None:
                raise CheckFailed(f"the course's check {name} failed")
            raise CheckFailed(fault.error, fault)
        outcome = outcome_from(answer)
        if fault is not None:  # caught inside the check (`safe`): its author sees it
            outcome.raised = CheckFailed(fault.error, fault)  # type: ignore[attr-defined]
        return outcome

    def _fault(self, data: Any):
        """The child's `CheckFault`, its engine paths shown as they are here."""
        # on first use, not at import: checker.criterion_run, checker.criterion_id (2 modules)
        from checker.criterion_run import CheckFault

        fault = CheckFault.from_dict(data)
        if fault is None:
            return None
        shown = {**self._engine_paths(), **_engine_itself()}
        return CheckFault(
            fault.check,
            _known(fault.file, shown),
            fault.line,
            fault.error,
            _known(fault.traceback, shown),
        )

    @staticmethod
    def _engine_paths() -> dict[str, str]:
        """The engine's dependencies as the child sees them -> where they are here."""
        return {
            f"{contain.ENGINE_MOUNT}/{name}": path
            for name, path in contain.dependency_dirs().items()
        }

    # -- the child --------------------------------------------------------------------

    def _start(self) -> None:
        self._stop()
        self._tmp = tempfile.TemporaryDirectory(prefix="tooltutor-checks-")
        work = os.path.join(self._tmp.name, "work")
        os.mkdir(work, 0o700)
        uid = contain.child_uid()
        if uid is not None:
            os.chown(work, uid, uid)
        to_child_r, to_child_w = os.pipe()
        from_child_r, from_child_w = os.pipe()
        shown = self._engine_paths()
        main = f"from checker.course_checks_child import main; main({to_child_r}, {from_child_w})"
        env = {
            "PATH": os.defpath,
            "HOME": work,
            "TMPDIR": work,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
        }
        argv = contain.command(
            main,
            work=work,
            files={},
            disk_bytes=16 << 20,
            env=env,
            shown=shown,
            keep_fds=(to_child_r, from_child_w),
            site=True,
        )
        try:
            self._proc = subprocess.Popen(
                argv,
                cwd=work,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env=env,
                pass_fds=(to_child_r, from_child_w),
                start_new_session=True,
            )
        finally:
            os.close(to_child_r)
            os.close(from_child_w)
        self._write, self._reader = to_child_w, LineReader(from_child_r)
        config = {
            "sources": self.sources,
            "shown_as": self.shown_as,
            "catalogs": catalogs_data(self.catalogs),
            "uid": uid if uid is not None else -1,
            "limits": {**LIMITS, "processes": contain.process_limit()},
        }
        try:
            answer = self._ask(config, LOAD_SECONDS)
        except (ProtocolError, OSError, TimeoutError) as exc:
            said = self._stderr()
            self._stop()
            why = f"{self.shown_as}: the checks could not start ({said or exc})"
            raise ChecksNotLoaded(why) from None
        if answer.get("op") == "load-error":
            self._stop()
            shown = {**self._engine_paths(), **_engine_itself()}
            problem = _problem(answer.get("problem"), shown)
            raise ChecksNotLoaded(str(answer.get("where")), problem)
        declared = answer.get("checks")
        if answer.get("op") != "loaded" or not isinstance(declared, dict):
            self._stop()
            raise ChecksNotLoaded(f"{self.shown_as}: the checks' process answered nonsense")
        self._declared = {str(k): v for k, v in declared.items() if isinstance(v, dict)}

    def _ask(self, message: dict[str, Any], seconds: float) -> dict[str, Any]:
        write_all(self._write, encode(message))
        deadline = time.monotonic() + seconds
        while True:
            if self._reader.buffer.find(b"\n") >= 0:
                return decode(self._reader.read_line())
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no answer within {seconds:g} seconds")
            ready, _, _ = select.select([self._reader.fd], [], [], left)
            if ready:
                lines = self._reader.feed()
                if lines:
                    self._reader.buffer[:0] = b"\n".join(lines) + b"\n"
                elif self._reader.closed:
                    raise ProtocolError("the checks' process ended")

    def _stderr(self) -> str:
        proc = self._proc
        if proc is None or proc.stderr is None:
            return ""
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=2)
        if proc.poll() is None:
            return ""
        return proc.stderr.read(4000).decode("utf-8", "replace").strip()

    def _stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            if contain.current().kind == "namespaces" and proc.poll() is None:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(proc.pid, signal.SIGTERM)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=1)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            proc.wait()
            if proc.stderr is not None:
                proc.stderr.close()
            for fd in (
                getattr(self, "_write", None),
                getattr(getattr(self, "_reader", None), "fd", None),
            ):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stop()


def _origin(data: Any, shown_as: str) -> tuple[str, int]:
    """Where the child says a check is defined: a file of the course's `checks/`."""
    if (
        isinstance(data, list)
        and len(data) == 2
        and isinstance(data[0], str)
        and isinstance(data[1], int)
    ):
        return data[0], data[1]
    return shown_as, 1


def _engine_itself() -> dict[str, str]:
    """The engine's folder as the child sees it -> where it is here."""
    return {f"{contain.ENGINE_MOUNT}/checker": contain.engine_dir()}


def _known(text: str, shown: Mapping[str, str]) -> str:
    """`text` with the engine's paths inside the child replaced by the real ones."""
    for inside, real in shown.items():
        text = text.replace(inside, real)
    return text


def _problem(data: Any, shown: Mapping[str, str]) -> tuple | None:
    """The child's account of an import that failed, checked: (file, line, column,
    message, traceback lines), or None."""
    if not isinstance(data, dict):
        return None
    file, line, column = data.get("file"), data.get("line"), data.get("column")
    message, details = data.get("message"), data.get("details")
    if not (
        isinstance(file, str)
        and isinstance(message, str)
        and all(isinstance(n, int) and not isinstance(n, bool) for n in (line, column))
        and isinstance(details, list)
        and all(isinstance(d, str) for d in details)
    ):
        return None
    return file, max(line, 1), max(column, 1), message, tuple(_known(d, shown) for d in details)


def context_data(ctx: Any) -> dict[str, Any]:
    """The data of an answer's context that a check reads (see `course_checks_child.context`)."""
    # on first use, not at import: checker.answer_context (1 module)
    from checker.answer_context import ChoiceContext, JsonContext

    if isinstance(ctx, JsonContext):
        return {
            "kind": "json",
            "value": ctx.value,
            "given": ctx.given,
            "api": ctx.api,
            "model": ctx.model,
        }
    if isinstance(ctx, ChoiceContext):
        return {"kind": "choice", "choices": ctx.choices, "chosen": ctx.chosen}
    # on first use, not at import: checker.python_checks (1 module)
    from checker.python_checks import PythonContext

    if isinstance(ctx, PythonContext):
        return {"kind": "python", "report": ctx.report.to_dict(), "exercise": dict(ctx.exercise)}
    raise TypeError(f"no course check reads a {type(ctx).__name__}")


def outcome_from(answer: Mapping[str, Any]) -> Outcome:
    """The child's answer as an Outcome, checked: anything malformed is a CheckFailed."""
    passed, message = answer.get("passed"), answer.get("message")
    found = answer.get("diagnostics")
    if (
        answer.get("op") != "outcome"
        or not isinstance(passed, bool)
        or not isinstance(message, str)
    ):
        raise CheckFailed("the course's check answered with something that is not an Outcome")
    if not isinstance(found, list):
        raise CheckFailed("the course's check answered with malformed diagnostics")
    diagnostics = []
    for d in found:
        if not (
            isinstance(d, dict)
            and isinstance(d.get("rule"), str)
            and d.get("severity") in SEVERITIES
            and isinstance(d.get("path"), str)
            and isinstance(d.get("message"), str)
            and isinstance(d.get("hint", ""), str)
            and all(isinstance(d.get(k), (int, type(None))) for k in ("line", "column"))
        ):
            raise CheckFailed("the course's check answered with a malformed diagnostic")
        diagnostics.append(
            Diagnostic(
                d["rule"],
                d["severity"],
                d["path"],
                d["message"],
                d.get("hint", ""),
                d.get("line"),
                d.get("column"),
            )
        )
    return Outcome(passed, message, diagnostics)
