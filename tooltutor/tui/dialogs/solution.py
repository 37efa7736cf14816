"""The reference solution of an exercise, highlighted, in a dialog."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import ScrollableContainer, Vertical
from textual.highlight import highlight
from textual.screen import ModalScreen
from textual.widgets import Static

from tooltutor.i18n import N_
from tooltutor.kinds import kind_named
from tooltutor.tui.texts import adapt_bindings, plain, t


class SolutionCode(ScrollableContainer):
    """The solution's text; arrows scroll it both ways."""


class SolutionDialog(ModalScreen[None]):
    """The solution, read-only. Compare it with your answer; Escape closes."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("escape,q,s", "close", "Close", tooltip=N_("Close the solution."))]

    def __init__(self, title: str, text: str, kind: str) -> None:
        super().__init__()
        adapt_bindings(self)
        self.title_text = title
        self.text = text
        self.kind = kind

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog solution-dialog"):
            yield Static(
                plain(t("Solution: {title}", title=self.title_text), "bold"),
                classes="dialog-title",
            )
            with SolutionCode(classes="solution-code"):
                language = kind_named(self.kind).language or "text"
                yield Static(highlight(self.text, language=language))
            yield Static(plain(t("Escape closes.")), classes="muted")

    def on_mount(self) -> None:
        self.query_one(SolutionCode).focus()

    def action_close(self) -> None:
        """Close the solution."""
        self.dismiss()
