"""The diagnostics of a check as a list; Enter moves the editor's cursor to one."""

from __future__ import annotations

from textual import events
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tooltutor.tui.texts import hanging, inline, plain, t
from tooltutor.workspace import where


class DiagnosticList(OptionList):
    """Each problem the checker found: where, what, and what to do. Enter jumps to it."""

    def __init__(self, *, unicode: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.unicode = unicode
        self.diagnostics: list = []
        self._width = 0
        self.border_title = t("Problems: Enter on one puts the cursor there")

    def show(self, diagnostics) -> None:
        """Replace the list with `diagnostics` (checker `Diagnostic`s), each group that
        says the same thing at several lines shown once (`verdict_text.alike_once`)."""
        # on first use, not at import: tooltutor.verdict_text (1 module)
        from tooltutor.verdict_text import alike_once

        self.diagnostics = alike_once(diagnostics)
        self.display = bool(self.diagnostics)
        self._fill()
        if self.diagnostics:
            self.highlighted = 0

    def _text_width(self) -> int:
        """The width the prompts wrap to (the list may not be laid out yet)."""
        width = self.scrollable_content_region.width
        if width < 20 and self.parent is not None:
            width = self.parent.scrollable_content_region.width - 4
        return max(width, 30)

    def _fill(self) -> None:
        highlighted = self.highlighted
        self._width = self._text_width()
        self.clear_options()
        self.add_options(
            [Option(self._prompt(d), id=str(i)) for i, d in enumerate(self.diagnostics)]
        )
        if highlighted is not None and highlighted < len(self.diagnostics):
            self.highlighted = highlighted

    def on_resize(self, event: events.Resize) -> None:
        if self.diagnostics and self._text_width() != self._width:
            self._fill()

    def _prompt(self, d):
        """Mark and place, then the message and the hint indented under them."""
        error, warning = ("✘", "⚠") if self.unicode else ("x", "!")
        mark = error if d.is_error else warning
        style = "bold $text-error" if d.is_error else "bold $text-warning"
        head = plain(f"{mark} {where(d)} ", style)
        body = inline(d.message, code_only=True) + plain(f"  [{d.rule}]", "$text-muted")
        if d.hint:
            body += plain("\n") + inline(d.hint, "italic", code_only=True)
        return hanging(head, body, self._width - 1)
