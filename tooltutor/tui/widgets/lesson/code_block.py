"""A code block of a lesson: highlighted, and scrollable sideways when it is wide."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.highlight import highlight
from textual.widgets import Static

from tooltutor.tui.texts import inline
from tooltutor.tui.widgets.lesson.sideways import SidewaysScroll


class CodeScroll(SidewaysScroll):
    """The code itself; focus it and use left/right to read long lines."""


class CodeBlock(Vertical):
    """A caption, and the code under it with syntax highlighting."""

    def __init__(self, code: str, lang: str, caption: str = "") -> None:
        super().__init__(classes="code-block")
        self.code = code
        self.lang = lang
        self.caption = caption

    def compose(self) -> ComposeResult:
        if self.caption:
            yield Static(inline(self.caption), classes="caption")
        with CodeScroll(classes="code-scroll"):
            yield Static(highlight(self.code, language=self.lang or "text"), classes="code")
