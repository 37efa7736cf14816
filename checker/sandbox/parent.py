"""Run a learner's Python file against the scripted model: the parent side.

`run_python`:

1. compiles the source here first (cheap, exact): a syntax error is reported with the
   learner's file:line:col and nothing is started;
2. plans the runs (`checker.sandbox.plan`): run 1 plays the script as given, each later run
   with fresh random ids and the exercise's variants;
3. when the exercise has support code, asks a reference child (which loads no learner code)
   for the key `support.expected(...)` of every run;
4. starts one fresh child per run, contained (`checker.sandbox.contain`), and serves it:
   every `messages.create` and `run_tool` of the learner's code arrives over a pipe, is
   recorded here, judged here and answered here (`checker.sandbox.scripted`); what the code
   prints arrives on another pipe, bounded;
5. stops a child at the deadline, on a flood of output, or on a message that breaks the
   protocol, and kills all it started once it ends;
6. builds the `RunReport` from its own records, and from the two things the child reports
   about itself, checked before use: the entry's return value and its exception (with the
   learner's frames, to explain), or why it could not go on.

No file, descriptor or object of the child can change a record of the parent, so no answer
can make itself pass.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import fcntl
import importlib
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.i18n import current_language, tr
from checker.sandbox import contain, reasons
from checker.sandbox.jail import FAILED as JAIL_FAILED
from checker.sandbox.plan import (
    SUPPORT_FILE,
    check_support,
    find_syntax_error,
    plan_runs,
    safe_filename,
    without_key,
)
from checker.sandbox.protocol import (
    LineReader,
    ProtocolError,
    check_child_message,
    decode,
    encode,
)
from checker.sandbox.report import (
    DEFAULT_LIMITS,
    LearnerException,
    Limits,
    RequestError,
    RunReport,
    RunResult,
    ToolCall,
)
from checker.sandbox.scripted import RunRecords, ScriptedModel, ToolScript, Validator

#: The judge of each request unless told otherwise: the Anthropic protocol rules.
DEFAULT_VALIDATOR = "checker.sandbox.scripted:lint_validate"

#: The child's code once the engine is on its path (`contain.command` puts it there,
#: inside the sandbox): the harness runs. (The engine's `__init__` loads the small public
#: API; the rules, the scripted model and the records stay in the parent.)
BOOTSTRAP = "from checker.sandbox.child.harness import main; main({read}, {write})"


def run_python(
    source: str,
    *,
    entry: str,
    call: dict[str, Any],
    script: list[dict[str, Any]],
    tool_results: dict[str, Any],
    runs: int = 2,
    variants: list[dict[str, Any]] | None = None,
    limits: Limits = DEFAULT_LIMITS,
    filename: str = "solution.py",
    validator: str | Validator | None = DEFAULT_VALIDATOR,
    support: str | None = None,
    explain: bool = True,
) -> RunReport:
    """Run `entry(**call)` from `source` `runs` times against the scripted model.

    `call` maps the entry's parameter names to values; `"$client"` and `"$run_tool"` stand
    for the client and the tool runner, `"$support.NAME"` / `"$support.NAME()"` for an
    attribute of the `support` module (or what calling it returns). `script` is the model's
    replies in the API's shape; `tool_results` maps tool names to what `run_tool` returns
    (`{"$raise": "message"}`: it raises `RuntimeError(message)`). `variants[k]` overrides
    `call`, `tool_results` (key by key) or `script` (whole) for run k+2. `validator` judges
    each request here, in the parent: a function, or "module:function" / "file.py:function"
    (None: accept every request). `support` is Python source shown to the child as
    `support.py` in its work folder and imported there before the learner's file.
    `explain=False` leaves out the audit hook that turns mistakes into clear errors (the
    tests of the operating-system containment use it; learners always get it).

    Raises `plan.MalformedExercise` (a ValueError) for a malformed script or support code
    that Python cannot read (an author's mistake); everything the learner's code does ends
    in a `RunReport`.
    """
    started = time.monotonic()
    refused = contain.refusal()
    if refused:  # root with no sandbox, where nobody cannot run this Python
        return RunReport(status="internal-error", reason=refused, duration_ms=_ms_since(started))
    filename = safe_filename(filename)
    if support is not None:
        check_support(support)
        if filename == SUPPORT_FILE:  # the learner's file may not take the support's place
            filename = "solution.py"
    syntax = find_syntax_error(source, filename)
    if syntax is not None:
        return RunReport(
            status="syntax-error",
            reason=tr(reasons.REASON_SYNTAX, **dataclasses.asdict(syntax)),
            syntax_error=syntax,
            duration_ms=_ms_since(started),
        )
    plans = plan_runs(call, script, tool_results, runs=runs, variants=variants)
    judge = resolve_validator(validator)
    try:
        scratch = tempfile.TemporaryDirectory(prefix="tooltutor-run-", ignore_cleanup_errors=True)
        with scratch as tmp:
            session = _Session(Path(tmp), source, filename, entry, limits, support, started)
            session.explain = explain
            report = session.run(plans, judge)
    except OSError as exc:  # no temporary folder, no Python to start: not the learner's fault
        return RunReport(
            status="internal-error",
            reason=tr(reasons.REASON_INTERNAL),
            duration_ms=_ms_since(started),
            internal_errors=[f"could not start the exercise process: {exc!r}"],
        )
    report.duration_ms = _ms_since(started)
    return report


def resolve_validator(spec: str | Validator | None) -> Validator | None:
    """The judge: a function, or one named "module:function" or "file.py:function"."""
    if spec is None or callable(spec):
        return spec
    target, _, attr = spec.rpartition(":")
    if target.endswith(".py"):
        namespace: dict[str, Any] = {"__name__": "_tooltutor_validator"}
        with open(target, encoding="utf-8") as handle:
            exec(compile(handle.read(), target, "exec"), namespace)
        return namespace[attr]

    return getattr(importlib.import_module(target), attr)


@dataclass
class _Outcome:
    """How one child ended, as observed here."""

    status: str = "ok"
    detail: dict[str, Any] = field(default_factory=dict)
    final: dict[str, Any] | None = None
    exit_code: int | None = None
    output: str = ""
    truncated: bool = False
    internal: list[str] = field(default_factory=list)


class _Session:
    """The children of one `run_python`, in one temporary folder."""

    def __init__(
        self,
        tmp: Path,
        source: str,
        filename: str,
        entry: str,
        limits: Limits,
        support: str | None,
        started: float,
    ) -> None:
        self.tmp = tmp
        self.filename = filename
        self.entry = entry
        self.limits = limits
        self.deadline = started + limits.wall_s
        self.uid = contain.child_uid()
        self.explain = True
        shared = tmp / "shared"
        shared.mkdir(mode=0o755)
        self.source_path = shared / filename
        self.source_path.write_text(source, encoding="utf-8")
        self.support_path: Path | None = None
        self.key_path: Path | None = None
        if support is not None:
            self.support_path = shared / SUPPORT_FILE
            self.support_path.write_text(without_key(support), encoding="utf-8")
            self.key_path = shared / "support-with-key.py"
            self.key_path.write_text(support, encoding="utf-8")
        for path in (tmp, shared, self.source_path, self.support_path, self.key_path):
            if path is not None:
                os.chmod(path, 0o755 if path.is_dir() else 0o644)

    # -- the runs --------------------------------------------------------------------------

    def run(self, plans: list[dict[str, Any]], judge: Validator | None) -> RunReport:
        internal: list[str] = []
        expected: list[Any] = [None] * len(plans)
        sent: list[dict[str, Any] | None] = [None] * len(plans)
        if self.support_path is not None:
            keys, sent, problem = self._reference(plans)
            if problem:
                return self._internal(internal + [problem])
            expected = keys
        results: list[RunResult] = []
        status, detail, exit_code = "ok", {}, 0
        for index, plan in enumerate(plans):
            records = RunRecords(
                ScriptedModel(
                    plan["script"],
                    validate=judge,
                    max_requests=self.limits.max_requests,
                    id_seed=str(index + 1),
                ),
                ToolScript(plan["tool_results"]),
            )
            outcome = self._child(index, plan, records)
            result = self._result(index, plan, records, outcome, expected[index], sent[index])
            results.append(result)
            internal += records.model.internal_errors + outcome.internal
            exit_code = outcome.exit_code if outcome.exit_code is not None else exit_code
            if outcome.status != "ok":
                status, detail = outcome.status, outcome.detail
                break
        if status == "import-error" and results and detail.get("exception"):
            results[0].exception = _exception(detail["exception"])
        if status == "internal-error" and detail.get("message"):
            internal.append(str(detail["message"]))
        context = reasons.ReasonContext(
            entry=self.entry,
            file=self.filename,
            limits=self.limits,
            params=_signature(plans),
            runs=results,
        )
        return RunReport(
            status=status,
            reason=reasons.reason(status, detail, context, exit_code or 0),
            runs=results,
            exit_code=exit_code,
            internal_errors=internal,
        )

    def _internal(self, problems: list[str]) -> RunReport:
        return RunReport(
            status="internal-error", reason=tr(reasons.REASON_INTERNAL), internal_errors=problems
        )

    def _result(
        self,
        index: int,
        plan: dict[str, Any],
        records: RunRecords,
        outcome: _Outcome,
        expected: Any,
        sent: dict[str, Any] | None = None,
    ) -> RunResult:
        model = records.model
        final = outcome.final or {}
        exception = final.get("exception")
        if exception is None and outcome.status != "ok":
            exception = (outcome.detail or {}).get("exception")
        return RunResult(
            index=index,
            ids=plan["ids"],
            call=plan["call"],
            script=plan["script"],
            tool_results=plan["tool_results"],
            requests=model.requests,
            diagnostics=model.diagnostics,
            request_errors=[RequestError(**e) for e in model.errors],
            replies=model.replies,
            tool_calls=[ToolCall(c["name"], c["input"]) for c in records.tools.calls],
            returned=final.get("returned"),
            exception=_exception(exception) if exception else None,
            stdout=outcome.output
            + (tr(reasons.TRUNCATION_NOTE, kb=self.limits.output_kb) if outcome.truncated else ""),
            truncated=outcome.truncated,
            finished=outcome.final is not None,
            expected=expected,
            mutated=changed_arguments(plan["call"], sent, final.get("arguments")),
        )

    def _reference(
        self, plans: list[dict[str, Any]]
    ) -> tuple[list[Any], list[dict[str, Any] | None], str]:
        """The support code's key for every run, and the arguments each run is given, from
        a child that runs no learner code."""
        config = {"mode": "reference", "calls": [plan["call"] for plan in plans]}
        outcome = self._child(-1, {"call": {}}, None, extra=config)
        final = outcome.final or {}
        keys, arguments = final.get("runs"), final.get("arguments")
        if outcome.status != "ok" or not isinstance(keys, list) or len(keys) != len(plans):
            message = (outcome.detail or {}).get("message") or outcome.status
            return [], [], f"the exercise's support code failed: {message}"
        return keys, list(arguments), ""

    # -- one child -------------------------------------------------------------------------

    def _child(
        self,
        index: int,
        plan: dict[str, Any],
        records: RunRecords | None,
        extra: dict[str, Any] | None = None,
    ) -> _Outcome:
        work = self.tmp / ("reference" if index < 0 else f"run-{index + 1}")
        work.mkdir(mode=0o700)
        if self.uid is not None:
            os.chown(work, self.uid, self.uid)
        files = {}
        if index >= 0:
            files[str(work / self.filename)] = str(self.source_path)
        if self.support_path is not None and self.key_path is not None:
            # the learner's child gets the support code without its key; the reference child
            # (index -1), which runs no learner code, gets it whole
            shown = self.support_path if index >= 0 else self.key_path
            files[str(work / SUPPORT_FILE)] = str(shown)
        if not contain.current().contained:
            for inside, outside in files.items():
                Path(inside).write_bytes(Path(outside).read_bytes())
                if self.uid is not None:
                    os.chown(inside, self.uid, self.uid)
        kb = 1024
        config = {
            "op": "config",
            "mode": "run",
            "source_path": str(work / self.filename),
            "work_dir": str(work),
            "display_name": self.filename,
            "module_name": self.filename[:-3] if self.filename[:-3].isidentifier() else "solution",
            "entry": self.entry,
            "call": plan["call"],
            "support_path": str(work / SUPPORT_FILE) if self.support_path else None,
            "language": current_language(),
            "deadline": time.time() + max(self.deadline - time.monotonic(), 0.05),
            "uid": self.uid if self.uid is not None else -1,
            "explain": self.explain,
            "limits": {
                "cpu_s": self.limits.cpu_s,
                "memory_bytes": self.limits.memory_mb * kb * kb,
                "file_bytes": self.limits.file_mb * kb * kb,
                "flood_chars": self.limits.flood_kb * kb,
                "processes": contain.process_limit(),
            },
            **(extra or {}),
        }
        env = {
            "PATH": os.defpath,
            "HOME": str(work),
            "TMPDIR": str(work),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
        }
        return _serve(self, work, files, env, config, records)


def _serve(
    session: _Session,
    work: Path,
    files: dict[str, str],
    env: dict[str, str],
    config: dict[str, Any],
    records: RunRecords | None,
) -> _Outcome:
    """Start one child, answer it until it ends, and say how it ended."""
    limits = session.limits
    executable = sys.executable or "python3"
    if os.path.isabs(executable) and not os.access(executable, os.X_OK):
        raise FileNotFoundError(errno.ENOENT, "no Python to start", executable)
    to_child_r, to_child_w = os.pipe()
    from_child_r, from_child_w = os.pipe()
    out_r, out_w = os.pipe()
    argv = contain.command(
        BOOTSTRAP.format(read=to_child_r, write=from_child_w),
        work=str(work),
        files=files,
        env=env,
        disk_bytes=limits.disk_mb * 1024 * 1024,
        keep_fds=(to_child_r, from_child_w),
    )
    outcome = _Outcome()
    try:
        proc = subprocess.Popen(
            argv,
            cwd=work,
            stdin=subprocess.DEVNULL,
            stdout=out_w,
            stderr=out_w,
            env=env,
            pass_fds=(to_child_r, from_child_w),
            start_new_session=True,
        )
    finally:
        for fd in (to_child_r, from_child_w, out_w):
            os.close(fd)
    try:
        _converse(proc, to_child_w, from_child_r, out_r, config, records, session, outcome)
    finally:
        _kill(proc)
        for fd in (to_child_w, from_child_r, out_r):
            with contextlib.suppress(OSError):
                os.close(fd)
    outcome.exit_code = proc.returncode
    box = contain.current()
    if box.contained and 128 < proc.returncode < 160:
        outcome.exit_code = 128 - proc.returncode  # the sandbox's 128+N: killed by signal N
    if box.kind == "namespaces" and proc.returncode == JAIL_FAILED and outcome.final is None:
        outcome.status = "internal-error"
        outcome.detail = {"message": f"the sandbox could not start: {outcome.output[-500:]}"}
        contain.forget_probe()
    if outcome.final is None and outcome.status == "ok":
        outcome.status, outcome.detail = reasons.status_from_exit(outcome.exit_code)
    if outcome.status == "internal-error" and outcome.output:
        outcome.internal.append(outcome.output)
    return outcome


def _converse(
    proc: subprocess.Popen,
    to_child: int,
    from_child: int,
    out: int,
    config: dict[str, Any],
    records: RunRecords | None,
    session: _Session,
    outcome: _Outcome,
) -> None:
    """The loop: answer requests, collect output, enforce the deadline and the flood limit."""
    limits = session.limits
    kept_limit = limits.output_kb * 1024
    flood_limit = limits.flood_kb * 1024
    printed = 0
    kept: list[bytes] = []
    kept_size = 0
    reader = LineReader(from_child)
    pending = bytearray(encode(config))
    fcntl.fcntl(to_child, fcntl.F_SETFL, fcntl.fcntl(to_child, fcntl.F_GETFL) | os.O_NONBLOCK)
    open_fds = {from_child, out}
    hard_deadline = session.deadline + limits.grace_s
    ended_at: float | None = None
    try:
        while open_fds:
            now = time.monotonic()
            if ended_at is not None and now > ended_at + 0.5:
                break  # the child said its last word: what it prints after that is not waited for
            if now > hard_deadline:
                if outcome.final is None and outcome.status == "ok":
                    outcome.status, outcome.detail = "timeout", {}
                break
            wait = min(hard_deadline - now, 0.5)
            writers = [to_child] if pending else []
            ready_r, ready_w, _ = select.select(list(open_fds), writers, [], max(wait, 0))
            if ready_w:
                try:
                    written = os.write(to_child, pending)
                    del pending[:written]
                except BlockingIOError:
                    pass
                except OSError as exc:
                    if exc.errno != errno.EPIPE:
                        raise
                    pending.clear()
            if out in ready_r:
                chunk = os.read(out, 65536)
                if not chunk:
                    open_fds.discard(out)
                else:
                    printed += len(chunk)
                    if kept_size < kept_limit:
                        piece = chunk[: kept_limit - kept_size]
                        kept.append(piece)
                        kept_size += len(piece)
                    if printed > kept_limit:
                        outcome.truncated = True
                    if printed > flood_limit + 65536:  # the child did not stop itself
                        if outcome.final is None:
                            outcome.status, outcome.detail = "output-flood", {"raw": True}
                        break
            if from_child in ready_r:
                lines = reader.feed()
                if reader.closed:
                    open_fds.discard(from_child)
                for line in lines:
                    message = decode(line)
                    op = check_child_message(message)
                    if outcome.final is not None or outcome.status != "ok":
                        raise ProtocolError("a message after the run's end")
                    if op in ("done", "expected"):
                        outcome.final = message
                        ended_at = time.monotonic()
                    elif op == "stop":
                        outcome.status = message["status"]
                        outcome.detail = dict(message.get("detail") or {})
                        ended_at = time.monotonic()
                    elif records is None:
                        raise ProtocolError("a request from the reference run")
                    else:
                        answer = records.answer(message)
                        if answer is not None:
                            pending += encode(answer)
    except ProtocolError as exc:
        outcome.final = None
        outcome.status, outcome.detail = "crashed", {"how": "protocol", "problem": str(exc)}
    outcome.output = b"".join(kept).decode("utf-8", "replace")


def _kill(proc: subprocess.Popen) -> None:
    """End the child and everything it started: its process group (and its namespace).

    In the in-house sandbox the process started is the supervisor, outside the child's pid
    namespace: SIGTERM makes it kill the namespace's first process, which ends every
    process in it (one that left the process group included), before the group is killed.
    """
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


def _exception(data: dict[str, Any]) -> LearnerException:
    return LearnerException(
        type=str(data.get("type", "")),
        message=str(data.get("message", "")),
        frames=list(data.get("frames", [])),
        text=str(data.get("text", "")),
    )


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def changed_arguments(
    call: dict[str, Any], sent: dict[str, Any] | None, reported: Any
) -> list[str]:
    """The names of the arguments the entry changed in place, decided here.

    What the parent sent is its own record: the planned value, or (`$support.NAME`) what
    the reference child, which runs no learner code, resolved it to (`sent`). It is compared
    with what the child reports each argument holds after the call. Only where the parent
    has no record it can compare (a value JSON cannot hold) does the child's own "before"
    stand in. An argument the child does not report counts as changed.
    """
    # on first use, not at import: checker.sandbox, datetime (4 modules)
    from checker.sandbox.child.sdk import to_jsonable

    if not isinstance(reported, dict):  # the run never finished: nothing to compare
        return []
    states = reported
    before, after = states.get("before") or {}, states.get("after") or {}
    changed = []
    for name, planned in call.items():
        if planned in ("$client", "$run_tool"):
            continue
        if isinstance(planned, str) and planned.startswith("$support."):
            record = (sent or {}).get(name, _NO_RECORD)
        else:
            record = to_jsonable(planned)
        if record is _NO_RECORD or _opaque(record):
            record = before.get(name, _NO_RECORD)
        if name not in after or record is _NO_RECORD or after[name] != record:
            changed.append(name)
    return changed


_NO_RECORD = object()


def _opaque(value: Any) -> bool:
    """Whether `value` holds a `{"__repr__": ...}` or a function: data that cannot be
    compared across processes."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "__repr__" in item or "__callable__" in item:
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _signature(plans: list[dict[str, Any]]) -> dict[str, Any]:
    """The parameters the runs pass by name, for the advice on the entry's signature: those
    every run passes as they are, the others (such as a `max_steps` that only some runs
    set) as `name=...`, since the function needs a default for them."""
    calls = [plan.get("call") or {} for plan in plans]
    names = list(dict.fromkeys(name for call in calls for name in call))
    return {
        (name if all(name in call for call in calls) else f"{name}=..."): None for name in names
    }
