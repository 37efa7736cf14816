"""The tooltutor Textual app: the course map and, from there, lessons and exercises."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Static, Tree

from tooltutor.course import Course

STATUS_MARKS = {"passed": "✔", "attempted": "•", "new": " "}


class CourseMap(Tree):
    """The lessons of the course, each with its exercises and their status."""


class TutorApp(App):
    """Read lessons and solve exercises, marked offline."""

    CSS_PATH = "app.tcss"
    TITLE = "tooltutor"
    BINDINGS = [Binding("q", "quit", "Quit")]

    def __init__(self, course: Course, statuses: dict[str, str] | None = None):
        super().__init__()
        self.course = course
        self.statuses = statuses or {}

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self.course.title, id="course-title", markup=False)
        tree: CourseMap = CourseMap("Lessons", id="course-map")
        tree.show_root = False
        for lesson in self.course.lessons:
            node = tree.root.add(Text(f"{lesson.number}. {lesson.title}"), expand=True)
            for ex in lesson.exercise_items:
                mark = STATUS_MARKS.get(self.statuses.get(ex.id, "new"), " ")
                node.add_leaf(Text(f"[{mark}] {ex.title}"))
        yield tree
        yield Footer()
