"""The answer editor: a code editor with JSON or Python highlighting."""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import TextArea

from tooltutor.i18n import N_
from tooltutor.kinds import kind_named
from tooltutor.tui.texts import adapt_bindings
from tooltutor.workspace import indented_for, new_line_indent


class AnswerEditor(TextArea):
    """The learner's answer. Tab indents, Enter keeps the indentation of the line;
    Escape leaves the editor (then Tab returns)."""

    ALLOW_MAXIMIZE = True

    BINDINGS = [
        Binding(
            "escape", "leave", "Leave editor", tooltip=N_("Leave the editor (Tab comes back).")
        ),
    ]

    def __init__(self, text: str, kind: str, *, cursor_blink: bool = True, id: str | None = None):
        super().__init__(
            text,
            language=kind_named(kind).language,
            tab_behavior="indent",
            soft_wrap=False,
            show_line_numbers=True,
            id=id,
        )
        adapt_bindings(self)
        self.kind = kind
        self.cursor_blink = cursor_blink
        self.indent_width = kind_named(kind).indent

    def action_leave(self) -> None:
        """Leave the editor: focus moves to the Check button (or, when the editor fills
        the screen, the workspace comes back)."""
        if self.screen.maximized is not None:
            self.screen.minimize()
            return
        self.screen.focus_next()

    async def _on_key(self, event: events.Key) -> None:
        """Escape and Enter are handled here; every other key goes on to TextArea's own
        handler (Textual calls each class's `_on_key` in turn unless one prevents it)."""
        if event.key == "escape":  # TextArea would move the focus itself
            event.stop()
            event.prevent_default()
            self.action_leave()
            return
        if event.key == "enter" and not self.read_only:
            event.stop()
            event.prevent_default()
            start, end = self.selection
            row, column = min(start, end)
            before = self.document.get_line(row)[:column]
            indent = new_line_indent(before, self.kind, self.indent_width)
            self._replace_via_keyboard("\n" + indent, start, end)

    def scroll_cursor_visible(self, center: bool = False, animate: bool = False):
        """Bring the cursor into view; and when it stands where the text fits without
        scrolling sideways, scroll all the way back left, so that the start of every
        line (its brackets) shows again after a visit to a long line."""
        offset = super().scroll_cursor_visible(center=center, animate=animate)
        if self._has_cursor and self.scroll_x:
            x, _ = self._cursor_offset
            room = self.scrollable_content_region.width - self.gutter_width
            if x + 3 <= room:
                self.scroll_to(x=0, animate=False, immediate=True)
        return offset

    def insert_block(self, text: str) -> None:
        """Put `text` (a code block of the task) where the cursor is, replacing any
        selection, indented like the cursor's line."""
        start, end = self.selection
        row, column = min(start, end)
        before = self.document.get_line(row)[:column]
        self.replace(indented_for(text, before), start, end, maintain_selection_offset=False)
        self.scroll_cursor_visible()
