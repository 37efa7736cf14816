""" "Try it now": an exercise offered on the lesson page that teaches its concept.

A lesson's `try` block names one of its exercises; the page shows the line that leads to
it and a button that opens it (Enter, a click, or x anywhere on the page). The exercise
stays listed at the end of the lesson.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button

from tooltutor.tui.texts import plain, status_mark, t
from tooltutor.tui.widgets.prose import Prose


class TryItButton(Button):
    """Opens the exercise it names (Enter or a click)."""

    def __init__(self, exercise_id: str) -> None:
        super().__init__("", classes="try-it-button", compact=True)
        self.exercise_id = exercise_id


class TryIt(Vertical):
    """The line that leads to an exercise, and the button that opens it."""

    def __init__(self, exercise_id: str, lead: str = "") -> None:
        super().__init__(classes="try-it")
        self.exercise_id = exercise_id
        self.lead = lead

    def compose(self) -> ComposeResult:
        if self.lead:
            yield Prose(self.lead, classes="try-it-lead")
        yield TryItButton(self.exercise_id)

    def on_mount(self) -> None:
        self.refresh_status()

    def refresh_status(self) -> None:
        """Draw the button again: the exercise's title and its status now."""
        app = self.app
        button = self.query_one(TryItButton)
        exercise = app.course.exercise(self.exercise_id)
        arrow = "▶" if app.unicode else ">"
        if exercise is None:
            button.label = plain(
                t("{id}: not available (its file is missing or broken)", id=self.exercise_id)
            )
            button.disabled = True
            return
        status = app.journey.status(exercise.id)
        lead = t("Try it now (x):")
        button.label = (
            plain(f"{arrow} {lead} ", "bold")
            + plain(app.course.expand(exercise.title))
            + plain(" ")
            + status_mark(status, app.unicode)
        )
