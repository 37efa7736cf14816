"""A verdict as plain text: the criteria as a checklist, then compiler-style diagnostics;
and the diagnostics that say the same thing at several places told once (`alike_once`),
for every place a verdict is shown (`check`, `watch`, the TUI)."""

from __future__ import annotations

import sys

from tooltutor.i18n import tn


def marks(stream=None) -> tuple[str, str]:
    """(passed, failed) marks the output stream can encode."""
    encoding = (getattr(stream or sys.stdout, "encoding", None) or "ascii").lower()
    return ("✔", "✘") if "utf" in encoding else ("[x]", "[ ]")


def result_line(verdict) -> str:
    """PASS or FAIL, with how many of the exercise's criteria are met."""
    met = sum(c.passed for c in verdict.criteria)
    total = len(verdict.criteria)
    if verdict.passed:
        return tn(total, "PASS: the one criterion is met.", "PASS: all {n} criteria met.")
    return tn(
        total, "FAIL: {met} of {n} criterion met.", "FAIL: {met} of {n} criteria met.", met=met
    )


def alike_once(diagnostics) -> list:
    """`diagnostics` with each group that says the same thing (rule, severity, message,
    hint) at several lines told once, at its first place, its message ending with where
    else: an untouched starter with ten empty entries reads as one problem, not ten."""
    groups: dict[tuple, list] = {}
    for d in diagnostics:
        key = (d.rule, d.severity, d.message, d.hint) if d.line is not None else (id(d),)
        groups.setdefault(key, []).append(d)
    out = []
    for same in groups.values():
        first = same[0]
        if len(same) > 1:
            lines = ", ".join(str(d.line) for d in same[1:])
            first = first._replace(
                message=first.message
                + tn(
                    len(same) - 1,
                    " (the same at {n} more place: line {lines})",
                    " (the same at {n} more places: lines {lines})",
                    lines=lines,
                )
            )
        out.append(first)
    return out


def filled(text: str, width: int, indent: str) -> list[str]:
    """`text`'s words in lines of at most `width` characters (a longer word alone on its
    line, never broken), each line starting with `indent`: `textwrap.fill` without its
    ~1 ms of compiled patterns at import (on `check`'s path), breaking at spaces only."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(indent) + len(line) + 1 + len(word) > width:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, indent + line] if line else lines


def format_verdict(exercise, verdict, text: str, filename: str, *, stream=None) -> str:
    """The checklist and diagnostics of `verdict` for `text` read from `filename`."""
    # on first use, not at import: checker.report, checker.diagnostics, ... (21 modules)
    from checker.report import format_human

    ok, ko = marks(stream)
    lines = [f"{exercise.id}: {exercise.title}", ""]
    for criterion in verdict.criteria:
        lines.append(f"  {ok if criterion.passed else ko} {criterion.label}")
        if not criterion.passed and criterion.message:
            lines.append("\n".join(filled(criterion.message, 88, "      ")))
    lines += ["", result_line(verdict)]
    if verdict.diagnostics:
        lines += ["", format_human(alike_once(verdict.diagnostics), text, filename).rstrip()]
    return "\n".join(lines) + "\n"
