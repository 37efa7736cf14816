"""The diagnostics of a check as a list; Enter moves the editor's cursor to one."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tooltutor.tui.texts import rich_style
from tooltutor.workspace import where


class DiagnosticList(OptionList):
    """Each problem the checker found: where, what, and what to do. Enter jumps to it."""

    def __init__(self, *, unicode: bool = True, id: str | None = None) -> None:
        super().__init__(id=id)
        self.unicode = unicode
        self.diagnostics: list = []

    def show(self, diagnostics) -> None:
        """Replace the list with `diagnostics` (checker `Diagnostic`s)."""
        self.diagnostics = list(diagnostics)
        self.clear_options()
        self.add_options(
            [Option(self._prompt(d), id=str(i)) for i, d in enumerate(self.diagnostics)]
        )
        self.display = bool(self.diagnostics)
        if self.diagnostics:
            self.highlighted = 0

    def _prompt(self, d) -> Table:
        """Mark and place in one column, message and hint beside them (hanging indent)."""
        variables = self.app.theme_variables
        error, warning = ("✘", "⚠") if self.unicode else ("x", "!")
        mark = error if d.is_error else warning
        color = rich_style(variables, "text-error" if d.is_error else "text-warning", "bold")
        muted = rich_style(variables, "text-secondary", "dim")
        body = Text(end="")
        body.append(d.message)
        body.append(f"  [{d.rule}]", style=muted)
        if d.hint:
            body.append("\n")
            body.append(d.hint, style="italic")
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        grid.add_row(Text(f"{mark} {where(d)}", style=color, end=""), body)
        return grid
