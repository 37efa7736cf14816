"""The exercise's criteria as a checklist: ticked, crossed, or not checked yet."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Static

from tooltutor.tui.texts import inline, plain, t


class CriterionRow(Horizontal):
    """One criterion: its mark, and its label with the reason under it when it failed."""

    def __init__(self, mark: Content, text: Content, *, failed: bool = False) -> None:
        super().__init__(classes="criterion")
        self.mark = mark
        self.text = text
        #: a criterion the last check found not met
        self.failed = failed

    def compose(self) -> ComposeResult:
        yield Static(self.mark, classes="criterion-mark", markup=False)
        yield Static(self.text, classes="criterion-text", markup=False)


class Checklist(Vertical):
    """One row per criterion; before any check, the criteria with a neutral mark.

    Rows come as `workspace.ShownCriterion`s: what the learner may see now (a criterion
    that names a mistake to find shows its neutral label, see `workspace.spoiler_free`).
    """

    def __init__(
        self,
        criteria: list,
        *,
        expand=lambda text: text,
        unicode: bool = True,
        id: str | None = None,
    ):
        super().__init__(id=id)
        self.criteria = criteria
        self.expand = expand
        self.unicode = unicode

    def compose(self) -> ComposeResult:
        yield Static(plain(t("What is checked"), "bold"), classes="checklist-title")
        yield from self._rows(self.criteria)

    def _rows(self, criteria) -> list[CriterionRow]:
        ok, ko, dot = ("✔", "✘", "•") if self.unicode else ("+", "x", "-")
        rows = []
        for criterion in criteria:
            label = inline(self.expand(criterion.label))
            if criterion.secret:
                label = label.stylize_before("italic")
            if criterion.passed is None:
                rows.append(CriterionRow(plain(dot, "$text-muted"), label))
            elif criterion.passed:
                rows.append(CriterionRow(plain(ok, "bold $text-success"), label))
            else:
                text = label
                if criterion.message:
                    message = inline(criterion.message, "$text-muted", code_only=True)
                    text = label + plain("\n") + message
                rows.append(CriterionRow(plain(ko, "bold $text-error"), text, failed=True))
        return rows

    def first_failure(self) -> CriterionRow | None:
        """The row of the first criterion not met, if any."""
        return next((row for row in self.query(CriterionRow) if row.failed), None)

    async def show(self, criteria) -> None:
        """Show `criteria` (after a check, or when a hint reveals one)."""
        self.criteria = criteria
        checked = any(c.passed is not None for c in criteria)
        title = t("Criteria") if checked else t("What is checked")
        rows = [Static(plain(title, "bold"), classes="checklist-title"), *self._rows(criteria)]
        async with self.batch():
            await self.remove_children()
            await self.mount_all(rows)
