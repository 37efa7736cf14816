"""Choose one of the task's code blocks to copy into the editor."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tooltutor.i18n import N_
from tooltutor.tui.texts import adapt_bindings, plain, t, tn
from tooltutor.workspace import CodeBlock


class CodePicker(ModalScreen[int | None]):
    """The task's code blocks, one line each; Enter copies the highlighted one."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("escape,q", "close", "Cancel", tooltip=N_("Cancel."))]

    def __init__(self, blocks: list[CodeBlock]) -> None:
        super().__init__()
        adapt_bindings(self)
        self.blocks = blocks

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog picker-dialog"):
            yield Static(
                plain(t("Copy a code block of the task into the editor"), "bold"),
                classes="dialog-title",
            )
            options = []
            for number, block in enumerate(self.blocks, 1):
                size = tn(block.lines, "{n} line", "{n} lines")
                options.append(
                    Option(
                        plain(f"{number}. ", "bold")
                        + plain(block.preview)
                        + plain(f"  ({block.lang or 'text'}, {size})", "$text-muted"),
                        id=str(number - 1),
                    )
                )
            yield OptionList(*options, id="code-blocks")
            yield Static(
                plain(t("Enter copies it where the cursor is; Escape cancels.")), classes="muted"
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option_index)

    def action_close(self) -> None:
        """Cancel."""
        self.dismiss(None)
