"""The course map: every lesson with its exercises and their status, and "Continue"."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Static, Tree

from tooltutor.exercise_status import NEW
from tooltutor.i18n import N_
from tooltutor.journey import legend
from tooltutor.tui.keys import palette_in_footer
from tooltutor.tui.texts import adapt_bindings, plain, t
from tooltutor.tui.widgets.map.lesson_details import LessonDetails
from tooltutor.tui.widgets.map.lesson_tree import (
    BROKEN_LESSON,
    EXERCISE,
    LESSON,
    MISSING,
    LessonTree,
    MapItem,
)


class CourseMapScreen(Screen[None]):
    """The lessons of the course, each exercise's status, and the way on."""

    BINDINGS = [
        Binding(
            "c",
            "continue",
            "Continue",
            tooltip=N_("Resume where you were last: that lesson page or exercise."),
        ),
    ]

    def __init__(self) -> None:
        super().__init__()
        adapt_bindings(self)

    def compose(self) -> ComposeResult:
        app = self.app
        yield Header(icon="")
        yield Button(Content(t("Continue")), id="continue", compact=True)
        yield Static(id="course-progress", markup=False)
        with Horizontal(id="map-body"):
            yield LessonTree(app.course, unicode=app.unicode, id="lesson-tree")
            yield LessonDetails(app.course, unicode=app.unicode, id="lesson-details")
        yield Static(plain(legend(app.unicode)), id="legend")
        yield Footer(show_command_palette=palette_in_footer())

    def on_mount(self) -> None:
        self.sub_title = self.app.course.title
        self._lesson_progress = self.app.journey_progress()
        tree = self.query_one(LessonTree)
        tree.populate(self._lesson_progress, self.app.theme_variables)
        self._update_continue()
        tree.focus()
        if tree.root.children:
            tree.move_cursor(tree.root.children[0])

    def on_screen_resume(self) -> None:
        self.refresh_progress()

    def refresh_progress(self) -> None:
        """Read the progress again and redraw the marks (after a check, an answer...)."""
        self._lesson_progress = self.app.journey_progress()
        self.query_one(LessonTree).refresh_marks(self._lesson_progress, self.app.theme_variables)
        self._update_continue()
        node = self.query_one(LessonTree).cursor_node
        if node is not None and node.data is not None:
            self._describe(node.data)

    def _update_continue(self) -> None:
        self._continue_step = self.app.journey.resume_step()
        label = "▶ " if self.app.unicode else "> "
        button = self.query_one("#continue", Button)
        button.label = plain(
            label + t("Continue: {step}", step=self._continue_step.describe(self.app.course))
        )
        button.refresh(layout=True)  # its width follows the label (Textual keeps the old one)
        done, total = self.app.journey.course_progress(self._lesson_progress)
        self.query_one("#course-progress", Static).update(
            progress_bar(done, total, unicode=self.app.unicode)
        )

    def action_continue(self) -> None:
        """Resume where the learner was last (the first unfinished step if nowhere)."""
        self.app.open_step(self._continue_step)

    @on(Button.Pressed, "#continue")
    def _continue_pressed(self) -> None:
        self.action_continue()

    @on(Tree.NodeSelected, "#lesson-tree")
    def _open_node(self, event: Tree.NodeSelected[MapItem]) -> None:
        item = event.node.data
        if item is None:
            return
        if item.kind == LESSON:
            self.app.open_lesson(item.lesson_id)
        elif item.kind == EXERCISE and item.exercise_id:
            self.app.open_exercise(item.exercise_id)
        elif item.kind in (MISSING, BROKEN_LESSON):
            what = item.exercise_id or item.lesson_id
            self.notify(
                t(
                    "{what} cannot be opened: its file is missing or broken "
                    "(run 'tooltutor validate' to see why).",
                    what=what,
                ),
                severity="warning",
                markup=False,
            )

    @on(Tree.NodeHighlighted, "#lesson-tree")
    def _highlighted(self, event: Tree.NodeHighlighted[MapItem]) -> None:
        if event.node.data is not None:
            self._describe(event.node.data)

    def _describe(self, item: MapItem) -> None:
        details = self.query_one(LessonDetails)
        if item.kind == BROKEN_LESSON:
            details.show_missing(item.lesson_id, "lesson")
            return
        progress = self._lesson_progress[item.lesson_id]
        if item.kind == LESSON:
            details.show_lesson(item.lesson_id, progress)
        elif item.kind == EXERCISE and item.exercise_id:
            details.show_exercise(item.exercise_id, progress.statuses.get(item.exercise_id, NEW))
        elif item.exercise_id:
            details.show_missing(item.exercise_id, "exercise")


#: Cells of the course's progress bar.
BAR_WIDTH = 24


def progress_bar(done: int, total: int, *, unicode: bool = True, width: int = BAR_WIDTH) -> Content:
    """`Course ████████░░░░ 12 of 48 done (25%)`: checks answered and exercises passed."""
    share = done / total if total else 0.0
    filled = round(share * width)
    full, empty = ("█", "░") if unicode else ("#", "-")
    return (
        plain(t("Course") + " ", "bold")
        + plain(full * filled, "$text-success")
        + plain(empty * (width - filled), "$text-muted")
        + plain(
            " "
            + t(
                "{done} of {total} done ({percent}%)",
                done=done,
                total=total,
                percent=round(share * 100),
            ),
            "$text-muted",
        )
    )
