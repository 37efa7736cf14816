"""The exercise's hints, revealed one at a time."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tooltutor.tui.texts import inline, plain
from tooltutor.workspace import hints_heading


class HintsPanel(Static):
    """The hints revealed so far, numbered, under a line saying how many are left."""

    def __init__(self, hints: list[str], *, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.hints = hints
        self.revealed = 0

    def show(self, revealed: int) -> None:
        self.revealed = min(revealed, len(self.hints))
        lines = [plain(hints_heading(self.revealed, len(self.hints)), "bold")]
        for number, hint in enumerate(self.hints[: self.revealed], 1):
            lines.append(plain(f"{number}. ", "bold $text-accent") + inline(hint))
        self.update(Content("\n").join(lines))
