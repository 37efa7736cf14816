"""A sequence diagram of a lesson, drawn with box characters (ASCII when they cannot be)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tooltutor.diagram import render_sequence
from tooltutor.tui.texts import inline, plain
from tooltutor.tui.widgets.lesson.sideways import SidewaysScroll


class DiagramScroll(SidewaysScroll):
    """The drawing; focus it and use left/right when it is wider than the screen."""


class DiagramBlock(Vertical):
    """Participants as columns, arrows and notes as rows, and the caption under them."""

    def __init__(self, sequence: dict, caption: str, *, unicode: bool, width: int) -> None:
        super().__init__(classes="diagram-block")
        self.sequence = sequence
        self.caption = caption
        self.unicode = unicode
        self.width = width

    @property
    def drawing(self) -> str:
        return render_sequence(self.sequence, width=self.width, unicode=self.unicode)

    def compose(self) -> ComposeResult:
        with DiagramScroll(classes="diagram-scroll"):
            yield Static(plain(self.drawing), classes="diagram")
        if self.caption:
            yield Static(inline(self.caption), classes="caption")
