"""The answer editor: a code editor with JSON or Python highlighting."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import TextArea

from tooltutor.tui.texts import translate_bindings

#: TextArea language of each exercise kind.
LANGUAGES = {"json": "json", "python": "python"}


class AnswerEditor(TextArea):
    """The learner's answer. Tab indents; Escape leaves the editor (then Tab returns)."""

    BINDINGS = [
        Binding("escape", "leave", "Leave editor", tooltip="Leave the editor (Tab comes back)."),
    ]

    def __init__(self, text: str, kind: str, *, cursor_blink: bool = True, id: str | None = None):
        super().__init__(
            text,
            language=LANGUAGES.get(kind),
            tab_behavior="indent",
            soft_wrap=False,
            show_line_numbers=True,
            id=id,
        )
        translate_bindings(self)
        self.cursor_blink = cursor_blink
        self.indent_width = 2 if kind == "json" else 4

    def action_leave(self) -> None:
        """Leave the editor: focus moves to the Check button."""
        self.screen.focus_next()
