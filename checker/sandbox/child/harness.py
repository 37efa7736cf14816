"""The child process: one run of the learner's entry function, talking to the parent.

`main(read_fd, write_fd)` reads its configuration from the parent (first line of the
channel), sets its limits, gives up root if it has it, installs the explaining audit hook,
loads the learner's file, calls the entry once with a `ProxyClient` and a `RunTool`, and
tells the parent how it ended: `done` (returned or raised) or `stop` (could not go on, and
where). The script, the tool results and every record stay in the parent; this process
holds only the learner's code and the arguments of its one run.

In reference mode (`config["mode"] == "reference"`) no learner code is loaded: the
exercise's support code is imported and `support.expected(**arguments)` computed for every
planned run, so the key the criteria compare with is never made where learner code runs.

The process always ends with `os._exit`, so neither leftover threads nor `atexit` handlers
of the learner's code can hold it up.
"""

from __future__ import annotations

import contextlib
import difflib
import io
import os
import signal
import sys
import time
import types
from collections.abc import Callable, Mapping
from typing import Any

from checker.i18n import preload_catalog, set_language, tr
from checker.sandbox.child import sdk
from checker.sandbox.child.client import ProxyClient, RunTool
from checker.sandbox.child.guards import install_guards
from checker.sandbox.protocol import LineReader, decode, encode, write_all

SUPPORT_PREFIX = "$support."
#: the uid and gid a child started as root runs as (nobody)
NOBODY = 65534


def support_value(support: types.ModuleType | None, name: str) -> Any:
    """`support.NAME`, or what `support.NAME()` returns when `name` ends with "()"."""
    call = name.endswith("()")
    attr = name[:-2] if call else name
    if support is None:
        raise LookupError(f"'$support.{name}' is used but the exercise has no support code")
    if not hasattr(support, attr):
        raise LookupError(f"the support code defines no {attr!r}")
    value = getattr(support, attr)
    return value() if call else value


class _Stream(io.TextIOBase):
    """`sys.stdout` / `sys.stderr`: straight to file descriptor 1, counted for floods."""

    encoding = "utf-8"
    errors = "replace"

    def __init__(self, harness: Harness, name: str) -> None:
        super().__init__()
        self._harness = harness
        self.name = name
        self.buffer = _BinaryStream(self)

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._harness.output(text)
        return len(text)

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False


class _BinaryStream(io.RawIOBase):
    def __init__(self, text: _Stream) -> None:
        super().__init__()
        self._text = text

    def write(self, data: Any) -> int:
        data = bytes(data)
        self._text.write(data.decode("utf-8", "replace"))
        return len(data)

    def writable(self) -> bool:
        return True


class Harness:
    """One child: the channel to the parent, the learner's file, one call of its entry."""

    def __init__(self, read_fd: int, write_fd: int) -> None:
        self.reader = LineReader(read_fd)
        self.write_fd = write_fd
        self.config: dict[str, Any] = {}
        self.limits: dict[str, Any] = {}
        self.path = ""
        self.display = "solution.py"
        self.printed = 0
        self.finishing = False
        self.reserve: bytearray | None = None
        self.source_lines: list[str] = []
        self.support: types.ModuleType | None = None

    # -- the channel ---------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> Any:
        """Send one message; wait for the answer of those that take one."""
        write_all(self.write_fd, encode(message))
        op = message["op"]
        if op == "tool" or (op == "create" and message.get("unencodable") is None):
            return decode(self.reader.read_line())
        return None

    def stop(self, status: str, detail: Mapping[str, Any] | None = None) -> None:
        """Tell the parent why the run cannot go on, and end the process. Never returns."""
        self._end({"op": "stop", "status": status, "detail": dict(detail or {})})

    def done(self, returned: Any, exception: Any, arguments: dict[str, Any]) -> None:
        self._end(
            {"op": "done", "returned": returned, "exception": exception, "arguments": arguments}
        )

    def _end(self, message: dict[str, Any]) -> None:
        if self.finishing:  # another path got here first: wait for it to exit
            while True:
                signal.pause()  # pragma: no cover
        self.finishing = True
        signal.setitimer(signal.ITIMER_REAL, 0)
        self.reserve = None
        try:
            write_all(self.write_fd, encode(message))
        except BaseException:
            os._exit(71)
        os._exit(0)

    # -- output --------------------------------------------------------------------------

    def output(self, text: str) -> None:
        self.printed += len(text)
        data = text.encode("utf-8", "replace")
        with contextlib.suppress(OSError):  # the parent stopped reading
            write_all(1, data)
        if self.printed > self.limits["flood_chars"]:
            stuck = self.frames_from_stack(sys._getframe())
            self.stop("output-flood", {"printed": self.printed, "stuck_at": stuck})

    # -- the learner's frames --------------------------------------------------------------

    def _frame(self, code: Any, line: int | None) -> dict[str, Any]:
        text = ""
        if line and 0 < line <= len(self.source_lines):
            text = self.source_lines[line - 1].strip()
        return {"file": self.display, "line": line, "function": code.co_name, "code": text}

    def frames_from_traceback(self, tb: Any) -> list[dict[str, Any]]:
        frames = []
        while tb is not None:
            code = tb.tb_frame.f_code
            if code.co_filename == self.path:
                frames.append(self._frame(code, tb.tb_lineno))
            tb = tb.tb_next
        return collapse(frames)

    def frames_from_stack(self, frame: Any) -> list[dict[str, Any]]:
        frames = []
        while frame is not None:
            if frame.f_code.co_filename == self.path:
                frames.append(self._frame(frame.f_code, frame.f_lineno))
            frame = frame.f_back
        frames.reverse()
        return collapse(frames)

    def describe(self, exc: BaseException) -> dict[str, Any]:
        try:
            message = str(exc)
        except Exception:
            message = f"<{type(exc).__name__} whose message could not be shown>"
        if len(message) > 4000:
            message = message[:4000] + " ..."
        frames = self.frames_from_traceback(exc.__traceback__)
        name = type(exc).__name__
        return {
            "type": name,
            "message": message,
            "frames": frames,
            "text": format_exception_text(name, message, frames),
        }

    # -- the run ---------------------------------------------------------------------------

    def main(self) -> None:
        self.config = decode(self.reader.read_line())
        self.limits = dict(self.config["limits"])
        set_limits(self.limits)
        drop_root(self.config.get("uid", NOBODY))
        set_language(self.config.get("language"))
        preload_catalog()
        self.path = self.config["source_path"]
        self.display = self.config["display_name"]
        if self.config.get("mode") == "reference":
            self.reference()
        client = ProxyClient(self.send)
        run_tool = RunTool(self.send)
        install_anthropic_module()
        sys.stdout = sys.__stdout__ = _Stream(self, "<stdout>")  # type: ignore[misc]
        sys.stderr = sys.__stderr__ = _Stream(self, "<stderr>")  # type: ignore[misc]
        sys.stdin = sys.__stdin__ = io.StringIO("")  # type: ignore[misc]
        sys.argv = [self.display]
        with open(self.path, encoding="utf-8") as handle:
            source = handle.read()
        self.source_lines = source.splitlines()
        code = compile(source, self.path, "exec", dont_inherit=True)
        if self.config.get("explain", True):
            install_guards(self.config["work_dir"])
        sys.dont_write_bytecode = True
        signal.signal(signal.SIGALRM, self._on_deadline)
        remaining = self.config["deadline"] - time.time()
        signal.setitimer(signal.ITIMER_REAL, max(remaining, 0.01))
        self.reserve = bytearray(4 * 1024 * 1024)
        if self.config.get("support_path"):
            self.support = self._import_support(self.config["support_path"])
        name = self.config["module_name"]
        module = types.ModuleType(name if name not in sys.modules else "solution")
        module.__file__ = self.path
        sys.modules[module.__name__] = module
        outcome = self._call(lambda: exec(code, module.__dict__))
        if outcome is not None:
            kind, detail = outcome
            if kind == "exception":
                detail.pop("binding", None)
                self.stop("import-error", {"exception": detail})
            self.stop(kind, detail)
        function = module.__dict__.get(self.config["entry"])
        problem = self._check_entry(module, function)
        if problem is not None:
            self.stop("missing-entry", problem)
        special = {"$client": client, "$run_tool": run_tool}
        kwargs = self._arguments(self.config["call"], special)
        before = argument_states(kwargs, self.config["call"])
        returned: Any = None
        outcome = self._call(lambda: function(**kwargs))
        if outcome is None:
            returned = self._returned
            exception = None
        else:
            kind, detail = outcome
            if kind != "exception":
                self.stop(kind, detail)
            if detail.pop("binding", False):
                self.stop("missing-entry", self._signature_problem(function, detail))
            exception = detail
        after = argument_states(kwargs, self.config["call"])
        self.done(returned, exception, {"before": before, "after": after})

    def reference(self) -> None:
        """Reference mode: the support code's key for each planned run, and nothing else.

        Each run gets the support module afresh, as each learner's run does in its own
        process, so a key never depends on the runs before it.
        """
        signal.signal(signal.SIGALRM, self._on_deadline)
        signal.setitimer(signal.ITIMER_REAL, max(self.config["deadline"] - time.time(), 0.01))
        os.chdir(self.config["work_dir"])
        keys, arguments = [], []
        for call in self.config["calls"]:
            self.support = self._import_support(self.config["support_path"])
            expected = getattr(self.support, "expected", None)
            try:
                kwargs = self._arguments(call, {"$client": None, "$run_tool": None})
                arguments.append(argument_states(kwargs, call))
                keys.append(sdk.to_jsonable(expected(**kwargs)) if callable(expected) else None)
            except BaseException as exc:
                self.stop("internal-error", {"message": f"support code failed: {exc!r}"[:2000]})
        self._end({"op": "expected", "runs": keys, "arguments": arguments})

    def _arguments(self, call: Mapping[str, Any], special: dict[str, Any]) -> dict[str, Any]:
        """The entry's arguments: `$client`, `$run_tool` and `$support.NAME` resolved."""
        out = {}
        try:
            for key, value in call.items():
                if isinstance(value, str) and value.startswith(SUPPORT_PREFIX):
                    value = support_value(self.support, value[len(SUPPORT_PREFIX) :])
                elif isinstance(value, str):
                    value = special.get(value, value)
                out[key] = value
        except BaseException as exc:  # an author's mistake, or the support code failing
            self.stop("internal-error", {"message": f"support code failed: {exc!r}"[:2000]})
        return out

    def _import_support(self, path: str) -> types.ModuleType:
        """Import the exercise's support code as the module `support` (a failure is ours)."""
        # on first use, not at import: importlib (2 modules)
        import importlib.util

        try:
            spec = importlib.util.spec_from_file_location("support", path)
            module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
            sys.modules["support"] = module
            spec.loader.exec_module(module)  # type: ignore[union-attr]
        except BaseException as exc:
            self.stop("internal-error", {"message": f"support code failed: {exc!r}"[:2000]})
        return module

    _returned: Any = None

    def _call(self, action: Callable[[], Any]) -> Any:
        """Run learner code. None when it returned; else (kind, detail)."""
        try:
            value = action()
        except MemoryError as exc:
            self.reserve = None
            return "memory", {"exception": self.describe(exc)}
        except SystemExit as exc:
            return "crashed", {
                "how": "sys.exit",
                "code": sdk.to_jsonable(exc.code),
                "exception": self.describe(exc),
            }
        except BaseException as exc:
            described = self.describe(exc)
            # A TypeError with no frame of the learner's: the call itself did not bind.
            if isinstance(exc, TypeError) and not described["frames"]:
                described["binding"] = True
            return "exception", described
        self._returned = sdk.to_jsonable(value)
        return None

    def _check_entry(self, module: types.ModuleType, function: Any) -> dict[str, Any] | None:
        defined = sorted(
            name
            for name, value in vars(module).items()
            if isinstance(value, types.FunctionType) and value.__module__ == module.__name__
        )
        if function is None:
            close = difflib.get_close_matches(self.config["entry"], defined, n=1)
            return {
                "kind": "missing",
                "defined": defined,
                "suggestion": close[0] if close else None,
            }
        if not callable(function):
            return {"kind": "not-callable", "found": type(function).__name__}
        code = getattr(function, "__code__", None)
        if code is not None and code.co_flags & 0x80:  # CO_COROUTINE: `async def`
            return {"kind": "async"}
        return None

    def _signature_problem(self, function: Any, detail: dict[str, Any]) -> dict[str, Any]:
        code = getattr(function, "__code__", None)
        params = list(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]) if code else []
        return {
            "kind": "signature",
            "expected": list(self.config["call"]),
            "found": params,
            "message": detail.get("message", ""),
        }

    def _on_deadline(self, signum: int, frame: Any) -> None:
        if self.finishing:
            return
        self.stop("timeout", {"stuck_at": self.frames_from_stack(frame)})


# --------------------------------------------------------------------------------------
# Set-up of the process
# --------------------------------------------------------------------------------------


def set_limits(limits: Mapping[str, Any]) -> None:
    """CPU, memory, file size, core dumps and processes, for this process and its children."""
    # POSIX only, and only in the contained child (its limits), never in the parent
    import resource

    cpu = int(limits["cpu_s"])
    wanted = [
        ("RLIMIT_CPU", cpu, cpu + 1),
        ("RLIMIT_AS", limits["memory_bytes"], limits["memory_bytes"]),
        ("RLIMIT_FSIZE", limits["file_bytes"], limits["file_bytes"]),
        ("RLIMIT_CORE", 0, 0),
    ]
    if limits.get("processes"):
        wanted.append(("RLIMIT_NPROC", limits["processes"], limits["processes"]))
    for name, soft, hard in wanted:
        kind = getattr(resource, name, None)
        if kind is not None:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(kind, (soft, hard))


def drop_root(uid: int) -> None:
    """Started as root: become `uid` (nobody) for good, so that limits and permissions hold.

    Root ignores `RLIMIT_NPROC` and every file permission; nobody owns nothing but the run's
    work folder (which the parent gave it).
    """
    if uid is None or uid <= 0 or os.name != "posix" or os.geteuid() != 0:
        return
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    if hasattr(os, "prctl"):  # pragma: no cover - not in the stdlib today
        os.prctl(38, 1)  # PR_SET_NO_NEW_PRIVS


def install_anthropic_module() -> None:
    module = sdk.make_anthropic_module()
    sys.modules["anthropic"] = module
    sys.modules["anthropic.types"] = module.types


# --------------------------------------------------------------------------------------
# What is reported about the learner's objects
# --------------------------------------------------------------------------------------


def argument_states(kwargs: Mapping[str, Any], call: Mapping[str, Any]) -> dict[str, Any]:
    """What each argument of the entry holds, as JSON data (`sdk.to_jsonable`): the parent
    compares it with what it sent, to tell which ones the entry changed in place.

    The client and `run_tool` are left out; a function stands as `{"__callable__": true}`.
    """
    states = {}
    for key, value in kwargs.items():
        if call.get(key) in ("$client", "$run_tool"):
            continue
        try:
            states[key] = {"__callable__": True} if callable(value) else sdk.to_jsonable(value)
        except Exception:  # noqa: BLE001 - a value that cannot be described differs from all
            states[key] = {"__repr__": "<not describable>"}
    return states


def collapse(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Long runs of the same frame (deep recursion) shortened as Python does."""
    out: list[dict[str, Any]] = []
    repeat = 0
    for frame in frames:
        if out and all(out[-1].get(k) == frame[k] for k in ("line", "function")):
            repeat += 1
            if repeat >= 3:
                if "repeated" not in out[-1]:
                    out.append({**frame, "repeated": 0})
                out[-1]["repeated"] += 1
                continue
        else:
            repeat = 0
        out.append(frame)
    return out


def format_exception_text(name: str, message: str, frames: list[dict[str, Any]]) -> str:
    """A traceback of the learner's own frames only, paths shown as `solution.py:LINE`."""
    lines = []
    if frames:
        lines.append(tr("Traceback (your code only, most recent call last):"))
        for frame in frames:
            if "repeated" in frame:
                lines.append(tr("  [the line above repeated {n} more times]", n=frame["repeated"]))
                continue
            lines.append(f"  {frame['file']}:{frame['line']} in {frame['function']}")
            if frame["code"]:
                lines.append(f"    {frame['code']}")
    lines.append(f"{name}: {message}" if message else name)
    return "\n".join(lines)


def main(read_fd: int, write_fd: int) -> None:
    """The child's entry point (see the module docstring)."""
    harness = Harness(read_fd, write_fd)
    try:
        harness.main()
    except BaseException as exc:  # a bug of ours: report it, never as the learner's fault
        harness.stop("internal-error", {"message": f"harness failed: {exc!r}"[:2000]})
