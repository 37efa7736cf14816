"""A yes/no question in a modal dialog; the specific dialogs say what is asked."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from tooltutor.i18n import N_
from tooltutor.tui.texts import adapt_bindings, plain, t


class ConfirmDialog(ModalScreen[bool]):
    """Ask a question; dismissed with True (yes) or False (no, Escape)."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", show=False),
        Binding("n,escape", "answer(False)", "No", tooltip=N_("Cancel.")),
        Binding("left,right", "switch", "Switch button", show=False),
    ]

    #: the dialog's title, question, and the words on its two buttons (in English, marked
    #: with `N_`: they are translated when shown)
    TITLE_TEXT = N_("Are you sure?")
    QUESTION = ""
    YES = N_("Yes")
    NO = N_("Cancel")

    def __init__(self, question: str | None = None) -> None:
        super().__init__()
        adapt_bindings(self)
        self.question = question or t(self.QUESTION)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(plain(t(self.TITLE_TEXT), "bold"), classes="dialog-title")
            yield Static(plain(self.question), classes="dialog-question")
            with Horizontal(classes="dialog-buttons"):
                yield Button(plain(f"{t(self.YES)} (y)"), id="yes", variant="warning")
                yield Button(plain(f"{t(self.NO)} (n)"), id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def action_answer(self, yes: bool) -> None:
        """Close the dialog with the answer."""
        self.dismiss(yes)

    def action_switch(self) -> None:
        """Move between the two buttons."""
        self.focus_next(Button)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")
