"""What the learner reads about a run that did not go through, and why.

The templates are English and translated where they are used (`tr`); the details they are
filled with come from the parent's own observations or from the child's `stop` message
(checked by `checker.sandbox.protocol` before it gets here).
"""

from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import Any

from checker.i18n import N_, tr, trn
from checker.sandbox.report import Limits, RunResult


def signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


@dataclass
class ReasonContext:
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


def status_from_exit(exit_code: int) -> tuple[str, dict[str, Any]]:
    """What ended a child that said nothing of its end."""
    if exit_code < 0:
        number = -exit_code
        if number == signal.SIGXCPU:
            return "timeout", {"cpu": True}
        if number == signal.SIGXFSZ:
            return "output-flood", {"file": True}
        return "crashed", {"how": "signal", "signal": signal_name(number)}
    if exit_code in (70, 71):
        return "internal-error", {}
    return "crashed", {"how": "exit", "code": exit_code}


def reason(status: str, detail: dict[str, Any], ctx: ReasonContext, exit_code: int) -> str:
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
            return tr(REASON_CPU, cpu=_seconds(ctx.limits.cpu_s), **common)
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
        if how == "protocol":
            return tr(REASON_PROTOCOL, problem=str(detail.get("problem", "")), **common)
        if how == "signal":
            name = detail["signal"] if "signal" in detail else tr("a signal")
            meaning = tr(SIGNAL_MEANINGS.get(name, SIGNAL_MEANINGS["other"]))
            return tr(REASON_SIGNAL, signal=name, meaning=meaning, **common)
        return tr(REASON_EARLY_EXIT, code=detail.get("code", exit_code), **common)
    return tr(REASON_INTERNAL)


def _exception_reason(ctx: ReasonContext) -> str:
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
    """`1.5 seconds`, in the learner's language (a fraction takes its own form: "1,5
    секунды")."""
    return trn(value, "{n} second", "{n} seconds")


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
    "Your code was still running after {wall}, so it was stopped{where}.{calls} "
    "Look for a loop that never ends: a loop around the model must stop when `stop_reason` "
    'is not "tool_use", and a `while` loop needs a condition that becomes false.'
)
REASON_CPU = N_(
    "Your code used more than {cpu} of processor time, so it was stopped. Look for "
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
REASON_PROTOCOL = N_(
    "The Python process running `{entry}` sent tooltutor a message it could not read "
    "({problem}), so the run was stopped and nothing was marked. Your code wrote to a file "
    "descriptor it did not open itself: print with `print()`, and write only to files you "
    "open."
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
    "The real API would refuse this request with HTTP 400 too: the request is at fault, not "
    "the error handling, so fix the request rather than catch the error. Every problem found "
    "in your requests is listed with the request that has it."
)
HINT_LATER_RUN = N_(
    "Run 1 went through; this run uses other ids and values, so look for an id or value "
    "written into your code instead of taken from the arguments or the model's reply, or "
    "for a case the task describes that your code does not handle yet."
)
