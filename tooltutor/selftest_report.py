"""Why an answer of the self-test was marked as it was, in the exercise file's own places.

`validate` marks each answer an exercise holds (its solution, right and wrong answers)
as `check` would mark a learner's. When one is not marked as declared, the author needs
what `check` would print for it: the failing criteria with their messages, and each
diagnostic at its place. The answer sits inside the YAML file, so a diagnostic at line 3
of the answer is shown at the file's line and column (`answer_places`); `--verbose`
shows every criterion, hints and the code's output too.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path

from tooltutor.course.model import display_path

#: criteria and diagnostics shown for one answer, compactly
MAX_SHOWN = 6
#: characters of one message shown compactly
MAX_MESSAGE = 300

Place = Callable[[int, int], "tuple[int, int] | None"]


def answer_places(exercise, pointer: str) -> Place:
    """A function from (line, column) in the answer at `pointer` to (line, column) in the
    exercise file: exact for a literal block (`|`) and for a one-line scalar without
    escapes; None where the text moved (a folded block, escapes)."""
    start = exercise.position(pointer)
    try:
        lines = Path(exercise.path).read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError, TypeError):
        return lambda line, column: None
    if not 1 <= start.line <= len(lines):
        return lambda line, column: None
    head = lines[start.line - 1][start.column - 1 :]
    block = re.match(r"\|([1-9])?[+-]?([1-9])?\s*(#.*)?$", head)
    if block:
        explicit = block.group(1) or block.group(2)
        body = lines[start.line :]
        first = next((text for text in body if text.strip()), "")
        parent = len(lines[start.line - 1]) - len(lines[start.line - 1].lstrip(" "))
        indent = parent + int(explicit) if explicit else len(first) - len(first.lstrip(" "))

        def in_block(line: int, column: int) -> tuple[int, int] | None:
            return start.line + line, indent + column

        return in_block
    quoted = head[:1] in ("'", '"')
    if head[:1] in ("|", ">") or "\\" in head or (quoted and head.count(head[0]) < 2):
        return lambda line, column: None

    def on_line(line: int, column: int) -> tuple[int, int] | None:
        return (start.line, start.column + column - 1 + quoted) if line == 1 else None

    return on_line


def why_lines(exercise, pointer: str, answer: str, verdict, *, verbose: bool = False) -> list[str]:
    """What `check` would print for `answer` (the value at `pointer`), placed in the file."""
    # on first use, not at import: tooltutor.verdict_text (1 module)
    from tooltutor.verdict_text import marks, result_line

    ok, ko = marks()
    place = answer_places(exercise, pointer)
    where = display_path(exercise.path)
    out: list[str] = []
    shown = [c for c in verdict.criteria if verbose or not c.passed]
    for criterion in shown[: None if verbose else MAX_SHOWN]:
        out.append(f"{ok if criterion.passed else ko} {criterion.label} [{criterion.id}]")
        message = criterion.message
        if criterion.fault is not None:  # one line: the place an editor can jump to
            out.append("    " + criterion.fault.headline() + " (a bug of the check)")
        elif message and not criterion.passed:
            out += _wrapped(message if verbose else _short(message), "    ")
    if len(shown) > MAX_SHOWN and not verbose:
        out.append(f"... and {len(shown) - MAX_SHOWN} more (--verbose shows them)")
    diagnostics = list(verdict.diagnostics)
    for d in diagnostics[: None if verbose else MAX_SHOWN]:
        out.append(_diagnostic(d, where, place, verbose))
        if verbose and d.hint:
            out += _wrapped("hint: " + d.hint, "    ")
    if len(diagnostics) > MAX_SHOWN and not verbose:
        out.append(f"... and {len(diagnostics) - MAX_SHOWN} more problems (--verbose)")
    if verbose:
        if verdict.output:
            out.append("the code printed:")
            out += ["    " + line for line in verdict.output.rstrip("\n").split("\n")[:40]]
        out.append(result_line(verdict))
    return out


def _diagnostic(d, where: str, place: Place, verbose: bool) -> str:
    message = d.message if verbose else _short(d.message)
    at = place(d.line, d.column or 1) if d.line is not None else None
    if at is not None:
        return f"{where}:{at[0]}:{at[1]}: {d.severity} {d.rule}: {message}"
    if d.line is not None:
        return f"line {d.line} of the answer: {d.severity} {d.rule}: {message}"
    return f"{d.severity} {d.rule}: {message}"


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


def _wrapped(text: str, indent: str) -> list[str]:
    return textwrap.wrap(
        text, 92, initial_indent=indent, subsequent_indent=indent, break_long_words=False
    ) or [indent]


def fault_lines(fault) -> list[str]:
    """The traceback of a check's bug, from the check's call on."""
    lines = [line for line in fault.traceback.rstrip("\n").split("\n") if line]
    return lines[-40:]
