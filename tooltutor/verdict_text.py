"""A verdict as plain text: the criteria as a checklist, then compiler-style diagnostics."""

from __future__ import annotations

import sys
import textwrap


def marks(stream=None) -> tuple[str, str]:
    """(passed, failed) marks the output stream can encode."""
    encoding = (getattr(stream or sys.stdout, "encoding", None) or "ascii").lower()
    return ("✔", "✘") if "utf" in encoding else ("[x]", "[ ]")


def result_line(verdict) -> str:
    """PASS or FAIL, with how many of the exercise's criteria are met."""
    from tooltutor.i18n import tn

    met = sum(c.passed for c in verdict.criteria)
    total = len(verdict.criteria)
    if verdict.passed:
        return tn(total, "PASS: the one criterion is met.", "PASS: all {n} criteria met.")
    return tn(
        total, "FAIL: {met} of {n} criterion met.", "FAIL: {met} of {n} criteria met.", met=met
    )


def format_verdict(exercise, verdict, text: str, filename: str, *, stream=None) -> str:
    """The checklist and diagnostics of `verdict` for `text` read from `filename`."""
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
        lines += ["", format_human(verdict.diagnostics, text, filename).rstrip()]
    return "\n".join(lines) + "\n"
