"""Terminal-safe output: text from course files and answers is shown, never obeyed.

A course file may hold `"\\e[2J"` in a title (YAML's double-quoted escapes make any
character), an answer file may hold raw escape bytes, and either may hold lone
surrogates. Printed as they are, control characters would clear the screen, retitle the
window or ring the bell, a bidi override (U+202E) would show text in another order than
it has, and a surrogate would stop the output with an encoding error. Which characters
are not shown as they are is one policy, the engine's (`checker.terminal_text`).

`printable(text)` writes each such character as its JSON escape (`\\u001b`): in plain
text it reads literally, and inside the JSON that `--json` prints it is the same
character, so the JSON keeps its meaning. Tabs and newlines are kept. `safe_stdio()`
puts this filter on `sys.stdout` and `sys.stderr` for the length of a command; output
that is styled on purpose (Rich on a terminal) writes to `unfiltered(stream)` and passes
the course text through `printable` itself.

Text already laid out in cells (the TUI draws each line after its layout is done) cannot
grow: `without_controls(text)` drops the same control characters instead, which take no
cell on screen. Printable characters are never escaped, in either form.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

# the engine's policy; `import checker` alone loads none of the linter (its `__init__`
# imports each public name on first use)
from checker import terminal_text as _terminal_text

TYPE_CHECKING = False  # not `typing`'s: no `typing` at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any, TextIO


#: `text` with every character a terminal would obey, or that hides or reorders text (a
#: bidi override), written as `\uXXXX`; tabs and newlines kept
printable = _terminal_text.printable
#: whether `text` holds such a character
has_controls = _terminal_text.has_controls
#: `text` without them, for text already laid out on screen
without_controls = _terminal_text.without_controls


def printable_data(value: Any) -> Any:
    """A copy of `value` (strings, lists, dicts, records) with every string printable.

    Records are named tuples (the checker's result types), `checker.records` records (the
    course model) and dataclasses.
    """
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [printable_data(item) for item in value]
    if isinstance(value, dict):
        return {key: printable_data(item) for key, item in value.items()}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return value._replace(**{f: printable_data(getattr(value, f)) for f in value._fields})
    if hasattr(type(value), "__record_fields__") and not isinstance(value, type):
        from checker.records import fields, replace  # loaded already: `value` is a record

        return replace(
            value, **{f.name: printable_data(getattr(value, f.name)) for f in fields(value)}
        )
    if hasattr(type(value), "__dataclass_fields__") and not isinstance(value, type):
        import dataclasses  # loaded already: `value` is a dataclass

        changes = {
            f.name: printable_data(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.init
        }
        return dataclasses.replace(value, **changes)
    return value


class SafeStream:
    """A text stream that writes `printable(text)` to the stream it wraps."""

    def __init__(self, stream: TextIO) -> None:
        self.unfiltered = stream

    def write(self, text: str) -> int:
        self.unfiltered.write(printable(text))
        return len(text)

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.unfiltered, name)


def unfiltered(stream: Any) -> Any:
    """The stream under a `SafeStream` (for output that styles the terminal on purpose)."""
    return getattr(stream, "unfiltered", stream)


@contextlib.contextmanager
def safe_stdio() -> Iterator[None]:
    """Filter `sys.stdout` and `sys.stderr` through `printable` until the block ends."""
    saved = sys.stdout, sys.stderr
    if sys.stdout is not None:
        sys.stdout = SafeStream(sys.stdout)  # type: ignore[assignment]
    if sys.stderr is not None:
        sys.stderr = SafeStream(sys.stderr)  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
