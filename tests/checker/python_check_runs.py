"""What the tests of the bundled course's Python checks share: the checks, loaded once;
hand-made run records; `judge`, one check run on them.
"""

from __future__ import annotations

import importlib

from checker.python_checks import PythonContext
from checker.sandbox import LearnerException, RunReport, RunResult
from tooltutor.course import load_course
from tooltutor.marking import course_checks as load_course_checks

COURSE = load_course(None)
CHECKS = load_course_checks(COURSE)
NEW_CHECKS = sorted(name for name, spec in CHECKS.items() if "python" in spec.kinds)
course_checks = importlib.import_module(
    CHECKS["trim-budget"].function.__module__.rsplit(".", 1)[0] + "._runs"
)


def run_of(index: int = 0, **fields) -> RunResult:
    fields.setdefault("finished", True)
    return RunResult(index=index, **fields)


#: support code whose exception classes are the scenario's own (a failure to catch)
SERVICE = "class RateLimited(Exception):\n    pass\n"


def judge(name: str, records: list[RunResult], /, _support: str = SERVICE, **params):
    exercise = {"support": _support}
    ctx = PythonContext(RunReport(status="ok", reason="", runs=records), exercise)
    return CHECKS[name].function(ctx, params)


def boom(message: str = "it broke", kind: str = "RuntimeError") -> LearnerException:
    return LearnerException(type=kind, message=message, frames=[], text="")


# the runs of a tool loop


def tool_use(n: int, name: str = "poll") -> dict:
    return {"type": "tool_use", "id": f"toolu_01X{n}", "name": name, "input": {"n": n}}


def as_returned(message):
    """What a run reports when its entry returns the `Message` the parent issued."""
    return {"__sdk__": "Message", **message}


def loop_run(replies, requests, *, tool_results=None, call=None, script=None, index=0, **kw):
    return run_of(
        index,
        call=call or {},
        script=script if script is not None else replies,
        replies=[{"request": k, "message": m} for k, m in enumerate(replies)],
        requests=requests,
        tool_results=tool_results or {"poll": "still running"},
        **kw,
    )


def runaway(sent: int, cap: int | None = None, index: int = 0) -> RunResult:
    replies = [{"stop_reason": "tool_use", "content": [tool_use(n)]} for n in range(10)]
    call = {} if cap is None else {"max_steps": cap}
    return loop_run(
        replies[:sent],
        [{"tools": [1]}] * sent,
        call=call,
        script=replies,
        index=index,
        returned=as_returned(replies[sent - 1]) if sent else None,
    )
