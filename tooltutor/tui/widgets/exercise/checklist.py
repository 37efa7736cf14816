"""The exercise's criteria as a checklist: ticked, crossed, or not checked yet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from tooltutor.tui.texts import inline, plain, t


class CriterionRow(Horizontal):
    """One criterion: its mark, and its label with the reason under it when it failed."""

    def __init__(self, mark: Content, text: Content) -> None:
        super().__init__(classes="criterion")
        self.mark = mark
        self.text = text

    def compose(self) -> ComposeResult:
        yield Static(self.mark, classes="criterion-mark", markup=False)
        yield Static(self.text, classes="criterion-text", markup=False)


class Checklist(Vertical):
    """One row per criterion; before any check, the criteria with a neutral mark."""

    def __init__(self, labels: list[str], *, unicode: bool = True, id: str | None = None):
        super().__init__(id=id)
        self.labels = labels
        self.unicode = unicode

    def compose(self) -> ComposeResult:
        yield Static(plain(t("What is checked"), "bold"), classes="checklist-title")
        dot = plain("•" if self.unicode else "-", "$text-muted")
        for label in self.labels:
            yield CriterionRow(dot, inline(label))

    async def show(self, criteria, expand) -> None:
        """The criteria of a verdict; `expand` fills `{{model}}` in course text."""
        ok, ko = ("✔", "✘") if self.unicode else ("+", "x")
        rows = [Static(plain(t("Criteria"), "bold"), classes="checklist-title")]
        for criterion in criteria:
            label = inline(expand(criterion.label))
            if criterion.passed:
                rows.append(CriterionRow(plain(ok, "bold $text-success"), label))
            else:
                text = label
                if criterion.message:
                    text = label + plain("\n") + inline(criterion.message, "$text-muted")
                rows.append(CriterionRow(plain(ko, "bold $text-error"), text))
        async with self.batch():
            await self.remove_children()
            await self.mount_all(rows)
