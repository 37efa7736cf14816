"""A verdict as plain text: the criteria as a checklist, then compiler-style diagnostics;
and the diagnostics that say the same thing at several places told once (`alike_once`),
for every place a verdict is shown (`check`, `watch`, the TUI)."""

from __future__ import annotations

import sys
import textwrap

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


def format_verdict(exercise, verdict, text: str, filename: str, *, stream=None) -> str:
    """The checklist and diagnostics of `verdict` for `text` read from `filename`."""
    # on first use, not at import: checker.report, checker.diagnostics, ... (21 modules)
    from checker.report import format_human

    ok, ko = marks(stream)
    lines = [f"{exercise.id}: {exercise.title}", ""]
    for criterion in verdict.criteria:
        lines.append(f"  {ok if criterion.passed else ko} {criterion.label}")
        if not criterion.passed and criterion.message:
            lines.append(
                textwrap.fill(
                    criterion.message,
                    88,
                    initial_indent="      ",
                    subsequent_indent="      ",
                    break_long_words=False,
                )
            )
    lines += ["", result_line(verdict)]
    if verdict.diagnostics:
        lines += ["", format_human(alike_once(verdict.diagnostics), text, filename).rstrip()]
    return "\n".join(lines) + "\n"
