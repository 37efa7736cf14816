"""The course map's tree: lessons, each with its exercises and their status.

In a translated course, a lesson or exercise shown partly in the source language carries
a small tag (`EN`)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from tooltutor.course import Course
from tooltutor.exercise_status import NEW, PASSED
from tooltutor.i18n import N_
from tooltutor.journey import LessonProgress, missing_exercises
from tooltutor.lesson_text import untranslated_tag
from tooltutor.tui.texts import adapt_bindings, status_text, t

LESSON, EXERCISE, MISSING, BROKEN_LESSON = "lesson", "exercise", "missing", "broken-lesson"


@dataclass(frozen=True)
class MapItem:
    """What a node of the map stands for."""

    kind: str
    lesson_id: str
    exercise_id: str | None = None


class LessonTree(Tree[MapItem]):
    """Lessons and their exercises; Enter opens the highlighted one, Space folds a lesson."""

    BINDINGS = [
        Binding("space", "toggle_node", "Fold", show=False, tooltip=N_("Fold or unfold a lesson.")),
    ]

    def __init__(self, course: Course, *, unicode: bool = True, id: str | None = None) -> None:
        super().__init__(t("Lessons"), id=id)
        adapt_bindings(self)
        self.course = course
        self.unicode = unicode
        self.show_root = False
        self.auto_expand = False
        self.guide_depth = 3
        self._map_nodes: dict[tuple[str, str | None], TreeNode[MapItem]] = {}
        #: each lesson row's progress summary, which goes first when the row is too long
        self._summaries: dict[int, str] = {}

    def populate(self, progress: dict[str, LessonProgress], variables: dict[str, str]) -> None:
        """Build the tree once; `refresh_marks` updates it afterwards."""
        self.clear()
        self._map_nodes.clear()
        for lesson_id in self.course.lesson_order:
            lesson = self.course.lesson(lesson_id)
            if lesson is None:  # its file is broken: say so rather than hide it
                label = Text(f"  ? {lesson_id}", style="dim", end="")
                label.append("  " + t("(not available: its file is broken)"))
                self.root.add_leaf(label, data=MapItem(BROKEN_LESSON, lesson_id))
                continue
            node = self.root.add(
                self._lesson_label(lesson.id, progress[lesson.id], variables),
                data=MapItem(LESSON, lesson.id),
                expand=True,
            )
            self._set_lesson_label(
                node,
                self._lesson_label(lesson.id, progress[lesson.id], variables),
                progress[lesson.id],
            )
            self._map_nodes[(lesson.id, None)] = node
            for exercise in lesson.exercise_items:
                status = progress[lesson.id].statuses.get(exercise.id, NEW)
                leaf = node.add_leaf(
                    self._exercise_label(exercise.id, status, variables),
                    data=MapItem(EXERCISE, lesson.id, exercise.id),
                )
                self._map_nodes[(lesson.id, exercise.id)] = leaf
            for missing in missing_exercises(self.course, lesson):
                label = Text(f"? {missing}", style="dim", end="")
                label.append("  " + t("(not available: its file is missing or broken)"))
                node.add_leaf(label, data=MapItem(MISSING, lesson.id, missing))

    def refresh_marks(self, progress: dict[str, LessonProgress], variables: dict[str, str]) -> None:
        """Update every label from fresh progress."""
        for (lesson_id, exercise_id), node in self._map_nodes.items():
            lesson_progress = progress[lesson_id]
            if exercise_id is None:
                label = self._lesson_label(lesson_id, lesson_progress, variables)
                self._set_lesson_label(node, label, lesson_progress)
            else:
                status = lesson_progress.statuses.get(exercise_id, NEW)
                node.set_label(self._exercise_label(exercise_id, status, variables))

    def render_label(self, node: TreeNode[MapItem], base_style, style) -> Text:
        """The label cut to the tree's width with an ellipsis (…), never chopped; the
        title comes first: a lesson's progress (which the panel beside or under the tree
        shows in full) is left out when the row is too long, and only a title longer
        than the row is cut."""
        text = super().render_label(node, base_style, style)
        room = self.scrollable_content_region.width - self._indent(node)
        if room <= 0 or text.cell_len <= room:
            return text
        summary = self._summaries.get(node.id, "")
        at = text.plain.rfind(f"  {summary}") if summary else -1
        if at > 0:
            text = text[:at]
            if text.cell_len <= room:
                return text
        if self.unicode:
            text.truncate(room, overflow="ellipsis")
            return text
        return text[: max(0, room - 3)] + Text("...")

    def _indent(self, node: TreeNode[MapItem]) -> int:
        """Cells the guides take before `node`'s label."""
        depth = 0
        parent = node.parent
        while parent is not None and parent is not self.root:
            depth += 1
            parent = parent.parent
        return depth * self.guide_depth if depth else 0

    def get_label_width(self, node: TreeNode[MapItem]) -> int:
        """Labels are cut to the width (see `render_label`): no sideways scrolling."""
        return min(super().get_label_width(node), max(1, self.scrollable_content_region.width))

    def on_resize(self) -> None:
        self._invalidate()

    def _lesson_label(self, lesson_id: str, progress: LessonProgress, variables) -> Text:
        lesson = self.course.lesson(lesson_id)
        assert lesson is not None
        mark = status_text(PASSED, variables, self.unicode) if progress.finished else Text(" ")
        label = Text(end="")
        label.append(mark)
        label.append(f" {lesson.number}. ", style="bold")
        label.append(lesson.title, style="bold")
        self._tag(label, lesson)
        summary = progress.summary()
        if summary:
            label.append(f"  {summary}", style="dim")
        return label

    def _set_lesson_label(self, node: TreeNode[MapItem], label: Text, progress) -> None:
        self._summaries[node.id] = progress.summary()
        node.set_label(label)

    def _exercise_label(self, exercise_id: str, status: str, variables) -> Text:
        exercise = self.course.exercise(exercise_id)
        assert exercise is not None
        label = Text(end="")
        label.append(status_text(status, variables, self.unicode))
        label.append(" ")
        label.append(exercise.title)
        self._tag(label, exercise)
        return label

    def _tag(self, label: Text, item) -> None:
        """`EN` after the title of an item not (fully) translated."""
        tag = untranslated_tag(self.course, item)
        if tag:
            label.append(" ")
            label.append(tag.strip("[]"), style="reverse")

    def node_for(self, lesson_id: str, exercise_id: str | None = None) -> TreeNode[MapItem] | None:
        return self._map_nodes.get((lesson_id, exercise_id))
