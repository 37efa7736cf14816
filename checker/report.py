"""Compiler-style plain-text output of diagnostics (no Rich, no ANSI).

    request.json:12:24: error a-tool-result-orphan: `tool_use_id` "get_weather" is ...
      hint: Set `"tool_use_id": "toolu_01A"`.
       12 |         "tool_use_id": "get_weather",
          |                        ^

    1 error

The caret line copies the tabs of the source line, so the caret sits under the column in
any terminal; wide (East Asian) characters count two cells. Long lines (minified JSON) are
clipped to a window around the column. Control characters from the input are shown as `?`
so that the output can never drive the terminal. The words (`hint`, `error`, the summary)
are in the checker's language (`checker.i18n`); rule ids are the same in every language.
"""

from __future__ import annotations

from collections.abc import Iterable

from checker.diagnostics import Diagnostic, LintResult
from checker.i18n import N_, tr, trn
from checker.terminal_text import masked

#: Severity words in the location line (the rule id after them is never translated).
_SEVERITY = {"error": N_("error"), "warning": N_("warning"), "note": N_("note")}
#: Longest source excerpt shown, in characters.
MAX_EXCERPT = 100
_CONTEXT_BEFORE = 50


def format_human(
    result_or_diagnostics: LintResult | Iterable[Diagnostic],
    text: str | None,
    filename: str = "<input>",
) -> str:
    """Every diagnostic as a block (location, message, hint, source line, caret), then a
    summary line such as `2 errors, 1 warning` or `valid: no problems found`."""
    if isinstance(result_or_diagnostics, LintResult):
        diagnostics = list(result_or_diagnostics.diagnostics)
        fmt: str | None = result_or_diagnostics.format
    else:
        diagnostics = list(result_or_diagnostics)
        fmt = None
    lines = text.split("\n") if text else []
    width = len(str(max((d.line or 0 for d in diagnostics), default=0)))
    blocks = [_block(d, lines, filename, width) for d in diagnostics]
    blocks.append(_summary(diagnostics, fmt))
    return "\n\n".join(blocks) + "\n"


def _block(d: Diagnostic, lines: list[str], filename: str, width: int) -> str:
    if d.line is None:
        where = filename
    elif d.column is None:
        where = f"{filename}:{d.line}"
    else:
        where = f"{filename}:{d.line}:{d.column}"
    severity = tr(_SEVERITY.get(d.severity, d.severity))
    out = [f"{where}: {severity} {d.rule}: {masked(d.message)}"]
    if d.hint:
        out.append(tr("  hint: {hint}", hint=masked(d.hint)))
    if d.line is not None and 1 <= d.line <= len(lines):
        source = lines[d.line - 1].rstrip("\r")
        excerpt, caret = _excerpt(source, max(1, d.column or 1))
        gutter = f"  {d.line:>{width}} | "
        out.append(gutter + excerpt)
        out.append(" " * (len(gutter) - 2) + "| " + caret)
    return "\n".join(out)


def _excerpt(source: str, column: int) -> tuple[str, str]:
    """(the visible part of `source`, the caret line pointing at `column`)."""
    index = column - 1
    start, end = 0, len(source)
    if len(source) > MAX_EXCERPT:
        start = max(0, min(index - _CONTEXT_BEFORE, len(source) - MAX_EXCERPT))
        end = start + MAX_EXCERPT
    shown = masked(source[start:end], keep_tabs=True)
    prefix = "..." if start > 0 else ""
    suffix = "..." if end < len(source) else ""
    pad = "".join(_pad(ch) for ch in shown[: max(0, index - start)])
    return prefix + shown + suffix, " " * len(prefix) + pad + "^"


def _pad(ch: str) -> str:
    """Blank cells as wide as `ch` is on screen; a tab stays a tab."""
    if ch == "\t":
        return "\t"
    if ch.isascii():
        return " "
    # on first use, not at import: unicodedata (an extension module), for text past ASCII
    import unicodedata

    if unicodedata.combining(ch):
        return ""
    return "  " if unicodedata.east_asian_width(ch) in ("W", "F") else " "


def _summary(diagnostics: list[Diagnostic], fmt: str | None) -> str:
    errors = sum(1 for d in diagnostics if d.severity == "error")
    notes = sum(1 for d in diagnostics if d.severity == "note")
    warnings = len(diagnostics) - errors - notes
    parts = []
    if errors:
        parts.append(trn(errors, "{n} error", "{n} errors"))
    if warnings:
        parts.append(trn(warnings, "{n} warning", "{n} warnings"))
    if notes:
        parts.append(trn(notes, "{n} note", "{n} notes"))
    if errors:
        line = ", ".join(parts)
    elif warnings or notes:
        line = tr("valid: {problems}", problems=", ".join(parts))
    else:
        line = tr("valid: no problems found")
    if fmt in _FORMAT_NAMES:
        line += f" ({_FORMAT_NAMES[fmt]})"
    return line


#: The formats as people call them (API names: not translated).
_FORMAT_NAMES = {
    "anthropic": "Anthropic Messages",
    "openai": "OpenAI Chat Completions",
    "responses": "OpenAI Responses",
}
