"""Course Markdown shown fast: one Rich `Markdown` renderable in one widget.

Textual's Markdown widget builds a widget per paragraph and list item, which costs tens
of milliseconds per page; Rich's renderer draws the same text (lists with hanging
indents, inline code, emphasis, fenced code) as a single widget, so turning a page stays
quick. Markdown is not Rich markup: `[bold]` in a lesson shows as typed.
"""

from __future__ import annotations

from rich.markdown import Markdown as RichMarkdown
from textual.widgets import Static


class Prose(Static):
    """A block of course Markdown."""

    def __init__(self, text: str = "", *, classes: str | None = None, id: str | None = None):
        super().__init__(classes=classes, id=id, markup=False)
        self.text = text
        self.update_text(text)

    def update_text(self, text: str) -> None:
        """Show other Markdown."""
        # on first use, not at import: tooltutor.pages, tooltutor.course, ... (6 modules)
        from tooltutor.pages import units_together

        self.text = text
        self.update(RichMarkdown(units_together(text), code_theme=CODE_THEME, hyperlinks=True))


#: Pygments theme of fenced code inside prose (its own background, dark or light alike).
CODE_THEME = "monokai"
