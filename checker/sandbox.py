"""Run a learner's Python file against the scripted fake model, in a limited child process.

This is the parent side; `checker.fake_client` is what runs in the child. `run_python`:

1. compiles the source here first (cheap, exact): a syntax error is reported with the
   learner's file:line:col and nothing is started;
2. plans the runs: run 1 plays the script as given; every later run gets every id of the
   script (`tool_use` ids, message ids) rewritten to another id of the same shape, mapped
   everywhere it appears (script, call values, tool results), plus the exercise's optional
   `variants` overrides, so an id or value copied into the code fails;
3. writes the source, a three-line harness and the plan into a fresh temporary folder (and
   the exercise's optional `support` code as `work/support.py`, next to the source) and
   starts `python -I -X utf8 harness.py` in its own session, in the `work/` subfolder, with a
   scrubbed environment (no API keys, `HOME` and `TMPDIR` in that folder);
4. waits at most `Limits.wall_s` (+ a short grace) and then kills the whole process group;
   once the child has ended, any process left in the group is killed too;
5. reads the result the child wrote (checked against a nonce it was given) and turns it into a
   `RunReport`: what each run sent, got, printed, returned or raised, with a learner-facing
   `reason` for anything that stopped the run.

Learner-facing text is in the checker's current language (`checker.i18n`): the reasons are
written here, and the plan carries the language to the child, whose messages (the fake
client's, the guards', the protocol diagnostics of each request) follow it.

Support code (an exercise's `support`, Python source by the exercise's author) gives the
learner's code helper objects: the child imports it as the module `support` before the
learner's file is loaded (so `import support` gets that same module), with the guards
already up and the `work/` folder as its current folder, so it may build fixture files
there. A `call` value `"$support.NAME"` is that attribute of the module; `"$support.NAME()"`
is what calling it returns, called afresh for each run. If the module defines `expected`,
each run calls `support.expected(**arguments)` with the run's arguments before the entry,
and its return value is reported as `RunResult.expected`: a key computed in the child from
the very objects the learner's code gets, for the criteria to compare in the parent.
`RunResult.mutated` names the arguments the entry changed in place.

Limits and how each holds (the child sets the rlimits itself, first thing: `preexec_fn` is
not safe when the caller has threads, as the TUI's workers are):

- wall time: a soft deadline in the child (SIGALRM: it reports where the code was and what
  it had sent), then SIGKILL to the process group from here;
- CPU: RLIMIT_CPU, set a second above the wall time (SIGXCPU, then SIGKILL): a backstop
  for native code that runs outside the interpreter's signal checks;
- memory: RLIMIT_AS (address space); the harness keeps a small reserve to report with;
- output: `sys.stdout`/`sys.stderr` are bounded buffers (64 KB kept per run, then a note);
  past `flood_kb` printed in all the child stops itself; raw writes to fd 1/2 go to a file
  capped by RLIMIT_FSIZE (Python then gets `OSError: File too large`), and more than
  `flood_kb` there is reported as a flood too;
- files: RLIMIT_FSIZE per file; writing, creating, renaming or deleting outside the
  temporary `work/` folder is refused by an audit hook (PEP 578), and so is opening an
  SQLite database outside it (the learner's progress database included);
- processes: fork/spawn/exec/system/subprocess/multiprocessing are refused by the audit
  hook (root ignores RLIMIT_NPROC, the hook does not care who you are);
- network: connect/bind/send/name look-ups are refused with a message to use the client.

NOT guarded (this keeps honest learners' mistakes contained; it is not a security boundary
against code written to escape): code that deliberately undoes the harness from inside
(re-loading extension modules, editing the fake client's records, reading `/proc`), reading
files anywhere the user can, `os.open` with `dir_fd`, SQL `ATTACH` of a file outside the
folder from an in-memory database, and anything a C extension the learner imports does
without an audit event. POSIX only (rlimits, signals, process groups); on
Linux the child is waited for through a pidfd, elsewhere with `wait` and a timeout.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import re
import secrets
import select
import signal
import subprocess
import sys
import tempfile
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.fake_client import DEFAULT_VALIDATOR
from checker.i18n import N_, current_language, tr, trn

#: The folder that holds the `checker` package: put on the child's sys.path.
PACKAGE_ROOT = Path(__file__).resolve().parent.parent

STATUSES = (
    "ok",
    "syntax-error",
    "missing-entry",
    "import-error",
    "timeout",
    "memory",
    "crashed",
    "output-flood",
    "internal-error",
)


@dataclass(frozen=True)
class Limits:
    """What one `run_python` may use. The defaults are the exercise defaults."""

    #: seconds for the whole child: start-up, loading the file and every run
    wall_s: float = 5.0
    #: seconds of CPU (RLIMIT_CPU; the hard limit is one second more): above the wall time,
    #: so a plain endless loop meets the wall deadline (which says where it was) first
    cpu_s: int = 6
    #: address space in MB (RLIMIT_AS)
    memory_mb: int = 512
    #: output kept per run, in K characters; the rest is cut with a note
    output_kb: int = 64
    #: output printed in all, in K characters, past which the child is stopped
    flood_kb: int = 1024
    #: largest file the child may write, its result included (RLIMIT_FSIZE), in MB
    file_mb: int = 16
    #: calls of `messages.create` per run before `ModelCallLimitError`
    max_requests: int = 50
    #: seconds between the soft deadline and the kill
    grace_s: float = 0.5


DEFAULT_LIMITS = Limits()


@dataclass
class SyntaxErrorInfo:
    file: str
    line: int
    col: int
    message: str
    text: str = ""
    end_line: int | None = None
    end_col: int | None = None


@dataclass
class LearnerException:
    """An exception of the learner's code, with only the learner's own frames."""

    type: str
    message: str
    #: each {"file": "solution.py", "line", "function", "code"}; a collapsed recursion adds
    #: {"repeated": n}
    frames: list[dict[str, Any]] = field(default_factory=list)
    #: the learner-facing traceback text
    text: str = ""


@dataclass
class RequestError:
    """What `messages.create` raised: `index` is the request's (None: none was built)."""

    index: int | None
    type: str
    message: str
    status_code: int | None = None
    #: the protocol rule behind a BadRequestError
    rule: str | None = None


@dataclass
class ToolCall:
    name: Any
    input: Any


@dataclass
class RunResult:
    """One call of the learner's entry function."""

    index: int
    #: scripted id -> the id used in this run (empty for run 1)
    ids: dict[str, str] = field(default_factory=dict)
    #: the entry's arguments, script and tool results of this run, as planned
    call: dict[str, Any] = field(default_factory=dict)
    script: list[dict[str, Any]] = field(default_factory=list)
    tool_results: dict[str, Any] = field(default_factory=dict)
    #: every request body built, as it would be sent (rejected ones included)
    requests: list[dict[str, Any]] = field(default_factory=list)
    #: the validator's diagnostics, one list per request
    diagnostics: list[list[dict[str, Any]]] = field(default_factory=list)
    request_errors: list[RequestError] = field(default_factory=list)
    #: {"request": index, "scripted": bool, "message": dict}
    replies: list[dict[str, Any]] = field(default_factory=list)
    tool_calls: list[ToolCall] = field(default_factory=list)
    #: the return value as JSON: a reply as its dict plus {"__reply__": request index};
    #: what JSON cannot hold as {"__repr__": "..."}
    returned: Any = None
    exception: LearnerException | None = None
    #: what the run printed (stdout and stderr together, as a terminal shows them)
    stdout: str = ""
    truncated: bool = False
    #: the entry returned or raised (False: the run was stopped, or never started)
    finished: bool = False
    #: what the support code's `expected(**arguments)` returned for this run (None: none)
    expected: Any = None
    #: the names of the arguments the entry changed in place (compared as JSON, or with ==
    #: on a deep copy for what JSON cannot hold; the client and run_tool are not compared)
    mutated: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunResult:
        data = dict(data)
        data["request_errors"] = [RequestError(**e) for e in data.get("request_errors", [])]
        data["tool_calls"] = [ToolCall(**c) for c in data.get("tool_calls", [])]
        if data.get("exception") is not None:
            data["exception"] = LearnerException(**data["exception"])
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


@dataclass
class RunReport:
    """Everything one `run_python` found out. JSON-able: `to_dict()` / `from_dict()`."""

    #: one of STATUSES; "ok" means the child ran to the end (the entry may still have raised)
    status: str
    #: one paragraph for the learner: what happened, what to do ("" when there is nothing
    #: to say)
    reason: str
    runs: list[RunResult] = field(default_factory=list)
    duration_ms: int = 0
    syntax_error: SyntaxErrorInfo | None = None
    #: the child's exit status (negative: killed by that signal); None if never started
    exit_code: int | None = None
    #: bytes the code wrote straight to file descriptors 1 and 2, bypassing sys.stdout
    stray_output: str = ""
    #: problems of tooltutor itself: for developers, never shown as the learner's fault
    internal_errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunReport:
        data = dict(data)
        data["runs"] = [RunResult.from_dict(r) for r in data.get("runs", [])]
        if data.get("syntax_error") is not None:
            data["syntax_error"] = SyntaxErrorInfo(**data["syntax_error"])
        return cls(**data)


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
    validator: str | None = DEFAULT_VALIDATOR,
    support: str | None = None,
) -> RunReport:
    """Run `entry(**call)` from `source` `runs` times against the scripted model.

    `call` maps the entry's parameter names to values; `"$client"` and `"$run_tool"` stand
    for the fake client and the tool recorder, `"$support.NAME"` / `"$support.NAME()"` for an
    attribute of the `support` module (or what calling it returns). `script` is the model's
    replies in the API's shape; `tool_results` maps tool names to what `run_tool` returns
    (`{"$raise": "message"}`: it raises `RuntimeError(message)`). `variants[k]` overrides
    `call`, `tool_results` (key by key) or `script` (whole) for run k+2. `validator` names the
    function that judges each request in the child, "module:function" or "file.py:function"
    (None: accept every request). `support` is Python source written as `support.py` in the
    child's work folder and imported there before the learner's file (see the module
    docstring).

    Raises ValueError for a malformed script or support code that Python cannot read (an
    author's mistake); everything the learner's code does ends in a `RunReport`.
    """
    started = time.monotonic()
    filename = _safe_filename(filename)
    if support is not None:
        _check_support(support)
        if filename == SUPPORT_FILE:  # the learner's file may not take the support's place
            filename = "solution.py"
    syntax = find_syntax_error(source, filename)
    if syntax is not None:
        return RunReport(
            status="syntax-error",
            reason=tr(REASON_SYNTAX, **dataclasses.asdict(syntax)),
            syntax_error=syntax,
            duration_ms=_ms_since(started),
        )
    plans = plan_runs(call, script, tool_results, runs=runs, variants=variants)
    try:
        with tempfile.TemporaryDirectory(prefix="tooltutor-", ignore_cleanup_errors=True) as tmp:
            data, exit_code, timed_out, stray = _run_child(
                source, filename, entry, plans, limits, tmp, validator, support
            )
    except OSError as exc:  # no temporary folder, no Python to start: not the learner's fault
        return RunReport(
            status="internal-error",
            reason=tr(REASON_INTERNAL),
            duration_ms=_ms_since(started),
            internal_errors=[f"could not start the exercise process: {exc!r}"],
        )
    report = _report(data, exit_code, timed_out, stray, plans, entry, filename, limits)
    report.duration_ms = _ms_since(started)
    return report


# --------------------------------------------------------------------------------------
# Before the child: syntax, plans, ids
# --------------------------------------------------------------------------------------


def find_syntax_error(source: str, filename: str = "solution.py") -> SyntaxErrorInfo | None:
    """Where Python cannot read `source`, or None. Compiling runs none of its code.

    Warnings about the learner's code (`'\\d'` is an invalid escape sequence...) are not
    printed here: they would land on the terminal of `check` or under the TUI.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(source, filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return SyntaxErrorInfo(
            file=filename,
            line=exc.lineno or 1,
            col=exc.offset or 1,
            message=exc.msg,
            text=(exc.text or "").rstrip("\r\n"),
            end_line=exc.end_lineno,
            end_col=exc.end_offset,
        )
    except ValueError as exc:  # "source code string cannot contain null bytes"
        where = source.find("\0")
        line = source.count("\n", 0, max(where, 0)) + 1
        col = where - source.rfind("\n", 0, max(where, 0)) if where >= 0 else 1
        return SyntaxErrorInfo(file=filename, line=line, col=col, message=str(exc))
    except (MemoryError, RecursionError):
        return SyntaxErrorInfo(
            file=filename, line=1, col=1, message=tr("the code is nested too deeply to read")
        )
    return None


def plan_runs(
    call: dict[str, Any],
    script: list[dict[str, Any]],
    tool_results: dict[str, Any],
    *,
    runs: int = 2,
    variants: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The arguments, script and tool results of each run, and each run's id mapping."""
    _check_script(script)
    if runs < 1:
        raise ValueError("runs must be at least 1")
    plans = []
    for index in range(runs):
        run_call = json.loads(json.dumps(call))
        run_script = json.loads(json.dumps(script))
        run_results = json.loads(json.dumps(tool_results))
        variant = (variants or [])[index - 1] if 0 < index <= len(variants or []) else {}
        run_call.update(json.loads(json.dumps(variant.get("call", {}))))
        run_results.update(json.loads(json.dumps(variant.get("tool_results", {}))))
        if "script" in variant:
            run_script = json.loads(json.dumps(variant["script"]))
            _check_script(run_script)
        ids: dict[str, str] = {}
        if index > 0:
            originals = collect_ids(run_script)
            taken = set(originals)
            for old in originals:
                ids[old] = rewrite_id(old, index, taken)
                taken.add(ids[old])
            run_call, run_script, run_results = (
                replace_ids(v, ids) for v in (run_call, run_script, run_results)
            )
        plans.append(
            {"call": run_call, "script": run_script, "tool_results": run_results, "ids": ids}
        )
    return plans


def _check_support(support: Any) -> None:
    if not isinstance(support, str):
        raise ValueError("support must be Python source text")
    problem = find_syntax_error(support, "support.py")
    if problem is not None:
        raise ValueError(
            f"support code, line {problem.line}, column {problem.col}: {problem.message}"
        )


def _check_script(script: Any) -> None:
    if not isinstance(script, list):
        raise ValueError("script must be a list of replies")
    for number, reply in enumerate(script, 1):
        if not isinstance(reply, dict) or not isinstance(reply.get("content", []), list):
            raise ValueError(f"script reply {number} must be an object with a content list")
        for block in reply.get("content", []):
            if not isinstance(block, dict) or not isinstance(block.get("type"), str):
                raise ValueError(f"script reply {number}: every content block needs a type")


def collect_ids(script: list[dict[str, Any]]) -> list[str]:
    """Every id the script gives (message ids and block ids, `tool_use` ones above all)."""
    found: list[str] = []
    for reply in script:
        candidates = [reply.get("id")] + [b.get("id") for b in reply.get("content", [])]
        for candidate in candidates:
            if isinstance(candidate, str) and candidate and candidate not in found:
                found.append(candidate)
    return found


_ID_PREFIX = re.compile(r"[a-z]+_(?:01)?")
_DIGITS = "0123456789"
_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_LOWER = "abcdefghijklmnopqrstuvwxyz"


def rewrite_id(old: str, run: int, taken: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """Another id of the same shape, fixed for (`old`, `run`): `toolu_01Ab3` -> `toolu_01Xq7`.

    The prefix (`toolu_01`, `msg_01`, `call_`) stays; every other letter or digit is replaced
    by one of the same kind, so the id still matches the API's pattern.
    """
    match = _ID_PREFIX.match(old)
    prefix = match.group(0) if match else ""
    body = old[len(prefix) :]
    for attempt in range(64):
        stream = b""
        counter = 0
        while len(stream) < len(body):
            stream += hashlib.sha256(f"{run}:{attempt}:{counter}:{old}".encode()).digest()
            counter += 1
        chars = []
        for char, byte in zip(body, stream, strict=False):
            for alphabet in (_DIGITS, _UPPER, _LOWER):
                if char in alphabet:
                    char = alphabet[byte % len(alphabet)]
                    break
            chars.append(char)
        new = prefix + "".join(chars)
        if new != old and new not in taken:
            return new
    return f"{old}{run}"


def replace_ids(value: Any, ids: dict[str, str]) -> Any:
    """`value` with every occurrence of each old id (in any string) replaced by the new one."""
    if not ids:
        return value
    pattern = re.compile("|".join(re.escape(k) for k in sorted(ids, key=len, reverse=True)))

    def walk(item: Any) -> Any:
        if isinstance(item, str):
            return pattern.sub(lambda m: ids[m.group(0)], item)
        if isinstance(item, list):
            return [walk(v) for v in item]
        if isinstance(item, dict):
            return {k: walk(v) for k, v in item.items()}
        return item

    return walk(value)


def _safe_filename(filename: str) -> str:
    name = Path(filename).name
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.py", name):
        return "solution.py"
    return name


# --------------------------------------------------------------------------------------
# The child
# --------------------------------------------------------------------------------------

#: the name support code gets in the child's work folder (and as a module: `support`)
SUPPORT_FILE = "support.py"

HARNESS = """import sys
sys.path.insert(0, {root!r})
from checker.fake_client import harness_main
harness_main(sys.argv[1])
"""


def _run_child(
    source: str,
    filename: str,
    entry: str,
    plans: list[dict[str, Any]],
    limits: Limits,
    tmp: str,
    validator: str | None,
    support: str | None = None,
) -> tuple[dict[str, Any] | None, int, bool, str]:
    """Start the child in `tmp`, wait for it, and return (result, exit code, timed out, stray)."""
    root = Path(tmp)
    work = root / "work"
    private = root / "private"
    work.mkdir()
    private.mkdir(mode=0o700)
    source_path = work / filename
    source_path.write_text(source, encoding="utf-8")
    support_path = None
    if support is not None:
        support_path = work / SUPPORT_FILE
        support_path.write_text(support, encoding="utf-8")
    harness = private / "harness.py"
    harness.write_text(HARNESS.format(root=str(PACKAGE_ROOT)), encoding="utf-8")
    nonce = secrets.token_hex(16)
    result_path = private / f"result-{nonce[:8]}.json"
    config_path = private / "plan.json"
    kb = 1024
    config = {
        "nonce": nonce,
        "result_path": str(result_path),
        "source_path": str(source_path),
        "work_dir": str(work),
        "display_name": filename,
        "module_name": filename[:-3] if filename[:-3].isidentifier() else "solution",
        "entry": entry,
        "runs": plans,
        "validator": validator,
        "support_path": str(support_path) if support_path is not None else None,
        "truncation_note": tr(TRUNCATION_NOTE, kb=limits.output_kb),
        "language": current_language(),
        "limits": {
            "cpu_s": limits.cpu_s,
            "memory_bytes": limits.memory_mb * kb * kb,
            "file_bytes": limits.file_mb * kb * kb,
            "output_chars": limits.output_kb * kb,
            "flood_chars": limits.flood_kb * kb,
            "result_bytes": max(limits.file_mb * kb * kb - 64 * kb, kb * kb),
            "max_requests": limits.max_requests,
        },
    }
    env = {
        "PATH": os.defpath,
        "HOME": str(work),
        "TMPDIR": str(work),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
    }
    raw_path = private / "output.txt"
    started = time.monotonic()
    config["deadline"] = time.time() + limits.wall_s
    config_path.write_text(json.dumps(config), encoding="utf-8")
    with open(raw_path, "wb") as raw:
        proc = subprocess.Popen(
            [sys.executable or "python3", "-I", "-X", "utf8", str(harness), str(config_path)],
            cwd=work,
            stdin=subprocess.DEVNULL,
            stdout=raw,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        deadline = started + limits.wall_s + limits.grace_s
        timed_out = _wait_then_kill_group(proc, deadline)
    stray = _read_head(raw_path, limits.output_kb * kb)
    if raw_path.stat().st_size > limits.flood_kb * kb:
        stray += tr(TRUNCATION_NOTE, kb=limits.output_kb)
        data = {"nonce": nonce, "status": "output-flood", "detail": {"raw": True}, "runs": []}
        with contextlib.suppress(OSError, ValueError):
            child = json.loads(result_path.read_text(encoding="utf-8"))
            if isinstance(child, dict) and child.get("nonce") == nonce:
                data["runs"] = child.get("runs", [])
        return data, proc.returncode, timed_out, stray
    data = None
    try:
        data = json.loads(result_path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("nonce") != nonce:
            data = None
    except (OSError, ValueError):
        data = None
    return data, proc.returncode, timed_out, stray


def _wait_then_kill_group(proc: subprocess.Popen, deadline: float) -> bool:
    """Wait for the child until `deadline`, then SIGKILL its whole process group.

    The group is killed even when the child ended in time (nothing it started may live on).
    With a pidfd the child is waited for without being reaped, so its id, which is the
    group's, cannot be reused by another process before the kill.
    """
    timed_out = False
    pidfd = None
    if hasattr(os, "pidfd_open"):
        try:
            pidfd = os.pidfd_open(proc.pid)
        except OSError:
            pidfd = None
    if pidfd is not None:
        try:
            ready, _, _ = select.select([pidfd], [], [], max(deadline - time.monotonic(), 0))
            timed_out = not ready
        finally:
            os.close(pidfd)
        _kill_group(proc.pid)
        proc.wait()
        return timed_out
    try:
        proc.wait(timeout=max(deadline - time.monotonic(), 0))
    except subprocess.TimeoutExpired:
        timed_out = True
    _kill_group(proc.pid)
    proc.wait()
    return timed_out


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _read_head(path: Path, chars: int) -> str:
    try:
        with open(path, "rb") as handle:
            data = handle.read(chars * 4 + 4)
    except OSError:
        return ""
    text = data.decode("utf-8", "replace")
    return text[:chars]


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


# --------------------------------------------------------------------------------------
# After the child: the report and its reason
# --------------------------------------------------------------------------------------


def _report(
    data: dict[str, Any] | None,
    exit_code: int,
    timed_out: bool,
    stray: str,
    plans: list[dict[str, Any]],
    entry: str,
    filename: str,
    limits: Limits,
) -> RunReport:
    internal: list[str] = []
    if data is not None:
        status = str(data.get("status"))
        detail = data.get("detail") or {}
        runs = [RunResult.from_dict(r) for r in data.get("runs", [])]
        internal = list(data.get("internal_errors", []))
    else:
        runs = []
        if timed_out:
            status, detail = "timeout", {}
        else:
            status, detail = _status_from_exit(exit_code, stray)
    for run in runs:
        if run.index < len(plans):
            plan = plans[run.index]
            run.call, run.script, run.tool_results = (
                plan["call"],
                plan["script"],
                plan["tool_results"],
            )
    if status == "import-error" and runs and detail.get("exception"):
        runs[0].exception = LearnerException(**detail["exception"])
    if status == "internal-error" and stray:
        internal.append(stray)
        stray = ""
    if status not in STATUSES:
        internal.append(f"unknown status from the child: {status!r}")
        status = "internal-error"
    context = _Context(
        entry=entry, file=filename, limits=limits, params=plans[0]["call"], runs=runs
    )
    reason = _reason(status, detail, context, exit_code)
    return RunReport(
        status=status,
        reason=reason,
        runs=runs,
        exit_code=exit_code,
        stray_output=stray,
        internal_errors=internal,
    )


def _status_from_exit(exit_code: int, stray: str) -> tuple[str, dict[str, Any]]:
    """What ended a child that wrote no result."""
    if exit_code < 0:
        number = -exit_code
        if number == signal.SIGXCPU:
            return "timeout", {"cpu": True}
        if number == signal.SIGXFSZ:
            return "output-flood", {"file": True}
        return "crashed", {"how": "signal", "signal": _signal_name(number)}
    if exit_code in (70, 71) or "Traceback (most recent call last)" in stray:
        return "internal-error", {}
    if "MemoryError" in stray:
        return "memory", {}
    return "crashed", {"how": "exit", "code": exit_code}


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


@dataclass
class _Context:
    entry: str
    file: str
    limits: Limits
    params: dict[str, Any]
    runs: list[RunResult]


def _where(frames: list[dict[str, Any]] | None, *, bracketed: bool = False) -> str:
    """` at solution.py:3 in f` (or ` (at solution.py:3 in f)`), "" without a frame."""
    real = [f for f in frames or [] if "repeated" not in f]
    if not real:
        return ""
    last = real[-1]
    place = f"{last['file']}:{last['line']}"
    if last["function"] == "<module>":
        if bracketed:
            return tr(" (at {place} (top level of the file))", place=place)
        return tr(" at {place} (top level of the file)", place=place)
    if bracketed:
        return tr(" (at {place} in {function})", place=place, function=last["function"])
    return tr(" at {place} in {function}", place=place, function=last["function"])


def _reason(status: str, detail: dict[str, Any], ctx: _Context, exit_code: int) -> str:
    params = ", ".join(ctx.params)
    common = {"entry": ctx.entry, "file": ctx.file, "params": params}
    if status == "ok":
        return _exception_reason(ctx)
    if status == "missing-entry":
        kind = detail.get("kind")
        if kind == "not-callable":
            return tr(REASON_NOT_CALLABLE, found=detail.get("found", "value"), **common)
        if kind == "async":
            return tr(REASON_ASYNC, **common)
        if kind == "signature":
            found = ", ".join(detail.get("found", []))
            return tr(REASON_SIGNATURE, found=found, **common)
        suggestion = detail.get("suggestion")
        if suggestion:
            extra = tr(
                " Did you mean `{suggestion}`? The name must match exactly.", suggestion=suggestion
            )
        elif not detail.get("defined"):
            extra = tr(" The file defines no functions at all.")
        else:
            extra = ""
        return tr(REASON_MISSING, suggest=extra, **common)
    if status == "import-error":
        exc = detail.get("exception") or {}
        return tr(
            REASON_IMPORT,
            type=exc["type"] if "type" in exc else tr("an error"),
            message=exc.get("message", ""),
            where=_where(exc.get("frames"), bracketed=True),
            **common,
        )
    if status == "timeout":
        made = sum(len(r.requests) for r in ctx.runs)
        calls = (
            trn(
                made,
                " By then it had called the model {n} time.",
                " By then it had called the model {n} times.",
            )
            if made
            else ""
        )
        if detail.get("cpu"):
            return tr(REASON_CPU, cpu=ctx.limits.cpu_s, **common)
        return tr(
            REASON_TIMEOUT,
            wall=_seconds(ctx.limits.wall_s),
            where=_where(detail.get("stuck_at")),
            calls=calls,
        )
    if status == "memory":
        exc = detail.get("exception") or {}
        return tr(REASON_MEMORY, mb=ctx.limits.memory_mb, where=_where(exc.get("frames")))
    if status == "output-flood":
        return tr(
            REASON_FLOOD,
            flood=ctx.limits.flood_kb,
            kept=ctx.limits.output_kb,
            where=_where(detail.get("stuck_at")),
        )
    if status == "crashed":
        how = detail.get("how")
        if how == "sys.exit":
            code = detail.get("code")
            shown = "" if code is None else repr(code)
            where = _where((detail.get("exception") or {}).get("frames"))
            return tr(REASON_SYS_EXIT, code=shown, where=where, **common)
        if how == "signal":
            name = detail["signal"] if "signal" in detail else tr("a signal")
            meaning = tr(SIGNAL_MEANINGS.get(name, SIGNAL_MEANINGS["other"]))
            return tr(REASON_SIGNAL, signal=name, meaning=meaning, **common)
        return tr(REASON_EARLY_EXIT, code=detail.get("code", exit_code), **common)
    return tr(REASON_INTERNAL)


def _exception_reason(ctx: _Context) -> str:
    for run in ctx.runs:
        exc = run.exception
        if exc is None:
            continue
        text = tr(
            REASON_EXCEPTION,
            run=run.index + 1,
            entry=ctx.entry,
            type=exc.type,
            message=_shorten(exc.message, 600),
            where=_where(exc.frames),
        )
        if exc.type == "BadRequestError":
            text += " " + tr(HINT_BAD_REQUEST)
        if run.index > 0 and all(r.exception is None for r in ctx.runs[: run.index]):
            text += " " + tr(HINT_LATER_RUN)
        return text
    return ""


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _seconds(value: float) -> str:
    return f"{value:g}"


# --------------------------------------------------------------------------------------
# What the learner reads (English templates, translated where they are used: `tr`)
# --------------------------------------------------------------------------------------

TRUNCATION_NOTE = N_("\n... output truncated after {kb} KB")
REASON_SYNTAX = N_(
    "Python could not read {file}: {message} (line {line}, column {col}). Nothing was run. "
    "Look at that spot and at the line before it: a missing bracket, colon or quote is the "
    "usual cause."
)
REASON_MISSING = N_(
    "{file} defines no function named `{entry}`, so there was nothing to call. Define it at "
    "the top level of the file (not inside another function or class) as "
    "`def {entry}({params}):`.{suggest}"
)
REASON_NOT_CALLABLE = N_(
    "`{entry}` in {file} is a {found}, not a function, so it could not be called. Define it "
    "as `def {entry}({params}):`."
)
REASON_ASYNC = N_(
    "`{entry}` is defined with `async def`, but this exercise calls it as a plain function "
    "with a client that is not async. Define it as `def {entry}({params}):`."
)
REASON_SIGNATURE = N_(
    "`{entry}` could not be called with the arguments this exercise passes by name "
    "({params}); yours takes ({found}). Keep the parameter names of the starter code: "
    "`def {entry}({params}):`."
)
REASON_IMPORT = N_(
    "{file} raised {type} while it was being loaded{where}, before `{entry}` was called: "
    "{message}. The top level of the file runs as soon as it is loaded: keep it to imports, "
    "constants and definitions, and do the work inside `{entry}`."
)
REASON_TIMEOUT = N_(
    "Your code was still running after {wall} seconds, so it was stopped{where}.{calls} "
    "Look for a loop that never ends: a loop around the model must stop when `stop_reason` "
    'is not "tool_use", and a `while` loop needs a condition that becomes false.'
)
REASON_CPU = N_(
    "Your code used more than {cpu} seconds of processor time, so it was stopped. Look for "
    "a loop that never ends, or work repeated far more often than needed."
)
REASON_MEMORY = N_(
    "Your code used more than {mb} MB of memory, so it was stopped{where}. Look for a list, "
    "string or dict that keeps growing, such as a loop that appends forever, or a huge "
    "repetition like `'x' * 10**10`."
)
REASON_FLOOD = N_(
    "Your code printed more than {flood} KB, so it was stopped{where}; the first {kept} KB "
    "are shown. Printing inside a loop that never ends is the usual cause: print less, or "
    "make the loop stop."
)
REASON_SYS_EXIT = N_(
    "Your code called `sys.exit({code})`{where}, which ends the whole program, so `{entry}` never "
    "returned a value to mark. Return from the function instead of exiting."
)
REASON_EARLY_EXIT = N_(
    "The Python process ended (exit code {code}) before `{entry}` returned, so there was "
    "nothing to mark. Something ended the process early, such as `os._exit()`: return from "
    "the function instead."
)
REASON_SIGNAL = N_(
    "The Python process was killed by {signal} ({meaning}) before `{entry}` returned, so "
    "there was nothing to mark. Return from the function instead of ending the process."
)
SIGNAL_MEANINGS = {
    "SIGKILL": N_(
        "killed outright: by the code itself with os.kill, or by the system when memory ran out"
    ),
    "SIGTERM": N_("asked to stop, by the code itself or from outside"),
    "SIGSEGV": N_("a crash inside Python or a C extension"),
    "SIGABRT": N_("Python aborted"),
    "SIGINT": N_("interrupted"),
    "other": N_("a signal that ends the process"),
}
REASON_INTERNAL = N_(
    "tooltutor could not run your code: this is a problem of tooltutor, not of your code. "
    "Try again; if it keeps happening, please report it."
)
REASON_EXCEPTION = N_("In run {run}, `{entry}` raised {type}{where}: {message}")
HINT_BAD_REQUEST = N_(
    "The real API would have refused this request with HTTP 400; the checks below list every "
    "problem found in your requests."
)
HINT_LATER_RUN = N_(
    "Run 1 went through; this run uses other ids and values, so look for an id or value "
    "written into your code instead of taken from the arguments or the model's reply, or "
    "for a case the task describes that your code does not handle yet."
)
