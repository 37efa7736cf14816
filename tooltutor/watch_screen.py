"""How `tooltutor watch` draws: the screen (Rich on a terminal, plain text when piped),
text fitted to its width, and the compact list of diagnostics."""

from __future__ import annotations

import os
import re
import textwrap

#: Clear the screen and put the cursor home (the scrollback is kept, to scroll back to).
CLEAR = "\x1b[H\x1b[2J"


class Screen:
    """Where `watch` writes: a terminal (screen cleared for each check, Rich, colour unless
    `NO_COLOR`) or plain text that scrolls (a pipe, a file, `TERM=dumb`).

    Course and answer text is made printable before it is shown; on a terminal it is
    given to Rich as `Text` or `Markdown`, never read as markup.
    """

    def __init__(self, out) -> None:
        # on first use, not at import: tooltutor.safe_output, ... (10 modules)
        from tooltutor.safe_output import unfiltered

        self.out = out
        self.raw = unfiltered(out)
        isatty = getattr(self.raw, "isatty", None)
        self.terminal = bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"
        self.console = None
        if self.terminal:
            # on first use, not at import: rich, ast, bisect, collections, ... (76 modules)
            from rich.console import Console

            self.console = Console(
                file=self.raw,
                no_color=bool(os.environ.get("NO_COLOR")),
                highlight=False,
                emoji=False,
            )

    @property
    def width(self) -> int:
        if self.console is not None:
            return max(20, self.console.width)
        # on first use, not at import: tooltutor.lesson_text, tooltutor.course, ... (34 modules)
        from tooltutor.lesson_text import terminal_width

        return terminal_width()

    @property
    def height(self) -> int | None:
        """The terminal's rows (None when the output scrolls: a pipe, a file)."""
        if self.console is None:
            return None
        return max(10, self.console.height)

    def clear(self) -> None:
        if self.terminal:
            self.raw.write(CLEAR)
            self.raw.flush()

    def line(self, text: str = "", style: str | None = None) -> None:
        """Text wrapped to the width (each line of it)."""
        # on first use, not at import: tooltutor.safe_output, ... (10 modules)
        from tooltutor.safe_output import printable

        if self.console is None:
            print(text, file=self.out, flush=True)
            return
        # on first use, not at import: rich, bisect, collections, colorsys, ... (45 modules)
        from rich.text import Text

        self.console.print(Text(printable(text), style=style or ""))

    def verbatim(self, text: str, style: str | None = None) -> None:
        """Text already laid out (diagnostics with their caret lines): never re-wrapped."""
        # on first use, not at import: tooltutor.safe_output, ... (10 modules)
        from tooltutor.safe_output import printable

        if self.console is None:
            print(text, file=self.out, flush=True)
            return
        # on first use, not at import: rich, bisect, collections, colorsys, ... (45 modules)
        from rich.text import Text

        self.console.print(Text(printable(text), style=style or ""), soft_wrap=True)

    def markdown(self, text: str) -> None:
        """Course Markdown: drawn by Rich on a terminal, wrapped plain text otherwise."""
        # on first use, not at import: tooltutor.lesson_text, ... (38 modules)
        from tooltutor.lesson_text import footnotes_as_text, plain_markdown
        from tooltutor.safe_output import printable

        text = footnotes_as_text(text)
        if self.console is None:
            print(plain_markdown(text, self.width), file=self.out, flush=True)
            return
        # on first use, not at import: rich, linkify_it, markdown_it, mdurl, ... (189 modules)
        from rich.markdown import Markdown

        self.console.print(Markdown(printable(text)))

    def rule(self, title: str) -> None:
        if self.console is None:
            print(f"--- {title} ---", file=self.out, flush=True)
            return
        # on first use, not at import: rich, ast, bisect, collections, ... (77 modules)
        from rich.rule import Rule
        from rich.text import Text

        # on first use, not at import: tooltutor.safe_output, ... (10 modules)
        from tooltutor.safe_output import printable

        self.console.print(Rule(Text(printable(title)), align="left", style="dim"))


_GUTTER = re.compile(r"^\s*\d*\s\|")
_CARET = re.compile(r"^[\s|]*\^$")


def fit(text: str, width: int) -> str:
    """Diagnostics and checklists wrapped to `width`: a long line is wrapped under its own
    indent; a source excerpt (`  21 | ...`) is cut at the width when its caret line below
    points inside it, so that it never wraps."""
    lines = text.split("\n")
    out = []
    for index, line in enumerate(lines):
        if len(line) <= width:
            out.append(line)
        elif _GUTTER.match(line):
            following = lines[index + 1] if index + 1 < len(lines) else ""
            caret = len(following.expandtabs()) if _CARET.match(following) else width + 1
            out.append(line[: width - 3] + "..." if caret < width - 3 else line)
        else:
            indent = line[: len(line) - len(line.lstrip())]
            out.append(
                textwrap.fill(
                    line.strip(),
                    width,
                    initial_indent=indent,
                    subsequent_indent=indent + "    ",
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
    return "\n".join(out)


def _unrepeated(diagnostic):
    """`diagnostic` without its hint's copy of the message's detail (a run's exception is
    both the message and the start of the hint): the same text is shown once."""
    head, _, detail = diagnostic.message.partition(": ")
    if len(detail) < 40 or detail not in (diagnostic.hint or ""):
        return diagnostic
    hint = diagnostic.hint.replace(": " + detail, ".", 1).replace(detail, "", 1)
    return diagnostic._replace(hint=re.sub(r"\.\s*\.", ".", hint).strip())


def compact_diagnostics(verdict) -> tuple[object | None, list]:
    """(the first criterion not met, the diagnostics shown with it): those of that
    criterion, else the first one at a line of the learner's file."""
    failing = next((c for c in verdict.criteria if not c.passed), None)
    if failing is None:
        return None, []
    own = [d for d in verdict.diagnostics if failing.id and d.rule == failing.id]
    if not own:
        own = [d for d in verdict.diagnostics if d.line is not None][:1]
    if not own and len(verdict.diagnostics) == 1:
        own = list(verdict.diagnostics)
    return failing, [_unrepeated(d) for d in own[:2]]
