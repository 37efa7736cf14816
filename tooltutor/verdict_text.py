"""A verdict as plain text: the criteria as a checklist, then compiler-style diagnostics."""

from __future__ import annotations

import sys
import textwrap


def marks(stream=None) -> tuple[str, str]:
    """(passed, failed) marks the output stream can encode."""
    encoding = (getattr(stream or sys.stdout, "encoding", None) or "ascii").lower()
    return ("✔", "✘") if "utf" in encoding else ("[x]", "[ ]")


def format_verdict(exercise, verdict, text: str, filename: str, *, stream=None) -> str:
    """The checklist and diagnostics of `verdict` for `text` read from `filename`."""
    from checker.report import format_human
    from tooltutor.i18n import t

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
    met = sum(c.passed for c in verdict.criteria)
    total = len(verdict.criteria)
    lines.append("")
    if verdict.passed:
        lines.append(t("PASS: all {total} criteria met.", total=total))
    else:
        lines.append(t("FAIL: {met} of {total} criteria met.", met=met, total=total))
    if verdict.diagnostics:
        lines += ["", format_human(verdict.diagnostics, text, filename).rstrip()]
    return "\n".join(lines) + "\n"
