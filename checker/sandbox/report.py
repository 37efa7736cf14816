"""What one `run_python` found out: its limits, and the report of every run.

Everything here is plain data the parent builds from what it observed; `to_dict()` /
`from_dict()` make a report JSON and back.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

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
    #: MB the run may write in all (the size of its in-memory work folder, when contained)
    disk_mb: int = 64


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
    #: the return value as JSON: an SDK object as its dict plus {"__sdk__": its class}
    #: (which reply it is, the parent decides: `python_checks.returned_reply`); what JSON
    #: cannot hold as {"__repr__": "..."}
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
